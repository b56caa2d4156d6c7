// slice_shape (slice.h): the outline in the shape's mirrored and scaled local frame (so the
// pieces keep pos and angle), each vertex's signed distance to the cutting line, and one walk
// around the outline that sends every vertex to its side and puts the crossing points into
// both pieces (Sutherland-Hodgman against the line's two half-planes).
#include "hitbox/slice.h"

#include <algorithm>
#include <cmath>

namespace hitbox {

namespace {

constexpr double kPi = 3.14159265358979323846;

double cross2(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}

// World -> the frame after mirror and scale (before the rotation and pos).
DVec2 to_scaled(const Shape& s, DVec2 w) {
  const double r = s.angle * (kPi / 180.0);
  const double c = std::cos(r), sn = std::sin(r);
  const DVec2 d = w - s.pos;
  return DVec2(c * d.x + sn * d.y, -sn * d.x + c * d.y);
}

std::vector<DVec2> scaled_outline(const Shape& s) {
  std::vector<DVec2> local;
  if (s.kind == Kind::Rect) {
    const DVec2 h = s.size * 0.5;
    local = {{-h.x, -h.y}, {h.x, -h.y}, {h.x, h.y}, {-h.x, h.y}};
  } else {
    local = s.points;
  }
  for (DVec2& p : local) {
    p = DVec2((s.mirror_x ? -p.x : p.x) * s.scale, (s.mirror_y ? -p.y : p.y) * s.scale);
  }
  return local;
}

Shape piece(const Shape& s, std::vector<DVec2> points, const char* suffix) {
  Shape p = s;
  p.id = s.id + suffix;
  p.kind = Kind::Polygon;
  p.scale = 1.0;
  p.mirror_x = p.mirror_y = false;
  p.size = DVec2(0.0, 0.0);
  p.points = std::move(points);
  return p;
}

}  // namespace

std::vector<Shape> slice_shape(const Shape& s, DVec2 p0w, DVec2 p1w) {
  const std::vector<Shape> whole{s};
  if ((s.kind != Kind::Rect && s.kind != Kind::Polygon) || p0w == p1w) return whole;
  const std::vector<DVec2> poly = scaled_outline(s);
  const std::size_t n = poly.size();
  if (n < 3) return whole;
  const DVec2 p0 = to_scaled(s, p0w), p1 = to_scaled(s, p1w);
  const DVec2 d = p1 - p0;
  const double len = std::sqrt(d.x * d.x + d.y * d.y);

  // Signed distances to the line; vertices within float noise of it count as on it.
  double extent = 0.0;
  for (const DVec2& p : poly) extent = std::max({extent, std::fabs(p.x), std::fabs(p.y)});
  const double eps = 1e-9 * std::max(extent, 1.0);
  std::vector<double> dist(n);
  bool pos = false, neg = false;
  for (std::size_t i = 0; i < n; ++i) {
    double v = cross2(d, poly[i] - p0) / len;
    if (std::fabs(v) <= eps) v = 0.0;
    dist[i] = v;
    pos = pos || v > 0.0;
    neg = neg || v < 0.0;
  }
  if (!pos || !neg) return whole;  // the line misses the shape or only touches it

  // Both ends of the segment outside (or on) the outline: the chord, where the line is
  // inside the convex shape, lies within [0, 1] of the segment's parameter.
  double t_lo = 1e300, t_hi = -1e300;
  std::vector<DVec2> right, left;  // positive side, negative side
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    const DVec2 a = poly[i], b = poly[j];
    const double da = dist[i], db = dist[j];
    if (da >= 0.0) right.push_back(a);
    if (da <= 0.0) left.push_back(a);
    auto on_line = [&](DVec2 q) {
      const double t = ((q.x - p0.x) * d.x + (q.y - p0.y) * d.y) / (len * len);
      t_lo = std::min(t_lo, t);
      t_hi = std::max(t_hi, t);
    };
    if (da == 0.0) on_line(a);
    if ((da > 0.0 && db < 0.0) || (da < 0.0 && db > 0.0)) {
      const DVec2 q = a + (b - a) * (da / (da - db));
      right.push_back(q);
      left.push_back(q);
      on_line(q);
    }
  }
  if (t_lo < 0.0 || t_hi > 1.0) return whole;  // the segment stops inside

  std::vector<Shape> out{piece(s, std::move(right), "_1"), piece(s, std::move(left), "_2")};
  for (const Shape& p : out) {
    if (!polygon_problem(p.points).empty()) return whole;
  }
  return out;
}

}  // namespace hitbox
