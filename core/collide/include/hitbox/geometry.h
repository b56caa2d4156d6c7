// Hitbox geometry conventions, written down once (see docs/geometry.md):
//
//   * World units are pixels. +x points right, +y points DOWN (screen convention).
//   * Angles are in degrees; a positive angle turns clockwise on screen.
//     R(a) = [cos a, -sin a; sin a, cos a], so R(90) maps +x onto +y (down).
//   * A shape's world point is  pos + R(angle) * (scale * M * local),
//     with M = diag(mirror_x ? -1 : 1, mirror_y ? -1 : 1).
//   * Posed polygons list their world vertices with POSITIVE shoelace area
//     (sum of x_i*y_{i+1} - x_{i+1}*y_i > 0), which is clockwise on a y-down screen.
//     The outward normal of edge v[i] -> v[i+1] is then perp_out(v[i+1] - v[i]) = (d.y, -d.x).
//     Mirroring flips winding; pose_into() restores the order in exactly one place.
//   * An MTD (push-out) vector is added to A's position and points away from B.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include "hitbox/detail/lanes.h"

namespace hitbox {

using Vec2 = glm::vec2;
using DVec2 = glm::dvec2;
static_assert(sizeof(Vec2) == 2 * sizeof(float), "Vec2 is two packed floats");

inline float dot(Vec2 a, Vec2 b) {
  return a.x * b.x + a.y * b.y;
}
inline float cross(Vec2 a, Vec2 b) {
  return a.x * b.y - a.y * b.x;
}
// Outward normal direction (not normalised) for an edge d of a positive-area polygon.
inline Vec2 perp_out(Vec2 d) {
  return Vec2(d.y, -d.x);
}

// A closed interval on a projection axis.
struct Interval {
  float min = 0.0f;
  float max = 0.0f;
};

// Signed overlap of two closed intervals: positive = overlap length along the axis,
// negative = the size of the gap, zero = touching.
inline float interval_overlap(Interval a, Interval b) {
  return std::min(a.max - b.min, b.max - a.min);
}

// The segment between two intervals: where they overlap, or the gap between them when they
// do not (the window marks it on an axis). Its length is |interval_overlap(a, b)| except
// when one interval holds the other: then the overlap figure, the shorter way out, is longer.
inline Interval interval_between(Interval a, Interval b) {
  const float inner_lo = std::max(a.min, b.min);
  const float inner_hi = std::min(a.max, b.max);
  return Interval{std::min(inner_lo, inner_hi), std::max(inner_lo, inner_hi)};
}

// A world axis-aligned box, closed on all sides.
struct Aabb {
  Vec2 min{0.0f, 0.0f};
  Vec2 max{0.0f, 0.0f};
};

// Branch-free on purpose: hits and misses come in no predictable order. The four comparisons
// are one in lanes: {a.min, b.min} <= {b.max, a.max}.
inline bool aabb_overlaps(const Aabb& a, const Aabb& b) {
  static_assert(sizeof(Aabb) == 4 * sizeof(float), "Aabb is min then max, packed");
  detail::f4 va, vb;
  std::memcpy(&va, &a, sizeof va);
  std::memcpy(&vb, &b, sizeof vb);
  const detail::f4 lo = detail::shuffle<0, 1, 4, 5>(va, vb);  // a.min, b.min
  const detail::f4 hi = detail::shuffle<6, 7, 2, 3>(va, vb);  // b.max, a.max
  return detail::lane_mask(lo <= hi) == 15;
}

}  // namespace hitbox
