// Tests of the test references themselves (support/reference.h): the hand-worked transform,
// hull, clipping and distance anchors, the references agreeing with each other (inner and
// outer circle polygons, clipping area, polygon distance, exact signed distance, sampled
// directional projections) and the seeded generator of support/property_cases.h covering
// every mirror combination and both verdicts.
#include "support/reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "hitbox/shape.h"
#include "support/property_cases.h"

namespace hitbox {
namespace {

using namespace property;

// ---- reference self-checks: the references agree with each other ----

TEST(PropertyReference, TransformAndHullAnchors) {
  Shape s;
  s.kind = Kind::Rect;
  s.angle = 90.0;
  // R(90) maps +x onto +y (down on screen).
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).x, 0.0, 1e-12);
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).y, 1.0, 1e-12);
  // Mirror before rotating, scale, then translate.
  s.mirror_x = true;
  s.scale = 2.0;
  s.pos = DVec2(10, 20);
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).x, 10.0, 1e-12);
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).y, 18.0, 1e-12);
  s.mirror_x = false;
  s.mirror_y = true;
  EXPECT_NEAR(ref::world_point(s, DVec2(0, 1)).x, 12.0, 1e-12);  // (0,-2) rotated by 90
  EXPECT_NEAR(ref::world_point(s, DVec2(0, 1)).y, 20.0, 1e-12);
  // Hull: square with interior, duplicate and collinear points.
  const ref::Poly h = ref::hull({{0, 0}, {2, 0}, {1, 0}, {2, 2}, {1, 1}, {0, 2}, {0, 1}, {2, 2}});
  ASSERT_EQ(h.size(), 4u);
  EXPECT_DOUBLE_EQ(ref::signed_area(h), 4.0);
  // Clipping two unit-overlap squares, and point distance.
  const ref::Poly sq2 = ref::translated(h, DVec2(1, 1));
  EXPECT_NEAR(ref::overlap_area(h, sq2), 1.0, 1e-12);
  EXPECT_NEAR(ref::polygon_distance(h, ref::translated(h, DVec2(5, 0))), 3.0, 1e-12);
  EXPECT_NEAR(ref::point_polygon_signed_distance(DVec2(0.5, 1), h), -0.5, 1e-12);
  EXPECT_NEAR(ref::point_polygon_signed_distance(DVec2(3, 3), h), std::sqrt(2.0), 1e-12);
}

TEST(PropertyReference, DistanceAreaAndCirclePolygonsAgree) {
  Tally tally;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 900 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertyReference " + pair_name(ka, kb));
      for (int i = 0; i < 400 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        ck.set_case(seed, i, &a, &b);
        ++tally.cases;
        const double sd = ref::PairRef(a, b).signed_distance();
        const ref::Poly ia = ref::inner_polygon(a), ib = ref::inner_polygon(b);
        const ref::Poly oa = ref::outer_polygon(a), ob = ref::outer_polygon(b);
        const double area_in = ref::overlap_area(ia, ib);
        const double area_out = ref::overlap_area(oa, ob);
        const double dist_in = ref::polygon_distance(ia, ib);
        const double dist_out = ref::polygon_distance(oa, ob);
        // Clipping is symmetric and bounded by either polygon.
        PROP_CHECK(ck, near(area_in, ref::overlap_area(ib, ia), 1e-6 * (1 + area_in)),
                   "clip(a,b) " + fmt(area_in) + " vs clip(b,a)");
        PROP_CHECK(ck, area_in <= std::min(ref::signed_area(ia), ref::signed_area(ib)) + 1e-6,
                   "overlap larger than a polygon");
        PROP_CHECK(ck, area_in <= area_out + 1e-6, "inner overlap > outer overlap");
        // inner distance >= exact distance >= outer distance, within the polygon error.
        const double sag = 0.012 * (a.kind == Kind::Circle) + 0.012 * (b.kind == Kind::Circle);
        if (sd > 0.0) {
          PROP_CHECK(ck, dist_out <= sd + 1e-9 && dist_out >= sd - sag - 1e-9,
                     "outer distance " + fmt(dist_out) + " vs exact " + fmt(sd));
          PROP_CHECK(ck, dist_in >= sd - 1e-9 && dist_in <= sd + sag + 1e-9,
                     "inner distance " + fmt(dist_in) + " vs exact " + fmt(sd));
          PROP_CHECK(ck, area_in == 0.0, "separated but inner area " + fmt(area_in));
        }
        if (sd > sag + 1e-9) PROP_CHECK(ck, area_out == 0.0, "outer area " + fmt(area_out));
        if (sd < -sag - 1e-9) {
          PROP_CHECK(ck, area_in > 0.0 && dist_in == 0.0,
                     "overlapping by " + fmt(-sd) + " but inner area " + fmt(area_in));
        }
        if (sd < 0.0) PROP_CHECK(ck, dist_out == 0.0, "overlapping but outer distance > 0");
        ++(sd < 0 ? tally.hits : tally.misses);
        // The exact signed distance against directional projections (every 4th case): a
        // penetration depth never exceeds the overlap along any direction and a gap is never
        // less than the gap along any direction; the sampled extreme is within the sampling
        // error (the overlap's derivative in angle is at most 2 * max |v - a.pos|).
        if (i % 4 == 0) {
          constexpr int kDirs = 3600;
          double extreme = std::numeric_limits<double>::infinity();
          double max_r = 0.0;
          for (const ref::Poly* p : {&ia, &ib}) {
            for (DVec2 v : *p) max_r = std::max(max_r, ref::length2(v - a.pos));
          }
          for (int k = 0; k < kDirs; ++k) {
            const double t = std::numbers::pi * k / kDirs;
            const DVec2 n(std::cos(t), std::sin(t));
            const DInterval pa = project(a, n), pb = project(b, n);
            extreme = std::min(extreme, std::min(pa.max - pb.min, pb.max - pa.min));
          }
          // extreme = min over directions of the signed overlap = -(signed distance) exactly
          // for convex shapes, up to sampling.
          const double sampling = 2.0 * max_r * std::numbers::pi / kDirs;
          PROP_CHECK(ck, -sd <= extreme + 1e-9 && -sd >= extreme - sampling,
                     "signed distance " + fmt(sd) + " vs sampled min overlap " + fmt(extreme) +
                         " (sampling error " + fmt(sampling) + ")");
        }
      }
    }
  }
  tally.report("reference self-check", 1.0);
}

TEST(PropertyReference, GeneratorCoversMirrorsAndOverlaps) {
  Gen g(77);
  std::array<int, 4> combos{};
  int overlapping = 0;
  const int n = 2000;
  for (int i = 0; i < n; ++i) {
    auto [a, b] = g.pair(kKinds[i % 3], kKinds[(i / 3) % 3]);
    ++combos[a.mirror_x * 2 + a.mirror_y];
    overlapping += ref::PairRef(a, b).signed_distance() < 0.0;
  }
  for (int c : combos) EXPECT_GT(c, n / 8) << "a mirror combination is rare";
  EXPECT_GT(overlapping, n / 3);
  EXPECT_LT(overlapping, 2 * n / 3);
}

}  // namespace

// Regression: two axis-aligned rectangles turned by whole quarter turns (360 and -270
// degrees) have Minkowski-difference points whose x differ by one ulp; the reference hull
// once started inside such an edge and called this overlapping pair separated.
TEST(PropertyReference, QuarterTurnedRectanglesOverlapByHand) {
  Shape a;
  a.kind = Kind::Rect;
  a.pos = {105, 147};
  a.size = {27, 79};
  a.angle = 360;
  Shape b = a;
  b.pos = {98, 170};
  b.size = {86, 50};
  b.angle = -270;  // footprint 50 x 86
  // Found by a search over whole quarter turns. x: A spans [91.5, 118.5], B [73, 123];
  // y: A [107.5, 186.5], B [127, 213]. The shortest way out of two boxes is along x or y:
  // min(45.5, 31.5) and min(59.5, 105.5), so 31.5 px deep.
  const double ox = std::min(118.5 - 73.0, 123.0 - 91.5);
  const double oy = std::min(186.5 - 127.0, 213.0 - 107.5);
  EXPECT_NEAR(ref::PairRef(a, b).signed_distance(), -std::min(ox, oy), 1e-9);
  // Collinear points on an edge, one a hair off the corner: the hull keeps the 3 corners.
  EXPECT_EQ(ref::hull({{0, 0}, {0, 1e-13}, {1, 0}, {0, 1}, {0, 0.5}}).size(), 3u);
}

// first_touch against hand-worked roots: (t - 0.25)^2 - 0.01 first reaches 0 at t = 0.15 and
// dips to -0.01; 1 + t never does; 0.5 - t starts above and enters at t = 0.5 exactly on a
// sample; a gap already <= 0 at t = 0 gives 0.
TEST(Reference, FirstTouchFindsTheFirstRoot) {
  const ref::FirstTouch dip =
      ref::first_touch([](double t) { return (t - 0.25) * (t - 0.25) - 0.01; });
  EXPECT_NEAR(dip.t, 0.15, 1e-12);
  EXPECT_NEAR(dip.min_gap, -0.01, 1e-6);
  const ref::FirstTouch never = ref::first_touch([](double t) { return 1.0 + t; });
  EXPECT_EQ(never.t, -1.0);
  EXPECT_EQ(never.min_gap, 1.0);
  EXPECT_NEAR(ref::first_touch([](double t) { return 0.5 - t; }).t, 0.5, 1e-12);
  EXPECT_EQ(ref::first_touch([](double t) { return -1.0 - t; }).t, 0.0);
}

}  // namespace hitbox
