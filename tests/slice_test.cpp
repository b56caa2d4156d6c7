// Slicing (slice.h): named cases, and a property test against the reference's polygon
// clipping (the original's world outline clipped by each half-plane of the cut): the
// pieces' areas match the clipped areas and add up to the original's, and no piece crosses
// the line.
#include "hitbox/slice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "support/reference.h"

namespace hitbox {
namespace {

Shape square(DVec2 pos, double side) {
  Shape s;
  s.id = "sq";
  s.kind = Kind::Rect;
  s.pos = pos;
  s.size = DVec2(side, side);
  s.vel = DVec2(3, 4);
  return s;
}

double world_area(const Shape& s) {
  return std::fabs(ref::signed_area(ref::world_polygon(s)));
}

TEST(Slice, SquareIntoTwoRectangles) {
  const Shape sq = square({200, 200}, 100);
  // Straight down through the middle: the right of "down" on a y-down screen is -x.
  const std::vector<Shape> pieces = slice_shape(sq, {200, 100}, {200, 300});
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].id, "sq_1");
  EXPECT_EQ(pieces[1].id, "sq_2");
  for (std::size_t k = 0; k < 2; ++k) {
    const Shape& p = pieces[k];
    EXPECT_EQ(p.kind, Kind::Polygon);
    EXPECT_EQ(p.pos, sq.pos);
    EXPECT_EQ(p.vel, sq.vel);
    EXPECT_EQ(p.angle, sq.angle);
    ASSERT_EQ(p.points.size(), 4u);
    EXPECT_TRUE(polygon_problem(p.points).empty());
    EXPECT_NEAR(world_area(p), 5000.0, 1e-9);
    for (const DVec2& q : p.points) {
      EXPECT_TRUE(q.x == 0.0 || std::fabs(q.x) == 50.0);
      EXPECT_EQ(std::fabs(q.y), 50.0);
      EXPECT_TRUE(k == 0 ? q.x <= 0.0 : q.x >= 0.0);
    }
  }
}

TEST(Slice, ScaleAndMirrorGoIntoThePoints) {
  Shape s;
  s.id = "P";
  s.kind = Kind::Polygon;
  s.pos = DVec2(50, 60);
  s.angle = 30.0;
  s.scale = 2.0;
  s.mirror_x = true;
  s.points = {{0, -10}, {20, 0}, {0, 10}, {-5, 0}};
  // Through pos, perpendicular to the local x axis as it is in the world.
  const double r = 30.0 * 3.14159265358979323846 / 180.0;
  const DVec2 y_axis(-std::sin(r), std::cos(r));
  const std::vector<Shape> pieces = slice_shape(s, s.pos - y_axis * 100.0, s.pos + y_axis * 100.0);
  ASSERT_EQ(pieces.size(), 2u);
  double total = 0.0;
  for (const Shape& p : pieces) {
    EXPECT_EQ(p.scale, 1.0);
    EXPECT_FALSE(p.mirror_x);
    EXPECT_FALSE(p.mirror_y);
    EXPECT_EQ(p.angle, 30.0);
    total += world_area(p);
  }
  EXPECT_NEAR(total, world_area(s), 1e-9);
  // Mirrored and doubled: the long tip (local x 20) is at scaled x -40, the short one at +10.
  EXPECT_NEAR(world_area(pieces[0]) + world_area(pieces[1]), 2.0 * 2.0 * 250.0, 1e-9);
}

TEST(Slice, ASegmentThatDoesNotCrossCompletelyLeavesItWhole) {
  const Shape sq = square({0, 0}, 100);
  for (const auto& [p0, p1] : std::vector<std::pair<DVec2, DVec2>>{
           {{0, -100}, {0, 0}},        // stops in the middle
           {{0, 10}, {0, 100}},        // starts inside
           {{-100, 80}, {100, 80}},    // misses
           {{-100, 50}, {100, 50}},    // runs along the bottom edge
           {{-50, -100}, {-50, 100}},  // along the left edge
           {{5, 5}, {5, 5}},           // no length
       }) {
    const std::vector<Shape> out = slice_shape(sq, p0, p1);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0], sq);
  }
  Shape c;
  c.id = "C";
  c.kind = Kind::Circle;
  c.radius = 10;
  ASSERT_EQ(slice_shape(c, {-100, 0}, {100, 0}).size(), 1u);
}

TEST(Slice, ThroughACorner) {
  // The diagonal: each piece is a triangle.
  const std::vector<Shape> pieces = slice_shape(square({0, 0}, 10), {-20, -20}, {20, 20});
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].points.size(), 3u);
  EXPECT_EQ(pieces[1].points.size(), 3u);
  EXPECT_NEAR(world_area(pieces[0]), 50.0, 1e-9);
}

TEST(Slice, ConcaveShapeIntoThreePieces) {
  // A "C" opening to the right (arms 30 thick, the mouth from y 30 to 70), cut straight down
  // at x = 60 through both arms: the two arm ends and the rest.
  Shape c;
  c.id = "C";
  c.kind = Kind::Polygon;
  c.points = {{0, 0}, {100, 0}, {100, 30}, {30, 30}, {30, 70}, {100, 70}, {100, 100}, {0, 100}};
  const std::vector<Shape> pieces = slice_shape(c, {60, -50}, {60, 150});
  ASSERT_EQ(pieces.size(), 3u);
  std::vector<double> areas;
  for (const Shape& p : pieces) {
    EXPECT_TRUE(polygon_problem(p.points).empty()) << polygon_problem(p.points);
    areas.push_back(world_area(p));
  }
  std::sort(areas.begin(), areas.end());
  EXPECT_NEAR(areas[0], 1200.0, 1e-9);  // 40 x 30
  EXPECT_NEAR(areas[1], 1200.0, 1e-9);
  EXPECT_NEAR(areas[2], 4800.0, 1e-9);  // 10000 - 70 x 40 - 2400
  // The right of "down" is -x: the big piece first, then the two arm ends.
  EXPECT_EQ(pieces[0].id, "C_1");
  EXPECT_NEAR(world_area(pieces[0]), 4800.0, 1e-9);
  EXPECT_EQ(pieces[2].id, "C_3");
  // Stopping in the mouth, after the top arm: not through the whole shape, so whole.
  EXPECT_EQ(slice_shape(c, {60, -50}, {60, 50}).size(), 1u);
  // Through the mouth only from the side: across the back and both arms (horizontal, y = 50
  // meets only the back wall): two pieces.
  EXPECT_EQ(slice_shape(c, {-10, 50}, {150, 50}).size(), 2u);
}

// A big polygon covering the half-plane on the positive side of p0 -> p1.
ref::Poly half_plane(DVec2 p0, DVec2 p1, double sign) {
  const DVec2 d = (p1 - p0) / std::hypot(p1.x - p0.x, p1.y - p0.y);
  const DVec2 n = DVec2(-d.y, d.x) * sign;  // cross(d, n) = sign
  const double big = 1e5;
  ref::Poly p = {p0 - d * big, p0 + d * big, p0 + d * big + n * big, p0 - d * big + n * big};
  if (ref::signed_area(p) < 0.0) std::reverse(p.begin(), p.end());
  return p;
}

TEST(SliceProperty, AreasMatchClippingAndNoPieceCrossesTheLine) {
  std::mt19937 rng(1205);
  std::uniform_real_distribution<double> pos(0.0, 500.0), ext(10.0, 80.0), ang(-180.0, 180.0),
      sc(0.5, 2.0), unit(0.0, 1.0);
  std::bernoulli_distribution coin(0.5);
  int sliced = 0, stopped = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    Shape s;
    s.id = "S";
    s.pos = DVec2(pos(rng), pos(rng));
    if (coin(rng)) {
      s.kind = Kind::Rect;
      s.size = DVec2(ext(rng), ext(rng));
    } else {
      s.kind = Kind::Polygon;
      const int n = 3 + iter % 8;
      const double r = ext(rng);
      for (int k = 0; k < n; ++k) {
        const double a = (k + 0.4 * unit(rng)) * 2.0 * 3.14159265358979323846 / n;
        s.points.emplace_back(r * std::cos(a), r * std::sin(a));
      }
    }
    s.angle = ang(rng);
    s.scale = sc(rng);
    s.mirror_x = coin(rng);
    s.mirror_y = coin(rng);
    ASSERT_TRUE(s.kind == Kind::Rect || polygon_problem(s.points).empty());
    // A line through a point near pos, long enough to cross the whole shape.
    const ref::Poly outline = ref::world_polygon(s);
    const DVec2 c = s.pos + DVec2(unit(rng) - 0.5, unit(rng) - 0.5) * 4.0;
    const double th = unit(rng) * 6.283185307179586;
    const DVec2 dir(std::cos(th), std::sin(th));
    const DVec2 p0 = c - dir * 400.0, p1 = c + dir * 400.0;
    const std::vector<Shape> pieces = slice_shape(s, p0, p1);
    SCOPED_TRACE(ref::describe(s));
    ASSERT_EQ(pieces.size(), 2u);
    ++sliced;
    const double whole = std::fabs(ref::signed_area(outline));
    double total = 0.0;
    for (int k = 0; k < 2; ++k) {
      const Shape& p = pieces[static_cast<std::size_t>(k)];
      EXPECT_TRUE(polygon_problem(p.points).empty());
      const ref::Poly w = ref::world_polygon(p);
      const double area = std::fabs(ref::signed_area(w));
      total += area;
      const double side = k == 0 ? 1.0 : -1.0;
      const double clipped = ref::signed_area(ref::clip_convex(outline, half_plane(p0, p1, side)));
      EXPECT_NEAR(area, std::fabs(clipped), 1e-6 * whole + 1e-9);
      for (const DVec2& q : w) {
        const double dist = ref::cross2(dir, q - p0);
        EXPECT_GE(dist * side, -1e-6);
      }
    }
    EXPECT_NEAR(total, whole, 1e-9 * whole);
    // Stopping at the line's middle, inside the shape, leaves it whole.
    if (ref::point_polygon_signed_distance(c, outline) < -1e-6) {
      EXPECT_EQ(slice_shape(s, p0, c).size(), 1u);
      ++stopped;
    }
  }
  EXPECT_EQ(sliced, 3000);
  EXPECT_GT(stopped, 2500);
}

TEST(SliceProperty, ConcaveAreasPerSideMatchClippingOfTheWholeOutline) {
  std::mt19937 rng(1209);
  std::uniform_real_distribution<double> rad(15.0, 60.0), jit(0.0, 0.6), ang(-180.0, 180.0),
      sc(0.6, 1.6), unit(0.0, 1.0);
  std::uniform_int_distribution<int> count(5, 14);
  std::bernoulli_distribution coin(0.5);
  int multi = 0, sliced = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    Shape s;
    s.id = "S";
    s.kind = Kind::Polygon;
    s.pos = DVec2(100, 100);
    do {
      s.points.clear();
      const int n = count(rng);
      for (int k = 0; k < n; ++k) {
        const double a = (k + jit(rng)) * 2.0 * 3.14159265358979323846 / n;
        const double r = coin(rng) ? rad(rng) : rad(rng) * 0.4;
        s.points.emplace_back(r * std::cos(a), r * std::sin(a));
      }
    } while (!polygon_problem(s.points).empty());
    s.angle = ang(rng);
    s.scale = sc(rng);
    s.mirror_x = coin(rng);
    s.mirror_y = coin(rng);
    const ref::Poly outline = ref::world_polygon(s);
    const double th = unit(rng) * 6.283185307179586;
    const DVec2 dir(std::cos(th), std::sin(th));
    const DVec2 c = s.pos + DVec2(-dir.y, dir.x) * ((unit(rng) - 0.5) * 40.0);
    const DVec2 p0 = c - dir * 400.0, p1 = c + dir * 400.0;
    const std::vector<Shape> pieces = slice_shape(s, p0, p1);
    SCOPED_TRACE(ref::describe(s));
    const double whole = std::fabs(ref::signed_area(outline));
    const double right =
        std::fabs(ref::signed_area(ref::clip_convex(outline, half_plane(p0, p1, 1.0))));
    const double left =
        std::fabs(ref::signed_area(ref::clip_convex(outline, half_plane(p0, p1, -1.0))));
    if (right < 1e-6 * whole || left < 1e-6 * whole) {
      // The line misses it (whole), or leaves a sliver within rounding (either way).
      if (right == 0.0 || left == 0.0) {
        EXPECT_EQ(pieces.size(), 1u);
      }
      continue;
    }
    ASSERT_GE(pieces.size(), 2u);
    ++sliced;
    multi += pieces.size() > 2;
    double got_right = 0.0, got_left = 0.0;
    for (const Shape& p : pieces) {
      EXPECT_TRUE(polygon_problem(p.points).empty()) << polygon_problem(p.points);
      const ref::Poly w = ref::world_polygon(p);
      double lo = 0.0, hi = 0.0;
      for (const DVec2& q : w) {
        const double dist = ref::cross2(dir, q - p0);
        lo = std::min(lo, dist);
        hi = std::max(hi, dist);
      }
      EXPECT_TRUE(lo >= -1e-6 || hi <= 1e-6) << "a piece crosses the line";
      (hi > 1e-6 ? got_right : got_left) += std::fabs(ref::signed_area(w));
    }
    EXPECT_NEAR(got_right, right, 1e-6 * whole);
    EXPECT_NEAR(got_left, left, 1e-6 * whole);
  }
  std::printf("concave slices: %d sliced, %d into more than two pieces\n", sliced, multi);
  EXPECT_GT(sliced, 1500);
  EXPECT_GT(multi, 150);
}

}  // namespace
}  // namespace hitbox
