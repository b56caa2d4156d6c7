// Circle against circle and circle against box: the one kernel of sat() and of mtd() for each
// of those pairs, inline so the common untraced call costs no function call and no branch on
// the answer; the traced call (collide.cpp) is the same kernel with its recording on
// (kTrace). Not part of the API: collide.h is, and includes this after defining SatResult,
// MtdResult and FixedAxes.
//
// Each kernel picks its answer with selects instead of branches. The finite inputs a posed
// shape can hold are assumed (the general scan's handling of NaN overlaps is not repeated
// here).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "hitbox/detail/lanes.h"
#include "hitbox/shape.h"

namespace hitbox::detail {

// std::bit_cast where the standard library has it; the compiler's builtin (the same cast)
// where it does not (Emscripten 3.1.6's libc++, the browser build).
template <class To, class From>
inline To bits_as(From v) {
#if defined(__cpp_lib_bit_cast)
  return std::bit_cast<To>(v);
#else
  return __builtin_bit_cast(To, v);
#endif
}

// c ? x : y by masks, so the compiler cannot turn a choice that depends on the answer into a
// branch (hits and misses come in no predictable order). Exactly x or y, bit for bit.
inline float pick_bits(bool c, float x, float y) {
  const std::uint32_t m = 0u - static_cast<std::uint32_t>(c);
  return bits_as<float>((bits_as<std::uint32_t>(x) & m) | (bits_as<std::uint32_t>(y) & ~m));
}
inline Vec2 pick_bits(bool c, Vec2 x, Vec2 y) {
  return Vec2(pick_bits(c, x.x, y.x), pick_bits(c, x.y, y.y));
}
inline int pick_int(bool c, int x, int y) {
  const int m = -static_cast<int>(c);
  return (x & m) | (y & ~m);
}

// The polygon vertex nearest to p: the first of least squared distance (a circle's vertex axis
// in the scan, collide_axes.h, and the corner axis's feature in a circle-box trace).
inline int nearest_vertex(const Collider& poly, Vec2 p) {
  int best = 0;
  float best_d2 = std::numeric_limits<float>::infinity();
  for (int i = 0; i < poly.count; ++i) {
    const Vec2 d = poly.v[i] - p;
    const float d2 = dot(d, d);
    if (d2 < best_d2) {
      best_d2 = d2;
      best = i;
    }
  }
  return best;
}

// An MtdResult from one register {normal.x, normal.y, depth, unused}, already zeroed on a
// miss: the vector is normal * depth, lane by lane.
inline MtdResult mtd_from_lanes(bool hit, f4 g) {
  const f4 vec = g * shuffle<2, 2, 2, 2>(g);
  MtdResult m;
  m.hit = hit;
  m.depth = g[2];
  m.normal = Vec2(g[0], g[1]);
  m.vector = Vec2(vec[0], vec[1]);
  return m;
}

// Two circles: the centre line from A's centre toward B's ((1, 0) for one centre), the
// distance between the centres and the exact overlap ra + rb - |B - A|: no projection of the
// centres, whose rounding grows with their distance from the origin.
struct CircleCircle {
  Vec2 axis;
  float len;  // |B - A|: B's centre lies at +len along the axis
  float ov;   // ra + rb - len: negative is the gap
};

inline CircleCircle circle_circle(const Collider& a, const Collider& b) {
  const Vec2 d = b.pos - a.pos;
  const float len2 = dot(d, d);
  const float len = sqrt1(len2);
  const f4 q = f4{d.x, d.y, d.x, d.y} / splat4(len);  // d / len: one division for both lanes
  const Vec2 unit(q[0], q[1]);
  const Vec2 axis = len2 > 0.0f ? unit : Vec2(1.0f, 0.0f);
  return CircleCircle{axis, len, (a.radius + b.radius) - len};
}

// sat and mtd of two circles, traced (kTrace: the centre line recorded) or not. mtd's trace is
// sat's with an early exit, as for every pair.
template <bool kTrace = false>
inline SatResult sat_circle_circle(const Collider& a, const Collider& b, bool early_exit = true,
                                   SatTrace* trace = nullptr) {
  const CircleCircle c = circle_circle(a, b);
  if constexpr (kTrace) {
    const bool hit = !(c.ov < 0.0f);
    FixedAxes f;
    f.n = 1;
    f.axis[0] = c.axis;
    f.ea[0] = a.radius;
    f.eb[0] = b.radius;
    f.ov[0] = c.ov;
    f.source[0] = AxisSource::CentreLine;
    f.feature[0] = -1;
    record_fixed(trace, a, b, f, hit, /*first=*/static_cast<int>(hit), early_exit);
  }
  return SatResult{!(c.ov < 0.0f), c.axis, c.ov, 1};
}

// A leaves by -axis (away from B's centre), or by +axis when the centres coincide; all zero
// on a miss.
inline MtdResult mtd_circle_circle_any(const Collider& a, const Collider& b) {
  const CircleCircle c = circle_circle(a, b);
  const bool hit = !(c.ov < 0.0f);
  const float on = static_cast<float>(hit);
  const float sign = 1.0f - 2.0f * static_cast<float>(c.len > 0.0f);
  MtdResult m;
  m.hit = hit;
  m.depth = c.ov * on + 0.0f;  // + 0 turns a miss's -0 into 0
  m.normal = c.axis * (sign * on) + Vec2(0.0f);
  m.vector = m.normal * m.depth;
  return m;
}

template <bool kTrace = false>
inline MtdResult mtd_circle_circle(const Collider& a, const Collider& b,
                                   SatTrace* trace = nullptr) {
  if constexpr (kTrace) sat_circle_circle<true>(a, b, /*early_exit=*/true, trace);
  // Apart centres (all but never): the normal -axis + 0 is (A - B) / |A - B| itself (a
  // negated difference rounds the same, and x - x is +0), the depth and the normal are kept
  // or zeroed by one mask, and the overlap rides in the normal's division, divided by 1.
  const Vec2 nd = a.pos - b.pos;
  const float len2 = dot(nd, nd);
  if (len2 > 0.0f) [[likely]] {
    const float len = sqrt1(len2);
    const float ov = (a.radius + b.radius) - len;
    const f4 q = f4{nd.x, nd.y, ov, 0.0f} / f4{len, len, 1.0f, 1.0f};
    const f4 g = bits_as<f4>(bits_as<i4>(q) & ~(splat4(ov) < f4{}));  // {normal, depth, 0}
    return mtd_from_lanes(!(ov < 0.0f), g);
  }
  return mtd_circle_circle_any(a, b);
}

// A circle against a box, in the box's frame: the box's two axes, then the axis from the
// circle's centre to the box corner nearest it (the corner in the centre's quadrant). Three
// lanes; `corner` is false when the centre sits exactly on that corner (then two axes). The
// form a trace is recorded from.
struct CircleBox {
  Vec2 axis[4];
  float ov[4];   // (box extent + r) - |d|; lane 3 (and lane 2 without a corner axis) +inf
  float dbc[4];  // (circle centre - box centre) . axis
  float ext[4];  // the box's extent on the axis
  int n;         // 2 or 3
};

// A circle against a box in lanes: each axis as one register {axis.x, axis.y, overlap, d},
// built without a round trip through memory: the box-frame
// coordinates as t.x * axis.x + t.y * axis.y, the corner offset dl, its length, and over that
// length the corner axis axis_x * dl.x + axis_y * dl.y, its extent half.x * |dl.x| +
// half.y * |dl.y| and the offset tx * dl.x + ty * dl.y.
struct CircleBoxLanes {
  f4 e0, e1, e2;  // the box's x axis, its y axis, the corner axis (overlap +inf without one)
  f4 w;           // {the corner axis, the box's extent on it, the offset}: read by a trace
};

// The lanes as a trace reads them.
inline CircleBox circle_box_of(const CircleBoxLanes& f, const Collider& box, int n) {
  CircleBox c{};
  const f4 e[3] = {f.e0, f.e1, f.e2};
  for (int k = 0; k < 3; ++k) {
    c.axis[k] = Vec2(e[k][0], e[k][1]);
    c.ov[k] = e[k][2];
    c.dbc[k] = e[k][3];
  }
  c.ext[0] = box.half.x;
  c.ext[1] = box.half.y;
  c.ext[2] = f.w[2];
  c.n = n;
  return c;
}

inline CircleBoxLanes circle_box_lanes(const Collider& box, const Collider& circle) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const f4 t{circle.pos.x - box.pos.x, circle.pos.y - box.pos.y, 0.0f, 0.0f};
  const f4 axy{box.axis_x.x, box.axis_x.y, box.axis_y.x, box.axis_y.y};
  const f4 tt = shuffle<0, 1, 0, 1>(t) * axy;
  const f4 s = tt + shuffle<1, 0, 3, 2>(tt);  // {tx, tx, ty, ty}
  const f4 half{box.half.x, box.half.x, box.half.y, box.half.y};
  const f4 r = splat4(circle.radius);
  const f4 ov01 = (half + r) - abs4(s);  // {ov0, ov0, ov1, ov1}
  // copysign(half, s): half's magnitude with s's sign bit.
  constexpr int kSign = static_cast<int>(0x80000000u);
  const i4 sign_bit{kSign, kSign, kSign, kSign};
  const f4 corner = bits_as<f4>((bits_as<i4>(half) & ~sign_bit) | (bits_as<i4>(s) & sign_bit));
  const f4 dl = corner - s;  // {dl.x, dl.x, dl.y, dl.y}
  const f4 sq = dl * dl;
  const float len2 = sq[0] + sq[2];
  // Unnormalised, while the square root is taken: the corner axis, the box's extent on it and
  // the centre offset along it, then all three divided by |dl| in one division.
  const f4 p = axy * dl;
  const f4 aw = p + shuffle<2, 3, 0, 1>(p);  // axis_x * dl.x + axis_y * dl.y in 0-1
  const f4 q = shuffle<0, 4, 2, 6>(half, s) * shuffle<0, 4, 2, 6>(abs4(dl), dl);
  const f4 ed = q + shuffle<2, 3, 0, 1>(q);                        // {E, D, E, D}
  const f4 w = shuffle<0, 1, 4, 5>(aw, ed) / splat4(sqrt1(len2));  // {axis, e, d2}
  const f4 ov2 = (w + r) - abs4(shuffle<3, 3, 3, 3>(w));           // lane 2
  const f4 e2 = shuffle<0, 1, 6, 3>(w, ov2);
  const f4 z = shuffle<0, 4, 2, 6>(ov01, s);  // {ov0, tx, ov1, ty}
  return CircleBoxLanes{shuffle<0, 1, 4, 5>(axy, z), shuffle<2, 3, 6, 7>(axy, z),
                        len2 > 0.0f ? e2 : f4{0.0f, 0.0f, kInf, 0.0f}, w};
}

// The trace of a circle-box kernel: the box's x and y (its edges), then the corner axis (the
// box's nearest vertex), with the box's extent and the radius on each.
inline void record_circle_box(SatTrace* trace, const Collider& box, const Collider& circle,
                              bool box_is_a, const CircleBox& c, bool hit, int first,
                              bool early_exit) {
  FixedAxes f;
  f.n = c.n;
  const AxisSource edge = box_is_a ? AxisSource::EdgeA : AxisSource::EdgeB;
  for (int k = 0; k < c.n; ++k) {
    f.axis[k] = c.axis[k];
    f.ea[k] = box_is_a ? c.ext[k] : circle.radius;
    f.eb[k] = box_is_a ? circle.radius : c.ext[k];
    f.ov[k] = c.ov[k];
    f.source[k] = k == 2 ? AxisSource::CircleVertex : edge;
    f.feature[k] = k == 2 ? nearest_vertex(box, circle.pos) : box.axis_edge[k];
  }
  record_fixed(trace, box_is_a ? box : circle, box_is_a ? circle : box, f, hit, first, early_exit);
}

// sat and mtd of a circle and a box (box_is_a: the box is A), traced (kTrace) or not. mtd's
// trace is sat's with an early exit, as for every pair.
template <bool kTrace = false>
inline SatResult sat_circle_box(const Collider& box, const Collider& circle, bool box_is_a,
                                bool early_exit, SatTrace* trace = nullptr) {
  // The answer's axis and overlap picked among the three lane registers by masks: on a hit
  // the first least overlap, on a miss the first negative one.
  const CircleBoxLanes f = circle_box_lanes(box, circle);
  const f4 ov0 = shuffle<2, 2, 2, 2>(f.e0), ov1 = shuffle<2, 2, 2, 2>(f.e1);
  const f4 ov2 = shuffle<2, 2, 2, 2>(f.e2);
  const i4 neg0 = ov0 < f4{}, neg1 = ov1 < f4{}, neg2 = ov2 < f4{};
  const i4 miss = neg0 | neg1 | neg2;  // every lane alike
  const f4 e01 = select(ov1 < ov0, f.e1, f.e0);
  const f4 least = select(ov2 < shuffle<2, 2, 2, 2>(e01), f.e2, e01);
  const f4 first = select(neg0, f.e0, select(neg1, f.e1, f.e2));
  const f4 k = select(miss, first, least);
  // Axes tested: up to the first separating one with an early exit, else all (2 without a
  // corner axis, whose lane then holds +inf).
  const int n = 2 + static_cast<int>(ov2[0] != std::numeric_limits<float>::infinity());
  const unsigned neg = static_cast<unsigned>((neg0[0] & 1) | (neg1[0] & 2) | (neg2[0] & 4));
  const int at = std::countr_zero(neg | (1u << n));
  const int stop = at + static_cast<int>(at < n);
  if constexpr (kTrace) {
    record_circle_box(trace, box, circle, box_is_a, circle_box_of(f, box, n), miss[0] == 0, at,
                      early_exit);
  }
  return SatResult{miss[0] == 0, Vec2(k[0], k[1]), k[2], early_exit ? stop : n};
}

// box_is_a: the box is A (the push-out moves A, away from B).
template <bool kTrace = false>
inline MtdResult mtd_circle_box(const Collider& box, const Collider& circle, bool box_is_a,
                                SatTrace* trace = nullptr) {
  if constexpr (kTrace) sat_circle_box<true>(box, circle, box_is_a, /*early_exit=*/true, trace);
  // The least of the box's two axes is known before the corner axis (which waits on a square
  // root); the corner axis then replaces it when strictly less. Each candidate is one
  // register, so the choice is two selects, not a table lookup.
  const CircleBoxLanes f = circle_box_lanes(box, circle);
  const f4 ov0 = shuffle<2, 2, 2, 2>(f.e0), ov1 = shuffle<2, 2, 2, 2>(f.e1);
  const f4 ov2 = shuffle<2, 2, 2, 2>(f.e2);
  const f4 e01 = select(ov1 < ov0, f.e1, f.e0);
  const f4 k = select(ov2 < shuffle<2, 2, 2, 2>(e01), f.e2, e01);
  const i4 miss = (ov0 < f4{}) | (ov1 < f4{}) | (ov2 < f4{});  // every lane alike
  const bool hit = miss[0] == 0;
  // B's centre lies at +d along the axis (d = (B - A) . axis): A leaves toward -axis. The
  // answer is k * {so, so, on, 0} + 0 (so = sign * on, on = hit) as in mtd_box_box, here by
  // masks: the axis's sign bit flipped where d > 0, + 0 (turns -0 into 0), zeroed on a miss.
  constexpr int kSignBit = static_cast<int>(0x80000000u);
  const f4 d4 = shuffle<3, 3, 3, 3>(k);
  const i4 flip = (box_is_a ? d4 > f4{} : d4 < f4{}) & i4{kSignBit, kSignBit, 0, 0};
  const f4 signed_k = bits_as<f4>(bits_as<i4>(k) ^ flip) + f4{};
  const f4 g = bits_as<f4>(bits_as<i4>(signed_k) & ~miss);  // {normal, depth, junk}
  return mtd_from_lanes(hit, g);
}

}  // namespace hitbox::detail
