// Shape makers for the named cases (each shape named, placed and sized by hand, optionally
// mirrored or moving) and the shoelace area of a posed body, shared by collide_test.cpp,
// swept_test.cpp, shape_test.cpp, segment_test.cpp, ray_test.cpp and circle_rect_test.cpp.
#pragma once

#include <utility>
#include <vector>

#include "hitbox/shape.h"

namespace hitbox::named_shapes {

inline Shape rect(const char* id, DVec2 pos, DVec2 size, double angle = 0.0, bool mx = false,
                  bool my = false) {
  Shape s;
  s.id = id;
  s.kind = Kind::Rect;
  s.pos = pos;
  s.size = size;
  s.angle = angle;
  s.mirror_x = mx;
  s.mirror_y = my;
  return s;
}

inline Shape circle(const char* id, DVec2 pos, double r, DVec2 vel = DVec2(0.0, 0.0)) {
  Shape s;
  s.id = id;
  s.kind = Kind::Circle;
  s.pos = pos;
  s.radius = r;
  s.vel = vel;
  return s;
}

// A segment from pos + p0 to pos + p1.
inline Shape segment(const char* id, DVec2 pos, DVec2 p0, DVec2 p1, DVec2 vel = DVec2(0.0, 0.0)) {
  Shape s;
  s.id = id;
  s.kind = Kind::Segment;
  s.pos = pos;
  s.points = {p0, p1};
  s.vel = vel;
  return s;
}

// A capsule whose end centres are pos + p0 and pos + p1, grown by r.
inline Shape capsule(const char* id, DVec2 pos, DVec2 p0, DVec2 p1, double r,
                     DVec2 vel = DVec2(0.0, 0.0)) {
  Shape s;
  s.id = id;
  s.kind = Kind::Capsule;
  s.pos = pos;
  s.points = {p0, p1};
  s.radius = r;
  s.vel = vel;
  return s;
}

inline Shape point(const char* id, DVec2 pos, DVec2 vel = DVec2(0.0, 0.0)) {
  Shape s;
  s.id = id;
  s.kind = Kind::Point;
  s.pos = pos;
  s.vel = vel;
  return s;
}

inline Shape polygon(const char* id, DVec2 pos, std::vector<DVec2> pts) {
  Shape s;
  s.id = id;
  s.kind = Kind::Polygon;
  s.pos = pos;
  s.points = std::move(pts);
  return s;
}

inline double shoelace(const Collider& b) {
  double a = 0.0;
  for (int i = 0; i < b.count; ++i) {
    const Vec2 p = b.v[i];
    const Vec2 q = b.v[(i + 1) % b.count];
    a += static_cast<double>(p.x) * q.y - static_cast<double>(q.x) * p.y;
  }
  return a / 2.0;
}

}  // namespace hitbox::named_shapes
