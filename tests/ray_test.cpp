// Ray casts (ray.h): named cases, and a property test against fine sampling plus bisection
// of the point-in-shape test (reference.h's signed distance, written from the Shape).
#include "hitbox/ray.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

#include "hitbox/segment.h"
#include "support/named_shapes.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using named_shapes::circle;
using named_shapes::rect;

// A segment from p0 to p1 (pos at the origin).
Shape segment(const char* id, DVec2 p0, DVec2 p1) {
  return named_shapes::segment(id, DVec2(0.0, 0.0), p0, p1);
}

Shape octagon(const char* id, DVec2 pos, double r) {
  Shape s;
  s.id = id;
  s.kind = Kind::Polygon;
  s.pos = pos;
  for (int i = 0; i < 8; ++i) {
    const double a = i * 3.14159265358979323846 / 4.0;
    s.points.emplace_back(r * std::cos(a), r * std::sin(a));
  }
  return s;
}

TEST(Ray, HitsARectFromTheLeft) {
  const RayHit h = raycast(Posed(rect("R", {100, 0}, {20, 40})), {0, 0}, {200, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.inside);
  EXPECT_FLOAT_EQ(h.t, 0.45f);  // x = 90
  EXPECT_EQ(h.point, Vec2(90, 0));
  EXPECT_EQ(h.normal, Vec2(-1, 0));
}

TEST(Ray, StopsAtItsEnd) {
  EXPECT_FALSE(raycast(Posed(rect("R", {100, 0}, {20, 40})), {0, 0}, {89, 0}).hit);
  EXPECT_TRUE(raycast(Posed(rect("R", {100, 0}, {20, 40})), {0, 0}, {90, 0}).hit);
  EXPECT_FALSE(raycast(Posed(circle("C", {100, 0}, 10)), {0, 0}, {89, 0}).hit);
}

TEST(Ray, CircleNormalFacesTheStart) {
  const RayHit h = raycast(Posed(circle("C", {0, 0}, 5)), {-10, 3}, {10, 3});
  ASSERT_TRUE(h.hit);
  // Enters at x = -4 (4^2 + 3^2 = 5^2): t = 6 / 20.
  EXPECT_NEAR(h.t, 0.3f, 1e-6f);
  EXPECT_NEAR(h.normal.x, -0.8f, 1e-6f);
  EXPECT_NEAR(h.normal.y, 0.6f, 1e-6f);
}

TEST(Ray, StartingInsideAShape) {
  for (const Shape& s :
       {rect("R", {0, 0}, {20, 20}), circle("C", {0, 0}, 10), octagon("O", {0, 0}, 10)}) {
    const RayHit h = raycast(Posed(s), {1, 2}, {100, 2});
    ASSERT_TRUE(h.hit) << kind_name(s.kind);
    EXPECT_TRUE(h.inside);
    EXPECT_EQ(h.t, 0.0f);
    EXPECT_EQ(h.normal, Vec2(0, 0));
    EXPECT_EQ(h.point, Vec2(1, 2));
  }
}

TEST(Ray, AlongAnEdge) {
  // The rect's top edge is y = -10 from x = -10 to 10; the ray runs on that line.
  const Posed r(rect("R", {0, 0}, {20, 20}));
  const RayHit h = raycast(r, {-30, -10}, {30, -10});
  ASSERT_TRUE(h.hit);
  EXPECT_FLOAT_EQ(h.t, 20.0f / 60.0f);
  EXPECT_EQ(h.point, Vec2(-10, -10));
  EXPECT_EQ(h.normal, Vec2(-1, 0));  // it enters through the left side's corner
  // Starting on the edge: inside (closed shapes).
  EXPECT_TRUE(raycast(r, {0, -10}, {30, -10}).inside);
  // Along a segment: it meets the near end, and the normal points back along the ray.
  const Posed s(segment("S", {10, 0}, {20, 0}));
  const RayHit hs = raycast(s, {0, 0}, {30, 0});
  ASSERT_TRUE(hs.hit);
  EXPECT_NEAR(hs.t, 1.0f / 3.0f, 1e-6f);
  EXPECT_EQ(hs.normal, Vec2(-1, 0));
}

TEST(Ray, AcrossASegmentAndAPoint) {
  const Posed s(segment("S", {10, -5}, {10, 5}));
  const RayHit h = raycast(s, {20, 0}, {0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_FLOAT_EQ(h.t, 0.5f);
  EXPECT_EQ(h.normal, Vec2(1, 0));  // the segment's normal on the start's side
  Shape p;
  p.id = "P";
  p.kind = Kind::Point;
  p.pos = DVec2(5, 5);
  const RayHit hp = raycast(Posed(p), {0, 0}, {10, 10});
  ASSERT_TRUE(hp.hit);
  EXPECT_FLOAT_EQ(hp.t, 0.5f);
  EXPECT_FALSE(raycast(Posed(p), {0, 0}, {10, 11}).hit);
}

// Against the reference's point-in-shape distance along the ray: sampled finely, the first
// sign change bisected. Rects, circles, convex and concave polygons, rotated, scaled and
// mirrored.
// A rect is cast by its two slabs in its own frame; the same four corners given as a polygon
// are cast by clipping against each edge. Two methods, one answer: hit or miss, the entry t
// and the normal agree on rotated, scaled and mirrored rects, away from rays that graze a
// side or a corner (their answer can go either way in float).
TEST(RayProperty, RectBySlabsMatchesTheSamePolygonByEdges) {
  std::mt19937 rng(2611);
  std::uniform_real_distribution<double> pos(0.0, 300.0), ext(5.0, 120.0), ang(-180.0, 180.0),
      sc(0.5, 2.0);
  std::bernoulli_distribution coin(0.5);
  int hits = 0, compared = 0;
  for (int iter = 0; iter < 4000; ++iter) {
    Shape r = rect("R", {pos(rng), pos(rng)}, {ext(rng), ext(rng)}, ang(rng), coin(rng), coin(rng));
    r.scale = sc(rng);
    Shape p = r;
    p.kind = Kind::Polygon;
    p.points = {{-r.size.x / 2, -r.size.y / 2},
                {r.size.x / 2, -r.size.y / 2},
                {r.size.x / 2, r.size.y / 2},
                {-r.size.x / 2, r.size.y / 2}};
    const Vec2 from(Vec2(DVec2(pos(rng), pos(rng)))), to(Vec2(DVec2(pos(rng), pos(rng))));
    const auto dist = [&](double t) {
      return ref::point_shape_signed_distance(r, DVec2(from) + (DVec2(to) - DVec2(from)) * t);
    };
    const ref::FirstTouch touch = ref::first_touch(dist);
    if (std::fabs(dist(0.0)) < ref::kBand || std::fabs(dist(1.0)) < ref::kBand ||
        std::fabs(touch.min_gap) < ref::kBand) {
      continue;
    }
    ++compared;
    const Posed pr(r), pp(p);
    ASSERT_EQ(pr.collider().geom, Geom::Box);
    ASSERT_EQ(pp.collider().geom, Geom::Polygon);
    const RayHit a = raycast(pr, from, to), b = raycast(pp, from, to);
    ASSERT_EQ(a.hit, b.hit) << iter;
    ASSERT_EQ(a.inside, b.inside) << iter;
    if (!a.hit || a.inside) continue;
    ++hits;
    EXPECT_NEAR(a.t, b.t, 1e-5f) << iter;
    EXPECT_NEAR(a.normal.x, b.normal.x, 1e-5f) << iter;
    EXPECT_NEAR(a.normal.y, b.normal.y, 1e-5f) << iter;
  }
  EXPECT_GT(compared, 3000);
  EXPECT_GT(hits, 450);
}

// A circle against the quadratic solved in double on the very float centre and radius the
// body holds: hit or miss, t, and a unit normal along p - centre for the float hit point p.
// raycast takes the normal from (p - centre) / r and one Newton step, or, where that is not
// close enough to unit (far coordinates, tiny radii: about one case in six here), by the
// exact division; both are checked. Centres up to 1e5 px away, radii 0.25 to 200 px, scaled
// and mirrored.
TEST(RayProperty, CircleAgainstTheQuadraticInDouble) {
  std::mt19937 rng(3105);
  std::uniform_real_distribution<double> unit(0.0, 1.0), sc(0.5, 2.0);
  std::bernoulli_distribution coin(0.5);
  int hits = 0, misses = 0, inside = 0, skipped = 0, far = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    const double span = iter % 6 == 0 ? 1e5 : 400.0;  // one case in six far from the origin
    const double r = 0.25 * std::pow(800.0, unit(rng));
    Shape s = circle("C", {span * (unit(rng) - 0.5), span * (unit(rng) - 0.5)}, r);
    s.scale = sc(rng);
    s.mirror_x = coin(rng);
    s.mirror_y = coin(rng);
    const Posed posed(s);
    const Collider& b = posed.collider();
    // Rays around the circle: from and to within a few radii of it.
    const double reach = 4.0 * b.radius + 10.0;
    const auto near = [&] {
      return Vec2(DVec2(b.pos.x + reach * (2.0 * unit(rng) - 1.0),
                        b.pos.y + reach * (2.0 * unit(rng) - 1.0)));
    };
    const Vec2 from = near(), to = near();
    const double cx = b.pos.x, cy = b.pos.y, rr = b.radius;
    const double fx = from.x - cx, fy = from.y - cy;
    const double dx = static_cast<double>(to.x) - from.x, dy = static_cast<double>(to.y) - from.y;
    const double a = dx * dx + dy * dy, h = fx * dx + fy * dy, c = fx * fx + fy * fy - rr * rr;
    const double disc = h * h - a * c;
    const RayHit got = raycast(b, from, to);
    // Float decides starts on the circle, grazing rays and rays ending on it either way.
    const double tol = 1e-4 * (rr * rr + fx * fx + fy * fy);
    if (std::fabs(c) < tol || std::fabs(disc) < tol * a || a == 0.0) {
      ++skipped;
      continue;
    }
    if (c < 0.0) {
      ++inside;
      EXPECT_TRUE(got.hit && got.inside) << iter;
      EXPECT_EQ(got.t, 0.0f);
      EXPECT_EQ(got.normal.x, 0.0f);
      EXPECT_EQ(got.normal.y, 0.0f);
      continue;
    }
    const double t_ref = disc < 0.0 || h >= 0.0 ? 2.0 : c / (-h + std::sqrt(disc));
    const double len = std::sqrt(a);
    if (std::fabs(t_ref - 1.0) * len < 1e-3 * (rr + std::fabs(fx) + std::fabs(fy))) {
      ++skipped;
      continue;
    }
    if (t_ref > 1.0) {
      ++misses;
      EXPECT_FALSE(got.hit) << iter;
      EXPECT_EQ(got.t, 0.0f);
      continue;
    }
    ++hits;
    if (span > 1e4) ++far;
    ASSERT_TRUE(got.hit) << iter;
    EXPECT_FALSE(got.inside);
    // t: float's cancellation-free root, good to a few ulp of the start's coordinates (the
    // same floats as before the branch-free cast).
    const double coord =
        std::max(std::fabs(from.x), std::fabs(from.y)) + std::fabs(cx) + std::fabs(cy);
    // Plus the root's sensitivity to float's rounding of h^2 - ac near a grazing ray.
    const double graze = 4.0 * 6e-8 * (h * h + a * std::fabs(c)) / (a * std::sqrt(disc));
    EXPECT_NEAR(got.t, t_ref, 1e-6 + 1e-6 * coord / len + graze) << iter;
    EXPECT_EQ(got.point.x, from.x + (to.x - from.x) * got.t);
    EXPECT_EQ(got.point.y, from.y + (to.y - from.y) * got.t);
    // The normal: unit to well within float's rounding, along p - centre for the float point p
    // (in double), and facing the start.
    const double nx = got.normal.x, ny = got.normal.y;
    EXPECT_NEAR(std::hypot(nx, ny), 1.0, 1e-6) << iter;
    const double px = got.point.x - cx, py = got.point.y - cy, pl = std::hypot(px, py);
    EXPECT_NEAR(nx, px / pl, 2e-6) << iter;
    EXPECT_NEAR(ny, py / pl, 2e-6) << iter;
    EXPECT_LT(nx * dx + ny * dy, 0.0) << iter;
    EXPECT_FALSE(std::signbit(got.normal.x) && got.normal.x == 0.0f);
    EXPECT_FALSE(std::signbit(got.normal.y) && got.normal.y == 0.0f);
  }
  std::printf("circle rays: %d hits (%d far), %d misses, %d inside, %d skipped\n", hits, far,
              misses, inside, skipped);
  EXPECT_GT(hits, 3000);
  EXPECT_GT(far, 300);
  EXPECT_GT(misses, 3000);
  EXPECT_GT(inside, 300);
  EXPECT_LT(skipped, 2000);
}

// A segment: raycast() decides most rays by the four orientations in float with a rounding
// bound, and the rest exactly; both must give what the general path gives, built here from
// segment_intersection() (segment.h, exact orientations in double): inside when the start is
// on the segment, else the nearest crossing, its t, and the segment's normal on the start's
// side (the reverse of the ray for a touch along its line). Bit for bit, over random rays and
// the placements where a float sign is uncertain: ends on the other's line, through an end,
// along the segment, one float step from touching, and coordinates near 1e5.
TEST(RayProperty, SegmentSameAsTheGeneralIntersection) {
  std::mt19937 rng(2611);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  int hits = 0, misses = 0, inside = 0, along = 0;
  for (int iter = 0; iter < 200000; ++iter) {
    const float base = iter % 5 == 0 ? 1e5f : 0.0f;
    const auto point = [&] { return Vec2(base + 400.0f * unit(rng), base + 400.0f * unit(rng)); };
    const Vec2 v0 = point();
    Vec2 v1 = point();
    if (iter % 8 == 7) v1.y = v0.y;  // level: points on its line are exact floats
    const auto on_line = [&](float k) { return v0 + (v1 - v0) * k; };
    Vec2 from = point(), to = point();
    switch (iter % 8) {
      case 1:  // through an end
        to = from + (v0 - from) * (0.5f + 1.5f * unit(rng));
        break;
      case 2:  // along the segment's line
        from = on_line(3.0f * unit(rng) - 1.0f);
        to = on_line(3.0f * unit(rng) - 1.0f);
        break;
      case 3:  // the end on the segment
        to = on_line(unit(rng));
        break;
      case 4:  // the start on the segment
        from = on_line(unit(rng));
        break;
      case 5:  // an end of the segment on the ray's line
        to = from + (v1 - from) * (1.0f + unit(rng));
        break;
      case 6:  // the start on an end
        from = iter % 16 == 6 ? v0 : v1;
        break;
      case 7:  // the start on a level segment, or on its line beyond it
        from = on_line(3.0f * unit(rng) - 1.0f);
        break;
      default:
        break;
    }
    if (iter % 3 == 0) {  // one float step off
      to.x = std::nextafter(to.x, iter % 2 ? 1e9f : -1e9f);
    }
    const Posed posed(segment("S", DVec2(v0), DVec2(v1)));
    const Collider& b = posed.collider();
    ASSERT_EQ(b.v[0].x, v0.x);  // posed at the origin unturned: the very floats
    ASSERT_EQ(b.v[1].y, v1.y);
    // The general path's answer.
    RayHit want;
    const Vec2 d = to - from;
    if (segment_intersection(from, from, b.v[0], b.v[1]).count > 0) {
      want.hit = want.inside = true;
      want.point = from;
    } else if (const SegmentHits sh = segment_intersection(from, to, b.v[0], b.v[1]);
               sh.count > 0 && dot(d, d) > 0.0f) {
      float t = 2.0f;
      for (int k = 0; k < sh.count; ++k) t = std::min(t, dot(sh.p[k] - from, d) / dot(d, d));
      t = std::clamp(t, 0.0f, 1.0f);
      Vec2 normal = -(d / std::sqrt(dot(d, d)));
      const float side = dot(b.n[0], from - b.v[0]);
      if (sh.count == 1 && side != 0.0f) normal = side > 0.0f ? b.n[0] : -b.n[0];
      want.hit = true;
      want.t = t;
      want.point = from + d * t;
      want.normal = normal + Vec2(0.0f);
      along += sh.count == 2 || side == 0.0f;
    }
    const RayHit got = raycast(b, from, to);
    const auto same = [](float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; };
    ASSERT_EQ(got.hit, want.hit) << iter;
    ASSERT_EQ(got.inside, want.inside) << iter;
    ASSERT_TRUE(same(got.t, want.t)) << iter << " t " << got.t << " " << want.t;
    ASSERT_TRUE(same(got.point.x, want.point.x) && same(got.point.y, want.point.y)) << iter;
    ASSERT_TRUE(same(got.normal.x, want.normal.x) && same(got.normal.y, want.normal.y)) << iter;
    inside += want.inside;
    hits += want.hit && !want.inside;
    misses += !want.hit;
  }
  std::printf("segment rays: %d hits (%d along the line or touching it), %d misses, %d inside\n",
              hits, along, misses, inside);
  EXPECT_GT(hits, 30000);
  EXPECT_GT(misses, 30000);
  EXPECT_GT(inside, 1000);
  EXPECT_GT(along, 1000);
}

TEST(RayProperty, AgainstBisectionOfPointInShape) {
  std::mt19937 rng(1204);
  std::uniform_real_distribution<double> pos(0.0, 400.0), ext(5.0, 80.0), ang(-180.0, 180.0),
      sc(0.5, 2.0);
  std::uniform_int_distribution<int> kind(0, 4), sides(3, 16);
  std::bernoulli_distribution coin(0.5);
  int hits = 0, misses = 0, inside = 0, skipped = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    Shape s;
    const int k = kind(rng);
    if (k == 0) {
      s = rect("R", {pos(rng), pos(rng)}, {ext(rng), ext(rng)}, ang(rng));
    } else if (k == 1) {
      s = circle("C", {pos(rng), pos(rng)}, ext(rng));
    } else if (k == 2) {
      s = octagon("O", {pos(rng), pos(rng)}, ext(rng));
      s.points[static_cast<size_t>(iter % 8)] *= 0.8;  // not regular
      s.angle = ang(rng);
    } else if (k == 3) {
      // A concave star: every other corner pulled in (cast through its convex pieces).
      s = octagon("O", {pos(rng), pos(rng)}, ext(rng));
      for (std::size_t i = 0; i < 8; i += 2) s.points[i] *= 0.35;
      s.angle = ang(rng);
    } else {
      // A convex polygon of 3 to 16 vertices on an ellipse: raycast takes the lanes up to 8
      // vertices (4 or 8 padded), the edge loop beyond.
      s.id = "N";
      s.kind = Kind::Polygon;
      s.pos = {pos(rng), pos(rng)};
      const int n = sides(rng);
      const double rx = ext(rng), ry = ext(rng);
      for (int i = 0; i < n; ++i) {
        const double a = (i + 0.4 * (coin(rng) ? 1.0 : 0.0)) * 6.283185307179586 / n;
        s.points.emplace_back(rx * std::cos(a), ry * std::sin(a));
      }
      s.angle = ang(rng);
    }
    s.scale = sc(rng);
    s.mirror_x = coin(rng);
    s.mirror_y = coin(rng);
    const DVec2 from(pos(rng), pos(rng)), to(pos(rng), pos(rng));
    const auto dist = [&](double t) {
      return ref::point_shape_signed_distance(s, from + (to - from) * t);
    };
    // The first sampled step inside, bisected; the deepest sample tells grazing rays.
    const ref::FirstTouch touch = ref::first_touch(dist);
    const double t_ref = touch.t, min_d = touch.min_gap;
    // Rays that start or end within the band of the boundary, that pass it by less than
    // the band, or that enter it by less, can go either way in float.
    if (std::fabs(dist(0.0)) < ref::kBand || std::fabs(dist(1.0)) < ref::kBand ||
        std::fabs(min_d) < ref::kBand) {
      ++skipped;
      continue;
    }
    const RayHit h = raycast(Posed(s), Vec2(from), Vec2(to));
    SCOPED_TRACE(ref::describe(s));
    if (t_ref < 0.0) {
      ++misses;
      EXPECT_FALSE(h.hit);
      continue;
    }
    ASSERT_TRUE(h.hit);
    if (t_ref == 0.0) {
      ++inside;
      EXPECT_TRUE(h.inside);
      continue;
    }
    ++hits;
    EXPECT_FALSE(h.inside);
    const double len = std::hypot(to.x - from.x, to.y - from.y);
    EXPECT_NEAR(h.t, t_ref, ref::kLen / len + 1e-6);
    EXPECT_NEAR(std::hypot(h.normal.x, h.normal.y), 1.0, 1e-5);
    // Facing the start: the normal and the ray's direction point against each other, and a
    // step back along the normal leaves the shape.
    EXPECT_LT(h.normal.x * (to.x - from.x) + h.normal.y * (to.y - from.y), 0.0);
    const DVec2 out = DVec2(h.point) + DVec2(h.normal) * 0.5;
    EXPECT_GT(ref::point_shape_signed_distance(s, out), 0.0);
  }
  std::printf("rays: %d hits, %d misses, %d inside, %d skipped\n", hits, misses, inside, skipped);
  EXPECT_GT(hits, 300);
  EXPECT_GT(misses, 300);
  EXPECT_GT(inside, 30);
  EXPECT_LT(skipped, 600);
}

}  // namespace
}  // namespace hitbox
