// Mass properties for play mode: mass, centre of mass and rotational inertia about it, from
// a shape's geometry and its body's density. Polygons sum triangles fanned from a vertex of
// each convex piece (the second moments of a triangle, Eberly, "Polygonal mass properties").
#include <cmath>
#include <numbers>
#include <span>
#include <vector>

#include "hitbox/concave.h"
#include "hitbox/simulation.h"

namespace hitbox {
namespace {

double cross(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}

// A local point with the shape's mirror and scale (no turn): inertia does not depend on the
// turn, and the centre goes back to the local frame at the end.
DVec2 scaled(const Shape& s, DVec2 p) {
  return DVec2(s.mirror_x ? -p.x : p.x, s.mirror_y ? -p.y : p.y) * s.scale;
}
DVec2 unscaled(const Shape& s, DVec2 p) {
  p /= s.scale;
  return DVec2(s.mirror_x ? -p.x : p.x, s.mirror_y ? -p.y : p.y);
}

// Area, first moment and second moment about the origin of a convex polygon in positive-area
// order, as a fan of triangles (v0, vi, vi+1).
struct Moments {
  double area = 0.0;
  DVec2 first{0.0, 0.0};
  double second = 0.0;  // integral of |p|^2 over the area
};
void add_polygon(std::span<const DVec2> v, Moments* m) {
  const DVec2 o = v[0];
  for (std::size_t i = 1; i + 1 < v.size(); ++i) {
    const DVec2 e1 = v[i] - o, e2 = v[i + 1] - o;
    const double d = cross(e1, e2);
    const double area = 0.5 * d;
    // About o: the triangle's centroid is (e1 + e2) / 3 and its second moment d/12 times
    // (e1.e1 + e1.e2 + e2.e2). Moved to the origin by the parallel axis theorem.
    const DVec2 c = (e1 + e2) / 3.0;
    const double about_o = d / 12.0 * (glm::dot(e1, e1) + glm::dot(e1, e2) + glm::dot(e2, e2));
    const DVec2 centroid = o + c;
    m->area += area;
    m->first += centroid * area;
    m->second += about_o - area * glm::dot(c, c) + area * glm::dot(centroid, centroid);
  }
}

}  // namespace

MassProps mass_properties(const Shape& s) {
  const double density = s.body ? s.body->density : 1.0;
  MassProps out;
  switch (s.kind) {
    case Kind::Rect:
    case Kind::Sprite: {
      DVec2 size = s.size;
      if (s.kind == Kind::Sprite) {
        size = s.pixels.image ? DVec2(s.pixels.image->w, s.pixels.image->h) : DVec2(0.0, 0.0);
      }
      const DVec2 w = size * s.scale;
      out.mass = density * w.x * w.y;
      out.inertia = out.mass * (w.x * w.x + w.y * w.y) / 12.0;
      return out;
    }
    case Kind::Circle: {
      const double r = s.radius * s.scale;
      out.mass = density * std::numbers::pi * r * r;
      out.inertia = out.mass * r * r / 2.0;
      return out;
    }
    case Kind::Polygon: {
      if (s.points.size() < 3) return out;
      std::vector<DVec2> pts(s.points.size());
      for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = scaled(s, s.points[i]);
      Moments m;
      std::vector<DVec2> piece;
      for (const std::vector<int>& idx : convex_decomposition(pts)) {
        piece.clear();
        for (const int k : idx) piece.push_back(pts[static_cast<std::size_t>(k)]);
        add_polygon(piece, &m);
      }
      if (!(m.area > 0.0)) return out;
      const DVec2 c = m.first / m.area;
      out.mass = density * m.area;
      out.inertia = density * (m.second - m.area * glm::dot(c, c));
      out.centre = unscaled(s, c);
      return out;
    }
    case Kind::Capsule: {
      if (s.points.size() != 2) return out;
      const DVec2 p0 = scaled(s, s.points[0]), p1 = scaled(s, s.points[1]);
      const double r = s.radius * s.scale;
      const double len = glm::length(p1 - p0);
      // The box between the end centres (len x 2r) and one disc split in two half discs, each
      // with its centroid 4r/(3 pi) beyond its end centre.
      const double box = density * len * 2.0 * r;
      const double disc = density * std::numbers::pi * r * r;
      const double lever = len / 2.0 + 4.0 * r / (3.0 * std::numbers::pi);
      const double off = 4.0 * r / (3.0 * std::numbers::pi);
      const double half_disc_own = r * r / 2.0 - off * off;
      out.mass = box + disc;
      out.inertia = box * (len * len + 4.0 * r * r) / 12.0 + disc * (half_disc_own + lever * lever);
      out.centre = unscaled(s, (p0 + p1) / 2.0);
      return out;
    }
    case Kind::Point:
    case Kind::Segment:
      return out;
  }
  return out;
}

double shape_mass(const Shape& s) {
  return mass_properties(s).mass;
}

}  // namespace hitbox
