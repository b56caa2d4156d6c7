// The contact manifold (core/collide/src/manifold.cpp): hand-worked cases, then seeded properties
// against independent references (tests/support/reference.h, in double): each contact point's
// two surface points lie on the two outlines; a two-point manifold spans the overlap region
// (clipped polygons) along the reference face; the deepest separation is minus the MTD's depth.
#include "hitbox/manifold.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "hitbox/collide.h"
#include "support/named_shapes.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using named_shapes::circle;
using named_shapes::rect;
using named_shapes::segment;

constexpr float kTol = 1e-3f;

TEST(Manifold, BoxRestingFlatOnABoxTouchesAtTwoCornersByTheOverlap) {
  // A 100 x 20 floor centred at the origin (top face y = -10); a 40 x 40 box whose bottom is
  // at y = -8: 2 px into the floor, its bottom corners at x = +-20.
  const Posed floor(rect("F", {0, 0}, {100, 20})), box(rect("B", {0, -28}, {40, 40}));
  ManifoldTrace t;
  const Manifold m = manifold(floor, box, &t);
  ASSERT_TRUE(m.hit);
  ASSERT_EQ(m.count, 2);
  EXPECT_EQ(t.method, ManifoldMethod::Faces);
  EXPECT_FALSE(t.flip);
  EXPECT_NEAR(m.normal.x, 0.0f, kTol);  // from the floor (A) up toward the box (B)
  EXPECT_NEAR(m.normal.y, -1.0f, kTol);
  float xs[2];
  for (int k = 0; k < 2; ++k) {
    EXPECT_NEAR(m.points[k].separation, -2.0f, kTol);
    EXPECT_NEAR(m.points[k].point.y, -9.0f, kTol);  // midway between y = -10 and y = -8
    xs[k] = m.points[k].point.x;
  }
  EXPECT_NEAR(std::min(xs[0], xs[1]), -20.0f, kTol);
  EXPECT_NEAR(std::max(xs[0], xs[1]), 20.0f, kTol);
  EXPECT_NE(m.points[0].id, m.points[1].id);
}

TEST(Manifold, BoxTiltedTenDegreesOnABoxTouchesAtOneCorner) {
  // The box turned 10 degrees clockwise about its centre (0, -32): its lowest corner is the
  // local (-20, 20) corner, at x = -20 cos 10 - 20 sin 10 = -23.169, y = -32 - 20 sin 10 +
  // 20 cos 10 = -15.77 ... take the corner below: (20, 20) -> (20 cos 10 - 20 sin 10,
  // -32 + 20 sin 10 + 20 cos 10) = (16.223, -8.833): 1.167 px into the floor.
  const Posed floor(rect("F", {0, 0}, {100, 20})), box(rect("B", {0, -32}, {40, 40}, 10));
  const Manifold m = manifold(floor, box);
  ASSERT_TRUE(m.hit);
  ASSERT_EQ(m.count, 1);
  const double c = std::cos(10.0 * M_PI / 180.0), s = std::sin(10.0 * M_PI / 180.0);
  const double cx = 20 * c - 20 * s, cy = -32 + 20 * s + 20 * c;
  EXPECT_NEAR(m.points[0].separation, -(cy + 10.0), kTol);
  EXPECT_NEAR(m.points[0].point.x, cx, kTol);
  EXPECT_NEAR(m.points[0].point.y, 0.5 * (cy - 10.0), kTol);
  EXPECT_NEAR(m.normal.y, -1.0f, kTol);
}

TEST(Manifold, CircleInABoxCornerRegionTouchesTheCorner) {
  // The floor's top-right corner is (50, -10); a circle of radius 10 at (55, -15): 7.071 px
  // from the corner, 2.929 px into it, along the diagonal.
  const Posed floor(rect("F", {0, 0}, {100, 20})), ball(circle("C", {55, -15}, 10));
  ManifoldTrace t;
  const Manifold m = manifold(floor, ball, &t);
  ASSERT_TRUE(m.hit);
  ASSERT_EQ(m.count, 1);
  EXPECT_EQ(t.method, ManifoldMethod::CircleVertex);
  const float r2 = std::sqrt(0.5f);
  EXPECT_NEAR(m.normal.x, r2, kTol);
  EXPECT_NEAR(m.normal.y, -r2, kTol);
  EXPECT_NEAR(m.points[0].separation, std::sqrt(50.0f) - 10.0f, kTol);
  // Midway between the corner and the circle's nearest point.
  const float d = std::sqrt(50.0f) - 10.0f;
  EXPECT_NEAR(m.points[0].point.x, 50.0f + 0.5f * d * r2, kTol);
  EXPECT_NEAR(m.points[0].point.y, -10.0f - 0.5f * d * r2, kTol);
  // The same pair the other way round: the normal turns, the point stays.
  const Manifold w = manifold(ball, floor);
  ASSERT_EQ(w.count, 1);
  EXPECT_NEAR(w.normal.x, -r2, kTol);
  EXPECT_NEAR(w.points[0].point.x, m.points[0].point.x, kTol);
  EXPECT_NEAR(w.points[0].separation, m.points[0].separation, kTol);
}

TEST(Manifold, TwoCirclesTouchOnTheCentreLine) {
  const Posed a(circle("A", {0, 0}, 10)), b(circle("B", {12, 0}, 5));
  const Manifold m = manifold(a, b);
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.normal.x, 1.0f, kTol);
  EXPECT_NEAR(m.points[0].separation, -3.0f, kTol);
  EXPECT_NEAR(m.points[0].point.x, 8.5f, kTol);  // midway between x = 10 and x = 7
  // Apart by a hair: no points.
  const Posed c(circle("C", {15.01, 0}, 5));
  EXPECT_FALSE(manifold(a, c).hit);
  // Touching exactly: a hit with separation 0.
  const Posed d(circle("D", {15, 0}, 5));
  const Manifold t = manifold(a, d);
  ASSERT_TRUE(t.hit);
  EXPECT_EQ(t.points[0].separation, 0.0f);
}

TEST(Manifold, SegmentLyingOnABoxTouchesAtBothEnds) {
  // A 60 px segment 1 px into the floor's top face.
  const Posed floor(rect("F", {0, 0}, {100, 20})), bar(segment("S", {0, -9}, {-30, 0}, {30, 0}));
  const Manifold m = manifold(floor, bar);
  ASSERT_EQ(m.count, 2);
  for (int k = 0; k < 2; ++k) EXPECT_NEAR(m.points[k].separation, -1.0f, kTol);
}

TEST(Manifold, APointIsUnsupported) {
  const Posed floor(rect("F", {0, 0}, {100, 20})), p(named_shapes::point("P", {0, 0}));
  EXPECT_FALSE(manifold(floor, p).supported);
  EXPECT_FALSE(manifold(p, floor).supported);
}

TEST(Manifold, IdsStayWhileTheBoxSlides) {
  const Posed floor(rect("F", {0, 0}, {100, 20}));
  const Manifold m0 = manifold(floor, Posed(rect("B", {0, -28}, {40, 40})));
  const Manifold m1 = manifold(floor, Posed(rect("B", {7.5, -28.5}, {40, 40})));
  ASSERT_EQ(m0.count, 2);
  ASSERT_EQ(m1.count, 2);
  EXPECT_EQ(m0.points[0].id, m1.points[0].id);
  EXPECT_EQ(m0.points[1].id, m1.points[1].id);
}

// Two equal boxes stacked edge to edge: each incident corner lies on a side plane of the
// reference face, and float rounding puts it a hair inside or outside, differently at each
// place. A point's id must not depend on which (Box2D v3's ids), or play mode loses the warm
// start of that point and a stack walks (issue 40).
TEST(Manifold, EqualBoxesEdgeToEdgeKeepTheirIdsWhereverTheyAre) {
  const auto ids = [](const Manifold& m) {
    return std::pair(std::min(m.points[0].id, m.points[1].id),
                     std::max(m.points[0].id, m.points[1].id));
  };
  const Manifold m0 =
      manifold(Posed(rect("A", {0, 0}, {50, 50})), Posed(rect("B", {0, -49.99}, {50, 50})));
  ASSERT_EQ(m0.count, 2);
  std::mt19937 rng(40);
  std::uniform_real_distribution<double> place(0.0, 6000.0), tilt(-1e-4, 1e-4), sink(0.0, 0.05);
  int changed = 0;
  for (int k = 0; k < 2000; ++k) {
    const DVec2 at(place(rng), place(rng));
    const Posed a(rect("A", at, {50, 50}, tilt(rng)));
    const Posed b(rect("B", at + DVec2(0.0, -50.0 + sink(rng)), {50, 50}, tilt(rng)));
    const Manifold m = manifold(a, b);
    ASSERT_EQ(m.count, 2) << "at " << at.x << ", " << at.y;
    if (ids(m) != ids(m0)) ++changed;
  }
  EXPECT_EQ(changed, 0) << "of 2000 places, the ids changed at " << changed;
}

// ---- properties ----

ref::Poly outline(const Shape& s) {
  return s.kind == Kind::Circle ? ref::circle_inscribed(s, 1024) : ref::world_polygon(s);
}

// Distance from p to the shape's outline (double, from the Shape).
double to_outline(const Shape& s, DVec2 p) {
  if (s.kind == Kind::Circle) {
    return std::abs(ref::length2(p - ref::circle_centre(s)) - ref::circle_radius(s));
  }
  const ref::Poly poly = ref::world_polygon(s);
  double best = 1e30;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    best = std::min(best, ref::point_segment_distance(p, poly[i], poly[(i + 1) % poly.size()]));
  }
  return best;
}

Shape random_shape(std::mt19937& rng, int kind) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Shape s;
  s.id = "S";
  s.pos = {200 * u(rng), 200 * u(rng)};
  s.angle = u(rng) < 0.25 ? 90.0 * static_cast<int>(4 * u(rng)) : 360 * u(rng) - 180;
  s.scale = u(rng) < 0.5 ? 1.0 : 0.5 + 1.5 * u(rng);
  s.mirror_x = u(rng) < 0.5;
  s.mirror_y = u(rng) < 0.5;
  if (kind == 0) {
    s.kind = Kind::Rect;
    s.size = {10 + 90 * u(rng), 10 + 90 * u(rng)};
  } else if (kind == 1) {
    s.kind = Kind::Circle;
    s.radius = 5 + 45 * u(rng);
  } else {
    s.kind = Kind::Polygon;
    const int n = 3 + static_cast<int>(6 * u(rng));
    const double rx = 10 + 40 * u(rng), ry = 10 + 40 * u(rng);
    for (int i = 0; i < n; ++i) {
      const double a = (i + 0.6 * u(rng)) * 2.0 * M_PI / n;
      s.points.emplace_back(rx * std::cos(a), ry * std::sin(a));
    }
  }
  return s;
}

TEST(ManifoldProperties, PointsLieOnBothOutlinesAndTheDeepestIsTheMtdDepth) {
  std::mt19937 rng(20261127);
  int hits = 0, two = 0, inside = 0;
  for (int n = 0; n < 6000; ++n) {
    const int ka = n % 3, kb = (n / 3) % 3;
    const Shape sa = random_shape(rng, ka);
    Shape sb = random_shape(rng, kb);
    sb.pos = sa.pos + DVec2(std::uniform_real_distribution<double>(-60, 60)(rng),
                            std::uniform_real_distribution<double>(-60, 60)(rng));
    const Posed a(sa), b(sb);
    const MtdResult mt = mtd(a, b);
    const Manifold m = manifold(a, b);
    const std::string what = "pair " + std::to_string(n) + " kinds " + std::to_string(ka) +
                             std::to_string(kb) + " mtd depth " + std::to_string(mt.depth);
    // A hit exactly when the shapes overlap (outside a band around touching).
    if (std::abs(mt.hit ? mt.depth : 1.0f) < 0.05f) continue;
    ASSERT_EQ(m.hit, mt.hit) << what;
    if (!m.hit) continue;
    ++hits;
    ASSERT_GE(m.count, 1) << what;
    EXPECT_NEAR(std::hypot(m.normal.x, m.normal.y), 1.0, 1e-5) << what;
    // The manifold's normal points from A to B: against mtd's (the way A leaves B).
    EXPECT_LT(dot(m.normal, mt.normal), 0.0f) << what;
    float deepest = 0.0f;
    for (int k = 0; k < m.count; ++k) {
      const ContactPoint& c = m.points[k];
      EXPECT_LE(c.separation, 0.0f) << what;
      deepest = std::min(deepest, c.separation);
      const DVec2 on_a(c.point - 0.5f * c.separation * m.normal);
      const DVec2 on_b(c.point + 0.5f * c.separation * m.normal);
      EXPECT_LT(to_outline(sa, on_a), 0.02) << what << " point " << k << " off A";
      EXPECT_LT(to_outline(sb, on_b), 0.02) << what << " point " << k << " off B";
    }
    // The deepest point is as deep as the MTD (the reference face is the axis of least
    // overlap, up to the tolerance that prefers A's face).
    EXPECT_NEAR(deepest, -mt.depth, kManifoldFaceTolerance + 0.01f) << what;
    if (ka == 0 && kb == 0 && mt.depth < 2.0f) {
      // Each point of a shallow contact of two boxes lies in the region where the outlines
      // overlap (midway between two points of its boundary). Not for any polygon: a point
      // within the reference face's side planes can lie beyond an acute corner of its shape,
      // and a deep one beyond the far side.
      const ref::Poly region = ref::clip_convex(outline(sa), outline(sb));
      if (region.size() < 3) continue;
      for (int k = 0; k < m.count; ++k) {
        const DVec2 p(m.points[k].point);
        double out = 0.0;
        if (!ref::point_in_polygon(p, region)) {
          out = 1e30;
          for (std::size_t i = 0; i < region.size(); ++i) {
            out = std::min(
                out, ref::point_segment_distance(p, region[i], region[(i + 1) % region.size()]));
          }
        }
        EXPECT_LT(out, 0.02) << what << " point " << k << " outside the overlap";
      }
      ++inside;
    }
    two += m.count == 2;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(hits, 1500);
  EXPECT_GT(two, 100);
  EXPECT_GT(inside, 5);
}

// Two polygons apart by less than the speculative reach: the manifold has a point, and its
// smallest separation is no more than the gap (the least distance between the outlines, found
// here in doubles over every vertex and edge), so the solver stops them before they meet.
// Corners toward corners included: there the incident face lies beside the reference face and
// nothing is clipped, and the closest features must give the point.
TEST(ManifoldProperties, ApartWithinTheReachGivesAPointNoFartherThanTheGap) {
  std::mt19937 rng(20261207);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const float spec = 8.0f;
  int pairs = 0, corner = 0;
  for (int n = 0; n < 20000 && pairs < 4000; ++n) {
    const Shape sa = random_shape(rng, n % 2 == 0 ? 0 : 2);
    Shape sb = random_shape(rng, (n / 2) % 2 == 0 ? 0 : 2);
    const ref::Poly pa = ref::world_polygon(sa);
    ref::Poly pb = ref::world_polygon(sb);
    // B moved along a random direction until it is just clear of A, then out by the gap.
    const double t = 2.0 * M_PI * u(rng);
    const DVec2 dir(std::cos(t), std::sin(t));
    const auto gap_of = [&](const ref::Poly& q) {
      if (ref::clip_convex(pa, q).size() >= 3) return -1.0;
      double best = 1e30;
      for (int side = 0; side < 2; ++side) {
        const ref::Poly& from = side == 0 ? pa : q;
        const ref::Poly& to = side == 0 ? q : pa;
        for (const DVec2& v : from) {
          for (std::size_t i = 0; i < to.size(); ++i) {
            best = std::min(best, ref::point_segment_distance(v, to[i], to[(i + 1) % to.size()]));
          }
        }
      }
      return best;
    };
    double lo = 0.0, hi = 400.0;
    for (int k = 0; k < 60; ++k) {
      const double mid = 0.5 * (lo + hi);
      (gap_of(ref::translated(pb, dir * mid)) < 0.0 ? lo : hi) = mid;
    }
    const double want = 0.05 + (spec - 0.1) * u(rng);
    double along = hi;  // then out until the gap is `want`
    for (int k = 0; k < 40; ++k) {
      const double g = gap_of(ref::translated(pb, dir * along));
      along += want - g;
    }
    sb.pos += dir * along;
    const double gap = gap_of(ref::world_polygon(sb));
    if (!(gap > 0.02 && gap < spec - 0.02)) continue;
    const Posed a(sa), b(sb);
    const Manifold m = manifold(a, b, nullptr, spec);
    ++pairs;
    const std::string what = "pair " + std::to_string(n) + " gap " + std::to_string(gap);
    ASSERT_TRUE(m.hit) << what;
    float least = INFINITY;
    for (int k = 0; k < m.count; ++k) least = std::min(least, m.points[k].separation);
    EXPECT_LE(least, gap + 0.01) << what;  // measured: at most 0.0022 beyond (float rounding)
    EXPECT_GT(least, 0.0f) << what;
    ManifoldTrace trace;
    manifold(a, b, &trace, spec);
    corner += trace.method == ManifoldMethod::ClosestFeatures;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GE(pairs, 4000);
  EXPECT_GT(corner, 20);  // corners toward corners were met
}

// Two boxes pressed together by a little (0.05 to 1 px, along the MTD), turned by any angle:
// a face on a face gives two points that span, along the face, the whole region where the
// boxes overlap (there the incident face's neighbours stand at right angles to it, so the
// region reaches past the points by no more than the depth).
TEST(ManifoldProperties, TwoPointsSpanTheOverlapOfShallowBoxes) {
  std::mt19937 rng(1127);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int two = 0;
  for (int n = 0; n < 4000; ++n) {
    Shape sa = random_shape(rng, 0), sb = random_shape(rng, 0);
    sb.pos = sa.pos + DVec2(40 * u(rng) - 20, 40 * u(rng) - 20);
    // Half the pairs face to face: B turned with A, up to a quarter turn.
    if (n % 2 == 0) sb.angle = sa.angle + 90.0 * static_cast<int>(4 * u(rng)) + 0.5 * u(rng);
    const MtdResult mt = mtd(Posed(sa), Posed(sb));
    if (!mt.hit) continue;
    const double depth = 0.05 + 0.95 * u(rng);
    sa.pos += DVec2(mt.normal) * (static_cast<double>(mt.depth) - depth);
    const Posed a(sa), b(sb);
    const Manifold m = manifold(a, b);
    if (m.count != 2) continue;
    ++two;
    const ref::Poly region = ref::clip_convex(outline(sa), outline(sb));
    ASSERT_GE(region.size(), 3u) << n;
    const DVec2 tangent(-m.normal.y, m.normal.x);
    double lo = 1e30, hi = -1e30;
    for (const DVec2 p : region) {
      lo = std::min(lo, ref::dot2(p, tangent));
      hi = std::max(hi, ref::dot2(p, tangent));
    }
    const double t0 = ref::dot2(DVec2(m.points[0].point), tangent);
    const double t1 = ref::dot2(DVec2(m.points[1].point), tangent);
    EXPECT_NEAR(std::min(t0, t1), lo, 0.02 + depth) << n;
    EXPECT_NEAR(std::max(t0, t1), hi, 0.02 + depth) << n;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(two, 1000);
}

}  // namespace
}  // namespace hitbox
