// Internal to pieces.cpp: the exact push-out of a pair with a concave polygon, as the nearest
// point of the boundary of the union of the piece pairs' Minkowski differences.
#pragma once

#include <cstddef>
#include <span>

#include "hitbox/gjk.h"
#include "hitbox/shape.h"

namespace hitbox::piece_union {

struct Exit {
  bool found = false;        // false only when no candidate survived (float trouble)
  Vec2 push{0.0f, 0.0f};     // A moved by this touches B: the boundary point nearest the origin
  Vec2 normal{1.0f, 0.0f};   // unit, from B toward A (the way out when the push is 0)
  float depth = 0.0f;        // |push|
  std::size_t i = 0, j = 0;  // the piece pair whose difference holds that boundary point
};

// Each piece of A against each piece of B (a convex shape is its own one piece): their
// difference {b - a} is the hull of the cores' differences grown by the radii, and A moved by
// v overlaps B exactly when v lies in the union of the differences. The shortest push is the
// nearest point of the union's boundary to the origin, taken from two kinds of candidates:
// each boundary feature's (offset edge's or corner arc's) own nearest point, and the points
// where two differences' boundaries cross; the nearest one on the union's boundary wins (inside
// no difference, and some direction from it leaves every difference it lies on).
// With `trace`, the differences' outlines in A - B space for drawing, the union's outline and
// the exit (gjk.h).
Exit exit(std::span<const Collider> pa, std::span<const Collider> pb, UnionTrace* trace);

}  // namespace hitbox::piece_union
