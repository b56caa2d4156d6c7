// Four float lanes for the core's small SIMD kernels, written once for GCC and Clang.
// Not part of the API.
//
// Both compilers take GNU vector types (`vector_size`) with +, -, *, comparisons and ?:
// lane by lane. The one thing they spell differently is a shuffle: shuffle<...>() uses
// __builtin_shufflevector where the compiler has it (Clang, GCC 12+). Indices 0-3 pick lanes
// of the first vector, 4-7 lanes of the second.
//
// HITBOX_LANES is 1 where these types exist (GCC and Clang); other compilers take the scalar
// paths that every kernel here keeps beside its lane version.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define HITBOX_LANES 1
#else
#define HITBOX_LANES 0
#endif

#if HITBOX_LANES

#include <cstring>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace hitbox::detail {

// -DHITBOX_NO_SHUFFLEVECTOR takes the lane-by-lane shuffle, to check it on any compiler.
#if defined(__has_builtin) && !defined(HITBOX_NO_SHUFFLEVECTOR)
#if __has_builtin(__builtin_shufflevector)
#define HITBOX_HAVE_SHUFFLEVECTOR 1
#endif
#endif
#ifndef HITBOX_HAVE_SHUFFLEVECTOR
#define HITBOX_HAVE_SHUFFLEVECTOR 0
#endif

using f4 = float __attribute__((vector_size(16)));  // four lanes (SSE on x86, NEON on ARM)
using i4 = int __attribute__((vector_size(16)));

// Lanes {I0, I1, I2, I3} of a (0-3) and b (4-7). GCC 12+ and Clang have
// __builtin_shufflevector; elsewhere the lanes are picked one by one, which compilers still
// turn into shuffles.
template <int I0, int I1, int I2, int I3>
inline f4 shuffle(f4 a, f4 b) {
#if HITBOX_HAVE_SHUFFLEVECTOR
  return __builtin_shufflevector(a, b, I0, I1, I2, I3);
#else
  const auto lane = [&](int i) { return i < 4 ? a[i] : b[i - 4]; };
  return f4{lane(I0), lane(I1), lane(I2), lane(I3)};
#endif
}

// Lanes {I0, I1, I2, I3} of a.
template <int I0, int I1, int I2, int I3>
inline f4 shuffle(f4 a) {
  static_assert(I0 < 4 && I1 < 4 && I2 < 4 && I3 < 4, "one-vector shuffle takes lanes 0-3");
  return shuffle<I0, I1, I2, I3>(a, a);
}

inline f4 splat4(float v) {
  return f4{v, v, v, v};
}

// Clear the sign bits.
inline f4 abs4(f4 v) {
  i4 bits;
  std::memcpy(&bits, &v, sizeof v);
  bits &= i4{0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff};
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// The square root of one float (correctly rounded, as std::sqrt), without the errno check
// std::sqrt carries where -fno-math-errno is not given (code inlined into other targets).
inline float sqrt1(float v) {
#if defined(__SSE__)
  return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(v)));
#else
  return __builtin_sqrtf(v);
#endif
}

// The square root of every lane (correctly rounded, as std::sqrt on each).
inline f4 sqrt4(f4 v) {
#if defined(__SSE__)
  return reinterpret_cast<f4>(_mm_sqrt_ps(reinterpret_cast<__m128>(v)));
#else
  return f4{__builtin_sqrtf(v[0]), __builtin_sqrtf(v[1]), __builtin_sqrtf(v[2]),
            __builtin_sqrtf(v[3])};
#endif
}

// The sign bits of four lane masks (-1 or 0 each) as a 4-bit mask (one instruction on SSE).
inline unsigned lane_mask(i4 m) {
#if defined(__SSE__)
  return static_cast<unsigned>(_mm_movemask_ps(reinterpret_cast<__m128>(m)));
#else
  return static_cast<unsigned>((m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8));
#endif
}

}  // namespace hitbox::detail

#endif  // HITBOX_LANES
