// swept: the time of impact of two moving shapes over one step (collide.h). Polygon pairs by
// SAT slabs plus the relative-velocity axis, circle-circle by the quadratic, circle-polygon
// by a ray against the rounded polygon; no sub-stepping. Shared axis helpers:
// collide_axes.h.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "collide_axes.h"
#include "collide_fast.h"
#include "hitbox/collide.h"
#include "hitbox/concave.h"

namespace hitbox {

using namespace collide_detail;  // NOLINT: the algorithms' own internal helpers

const char* swept_method_name(SweptMethod m) {
  switch (m) {
    case SweptMethod::Slabs:
      return "slabs";
    case SweptMethod::Quadratic:
      return "quadratic";
    case SweptMethod::RoundedPolygon:
      return "rounded_polygon";
    case SweptMethod::RoundedDifference:
      return "rounded_difference";
    case SweptMethod::ConservativeAdvancement:
      return "conservative_advancement";
  }
  return "?";
}

namespace {

// The relative-velocity axis of the slabs, across the motion: nothing moves along it, so a
// static test; the shapes are apart when it separates them.
struct MotionAxis {
  Vec2 axis;
  Interval a, b;
  bool apart;
};

HITBOX_ALWAYS_INLINE MotionAxis motion_axis(const Collider& a, const Collider& b, Vec2 rel,
                                            float rel2) {
  const Vec2 axis = Vec2(-rel.y, rel.x) / std::sqrt(rel2);
  const Interval ia = project(a, axis), ib = project(b, axis);
  return MotionAxis{axis, ia, ib, interval_overlap(ia, ib) < 0.0f};
}

// The times [t0, t1] in which the intervals, A moving at speed s along the axis, overlap: all
// time or none when nothing moves along it.
inline void slab_times(Interval ia, Interval ib, float s, float& t0, float& t1) {
  if (s == 0.0f) {
    const bool overlap = interval_overlap(ia, ib) >= 0.0f;
    t0 = overlap ? -kInf : kInf;
    t1 = overlap ? kInf : -kInf;
    return;
  }
  t0 = (ib.min - ia.max) / s;
  t1 = (ib.max - ia.min) / s;
  if (t0 > t1) std::swap(t0, t1);
}

// The slabs so far: the latest entry (the first axis on ties), the earliest exit.
struct Slabs {
  float t_enter = -kInf;
  float t_exit = kInf;
  Vec2 entry_axis{1.0f, 0.0f};
  float entry_speed = 0.0f;
  int entry = -1;  // the axis of the latest entry
  int count = 0;

  // One more axis's slab; false once no impact can come in [0, 1] (the walk stops there).
  bool add(Vec2 axis, float s, float t0, float t1) {
    if (t0 > t_enter) {
      t_enter = t0;
      entry_axis = axis;
      entry_speed = s;
      entry = count;
    }
    t_exit = std::min(t_exit, t1);
    ++count;
    return !(t_enter > t_exit || t_enter > 1.0f || t_exit < 0.0f);
  }
  SweptMiss miss() const {
    return t_enter > t_exit ? SweptMiss::Disjoint
           : t_exit < 0.0f  ? SweptMiss::Before
                            : SweptMiss::After;
  }
};

// One axis into the slabs and, traced, its step; false once no impact can come.
inline bool slab_step(Slabs& run, SweptTrace* trace, Vec2 axis, Interval ia, Interval ib, float s,
                      float t0, float t1, AxisSource src, int feature) {
  const bool go = run.add(axis, s, t0, t1);
  if (trace) {
    trace->entry_step = run.entry;
    trace->steps.push_back(
        SweptStep{axis, ia, ib, s, t0, t1, src, feature, run.t_enter, run.t_exit, run.entry});
    if (!go) trace->miss = run.miss();
  }
  return go;
}

// The relative-velocity axis as the last slab, unless the walk stopped.
inline bool motion_step(Slabs& run, SweptTrace* trace, const MotionAxis& m) {
  float t0, t1;
  slab_times(m.a, m.b, 0.0f, t0, t1);
  return slab_step(run, trace, m.axis, m.a, m.b, 0.0f, t0, t1, AxisSource::Velocity, -1);
}

inline void slabs_end(SweptTrace* trace, const Slabs& run) {
  if (trace) {
    trace->t_enter = run.t_enter;
    trace->t_exit = run.t_exit;
  }
}

// The slabs' answer once every axis is in: no impact (`never`), overlapping already at t = 0
// (toi 0, with the MTD and its normal), or the latest entry, its normal back toward A (A was
// moving toward B along the entry axis).
SweptResult slabs_result(const Collider& a, const Collider& b, bool never, float t_enter,
                         Vec2 entry_axis, float entry_speed) {
  SweptResult r;
  if (never) return r;
  r.hit = true;
  if (t_enter <= 0.0f) {
    r.initially_overlapping = true;
    r.mtd = mtd(a, b);
    r.normal = r.mtd.normal;
    return r;
  }
  r.toi = t_enter;
  r.normal = entry_speed > 0.0f ? -entry_axis : entry_axis;
  return r;
}

// Polygon pairs: each axis gives a slab of times in which the moving intervals overlap;
// the pair overlaps in the intersection of all slabs (the extended SAT with the relative
// velocity axis; Ericson 5.5.8's interval test per axis). The pairs with segments or points,
// and a box with a polygon; the lane kernels below take the others.
SweptResult swept_slabs(const Collider& a, const Collider& b, SweptTrace* trace) {
  const Vec2 rel = a.vel - b.vel;
  Slabs run;
  bool never = false;
  for_each_axis(a, b, [&](Vec2 axis, Interval ia, Interval ib, AxisSource src, int feature) {
    const float s = dot(rel, axis);
    float t0, t1;
    slab_times(ia, ib, s, t0, t1);
    never = !slab_step(run, trace, axis, ia, ib, s, t0, t1, src, feature);
    return !never;
  });
  const float rel2 = dot(rel, rel);
  if (!never && rel2 > 0.0f) never = !motion_step(run, trace, motion_axis(a, b, rel, rel2));
  slabs_end(trace, run);
  return slabs_result(a, b, never, run.t_enter, run.entry_axis, run.entry_speed);
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
SweptResult swept_circles(const Collider& a, const Collider& b, SweptTrace* trace) {
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

// Overlapping at t = 0: toi 0 and the MTD.
SweptResult overlapping_at_start(const Collider& a, const Collider& b, SweptTrace* trace) {
  SweptResult res;
  res.hit = true;
  res.initially_overlapping = true;
  res.mtd = mtd(a, b);
  res.normal = res.mtd.normal;
  if (trace) trace->t_enter = 0.0f;
  return res;
}

// The ray p + t u against `poly` (its edges and vertices) grown by r: the earliest t in [0, 1]
// and the normal there, from the polygon toward the ray's point (negated unless point_is_a).
SweptResult rounded_ray(Vec2 p, Vec2 u, float r, const Collider& poly, bool point_is_a,
                        SweptTrace* trace) {
  const bool circle_is_a = point_is_a;
  SweptResult res;
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

// Circle-polygon: the circle's centre moves, relative to the polygon, along a ray; the
// circle touches the polygon when the centre reaches the polygon grown by the radius
// (the edges pushed out by r, and a disc of radius r at every vertex). Exact, no steps. A
// capsule is its core segment here, grown by both radii.
SweptResult swept_circle_polygon(const Collider& a, const Collider& b, SweptTrace* trace) {
  const bool circle_is_a = a.geom == Geom::Circle;
  const Collider& circle = circle_is_a ? a : b;
  const Collider& poly = circle_is_a ? b : a;
  if (sat(a, b).hit) return overlapping_at_start(a, b, trace);
  // The circle centre's motion relative to the polygon.
  return rounded_ray(circle.pos, circle.vel - poly.vel, circle.radius + poly.radius, poly,
                     circle_is_a, trace);
}

// A capsule against a shape that is not a circle, or two capsules: A's core moving by the
// relative velocity u first comes within rA + rB of B's core when the ray t u from the origin
// reaches the cores' Minkowski difference {b - a} grown by rA + rB (Ericson 5.5.7, "swept
// volumes"): rounded_ray against that difference (collide_axes.h). The trace's features are
// the difference's edges and vertices.
SweptResult swept_rounded_difference(const Collider& a, const Collider& b, SweptTrace* trace) {
  if (sat(a, b).hit) return overlapping_at_start(a, b, trace);
  const CoreDifference d(a, b);
  return rounded_ray(Vec2(0.0f), a.vel - b.vel, a.radius + b.radius, d.shape, true, trace);
}

using detail::select;
using detail::shuffle;
using detail::vmin;

// The earliest lane of least t over groups (first index on ties): fills best and at.
inline void earliest(f4 t, int base, float& best, int& at) {
  f4 m = vmin(t, shuffle<1, 0, 3, 2>(t));
  m = vmin(m, shuffle<2, 3, 0, 1>(m));
  const bool better = m[0] < best;
  const int lane = std::countr_zero(lane_mask(t == m) | 16u);
  at = better ? base + lane : at;
  best = better ? m[0] : best;
}

// Circle against a polygon with area: the edges four at a time and the vertices four at a time,
// every branch of swept_circle_polygon()'s loops a select in lanes: lane by lane the same
// float operations, the same earliest feature (edges before vertices, first index on ties),
// the same normal. Traced, each feature's time is kept and recorded after the loop, in
// swept_circle_polygon()'s order.
template <bool kTrace>
SweptResult swept_circle_polygon_lanes(const Collider& a, const Collider& b, SweptTrace* trace) {
  const bool circle_is_a = a.geom == Geom::Circle;
  const Collider& circle = circle_is_a ? a : b;
  const Collider& poly = circle_is_a ? b : a;
  const Vec2 u = circle.vel - poly.vel;
  const Vec2 p = circle.pos;
  const float r = circle.radius;

  SweptResult res;
  if (sat(a, b).hit) {
    res.hit = true;
    res.initially_overlapping = true;
    res.mtd = mtd(a, b);
    res.normal = res.mtd.normal;
    if constexpr (kTrace) trace->t_enter = 0.0f;
    return res;
  }
  const int count = poly.count;
  // Traced: each edge's time and approach speed, each vertex's time.
  alignas(16) float edge_t[kMaxPolygonPoints + 4], edge_speed[kMaxPolygonPoints + 4];
  alignas(16) float vertex_t[kMaxPolygonPoints + 4];
  const f4 ux = splat4(u.x), uy = splat4(u.y), px = splat4(p.x), py = splat4(p.y);
  const f4 rr = splat4(r), inf = splat4(kInf), zero{};
  float best_edge = kInf, best_vertex = kInf;
  int edge = -1, vertex = -1;
  for (int i = 0; i < poly.padded; i += 4) {
    f4 x0, y0, nx, ny, x1, y1;
    std::memcpy(&x0, poly.vx + i, sizeof x0);
    std::memcpy(&y0, poly.vy + i, sizeof y0);
    // The next vertices: this group shifted by one, then the next group's first (or v[0]).
    const int next = i + 4 < poly.padded ? i + 4 : 0;
    f4 xn, yn;
    std::memcpy(&xn, poly.vx + next, sizeof xn);
    std::memcpy(&yn, poly.vy + next, sizeof yn);
    x1 = shuffle<1, 2, 3, 4>(x0, xn);
    y1 = shuffle<1, 2, 3, 4>(y0, yn);
    // When count is a multiple of four the last group's next vertex is v[0] = the first lane of
    // group 0, which is what xn holds then; otherwise the padding repeats v[0] already.
    float nbuf[8];
    for (int j = 0; j < 4; ++j) {
      const Vec2 nj = poly.n[i + j < count ? i + j : 0];
      nbuf[j] = nj.x;
      nbuf[4 + j] = nj.y;
    }
    std::memcpy(&nx, nbuf, sizeof nx);
    std::memcpy(&ny, nbuf + 4, sizeof ny);
    const i4 live = (i4{0, 1, 2, 3} + i) < count;

    // Edges: the centre reaches the edge pushed out by r.
    const f4 ex = x1 - x0, ey = y1 - y0;
    const f4 approach = nx * ux + ny * uy;
    const f4 dist = nx * (px - x0) + ny * (py - y0);
    const f4 th = (rr - dist) / approach;
    const f4 qx = px + ux * th, qy = py + uy * th;
    const f4 sp = (qx - x0) * ex + (qy - y0) * ey;
    const i4 on =
        live & (approach < zero) & (th >= zero) & (sp >= zero) & (sp <= ex * ex + ey * ey);
    const f4 te = select(on, th, inf);
    earliest(te, i, best_edge, edge);

    // Vertices: the centre reaches the disc of radius r about each (ray_circle()).
    const f4 dx = px - x0, dy = py - y0;
    const f4 qa = ux * ux + uy * uy;
    const f4 qb = splat4(2.0f) * (dx * ux + dy * uy);
    const f4 qc = (dx * dx + dy * dy) - rr * rr;
    const f4 disc = qb * qb - splat4(4.0f) * qa * qc;
    const i4 reach = live & (qa != zero) & ~(disc < zero) & ~(qb >= zero);
    const f4 root = detail::sqrt4(select(reach, disc, zero));
    const f4 tv = splat4(2.0f) * qc / (-qb + root);
    const f4 tr = select(reach, tv, inf);
    earliest(tr, i, best_vertex, vertex);
    if constexpr (kTrace) {
      std::memcpy(edge_t + i, &te, sizeof te);
      std::memcpy(edge_speed + i, &approach, sizeof approach);
      std::memcpy(vertex_t + i, &tr, sizeof tr);
    }
  }
  if constexpr (kTrace) {
    float run = kInf;
    const auto step = [&](const SweptStep& st) {
      trace->steps.push_back(st);
      if (st.t_enter < run) {
        run = st.t_enter;
        trace->entry_step = static_cast<int>(trace->steps.size()) - 1;
      }
      running(trace, run);
    };
    const AxisSource edge_src = circle_is_a ? AxisSource::EdgeB : AxisSource::EdgeA;
    for (int k = 0; k < count; ++k) {
      step(SweptStep{poly.n[k], {}, {}, edge_speed[k], edge_t[k], kInf, edge_src, k});
    }
    for (int k = 0; k < count; ++k) {
      const float t = vertex_t[k];
      const Vec2 dir = normalize_or(p + u * (t < kInf ? t : 0.0f) - poly.v[k], poly.n[k]);
      step(SweptStep{dir, {}, {}, dot(u, dir), t, kInf, AxisSource::CircleVertex, k});
    }
    trace->t_enter = run;
    trace->t_exit = kInf;
    if (!(run <= 1.0f)) trace->miss = SweptMiss::NotReached;
  }
  float best = best_edge;
  Vec2 best_normal = edge >= 0 ? poly.n[edge] : Vec2(0.0f);
  if (best_vertex < best) {
    best = best_vertex;
    const Vec2 c = poly.v[vertex];
    best_normal = normalize_or(p + u * best - c, poly.n[vertex]);
  }
  if (!(best <= 1.0f)) return res;
  res.hit = true;
  res.toi = std::max(best, 0.0f);
  res.normal = circle_is_a ? best_normal : -best_normal;
  return res;
}

// The slabs of two polygons with area: each shape's axes four at a time (the other polygon
// projected on them in lanes, as the static test does), a slab of times per lane, and the
// latest entry (first axis on ties) and earliest exit over the lanes: swept_slabs()'s numbers.
// It stops only after a whole group; traced, its steps are recorded one axis at a time, up to
// the axis where swept_slabs() would stop.
template <bool kTrace>
SweptResult swept_polygons_lanes(const Collider& a, const Collider& b, SweptTrace* trace) {
  const Vec2 rel = a.vel - b.vel;
  const f4 rx = splat4(rel.x), ry = splat4(rel.y), inf = splat4(kInf), zero{};
  float t_enter = -kInf, t_exit = kInf;
  Vec2 entry_axis{1.0f, 0.0f};
  float entry_speed = 0.0f;
  bool never = false;
  Slabs run;  // traced: the steps so far
  bool recording = true;
  const auto group = [&](const Collider& owner, const Collider& other, bool own_is_a, int k) {
    f4 x, y, olo, ohi, plo, phi;
    load_axes(owner, k, x, y, olo, ohi);
    project_lanes(other, x, y, plo, phi);
    const f4 amin = own_is_a ? olo : plo, amax = own_is_a ? ohi : phi;
    const f4 bmin = own_is_a ? plo : olo, bmax = own_is_a ? phi : ohi;
    const f4 sp = rx * x + ry * y;
    const i4 still = sp == zero;
    const f4 p = amax - bmin, q = bmax - amin;
    const i4 overlap = detail::vmin(q, p) >= zero;
    const f4 safe = select(still, splat4(1.0f), sp);
    f4 t0 = (bmin - amax) / safe;
    f4 t1 = (bmax - amin) / safe;
    const i4 swap = t0 > t1;
    const f4 lo = select(swap, t1, t0), hi = select(swap, t0, t1);
    t0 = select(still, select(overlap, -inf, inf), lo);
    t1 = select(still, select(overlap, inf, -inf), hi);
    const i4 live = live_lanes(k, owner.axis_count);
    t0 = select(live, t0, -inf);
    t1 = select(live, t1, inf);
    if constexpr (kTrace) {
      const AxisSource src = own_is_a ? AxisSource::EdgeA : AxisSource::EdgeB;
      for (int l = 0; l < 4 && recording && k + l < owner.axis_count; ++l) {
        recording =
            slab_step(run, trace, Vec2(x[l], y[l]), Interval{amin[l], amax[l]},
                      Interval{bmin[l], bmax[l]}, sp[l], t0[l], t1[l], src, owner.axis_edge[k + l]);
      }
    }
    // The latest entry in the group, the first lane that has it, if later than so far.
    f4 m = detail::vmax(t0, shuffle<1, 0, 3, 2>(t0));
    m = detail::vmax(m, shuffle<2, 3, 0, 1>(m));
    f4 e = detail::vmin(t1, shuffle<1, 0, 3, 2>(t1));
    e = detail::vmin(e, shuffle<2, 3, 0, 1>(e));
    if (m[0] > t_enter) {
      const int lane = std::countr_zero(lane_mask(t0 == m) | 16u) & 3;
      t_enter = m[0];
      entry_axis = Vec2(x[lane], y[lane]);
      entry_speed = sp[lane];
    }
    t_exit = std::min(t_exit, e[0]);
    never = t_enter > t_exit || t_enter > 1.0f || t_exit < 0.0f;
    return !never;
  };
  bool go = true;
  for (int k = 0; go && k < a.axis_count; k += 4) go = group(a, b, true, k);
  for (int k = 0; go && k < b.axis_count; k += 4) go = group(b, a, false, k);
  const float rel2 = dot(rel, rel);
  if (!never && rel2 > 0.0f) {
    const MotionAxis m = motion_axis(a, b, rel, rel2);
    never = m.apart;
    if constexpr (kTrace) motion_step(run, trace, m);
  }
  if constexpr (kTrace) slabs_end(trace, run);
  return slabs_result(a, b, never, t_enter, entry_axis, entry_speed);
}

// Box-box slabs: the four box axes in lanes (one division instruction for all of them), then
// the relative-velocity axis; lane by lane swept_slabs()'s arithmetic on the static test's
// axes and extents (detail/box_lanes.h). Traced, the steps are recorded one axis at a time.
template <bool kTrace>
SweptResult swept_box_box(const Collider& a, const Collider& b, SweptTrace* trace) {
  const BoxBox4 r = box_box4(a, b);
  const Vec2 rel = a.vel - b.vel;
  const f4 s = splat4(rel.x) * r.ax + splat4(rel.y) * r.ay;
  const f4 ca = splat4(a.pos.x) * r.ax + splat4(a.pos.y) * r.ay;
  const f4 cb = splat4(b.pos.x) * r.ax + splat4(b.pos.y) * r.ay;
  const f4 gap_in = (cb - r.eb) - (ca + r.ea);   // ib.min - ia.max
  const f4 gap_out = (cb + r.eb) - (ca - r.ea);  // ib.max - ia.min
  const i4 still = s == f4{};
  const f4 safe_s = select(still, splat4(1.0f), s);
  f4 t0 = gap_in / safe_s;
  f4 t1 = gap_out / safe_s;
  const i4 swap = t0 > t1;
  const f4 lo = select(swap, t1, t0);
  const f4 hi = select(swap, t0, t1);
  // A lane with no motion along its axis: always overlapping, or never.
  const i4 overlap = ((ca + r.ea) - (cb - r.eb) >= f4{}) & ((cb + r.eb) - (ca - r.ea) >= f4{});
  const f4 inf = splat4(kInf);
  t0 = select(still, select(overlap, -inf, inf), lo);
  t1 = select(still, select(overlap, inf, -inf), hi);
  float t_enter = std::max(std::max(t0[0], t0[1]), std::max(t0[2], t0[3]));
  float t_exit = std::min(std::min(t1[0], t1[1]), std::min(t1[2], t1[3]));
  const int entry = std::countr_zero(lane_mask(t0 == splat4(t_enter)) | 16u);
  Vec2 entry_axis(r.ax[entry & 3], r.ay[entry & 3]);
  float entry_speed = s[entry & 3];
  bool never = t_enter > t_exit || t_enter > 1.0f || t_exit < 0.0f;
  Slabs run;  // traced: the steps
  if constexpr (kTrace) {
    for (int k = 0; k < 4; ++k) {
      const Interval ia{ca[k] - r.ea[k], ca[k] + r.ea[k]}, ib{cb[k] - r.eb[k], cb[k] + r.eb[k]};
      const bool of_a = k < 2;
      if (!slab_step(run, trace, Vec2(r.ax[k], r.ay[k]), ia, ib, s[k], t0[k], t1[k],
                     of_a ? AxisSource::EdgeA : AxisSource::EdgeB,
                     of_a ? a.axis_edge[k] : b.axis_edge[k - 2])) {
        break;
      }
    }
  }
  const float rel2 = dot(rel, rel);
  if (!never && rel2 > 0.0f) {
    const MotionAxis m = motion_axis(a, b, rel, rel2);
    never = m.apart;
    if constexpr (kTrace) motion_step(run, trace, m);
  }
  if constexpr (kTrace) slabs_end(trace, run);
  return slabs_result(a, b, never, t_enter, entry_axis, entry_speed);
}

}  // namespace

// swept: a turning shape in the pair takes conservative advancement (swept_spin.cpp); the
// others the translation-only method below, whose answers do not move.
SweptResult swept(const Collider& a, const Collider& b, SweptTrace* trace) {
  if (turns(a) || turns(b)) return swept_turning(a, b, trace, nullptr);
  return swept_linear(a, b, trace);
}

// swept_linear: time of impact of A moving by A.vel and B by B.vel over t in [0, 1], spin
// ignored. Polygon pairs by SAT slabs plus the relative-velocity axis; circle-circle by the
// quadratic; circle-polygon by a ray against the rounded polygon. Overlap at t = 0 gives
// toi 0 and the MTD.
SweptResult swept_linear(const Collider& a, const Collider& b, SweptTrace* trace) {
  if (has_pieces(a) || has_pieces(b)) return swept_pieces_linear(a, b, trace, nullptr);
  const bool ca = a.geom == Geom::Circle;
  const bool cb = b.geom == Geom::Circle;
  const bool capsule = is_capsule(a) || is_capsule(b);
  if (trace) {
    trace->steps.clear();
    trace->entry_step = -1;
    trace->rel_vel = a.vel - b.vel;
    trace->qa = trace->qb = trace->qc = 0.0f;
    trace->miss = SweptMiss::None;
    trace->advances.clear();
    trace->method = ca && cb   ? SweptMethod::Quadratic
                    : ca || cb ? SweptMethod::RoundedPolygon
                    : capsule  ? SweptMethod::RoundedDifference
                               : SweptMethod::Slabs;
  }
  if (capsule) {  // a circle and a capsule's core; else the cores' difference
    return ca || cb ? swept_circle_polygon(a, b, trace) : swept_rounded_difference(a, b, trace);
  }
  if (a.geom == Geom::Box && b.geom == Geom::Box) {
    return trace ? swept_box_box<true>(a, b, trace) : swept_box_box<false>(a, b, nullptr);
  }
  // The lane kernels cover shapes with area; points and segments (one- and two-vertex
  // polygons), and a box with a polygon, take the walks above.
  const bool area =
      (ca || (a.count >= 3 && a.axis_count > 0)) && (cb || (b.count >= 3 && b.axis_count > 0));
  if (area && ca != cb) {
    return trace ? swept_circle_polygon_lanes<true>(a, b, trace)
                 : swept_circle_polygon_lanes<false>(a, b, nullptr);
  }
  if (area && a.geom == Geom::Polygon && b.geom == Geom::Polygon) {
    return trace ? swept_polygons_lanes<true>(a, b, trace)
                 : swept_polygons_lanes<false>(a, b, nullptr);
  }
  if (ca && cb) return swept_circles(a, b, trace);
  if (ca || cb) return swept_circle_polygon(a, b, trace);
  return swept_slabs(a, b, trace);
}

}  // namespace hitbox
