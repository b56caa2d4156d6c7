// slice_shape (slice.h): the outline in the shape's mirrored and scaled local frame (so the
// pieces keep pos and angle), each vertex's signed distance to the cutting line, and one walk
// around the outline that sends every vertex to its side and puts the crossing points into
// both pieces (Sutherland-Hodgman against the line's two half-planes).
#include "hitbox/slice.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "hitbox/concave.h"

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

// Exact point order, so an edge's crossing is computed from the same end both ways round.
bool lex_less(DVec2 a, DVec2 b) {
  return a.x < b.x || (a.x == b.x && a.y < b.y);
}

// One convex polygon split by the line (distances from `dist_of`): its parts on the positive
// and the negative side, vertices on the line in both, crossings computed canonically.
template <class Dist>
void split_convex(const std::vector<DVec2>& poly, Dist dist_of, std::vector<DVec2>& right,
                  std::vector<DVec2>& left) {
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    DVec2 a = poly[i], b = poly[(i + 1) % n];
    const double da = dist_of(a), db = dist_of(b);
    if (da >= 0.0) right.push_back(a);
    if (da <= 0.0) left.push_back(a);
    if ((da > 0.0 && db < 0.0) || (da < 0.0 && db > 0.0)) {
      double ea = da, eb = db;
      if (lex_less(b, a)) {
        std::swap(a, b);
        std::swap(ea, eb);
      }
      const DVec2 q = a + (b - a) * (ea / (ea - eb));
      right.push_back(q);
      left.push_back(q);
    }
  }
}

// Joins polygons (positive order) that share an edge (p -> q in one, q -> p in the other)
// until none do, then drops the vertices left straight where a cut chord was split.
std::vector<std::vector<DVec2>> join(std::vector<std::vector<DVec2>> polys) {
  bool joined = true;
  while (joined) {
    joined = false;
    for (std::size_t i = 0; i < polys.size() && !joined; ++i) {
      const std::vector<DVec2>& a = polys[i];
      for (std::size_t e = 0; e < a.size() && !joined; ++e) {
        const DVec2 p = a[e], q = a[(e + 1) % a.size()];
        for (std::size_t k = 0; k < polys.size() && !joined; ++k) {
          if (k == i) continue;
          const std::vector<DVec2>& b = polys[k];
          for (std::size_t f = 0; f < b.size(); ++f) {
            if (!(b[f] == q && b[(f + 1) % b.size()] == p)) continue;
            std::vector<DVec2> m;
            for (std::size_t t = 0; t < a.size(); ++t) m.push_back(a[(e + 1 + t) % a.size()]);
            for (std::size_t t = 2; t < b.size(); ++t) m.push_back(b[(f + t) % b.size()]);
            polys[i] = std::move(m);
            polys.erase(polys.begin() + static_cast<std::ptrdiff_t>(k));
            joined = true;
            break;
          }
        }
      }
    }
  }
  for (std::vector<DVec2>& poly : polys) {
    for (bool dropped = true; dropped && poly.size() > 3;) {
      dropped = false;
      for (std::size_t i = 0; i < poly.size(); ++i) {
        const std::size_t n = poly.size();
        const DVec2 e1 = poly[i] - poly[(i + n - 1) % n], e2 = poly[(i + 1) % n] - poly[i];
        const double c = cross2(e1, e2);
        if (std::fabs(c) <=
                1e-12 * std::sqrt((e1.x * e1.x + e1.y * e1.y) * (e2.x * e2.x + e2.y * e2.y)) &&
            e1.x * e2.x + e1.y * e2.y > 0.0) {
          poly.erase(poly.begin() + static_cast<std::ptrdiff_t>(i));
          dropped = true;
          break;
        }
      }
    }
  }
  return polys;
}

double area2_of(const std::vector<DVec2>& p) {
  double a = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) a += cross2(p[i], p[(i + 1) % p.size()]);
  return a;
}

Shape piece(const Shape& s, std::vector<DVec2> points, const std::string& suffix) {
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

  std::vector<std::vector<DVec2>> parts;
  if (polygon_is_convex(poly)) {
    parts = {std::move(right), std::move(left)};
  } else {
    // Concave: split each convex piece, then join the parts on each side that share an
    // edge (a diagonal, whole or cut): one polygon per connected part of each side.
    const auto dist_of = [&](DVec2 q) {
      const double v = cross2(d, q - p0) / len;
      return std::fabs(v) <= eps ? 0.0 : v;
    };
    std::vector<std::vector<DVec2>> rights, lefts;
    for (const std::vector<int>& idx : convex_decomposition(poly)) {
      std::vector<DVec2> pts, r, l;
      for (const int i : idx) pts.push_back(poly[static_cast<std::size_t>(i)]);
      split_convex(pts, dist_of, r, l);
      if (r.size() >= 3 && area2_of(r) > 0.0) rights.push_back(std::move(r));
      if (l.size() >= 3 && area2_of(l) > 0.0) lefts.push_back(std::move(l));
    }
    for (std::vector<DVec2>& p : join(std::move(rights))) parts.push_back(std::move(p));
    for (std::vector<DVec2>& p : join(std::move(lefts))) parts.push_back(std::move(p));
  }
  std::vector<Shape> out;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    std::string suffix = "_";
    suffix += std::to_string(k + 1);
    out.push_back(piece(s, std::move(parts[k]), suffix));
  }
  for (const Shape& p : out) {
    if (!polygon_problem(p.points).empty()) return whole;
  }
  return out;
}

}  // namespace hitbox
