// The collision algorithms bounding_circle, sat and mtd (aabb is inline in collide.h, swept
// is swept.cpp). Each function computes its answer and, when asked, the trace the window
// draws, in the same pass, so what is drawn is what was decided. Conventions: geometry.h,
// collide.h.
#include "hitbox/collide.h"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

#include "collide_axes.h"
#include "collide_fast.h"
#include "collide_segment.h"
#include "hitbox/concave.h"

namespace hitbox {

using namespace collide_detail;  // NOLINT: the algorithms' own internal helpers

namespace {

// The SAT verdict over a fixed list: miss at the first separating axis in test order,
// else hit with the least overlap.
struct SatVerdict {
  bool hit = true;
  int first = -1;  // first separating axis
  int least = 0;   // least overlap among all
};

inline SatVerdict verdict(const Fixed& f) {
  // Selections by masks, not branches: hits and misses arrive in no predictable order.
  SatVerdict v;
  unsigned neg = 0;
  int least = 0;
  float best = f.ov[0];
  for (int k = 0; k < f.n; ++k) {
    const int lt = -static_cast<int>(f.ov[k] < best);
    least ^= (least ^ k) & lt;
    best = std::min(best, f.ov[k]);
    neg |= static_cast<unsigned>(f.ov[k] < 0.0f) << k;
  }
  v.hit = neg == 0;
  v.least = least;
  v.first = std::countr_zero(neg | (1u << f.n));  // == n on a hit
  return v;
}

// The index a result reports: the least overlap on a hit, the first separating axis on a
// miss.
inline int pick(const SatVerdict& v) {
  const int m = -static_cast<int>(v.hit);
  return (v.least & m) | (v.first & ~m);
}

inline void begin_trace(SatTrace* trace, bool early_exit) {
  trace->axes.clear();
  trace->separating = -1;
  trace->least = -1;
  trace->early_exit = early_exit;
}

inline void record(SatTrace* trace, const SatAxis& e) {
  trace->axes.push_back(e);
}

enum class PairKind { BoxBox, CircleBox, BoxCircle, CircleCircle, General };

inline PairKind pair_kind(const Collider& a, const Collider& b) {
  if (a.geom == Geom::Box && b.geom == Geom::Box) return PairKind::BoxBox;
  if (a.geom == Geom::Circle && b.geom == Geom::Box) return PairKind::CircleBox;
  if (a.geom == Geom::Box && b.geom == Geom::Circle) return PairKind::BoxCircle;
  if (a.geom == Geom::Circle && b.geom == Geom::Circle) return PairKind::CircleCircle;
  return PairKind::General;
}

inline void fixed_axes(const Collider& a, const Collider& b, PairKind k, Fixed& f) {
  if (k == PairKind::BoxBox) {
    box_box(a, b, f);
  } else if (k == PairKind::BoxCircle) {
    circle_box(a, b, /*box_is_a=*/true, f);
  } else if (k == PairKind::CircleCircle) {
    circle_circle(a, b, f);
  } else {
    circle_box(b, a, /*box_is_a=*/false, f);
  }
}

// Fills the trace from a fixed list: the axes an early exit would test, with both
// projection intervals for drawing, and the indices.
[[gnu::noinline]] void trace_fixed(SatTrace* trace, const Collider& a, const Collider& b,
                                   PairKind kind, const Fixed& f, const SatVerdict& v,
                                   bool early_exit) {
  begin_trace(trace, early_exit);
  const int tested = (!v.hit && early_exit) ? v.first + 1 : f.n;
  const int separating = v.hit ? -1 : v.first;
  trace->least = 0;
  for (int k = 0; k < tested; ++k) {
    // Axis k: box-box A.x, A.y, B.x, B.y; circle-box the box's x, y, then the corner axis;
    // circle-circle the centre line.
    AxisSource src;
    int feature;
    if (kind == PairKind::CircleCircle) {
      src = AxisSource::CentreLine;
      feature = -1;
    } else if (kind == PairKind::BoxBox) {
      src = k < 2 ? AxisSource::EdgeA : AxisSource::EdgeB;
      feature = k < 2 ? a.axis_edge[k] : b.axis_edge[k - 2];
    } else {
      const bool box_is_a = kind == PairKind::BoxCircle;
      const Collider& box = box_is_a ? a : b;
      const Collider& circle = box_is_a ? b : a;
      src = k == 2 ? AxisSource::CircleVertex : box_is_a ? AxisSource::EdgeA : AxisSource::EdgeB;
      feature = k == 2 ? nearest_vertex(box, circle.pos) : box.axis_edge[k];
    }
    record(trace, SatAxis{f.axis[k], around(dot(a.pos, f.axis[k]), f.ea[k]),
                          around(dot(b.pos, f.axis[k]), f.eb[k]), f.ov[k], src, feature});
    if (f.ov[k] < f.ov[trace->least]) trace->least = k;
  }
  trace->separating = separating;
}

// The general case (any pair with a polygon): axes visited one by one, with
// an early exit at the first separating axis when asked.
struct Scan {
  bool hit = true;
  int tested = 0;
  AxisEval first;
  AxisEval least;
};

template <bool kTrace>
inline Scan scan_axes(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit) {
  Scan sc;
  sc.least.overlap = kInf;
  for_each_axis(a, b, [&](Vec2 axis, Interval ia, Interval ib, AxisSource src, int feature) {
    const AxisEval e = eval_axis(axis, ia, ib, src, feature);
    const int index = sc.tested++;
    if constexpr (kTrace) record(trace, SatAxis{e.axis, e.a, e.b, e.overlap, e.source, e.feature});
    if (e.overlap < sc.least.overlap) {
      sc.least = e;
      if constexpr (kTrace) trace->least = index;
    }
    if (e.overlap < 0.0f && sc.hit) {
      sc.hit = false;
      sc.first = e;
      if constexpr (kTrace) trace->separating = index;
      if (early_exit) return false;
    }
    return true;
  });
  return sc;
}

// Push-out along one axis, from the two intervals: the shorter of the two ways out,
// pointing from B toward A.
inline MtdResult push_out(Vec2 axis, Interval ia, Interval ib, Vec2 a_pos, Vec2 b_pos) {
  const float down = ia.max - ib.min;  // move A by -axis * down
  const float up = ib.max - ia.min;    // move A by +axis * up
  MtdResult m;
  m.hit = true;
  bool positive = up < down;
  if (up == down) positive = dot(a_pos - b_pos, axis) >= 0.0f;
  m.depth = positive ? up : down;
  m.normal = positive ? axis : -axis;
  m.vector = m.normal * m.depth;
  return m;
}

// The general path, kept out of line so the fixed pairs pay no part of its frame.
[[gnu::noinline]] SatResult sat_general(const Collider& a, const Collider& b, SatTrace* trace,
                                        bool early_exit) {
  Scan sc;
  if (trace) {
    begin_trace(trace, early_exit);
    sc = scan_axes<true>(a, b, trace, early_exit);
  } else {
    sc = scan_axes<false>(a, b, nullptr, early_exit);
  }
  // No axis at all (two points on one spot): nothing separates them and nothing overlaps,
  // so they touch.
  if (sc.tested == 0) return SatResult{true, Vec2(1.0f, 0.0f), 0.0f, 0};
  const AxisEval& pick = sc.hit ? sc.least : sc.first;
  return SatResult{sc.hit, pick.axis, pick.overlap, sc.tested};
}

[[gnu::noinline]] MtdResult mtd_general(const Collider& a, const Collider& b, SatTrace* trace) {
  Scan sc;
  if (trace) {
    begin_trace(trace, true);
    sc = scan_axes<true>(a, b, trace, true);
  } else {
    sc = scan_axes<false>(a, b, nullptr, true);
  }
  if (!sc.hit) return MtdResult{};
  if (sc.tested == 0) {  // no axis (two points on one spot): they touch, nothing to push
    MtdResult m;
    m.hit = true;
    return m;
  }
  return push_out(sc.least.axis, sc.least.a, sc.least.b, a.pos, b.pos);
}

}  // namespace

const char* axis_source_name(AxisSource s) {
  switch (s) {
    case AxisSource::EdgeA:
      return "edge_a";
    case AxisSource::EdgeB:
      return "edge_b";
    case AxisSource::CircleVertex:
      return "circle_vertex";
    case AxisSource::CentreLine:
      return "centre_line";
    case AxisSource::Velocity:
      return "velocity";
    case AxisSource::SegmentDirection:
      return "segment_direction";
  }
  return "?";
}

// bounding_circle: circles about each shape's pos that contain it; the early-out of the
// rotated-rectangle method (compare squared distance with the squared radius sum).
BoundingCircleResult bounding_circle(const Collider& a, const Collider& b) {
  BoundingCircleResult r;
  r.ca = a.pos;
  r.ra = a.bound;
  r.cb = b.pos;
  r.rb = b.bound;
  const Vec2 d = b.pos - a.pos;
  const float rs = a.bound + b.bound;
  r.hit = dot(d, d) <= rs * rs;
  r.distance = std::sqrt(dot(d, d));
  r.gap = r.distance - rs;
  return r;
}

// sat: separating-axis theorem. Two convex shapes are disjoint iff some axis separates
// their projections. Axes: every unique edge normal of both polygons (a rectangle gives 2),
// plus the circle-to-nearest-vertex axis for circle-polygon, or the centre line for two
// circles (Eberly, "The Method of Separating Axes"; Ericson 5.2.1).
namespace {

// The fixed pairs, one instance per pair kind so the axis count is known and the loops
// unroll. With a trace, the same numbers are recorded (out of line).
using detail::mtd_box_box;
using detail::sat_box_box;

template <PairKind K>
SatResult sat_fixed(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit) {
  if (K == PairKind::BoxBox && !trace) return sat_box_box(a, b, early_exit);
  Fixed f;
  fixed_axes(a, b, K, f);
  const SatVerdict v = verdict(f);
  if (trace) trace_fixed(trace, a, b, K, f, v, early_exit);
  const int k = pick(v);
  const int stop = v.first + static_cast<int>(v.first < f.n);  // axes an early exit tests
  return SatResult{v.hit, f.axis[k], f.ov[k], early_exit ? stop : f.n};
}

template <PairKind K>
MtdResult mtd_fixed(const Collider& a, const Collider& b, SatTrace* trace) {
  if (K == PairKind::BoxBox && !trace) return mtd_box_box(a, b);
  Fixed f;
  fixed_axes(a, b, K, f);
  const SatVerdict v = verdict(f);
  if (trace) trace_fixed(trace, a, b, K, f, v, /*early_exit=*/true);
  // B lies at +d along the axis: A leaves toward -axis (d = 0: toward +axis). Computed for
  // every pair and zeroed on a miss, without a branch.
  const int k = v.least;
  const float on = static_cast<float>(v.hit);
  const float sign = 1.0f - 2.0f * static_cast<float>(f.d[k] > 0.0f);
  MtdResult m;
  m.hit = v.hit;
  m.depth = f.ov[k] * on + 0.0f;  // + 0 turns a miss's -0 into 0
  m.normal = f.axis[k] * (sign * on) + Vec2(0.0f);
  m.vector = m.normal * m.depth;
  return m;
}

}  // namespace

namespace {

[[gnu::noinline]] SatResult sat_dispatch(const Collider& a, const Collider& b, SatTrace* trace,
                                         bool early_exit) {
  switch (pair_kind(a, b)) {
    case PairKind::BoxBox:
      return sat_fixed<PairKind::BoxBox>(a, b, trace, early_exit);
    case PairKind::BoxCircle:
      return sat_fixed<PairKind::BoxCircle>(a, b, trace, early_exit);
    case PairKind::CircleBox:
      return sat_fixed<PairKind::CircleBox>(a, b, trace, early_exit);
    case PairKind::CircleCircle:
      return sat_fixed<PairKind::CircleCircle>(a, b, trace, early_exit);
    case PairKind::General:
      break;
  }
  return sat_general(a, b, trace, early_exit);
}

[[gnu::noinline]] MtdResult mtd_dispatch(const Collider& a, const Collider& b, SatTrace* trace) {
  switch (pair_kind(a, b)) {
    case PairKind::BoxBox:
      return mtd_fixed<PairKind::BoxBox>(a, b, trace);
    case PairKind::BoxCircle:
      return mtd_fixed<PairKind::BoxCircle>(a, b, trace);
    case PairKind::CircleBox:
      return mtd_fixed<PairKind::CircleBox>(a, b, trace);
    case PairKind::CircleCircle:
      return mtd_fixed<PairKind::CircleCircle>(a, b, trace);
    case PairKind::General:
      break;
  }
  return mtd_general(a, b, trace);
}

using detail::segment_pair;
using detail::SegmentPair;
using detail::SegmentWays;

// A segment against a circle or a box, untraced (collide_segment.h): the same numbers as the
// scan, out of line so the other pairs pay no part of its frame.
[[gnu::noinline]] SatResult sat_segment(const Collider& a, const Collider& b, SegmentPair p,
                                        bool early_exit) {
#if HITBOX_LANES
  if (p == SegmentPair::CircleSegment) return detail::sat_circle_segment<true>(a, b, early_exit);
  if (p == SegmentPair::SegmentCircle) return detail::sat_circle_segment<false>(b, a, early_exit);
#endif
  return detail::with_segment_ways(
      a, b, p, [&](const SegmentWays& w) { return detail::sat_ways(w, early_exit); });
}

[[gnu::noinline]] MtdResult mtd_segment(const Collider& a, const Collider& b, SegmentPair p) {
#if HITBOX_LANES
  if (p == SegmentPair::CircleSegment) return detail::mtd_circle_segment<true>(a, b);
  if (p == SegmentPair::SegmentCircle) return detail::mtd_circle_segment<false>(b, a);
#endif
  return detail::with_segment_ways(
      a, b, p, [&](const SegmentWays& w) { return detail::mtd_ways(w, a.pos, b.pos); });
}

}  // namespace

// The lane paths cover shapes with area (a polygon of 3 or more vertices and some edge axis,
// or a circle): points, segments and polygons collapsed to a point take the scan, which adds
// their extra axes.
inline bool lane_shape(const Collider& b) {
  return b.geom == Geom::Circle || (b.count >= 3 && b.axis_count > 0);
}
inline bool lane_pair(const Collider& a, const Collider& b) {
  return lane_shape(a) && lane_shape(b);
}

// Every traced call, and every untraced pair collide.h does not inline (the box, circle and
// circle-box pairs); called directly, it answers those too.
SatResult detail::sat_any(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit) {
  if (has_pieces(a) || has_pieces(b)) return sat_pieces(a, b, trace, early_exit, nullptr);
#if HITBOX_LANES
  if (!trace &&
      lane_pair(a, b)) {  // the lane paths of collide_fast.h: the same numbers as the scan
    if (a.geom == Geom::Circle && b.geom == Geom::Polygon) {
      return sat_circle_polygon<true>(a, b, early_exit);
    }
    if (a.geom == Geom::Polygon && b.geom == Geom::Circle) {
      return sat_circle_polygon<false>(b, a, early_exit);
    }
    if (a.geom == Geom::Polygon && b.geom == Geom::Polygon) {
      return sat_polygon_polygon(a, b, early_exit);
    }
  }
#endif
  if (const SegmentPair p = segment_pair(a, b); !trace && p != SegmentPair::None) {
    return sat_segment(a, b, p, early_exit);
  }
  return sat_dispatch(a, b, trace, early_exit);
}

// mtd: on the SAT axes, the axis of least overlap gives the minimum translation distance;
// its sign is the shorter way out of the two interval orders, so it points away from B.
// Exact for polygons (the Minkowski difference's normals are the edge normals) and for
// circle-polygon (the nearest-vertex axis covers the rounded corners).
MtdResult detail::mtd_any(const Collider& a, const Collider& b, SatTrace* trace) {
  if (has_pieces(a) || has_pieces(b)) return mtd_pieces(a, b, trace, nullptr);
#if HITBOX_LANES
  if (!trace && lane_pair(a, b)) {
    if (a.geom == Geom::Circle && b.geom == Geom::Polygon) return mtd_circle_polygon<true>(a, b);
    if (a.geom == Geom::Polygon && b.geom == Geom::Circle) return mtd_circle_polygon<false>(b, a);
    if (a.geom == Geom::Polygon && b.geom == Geom::Polygon) return mtd_polygon_polygon(a, b);
  }
#endif
  if (const SegmentPair p = segment_pair(a, b); !trace && p != SegmentPair::None) {
    return mtd_segment(a, b, p);
  }
  return mtd_dispatch(a, b, trace);
}

}  // namespace hitbox
