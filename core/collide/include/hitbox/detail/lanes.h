// Four float lanes for the core's small SIMD kernels, written once. Not part of the API.
//
// f4 and i4 have two builds, as Box2D v3's b2FloatW has SSE2, NEON and scalar ones:
// - GNU vector types (`vector_size`), which GCC and Clang both take: +, -, *, /, comparisons
//   lane by lane, one SIMD instruction each (SSE on x86, NEON on ARM);
// - with HITBOX_SCALAR_LANES=1 (set by hand, and taken by compilers without vector types),
//   structs of four floats or ints with the same operators, one lane after another.
// Every kernel is written once against the operators both builds share: no vector ?:, whose
// vector condition cannot be overloaded, but select(mask, a, b); no casts to SSE types.
// Comparisons give i4 masks, -1 (true) or 0 per lane, in both builds. tests/CMakeLists.txt
// builds the collision library a second time in the scalar build and runs its tests on it.
//
// A shuffle is spelled differently by the two compilers: shuffle<...>() uses
// __builtin_shufflevector where the compiler has it (Clang, GCC 12+). Indices 0-3 pick lanes
// of the first vector, 4-7 lanes of the second.
#pragma once

#include <cmath>
#include <cstring>

#ifndef HITBOX_SCALAR_LANES
#if defined(__GNUC__) || defined(__clang__)
#define HITBOX_SCALAR_LANES 0
#else
#define HITBOX_SCALAR_LANES 1
#endif
#endif

// HITBOX_LANES: 1 where f4 and i4 are GNU vector types; read only in this file, which picks
// the build of each helper. Every kernel is the same source in both builds.
#if HITBOX_SCALAR_LANES
#define HITBOX_LANES 0
#else
#define HITBOX_LANES 1
#endif

// The kernels' small helpers: each serves a traced and an untraced twin, and with twice the
// callers GCC's size heuristics leave some out of line in the untraced one, which then pays a
// call and spills its lanes per query.
#if defined(__GNUC__) || defined(__clang__)
#define HITBOX_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define HITBOX_ALWAYS_INLINE inline
#endif

#if HITBOX_LANES && defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace hitbox::detail {

#if HITBOX_LANES

// -DHITBOX_NO_SHUFFLEVECTOR takes the lane-by-lane shuffle, to check it on any compiler.
#if defined(__has_builtin) && !defined(HITBOX_NO_SHUFFLEVECTOR)
#if __has_builtin(__builtin_shufflevector)
#define HITBOX_HAVE_SHUFFLEVECTOR 1
#endif
#endif

using f4 = float __attribute__((vector_size(16)));  // four lanes (SSE on x86, NEON on ARM)
using i4 = int __attribute__((vector_size(16)));

// Lane by lane m ? a : b (m's lanes -1 or 0), for masks and values of any vector type.
template <class M, class V>
inline V select(M m, V a, V b) {
  return m ? a : b;
}

// Lane by lane a > b ? a : b and a < b ? a : b, written so that GCC folds them into max and
// min instructions (pmaxsd, pminsd), which it does not for a select of a comparison.
template <class V>
inline V vmax(V a, V b) {
  return a > b ? a : b;
}
template <class V>
inline V vmin(V a, V b) {
  return a < b ? a : b;
}

#else  // the scalar build

// Four lanes in a struct: trivially copyable, 16 bytes, brace-initialised as the vector
// types are (f4{} is zero). Each operator below works lane by lane; a scalar operand stands
// for four copies of itself, as with vector types.
struct f4 {
  float v[4];
  float& operator[](int k) { return v[k]; }
  float operator[](int k) const { return v[k]; }
};
struct i4 {
  int v[4];
  int& operator[](int k) { return v[k]; }
  int operator[](int k) const { return v[k]; }
};
static_assert(sizeof(f4) == 16 && sizeof(i4) == 16, "four lanes, no padding");

// Binary operator `op` of T (and of T with one scalar S), giving R.
#define HITBOX_LANE_OP(T, S, R, op, lane)        \
  inline R operator op(const T& a, const T& b) { \
    R r;                                         \
    for (int k = 0; k < 4; ++k) r.v[k] = lane;   \
    return r;                                    \
  }                                              \
  inline R operator op(const T& a, S s) {        \
    return a op T{s, s, s, s};                   \
  }                                              \
  inline R operator op(S s, const T& b) {        \
    return T{s, s, s, s} op b;                   \
  }
#define HITBOX_LANE_ARITH(T, S, op) HITBOX_LANE_OP(T, S, T, op, a.v[k] op b.v[k])
#define HITBOX_LANE_CMP(T, S, op) HITBOX_LANE_OP(T, S, i4, op, -static_cast<int>(a.v[k] op b.v[k]))
#define HITBOX_LANE_ASSIGN(T, S, op)           \
  inline T& operator op##=(T& a, const T& b) { \
    return a = a op b;                         \
  }                                            \
  inline T& operator op##=(T& a, S s) {        \
    return a = a op s;                         \
  }

HITBOX_LANE_ARITH(f4, float, +)
HITBOX_LANE_ARITH(f4, float, -)
HITBOX_LANE_ARITH(f4, float, *)
HITBOX_LANE_ARITH(f4, float, /)
HITBOX_LANE_ARITH(i4, int, +)
HITBOX_LANE_ARITH(i4, int, -)
HITBOX_LANE_ARITH(i4, int, &)
HITBOX_LANE_ARITH(i4, int, |)
HITBOX_LANE_ARITH(i4, int, ^)
HITBOX_LANE_CMP(f4, float, <)
HITBOX_LANE_CMP(f4, float, <=)
HITBOX_LANE_CMP(f4, float, >)
HITBOX_LANE_CMP(f4, float, >=)
HITBOX_LANE_CMP(f4, float, ==)
HITBOX_LANE_CMP(f4, float, !=)
HITBOX_LANE_CMP(i4, int, <)
HITBOX_LANE_CMP(i4, int, <=)
HITBOX_LANE_CMP(i4, int, >)
HITBOX_LANE_CMP(i4, int, >=)
HITBOX_LANE_CMP(i4, int, ==)
HITBOX_LANE_CMP(i4, int, !=)
HITBOX_LANE_ASSIGN(f4, float, +)
HITBOX_LANE_ASSIGN(f4, float, -)
HITBOX_LANE_ASSIGN(f4, float, *)
HITBOX_LANE_ASSIGN(f4, float, /)
HITBOX_LANE_ASSIGN(i4, int, +)
HITBOX_LANE_ASSIGN(i4, int, -)
HITBOX_LANE_ASSIGN(i4, int, &)
HITBOX_LANE_ASSIGN(i4, int, |)
HITBOX_LANE_ASSIGN(i4, int, ^)

#undef HITBOX_LANE_OP
#undef HITBOX_LANE_ARITH
#undef HITBOX_LANE_CMP
#undef HITBOX_LANE_ASSIGN

inline f4 operator-(const f4& a) {
  return f4{-a.v[0], -a.v[1], -a.v[2], -a.v[3]};
}
inline i4 operator-(const i4& a) {
  return i4{-a.v[0], -a.v[1], -a.v[2], -a.v[3]};
}
inline i4 operator~(const i4& a) {
  return i4{~a.v[0], ~a.v[1], ~a.v[2], ~a.v[3]};
}

// Lane by lane m ? a : b (m's lanes -1 or 0).
inline f4 select(const i4& m, const f4& a, const f4& b) {
  return f4{m.v[0] ? a.v[0] : b.v[0], m.v[1] ? a.v[1] : b.v[1], m.v[2] ? a.v[2] : b.v[2],
            m.v[3] ? a.v[3] : b.v[3]};
}
inline i4 select(const i4& m, const i4& a, const i4& b) {
  return i4{m.v[0] ? a.v[0] : b.v[0], m.v[1] ? a.v[1] : b.v[1], m.v[2] ? a.v[2] : b.v[2],
            m.v[3] ? a.v[3] : b.v[3]};
}

// Lane by lane a > b ? a : b and a < b ? a : b.
template <class V>
inline V vmax(const V& a, const V& b) {
  return select(a > b, a, b);
}
template <class V>
inline V vmin(const V& a, const V& b) {
  return select(a < b, a, b);
}

#endif  // HITBOX_LANES

#ifndef HITBOX_HAVE_SHUFFLEVECTOR
#define HITBOX_HAVE_SHUFFLEVECTOR 0
#endif

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
#if HITBOX_LANES && defined(__SSE__)
  return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(v)));
#elif HITBOX_LANES
  return __builtin_sqrtf(v);
#else
  return std::sqrt(v);
#endif
}

// The square root of every lane (correctly rounded, as std::sqrt on each).
inline f4 sqrt4(f4 v) {
#if HITBOX_LANES && defined(__SSE__)
  return reinterpret_cast<f4>(_mm_sqrt_ps(reinterpret_cast<__m128>(v)));
#else
  return f4{sqrt1(v[0]), sqrt1(v[1]), sqrt1(v[2]), sqrt1(v[3])};
#endif
}

// The sign bits of four lane masks (-1 or 0 each) as a 4-bit mask (one instruction on SSE).
inline unsigned lane_mask(i4 m) {
#if HITBOX_LANES && defined(__SSE__)
  return static_cast<unsigned>(_mm_movemask_ps(reinterpret_cast<__m128>(m)));
#else
  return static_cast<unsigned>((m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8));
#endif
}

}  // namespace hitbox::detail
