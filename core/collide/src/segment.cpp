// segment_intersection (segment.h): orientation tests, then the crossing point or the
// collinear overlap.
#include "hitbox/segment.h"

#include <algorithm>
#include <cmath>

namespace hitbox {

namespace {

struct D2 {
  double x, y;
};

D2 dv(Vec2 p) {
  return D2{p.x, p.y};
}

// > 0: c is on the positive side of a -> b (clockwise on a y-down screen), 0: on the line.
double orient(D2 a, D2 b, D2 c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

int sign(double v) {
  return (v > 0.0) - (v < 0.0);
}

}  // namespace

SegmentHits segment_intersection(Vec2 a0f, Vec2 a1f, Vec2 b0f, Vec2 b1f) {
  const D2 a0 = dv(a0f), a1 = dv(a1f), b0 = dv(b0f), b1 = dv(b1f);
  const double o1 = orient(a0, a1, b0);
  const double o2 = orient(a0, a1, b1);
  const double o3 = orient(b0, b1, a0);
  const double o4 = orient(b0, b1, a1);
  SegmentHits h;

  if (o1 == 0.0 && o2 == 0.0 && o3 == 0.0 && o4 == 0.0) {
    // Collinear (or degenerate): order the four ends along the line's longer extent and
    // intersect the two intervals. Ties keep the points exactly as given.
    const double dx = std::max({a0.x, a1.x, b0.x, b1.x}) - std::min({a0.x, a1.x, b0.x, b1.x});
    const double dy = std::max({a0.y, a1.y, b0.y, b1.y}) - std::min({a0.y, a1.y, b0.y, b1.y});
    const bool use_x = dx >= dy;
    const auto key = [use_x](Vec2 p) { return use_x ? p.x : p.y; };
    Vec2 alo = a0f, ahi = a1f, blo = b0f, bhi = b1f;
    if (key(ahi) < key(alo)) std::swap(alo, ahi);
    if (key(bhi) < key(blo)) std::swap(blo, bhi);
    const Vec2 lo = key(alo) >= key(blo) ? alo : blo;  // the later start
    const Vec2 hi = key(ahi) <= key(bhi) ? ahi : bhi;  // the earlier end
    if (key(lo) > key(hi)) return h;
    h.p[0] = lo;
    if (lo == hi) {
      h.count = 1;
    } else {
      h.p[1] = hi;
      h.count = 2;
    }
    return h;
  }

  // Each segment's ends on opposite sides of (or on) the other's line.
  if (sign(o1) * sign(o2) > 0 || sign(o3) * sign(o4) > 0) return h;

  h.count = 1;
  if (o3 != o4) {
    // a0 + s (a1 - a0) with s = o3 / (o3 - o4): where the signed distance from b's line,
    // linear along a, reaches zero.
    const double s = o3 / (o3 - o4);
    h.p[0] = Vec2(static_cast<float>(a0.x + s * (a1.x - a0.x)),
                  static_cast<float>(a0.y + s * (a1.y - a0.y)));
  } else {
    // o3 == o4 (both ends of a at the same distance from b's line, so both zero here: a
    // lies on b's line while b is not on a's, which only a zero-length a allows).
    const double s = o1 / (o1 - o2);
    h.p[0] = Vec2(static_cast<float>(b0.x + s * (b1.x - b0.x)),
                  static_cast<float>(b0.y + s * (b1.y - b0.y)));
  }
  return h;
}

}  // namespace hitbox
