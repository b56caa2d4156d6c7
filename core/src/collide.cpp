// The collision algorithms: aabb, bounding_circle, sat, mtd, swept.
// Each function computes its answer and, when asked, the trace the window draws, in the
// same pass, so what is drawn is what was decided. Conventions: geometry.h, collide.h.
#include "hitbox/collide.h"

#include <cmath>
#include <limits>

namespace hitbox {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// Projection of a posed shape on a unit axis.
// Circle: centre +- r. Box: centre +- (hx |x.n| + hy |y.n|) (Ericson 4.4.1). Polygon: all
// vertices.
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
  float lo = dot(b.v[0], axis);
  float hi = lo;
  for (int i = 1; i < b.count; ++i) {
    const float d = dot(b.v[i], axis);
    lo = d < lo ? d : lo;
    hi = d > hi ? d : hi;
  }
  return Interval{lo, hi};
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
// Calls f(axis, source, feature) for each; stops when f returns false.
template <class F>
inline void for_each_axis(const Body& a, const Body& b, F&& f) {
  for (int k = 0; k < a.axis_count; ++k) {
    if (!f(a.axes[k], AxisSource::EdgeA, a.axis_edge[k])) return;
  }
  for (int k = 0; k < b.axis_count; ++k) {
    if (!f(b.axes[k], AxisSource::EdgeB, b.axis_edge[k])) return;
  }
  const bool ca = a.geom == Geom::Circle;
  const bool cb = b.geom == Geom::Circle;
  if (ca && cb) {
    f(normalize_or(b.pos - a.pos, Vec2(1.0f, 0.0f)), AxisSource::CentreLine, -1);
  } else if (ca || cb) {
    const Body& circle = ca ? a : b;
    const Body& poly = ca ? b : a;
    const int j = nearest_vertex(poly, circle.pos);
    const Vec2 d = poly.v[j] - circle.pos;
    // Centre exactly on a vertex: the shapes overlap; the edge axes already decide that.
    if (dot(d, d) > 0.0f) f(d / std::sqrt(dot(d, d)), AxisSource::CircleVertex, j);
  }
}

struct SatCore {
  bool hit = true;
  int tested = 0;
  Vec2 sep_axis{1.0f, 0.0f};
  float sep_overlap = 0.0f;
  Vec2 least_axis{1.0f, 0.0f};
  Interval least_a, least_b;
  float least_overlap = kInf;
};

// One pass over the axes. Records into trace when given. With early_exit, stops at the
// first separating axis.
inline SatCore sat_pass(const Body& a, const Body& b, SatTrace* trace, bool early_exit) {
  SatCore r;
  if (trace) {
    trace->axes.clear();
    trace->separating = -1;
    trace->least = -1;
    trace->early_exit = early_exit;
  }
  for_each_axis(a, b, [&](Vec2 axis, AxisSource src, int feature) {
    const Interval ia = project(a, axis);
    const Interval ib = project(b, axis);
    const float ov = interval_overlap(ia, ib);
    const int index = r.tested++;
    if (trace) trace->axes.push_back(SatAxis{axis, ia, ib, ov, src, feature});
    if (ov < r.least_overlap) {
      r.least_overlap = ov;
      r.least_axis = axis;
      r.least_a = ia;
      r.least_b = ib;
      if (trace) trace->least = index;
    }
    if (ov < 0.0f && r.hit) {
      r.hit = false;
      r.sep_axis = axis;
      r.sep_overlap = ov;
      if (trace) trace->separating = index;
      if (early_exit) return false;
    }
    return true;
  });
  return r;
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

// aabb: the two world boxes overlap when their x intervals and y intervals both overlap
// (closed). The boxes are computed once at pose time.
AabbResult aabb(const Body& a, const Body& b) {
  return AabbResult{aabb_overlaps(a.bounds, b.bounds), a.bounds, b.bounds};
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
  r.gap = std::sqrt(dot(d, d)) - rs;
  return r;
}

// sat: separating-axis theorem. Two convex shapes are disjoint iff some axis separates
// their projections. Axes: every unique edge normal of both polygons (a rectangle gives 2),
// plus the circle-to-nearest-vertex axis for circle-polygon, or the centre line for two
// circles (Eberly, "The Method of Separating Axes"; Ericson 5.2.1).
SatResult sat(const Body& a, const Body& b, SatTrace* trace, bool early_exit) {
  const SatCore c = sat_pass(a, b, trace, early_exit);
  SatResult r;
  r.hit = c.hit;
  r.tested = c.tested;
  r.axis = c.hit ? c.least_axis : c.sep_axis;
  r.overlap = c.hit ? c.least_overlap : c.sep_overlap;
  return r;
}

// mtd: on the SAT axes, the axis of least overlap gives the minimum translation distance;
// its sign is the shorter way out of the two interval orders, so it points away from B.
// Exact for polygons (the Minkowski difference's normals are the edge normals) and for
// circle-polygon (the nearest-vertex axis covers the rounded corners).
MtdResult mtd(const Body& a, const Body& b, SatTrace* trace) {
  const SatCore c = sat_pass(a, b, trace, /*early_exit=*/true);
  if (!c.hit) return MtdResult{};
  return push_out(c.least_axis, c.least_a, c.least_b, a.pos, b.pos);
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

  auto visit = [&](Vec2 axis, AxisSource src, int feature) {
    const Interval ia = project(a, axis);
    const Interval ib = project(b, axis);
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
    if (trace) trace->steps.push_back(SweptStep{axis, ia, ib, s, t0, t1, src, feature});
    if (t0 > t_enter) {
      t_enter = t0;
      entry_axis = axis;
      entry_speed = s;
      if (trace) trace->entry_step = index;
    }
    t_exit = std::min(t_exit, t1);
    ++index;
    if (t_enter > t_exit || t_enter > 1.0f || t_exit < 0.0f) {
      never = true;
      return false;
    }
    return true;
  };

  for_each_axis(a, b, visit);
  const float rel2 = dot(rel, rel);
  if (!never && rel2 > 0.0f) {
    visit(Vec2(-rel.y, rel.x) / std::sqrt(rel2), AxisSource::Velocity, -1);
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
  if (!(t <= 1.0f)) return r;
  r.hit = true;
  r.toi = std::max(t, 0.0f);
  r.normal = normalize_or(a.pos + rel * r.toi - b.pos, Vec2(1.0f, 0.0f));
  return r;
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
  }
  if (trace) {
    trace->t_enter = best;
    trace->t_exit = kInf;
  }
  if (!(best <= 1.0f)) return res;
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
SweptResult swept(const Body& a, const Body& b, SweptTrace* trace) {
  const bool ca = a.geom == Geom::Circle;
  const bool cb = b.geom == Geom::Circle;
  if (trace) {
    trace->steps.clear();
    trace->entry_step = -1;
    trace->rel_vel = a.vel - b.vel;
    trace->qa = trace->qb = trace->qc = 0.0f;
    trace->method = ca && cb    ? SweptMethod::Quadratic
                    : ca || cb  ? SweptMethod::RoundedPolygon
                                : SweptMethod::Slabs;
  }
  if (ca && cb) return swept_circles(a, b, trace);
  if (ca || cb) return swept_circle_polygon(a, b, trace);
  return swept_slabs(a, b, trace);
}

}  // namespace hitbox
