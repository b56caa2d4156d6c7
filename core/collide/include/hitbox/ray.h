// Ray casts: from a start point toward an end point (t = 0 at the start, t = 1 at the end;
// the ray stops there), against posed shapes. `hitbox query --ray` and the window's ray tool
// both call cast_ray.
//
// Method, by kind:
//   circle            the quadratic |from + t d - c| = r, smaller root;
//   rect, sprite      the box's two slabs in its own frame cut the t range (Kay-Kajiya); the
//   frame             slab entered last gives the hit and its face's normal;
//   polygon           Cyrus-Beck clipping: every edge's half-plane cuts the t range, the
//                     last entering edge is the hit and its outward normal the normal (up to
//                     8 vertices all edges at once in lanes, the same numbers);
//   segment, point    orientation tests (segment.h); the normal is the segment's normal on
//                     the start's side, or, for a ray running along the segment (or through
//                     a point), the reverse of the ray's direction.
//   concave polygon   each convex piece; the earliest entry (always through the outline).
// A ray that starts inside or on a shape reports it at t = 0 with `inside` and no normal.
// Normals are unit and face the ray's start. Conventions: geometry.h.
#pragma once

#include <span>
#include <vector>

#include "hitbox/shape.h"

namespace hitbox {

struct RayHit {
  bool hit = false;
  bool inside = false;      // the start is inside or on the shape: t = 0, no normal
  float t = 0.0f;           // in [0, 1]
  Vec2 point{0.0f, 0.0f};   // from + t (to - from)
  Vec2 normal{0.0f, 0.0f};  // unit, facing the start; zero when inside
};

// One shape. A zero-length ray (from == to) hits only a shape that holds `from`. Inline
// (detail/ray_circle.h, below): a circle's cast, and a call for every other kind.
inline RayHit raycast(const Collider& b, Vec2 from, Vec2 to);

struct RayHitAt {
  int index = 0;  // into the shapes given
  RayHit hit;
};

// Every shape the ray hits, nearest first (equal t: lower index first).
std::vector<RayHitAt> cast_ray(std::span<const Posed> shapes, Vec2 from, Vec2 to);

}  // namespace hitbox

#include "hitbox/detail/ray_circle.h"
