// Shapes made in code and the plain calls (hitbox.h).
#include <stdexcept>
#include <string>
#include <vector>

#include "hitbox/hitbox.h"
#include "hitbox/limits.h"

namespace hitbox {
namespace {

DVec2 wide(Vec2 v) {
  return DVec2(v.x, v.y);
}

// The shape posed, or std::invalid_argument naming the maker and the field out of range.
Posed made(const Shape& s, const char* maker) {
  if (const auto p = shape_problem(s)) {
    throw std::invalid_argument(std::string(maker) + ": " + p->field + " " + p->message);
  }
  return Posed(s);
}

}  // namespace

Posed make_box(Vec2 size, Vec2 pos, float angle) {
  Shape s;
  s.kind = Kind::Rect;
  s.size = wide(size);
  s.pos = wide(pos);
  s.angle = angle;
  return made(s, "make_box");
}

Posed make_circle(float radius, Vec2 pos) {
  Shape s;
  s.kind = Kind::Circle;
  s.radius = radius;
  s.pos = wide(pos);
  return made(s, "make_circle");
}

Posed make_polygon(std::span<const Vec2> points, Vec2 pos, float angle) {
  Shape s;
  s.kind = Kind::Polygon;
  s.pos = wide(pos);
  s.angle = angle;
  s.points.reserve(points.size());
  for (const Vec2 p : points) s.points.push_back(wide(p));
  return made(s, "make_polygon");
}

Posed make_polygon(std::initializer_list<Vec2> points, Vec2 pos, float angle) {
  return make_polygon(std::span<const Vec2>(points.begin(), points.size()), pos, angle);
}

Posed make_segment(Vec2 from, Vec2 to) {
  Shape s;
  s.kind = Kind::Segment;
  s.pos = (wide(from) + wide(to)) * 0.5;
  s.points = {wide(from) - s.pos, wide(to) - s.pos};
  return made(s, "make_segment");
}

Posed make_capsule(Vec2 from, Vec2 to, float radius) {
  Shape s;
  s.kind = Kind::Capsule;
  s.pos = (wide(from) + wide(to)) * 0.5;
  s.points = {wide(from) - s.pos, wide(to) - s.pos};
  s.radius = radius;
  return made(s, "make_capsule");
}

Posed make_point(Vec2 pos) {
  Shape s;
  s.kind = Kind::Point;
  s.pos = wide(pos);
  return made(s, "make_point");
}

SweptResult time_of_impact(const Collider& a, Vec2 move_a, const Collider& b, Vec2 move_b) {
  Collider ma = a, mb = b;  // plain data: the copies read the same vertex arrays
  ma.vel = move_a;
  mb.vel = move_b;
  return swept(ma, mb);
}

}  // namespace hitbox
