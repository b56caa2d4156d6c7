// The one include for a program that uses Hitbox's collision library (hitbox::collide):
// shapes made in code in one line each, and plain calls for the common questions. Every
// algorithm's own header (collide.h, gjk.h, ray.h, concave.h, mask.h...) is there for more.
//
//   hitbox::Posed box = hitbox::make_box({40, 20}, {100, 100}, 30);  // size, centre, degrees
//   hitbox::Posed ball = hitbox::make_circle(12, {125, 100});         // radius, centre
//   if (hitbox::overlaps(box, ball)) ball_pos += hitbox::push_out(ball, box).vector;
//
// Conventions (geometry.h, docs/library.md): pixels, y down, angles in degrees with positive
// clockwise on screen; a push-out moves the first shape away from the second. Every number
// stays in the ranges of limits.h; a make_ function given one out of them throws
// std::invalid_argument naming the field ("make_box: size[0] is out of range: ...").
#pragma once

#include <initializer_list>
#include <span>

#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/ray.h"
#include "hitbox/shape.h"

namespace hitbox {

// ---- Shapes: a Posed owns its vertex arrays (no heap use up to 8 vertices). To move a shape,
// make it again: that is one pose, as cheap as a move would be. ----

// A rectangle `size` wide and high, centred on `pos`, turned `angle` degrees about its centre.
Posed make_box(Vec2 size, Vec2 pos, float angle = 0.0f);
Posed make_circle(float radius, Vec2 pos);
// A polygon from its points around `pos` (either winding; a concave one is split into convex
// pieces), turned `angle` degrees about `pos`. 3 to 64 points, no edges crossing.
Posed make_polygon(std::span<const Vec2> points, Vec2 pos = Vec2(0.0f), float angle = 0.0f);
Posed make_polygon(std::initializer_list<Vec2> points, Vec2 pos = Vec2(0.0f), float angle = 0.0f);
// A segment between two world points, and a point.
Posed make_segment(Vec2 from, Vec2 to);
// A capsule: the segment between two world points grown by `radius`.
Posed make_capsule(Vec2 from, Vec2 to, float radius);
Posed make_point(Vec2 pos);

// ---- Plain calls (each is the algorithm below it, untraced) ----

// Whether the shapes overlap or touch (sat).
inline bool overlaps(const Collider& a, const Collider& b) {
  return sat(a, b).hit;
}
// The shortest move of `a` that leaves the shapes touching (mtd): `vector`, zero when apart.
inline MtdResult push_out(const Collider& a, const Collider& b) {
  return mtd(a, b);
}
// When `a`, moving by `move_a` over the step, first touches `b` moving by `move_b` (swept):
// `toi` in [0, 1], the contact `normal` from b toward a.
SweptResult time_of_impact(const Collider& a, Vec2 move_a, const Collider& b, Vec2 move_b);
// The gap between the shapes (gjk): 0 when they touch or overlap.
inline float distance(const Collider& a, const Collider& b) {
  return gjk(a, b).distance;
}
// raycast(shape, from, to) and cast_ray(shapes, from, to): ray.h.

}  // namespace hitbox
