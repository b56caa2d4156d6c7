// The collision algorithms: aabb, bounding_circle, sat, mtd, swept.
// Each function computes its answer and, when asked, the trace the window draws, in the
// same pass, so what is drawn is what was decided. Conventions: geometry.h, collide.h.
#include "hitbox/collide.h"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace hitbox {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// Projection of a posed shape on a unit axis.
// Circle: centre +- r. Box: centre +- (hx |x.n| + hy |y.n|) (Ericson 4.4.1). Polygon: all
// vertices.
using detail::f4;
using detail::i4;

// Projection of a posed shape on a unit axis.
// Circle: centre +- r. Box: centre +- (hx |x.n| + hy |y.n|) (Ericson 4.4.1). Polygon: every
// vertex, four at a time from the padded x and y runs (lane by lane the same x*n.x + y*n.y as
// a scalar loop, so the numbers do not depend on the width).
inline Interval project(const Body& b, Vec2 axis) {
  switch (b.geom) {
    case Geom::Circle: {
      const float c = dot(b.pos, axis);
      return Interval{c - b.radius, c + b.radius};
    }
    case Geom::Box: {
      const float c = dot(b.pos, axis);
      const float e =
          b.half.x * std::fabs(dot(b.axis_x, axis)) + b.half.y * std::fabs(dot(b.axis_y, axis));
      return Interval{c - e, c + e};
    }
    case Geom::Polygon:
      break;
  }
  const f4 lx = {axis.x, axis.x, axis.x, axis.x};
  const f4 ly = {axis.y, axis.y, axis.y, axis.y};
  f4 x, y;
  std::memcpy(&x, b.vx, sizeof x);
  std::memcpy(&y, b.vy, sizeof y);
  f4 lo = x * lx + y * ly;
  f4 hi = lo;
  for (int i = 4; i < b.padded; i += 4) {
    std::memcpy(&x, b.vx + i, sizeof x);
    std::memcpy(&y, b.vy + i, sizeof y);
    const f4 d = x * lx + y * ly;
    lo = d < lo ? d : lo;
    hi = d > hi ? d : hi;
  }
  return Interval{std::min(std::min(lo[0], lo[1]), std::min(lo[2], lo[3])),
                  std::max(std::max(hi[0], hi[1]), std::max(hi[2], hi[3]))};
}

// A shape's interval on one of its own axes was found once, at pose time.
inline Interval own(const Body& b, int k) {
  return Interval{b.self[k].x, b.self[k].y};
}

inline Vec2 normalize_or(Vec2 d, Vec2 fallback) {
  const float len2 = dot(d, d);
  if (!(len2 > 0.0f)) return fallback;
  return d / std::sqrt(len2);
}

// The polygon vertex nearest to p.
inline int nearest_vertex(const Body& poly, Vec2 p) {
  int best = 0;
  float best_d2 = kInf;
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

// The candidate axes of a pair, in test order (Godot style: every axis listed explicitly):
// A's unique edge normals, B's unique edge normals, then for circle-polygon the axis from
// the circle's centre to the polygon's nearest vertex, or for circle-circle the centre line.
// Calls f(axis, interval of A, interval of B, source, feature) for each; stops when f
// returns false.
template <class F>
inline void for_each_axis(const Body& a, const Body& b, F&& f) {
  for (int k = 0; k < a.axis_count; ++k) {
    if (!f(a.axes[k], own(a, k), project(b, a.axes[k]), AxisSource::EdgeA, a.axis_edge[k])) return;
  }
  for (int k = 0; k < b.axis_count; ++k) {
    if (!f(b.axes[k], project(a, b.axes[k]), own(b, k), AxisSource::EdgeB, b.axis_edge[k])) return;
  }
  const bool ca = a.geom == Geom::Circle;
  const bool cb = b.geom == Geom::Circle;
  if (ca && cb) {
    const Vec2 axis = normalize_or(b.pos - a.pos, Vec2(1.0f, 0.0f));
    f(axis, project(a, axis), project(b, axis), AxisSource::CentreLine, -1);
  } else if (ca || cb) {
    const Body& circle = ca ? a : b;
    const Body& poly = ca ? b : a;
    const int j = nearest_vertex(poly, circle.pos);
    const Vec2 d = poly.v[j] - circle.pos;
    // Centre exactly on a vertex: the shapes overlap; the edge axes already decide that.
    if (dot(d, d) > 0.0f) {
      const Vec2 axis = d / std::sqrt(dot(d, d));
      f(axis, project(a, axis), project(b, axis), AxisSource::CircleVertex, j);
    }
  }
}

// One tested axis: both projections and their signed overlap.
struct AxisEval {
  Vec2 axis{1.0f, 0.0f};
  Interval a, b;
  float overlap = 0.0f;
  AxisSource source = AxisSource::EdgeA;
  int feature = -1;
};

inline AxisEval eval_axis(Vec2 axis, Interval ia, Interval ib, AxisSource src, int feature) {
  return AxisEval{axis, ia, ib, interval_overlap(ia, ib), src, feature};
}

inline Interval around(float centre, float extent) {
  return Interval{centre - extent, centre + extent};
}

// A fixed list of axes (box-box: 4, circle-box: 3), evaluated at once and without
// branches on the data. On each axis L: e = the shapes' half-widths, d = (B's centre - A's
// centre) . L, and the signed overlap is ea + eb - |d| (the same number as
// min(a.max - b.min, b.max - a.min), computed from the centre offset for precision).
struct Fixed {
  int n = 0;
  Vec2 axis[4];
  float ea[4], eb[4], d[4], ov[4];
};

// Box against box: A's local x and y, then B's. The four |cos| between the boxes' axes give
// every extent (Gottschalk's OBB test; Ericson 4.4.1): twelve dot products and no loop.
using detail::abs4;
using detail::box_box4;
using detail::BoxBox4;
using detail::splat4;

inline void box_box(const Body& a, const Body& b, Fixed& f) {
  const BoxBox4 r = box_box4(a, b);
  f.n = 4;
  for (int k = 0; k < 4; ++k) {
    f.axis[k] = Vec2(r.ax[k], r.ay[k]);
    f.ea[k] = r.ea[k];
    f.eb[k] = r.eb[k];
    f.d[k] = r.d[k];
    f.ov[k] = r.ov[k];
  }
}

// Circle against box, in the box's frame: the box's two axes, then the axis from the
// circle's centre to the box corner nearest to it (the corner in the centre's quadrant).
// n = 2 when the centre sits exactly on that corner.
inline void circle_box(const Body& box, const Body& circle, bool box_is_a, Fixed& f) {
  const Vec2 t = circle.pos - box.pos;
  const float tx = dot(t, box.axis_x);
  const float ty = dot(t, box.axis_y);
  const float sign = box_is_a ? 1.0f : -1.0f;  // d is B's centre minus A's
  const float r = circle.radius;
  auto put = [&](int k, Vec2 axis, float e_box, float d_box_to_circle) {
    f.axis[k] = axis;
    f.ea[k] = box_is_a ? e_box : r;
    f.eb[k] = box_is_a ? r : e_box;
    f.d[k] = sign * d_box_to_circle;
    f.ov[k] = (e_box + r) - std::fabs(d_box_to_circle);
  };
  put(0, box.axis_x, box.half.x, tx);
  put(1, box.axis_y, box.half.y, ty);
  const float cx = std::copysign(box.half.x, tx);  // branch-free corner choice
  const float cy = std::copysign(box.half.y, ty);
  const Vec2 dl(cx - tx, cy - ty);  // centre -> corner, box frame
  const float len2 = dot(dl, dl);
  f.n = 2;
  if (!(len2 > 0.0f)) return;
  const Vec2 l = dl * (1.0f / std::sqrt(len2));  // one division, not two
  const float e = box.half.x * std::fabs(l.x) + box.half.y * std::fabs(l.y);
  put(2, box.axis_x * l.x + box.axis_y * l.y, e, tx * l.x + ty * l.y);
  f.n = 3;
}

// The SAT verdict over a fixed list: miss at the first separating axis in test order,
// else hit with the least overlap.
struct Verdict {
  bool hit = true;
  int first = -1;  // first separating axis
  int least = 0;   // least overlap among all
};

inline Verdict verdict(const Fixed& f) {
  // Selections by masks, not branches: hits and misses arrive in no predictable order.
  Verdict v;
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
inline int pick(const Verdict& v) {
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

enum class PairKind { BoxBox, CircleBox, BoxCircle, General };

inline PairKind pair_kind(const Body& a, const Body& b) {
  if (a.geom == Geom::Box && b.geom == Geom::Box) return PairKind::BoxBox;
  if (a.geom == Geom::Circle && b.geom == Geom::Box) return PairKind::CircleBox;
  if (a.geom == Geom::Box && b.geom == Geom::Circle) return PairKind::BoxCircle;
  return PairKind::General;
}

inline void fixed_axes(const Body& a, const Body& b, PairKind k, Fixed& f) {
  if (k == PairKind::BoxBox) {
    box_box(a, b, f);
  } else if (k == PairKind::BoxCircle) {
    circle_box(a, b, /*box_is_a=*/true, f);
  } else {
    circle_box(b, a, /*box_is_a=*/false, f);
  }
}

// Fills the trace from a fixed list: the axes an early exit would test, with both
// projection intervals for drawing, and the indices.
[[gnu::noinline]] void trace_fixed(SatTrace* trace, const Body& a, const Body& b, PairKind kind,
                                   const Fixed& f, const Verdict& v, bool early_exit) {
  begin_trace(trace, early_exit);
  const int tested = (!v.hit && early_exit) ? v.first + 1 : f.n;
  const int separating = v.hit ? -1 : v.first;
  trace->least = 0;
  for (int k = 0; k < tested; ++k) {
    // Axis k: box-box A.x, A.y, B.x, B.y; circle-box the box's x, y, then the corner axis.
    AxisSource src;
    int feature;
    if (kind == PairKind::BoxBox) {
      src = k < 2 ? AxisSource::EdgeA : AxisSource::EdgeB;
      feature = k < 2 ? a.axis_edge[k] : b.axis_edge[k - 2];
    } else {
      const bool box_is_a = kind == PairKind::BoxCircle;
      const Body& box = box_is_a ? a : b;
      const Body& circle = box_is_a ? b : a;
      src = k == 2 ? AxisSource::CircleVertex : box_is_a ? AxisSource::EdgeA : AxisSource::EdgeB;
      feature = k == 2 ? nearest_vertex(box, circle.pos) : box.axis_edge[k];
    }
    record(trace, SatAxis{f.axis[k], around(dot(a.pos, f.axis[k]), f.ea[k]),
                          around(dot(b.pos, f.axis[k]), f.eb[k]), f.ov[k], src, feature});
    if (f.ov[k] < f.ov[trace->least]) trace->least = k;
  }
  trace->separating = separating;
}

// The general case (any pair with a polygon, or two circles): axes visited one by one, with
// an early exit at the first separating axis when asked.
struct Scan {
  bool hit = true;
  int tested = 0;
  AxisEval first;
  AxisEval least;
};

template <bool kTrace>
inline Scan scan_axes(const Body& a, const Body& b, SatTrace* trace, bool early_exit) {
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
[[gnu::noinline]] SatResult sat_general(const Body& a, const Body& b, SatTrace* trace,
                                        bool early_exit) {
  Scan sc;
  if (trace) {
    begin_trace(trace, early_exit);
    sc = scan_axes<true>(a, b, trace, early_exit);
  } else {
    sc = scan_axes<false>(a, b, nullptr, early_exit);
  }
  const AxisEval& pick = sc.hit ? sc.least : sc.first;
  return SatResult{sc.hit, pick.axis, pick.overlap, sc.tested};
}

[[gnu::noinline]] MtdResult mtd_general(const Body& a, const Body& b, SatTrace* trace) {
  Scan sc;
  if (trace) {
    begin_trace(trace, true);
    sc = scan_axes<true>(a, b, trace, true);
  } else {
    sc = scan_axes<false>(a, b, nullptr, true);
  }
  if (!sc.hit) return MtdResult{};
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
  }
  return "?";
}

const char* swept_method_name(SweptMethod m) {
  switch (m) {
    case SweptMethod::Slabs:
      return "slabs";
    case SweptMethod::Quadratic:
      return "quadratic";
    case SweptMethod::RoundedPolygon:
      return "rounded_polygon";
  }
  return "?";
}

// bounding_circle: circles about each shape's pos that contain it; the early-out of the
// rotated-rectangle method (compare squared distance with the squared radius sum).
BoundingCircleResult bounding_circle(const Body& a, const Body& b) {
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
using detail::lane_mask;
using detail::mtd_box_box;
using detail::sat_box_box;

template <PairKind K>
SatResult sat_fixed(const Body& a, const Body& b, SatTrace* trace, bool early_exit) {
  if (K == PairKind::BoxBox && !trace) return sat_box_box(a, b, early_exit);
  Fixed f;
  fixed_axes(a, b, K, f);
  const Verdict v = verdict(f);
  if (trace) trace_fixed(trace, a, b, K, f, v, early_exit);
  const int k = pick(v);
  const int stop = v.first + static_cast<int>(v.first < f.n);  // axes an early exit tests
  return SatResult{v.hit, f.axis[k], f.ov[k], early_exit ? stop : f.n};
}

template <PairKind K>
MtdResult mtd_fixed(const Body& a, const Body& b, SatTrace* trace) {
  if (K == PairKind::BoxBox && !trace) return mtd_box_box(a, b);
  Fixed f;
  fixed_axes(a, b, K, f);
  const Verdict v = verdict(f);
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

[[gnu::noinline]] SatResult sat_dispatch(const Body& a, const Body& b, SatTrace* trace,
                                         bool early_exit) {
  switch (pair_kind(a, b)) {
    case PairKind::BoxBox:
      return sat_fixed<PairKind::BoxBox>(a, b, trace, early_exit);
    case PairKind::BoxCircle:
      return sat_fixed<PairKind::BoxCircle>(a, b, trace, early_exit);
    case PairKind::CircleBox:
      return sat_fixed<PairKind::CircleBox>(a, b, trace, early_exit);
    case PairKind::General:
      break;
  }
  return sat_general(a, b, trace, early_exit);
}

[[gnu::noinline]] MtdResult mtd_dispatch(const Body& a, const Body& b, SatTrace* trace) {
  switch (pair_kind(a, b)) {
    case PairKind::BoxBox:
      return mtd_fixed<PairKind::BoxBox>(a, b, trace);
    case PairKind::BoxCircle:
      return mtd_fixed<PairKind::BoxCircle>(a, b, trace);
    case PairKind::CircleBox:
      return mtd_fixed<PairKind::CircleBox>(a, b, trace);
    case PairKind::General:
      break;
  }
  return mtd_general(a, b, trace);
}

}  // namespace

// Everything but the untraced box pair, which collide.h inlines.
SatResult detail::sat_any(const Body& a, const Body& b, SatTrace* trace, bool early_exit) {
  return sat_dispatch(a, b, trace, early_exit);
}

// mtd: on the SAT axes, the axis of least overlap gives the minimum translation distance;
// its sign is the shorter way out of the two interval orders, so it points away from B.
// Exact for polygons (the Minkowski difference's normals are the edge normals) and for
// circle-polygon (the nearest-vertex axis covers the rounded corners).
MtdResult detail::mtd_any(const Body& a, const Body& b, SatTrace* trace) {
  return mtd_dispatch(a, b, trace);
}

namespace {

// Polygon pairs: each axis gives a slab of times in which the moving intervals overlap;
// the pair overlaps in the intersection of all slabs (the extended SAT with the relative
// velocity axis; Ericson 5.5.8's interval test per axis).
SweptResult swept_slabs(const Body& a, const Body& b, SweptTrace* trace) {
  const Vec2 rel = a.vel - b.vel;
  float t_enter = -kInf;
  float t_exit = kInf;
  Vec2 entry_axis{1.0f, 0.0f};
  float entry_speed = 0.0f;
  bool never = false;
  int index = 0;

  auto visit = [&](Vec2 axis, Interval ia, Interval ib, AxisSource src, int feature) {
    const float s = src == AxisSource::Velocity ? 0.0f : dot(rel, axis);
    float t0, t1;
    if (s == 0.0f) {
      const bool overlap = interval_overlap(ia, ib) >= 0.0f;
      t0 = overlap ? -kInf : kInf;
      t1 = overlap ? kInf : -kInf;
    } else {
      t0 = (ib.min - ia.max) / s;
      t1 = (ib.max - ia.min) / s;
      if (t0 > t1) std::swap(t0, t1);
    }
    if (t0 > t_enter) {
      t_enter = t0;
      entry_axis = axis;
      entry_speed = s;
      if (trace) trace->entry_step = index;
    }
    t_exit = std::min(t_exit, t1);
    if (trace) {
      trace->steps.push_back(
          SweptStep{axis, ia, ib, s, t0, t1, src, feature, t_enter, t_exit, trace->entry_step});
    }
    ++index;
    if (t_enter > t_exit || t_enter > 1.0f || t_exit < 0.0f) {
      never = true;
      if (trace) {
        trace->miss = t_enter > t_exit ? SweptMiss::Disjoint
                      : t_exit < 0.0f  ? SweptMiss::Before
                                       : SweptMiss::After;
      }
      return false;
    }
    return true;
  };

  if (a.geom == Geom::Box && b.geom == Geom::Box) {
    // The same four axes and extents as the static test.
    Fixed f;
    box_box(a, b, f);
    for (int k = 0; k < 4; ++k) {
      const Interval ia = around(dot(a.pos, f.axis[k]), f.ea[k]);
      const Interval ib = around(dot(b.pos, f.axis[k]), f.eb[k]);
      const AxisSource src = k < 2 ? AxisSource::EdgeA : AxisSource::EdgeB;
      if (!visit(f.axis[k], ia, ib, src, k < 2 ? a.axis_edge[k] : b.axis_edge[k - 2])) break;
    }
  } else {
    for_each_axis(a, b, visit);
  }
  const float rel2 = dot(rel, rel);
  if (!never && rel2 > 0.0f) {
    const Vec2 axis = Vec2(-rel.y, rel.x) / std::sqrt(rel2);
    visit(axis, project(a, axis), project(b, axis), AxisSource::Velocity, -1);
  }
  if (trace) {
    trace->t_enter = t_enter;
    trace->t_exit = t_exit;
  }

  SweptResult r;
  if (never) return r;
  if (t_enter <= 0.0f) {
    r.hit = true;
    r.initially_overlapping = true;
    r.toi = 0.0f;
    r.mtd = mtd(a, b);
    r.normal = r.mtd.normal;
    return r;
  }
  r.hit = true;
  r.toi = t_enter;
  // A was moving toward B along the entry axis; the normal points back toward A.
  r.normal = entry_speed > 0.0f ? -entry_axis : entry_axis;
  return r;
}

// Smallest root t of |p + t u - c|^2 = r^2 with the ray starting outside, or +inf.
inline float ray_circle(Vec2 p, Vec2 u, Vec2 c, float r, float* qa, float* qb, float* qc) {
  const Vec2 d = p - c;
  const float a = dot(u, u);
  const float b = 2.0f * dot(d, u);
  const float cc = dot(d, d) - r * r;
  if (qa) {
    *qa = a;
    *qb = b;
    *qc = cc;
  }
  if (a == 0.0f) return kInf;
  const float disc = b * b - 4.0f * a * cc;
  if (disc < 0.0f || b >= 0.0f) return kInf;  // no root, or moving apart
  // Numerically stable smaller root: t = 2c / (-b + sqrt(disc)).
  return 2.0f * cc / (-b + std::sqrt(disc));
}

// Circle-circle: the centre of A relative to B moves along p + t v; contact when the
// distance equals ra + rb, a quadratic in t (the Flash-era swept-circle method).
SweptResult swept_circles(const Body& a, const Body& b, SweptTrace* trace) {
  const Vec2 rel = a.vel - b.vel;
  const float rs = a.radius + b.radius;
  float qa = 0.0f, qb = 0.0f, qc = 0.0f;
  const float t = ray_circle(a.pos, rel, b.pos, rs, &qa, &qb, &qc);
  if (trace) {
    trace->qa = qa;
    trace->qb = qb;
    trace->qc = qc;
    trace->t_enter = qc <= 0.0f ? 0.0f : t;
    trace->t_exit = kInf;
  }
  SweptResult r;
  if (qc <= 0.0f) {
    r.hit = true;
    r.initially_overlapping = true;
    r.mtd = mtd(a, b);
    r.normal = r.mtd.normal;
    return r;
  }
  if (!(t <= 1.0f)) {
    if (trace) trace->miss = SweptMiss::NotReached;
    return r;
  }
  r.hit = true;
  r.toi = std::max(t, 0.0f);
  r.normal = normalize_or(a.pos + rel * r.toi - b.pos, Vec2(1.0f, 0.0f));
  return r;
}

// RoundedPolygon steps: the earliest feature time so far, on the step just recorded.
inline void running(SweptTrace* trace, float best) {
  SweptStep& s = trace->steps.back();
  s.run_enter = best;
  s.run_exit = kInf;
  s.run_entry_step = trace->entry_step;
}

// Circle-polygon: the circle's centre moves, relative to the polygon, along a ray; the
// circle touches the polygon when the centre reaches the polygon grown by the radius
// (the edges pushed out by r, and a disc of radius r at every vertex). Exact, no steps.
SweptResult swept_circle_polygon(const Body& a, const Body& b, SweptTrace* trace) {
  const bool circle_is_a = a.geom == Geom::Circle;
  const Body& circle = circle_is_a ? a : b;
  const Body& poly = circle_is_a ? b : a;
  const Vec2 u = circle.vel - poly.vel;  // circle centre's motion relative to the polygon
  const Vec2 p = circle.pos;
  const float r = circle.radius;

  SweptResult res;
  if (sat(a, b).hit) {
    res.hit = true;
    res.initially_overlapping = true;
    res.mtd = mtd(a, b);
    res.normal = res.mtd.normal;
    if (trace) trace->t_enter = 0.0f;
    return res;
  }

  float best = kInf;
  Vec2 best_normal{0.0f, 0.0f};
  const AxisSource edge_src = circle_is_a ? AxisSource::EdgeB : AxisSource::EdgeA;
  for (int i = 0; i < poly.count; ++i) {
    const Vec2 n = poly.n[i];
    const Vec2 v0 = poly.v[i];
    const Vec2 e = poly.v[(i + 1) % poly.count] - v0;
    const float approach = dot(n, u);
    float t = kInf;
    if (approach < 0.0f) {
      const float dist = dot(n, p - v0);  // > r while outside this edge's offset line
      const float th = (r - dist) / approach;
      const Vec2 q = p + u * th;
      const float s = dot(q - v0, e);
      if (th >= 0.0f && s >= 0.0f && s <= dot(e, e)) t = th;
    }
    if (trace) trace->steps.push_back(SweptStep{n, {}, {}, approach, t, kInf, edge_src, i});
    if (t < best) {
      best = t;
      best_normal = n;
      if (trace) trace->entry_step = static_cast<int>(trace->steps.size()) - 1;
    }
    if (trace) running(trace, best);
  }
  for (int j = 0; j < poly.count; ++j) {
    const float t = ray_circle(p, u, poly.v[j], r, nullptr, nullptr, nullptr);
    const Vec2 dir = normalize_or(p + u * (t < kInf ? t : 0.0f) - poly.v[j], poly.n[j]);
    if (trace) {
      trace->steps.push_back(
          SweptStep{dir, {}, {}, dot(u, dir), t, kInf, AxisSource::CircleVertex, j});
    }
    if (t < best) {
      best = t;
      best_normal = dir;
      if (trace) trace->entry_step = static_cast<int>(trace->steps.size()) - 1;
    }
    if (trace) running(trace, best);
  }
  if (trace) {
    trace->t_enter = best;
    trace->t_exit = kInf;
  }
  if (!(best <= 1.0f)) {
    if (trace) trace->miss = SweptMiss::NotReached;
    return res;
  }
  res.hit = true;
  res.toi = std::max(best, 0.0f);
  // best_normal points from the polygon toward the circle.
  res.normal = circle_is_a ? best_normal : -best_normal;
  return res;
}

}  // namespace

// swept: time of impact of A moving by A.vel and B by B.vel over t in [0, 1].
// Polygon pairs by SAT slabs plus the relative-velocity axis; circle-circle by the
// quadratic; circle-polygon by a ray against the rounded polygon. Overlap at t = 0 gives
// toi 0 and the MTD.
namespace {

// Box-box slabs without a trace: the four box axes in lanes (one division instruction for
// all of them), then the relative-velocity axis. The same arithmetic, lane by lane, as
// swept_slabs() records in a trace.
SweptResult swept_box_box(const Body& a, const Body& b) {
  const BoxBox4 r = box_box4(a, b);
  const Vec2 rel = a.vel - b.vel;
  const f4 s = splat4(rel.x) * r.ax + splat4(rel.y) * r.ay;
  const f4 ca = splat4(a.pos.x) * r.ax + splat4(a.pos.y) * r.ay;
  const f4 cb = splat4(b.pos.x) * r.ax + splat4(b.pos.y) * r.ay;
  const f4 gap_in = (cb - r.eb) - (ca + r.ea);   // ib.min - ia.max
  const f4 gap_out = (cb + r.eb) - (ca - r.ea);  // ib.max - ia.min
  const i4 still = s == f4{};
  const f4 safe_s = still ? splat4(1.0f) : s;
  f4 t0 = gap_in / safe_s;
  f4 t1 = gap_out / safe_s;
  const i4 swap = t0 > t1;
  const f4 lo = swap ? t1 : t0;
  const f4 hi = swap ? t0 : t1;
  // A lane with no motion along its axis: always overlapping, or never.
  const i4 overlap = ((ca + r.ea) - (cb - r.eb) >= f4{}) & ((cb + r.eb) - (ca - r.ea) >= f4{});
  const f4 inf = splat4(kInf);
  t0 = still ? (overlap ? -inf : inf) : lo;
  t1 = still ? (overlap ? inf : -inf) : hi;
  float t_enter = std::max(std::max(t0[0], t0[1]), std::max(t0[2], t0[3]));
  float t_exit = std::min(std::min(t1[0], t1[1]), std::min(t1[2], t1[3]));
  const int entry = std::countr_zero(lane_mask(t0 == splat4(t_enter)) | 16u);
  Vec2 entry_axis(r.ax[entry & 3], r.ay[entry & 3]);
  float entry_speed = s[entry & 3];
  SweptResult res;
  if (t_enter > t_exit || t_enter > 1.0f || t_exit < 0.0f) return res;
  const float rel2 = dot(rel, rel);
  if (rel2 > 0.0f) {
    // The velocity axis: no motion along it, so a static test.
    const Vec2 axis = Vec2(-rel.y, rel.x) / std::sqrt(rel2);
    if (interval_overlap(project(a, axis), project(b, axis)) < 0.0f) return res;
  }
  res.hit = true;
  if (t_enter <= 0.0f) {
    res.initially_overlapping = true;
    res.mtd = mtd(a, b);
    res.normal = res.mtd.normal;
    return res;
  }
  res.toi = t_enter;
  res.normal = entry_speed > 0.0f ? -entry_axis : entry_axis;
  return res;
}

}  // namespace

SweptResult swept(const Body& a, const Body& b, SweptTrace* trace) {
  if (!trace && a.geom == Geom::Box && b.geom == Geom::Box) return swept_box_box(a, b);
  const bool ca = a.geom == Geom::Circle;
  const bool cb = b.geom == Geom::Circle;
  if (trace) {
    trace->steps.clear();
    trace->entry_step = -1;
    trace->rel_vel = a.vel - b.vel;
    trace->qa = trace->qb = trace->qc = 0.0f;
    trace->miss = SweptMiss::None;
    trace->method = ca && cb   ? SweptMethod::Quadratic
                    : ca || cb ? SweptMethod::RoundedPolygon
                               : SweptMethod::Slabs;
  }
  if (ca && cb) return swept_circles(a, b, trace);
  if (ca || cb) return swept_circle_polygon(a, b, trace);
  return swept_slabs(a, b, trace);
}

}  // namespace hitbox
