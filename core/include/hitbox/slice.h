// Slicing a shape with a segment (the polygon write-up's bullet through a shape).
//
// slice_shape cuts a rect or a convex polygon along a world segment that crosses it
// completely (both ends outside, the line through it with area on both sides) into two
// convex pieces. Each piece is a new polygon with the original's pos, angle, vel and the rest
// kept, and the original's scale and mirror applied to its points (its own scale is 1 and its
// mirror off), so it sits exactly where that part of the original was. Ids are the original's
// with "_1" and "_2" added (the part on the segment's positive side first: to the right of
// p0 -> p1 on a y-down screen).
//
// Anything else comes back whole, as a single shape equal to the original: a segment that
// stops inside the shape, misses it or only touches it; a circle, sprite, point or segment;
// and a cut whose pieces would break the polygon rules (a sliver narrower than float noise).
#pragma once

#include <vector>

#include "hitbox/shape.h"

namespace hitbox {

std::vector<Shape> slice_shape(const Shape& s, DVec2 p0, DVec2 p1);

}  // namespace hitbox
