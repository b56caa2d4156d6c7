// Internal to the pixel masks (mask_build.cpp, mask_overlap.cpp, mask_overlap_x86.cpp): the
// x86 switch, the CPU features they dispatch on, four-lane helpers and the row layout.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hitbox/mask.h"

// x86 builds pick AVX2 / AVX-512 code at run time (with a portable fallback);
// -DHITBOX_MASK_PORTABLE builds only the portable code (e.g. to test it on any machine).
#if (defined(__x86_64__) || defined(__i386__)) && !defined(HITBOX_MASK_PORTABLE)
#include <immintrin.h>
#define HITBOX_X86 1
#else
#define HITBOX_X86 0
#endif

namespace hitbox::mask_detail {

// Internal linkage, as when these lived in one .cpp file: each algorithm file gets its own
// copy, and the inliner treats them as local functions.
namespace {

using f4 = float __attribute__((vector_size(16)));
using i4 = int __attribute__((vector_size(16)));

inline f4 splat(float v) {
  return f4{v, v, v, v};
}

// floor() of four floats as ints (exact for |v| < 2^31): truncate, then step down where
// truncation went up (negative non-integers).
inline i4 floor_i4(f4 v) {
  const i4 t = __builtin_convertvector(v, i4);
  const f4 back = __builtin_convertvector(t, f4);
  return t + (back > v);  // a true lane compares as -1
}

constexpr int kMaxWordsOnStack = 64;  // masks up to 4096 cells wide count without the heap

// Row layout: [pad][words ...][pad]; `row(m, r)` points at the first real word, so
// row[-1] and row[words] are readable zeros.
inline const std::uint64_t* row_ptr(const Mask& m, int r) {
  return m.bits.data() + static_cast<size_t>(r) * static_cast<size_t>(m.stride) + 1;
}

#if HITBOX_X86
// The instruction sets the kernels use, asked of the CPU once.
inline bool have_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
inline bool have_popcnt() {
  static const bool yes = __builtin_cpu_supports("popcnt");
  return yes;
}
inline bool have_avx512() {
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512vpopcntdq") &&
                          __builtin_cpu_supports("avx512vbmi2") && have_avx2();
  return yes;
}
#endif

}  // namespace

}  // namespace hitbox::mask_detail
