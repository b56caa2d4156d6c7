// Segments: where two segments meet (line against line, the Flash chapter's second half).
//
// segment_intersection decides with orientation tests (the sign of a 2x2 cross product, in
// double: float inputs make every difference exact and every product nearly so), never with a
// slope, so vertical, parallel and collinear segments need no special division. The crossing
// point of two segments that cross is found from the two orientations of one segment's ends
// against the other (a ratio whose denominator is zero only when the segments are collinear,
// which is decided first). Collinear segments meet along an interval: its two ends, or one
// point when they only touch end to end.
#pragma once

#include "hitbox/geometry.h"

namespace hitbox {

struct SegmentHits {
  int count = 0;  // 0: apart; 1: one point; 2: collinear overlap from p[0] to p[1]
  Vec2 p[2]{};
};

// Closed segments a0-a1 and b0-b1 (either may have zero length).
SegmentHits segment_intersection(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1);

}  // namespace hitbox
