// A ray against a circle, inline: the kernel behind raycast() for a circle, so a caller's
// loop over casts pays no call for the commonest shape (about 1 ns of 12-15 measured on the
// side-by-side benchmark's circle ray). Not part of the API: ray.h is, and includes this
// after declaring RayHit.
#pragma once

#include <algorithm>
#include <cmath>

#include "hitbox/detail/lanes.h"
#include "hitbox/ray.h"  // RayHit (ray.h includes this file at its end)
#include "hitbox/shape.h"

namespace hitbox::detail {

// The circle's normal at p by a division and a square root, for a hit where the quick one in
// ray_circle() cannot be trusted (see there). Out of line (ray.cpp): rare.
Vec2 circle_normal_exact(Vec2 p, Vec2 centre, Vec2 d);

inline RayHit ray_inside_at(Vec2 from) {
  RayHit h;
  h.hit = true;
  h.inside = true;
  h.point = from;
  return h;
}

inline RayHit ray_hit_at(Vec2 from, Vec2 d, float t, Vec2 normal) {
  RayHit h;
  h.hit = true;
  h.t = t;
  h.point = from + d * t;
  h.normal = normal + Vec2(0.0f);  // + 0 turns a -0 component into 0
  return h;
}

// The quadratic |f + t d|^2 = r^2 with f = from - centre, outside at t = 0 (c > 0): the
// smaller root, in the cancellation-free form c / (-h + sqrt(h^2 - a c)) with h = f.d (the
// same floats as 2c / (-b + sqrt(b^2 - 4ac)) with b = 2h: every factor 2 is exact).
// Most casts in a scene miss, outside and heading away or with the ray's line passing the
// circle by: those are decided first, before the square root and the divisions, then a start
// inside or on the circle. What is left heads in toward the circle along a line that meets
// it, and mostly hits (unless the ray ends first). Each branch is taken mostly one way; this
// order measured faster than computing every case and picking the answer by masks.
inline RayHit ray_circle(const Collider& b, Vec2 from, Vec2 d) {
  const Vec2 f = from - b.pos;
  const float c = dot(f, f) - b.radius * b.radius;
  const float a = dot(d, d);
  const float h = dot(f, d);
  const float disc = h * h - a * c;
  if ((c > 0.0f) & ((h >= 0.0f) | (disc < 0.0f))) return RayHit{};
  if (c <= 0.0f) return ray_inside_at(from);
  const float t = c / (sqrt1(std::max(disc, 0.0f)) - h);
  // Moving, heading in, the line meeting the circle (each false on a NaN), by the ray's end.
  if (!((a != 0.0f) & (h < 0.0f) & (disc >= 0.0f) & (t <= 1.0f))) return RayHit{};
  const Vec2 p = from + d * t;
  // The normal: (p - centre) / r is unit up to p's rounding, and one Newton step
  // m (3 - m.m) / 2 takes a length 1 + e to 1 - 3e^2/8 + rounding, with no second square root.
  // Where |m| is off 1 by more than about 5e-4 (coordinates far larger than the radius),
  // or the numbers are not finite, the exact division by the length instead.
  const Vec2 m = (p - b.pos) * (1.0f / b.radius);
  const float mm = dot(m, m);
  Vec2 n = m * (1.5f - 0.5f * mm);
  if (!(std::fabs(mm - 1.0f) <= 1e-3f)) [[unlikely]] {
    n = circle_normal_exact(p, b.pos, d);
  }
  return ray_hit_at(from, d, t, n);
}

// Every other kind of shape (ray.cpp); not a circle.
RayHit raycast_any(const Collider& b, Vec2 from, Vec2 to);

}  // namespace hitbox::detail

namespace hitbox {

// A circle never has convex pieces (only a concave polygon has).
inline RayHit raycast(const Collider& b, Vec2 from, Vec2 to) {
  if (b.geom == Geom::Circle) return detail::ray_circle(b, from, to - from);
  return detail::raycast_any(b, from, to);
}

}  // namespace hitbox
