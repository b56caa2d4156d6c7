// quadrant and circle_as_square: circle against rectangle in the rectangle's frame.
// Method, why quadrant is exact, and why circle_as_square is not: circle_rect.h.
#include "hitbox/circle_rect.h"

#include <cmath>

namespace hitbox {

const char* circle_rect_case_name(CircleRectCase c) {
  switch (c) {
    case CircleRectCase::Unsupported:
      return "unsupported";
    case CircleRectCase::Corner:
      return "corner";
    case CircleRectCase::Square:
      return "square";
  }
  return "?";
}

bool circle_rect_supports(Kind a, Kind b) {
  const auto boxy = [](Kind k) { return k == Kind::Rect || k == Kind::Sprite; };
  return (a == Kind::Circle && boxy(b)) || (boxy(a) && b == Kind::Circle);
}

bool circle_rect_supports(const Collider& a, const Collider& b) {
  return (a.geom == Geom::Circle && b.geom == Geom::Box) ||
         (a.geom == Geom::Box && b.geom == Geom::Circle);
}

namespace {

// The pair in the rectangle's frame, origin at the circle's centre.
struct Frame {
  float r = 0.0f;
  Vec2 lo{0.0f, 0.0f};  // the rectangle's min and max corners
  Vec2 hi{0.0f, 0.0f};
};

Frame frame_of(const Collider& circle, const Collider& rect, CircleRectTrace* trace) {
  // The centre in the rect's frame (mirror included in the axes; the rect is symmetric about
  // its centre, so a mirror changes nothing but the labels).
  const Vec2 d = circle.pos - rect.pos;
  const Vec2 c(dot(d, rect.axis_x), dot(d, rect.axis_y));
  Frame f;
  f.r = circle.radius;
  f.lo = -rect.half - c;
  f.hi = rect.half - c;
  if (trace) {
    *trace = CircleRectTrace{};
    trace->origin = circle.pos;
    trace->axis_x = rect.axis_x;
    trace->axis_y = rect.axis_y;
    trace->radius = f.r;
    trace->rect_min = f.lo;
    trace->rect_max = f.hi;
  }
  return f;
}

// The circle as a square of side 2r against the rectangle: two interval overlaps (closed).
bool square_hits(const Frame& f, CircleRectTrace* trace) {
  if (trace) {
    trace->square_min = Vec2(-f.r);
    trace->square_max = Vec2(f.r);
  }
  return f.lo.x <= f.r && -f.r <= f.hi.x && f.lo.y <= f.r && -f.r <= f.hi.y;
}

bool order(const Collider& a, const Collider& b, const Collider** circle, const Collider** rect) {
  if (!circle_rect_supports(a, b)) return false;
  *circle = a.geom == Geom::Circle ? &a : &b;
  *rect = a.geom == Geom::Circle ? &b : &a;
  return true;
}

}  // namespace

CircleRectResult quadrant(const Collider& a, const Collider& b, CircleRectTrace* trace) {
  const Collider* circle = nullptr;
  const Collider* rect = nullptr;
  if (!order(a, b, &circle, &rect)) return CircleRectResult{};
  const Frame f = frame_of(*circle, *rect, trace);
  // One (closed) quadrant: on each axis the rectangle's range has the origin at or beyond
  // one end.
  const bool side_x = f.lo.x >= 0.0f || f.hi.x <= 0.0f;
  const bool side_y = f.lo.y >= 0.0f || f.hi.y <= 0.0f;
  CircleRectResult r;
  if (side_x && side_y) {
    // The nearest corner: on each axis the end nearer the origin.
    const Vec2 corner(f.lo.x >= 0.0f ? f.lo.x : f.hi.x, f.lo.y >= 0.0f ? f.lo.y : f.hi.y);
    r.hit = dot(corner, corner) <= f.r * f.r;
    r.decided_by = CircleRectCase::Corner;
    if (trace) {
      trace->one_quadrant = true;
      trace->corner = corner;
      trace->corner_distance = std::sqrt(dot(corner, corner));
    }
    return r;
  }
  r.hit = square_hits(f, trace);
  r.decided_by = CircleRectCase::Square;
  return r;
}

CircleRectResult circle_as_square(const Collider& a, const Collider& b, CircleRectTrace* trace) {
  const Collider* circle = nullptr;
  const Collider* rect = nullptr;
  if (!order(a, b, &circle, &rect)) return CircleRectResult{};
  const Frame f = frame_of(*circle, *rect, trace);
  return CircleRectResult{square_hits(f, trace), CircleRectCase::Square};
}

}  // namespace hitbox
