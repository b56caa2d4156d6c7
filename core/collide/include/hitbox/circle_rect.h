// Circle against rectangle, the way the source material does it, and the shortcut it warns
// about. Both work in the rectangle's own frame (its pos, axis_x, axis_y and half extents),
// so rotated and mirrored rects and sprite frames are handled the same way as plain ones.
// They apply only to a circle and a rect or sprite, in either order.
//
// quadrant (source material, 002): put the origin at the circle's centre, with the axes
// along the rectangle's. If the whole rectangle lies in one quadrant, the circle hits it
// exactly when the rectangle's nearest corner is within the radius. Otherwise the
// rectangle spans the x axis or the y axis there, and the circle is treated as a square of
// side 2r: the two boxes are compared on both axes.
//
// Why quadrant is exact (it is the closest-point test in disguise): the circle hits the
// rectangle exactly when the rectangle's point nearest the centre, found by clamping the
// centre into the rectangle on each axis, is within r. When the rectangle lies in one
// quadrant the centre is outside (or on) the rectangle's range on both axes, so clamping
// moves it on both, onto a corner: the nearest corner is that closest point. Otherwise the
// centre is strictly inside the rectangle's range on one axis, say x, so clamping leaves x
// alone and the distance is the gap on y alone; "gap on y <= r" is the square test on y,
// and the square test on x holds by itself (the centre is within the range). The square
// stand-in is wrong only where both axes need clamping, and those are the one-quadrant
// cases, which go to the corner test instead.
//
// circle_as_square: a DELIBERATELY FLAWED SHORTCUT, kept for comparison. It always tests
// the circle's bounding square (side 2r, in the rectangle's frame) against the rectangle.
// It never misses a hit, but near a corner the square's corner pokes into the rectangle
// while the circle stays outside: false positives, up to (sqrt(2) - 1) r from the corner.
//
// Touching counts as a hit (closed sets), as everywhere in Hitbox.
#pragma once

#include <cstdint>

#include "hitbox/shape.h"

namespace hitbox {

// Which test decided.
enum class CircleRectCase : std::uint8_t {
  Unsupported,  // not a circle and a rect or sprite frame: no answer (hit = false)
  Corner,       // quadrant: the rect lay in one quadrant; its nearest corner was measured
  Square,       // the circle was treated as a square and two boxes were compared
};
const char* circle_rect_case_name(CircleRectCase c);

// Whether quadrant and circle_as_square answer for this pair of kinds: a circle and a rect
// or sprite, in either order.
bool circle_rect_supports(Kind a, Kind b);
// The same question about posed shapes: one Geom::Circle and one Geom::Box.
bool circle_rect_supports(const Collider& a, const Collider& b);

struct CircleRectResult {
  bool hit = false;
  CircleRectCase decided_by = CircleRectCase::Unsupported;
};

// Everything the decision looked at, in the rectangle's frame with the circle's centre as
// the origin: a frame point (x, y) is the world point origin + x * axis_x + y * axis_y.
struct CircleRectTrace {
  Vec2 origin{0.0f, 0.0f};  // the circle's centre in the world
  Vec2 axis_x{1.0f, 0.0f};  // the rect's local axes in the world (unit; mirror applied)
  Vec2 axis_y{0.0f, 1.0f};
  float radius = 0.0f;
  Vec2 rect_min{0.0f, 0.0f};  // the rectangle in the frame
  Vec2 rect_max{0.0f, 0.0f};
  bool one_quadrant = false;     // quadrant: the rectangle lay in one (closed) quadrant
  Vec2 corner{0.0f, 0.0f};       // Corner: the rectangle's corner nearest the origin
  float corner_distance = 0.0f;  // Corner: its distance from the origin
  Vec2 square_min{0.0f, 0.0f};   // Square: the circle's square, (-r, -r) to (r, r)
  Vec2 square_max{0.0f, 0.0f};
};

// a and b: a circle and a rect or sprite, either order (else Unsupported, hit = false).
CircleRectResult quadrant(const Collider& a, const Collider& b, CircleRectTrace* trace = nullptr);
CircleRectResult circle_as_square(const Collider& a, const Collider& b,
                                  CircleRectTrace* trace = nullptr);

}  // namespace hitbox
