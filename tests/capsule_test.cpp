// Capsules (a segment grown by a radius) in every algorithm: hand-worked cases, then seeded
// properties over thousands of pairs with capsules, mirrored and scaled, against the
// independent references of tests/support/reference.h (in double: the distance from a point
// to the core segment minus the radius, the sampled outline, the hull of the core differences,
// sampling and bisection in time).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/hitbox.h"
#include "hitbox/limits.h"
#include "hitbox/manifold.h"
#include "hitbox/mask.h"
#include "hitbox/ray.h"
#include "hitbox/scene.h"
#include "hitbox/slice.h"
#include "support/named_shapes.h"
#include "support/random_shapes.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using named_shapes::capsule;
using named_shapes::circle;
using named_shapes::rect;

constexpr float kTol = 1e-3f;

// ---- the kind ----

TEST(CapsuleScene, ReadsWritesAndReadsBackTheSameShape) {
  const Scene s = parse_scene(
      R"({"version": 1, "shapes": [{"id": "K", "kind": "capsule", "pos": [10, 20], "angle": 30, "scale": 2,
          "mirror": [true, false], "vel": [1, 2], "points": [[-5, 0], [15, 3]], "radius": 4}]})",
      "k.json");
  ASSERT_EQ(s.shapes.size(), 1u);
  const Shape& k = s.shapes[0];
  EXPECT_EQ(k.kind, Kind::Capsule);
  EXPECT_EQ(k.radius, 4.0);
  ASSERT_EQ(k.points.size(), 2u);
  EXPECT_EQ(k.points[1], DVec2(15.0, 3.0));
  const Scene again = parse_scene(scene_to_json(s), "again.json");
  EXPECT_EQ(again.shapes, s.shapes);
}

TEST(CapsuleScene, ZeroRadiusAndCoincidentCentresNameTheShapeAndTheField) {
  const auto error = [](const char* shape) -> std::pair<std::string, std::string> {
    try {
      parse_scene(std::string(R"({"version": 1, "shapes": [)") + shape + "]}", "bad.json");
    } catch (const SceneError& e) {
      return {e.shape(), e.field()};
    }
    return {"", ""};
  };
  using P = std::pair<std::string, std::string>;
  EXPECT_EQ(
      error(
          R"({"id": "K", "kind": "capsule", "pos": [0, 0], "points": [[0, 0], [9, 0]], "radius": 0})"),
      P("K", "radius"));
  EXPECT_EQ(error(R"({"id": "K", "kind": "capsule", "pos": [0, 0], "points": [[0, 0], [9, 0]]})"),
            P("K", "radius"));
  EXPECT_EQ(
      error(
          R"({"id": "K", "kind": "capsule", "pos": [0, 0], "points": [[3, 4], [3, 4]], "radius": 2})"),
      P("K", "points"));
  EXPECT_EQ(
      error(R"({"id": "K", "kind": "capsule", "pos": [0, 0], "points": [[0, 0]], "radius": 2})"),
      P("K", "points"));
  // The same ranges for an edited shape (the inspector, drags) as for a file.
  Shape k = capsule("K", {0, 0}, {0, 0}, {9, 0}, 2);
  EXPECT_FALSE(shape_problem(k).has_value());
  k.radius = -1.0;
  ASSERT_TRUE(shape_problem(k).has_value());
  EXPECT_EQ(shape_problem(k)->field, "radius");
  k.radius = 2.0;
  k.scale = 900.0;
  k.radius = 5000.0;
  ASSERT_TRUE(shape_problem(k).has_value());
  EXPECT_EQ(shape_problem(k)->field, "scale");
}

TEST(CapsuleShape, PosesAsItsCoreSegmentGrownByTheRadius) {
  // Core from (10, 20) + (-10, 0) to (10, 20) + (20, 0) turned 90 degrees clockwise about pos:
  // (10, 10) and (10, 40); radius 3 scaled by 2 = 6.
  Shape s = capsule("K", {10, 20}, {-10, 0}, {20, 0}, 3);
  s.angle = 90.0;
  s.scale = 2.0;
  s.points = {{-5, 0}, {10, 0}};
  const Posed p(s);
  const Collider& c = p;
  EXPECT_EQ(c.geom, Geom::Capsule);
  EXPECT_EQ(c.count, 2);
  EXPECT_NEAR(c.radius, 6.0f, kTol);
  EXPECT_NEAR(c.bounds.min.x, 4.0f, kTol);
  EXPECT_NEAR(c.bounds.max.x, 16.0f, kTol);
  EXPECT_NEAR(c.bounds.min.y, 4.0f, kTol);
  EXPECT_NEAR(c.bounds.max.y, 46.0f, kTol);
  EXPECT_NEAR(c.bound, 26.0f, kTol);  // the far end 20 px from pos, plus the radius
  EXPECT_TRUE(contains(p, Vec2(15.9f, 25.0f)));
  EXPECT_FALSE(contains(p, Vec2(16.1f, 25.0f)));
  EXPECT_TRUE(contains(p, Vec2(10.0f, 45.9f)));
  EXPECT_FALSE(contains(p, Vec2(14.0f, 44.5f)));  // 6.02 px from the end centre (10, 40)
  const Posed made = make_capsule({10, 10}, {10, 40}, 6.0f);
  EXPECT_EQ(made.collider().geom, Geom::Capsule);
  EXPECT_NEAR(made.collider().bounds.max.y, 46.0f, kTol);
  EXPECT_THROW(make_capsule({1, 1}, {1, 1}, 2.0f), std::invalid_argument);
  EXPECT_THROW(make_capsule({1, 1}, {5, 1}, 0.0f), std::invalid_argument);
}

// ---- named cases ----

TEST(CapsuleCases, LyingOnABoxTouchesAtTwoPointsByTheOverlap) {
  // A 100 x 20 floor (top face y = -10); a capsule from (-30, -13) to (30, -13), radius 5:
  // its underside at y = -8, 2 px into the floor, above the whole of the floor's top face.
  const Posed floor(rect("F", {0, 0}, {100, 20})),
      bar(capsule("K", {0, -13}, {-30, 0}, {30, 0}, 5));
  const Manifold m = manifold(floor, bar);
  ASSERT_TRUE(m.hit);
  ASSERT_EQ(m.count, 2);
  EXPECT_NEAR(m.normal.x, 0.0f, kTol);  // from the floor up toward the capsule
  EXPECT_NEAR(m.normal.y, -1.0f, kTol);
  float xs[2];
  for (int k = 0; k < 2; ++k) {
    EXPECT_NEAR(m.points[k].separation, -2.0f, kTol);
    EXPECT_NEAR(m.points[k].point.y, -9.0f, kTol);
    xs[k] = m.points[k].point.x;
  }
  EXPECT_NEAR(std::min(xs[0], xs[1]), -30.0f, kTol);
  EXPECT_NEAR(std::max(xs[0], xs[1]), 30.0f, kTol);
  EXPECT_NE(m.points[0].id, m.points[1].id);
  const MtdResult mt = mtd(bar, floor);
  ASSERT_TRUE(mt.hit);
  EXPECT_NEAR(mt.depth, 2.0f, kTol);
  EXPECT_NEAR(mt.normal.y, -1.0f, kTol);
  const GjkResult g = gjk(bar, floor);
  EXPECT_TRUE(g.hit);
  EXPECT_NEAR(g.depth, 2.0f, kTol);
}

TEST(CapsuleCases, ParallelCapsulesTouchAlongTheirCommonStretch) {
  // Cores y = 0 over x in [-30, 30] and y = 8 over x in [-10, 50], both radius 5: 2 px deep
  // where they run side by side, x in [-10, 30].
  const Posed a(capsule("A", {0, 0}, {-30, 0}, {30, 0}, 5)),
      b(capsule("B", {20, 8}, {-30, 0}, {30, 0}, 5));
  const SatResult s = sat(a, b);
  ASSERT_TRUE(s.hit);
  EXPECT_NEAR(s.overlap, 2.0f, kTol);
  const MtdResult mt = mtd(a, b);
  ASSERT_TRUE(mt.hit);
  EXPECT_NEAR(mt.depth, 2.0f, kTol);
  EXPECT_NEAR(mt.normal.y, -1.0f, kTol);  // A leaves upward
  const Manifold m = manifold(a, b);
  ASSERT_EQ(m.count, 2);
  EXPECT_NEAR(m.normal.y, 1.0f, kTol);
  const float lo = std::min(m.points[0].point.x, m.points[1].point.x);
  const float hi = std::max(m.points[0].point.x, m.points[1].point.x);
  EXPECT_NEAR(lo, -10.0f, kTol);
  EXPECT_NEAR(hi, 30.0f, kTol);
  for (int k = 0; k < 2; ++k) {
    EXPECT_NEAR(m.points[k].separation, -2.0f, kTol);
    EXPECT_NEAR(m.points[k].point.y, 4.0f, kTol);
  }
  // Moved 3 px further apart they are 1 px apart.
  const Posed far(capsule("B", {20, 11}, {-30, 0}, {30, 0}, 5));
  EXPECT_FALSE(sat(a, far).hit);
  EXPECT_FALSE(manifold(a, far).hit);
  EXPECT_NEAR(gjk(a, far).distance, 1.0f, kTol);
}

TEST(CapsuleCases, CrossedCapsulesPushOutTheShortWay) {
  // A horizontal, x in [-30, 30] at y = 0; B vertical, y in [-20, 40] at x = 0; both radius
  // 5. A's core leaves B by 30 upward (to y = -30) or 50 downward; by 40 sideways.
  const Posed a(capsule("A", {0, 0}, {-30, 0}, {30, 0}, 5)),
      b(capsule("B", {0, 10}, {0, -30}, {0, 30}, 5));
  const MtdResult mt = mtd(a, b);
  ASSERT_TRUE(mt.hit);
  EXPECT_NEAR(mt.depth, 30.0f, kTol);
  EXPECT_NEAR(mt.normal.x, 0.0f, kTol);
  EXPECT_NEAR(mt.normal.y, -1.0f, kTol);
  const GjkResult g = gjk(a, b);
  EXPECT_NEAR(g.depth, 30.0f, 1e-2f);
  const Manifold m = manifold(a, b);
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, -30.0f, kTol);
  EXPECT_NEAR(m.normal.y, 1.0f, kTol);
  // B's upper end, 20 px above A's core, with the two radii: the midway point is at y = -20 +
  // 15 (B's surface at -25 and A's at 5).
  EXPECT_NEAR(m.points[0].point.x, 0.0f, kTol);
  EXPECT_NEAR(m.points[0].point.y, -10.0f, kTol);
  // Crossed but apart end to end: D's end (68, 8) lies 8 px past C's end (60, 0) both ways,
  // within the radii of each face's line, but sqrt(128) = 11.3 px from it on the diagonal.
  const Posed c(capsule("C", {0, 0}, {30, 0}, {60, 0}, 5));
  const Posed d(capsule("D", {0, 0}, {68, 8}, {68, 60}, 5));
  EXPECT_FALSE(sat(c, d).hit);
  EXPECT_FALSE(manifold(c, d).hit);
  EXPECT_NEAR(gjk(c, d).distance, std::sqrt(128.0f) - 10.0f, kTol);
  // 1.5 px closer on the diagonal they touch at one point on the line between the ends.
  const Posed e(capsule("E", {-1.5 * std::sqrt(0.5), -1.5 * std::sqrt(0.5)}, {68, 8}, {68, 60}, 5));
  const Manifold me = manifold(c, e);
  ASSERT_EQ(me.count, 1);
  EXPECT_NEAR(me.points[0].separation, std::sqrt(128.0f) - 1.5f - 10.0f, kTol);
  EXPECT_NEAR(me.normal.x, std::sqrt(0.5f), kTol);
  EXPECT_NEAR(me.normal.y, std::sqrt(0.5f), kTol);
}

TEST(CapsuleCases, CapsuleAgainstACircle) {
  // Core y = 0 over x in [-30, 30], radius 5; a circle of radius 10 centred 12 below the core.
  const Posed k(capsule("K", {0, 0}, {-30, 0}, {30, 0}, 5)), c(circle("C", {10, 12}, 10));
  const MtdResult mt = mtd(k, c);
  ASSERT_TRUE(mt.hit);
  EXPECT_NEAR(mt.depth, 3.0f, kTol);
  EXPECT_NEAR(mt.normal.y, -1.0f, kTol);
  const Manifold m = manifold(k, c);
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].separation, -3.0f, kTol);
  EXPECT_NEAR(m.points[0].point.x, 10.0f, kTol);
  EXPECT_NEAR(m.points[0].point.y, 3.5f, kTol);
  // Beyond the end: the circle at (45, -8) is 17 px from the end centre (30, 0), 2 apart.
  const Posed e(circle("E", {45, -8}, 10));
  EXPECT_FALSE(sat(k, e).hit);
  EXPECT_NEAR(gjk(k, e).distance, 2.0f, kTol);
  // Swept: the circle moving up by 40 meets the underside (y = 5 + 10) after 2 px of 40.
  const Posed up(circle("U", {0, 17}, 10, {0, -40}));
  const SweptResult sw = swept(up, k);
  ASSERT_TRUE(sw.hit);
  EXPECT_NEAR(sw.toi, 2.0f / 40.0f, 1e-4f);
  EXPECT_NEAR(sw.normal.y, 1.0f, kTol);
}

TEST(CapsuleCases, SweptCapsuleLandsOnABoxAndOnAnotherCapsule) {
  // The capsule's underside at y = -35 moves down 50 px onto the floor's top face y = -10.
  const Posed floor(rect("F", {0, 0}, {100, 20})),
      bar(capsule("K", {0, -40}, {-30, 0}, {30, 0}, 5, {0, 50}));
  SweptTrace tr;
  const SweptResult r = swept(bar, floor, &tr);
  ASSERT_TRUE(r.hit);
  EXPECT_EQ(tr.method, SweptMethod::RoundedDifference);
  EXPECT_NEAR(r.toi, 0.5f, 1e-4f);
  EXPECT_NEAR(r.normal.y, -1.0f, kTol);
  // End on: a capsule moving right by 100 reaches another's rounded end after 50.
  const Posed a(capsule("A", {0, 0}, {-10, 0}, {10, 0}, 5, {100, 0})),
      b(capsule("B", {80, 0}, {-10, 0}, {10, 0}, 5));
  const SweptResult e = swept(a, b);
  ASSERT_TRUE(e.hit);
  EXPECT_NEAR(e.toi, 0.5f, 1e-4f);
  EXPECT_NEAR(e.normal.x, -1.0f, kTol);
  // Passing 1 px above the end: no impact.
  const Posed c(capsule("C", {0, -11}, {-10, 0}, {10, 0}, 5, {100, 0}));
  EXPECT_FALSE(swept(c, b).hit);
}

TEST(CapsuleCases, RayHitsTheSideAndTheRoundedEnd) {
  const Posed k(capsule("K", {0, 0}, {-30, 0}, {30, 0}, 5));
  const RayHit down = raycast(k, {10, -50}, {10, 50});
  ASSERT_TRUE(down.hit);
  EXPECT_NEAR(down.t, 0.45f, 1e-5f);
  EXPECT_NEAR(down.normal.y, -1.0f, kTol);
  const RayHit end = raycast(k, {-60, 3}, {0, 3});
  ASSERT_TRUE(end.hit);
  EXPECT_NEAR(end.point.x, -30.0f - 4.0f, kTol);  // 3 up on a radius-5 disc: 4 across
  EXPECT_NEAR(end.normal.x, -0.8f, kTol);
  EXPECT_NEAR(end.normal.y, 0.6f, kTol);
  EXPECT_FALSE(raycast(k, {-60, 6}, {60, 6}).hit);
  EXPECT_TRUE(raycast(k, {0, 1}, {60, 40}).inside);
}

TEST(CapsuleCases, PixelMaskCountsTheCellsWhoseCentresAreInside) {
  Shape s = capsule("K", {100.3, 80.7}, {-25, 3}, {20, -9}, 7.5);
  s.angle = 17.0;
  const Posed k(s);
  Mask m;
  build_mask(k, 1.0f, m);
  // The centre rule cell by cell, from the reference's distance to the core minus the radius.
  int expected = 0, ambiguous = 0;
  const ref::Box box = ref::world_box(s);
  for (int j = static_cast<int>(std::floor(box.min.y)) - 1; j <= box.max.y + 1; ++j) {
    for (int i = static_cast<int>(std::floor(box.min.x)) - 1; i <= box.max.x + 1; ++i) {
      const double d = ref::point_shape_signed_distance(s, DVec2(i + 0.5, j + 0.5));
      if (std::abs(d) < 1e-3) ++ambiguous;
      expected += d <= 0.0;
    }
  }
  EXPECT_NEAR(m.count(), expected, ambiguous);
  const double area = std::numbers::pi * 7.5 * 7.5 + 15.0 * std::hypot(45.0, 12.0);
  EXPECT_NEAR(m.count(), area, 0.03 * area);
}

TEST(CapsuleCases, SliceGivesTheCapsuleBackWhole) {
  const Shape k = capsule("K", {0, 0}, {-30, 0}, {30, 0}, 5);
  const std::vector<Shape> parts = slice_shape(k, {0, -50}, {0, 50});
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0], k);
}

TEST(CapsuleCases, BoundsAndBoundingCircleHoldTheRoundedEnds) {
  const Posed a(capsule("A", {0, 0}, {-30, 0}, {30, 0}, 5)),
      b(capsule("B", {0, 12}, {-30, 0}, {30, 0}, 5));
  EXPECT_FALSE(aabb(a, b).hit);  // the boxes reach y = 5 and y = 7: apart by 2
  const Posed c(capsule("C", {0, 9}, {-30, 0}, {30, 0}, 5));
  EXPECT_TRUE(aabb(a, c).hit);
  EXPECT_NEAR(aabb(a, c).depth, 1.0f, kTol);
  const BoundingCircleResult bc = bounding_circle(a, c);
  EXPECT_NEAR(bc.ra, 35.0f, kTol);
}

// ---- properties ----

// Random pairs around one spot: A a capsule, B any kind with area or a capsule (a fifth of
// each kind), both posed, scaled, mirrored and moving.
struct CapsulePair {
  Shape a, b;
};

CapsulePair random_pair(test_support::Random& rnd, int n) {
  const DVec2 at(rnd.uni(300.0, 500.0), rnd.uni(300.0, 500.0));
  Shape a = rnd.capsule_shape(at);
  Shape b = n % 5 == 4 ? rnd.capsule_shape(at) : rnd.shape(at);
  b.pos = at + DVec2(rnd.uni(-110.0, 110.0), rnd.uni(-110.0, 110.0));
  if (b.kind == Kind::Sprite) b = ref::twin(b);  // a sprite is its frame to these algorithms
  if (n % 2 == 1) std::swap(a, b);               // the capsule as B half the time
  return CapsulePair{a, b};
}

TEST(CapsuleProperties, SatMtdAndGjkAgreeWithTheReferenceDistance) {
  test_support::Random rnd(20261127u);
  int hits = 0, misses = 0, skipped = 0;
  for (int n = 0; n < 2500; ++n) {
    const CapsulePair p = random_pair(rnd, n);
    const Posed a(p.a), b(p.b);
    const ref::PairRef pr(p.a, p.b);
    const double sd = pr.signed_distance();
    const std::string what = "pair " + std::to_string(n) + ": " + ref::describe(p.a) + " / " +
                             ref::describe(p.b) + " reference distance " + std::to_string(sd);
    const ref::State state = ref::overlap_state(p.a, p.b).state;
    if (state == ref::State::Ambiguous) {
      ++skipped;
      continue;
    }
    const bool overlap = state == ref::State::Hit;
    (overlap ? hits : misses)++;
    ASSERT_EQ(sat(a, b).hit, overlap) << what;
    ASSERT_EQ(sat(a, b, nullptr, false).hit, overlap) << what;
    const MtdResult mt = mtd(a, b);
    ASSERT_EQ(mt.hit, overlap) << what;
    const GjkResult g = gjk(a, b);
    ASSERT_EQ(g.hit, overlap) << what;
    if (overlap) {
      // The depth is the shortest way out (minimal), and the push leaves them touching.
      EXPECT_NEAR(mt.depth, -sd, ref::kLen) << what;
      EXPECT_NEAR(pr.signed_distance(DVec2(mt.vector)), 0.0, ref::kLen) << what;
      EXPECT_NEAR(g.depth, -sd, 5 * ref::kLen) << what;
    } else {
      EXPECT_NEAR(g.distance, sd, ref::kLen) << what;
      // A separating axis's gap is never more than the true gap.
      EXPECT_LE(-sat(a, b).overlap, sd + ref::kLen) << what;
    }
    // The bounds hold the sampled outline.
    for (const Shape* s : {&p.a, &p.b}) {
      const Collider& c = s == &p.a ? a.collider() : b.collider();
      for (const DVec2 v : ref::inner_polygon(*s)) {
        EXPECT_TRUE(v.x >= c.bounds.min.x - 1e-3 && v.x <= c.bounds.max.x + 1e-3 &&
                    v.y >= c.bounds.min.y - 1e-3 && v.y <= c.bounds.max.y + 1e-3)
            << what;
        EXPECT_LE(glm::length(v - s->pos), c.bound + 1e-3) << what;
      }
    }
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(hits, 400);
  EXPECT_GT(misses, 400);
  EXPECT_LT(skipped, 150);
}

// A capsule whose two ends differ by less than a float can hold (1e-30 px: shape_problem
// accepts it) poses as the disc at its end. Against random shapes its contact is the disc's:
// fuzz_simulate once found an infinite point here.
TEST(CapsuleProperties, CapsuleWithEndsOneFloatApartTouchesAsItsDisc) {
  test_support::Random rnd(2711u);
  int hits = 0;
  for (int n = 0; n < 3000; ++n) {
    const DVec2 at(rnd.uni(-900.0, 900.0), rnd.uni(-900.0, 900.0));
    const double r = rnd.uni(2.0, 60.0);
    Shape cap = capsule("K", at, {0.0, 0.0}, {0.0, 1e-30}, r);
    cap.angle = rnd.uni(-180.0, 180.0);
    cap.mirror_x = n % 2 == 1;
    const Shape disc = circle("C", at, r);
    Shape other = rnd.shape(at + DVec2(rnd.uni(-90.0, 90.0), rnd.uni(-90.0, 90.0)));
    other.angle = rnd.uni(-180.0, 180.0);
    other.scale = rnd.uni(0.5, 2.0);
    ASSERT_FALSE(shape_problem(cap)) << n;
    const Posed pc(cap), pd(disc), po(other);
    ASSERT_EQ(pc.collider().geom, Geom::Circle) << "posed as its disc";
    const std::string what = "case " + std::to_string(n) + ": " + ref::describe(other);
    for (const bool first : {true, false}) {
      const Manifold m = first ? manifold(pc, po, nullptr, 5.0f) : manifold(po, pc, nullptr, 5.0f);
      const Manifold d = first ? manifold(pd, po, nullptr, 5.0f) : manifold(po, pd, nullptr, 5.0f);
      ASSERT_EQ(m.hit, d.hit) << what;
      if (!m.hit) continue;
      ++hits;
      EXPECT_NEAR(m.normal.x, d.normal.x, 1e-3) << what;
      EXPECT_NEAR(m.normal.y, d.normal.y, 1e-3) << what;
      float deepest_m = FLT_MAX, deepest_d = FLT_MAX;
      for (int k = 0; k < m.count; ++k) {
        ASSERT_TRUE(std::isfinite(m.points[k].point.x) && std::isfinite(m.points[k].point.y));
        deepest_m = std::min(deepest_m, m.points[k].separation);
      }
      for (int k = 0; k < d.count; ++k) deepest_d = std::min(deepest_d, d.points[k].separation);
      EXPECT_NEAR(deepest_m, deepest_d, 0.02) << what;
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(hits, 1000);
}

TEST(CapsuleProperties, SweptMatchesSamplingAndBisectionInTime) {
  test_support::Random rnd(2029u);
  int hits = 0, misses = 0;
  for (int n = 0; n < 3000; ++n) {
    const CapsulePair p = random_pair(rnd, n);
    const Posed a(p.a), b(p.b);
    const ref::PairRef pr(p.a, p.b);
    const DVec2 rel = p.a.vel - p.b.vel;
    const ref::FirstTouch touch =
        ref::first_touch([&](double t) { return pr.signed_distance(t * rel); });
    const SweptResult r = swept(a, b);
    const std::string what = "pair " + std::to_string(n) + ": " + ref::describe(p.a) + " / " +
                             ref::describe(p.b) + " reference t " + std::to_string(touch.t) +
                             " least gap " + std::to_string(touch.min_gap);
    if (std::abs(touch.min_gap) < ref::kBand || std::abs(pr.signed_distance()) < ref::kBand)
      continue;
    if (touch.t < 0.0) {
      ++misses;
      EXPECT_FALSE(r.hit) << what;
      continue;
    }
    ++hits;
    ASSERT_TRUE(r.hit) << what;
    // Time tolerance from the distance tolerance and the closing speed there.
    const double h = 1e-4;
    const double rate = std::max(
        (pr.signed_distance(std::max(0.0, touch.t - h) * rel) - pr.signed_distance(touch.t * rel)) /
            h,
        1e-9);
    EXPECT_NEAR(r.toi, touch.t, 1e-4 + ref::kLen / rate) << what;
    if (touch.t > 0.0) {
      // The normal points from B toward A at impact: moving A along it separates them.
      const DVec2 at = static_cast<double>(r.toi) * rel;
      EXPECT_GT(pr.signed_distance(at + 0.5 * DVec2(r.normal)) - pr.signed_distance(at), 0.25)
          << what;
    }
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(hits, 500);
  EXPECT_GT(misses, 500);
}

TEST(CapsuleProperties, RaysMatchSamplingAndBisectionAlongTheRay) {
  test_support::Random rnd(77u);
  int hits = 0, misses = 0;
  for (int n = 0; n < 4000; ++n) {
    const Shape s = rnd.capsule_shape({rnd.uni(300.0, 500.0), rnd.uni(300.0, 500.0)});
    const DVec2 from(s.pos + DVec2(rnd.uni(-150.0, 150.0), rnd.uni(-150.0, 150.0)));
    const DVec2 to(s.pos + DVec2(rnd.uni(-150.0, 150.0), rnd.uni(-150.0, 150.0)));
    const Posed k(s);
    const RayHit h = raycast(k, Vec2(from), Vec2(to));
    const auto dist = [&](double t) {
      return ref::point_shape_signed_distance(s, from + t * (to - from));
    };
    const ref::FirstTouch touch = ref::first_touch(dist);
    const std::string what = "ray " + std::to_string(n) + ": " + ref::describe(s) +
                             " reference t " + std::to_string(touch.t);
    if (std::abs(touch.min_gap) < ref::kBand || std::abs(dist(0.0)) < ref::kBand ||
        std::abs(dist(1.0)) < ref::kBand) {
      continue;
    }
    if (touch.t < 0.0) {
      ++misses;
      EXPECT_FALSE(h.hit) << what;
      continue;
    }
    ++hits;
    ASSERT_TRUE(h.hit) << what;
    if (touch.t == 0.0) {
      EXPECT_TRUE(h.inside) << what;
      continue;
    }
    const double len = glm::length(to - from);
    EXPECT_NEAR(h.t * len, touch.t * len, 2 * ref::kLen) << what;
    // The normal is the outline's: the reference distance grows along it at the hit point.
    const DVec2 at = from + static_cast<double>(h.t) * (to - from);
    EXPECT_NEAR(dist(h.t) + 0.0, 0.0, ref::kLen) << what;
    EXPECT_NEAR(ref::point_shape_signed_distance(s, at + 0.5 * DVec2(h.normal)), 0.5, 2 * ref::kLen)
        << what;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(hits, 800);
  EXPECT_GT(misses, 800);
}

}  // namespace
}  // namespace hitbox
