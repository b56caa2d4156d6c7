// Box against box in four lanes: the one kernel of sat() and mtd() for two boxes, inline so
// the common untraced call costs no function call; the traced call (collide.cpp) is the same
// kernel with its recording on. Not part of the API: collide.h is, and includes this after
// defining SatResult, MtdResult and FixedAxes. One source for both builds of the lane types
// (detail/lanes.h); tests/lanes_test.cpp holds it to a plain-float reference, bit for bit.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>

#include "hitbox/detail/lanes.h"
#include "hitbox/shape.h"

namespace hitbox {

namespace detail {

// Box-box without a trace: the verdict straight from the lanes (sign bits for the first
// separating axis, a lane minimum for the least overlap).
struct Lanes {
  bool hit;
  int first;  // first separating lane, 4 on a hit
  int least;  // first lane of least overlap (lane 3 when a NaN leaves no lane least)
};

// The four axes in lanes: A.x, A.y, B.x, B.y, with both boxes' extents on each.
struct BoxBox4 {
  f4 ax, ay;  // the axes' x and y components
  f4 ea, eb;  // half-widths of A and B
  f4 d;       // (B's centre - A's centre) . axis
  f4 ov;      // ea + eb - |d|
};

// A collider's two axes as one 4-lane load: {x.x, x.y, y.x, y.y} (axis_y follows axis_x).
inline f4 axes4(const Collider& b) {
  static_assert(offsetof(Collider, axis_y) == offsetof(Collider, axis_x) + sizeof(Vec2));
  f4 v;
  std::memcpy(&v, &b.axis_x, sizeof v);
  return v;
}

inline BoxBox4 box_box4(const Collider& a, const Collider& b) {
  BoxBox4 r;
  const f4 pa = axes4(a);
  const f4 pb = axes4(b);
  r.ax = shuffle<0, 2, 4, 6>(pa, pb);
  r.ay = shuffle<1, 3, 5, 7>(pa, pb);
  // |cos| between the boxes' axes: r00, r01, r10, r11.
  const f4 c = abs4(shuffle<0, 0, 2, 2>(pa) * shuffle<0, 2, 0, 2>(pb) +
                    shuffle<1, 1, 3, 3>(pa) * shuffle<1, 3, 1, 3>(pb));
  // Both half extents as one register each ({hx, hy, radius, bound}: radius and bound are
  // loaded but unused), so every operand below is a shuffle, not a lane insert.
  static_assert(offsetof(Collider, radius) == offsetof(Collider, half) + sizeof(Vec2));
  f4 ha, hb;
  std::memcpy(&ha, &a.half, sizeof ha);
  std::memcpy(&hb, &b.half, sizeof hb);
  const f4 k = {1.0f, 1.0f, 0.0f, 0.0f};
  // ea = {hx, hy, hx r00 + hy r10, hx r01 + hy r11} (hx * 1 + hy * 0 is exactly hx)
  r.ea = shuffle<0, 1, 0, 0>(ha) * shuffle<0, 1, 4, 5>(k, c) +
         shuffle<6, 6, 1, 1>(ha, k) * shuffle<2, 3, 6, 7>(k, c);
  // eb = {hx r00 + hy r01, hx r10 + hy r11, hx, hy}
  r.eb = shuffle<0, 0, 0, 0>(hb) * shuffle<0, 2, 4, 6>(c, k) +
         shuffle<1, 1, 1, 1>(hb) * shuffle<1, 3, 6, 4>(c, k);
  f4 pos_a, pos_b;  // {pos.x, pos.y, axis_x.x, axis_x.y}: only the first two lanes are read
  std::memcpy(&pos_a, &a.pos, sizeof pos_a);
  std::memcpy(&pos_b, &b.pos, sizeof pos_b);
  const f4 t = pos_b - pos_a;
  r.d = shuffle<0, 0, 0, 0>(t) * r.ax + shuffle<1, 1, 1, 1>(t) * r.ay;
  r.ov = (r.ea + r.eb) - abs4(r.d);
  return r;
}

inline Lanes lanes_verdict(const BoxBox4& r) {
  const unsigned mask = lane_mask(r.ov < f4{});
  // The least overlap in every lane: two swaps and two minimums, no lane extraction.
  f4 mn = select(r.ov < shuffle<1, 0, 3, 2>(r.ov), r.ov, shuffle<1, 0, 3, 2>(r.ov));
  mn = select(mn < shuffle<2, 3, 0, 1>(mn), mn, shuffle<2, 3, 0, 1>(mn));
  const unsigned at = lane_mask(r.ov == mn);
  return Lanes{mask == 0, std::countr_zero(mask | 16u), std::countr_zero(at | 8u)};
}

// The trace of a box-box kernel: A's x and y (EdgeA), then B's (EdgeB), with both extents.
inline void record_box_box(SatTrace* trace, const Collider& a, const Collider& b, const BoxBox4& r,
                           const Lanes& v, bool early_exit) {
  FixedAxes f;
  f.n = 4;
  for (int k = 0; k < 4; ++k) {
    f.axis[k] = Vec2(r.ax[k], r.ay[k]);
    f.ea[k] = r.ea[k];
    f.eb[k] = r.eb[k];
    f.ov[k] = r.ov[k];
    f.source[k] = k < 2 ? AxisSource::EdgeA : AxisSource::EdgeB;
    f.feature[k] = k < 2 ? a.axis_edge[k] : b.axis_edge[k - 2];
  }
  record_fixed(trace, a, b, f, v.hit, v.first, early_exit);
}

// sat and mtd of two boxes, traced (kTrace: the same kernel recording its axes) or not.
template <bool kTrace = false>
inline SatResult sat_box_box(const Collider& a, const Collider& b, bool early_exit,
                             SatTrace* trace = nullptr) {
  const BoxBox4 r = box_box4(a, b);
  const Lanes v = lanes_verdict(r);
  if constexpr (kTrace) record_box_box(trace, a, b, r, v, early_exit);
  const int m = -static_cast<int>(v.hit);
  const int k = (v.least & m) | (v.first & ~m);
  const int stop = v.first + static_cast<int>(v.first < 4);
  return SatResult{v.hit, Vec2(r.ax[k], r.ay[k]), r.ov[k], early_exit ? stop : 4};
}

template <bool kTrace = false>
inline MtdResult mtd_box_box(const Collider& a, const Collider& b, SatTrace* trace = nullptr) {
  const BoxBox4 r = box_box4(a, b);
  const Lanes v = lanes_verdict(r);
  if constexpr (kTrace) record_box_box(trace, a, b, r, v, /*early_exit=*/true);
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
