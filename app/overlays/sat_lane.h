// Where a SAT axis is drawn: a line beside the pair, like the shadow the pair casts on a
// wall, on the side its perpendicular points to (so axes of different directions spread
// around the pair). Near-parallel axes on the same side get lanes further out. The sandbox's
// SAT overlay and step mode (teach/) both place their axis lines with it.
#pragma once

#include <vector>

#include "hitbox/collide.h"
#include "hitbox/shape.h"

namespace hitbox::app {

struct AxisLane {
  Vec2 u{1.0f, 0.0f};  // the axis (unit)
  Vec2 p{0.0f, 1.0f};  // its perpendicular, pointing away from the pair
  float c = 0.0f;      // distance of the line from the world origin along p
  int lane = 0;        // how many near-parallel lanes lie inside this one
  // The world point whose projection on u is s, pushed `off` (world units) further out.
  Vec2 at(float s, float off) const { return u * s + p * (c + off); }
};

// Lane `lane` of `axis` beside bodies a and b; px: world units per window pixel.
AxisLane sat_lane(const Collider& a, const Collider& b, Vec2 axis, float px, int lane = 0);

// One lane per axis of the trace, in its order.
std::vector<AxisLane> sat_lanes(const Collider& a, const Collider& b, const SatTrace& tr, float px);

}  // namespace hitbox::app
