// The collision algorithms bounding_circle, sat and mtd (aabb is inline in collide.h, swept
// is swept.cpp). Each function computes its answer and, when asked, the trace the window
// draws, in the same pass, so what is drawn is what was decided. Conventions: geometry.h,
// collide.h.
#include "hitbox/collide.h"

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

// The general case (a box and a polygon, points, segments other than with a circle or a box,
// polygons collapsed to a point): axes visited one by one, with an early exit at the first
// separating axis when asked.
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
template <bool kTrace>
[[gnu::noinline]] SatResult sat_general(const Collider& a, const Collider& b, SatTrace* trace,
                                        bool early_exit) {
  if constexpr (kTrace) begin_trace(trace, early_exit);
  const Scan sc = scan_axes<kTrace>(a, b, trace, early_exit);
  // No axis at all (two points on one spot): nothing separates them and nothing overlaps,
  // so they touch.
  if (sc.tested == 0) return SatResult{true, Vec2(1.0f, 0.0f), 0.0f, 0};
  const AxisEval& pick = sc.hit ? sc.least : sc.first;
  return SatResult{sc.hit, pick.axis, pick.overlap, sc.tested};
}

template <bool kTrace>
[[gnu::noinline]] MtdResult mtd_general(const Collider& a, const Collider& b, SatTrace* trace) {
  if constexpr (kTrace) begin_trace(trace, true);
  const Scan sc = scan_axes<kTrace>(a, b, trace, true);
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
    case AxisSource::CapsuleEnd:
      return "capsule_end";
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

// The fixed pairs: each pair's one kernel (detail/box_lanes.h, detail/round_pairs.h), with its
// recording on when traced.
template <bool kTrace>
SatResult sat_fixed(const Collider& a, const Collider& b, PairKind k, SatTrace* trace,
                    bool early_exit) {
  switch (k) {
    case PairKind::BoxBox:
      return detail::sat_box_box<kTrace>(a, b, early_exit, trace);
    case PairKind::BoxCircle:
      return detail::sat_circle_box<kTrace>(a, b, /*box_is_a=*/true, early_exit, trace);
    case PairKind::CircleBox:
      return detail::sat_circle_box<kTrace>(b, a, /*box_is_a=*/false, early_exit, trace);
    default:
      return detail::sat_circle_circle<kTrace>(a, b, early_exit, trace);
  }
}

template <bool kTrace>
MtdResult mtd_fixed(const Collider& a, const Collider& b, PairKind k, SatTrace* trace) {
  switch (k) {
    case PairKind::BoxBox:
      return detail::mtd_box_box<kTrace>(a, b, trace);
    case PairKind::BoxCircle:
      return detail::mtd_circle_box<kTrace>(a, b, /*box_is_a=*/true, trace);
    case PairKind::CircleBox:
      return detail::mtd_circle_box<kTrace>(b, a, /*box_is_a=*/false, trace);
    default:
      return detail::mtd_circle_circle<kTrace>(a, b, trace);
  }
}

[[gnu::noinline]] SatResult sat_dispatch(const Collider& a, const Collider& b, SatTrace* trace,
                                         bool early_exit) {
  const PairKind k = pair_kind(a, b);
  if (k == PairKind::General) {
    return trace ? sat_general<true>(a, b, trace, early_exit)
                 : sat_general<false>(a, b, nullptr, early_exit);
  }
  return trace ? sat_fixed<true>(a, b, k, trace, early_exit)
               : sat_fixed<false>(a, b, k, nullptr, early_exit);
}

[[gnu::noinline]] MtdResult mtd_dispatch(const Collider& a, const Collider& b, SatTrace* trace) {
  const PairKind k = pair_kind(a, b);
  if (k == PairKind::General) {
    return trace ? mtd_general<true>(a, b, trace) : mtd_general<false>(a, b, nullptr);
  }
  return trace ? mtd_fixed<true>(a, b, k, trace) : mtd_fixed<false>(a, b, k, nullptr);
}

using detail::segment_pair;
using detail::SegmentPair;

// A segment against a circle or a box (collide_segment.h), out of line so the other pairs pay
// no part of its frame.
template <bool kTrace>
[[gnu::noinline]] SatResult sat_segment(const Collider& a, const Collider& b, SegmentPair p,
                                        bool early_exit, SatTrace* trace) {
  if (p == SegmentPair::CircleSegment) {
    return detail::sat_circle_segment<true, kTrace>(a, b, early_exit, trace);
  }
  if (p == SegmentPair::SegmentCircle) {
    return detail::sat_circle_segment<false, kTrace>(b, a, early_exit, trace);
  }
  return detail::with_box_segment_ways<kTrace>(
      a, b, p, [&](const auto& w) { return detail::sat_ways<kTrace>(w, early_exit, trace); });
}

template <bool kTrace>
[[gnu::noinline]] MtdResult mtd_segment(const Collider& a, const Collider& b, SegmentPair p,
                                        SatTrace* trace) {
  if (p == SegmentPair::CircleSegment) return detail::mtd_circle_segment<true, kTrace>(a, b, trace);
  if (p == SegmentPair::SegmentCircle) {
    return detail::mtd_circle_segment<false, kTrace>(b, a, trace);
  }
  return detail::with_box_segment_ways<kTrace>(
      a, b, p, [&](const auto& w) { return detail::mtd_ways<kTrace>(w, a.pos, b.pos, trace); });
}

}  // namespace

// The trace of a fixed pair, which its kernel passes when traced.
void detail::record_fixed(SatTrace* trace, const Collider& a, const Collider& b, const FixedAxes& f,
                          bool hit, int first, bool early_exit) {
  record_axes(trace, early_exit, hit, first, f.n, [&](int k) {
    return SatAxis{f.axis[k],
                   around(dot(a.pos, f.axis[k]), f.ea[k]),
                   around(dot(b.pos, f.axis[k]), f.eb[k]),
                   f.ov[k],
                   f.source[k],
                   f.feature[k]};
  });
}

// collide_fast.h's kernels cover shapes with area (a polygon of 3 or more vertices and some
// edge axis, or a circle): points, segments and polygons collapsed to a point take the scan,
// which adds their extra axes.
inline bool lane_shape(const Collider& b) {
  return b.geom == Geom::Circle || (b.count >= 3 && b.axis_count > 0);
}
inline bool lane_pair(const Collider& a, const Collider& b) {
  return lane_shape(a) && lane_shape(b);
}

// Every traced call, and every untraced pair collide.h does not inline (the box, circle and
// circle-box pairs); called directly, it answers those too. One function answers each pair,
// traced or not.
SatResult detail::sat_any(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit) {
  if (has_pieces(a) || has_pieces(b)) return sat_pieces(a, b, trace, early_exit, nullptr);
  if (lane_pair(a, b)) {  // collide_fast.h's kernels, traced or not
    if (a.geom == Geom::Circle && b.geom == Geom::Polygon) {
      return trace ? sat_circle_polygon<true, true>(a, b, early_exit, trace)
                   : sat_circle_polygon<true>(a, b, early_exit);
    }
    if (a.geom == Geom::Polygon && b.geom == Geom::Circle) {
      return trace ? sat_circle_polygon<false, true>(b, a, early_exit, trace)
                   : sat_circle_polygon<false>(b, a, early_exit);
    }
    if (a.geom == Geom::Polygon && b.geom == Geom::Polygon) {
      return trace ? sat_polygon_polygon<true>(a, b, early_exit, trace)
                   : sat_polygon_polygon(a, b, early_exit);
    }
  }
  if (const SegmentPair p = segment_pair(a, b); p != SegmentPair::None) {
    return trace ? sat_segment<true>(a, b, p, early_exit, trace)
                 : sat_segment<false>(a, b, p, early_exit, nullptr);
  }
  return sat_dispatch(a, b, trace, early_exit);
}

// mtd: on the SAT axes, the axis of least overlap gives the minimum translation distance;
// its sign is the shorter way out of the two interval orders, so it points away from B.
// Exact for polygons (the Minkowski difference's normals are the edge normals) and for
// circle-polygon (the nearest-vertex axis covers the rounded corners).
MtdResult detail::mtd_any(const Collider& a, const Collider& b, SatTrace* trace) {
  if (has_pieces(a) || has_pieces(b)) return mtd_pieces(a, b, trace, nullptr);
  if (lane_pair(a, b)) {
    if (a.geom == Geom::Circle && b.geom == Geom::Polygon) {
      return trace ? mtd_circle_polygon<true, true>(a, b, trace) : mtd_circle_polygon<true>(a, b);
    }
    if (a.geom == Geom::Polygon && b.geom == Geom::Circle) {
      return trace ? mtd_circle_polygon<false, true>(b, a, trace) : mtd_circle_polygon<false>(b, a);
    }
    if (a.geom == Geom::Polygon && b.geom == Geom::Polygon) {
      return trace ? mtd_polygon_polygon<true>(a, b, trace) : mtd_polygon_polygon(a, b);
    }
  }
  if (const SegmentPair p = segment_pair(a, b); p != SegmentPair::None) {
    return trace ? mtd_segment<true>(a, b, p, trace) : mtd_segment<false>(a, b, p, nullptr);
  }
  return mtd_dispatch(a, b, trace);
}

}  // namespace hitbox
