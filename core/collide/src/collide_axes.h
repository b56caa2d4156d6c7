// Internal to the collision algorithms (collide.cpp: sat and mtd; swept.cpp): projecting a
// posed shape on an axis and walking both shapes' axes. (The box and circle pairs' fixed axes
// are their kernels', detail/box_lanes.h and detail/round_pairs.h.)
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "hitbox/collide.h"

namespace hitbox::collide_detail {

// Internal linkage, as when these lived in one .cpp file: each algorithm file gets its own
// copy, and the inliner treats them as local functions.
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

using detail::abs4;
using detail::box_box4;
using detail::BoxBox4;
using detail::f4;
using detail::i4;
using detail::lane_mask;
using detail::nearest_vertex;
using detail::select;
using detail::splat4;
using detail::vmax;
using detail::vmin;

// Projection of a posed shape on a unit axis.
// Circle: centre +- r. Capsule: its two end centres, +- r. Box: centre +- (hx |x.n| + hy |y.n|)
// (Ericson 4.4.1). Polygon: every
// vertex, four at a time from the padded x and y runs (lane by lane the same x*n.x + y*n.y as
// a scalar loop, so the numbers do not depend on the width).
inline Interval project(const Collider& b, Vec2 axis) {
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
    case Geom::Capsule: {
      const float d0 = dot(b.v[0], axis);
      const float d1 = dot(b.v[1], axis);
      return Interval{std::min(d0, d1) - b.radius, std::max(d0, d1) + b.radius};
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
    lo = vmin(d, lo);
    hi = vmax(d, hi);
  }
  return Interval{std::min(std::min(lo[0], lo[1]), std::min(lo[2], lo[3])),
                  std::max(std::max(hi[0], hi[1]), std::max(hi[2], hi[3]))};
}

// A shape's interval on one of its own axes was found once, at pose time.
inline Interval own(const Collider& b, int k) {
  return Interval{b.self[k].x, b.self[k].y};
}

inline Vec2 normalize_or(Vec2 d, Vec2 fallback) {
  const float len2 = dot(d, d);
  if (!(len2 > 0.0f)) return fallback;
  return d / std::sqrt(len2);
}

// Two shapes without area (points, segments): their Minkowski difference can itself be a
// segment or a point, and then the edge normals alone cannot separate along it. A point and
// a segment, or two parallel segments: the segment's direction (A's first). Two points: the
// line between them. Two crossing segments need nothing more (their difference is a
// parallelogram with the two normals).
template <class F>
inline void extra_direction_axis(const Collider& a, const Collider& b, F&& f) {
  if (is_point(a) && is_point(b)) {
    const Vec2 axis = normalize_or(b.pos - a.pos, Vec2(1.0f, 0.0f));
    f(axis, project(a, axis), project(b, axis), AxisSource::CentreLine, -1);
    return;
  }
  const bool seg_a = is_segment(a);
  const Vec2 d = seg_a ? a.v[1] - a.v[0] : b.v[1] - b.v[0];
  if (seg_a && is_segment(b)) {
    const Vec2 e = b.v[1] - b.v[0];
    if (std::fabs(cross(d, e)) > 1e-6f * std::sqrt(dot(d, d) * dot(e, e))) return;
  }
  const Vec2 axis = normalize_or(d, Vec2(1.0f, 0.0f));
  f(axis, project(a, axis), project(b, axis), AxisSource::SegmentDirection, seg_a ? 0 : 1);
}

// The core vertex of `other` nearest to p: a circle's centre, else its nearest vertex (for a
// capsule, its nearest end centre).
inline Vec2 nearest_core_point(const Collider& other, Vec2 p, int& j) {
  if (other.geom == Geom::Circle) {
    j = -1;
    return other.pos;
  }
  j = nearest_vertex(other, p);
  return other.v[j];
}

// A pair with a capsule: for each capsule end centre, the axis from the other shape's nearest
// core point (vertex, centre or end centre) to it. With both shapes' edge normals these are the
// Minkowski difference's face normals and its rounded corners' directions (the nearest pair of
// core points is a vertex and its nearest vertex), so SAT and MTD stay exact. Feature: the end
// (0, 1) of A's capsule, or 2 + end of B's.
template <class F>
inline bool capsule_end_axes(const Collider& a, const Collider& b, F&& f) {
  for (int side = 0; side < 2; ++side) {
    const Collider& cap = side == 0 ? a : b;
    const Collider& other = side == 0 ? b : a;
    if (cap.geom != Geom::Capsule) continue;
    for (int e = 0; e < 2; ++e) {
      int j = -1;
      const Vec2 d = cap.v[e] - nearest_core_point(other, cap.v[e], j);
      // An end centre on the other core: they overlap, and the normals already say so.
      if (!(dot(d, d) > 0.0f)) continue;
      const Vec2 axis = d / std::sqrt(dot(d, d));
      if (!f(axis, project(a, axis), project(b, axis), AxisSource::CapsuleEnd, 2 * side + e)) {
        return false;
      }
    }
  }
  return true;
}

// The candidate axes of a pair, in test order (Godot style: every axis listed explicitly):
// A's unique edge normals, B's unique edge normals, then for circle-polygon the axis from
// the circle's centre to the polygon's nearest vertex, or for circle-circle the centre line,
// for a pair with a capsule the axes capsule_end_axes adds, or for two shapes without area
// the direction extra_direction_axis adds.
// Calls f(axis, interval of A, interval of B, source, feature) for each; stops when f
// returns false.
template <class F>
inline void for_each_axis(const Collider& a, const Collider& b, F&& f) {
  for (int k = 0; k < a.axis_count; ++k) {
    if (!f(a.axes[k], own(a, k), project(b, a.axes[k]), AxisSource::EdgeA, a.axis_edge[k])) return;
  }
  for (int k = 0; k < b.axis_count; ++k) {
    if (!f(b.axes[k], project(a, b.axes[k]), own(b, k), AxisSource::EdgeB, b.axis_edge[k])) return;
  }
  if (a.geom == Geom::Capsule || b.geom == Geom::Capsule) {
    capsule_end_axes(a, b, f);
    return;
  }
  const bool ca = a.geom == Geom::Circle;
  const bool cb = b.geom == Geom::Circle;
  if (ca && cb) {
    const Vec2 axis = normalize_or(b.pos - a.pos, Vec2(1.0f, 0.0f));
    f(axis, project(a, axis), project(b, axis), AxisSource::CentreLine, -1);
  } else if (ca || cb) {
    const Collider& circle = ca ? a : b;
    const Collider& poly = ca ? b : a;
    const int j = nearest_vertex(poly, circle.pos);
    const Vec2 d = poly.v[j] - circle.pos;
    // Centre exactly on a vertex: the shapes overlap; the edge axes already decide that. A
    // point has no edge axes: any direction measures it against the circle, x is taken.
    if (dot(d, d) > 0.0f) {
      const Vec2 axis = d / std::sqrt(dot(d, d));
      f(axis, project(a, axis), project(b, axis), AxisSource::CircleVertex, j);
    } else if (poly.axis_count == 0) {
      const Vec2 axis(1.0f, 0.0f);
      f(axis, project(a, axis), project(b, axis), AxisSource::CircleVertex, j);
    }
  } else if (!has_area(a) && !has_area(b)) {
    extra_direction_axis(a, b, f);
  }
}

// The Minkowski difference of two shapes' cores, {b - a} over B's and A's core vertices, as a
// convex polygon in positive-area order (Andrew's monotone chain, collinear points dropped; two
// vertices when the cores are parallel segments): `shape` holds its vertices and edge normals
// only. With the radii it answers a capsule's swept question as a point
// against a rounded polygon. A difference with a non-finite point is that one point (NaN must
// not reach the sort's comparison). No allocation unless a core has more than kMaxPolygonPoints.
struct CoreDifference {
  static constexpr int kMax = 2 * kMaxPolygonPoints;  // a capsule's 2 ends times a polygon's
  Vec2 small[5 * kMax];                               // n points, a hull of up to 2n, 2n normals
  std::vector<Vec2> big;
  Collider shape;

  CoreDifference(const Collider& a, const Collider& b) {
    const int n = a.count * b.count;
    Vec2* pts = small;
    if (n > kMax) {
      big.resize(5 * static_cast<std::size_t>(n));
      pts = big.data();
    }
    Vec2* hull = pts + n;
    Vec2* normals = hull + 2 * n;
    bool finite = true;
    for (int i = 0; i < b.count; ++i) {
      for (int j = 0; j < a.count; ++j) {
        const Vec2 d = b.v[i] - a.v[j];
        finite = finite && std::isfinite(d.x) && std::isfinite(d.y);
        pts[i * a.count + j] = d;
      }
    }
    int count = 1;
    if (!finite) {
      hull[0] = pts[0];
      normals[0] = Vec2(0.0f);
    } else {
      std::sort(pts, pts + n,
                [](Vec2 p, Vec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
      // `!(c > 0)` drops a point whose cross overflowed to NaN; the upper pass can then push at
      // most n - 1 more, so the hull never passes 2n.
      int k = 0;  // the lower hull, then the upper
      for (int i = 0; i < n; ++i) {
        while (k >= 2 && !(cross(hull[k - 1] - hull[k - 2], pts[i] - hull[k - 2]) > 0.0f)) --k;
        hull[k++] = pts[i];
      }
      for (int i = n - 2, lower = k + 1; i >= 0; --i) {
        while (k >= lower && !(cross(hull[k - 1] - hull[k - 2], pts[i] - hull[k - 2]) > 0.0f)) {
          --k;
        }
        hull[k++] = pts[i];
      }
      count = std::max(k - 1, 1);
      for (int i = 0; i < count; ++i) {
        normals[i] = normalize_or(perp_out(hull[(i + 1) % count] - hull[i]), Vec2(0.0f));
      }
    }
    shape.geom = Geom::Polygon;
    shape.count = count;
    shape.v = hull;
    shape.n = normals;
  }
  CoreDifference(const CoreDifference&) = delete;
  CoreDifference& operator=(const CoreDifference&) = delete;
};

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

// A kernel's trace: the axes it tested, in test order, as at(k) gives each (axis, both
// intervals, overlap, source, feature). `first` is the first separating axis (unused on a hit);
// with an early exit a miss records the axes up to it. The least is the first axis of smallest
// overlap, as a scan keeps it.
template <class At>
inline void record_axes(SatTrace* trace, bool early_exit, bool hit, int first, int total, At&& at) {
  trace->axes.clear();
  trace->early_exit = early_exit;
  trace->separating = hit ? -1 : first;
  trace->least = -1;
  const int tested = (!hit && early_exit) ? first + 1 : total;
  float least = kInf;
  for (int k = 0; k < tested; ++k) {
    trace->axes.push_back(at(k));
    if (trace->axes.back().overlap < least) {
      least = trace->axes.back().overlap;
      trace->least = k;
    }
  }
}

// push_out() of collide.cpp by selects instead of branches, from the least axis's two ways out
// (down = A.max - B.min: A leaves by -axis; up = B.max - A.min: by +axis): the shorter, toward
// +axis on a tie when A lies on the +axis side of B; all zero on a miss. The untraced paths
// (collide_fast.h, collide_segment.h) end here.
HITBOX_ALWAYS_INLINE MtdResult push_out_select(bool hit, Vec2 axis, float down, float up,
                                               Vec2 a_pos, Vec2 b_pos) {
  using detail::pick_bits;
  const bool positive = (up < down) | ((up == down) & (dot(a_pos - b_pos, axis) >= 0.0f));
  const float depth = pick_bits(positive, up, down);
  const Vec2 normal = pick_bits(positive, axis, -axis);
  MtdResult m;
  m.hit = hit;
  m.depth = pick_bits(hit, depth, 0.0f);
  m.normal = pick_bits(hit, normal, Vec2(0.0f));
  m.vector = pick_bits(hit, normal * depth, Vec2(0.0f));
  return m;
}

}  // namespace

}  // namespace hitbox::collide_detail
