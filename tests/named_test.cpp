// Named cases: situations a person would recognise, each with numbers worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "hitbox/collide.h"

namespace hitbox {
namespace {

Shape rect(const char* id, DVec2 pos, DVec2 size, double angle = 0.0, bool mx = false,
           bool my = false) {
  Shape s;
  s.id = id;
  s.kind = Kind::Rect;
  s.pos = pos;
  s.size = size;
  s.angle = angle;
  s.mirror_x = mx;
  s.mirror_y = my;
  return s;
}

Shape circle(const char* id, DVec2 pos, double r) {
  Shape s;
  s.id = id;
  s.kind = Kind::Circle;
  s.pos = pos;
  s.radius = r;
  return s;
}

Shape polygon(const char* id, DVec2 pos, std::vector<DVec2> pts) {
  Shape s;
  s.id = id;
  s.kind = Kind::Polygon;
  s.pos = pos;
  s.points = std::move(pts);
  return s;
}

double shoelace(const Body& b) {
  double a = 0.0;
  for (int i = 0; i < b.count; ++i) {
    const Vec2 p = b.v[i];
    const Vec2 q = b.v[(i + 1) % b.count];
    a += static_cast<double>(p.x) * q.y - static_cast<double>(q.x) * p.y;
  }
  return a / 2.0;
}

// ---- Rotated rectangles and mirroring ----

struct MirrorCase {
  bool mx, my;
};

class MirroredRectangle : public ::testing::TestWithParam<MirrorCase> {};

// A mirrored rectangle covers the same pixels as the plain one; only its corner labels move.
// Its corners must still come out in positive-area order with outward normals (the corner
// swap of the classic write-up, done once in pose()).
TEST_P(MirroredRectangle, CornerOrderAndOutwardNormals) {
  const MirrorCase m = GetParam();
  const Posed plain(rect("A", {300, 200}, {120, 60}, 30.0));
  const Posed mirrored(rect("A", {300, 200}, {120, 60}, 30.0, m.mx, m.my));
  const Body& b = mirrored;
  ASSERT_EQ(b.count, 4);
  EXPECT_NEAR(shoelace(b), 120.0 * 60.0, 0.05);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(glm::length(b.n[i]), 1.0f, 1e-6f);
    for (int j = 0; j < 4; ++j) EXPECT_LE(dot(b.n[i], b.v[j] - b.v[i]), 1e-3f);
    // Every mirrored corner is one of the plain rectangle's corners.
    float nearest = 1e9f;
    for (int j = 0; j < 4; ++j)
      nearest = std::min(nearest, glm::length(b.v[i] - plain.body().v[j]));
    EXPECT_LT(nearest, 1e-3f);
  }
  // The local +x arrow flips with mirror_x: that is how the window shows a mirror.
  const float sx = m.mx ? -1.0f : 1.0f;
  EXPECT_NEAR(b.axis_x.x, sx * std::cos(30.0f * 3.14159265f / 180.0f), 1e-6f);
  EXPECT_NEAR(b.axis_x.y, sx * std::sin(30.0f * 3.14159265f / 180.0f), 1e-6f);
}

// Same verdicts as the unmirrored rectangle, hit and near miss along the rotated edge.
TEST_P(MirroredRectangle, RotatedRectanglesSameVerdictAsUnmirrored) {
  const MirrorCase m = GetParam();
  // A: 120x60 turned 30 degrees clockwise at (300,200). Its long edge's outward normal
  // (local -y) is (sin 30, -cos 30) = (0.5, -0.866); the edge lies 30 px out along it.
  const Vec2 nrm(0.5f, -0.8660254f);
  const Posed a(rect("A", {300, 200}, {120, 60}, 30.0, m.mx, m.my));
  // B: a 20x20 square turned with A, placed just outside / just inside that edge.
  const DVec2 outside = DVec2(300, 200) + DVec2(nrm) * 41.0;  // 30 + 10 + 1 px gap
  const DVec2 inside = DVec2(300, 200) + DVec2(nrm) * 39.0;   // 1 px overlap
  const Posed b_out(rect("B", outside, {20, 20}, 30.0, m.my, m.mx));
  const Posed b_in(rect("B", inside, {20, 20}, 30.0, m.my, m.mx));

  const SatResult miss = sat(a, b_out);
  EXPECT_FALSE(miss.hit);
  EXPECT_NEAR(miss.overlap, -1.0f, 1e-3f);
  EXPECT_NEAR(std::fabs(dot(miss.axis, nrm)), 1.0f, 1e-5f);

  const SatResult hit = sat(a, b_in);
  EXPECT_TRUE(hit.hit);
  const MtdResult push = mtd(a, b_in);
  ASSERT_TRUE(push.hit);
  EXPECT_NEAR(push.depth, 1.0f, 1e-3f);
  // A is pushed away from B: against the normal that points from A toward B.
  EXPECT_NEAR(dot(push.normal, nrm), -1.0f, 1e-5f);
}

INSTANTIATE_TEST_SUITE_P(AllFourMirrors, MirroredRectangle,
                         ::testing::Values(MirrorCase{false, false}, MirrorCase{true, false},
                                           MirrorCase{false, true}, MirrorCase{true, true}),
                         [](const auto& info) {
                           return std::string(info.param.mx ? "X" : "NoX") +
                                  (info.param.my ? "Y" : "NoY");
                         });

// A mirror of an asymmetric shape really moves it: a right triangle flipped in x covers
// the other side of its origin.
TEST(MirroredPolygon, RightTriangleFlipsSides) {
  Shape tri = polygon("T", {0, 0}, {{0, 0}, {100, 0}, {0, 100}});
  const Shape probe_right = circle("P", {30, 30}, 5);
  const Shape probe_left = circle("P", {-30, 30}, 5);
  EXPECT_TRUE(sat(Posed(tri), Posed(probe_right)).hit);
  EXPECT_FALSE(sat(Posed(tri), Posed(probe_left)).hit);
  tri.mirror_x = true;
  EXPECT_FALSE(sat(Posed(tri), Posed(probe_right)).hit);
  EXPECT_TRUE(sat(Posed(tri), Posed(probe_left)).hit);
  EXPECT_TRUE(contains(Posed(tri), Vec2(-30, 30)));
  EXPECT_FALSE(contains(Posed(tri), Vec2(30, 30)));
}

// ---- Axes ----

TEST(SatAxes, TwoAxesPerRectangle) {
  const Posed a(rect("A", {0, 0}, {100, 40}, 17.0));
  const Posed b(rect("B", {300, 0}, {60, 60}, -40.0, true, false));
  SatTrace trace;
  sat(a, b, &trace, /*early_exit=*/false);
  ASSERT_EQ(trace.axes.size(), 4u);  // not 8: opposite edges share an axis
  EXPECT_EQ(trace.axes[0].source, AxisSource::EdgeA);
  EXPECT_EQ(trace.axes[1].source, AxisSource::EdgeA);
  EXPECT_EQ(trace.axes[2].source, AxisSource::EdgeB);
  EXPECT_EQ(trace.axes[3].source, AxisSource::EdgeB);
  // A's two axes are perpendicular.
  EXPECT_NEAR(dot(trace.axes[0].axis, trace.axes[1].axis), 0.0f, 1e-6f);
}

TEST(SatAxes, ParallelEdgesOnceForHexagonAndPentagonKeepsFive) {
  std::vector<DVec2> hex, pent;
  for (int i = 0; i < 6; ++i) {
    hex.emplace_back(50 * std::cos(i * M_PI / 3), 50 * std::sin(i * M_PI / 3));
  }
  for (int i = 0; i < 5; ++i) {
    pent.emplace_back(50 * std::cos(i * 2 * M_PI / 5), 50 * std::sin(i * 2 * M_PI / 5));
  }
  EXPECT_EQ(Posed(polygon("H", {0, 0}, hex)).body().axis_count, 3);
  EXPECT_EQ(Posed(polygon("P", {0, 0}, pent)).body().axis_count, 5);
}

TEST(SatAxes, EarlyExitStopsAtTheFirstSeparatingAxis) {
  // B is far to the right: A's first axis (its x normal) already separates.
  const Posed a(rect("A", {0, 0}, {100, 40}));
  const Posed b(rect("B", {300, 0}, {60, 60}, 10.0));
  SatTrace early, full;
  const SatResult r1 = sat(a, b, &early, true);
  const SatResult r2 = sat(a, b, &full, false);
  EXPECT_FALSE(r1.hit);
  EXPECT_FALSE(r2.hit);
  EXPECT_EQ(early.separating, static_cast<int>(early.axes.size()) - 1);
  EXPECT_EQ(full.axes.size(), 4u);
  EXPECT_EQ(full.separating, early.separating);
  EXPECT_EQ(r1.axis, r2.axis);
}

TEST(SatAxes, CircleAgainstPolygonAddsTheNearestVertexAxis) {
  const Posed r(rect("R", {0, 0}, {100, 100}));
  const Posed c(circle("C", {90, 90}, 20));
  SatTrace trace;
  sat(r, c, &trace, false);
  ASSERT_EQ(trace.axes.size(), 3u);
  EXPECT_EQ(trace.axes[2].source, AxisSource::CircleVertex);
  // Nearest corner is (50, 50); the axis is the diagonal.
  EXPECT_NEAR(std::fabs(trace.axes[2].axis.x), std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(std::fabs(trace.axes[2].axis.y), std::sqrt(0.5f), 1e-6f);
}

// ---- Circle near a rectangle's corner ----

// Treating the circle as a square (its bounding box) says "hit": the square's corner pokes
// into the rectangle. The circle itself stays 30*sqrt(2) - 40 = 2.43 px from the corner.
TEST(CircleNearCorner, CircleAsSquareWronglySaysHit) {
  const Posed r(rect("R", {0, 0}, {100, 100}));
  const Posed c(circle("C", {80, 80}, 40));
  EXPECT_TRUE(aabb(r, c).hit);  // the circle's box is the "circle as square"
  const SatResult s = sat(r, c);
  EXPECT_FALSE(s.hit);
  EXPECT_NEAR(-s.overlap, 30.0f * std::sqrt(2.0f) - 40.0f, 1e-3f);
  EXPECT_FALSE(mtd(r, c).hit);
  EXPECT_FALSE(swept(r, c).hit);
  // Move the circle 3 px diagonally closer: now it really touches the corner.
  const Posed c2(circle("C", {77.8, 77.8}, 40));
  EXPECT_TRUE(sat(r, c2).hit);
}

// ---- Tunnelling ----

// A 10x10 box moves 400 px in one step past an 8 px wall. At t=0 and t=1 it is clear of
// the wall, so a discrete test at each step misses; the swept test finds the impact at
// t = (296 - 105) / 400.
TEST(Tunnelling, FastSmallBoxThroughThinWall) {
  Shape bullet = rect("bullet", {100, 300}, {10, 10});
  bullet.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});
  Shape after = bullet;
  after.pos += after.vel;

  EXPECT_FALSE(sat(Posed(bullet), Posed(wall)).hit);  // before the step
  EXPECT_FALSE(sat(Posed(after), Posed(wall)).hit);   // after the step
  SweptTrace trace;
  const SweptResult hit = swept(Posed(bullet), Posed(wall), &trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_FALSE(hit.initially_overlapping);
  EXPECT_NEAR(hit.toi, 191.0f / 400.0f, 1e-6f);
  EXPECT_NEAR(hit.normal.x, -1.0f, 1e-6f);  // from the wall back toward the bullet
  EXPECT_NEAR(hit.normal.y, 0.0f, 1e-6f);
  EXPECT_EQ(trace.method, SweptMethod::Slabs);
  ASSERT_GE(trace.entry_step, 0);
  // The relative-velocity axis is among the axes tested.
  bool has_velocity_axis = false;
  for (const SweptStep& s : trace.steps) has_velocity_axis |= s.source == AxisSource::Velocity;
  EXPECT_TRUE(has_velocity_axis);

  // The same from the wall's side: B moves instead of A; the normal still points at A.
  Shape still_bullet = bullet;
  still_bullet.vel = {0, 0};
  Shape moving_wall = wall;
  moving_wall.vel = {-400, 0};
  const SweptResult other = swept(Posed(still_bullet), Posed(moving_wall));
  ASSERT_TRUE(other.hit);
  EXPECT_NEAR(other.toi, 191.0f / 400.0f, 1e-6f);
  EXPECT_NEAR(other.normal.x, -1.0f, 1e-6f);
}

TEST(Tunnelling, BulletPassingAboveTheWallMisses) {
  Shape bullet = rect("bullet", {100, 150}, {10, 10});
  bullet.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});  // spans y 200..400
  EXPECT_FALSE(swept(Posed(bullet), Posed(wall)).hit);
}

TEST(Tunnelling, FastCircleThroughThinWallByTheRoundedWall) {
  Shape ball = circle("ball", {100, 300}, 5);
  ball.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});
  SweptTrace trace;
  const SweptResult hit = swept(Posed(ball), Posed(wall), &trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(trace.method, SweptMethod::RoundedPolygon);
  EXPECT_NEAR(hit.toi, 191.0f / 400.0f, 1e-6f);
  EXPECT_NEAR(hit.normal.x, -1.0f, 1e-6f);
}

TEST(SweptCircles, HeadOnByTheQuadratic) {
  Shape a = circle("A", {0, 0}, 10);
  a.vel = {100, 0};
  const Shape b = circle("B", {50, 0}, 10);
  SweptTrace trace;
  const SweptResult r = swept(Posed(a), Posed(b), &trace);
  ASSERT_TRUE(r.hit);
  EXPECT_EQ(trace.method, SweptMethod::Quadratic);
  EXPECT_NEAR(r.toi, 0.3f, 1e-6f);  // centres 20 apart after 30 px
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
}

TEST(SweptCircles, GlancingCornerOfARectangle) {
  // The circle moves straight up (y is down) 5 px right of the rectangle's right edge: its
  // path passes the bottom-right corner (50,50) at distance 5 < r = 10, so it clips the
  // corner's disc, not the bottom edge.
  Shape ball = circle("ball", {55, 100}, 10);
  ball.vel = {0, -300};
  const Shape box = rect("box", {0, 0}, {100, 100});
  const SweptResult r = swept(Posed(ball), Posed(box));
  ASSERT_TRUE(r.hit);
  // Contact when (5, y - 50) has length 10: y = 50 + sqrt(75) -> t = (100 - y) / 300.
  const float y = 50.0f + std::sqrt(75.0f);
  EXPECT_NEAR(r.toi, (100.0f - y) / 300.0f, 1e-5f);
  EXPECT_NEAR(r.normal.x, 0.5f, 1e-4f);
  EXPECT_NEAR(r.normal.y, std::sqrt(75.0f) / 10.0f, 1e-4f);
}

TEST(SweptOverlap, AlreadyOverlappingGivesToiZeroAndTheMtd) {
  Shape a = rect("A", {0, 0}, {100, 100});
  a.vel = {50, 0};
  const Shape b = rect("B", {90, 0}, {100, 100});
  const SweptResult r = swept(Posed(a), Posed(b));
  ASSERT_TRUE(r.hit);
  EXPECT_TRUE(r.initially_overlapping);
  EXPECT_EQ(r.toi, 0.0f);
  EXPECT_NEAR(r.mtd.depth, 10.0f, 1e-4f);
  EXPECT_NEAR(r.mtd.vector.x, -10.0f, 1e-4f);
}

// ---- Touching ----

TEST(Touching, RectanglesSharingAnEdgeTouch) {
  const Posed a(rect("A", {0, 0}, {100, 50}));
  const Posed b(rect("B", {100, 0}, {100, 50}));
  EXPECT_TRUE(aabb(a, b).hit);
  const SatResult s = sat(a, b);
  EXPECT_TRUE(s.hit);
  EXPECT_EQ(s.overlap, 0.0f);
  const MtdResult m = mtd(a, b);
  EXPECT_TRUE(m.hit);
  EXPECT_EQ(m.depth, 0.0f);
  EXPECT_TRUE(contains(a, Vec2(50, 0)));  // on the shared edge
  EXPECT_TRUE(contains(b, Vec2(50, 0)));
  EXPECT_FALSE(contains(a, Vec2(50.01f, 0)));
}

TEST(Touching, CirclesAtExactlyTheRadiusSum) {
  const Posed a(circle("A", {0, 0}, 10));
  const Posed b(circle("B", {20, 0}, 10));
  const Posed c(circle("C", {20.01, 0}, 10));
  EXPECT_TRUE(sat(a, b).hit);
  EXPECT_TRUE(bounding_circle(a, b).hit);
  EXPECT_FALSE(sat(a, c).hit);
  EXPECT_FALSE(bounding_circle(a, c).hit);
}

TEST(Touching, CornerOnCorner) {
  const Posed a(rect("A", {0, 0}, {100, 100}));
  const Posed b(rect("B", {100, 100}, {100, 100}));
  EXPECT_TRUE(sat(a, b).hit);
}

// ---- MTD ----

TEST(Mtd, PointsAwayFromBAndSeparatesExactly) {
  const Shape sa = rect("A", {0, 0}, {100, 100});
  const Shape sb = circle("B", {60, 10}, 20);  // 10 px deep into A's right edge
  const MtdResult m = mtd(Posed(sa), Posed(sb));
  ASSERT_TRUE(m.hit);
  EXPECT_NEAR(m.depth, 10.0f, 1e-4f);
  EXPECT_NEAR(m.normal.x, -1.0f, 1e-6f);  // A goes left, away from B
  Shape moved = sa;
  moved.pos += DVec2(m.vector);
  const SatResult after = sat(Posed(moved), Posed(sb));
  EXPECT_TRUE(after.hit);
  EXPECT_NEAR(after.overlap, 0.0f, 1e-4f);  // touching
}

TEST(Mtd, NoneWhenApart) {
  const MtdResult m = mtd(Posed(rect("A", {0, 0}, {10, 10})), Posed(rect("B", {50, 0}, {10, 10})));
  EXPECT_FALSE(m.hit);
  EXPECT_EQ(m.depth, 0.0f);
  EXPECT_FALSE(std::signbit(m.depth));  // a miss prints depth 0, not -0
  EXPECT_EQ(m.vector, Vec2(0.0f));
  // Same for a circle and a rectangle, and a polygon pair (the other code paths).
  EXPECT_FALSE(
      std::signbit(mtd(Posed(circle("C", {0, 0}, 5)), Posed(rect("R", {50, 0}, {10, 10}))).depth));
  EXPECT_FALSE(mtd(Posed(polygon("P", {0, 0}, {{0, 0}, {10, 0}, {0, 10}})),
                   Posed(polygon("Q", {50, 0}, {{0, 0}, {10, 0}, {0, 10}})))
                   .hit);
}

// ---- Cheap early-outs ----

TEST(BoundingCircle, RadiusIsTheFarthestVertexFromPos) {
  const Posed r(rect("R", {0, 0}, {60, 80}, 33.0));
  EXPECT_NEAR(r.body().bound, 50.0f, 1e-4f);
  // A polygon whose pos is off-centre: the farthest vertex decides.
  const Posed p(polygon("P", {0, 0}, {{0, 0}, {30, 0}, {0, 40}}));
  EXPECT_NEAR(p.body().bound, 40.0f, 1e-5f);
}

TEST(Aabb, RotatedRectangleBoundsAndClosedIntervals) {
  const Posed r(rect("R", {0, 0}, {100, 100}, 45.0));
  const float h = 50.0f * std::sqrt(2.0f);
  EXPECT_NEAR(r.body().bounds.max.x, h, 1e-3f);
  EXPECT_NEAR(r.body().bounds.min.y, -h, 1e-3f);
  const Posed a(rect("A", {0, 0}, {10, 10}));
  const Posed b(rect("B", {10, 10}, {10, 10}));
  EXPECT_TRUE(aabb(a, b).hit);  // corners touch
  // The overlap box and depth the window tints and prints: 10x10 boxes 6 px apart in x and
  // overlapping by 4 in y.
  const Posed c(rect("C", {0, 0}, {10, 10}));
  const Posed d(rect("D", {16, 6}, {10, 10}));
  const AabbResult apart = aabb(c, d);
  EXPECT_FALSE(apart.hit);
  EXPECT_FLOAT_EQ(apart.depth, -6.0f);
  const Posed e(rect("E", {7, 6}, {10, 10}));
  const AabbResult hit = aabb(c, e);
  EXPECT_TRUE(hit.hit);
  EXPECT_FLOAT_EQ(hit.depth, 3.0f);
  EXPECT_EQ(hit.overlap.min, Vec2(2.0f, 1.0f));
  EXPECT_EQ(hit.overlap.max, Vec2(5.0f, 5.0f));
  EXPECT_FLOAT_EQ(bounding_circle(c, d).distance, std::sqrt(16.0f * 16.0f + 6.0f * 6.0f));
}

}  // namespace
}  // namespace hitbox

namespace hitbox {
namespace {

// The untraced calls take fast paths (box pairs in four lanes); the traced calls record
// every axis. Both must give the very same answer, bit for bit, for every kind pair.
TEST(TracedAndUntraced, SameAnswersBitForBit) {
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  auto make = [&](int kind) {
    Shape s;
    s.id = "S";
    s.pos = {200 * u(rng), 200 * u(rng)};
    s.angle = 360 * u(rng);
    s.scale = 0.5 + 1.5 * u(rng);
    s.mirror_x = u(rng) < 0.5;
    s.mirror_y = u(rng) < 0.5;
    s.vel = {200 * u(rng) - 100, 200 * u(rng) - 100};
    if (kind == 0) {
      s.kind = Kind::Rect;
      s.size = {10 + 80 * u(rng), 10 + 80 * u(rng)};
    } else if (kind == 1) {
      s.kind = Kind::Circle;
      s.radius = 5 + 40 * u(rng);
    } else {
      s.kind = Kind::Polygon;
      s.points = {{-30, -20}, {35, -10}, {20, 30}, {-25, 25}};
    }
    return s;
  };
  SatTrace st;
  SweptTrace wt;
  for (int n = 0; n < 30000; ++n) {
    const Posed a(make(n % 3)), b(make((n / 3) % 3));
    for (const bool early : {true, false}) {
      const SatResult fast = sat(a, b, nullptr, early);
      const SatResult traced = sat(a, b, &st, early);
      ASSERT_EQ(fast.hit, traced.hit) << n;
      ASSERT_EQ(fast.axis, traced.axis) << n;
      ASSERT_EQ(fast.overlap, traced.overlap) << n;
      ASSERT_EQ(fast.tested, traced.tested) << n;
    }
    const MtdResult m1 = mtd(a, b), m2 = mtd(a, b, &st);
    ASSERT_EQ(m1.hit, m2.hit) << n;
    ASSERT_EQ(m1.vector, m2.vector) << n;
    ASSERT_EQ(m1.depth, m2.depth) << n;
    const SweptResult w1 = swept(a, b), w2 = swept(a, b, &wt);
    ASSERT_EQ(w1.hit, w2.hit) << n;
    ASSERT_EQ(w1.toi, w2.toi) << n;
    ASSERT_EQ(w1.normal, w2.normal) << n;
    ASSERT_EQ(w1.initially_overlapping, w2.initially_overlapping) << n;
  }
}

}  // namespace
}  // namespace hitbox

namespace hitbox {
namespace {

// The trace records the reduction after every step and why a step found no impact, so the
// window's step mode reads them instead of redoing the swept arithmetic.
TEST(SweptTraceReduction, RunningEntryExitAndMissReasons) {
  Shape bullet = rect("bullet", {100, 300}, {10, 10});
  bullet.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});
  SweptTrace t;
  const SweptResult hit = swept(Posed(bullet), Posed(wall), &t);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(t.miss, SweptMiss::None);
  float enter = -std::numeric_limits<float>::infinity();
  float exit = std::numeric_limits<float>::infinity();
  for (const SweptStep& s : t.steps) {  // an independent running max/min over the steps
    enter = std::max(enter, s.t_enter);
    exit = std::min(exit, s.t_exit);
    EXPECT_EQ(s.run_enter, enter);
    EXPECT_EQ(s.run_exit, exit);
  }
  EXPECT_EQ(t.steps.back().run_enter, hit.toi);

  Shape above = bullet;
  above.pos = {100, 150};  // passes above the wall: y never overlaps
  EXPECT_FALSE(swept(Posed(above), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::Disjoint);

  Shape slow = bullet;
  slow.vel = {100, 0};  // would reach the wall at t = 1.91
  EXPECT_FALSE(swept(Posed(slow), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::After);

  Shape leaving = bullet;
  leaving.pos = {320, 300};  // already past the wall, moving away
  EXPECT_FALSE(swept(Posed(leaving), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::Before);

  Shape ball = circle("ball", {100, 150}, 5);
  ball.vel = {400, 0};
  EXPECT_FALSE(swept(Posed(ball), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::NotReached);
}

}  // namespace
}  // namespace hitbox

namespace hitbox {
namespace {

TEST(Intervals, BetweenIsTheOverlapOrTheGapAndItsLengthIsTheOverlapSize) {
  const Interval overlap = interval_between({0, 10}, {6, 20});
  EXPECT_EQ(overlap.min, 6.0f);
  EXPECT_EQ(overlap.max, 10.0f);
  EXPECT_EQ(overlap.max - overlap.min, interval_overlap({0, 10}, {6, 20}));
  const Interval gap = interval_between({0, 10}, {13, 20});
  EXPECT_EQ(gap.min, 10.0f);
  EXPECT_EQ(gap.max, 13.0f);
  EXPECT_EQ(gap.max - gap.min, -interval_overlap({0, 10}, {13, 20}));
  const Interval inside = interval_between({0, 10}, {2, 3});  // B inside A
  EXPECT_EQ(inside.min, 2.0f);
  EXPECT_EQ(inside.max, 3.0f);
}

}  // namespace
}  // namespace hitbox
