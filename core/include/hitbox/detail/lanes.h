// Four float lanes for the core's small SIMD kernels, written once for GCC and Clang.
// Not part of the API.
//
// Both compilers take GNU vector types (`vector_size`) with +, -, *, comparisons and ?:
// lane by lane. The one thing they spell differently is a shuffle: Clang has only
// __builtin_shufflevector, GCC had only __builtin_shuffle before GCC 12. shuffle<...>() hides
// that. Indices 0-3 pick lanes of the first vector, 4-7 lanes of the second.
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

using f4 = float __attribute__((vector_size(16)));  // four lanes (SSE on x86, NEON on ARM)
using i4 = int __attribute__((vector_size(16)));

#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)
#define HITBOX_SHUFFLE2(a, b, i0, i1, i2, i3) __builtin_shufflevector(a, b, i0, i1, i2, i3)
#else
#define HITBOX_SHUFFLE2(a, b, i0, i1, i2, i3) __builtin_shuffle(a, b, i4{i0, i1, i2, i3})
#endif

// Lanes {I0, I1, I2, I3} of a (0-3) and b (4-7).
template <int I0, int I1, int I2, int I3>
inline f4 shuffle(f4 a, f4 b) {
  return HITBOX_SHUFFLE2(a, b, I0, I1, I2, I3);
}

// Lanes {I0, I1, I2, I3} of a.
template <int I0, int I1, int I2, int I3>
inline f4 shuffle(f4 a) {
  static_assert(I0 < 4 && I1 < 4 && I2 < 4 && I3 < 4, "one-vector shuffle takes lanes 0-3");
  return HITBOX_SHUFFLE2(a, a, I0, I1, I2, I3);
}

#undef HITBOX_SHUFFLE2

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
