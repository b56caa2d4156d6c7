// Internal to collide.cpp: sat and mtd of a segment against a circle or a box, in closed form,
// traced or not (kTrace records the axes). The axes, in the general scan's order
// (collide_axes.h's for_each_axis), each written out:
//   circle-segment: the segment's normal, then the axis from the circle's centre to the
//                   segment's nearer end (none when the centre lies on it);
//   box-segment:    the box's x and y axes, then the segment's normal (A's axes first).
// Every projection does the float operations of project() (a segment's padded run
// {v0, v1, v0, v0} reduces to the smaller and larger of its two ends' dot products, first end
// on ties), every overlap is interval_overlap(), the answer is the first separating axis on a
// miss and the first least overlap on a hit, and the push-out is push_out()'s; choices are made
// by selects, not branches, since hits and misses arrive in no predictable order.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "collide_axes.h"
#include "hitbox/collide.h"

namespace hitbox::detail {

// Up to three axes in test order, each with its two ways out: down = A.max - B.min (A leaves
// by -axis) and up = B.max - A.min (A leaves by +axis). Axes past n hold +inf overlaps.
// Traced, each way's intervals and where its axis came from.
struct WaysRecord {
  Interval ia[3], ib[3];
  AxisSource source[3];
  int feature[3];
};
struct NoWaysRecord {};

template <bool kTrace>
struct SegmentWays {
  Vec2 axis[3];
  float down[3], up[3], ov[3];
  int n = 0;
  [[no_unique_address]] std::conditional_t<kTrace, WaysRecord, NoWaysRecord> rec;
};

template <bool kTrace>
inline void put_way(SegmentWays<kTrace>& w, int k, Vec2 axis, Interval ia, Interval ib,
                    AxisSource source, int feature) {
  w.axis[k] = axis;
  w.down[k] = ia.max - ib.min;
  w.up[k] = ib.max - ia.min;
  w.ov[k] = std::min(w.down[k], w.up[k]);  // interval_overlap(ia, ib)
  if constexpr (kTrace) {
    w.rec.ia[k] = ia;
    w.rec.ib[k] = ib;
    w.rec.source[k] = source;
    w.rec.feature[k] = feature;
  }
}

// project() of a segment: its run {v0, v1, v0, v0}, four lanes reduced as
// min(min(l0, l1), min(l2, l3)) with std::min's order, is the smaller of the two ends' dot
// products (the first on ties), and the larger alike.
inline Interval segment_on(const Collider& s, Vec2 axis) {
  const float p0 = s.vx[0] * axis.x + s.vy[0] * axis.y;
  const float p1 = s.vx[1] * axis.x + s.vy[1] * axis.y;
  return Interval{p1 < p0 ? p1 : p0, p0 < p1 ? p1 : p0};
}

inline Interval circle_on(const Collider& c, Vec2 axis) {
  const float m = dot(c.pos, axis);
  return Interval{m - c.radius, m + c.radius};
}

inline Interval box_on(const Collider& b, Vec2 axis) {
  const float c = dot(b.pos, axis);
  const float e =
      b.half.x * std::fabs(dot(b.axis_x, axis)) + b.half.y * std::fabs(dot(b.axis_y, axis));
  return Interval{c - e, c + e};
}

inline Interval own_on(const Collider& b, int k) {
  return Interval{b.self[k].x, b.self[k].y};
}

// Box against segment: the box's two axes (its own intervals against the segment's ends) and
// the segment's normal (the box projected against the segment's own interval), A's first.
template <bool kBoxIsA, bool kTrace>
inline SegmentWays<kTrace> box_segment_ways(const Collider& box, const Collider& seg) {
  SegmentWays<kTrace> w;
  const int first_box = kBoxIsA ? 0 : 1;
  constexpr AxisSource box_source = kBoxIsA ? AxisSource::EdgeA : AxisSource::EdgeB;
  constexpr AxisSource seg_source = kBoxIsA ? AxisSource::EdgeB : AxisSource::EdgeA;
  for (int k = 0; k < 2; ++k) {
    const Vec2 axis = box.axes[k];
    const Interval ib = own_on(box, k), is = segment_on(seg, axis);
    put_way<kTrace>(w, first_box + k, axis, kBoxIsA ? ib : is, kBoxIsA ? is : ib, box_source,
                    box.axis_edge[k]);
  }
  const Vec2 n = seg.axes[0];
  const Interval ib = box_on(box, n), is = own_on(seg, 0);
  put_way<kTrace>(w, kBoxIsA ? 2 : 0, n, kBoxIsA ? ib : is, kBoxIsA ? is : ib, seg_source,
                  seg.axis_edge[0]);
  w.n = 3;
  return w;
}

// Circle against segment, in lanes: both ends' unit axes at once (one square root and one
// division of four lanes, so the choice of end waits on no comparison before the square
// root), then every dot product of both axes in one register, lane by lane the operations of
// dot() and segment_on(). Each axis comes out as a register {axis.x, axis.y, down, up}, and
// `ov` holds the normal's overlap in lane 0, the vertex axis's in lane 1.
struct CircleSegmentLanes {
  f4 e0, e1;  // the normal, the vertex axis
  f4 ov;
  bool has;    // the vertex axis exists (the centre is not on the nearer end)
  int vertex;  // the nearer end
  // Lane 0 the normal, lane 1 the vertex axis: x, y, the two ways out, and (A - B) . axis;
  // the segment's and the circle's intervals (for a trace).
  f4 x, y, down, up, side;
  f4 lo, hi, cmin, cmax;
};

template <bool kCircleIsA>
HITBOX_ALWAYS_INLINE CircleSegmentLanes circle_segment_lanes(const Collider& circle,
                                                             const Collider& seg) {
  f4 ends;  // {v0.x, v0.y, v1.x, v1.y}
  std::memcpy(&ends, seg.v, sizeof ends);
  const f4 p{circle.pos.x, circle.pos.y, circle.pos.x, circle.pos.y};
  const f4 d = ends - p;
  const f4 sq = d * d;
  const f4 len2 = sq + shuffle<1, 0, 3, 2>(sq);  // {l0, l0, l1, l1}
  const f4 unit = d / sqrt4(len2);
  // nearest_vertex(): the second end only when strictly nearer.
  const i4 second = shuffle<2, 2, 2, 2>(len2) < shuffle<0, 0, 0, 0>(len2);
  const f4 axis = select(second, shuffle<2, 3, 2, 3>(unit), shuffle<0, 1, 0, 1>(unit));
  const Vec2 n = seg.axes[0];
  const f4 nn{n.x, n.y, 0.0f, 0.0f};
  // {centre . n, centre . axis, v0 . axis, v1 . axis}
  const f4 ax = shuffle<0, 4, 4, 4>(nn, axis), ay = shuffle<1, 5, 5, 5>(nn, axis);
  const f4 dots = shuffle<0, 0, 4, 6>(p, ends) * ax + shuffle<1, 1, 5, 7>(p, ends) * ay;
  // push_out()'s tie-break, dot(A.pos - B.pos, axis), on both axes.
  const Vec2 ab = kCircleIsA ? circle.pos - seg.pos : seg.pos - circle.pos;
  const f4 side = splat4(ab.x) * ax + splat4(ab.y) * ay;
  const f4 p0 = shuffle<2, 2, 2, 2>(dots), p1 = shuffle<3, 3, 3, 3>(dots);
  const f4 lo2 = select(p1 < p0, p1, p0), hi2 = select(p0 < p1, p1, p0);
  const f4 own{seg.self[0].x, seg.self[0].y, 0.0f, 0.0f};
  const f4 lo = shuffle<0, 4, 4, 4>(own, lo2), hi = shuffle<1, 4, 4, 4>(own, hi2);
  const f4 r = splat4(circle.radius);
  const f4 cmin = dots - r, cmax = dots + r;  // the circle's intervals, lanes 0 and 1
  const f4 down = kCircleIsA ? cmax - lo : hi - cmin;
  const f4 up = kCircleIsA ? hi - cmin : cmax - lo;
  const f4 ov = select(up < down, up, down);  // interval_overlap(): std::min(down, up)
  CircleSegmentLanes c;
  c.e0 = shuffle<0, 1, 4, 5>(nn, shuffle<0, 4, 0, 4>(down, up));
  c.e1 = shuffle<0, 1, 4, 5>(axis, shuffle<1, 5, 1, 5>(down, up));
  // Without the vertex axis (the centre on the end: 0 / 0) its lanes are NaN, and NaN, like
  // an axis that is not there, neither separates (NaN < 0) nor is less than the normal's.
  c.ov = ov;
  const float l0 = len2[0], l1 = len2[2];
  c.has = (l0 > 0.0f) & (l1 > 0.0f);  // the nearer end's len2 is the smaller
  c.x = ax;
  c.y = ay;
  c.down = down;
  c.up = up;
  c.side = side;
  c.vertex = second[0] != 0;
  c.lo = lo;
  c.hi = hi;
  c.cmin = cmin;
  c.cmax = cmax;
  return c;
}

// The trace of a circle and a segment, from the lanes: the normal, then the vertex axis.
template <bool kCircleIsA>
inline void record_circle_segment(SatTrace* trace, const Collider& seg, const CircleSegmentLanes& c,
                                  bool early_exit, bool hit, int first) {
  collide_detail::record_axes(trace, early_exit, hit, first, 1 + static_cast<int>(c.has),
                              [&](int k) {
                                const Interval ic{c.cmin[k], c.cmax[k]}, is{c.lo[k], c.hi[k]};
                                const AxisSource source = k == 1       ? AxisSource::CircleVertex
                                                          : kCircleIsA ? AxisSource::EdgeB
                                                                       : AxisSource::EdgeA;
                                return SatAxis{Vec2(c.x[k], c.y[k]),
                                               kCircleIsA ? ic : is,
                                               kCircleIsA ? is : ic,
                                               c.ov[k],
                                               source,
                                               k == 1 ? c.vertex : seg.axis_edge[0]};
                              });
}

// The scan's answers from the lanes: on a miss the first separating axis, on a hit the first
// least overlap (the vertex axis only when strictly less).
template <bool kCircleIsA, bool kTrace = false>
inline SatResult sat_circle_segment(const Collider& circle, const Collider& seg, bool early_exit,
                                    SatTrace* trace = nullptr) {
  const CircleSegmentLanes c = circle_segment_lanes<kCircleIsA>(circle, seg);
  const f4 ov0 = shuffle<0, 0, 0, 0>(c.ov), ov1 = shuffle<1, 1, 1, 1>(c.ov);
  const i4 neg0 = ov0 < f4{}, miss = neg0 | (ov1 < f4{});
  // Axis 1 is the answer: on a hit when strictly less, on a miss when axis 0 does not separate.
  const i4 less = ov1 < ov0;  // an i4 first: Emscripten's comparisons give lanes of long
  const i4 one = select(miss, ~neg0, less);
  const f4 out = select(one, c.e1, c.e0);
  const f4 ovk = select(one, ov1, ov0);
  const bool hit = miss[0] == 0;
  const int total = 1 + static_cast<int>(c.has);
  const int tested = pick_int(hit | !early_exit, total, 1 + (one[0] & 1));
  if constexpr (kTrace) {
    record_circle_segment<kCircleIsA>(trace, seg, c, early_exit, hit, neg0[0] ? 0 : 1);
  }
  return SatResult{hit, Vec2(out[0], out[1]), ovk[0], tested};
}

// push_out() on both axes at once (lane 0 the normal, lane 1 the vertex axis), then the least
// axis's lane, zero on a miss.
template <bool kCircleIsA, bool kTrace = false>
inline MtdResult mtd_circle_segment(const Collider& circle, const Collider& seg,
                                    SatTrace* trace = nullptr) {
  const CircleSegmentLanes c = circle_segment_lanes<kCircleIsA>(circle, seg);
  const f4 ov0 = shuffle<0, 0, 0, 0>(c.ov), ov1 = shuffle<1, 1, 1, 1>(c.ov);
  const i4 hit = ~((ov0 < f4{}) | (ov1 < f4{}));
  if constexpr (kTrace) {
    record_circle_segment<kCircleIsA>(trace, seg, c, true, hit[0] != 0, c.ov[0] < 0.0f ? 0 : 1);
  }
  const i4 positive = (c.up < c.down) | ((c.up == c.down) & (c.side >= f4{}));
  const f4 depth = select(positive, c.up, c.down);
  const f4 nx = select(positive, c.x, -c.x), ny = select(positive, c.y, -c.y);
  // {normal.x, normal.y, depth, depth} of each axis; the vertex axis's only when strictly less.
  const f4 xy = shuffle<0, 4, 1, 5>(nx, ny);  // {x0, y0, x1, y1}
  const f4 g0 = shuffle<0, 1, 4, 4>(xy, depth), g1 = shuffle<2, 3, 5, 5>(xy, depth);
  const f4 g = select(ov1 < ov0, g1, g0);
  return mtd_from_lanes(hit[0] != 0, bits_as<f4>(bits_as<i4>(g) & hit));
}

// The scan's verdict: the first separating axis (n on a hit) and the first least overlap.
struct WaysVerdict {
  bool hit;
  int first, least;
};

template <bool kTrace>
inline WaysVerdict ways_verdict(const SegmentWays<kTrace>& w) {
  const unsigned neg = static_cast<unsigned>(w.ov[0] < 0.0f) |
                       static_cast<unsigned>(w.ov[1] < 0.0f) << 1 |
                       static_cast<unsigned>(w.ov[2] < 0.0f) << 2;
  const bool l1 = w.ov[1] < w.ov[0];
  const float m01 = pick_bits(l1, w.ov[1], w.ov[0]);
  const int least = pick_int(w.ov[2] < m01, 2, static_cast<int>(l1));
  const int first = std::countr_zero(neg | (1u << w.n));
  return WaysVerdict{first == w.n, first, least};
}

// Entry k of three by selects: indexing would keep the ways in memory.
template <class T>
inline T pick3(int k, const T (&v)[3]) {
  return pick_bits(k == 2, v[2], pick_bits(k == 1, v[1], v[0]));
}

template <bool kTrace>
inline void record_ways(SatTrace* trace, const SegmentWays<kTrace>& w, bool early_exit,
                        const WaysVerdict& v) {
  if constexpr (kTrace) {
    collide_detail::record_axes(trace, early_exit, v.hit, v.first, w.n, [&](int k) {
      return SatAxis{w.axis[k], w.rec.ia[k],     w.rec.ib[k],
                     w.ov[k],   w.rec.source[k], w.rec.feature[k]};
    });
  }
}

template <bool kTrace = false>
inline SatResult sat_ways(const SegmentWays<kTrace>& w, bool early_exit,
                          SatTrace* trace = nullptr) {
  const WaysVerdict v = ways_verdict(w);
  const int k = pick_int(v.hit, v.least, v.first);
  const int tested = pick_int(early_exit && !v.hit, v.first + 1, w.n);
  record_ways<kTrace>(trace, w, early_exit, v);
  return SatResult{v.hit, pick3(k, w.axis), pick3(k, w.ov), tested};
}

// push_out() on the least axis (collide_axes.h's push_out_select), all zero on a miss.
template <bool kTrace = false>
inline MtdResult mtd_ways(const SegmentWays<kTrace>& w, Vec2 a_pos, Vec2 b_pos,
                          SatTrace* trace = nullptr) {
  const WaysVerdict v = ways_verdict(w);
  record_ways<kTrace>(trace, w, true, v);
  const int k = v.least;
  return collide_detail::push_out_select(v.hit, pick3(k, w.axis), pick3(k, w.down), pick3(k, w.up),
                                         a_pos, b_pos);
}

// Which of these paths a pair takes: a segment of nonzero length (one axis) against a circle
// or a box, in either order.
enum class SegmentPair : std::uint8_t {
  None,
  CircleSegment,
  SegmentCircle,
  BoxSegment,
  SegmentBox
};

inline SegmentPair segment_pair(const Collider& a, const Collider& b) {
  if (is_segment(b) && b.axis_count == 1) {
    if (a.geom == Geom::Circle) return SegmentPair::CircleSegment;
    if (a.geom == Geom::Box) return SegmentPair::BoxSegment;
  } else if (is_segment(a) && a.axis_count == 1) {
    if (b.geom == Geom::Circle) return SegmentPair::SegmentCircle;
    if (b.geom == Geom::Box) return SegmentPair::SegmentBox;
  }
  return SegmentPair::None;
}

// f(the pair's ways in test order) for a box and a segment, built inline where f reads them.
template <bool kTrace, class F>
inline auto with_box_segment_ways(const Collider& a, const Collider& b, SegmentPair p, F&& f) {
  if (p == SegmentPair::BoxSegment) return f(box_segment_ways<true, kTrace>(a, b));
  return f(box_segment_ways<false, kTrace>(b, a));
}

}  // namespace hitbox::detail
