// Box against box in four lanes: the kernel behind sat() and mtd() for two boxes, inline
// so the common untraced call costs no function call. Not part of the API: collide.h is,
// and includes this after defining SatResult and MtdResult.
// Lane by lane the same float operations as the scalar formulas in collide.cpp (x * 1 + y * 0
// is exactly x), so traced and untraced calls agree bit for bit (tests/named_test.cpp).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>

#include "hitbox/shape.h"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace hitbox {

namespace detail {

using f4 = float __attribute__((vector_size(16)));  // four lanes (SSE on x86, NEON on ARM)
using i4 = int __attribute__((vector_size(16)));

// The four axes in lanes: A.x, A.y, B.x, B.y. Lane by lane the same float operations as
// the scalar formulas above (x * 1 + y * 0 is exactly x), so traces and fast paths agree.
struct BoxBox4 {
  f4 ax, ay;  // the axes' x and y components
  f4 ea, eb;  // half-widths of A and B
  f4 d;       // (B's centre - A's centre) . axis
  f4 ov;      // ea + eb - |d|
};

inline f4 abs4(f4 v) {  // clear the sign bits
  i4 bits;
  std::memcpy(&bits, &v, sizeof v);
  bits &= i4{0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff};
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// A body's two axes as one 4-lane load: {x.x, x.y, y.x, y.y} (axis_y follows axis_x).
inline f4 axes4(const Body& b) {
  static_assert(offsetof(Body, axis_y) == offsetof(Body, axis_x) + sizeof(Vec2));
  f4 v;
  std::memcpy(&v, &b.axis_x, sizeof v);
  return v;
}

inline f4 splat4(float v) {
  return f4{v, v, v, v};
}

inline BoxBox4 box_box4(const Body& a, const Body& b) {
  BoxBox4 r;
  const f4 pa = axes4(a);
  const f4 pb = axes4(b);
  r.ax = __builtin_shuffle(pa, pb, i4{0, 2, 4, 6});
  r.ay = __builtin_shuffle(pa, pb, i4{1, 3, 5, 7});
  // |cos| between the boxes' axes: r00, r01, r10, r11.
  const f4 c = abs4(__builtin_shuffle(pa, i4{0, 0, 2, 2}) * __builtin_shuffle(pb, i4{0, 2, 0, 2}) +
                    __builtin_shuffle(pa, i4{1, 1, 3, 3}) * __builtin_shuffle(pb, i4{1, 3, 1, 3}));
  // Both half extents as one register each ({hx, hy, radius, bound}: radius and bound are
  // loaded but unused), so every operand below is a shuffle, not a lane insert.
  static_assert(offsetof(Body, radius) == offsetof(Body, half) + sizeof(Vec2));
  f4 ha, hb;
  std::memcpy(&ha, &a.half, sizeof ha);
  std::memcpy(&hb, &b.half, sizeof hb);
  const f4 k = {1.0f, 1.0f, 0.0f, 0.0f};
  // ea = {hx, hy, hx r00 + hy r10, hx r01 + hy r11} (hx * 1 + hy * 0 is exactly hx)
  r.ea = __builtin_shuffle(ha, i4{0, 1, 0, 0}) * __builtin_shuffle(k, c, i4{0, 1, 4, 5}) +
         __builtin_shuffle(ha, k, i4{6, 6, 1, 1}) * __builtin_shuffle(k, c, i4{2, 3, 6, 7});
  // eb = {hx r00 + hy r01, hx r10 + hy r11, hx, hy}
  r.eb = __builtin_shuffle(hb, i4{0, 0, 0, 0}) * __builtin_shuffle(c, k, i4{0, 2, 4, 6}) +
         __builtin_shuffle(hb, i4{1, 1, 1, 1}) * __builtin_shuffle(c, k, i4{1, 3, 6, 4});
  f4 pos_a, pos_b;  // {pos.x, pos.y, axis_x.x, axis_x.y}: only the first two lanes are read
  std::memcpy(&pos_a, &a.pos, sizeof pos_a);
  std::memcpy(&pos_b, &b.pos, sizeof pos_b);
  const f4 t = pos_b - pos_a;
  r.d = __builtin_shuffle(t, i4{0, 0, 0, 0}) * r.ax + __builtin_shuffle(t, i4{1, 1, 1, 1}) * r.ay;
  r.ov = (r.ea + r.eb) - abs4(r.d);
  return r;
}

// Box-box without a trace: the verdict straight from the lanes (sign bits for the first
// separating axis, a lane minimum for the least overlap).
struct Lanes {
  bool hit;
  int first;  // first separating lane, 4 on a hit
  int least;  // first lane of least overlap
};

// The sign bits of four lanes as a 4-bit mask (one instruction on SSE).
inline unsigned lane_mask(i4 m) {
#if defined(__SSE__)
  return static_cast<unsigned>(_mm_movemask_ps(reinterpret_cast<__m128>(m)));
#else
  return static_cast<unsigned>((m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8));
#endif
}

inline Lanes lanes_verdict(const BoxBox4& r) {
  const unsigned mask = lane_mask(r.ov < f4{});
  // The least overlap in every lane: two swaps and two minimums, no lane extraction.
  f4 mn = r.ov < __builtin_shuffle(r.ov, i4{1, 0, 3, 2}) ? r.ov
                                                         : __builtin_shuffle(r.ov, i4{1, 0, 3, 2});
  mn = mn < __builtin_shuffle(mn, i4{2, 3, 0, 1}) ? mn : __builtin_shuffle(mn, i4{2, 3, 0, 1});
  const unsigned at = lane_mask(r.ov == mn);
  return Lanes{mask == 0, std::countr_zero(mask | 16u), std::countr_zero(at | 16u)};
}

inline SatResult sat_box_box(const Body& a, const Body& b, bool early_exit) {
  const BoxBox4 r = box_box4(a, b);
  const Lanes v = lanes_verdict(r);
  const int m = -static_cast<int>(v.hit);
  const int k = (v.least & m) | (v.first & ~m);
  const int stop = v.first + static_cast<int>(v.first < 4);
  return SatResult{v.hit, Vec2(r.ax[k], r.ay[k]), r.ov[k], early_exit ? stop : 4};
}

inline MtdResult mtd_box_box(const Body& a, const Body& b) {
  const BoxBox4 r = box_box4(a, b);
  const Lanes v = lanes_verdict(r);
  const int k = v.least;
  const float on = static_cast<float>(v.hit);
  const float sign = 1.0f - 2.0f * static_cast<float>(r.d[k] > 0.0f);
  MtdResult mt;
  mt.hit = v.hit;
  mt.depth = r.ov[k] * on + 0.0f;
  mt.normal = Vec2(r.ax[k], r.ay[k]) * (sign * on) + Vec2(0.0f);
  mt.vector = mt.normal * mt.depth;
  return mt;
}

}  // namespace detail
}  // namespace hitbox
