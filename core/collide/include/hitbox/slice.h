// Slicing a shape with a segment (the polygon write-up's bullet through a shape).
//
// slice_shape cuts a rect or a polygon along a world segment that crosses it completely (both
// ends outside, every crossing of the outline between them, area on both sides of the line):
// a convex shape into two convex pieces, a concave polygon into one piece per connected part
// on each side (its convex pieces are split, and the parts on one side that share an edge are
// joined again). Each piece is a new polygon with the original's pos, angle, vel and the rest
// kept, and the original's scale and mirror applied to its points (its own scale is 1 and its
// mirror off), so it sits exactly where that part of the original was. Ids are the original's
// with "_1", "_2", ... added (the parts on the segment's positive side first: to the right of
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
