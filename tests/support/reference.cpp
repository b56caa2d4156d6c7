// Independent double-precision references for the property tests. See reference.h.
#include "reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace hitbox::ref {

double cross2(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}
double dot2(DVec2 a, DVec2 b) {
  return a.x * b.x + a.y * b.y;
}
double length2(DVec2 a) {
  return std::hypot(a.x, a.y);
}

double signed_area(const Poly& p) {
  double twice = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const DVec2 u = p[i];
    const DVec2 w = p[(i + 1) % p.size()];
    twice += u.x * w.y - w.x * u.y;
  }
  return 0.5 * twice;
}

Poly translated(const Poly& p, DVec2 d) {
  Poly out = p;
  for (DVec2& v : out) v += d;
  return out;
}

Poly hull(const std::vector<DVec2>& pts) {
  if (pts.size() < 3) return pts;
  // Gift wrapping with exact double cross products (no tolerance: a tolerance let the walk
  // start inside a nearly vertical edge and never come back to its start). The lowest-x
  // (then lowest-y) point is a hull vertex exactly.
  std::size_t start = 0;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    if (pts[i].x < pts[start].x || (pts[i].x == pts[start].x && pts[i].y < pts[start].y)) {
      start = i;
    }
  }
  Poly out;
  std::vector<bool> used(pts.size(), false);
  std::size_t cur = start;
  for (std::size_t guard = 0; guard <= pts.size(); ++guard) {
    out.push_back(pts[cur]);
    used[cur] = true;
    // The next hull point: every other point lies to its left (or on the line, nearer).
    std::size_t next = cur;
    for (std::size_t q = 0; q < pts.size(); ++q) {
      if (pts[q] == pts[cur]) continue;
      if (next == cur) {
        next = q;
        continue;
      }
      const DVec2 e = pts[next] - pts[cur];
      const DVec2 f = pts[q] - pts[cur];
      const double c = cross2(e, f);
      if (c < 0.0 || (c == 0.0 && dot2(f, f) > dot2(e, e))) next = q;
    }
    // Back at the start (or at any point already on the hull, should rounding skip it).
    if (next == cur || pts[next] == pts[start] || used[next]) break;
    cur = next;
  }
  return out;
}

DVec2 world_point(const Shape& s, DVec2 local) {
  const double mx = s.mirror_x ? -1.0 : 1.0;
  const double my = s.mirror_y ? -1.0 : 1.0;
  const DVec2 m(s.scale * mx * local.x, s.scale * my * local.y);
  const double rad = s.angle * std::numbers::pi / 180.0;
  const double c = std::cos(rad);
  const double sn = std::sin(rad);
  return DVec2(s.pos.x + c * m.x - sn * m.y, s.pos.y + sn * m.x + c * m.y);
}

Poly world_polygon(const Shape& s) {
  Poly out;
  if (s.kind == Kind::Rect) {
    const double hx = 0.5 * s.size.x;
    const double hy = 0.5 * s.size.y;
    for (DVec2 l : {DVec2(-hx, -hy), DVec2(hx, -hy), DVec2(hx, hy), DVec2(-hx, hy)}) {
      out.push_back(world_point(s, l));
    }
  } else if (s.kind == Kind::Polygon) {
    for (DVec2 l : s.points) out.push_back(world_point(s, l));
  } else {
    throw std::logic_error("world_polygon: circle");
  }
  if (signed_area(out) < 0.0) std::reverse(out.begin(), out.end());
  return out;
}

DVec2 circle_centre(const Shape& s) {
  return world_point(s, DVec2(0.0, 0.0));
}
double circle_radius(const Shape& s) {
  return s.radius * s.scale;
}

static Poly regular_polygon(DVec2 c, double r, int n) {
  Poly out;
  out.reserve(n);
  for (int k = 0; k < n; ++k) {
    const double t = 2.0 * std::numbers::pi * k / n;
    out.emplace_back(c.x + r * std::cos(t), c.y + r * std::sin(t));
  }
  return out;
}

Poly circle_inscribed(const Shape& s, int n) {
  return regular_polygon(circle_centre(s), circle_radius(s), n);
}

Poly circle_circumscribed(const Shape& s, int n) {
  // Vertices at r / cos(pi / n): the edge midpoints then touch the circle.
  return regular_polygon(circle_centre(s), circle_radius(s) / std::cos(std::numbers::pi / n), n);
}

std::pair<DVec2, DVec2> capsule_ends(const Shape& s) {
  return {world_point(s, s.points.at(0)), world_point(s, s.points.at(1))};
}
double capsule_radius(const Shape& s) {
  return s.radius * s.scale;
}

Poly capsule_outline(const Shape& s, bool outer) {
  const auto [c0, c1] = capsule_ends(s);
  const double r = capsule_radius(s);
  const DVec2 e = (c1 - c0) / length2(c1 - c0);
  const DVec2 n(-e.y, e.x);
  const int m = kCircleSides / 2;
  const double step = std::numbers::pi / m;
  Poly out;
  // End c1's arc from +n through +e to -n, then end c0's from -n through -e to +n.
  for (const std::pair<DVec2, double>& end : {std::pair{c1, 1.0}, std::pair{c0, -1.0}}) {
    const DVec2 c = end.first;
    const double side = end.second;
    const auto at = [&](double th, double rad) {
      return c + rad * (side * std::cos(th) * n + side * std::sin(th) * e);
    };
    out.push_back(at(0.0, r));
    for (int k = 1; k <= m; ++k) {
      if (outer) out.push_back(at((k - 0.5) * step, r / std::cos(0.5 * step)));
      if (k < m || outer) out.push_back(at(k * step, r));
    }
  }
  if (signed_area(out) < 0.0) std::reverse(out.begin(), out.end());
  return out;
}

Poly inner_polygon(const Shape& s) {
  if (s.kind == Kind::Capsule) return capsule_outline(s, false);
  return s.kind == Kind::Circle ? circle_inscribed(s) : world_polygon(s);
}
Poly outer_polygon(const Shape& s) {
  if (s.kind == Kind::Capsule) return capsule_outline(s, true);
  return s.kind == Kind::Circle ? circle_circumscribed(s) : world_polygon(s);
}

Box world_box(const Shape& s) {
  if (s.kind == Kind::Capsule) {
    const auto [c0, c1] = capsule_ends(s);
    const double r = capsule_radius(s);
    return Box{DVec2(std::min(c0.x, c1.x) - r, std::min(c0.y, c1.y) - r),
               DVec2(std::max(c0.x, c1.x) + r, std::max(c0.y, c1.y) + r)};
  }
  if (s.kind == Kind::Circle) {
    const DVec2 c = circle_centre(s);
    const double r = circle_radius(s);
    return Box{c - DVec2(r, r), c + DVec2(r, r)};
  }
  const Poly p = world_polygon(s);
  Box b{p[0], p[0]};
  for (DVec2 v : p) {
    b.min = DVec2(std::min(b.min.x, v.x), std::min(b.min.y, v.y));
    b.max = DVec2(std::max(b.max.x, v.x), std::max(b.max.y, v.y));
  }
  return b;
}

double farthest_radius(const Shape& s) {
  if (s.kind == Kind::Circle) return circle_radius(s);
  if (s.kind == Kind::Capsule) {
    const auto [c0, c1] = capsule_ends(s);
    return std::max(length2(c0 - s.pos), length2(c1 - s.pos)) + capsule_radius(s);
  }
  double r = 0.0;
  for (DVec2 v : world_polygon(s)) r = std::max(r, length2(v - s.pos));
  return r;
}

Shape twin(const Shape& s) {
  if (s.kind != Kind::Sprite) return s;
  Shape r = s;
  r.kind = Kind::Rect;
  r.size = DVec2(s.pixels.image->w, s.pixels.image->h);
  r.pixels = {};
  return r;
}

Poly clip_convex(const Poly& subject, const Poly& clip) {
  Poly out = subject;
  for (std::size_t i = 0; i < clip.size() && !out.empty(); ++i) {
    const DVec2 a = clip[i];
    const DVec2 e = clip[(i + 1) % clip.size()] - a;
    const Poly in = out;
    out.clear();
    // Signed side of p: >= 0 is inside (left of the edge).
    auto side = [&](DVec2 p) { return cross2(e, p - a); };
    for (std::size_t j = 0; j < in.size(); ++j) {
      const DVec2 p = in[j];
      const DVec2 q = in[(j + 1) % in.size()];
      const double sp = side(p);
      const double sq = side(q);
      if (sp >= 0.0) out.push_back(p);
      if ((sp >= 0.0) != (sq >= 0.0)) {
        const double t = sp / (sp - sq);
        out.push_back(p + t * (q - p));
      }
    }
  }
  return out;
}

double overlap_area(const Poly& a, const Poly& b) {
  const Poly c = clip_convex(a, b);
  return c.size() < 3 ? 0.0 : std::abs(signed_area(c));
}

double point_segment_distance(DVec2 p, DVec2 a, DVec2 b) {
  const DVec2 ab = b - a;
  const double len2 = dot2(ab, ab);
  double t = len2 > 0.0 ? dot2(p - a, ab) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return length2(p - (a + t * ab));
}

bool point_in_polygon(DVec2 p, const Poly& poly) {
  // Crossing number: count edges crossed by the ray from p towards +x.
  bool inside = false;
  for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const DVec2 u = poly[i];
    const DVec2 w = poly[j];
    if ((u.y > p.y) != (w.y > p.y)) {
      const double x = u.x + (p.y - u.y) * (w.x - u.x) / (w.y - u.y);
      if (p.x < x) inside = !inside;
    }
  }
  return inside;
}

double point_polygon_signed_distance(DVec2 p, const Poly& poly) {
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < poly.size(); ++i) {
    d = std::min(d, point_segment_distance(p, poly[i], poly[(i + 1) % poly.size()]));
  }
  return point_in_polygon(p, poly) ? -d : d;
}

bool segments_intersect(DVec2 a, DVec2 b, DVec2 c, DVec2 d) {
  const double d1 = cross2(b - a, c - a);
  const double d2 = cross2(b - a, d - a);
  const double d3 = cross2(d - c, a - c);
  const double d4 = cross2(d - c, b - c);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    return true;
  }
  // Collinear / touching cases: an endpoint lies on the other segment.
  return point_segment_distance(c, a, b) == 0.0 || point_segment_distance(d, a, b) == 0.0 ||
         point_segment_distance(a, c, d) == 0.0 || point_segment_distance(b, c, d) == 0.0;
}

double polygon_distance(const Poly& a, const Poly& b) {
  for (DVec2 v : a) {
    if (point_in_polygon(v, b)) return 0.0;
  }
  for (DVec2 v : b) {
    if (point_in_polygon(v, a)) return 0.0;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (segments_intersect(a[i], a[(i + 1) % a.size()], b[j], b[(j + 1) % b.size()])) {
        return 0.0;
      }
    }
  }
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (DVec2 v : b) d = std::min(d, point_segment_distance(v, a[i], a[(i + 1) % a.size()]));
  }
  for (std::size_t j = 0; j < b.size(); ++j) {
    for (DVec2 v : a) d = std::min(d, point_segment_distance(v, b[j], b[(j + 1) % b.size()]));
  }
  return d;
}

double point_shape_signed_distance(const Shape& s, DVec2 p) {
  if (s.kind == Kind::Circle) return length2(p - circle_centre(s)) - circle_radius(s);
  if (s.kind == Kind::Capsule) {
    const auto [c0, c1] = capsule_ends(s);
    return point_segment_distance(p, c0, c1) - capsule_radius(s);
  }
  return point_polygon_signed_distance(p, world_polygon(s));
}

// A shape's core points for the rounded pairs: a capsule's end centres, a circle's centre, a
// rect's or polygon's world vertices; and its radius.
static Poly core_points(const Shape& s, double& radius) {
  radius = 0.0;
  if (s.kind == Kind::Capsule) {
    radius = capsule_radius(s);
    const auto [c0, c1] = capsule_ends(s);
    return {c0, c1};
  }
  if (s.kind == Kind::Circle) {
    radius = circle_radius(s);
    return {circle_centre(s)};
  }
  return world_polygon(s);
}

PairRef::PairRef(const Shape& a, const Shape& b) : ka_(a.kind), kb_(b.kind) {
  if (ka_ == Kind::Capsule || kb_ == Kind::Capsule) {
    rounded_ = true;
    pa_ = core_points(a, ra_);
    pb_ = core_points(b, rb_);
    if (ka_ == Kind::Circle || kb_ == Kind::Circle) return;  // the centre against a segment
    std::vector<DVec2> diffs;
    for (DVec2 u : pa_) {
      for (DVec2 w : pb_) diffs.push_back(u - w);
    }
    diff_ = hull(diffs);
    if (diff_.size() < 3) {  // parallel cores: the difference is the segment of the extremes
      std::sort(diffs.begin(), diffs.end(),
                [](DVec2 p, DVec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
      diff_ = {diffs.front(), diffs.back()};
    }
    return;
  }
  if (ka_ == Kind::Circle) {
    ca_ = circle_centre(a);
    ra_ = circle_radius(a);
  } else {
    pa_ = world_polygon(a);
  }
  if (kb_ == Kind::Circle) {
    cb_ = circle_centre(b);
    rb_ = circle_radius(b);
  } else {
    pb_ = world_polygon(b);
  }
  if (ka_ != Kind::Circle && kb_ != Kind::Circle) {
    std::vector<DVec2> diffs;
    diffs.reserve(pa_.size() * pb_.size());
    for (DVec2 u : pa_) {
      for (DVec2 w : pb_) diffs.push_back(u - w);
    }
    diff_ = hull(diffs);
  }
}

double PairRef::signed_distance(DVec2 shift_a) const {
  const bool ca = ka_ == Kind::Circle;
  const bool cb = kb_ == Kind::Circle;
  if (rounded_) {
    if (ca) return point_segment_distance(pa_[0] + shift_a, pb_[0], pb_[1]) - ra_ - rb_;
    if (cb) return point_segment_distance(pb_[0] - shift_a, pa_[0], pa_[1]) - ra_ - rb_;
    if (diff_.size() == 2) return point_segment_distance(-shift_a, diff_[0], diff_[1]) - ra_ - rb_;
    return point_polygon_signed_distance(-shift_a, diff_) - ra_ - rb_;
  }
  if (ca && cb) return length2(ca_ + shift_a - cb_) - ra_ - rb_;
  if (ca) return point_polygon_signed_distance(ca_ + shift_a, pb_) - ra_;
  // A + shift against the circle B == A against the circle moved by -shift.
  if (cb) return point_polygon_signed_distance(cb_ - shift_a, pa_) - rb_;
  // (A + s) and B meet iff -s lies in A - B; their distance / depth is that of -s to A - B.
  return point_polygon_signed_distance(-shift_a, diff_);
}

const char* state_name(State s) {
  switch (s) {
    case State::Hit:
      return "Hit";
    case State::Miss:
      return "Miss";
    case State::Ambiguous:
      return "Ambiguous";
  }
  return "?";
}

State state_from_distance(double d) {
  if (d < -kBand) return State::Hit;
  if (d > kBand) return State::Miss;
  return State::Ambiguous;
}

StateInfo overlap_state(const Shape& a, const Shape& b, DVec2 shift_a) {
  StateInfo info;
  info.distance = PairRef(a, b).signed_distance(shift_a);
  const Poly ia = translated(inner_polygon(a), shift_a);
  const Poly ib = inner_polygon(b);
  info.area = overlap_area(ia, ib);
  const State by_distance = state_from_distance(info.distance);
  if (by_distance == State::Hit && info.area > kHitArea) {
    info.state = State::Hit;
  } else if (by_distance == State::Miss && info.area == 0.0) {
    const Poly oa = translated(outer_polygon(a), shift_a);
    if (polygon_distance(oa, outer_polygon(b)) > 0.0) info.state = State::Miss;
  }
  return info;
}

std::string describe(const Shape& s) {
  char buf[256];
  const char* kind = kind_name(s.kind);
  std::string out = std::string("{") + kind;
  std::snprintf(buf, sizeof buf, " pos=(%.17g, %.17g) angle=%.17g scale=%.17g mirror=(%d,%d)",
                s.pos.x, s.pos.y, s.angle, s.scale, s.mirror_x ? 1 : 0, s.mirror_y ? 1 : 0);
  out += buf;
  if (s.vel != DVec2(0.0, 0.0)) {
    std::snprintf(buf, sizeof buf, " vel=(%.17g, %.17g)", s.vel.x, s.vel.y);
    out += buf;
  }
  if (s.spin != 0.0) {
    std::snprintf(buf, sizeof buf, " spin=%.17g", s.spin);
    out += buf;
  }
  if (s.kind == Kind::Rect) {
    std::snprintf(buf, sizeof buf, " size=(%.17g, %.17g)", s.size.x, s.size.y);
    out += buf;
  } else if (s.kind == Kind::Circle) {
    std::snprintf(buf, sizeof buf, " radius=%.17g", s.radius);
    out += buf;
  } else {
    out += " points=[";
    for (std::size_t i = 0; i < s.points.size(); ++i) {
      std::snprintf(buf, sizeof buf, "%s(%.17g, %.17g)", i ? ", " : "", s.points[i].x,
                    s.points[i].y);
      out += buf;
    }
    out += "]";
    if (s.kind == Kind::Capsule) {
      std::snprintf(buf, sizeof buf, " radius=%.17g", s.radius);
      out += buf;
    }
  }
  return out + "}";
}

FirstTouch first_touch(const std::function<double(double)>& gap) {
  FirstTouch r;
  r.min_gap = gap(0.0);
  for (int i = 0; i <= kFirstTouchSamples; ++i) {
    const double t = static_cast<double>(i) / kFirstTouchSamples;
    const double g = gap(t);
    r.min_gap = std::min(r.min_gap, g);
    if (g <= 0.0 && r.t < 0.0) {
      double lo = i == 0 ? 0.0 : static_cast<double>(i - 1) / kFirstTouchSamples, hi = t;
      for (int j = 0; j < 60 && i > 0; ++j) {
        const double mid = 0.5 * (lo + hi);
        (gap(mid) <= 0.0 ? hi : lo) = mid;
      }
      r.t = hi;
    }
  }
  return r;
}

}  // namespace hitbox::ref
