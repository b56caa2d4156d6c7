// Points and segments (issue 12): line against line, the ball against a line, points in
// shapes. Named cases with numbers worked out by hand, then seeded property tests against
// references written differently: exact integer orientation tests and rational crossing
// points for segment intersection, double-precision distances for the static verdicts, and
// fine sampling plus bisection of the distance for the moving ball.
#include "hitbox/segment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>

#include "hitbox/algorithms.h"
#include "hitbox/analysis.h"
#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/limits.h"
#include "hitbox/scene.h"
#include "support/named_shapes.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using named_shapes::circle;
using named_shapes::point;
using named_shapes::rect;
using named_shapes::segment;

// ---- posing ----

TEST(SegmentPose, TwoVerticesOneAxisOppositeNormals) {
  const Posed p(segment("S", {100, 50}, {-10, 0}, {10, 0}));
  const Collider& b = p;
  EXPECT_EQ(b.geom, Geom::Polygon);
  EXPECT_EQ(b.count, 2);
  EXPECT_EQ(b.axis_count, 1);
  EXPECT_FALSE(has_area(b));
  EXPECT_TRUE(is_segment(b));
  EXPECT_EQ(b.v[0], Vec2(90, 50));
  EXPECT_EQ(b.v[1], Vec2(110, 50));
  EXPECT_EQ(b.n[0], -b.n[1]);
  EXPECT_NEAR(std::fabs(b.n[0].y), 1.0f, 1e-6f);
  EXPECT_FLOAT_EQ(b.bound, 10.0f);
  EXPECT_EQ(b.bounds.min, Vec2(90, 50));
  EXPECT_EQ(b.bounds.max, Vec2(110, 50));
}

TEST(SegmentPose, MirroredScaledRotatedPointsMoveAsPolygonPoints) {
  Shape s = segment("S", {0, 0}, {10, 0}, {10, 20});
  s.mirror_x = true;
  s.scale = 2.0;
  s.angle = 90.0;  // +x -> +y
  const Posed p(s);
  // (10, 0) -> mirror (-10, 0) -> scale (-20, 0) -> rotate 90 (0, -20).
  EXPECT_NEAR(p.collider().v[0].x, 0.0f, 1e-4f);
  EXPECT_NEAR(p.collider().v[0].y, -20.0f, 1e-4f);
  // (10, 20) -> (-10, 20) -> (-20, 40) -> (-40, -20).
  EXPECT_NEAR(p.collider().v[1].x, -40.0f, 1e-4f);
  EXPECT_NEAR(p.collider().v[1].y, -20.0f, 1e-4f);
}

TEST(PointPose, OneVertexNoAxisZeroBound) {
  Shape s = point("P", {3, 4});
  s.angle = 30.0;
  s.scale = 5.0;
  s.mirror_x = true;
  const Posed p(s);
  EXPECT_EQ(p.collider().count, 1);
  EXPECT_EQ(p.collider().axis_count, 0);
  EXPECT_EQ(p.collider().v[0], Vec2(3, 4));
  EXPECT_EQ(p.collider().n[0], Vec2(0, 0));
  EXPECT_EQ(p.collider().bound, 0.0f);
  EXPECT_TRUE(is_point(p.collider()));
  EXPECT_TRUE(contains(p.collider(), Vec2(3, 4)));
  EXPECT_FALSE(contains(p.collider(), Vec2(3, 4.001f)));
}

// ---- line against line ----

TEST(LineAgainstLine, VerticalAgainstHorizontal) {
  const Posed a(segment("A", {0, 0}, {0, -10}, {0, 10}));
  const Posed b(segment("B", {0, 0}, {-10, 0}, {10, 0}));
  SatTrace tr;
  const SatResult r = sat(a, b, &tr, false);
  EXPECT_TRUE(r.hit);
  ASSERT_EQ(tr.axes.size(), 2u);  // one edge normal each; not parallel: nothing more
  EXPECT_EQ(tr.axes[0].source, AxisSource::EdgeA);
  EXPECT_EQ(tr.axes[1].source, AxisSource::EdgeB);
  EXPECT_FLOAT_EQ(r.overlap, 10.0f);  // the shorter way out: 10 px along either axis
  const SegmentHits h = segment_intersection(a.collider().v[0], a.collider().v[1],
                                             b.collider().v[0], b.collider().v[1]);
  ASSERT_EQ(h.count, 1);
  EXPECT_EQ(h.p[0], Vec2(0, 0));
  const GjkResult g = gjk(a, b);
  EXPECT_TRUE(g.hit);
  EXPECT_NEAR(g.depth, 10.0f, 1e-3f);
  const MtdResult m = mtd(a, b);
  EXPECT_TRUE(m.hit);
  EXPECT_FLOAT_EQ(m.depth, 10.0f);
}

TEST(LineAgainstLine, CollinearOverlappingGiveTwoPoints) {
  const Posed a(segment("A", {0, 0}, {0, 0}, {10, 0}));
  const Posed b(segment("B", {0, 0}, {5, 0}, {20, 0}));
  const SegmentHits h = segment_intersection(a.collider().v[0], a.collider().v[1],
                                             b.collider().v[0], b.collider().v[1]);
  ASSERT_EQ(h.count, 2);
  EXPECT_EQ(h.p[0], Vec2(5, 0));
  EXPECT_EQ(h.p[1], Vec2(10, 0));
  SatTrace tr;
  const SatResult r = sat(a, b, &tr, false);
  EXPECT_TRUE(r.hit);
  // The two normals (both the y axis) and the direction of A.
  ASSERT_EQ(tr.axes.size(), 3u);
  EXPECT_EQ(tr.axes[2].source, AxisSource::SegmentDirection);
  EXPECT_EQ(tr.axes[2].feature, 0);
  EXPECT_FLOAT_EQ(tr.axes[2].overlap, 5.0f);
  EXPECT_EQ(r.overlap, 0.0f);  // least: across, where they have no thickness
  EXPECT_TRUE(gjk(a, b).hit);
  EXPECT_TRUE(mtd(a, b).hit);
}

TEST(LineAgainstLine, CollinearEndToEndTouchAtOnePoint) {
  const SegmentHits h = segment_intersection({0, 0}, {10, 0}, {10, 0}, {20, 0});
  ASSERT_EQ(h.count, 1);
  EXPECT_EQ(h.p[0], Vec2(10, 0));
  const SegmentHits v = segment_intersection({3, 0}, {3, 10}, {3, 12}, {3, 10});  // vertical
  ASSERT_EQ(v.count, 1);
  EXPECT_EQ(v.p[0], Vec2(3, 10));
}

TEST(LineAgainstLine, ParallelDisjoint) {
  const Posed a(segment("A", {0, 0}, {0, 0}, {10, 0}));
  const Posed b(segment("B", {0, 5}, {0, 0}, {10, 0}));
  EXPECT_EQ(segment_intersection(a.collider().v[0], a.collider().v[1], b.collider().v[0],
                                 b.collider().v[1])
                .count,
            0);
  const SatResult r = sat(a, b);
  EXPECT_FALSE(r.hit);
  EXPECT_FLOAT_EQ(-r.overlap, 5.0f);
  const GjkResult g = gjk(a, b);
  EXPECT_FALSE(g.hit);
  EXPECT_NEAR(g.distance, 5.0f, 1e-4f);
  // On one line, a gap of 2 along it: only the direction axis separates them.
  const Posed c(segment("C", {0, 0}, {12, 0}, {20, 0}));
  SatTrace tr;
  const SatResult rc = sat(a, c, &tr, false);
  EXPECT_FALSE(rc.hit);
  EXPECT_EQ(tr.axes[static_cast<size_t>(tr.separating)].source, AxisSource::SegmentDirection);
  EXPECT_FLOAT_EQ(-rc.overlap, 2.0f);
  EXPECT_NEAR(gjk(a, c).distance, 2.0f, 1e-4f);
  // Vertical and parallel: no division anywhere (x is the same for every point).
  const Posed d(segment("D", {0, 0}, {4, 0}, {4, 10}));
  const Posed e(segment("E", {0, 0}, {4, 11}, {4, 30}));
  const SatResult rd = sat(d, e);
  EXPECT_FALSE(rd.hit);
  EXPECT_FLOAT_EQ(-rd.overlap, 1.0f);
  EXPECT_TRUE(std::isfinite(gjk(d, e).distance));
  EXPECT_NEAR(gjk(d, e).distance, 1.0f, 1e-4f);
}

// ---- points in shapes (the Flash chapter's first tests) ----

TEST(PointIn, CircleAndRectangle) {
  const Posed c(circle("C", {0, 0}, 5));
  EXPECT_TRUE(sat(Posed(point("P", {3, 4})), c).hit);  // on the circle: touching
  EXPECT_FALSE(sat(Posed(point("P", {3, 4.1})), c).hit);
  EXPECT_TRUE(gjk(Posed(point("P", {1, 1})), c).hit);
  EXPECT_NEAR(gjk(Posed(point("P", {6, 8})), c).distance, 5.0f, 1e-4f);
  const Posed r(rect("R", {0, 0}, {20, 10}));
  EXPECT_TRUE(sat(Posed(point("P", {9, -4})), r).hit);
  EXPECT_FALSE(sat(Posed(point("P", {10.5, 0})), r).hit);
  const MtdResult m = mtd(Posed(point("P", {9, 0})), r);
  EXPECT_TRUE(m.hit);
  EXPECT_FLOAT_EQ(m.depth, 1.0f);  // out through the right side
  EXPECT_EQ(m.normal, Vec2(1, 0));
}

TEST(PointIn, PointAgainstPointAndSegment) {
  EXPECT_TRUE(sat(Posed(point("P", {2, 2})), Posed(point("Q", {2, 2}))).hit);
  const SatResult r = sat(Posed(point("P", {2, 2})), Posed(point("Q", {5, 6})));
  EXPECT_FALSE(r.hit);
  EXPECT_FLOAT_EQ(-r.overlap, 5.0f);
  const Posed s(segment("S", {0, 0}, {0, 0}, {10, 0}));
  EXPECT_TRUE(sat(Posed(point("P", {4, 0})), s).hit);
  EXPECT_FALSE(sat(Posed(point("P", {12, 0})), s).hit);  // on the line, past the end
  EXPECT_FALSE(sat(Posed(point("P", {4, 1})), s).hit);
  EXPECT_NEAR(gjk(Posed(point("P", {13, 4})), s).distance, 5.0f, 1e-4f);
}

// ---- the ball against a line ----

TEST(BallAgainstLine, WallStraightOn) {
  const Posed ball(circle("C", {0, 0}, 10, {100, 0}));
  const Posed wall(segment("W", {50, 0}, {0, -50}, {0, 50}));
  SweptTrace tr;
  const SweptResult r = swept(ball, wall, &tr);
  ASSERT_TRUE(r.hit);
  EXPECT_FALSE(r.initially_overlapping);
  EXPECT_EQ(tr.method, SweptMethod::RoundedPolygon);
  EXPECT_NEAR(r.toi, 0.4f, 1e-6f);  // the centre stops 10 px short of x = 50
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
  EXPECT_NEAR(r.normal.y, 0.0f, 1e-6f);
}

TEST(BallAgainstLine, GrazingTheEndPoint) {
  // The centre runs along y = -4 toward a vertical segment whose top end is (0, 0): it
  // touches the end when x^2 + 4^2 = 5^2, x = -3, at t = (50 - 3) / 100.
  const Posed ball(circle("C", {-50, -4}, 5, {100, 0}));
  const Posed wall(segment("W", {0, 0}, {0, 0}, {0, 100}));
  SweptTrace tr;
  const SweptResult r = swept(ball, wall, &tr);
  ASSERT_TRUE(r.hit);
  EXPECT_NEAR(r.toi, 0.47f, 1e-5f);
  EXPECT_NEAR(r.normal.x, -0.6f, 1e-4f);
  EXPECT_NEAR(r.normal.y, -0.8f, 1e-4f);
  EXPECT_EQ(tr.steps[static_cast<size_t>(tr.entry_step)].source, AxisSource::CircleVertex);
  // One pixel higher the ball passes over the end.
  EXPECT_FALSE(swept(Posed(circle("C", {-50, -6}, 5, {100, 0})), wall).hit);
}

TEST(BallAgainstLine, MovingAlongTheSegmentsDirection) {
  // Straight at the end of a horizontal segment: contact when the centre is 5 px short.
  const Posed wall(segment("W", {0, 0}, {0, 0}, {100, 0}));
  const SweptResult r = swept(Posed(circle("C", {-50, 0}, 5, {100, 0})), wall);
  ASSERT_TRUE(r.hit);
  EXPECT_NEAR(r.toi, 0.45f, 1e-6f);
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
  // Alongside, 10 px off the line: never closer than 10.
  EXPECT_FALSE(swept(Posed(circle("C", {-50, -10}, 5, {200, 0})), wall).hit);
}

TEST(BallAgainstLine, TheSegmentMovesToo) {
  const Posed ball(circle("C", {0, 0}, 10));
  const Posed wall(segment("W", {100, 0}, {0, -50}, {0, 50}, {-100, 0}));
  const SweptResult r = swept(ball, wall);
  ASSERT_TRUE(r.hit);
  EXPECT_NEAR(r.toi, 0.9f, 1e-6f);
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);  // from the wall toward the ball
  // Both move: the ball at +50, the wall at -50: they close 100 px and meet at t = 0.9.
  const SweptResult both = swept(Posed(circle("C", {0, 0}, 10, {50, 0})),
                                 Posed(segment("W", {100, 0}, {0, -50}, {0, 50}, {-50, 0})));
  ASSERT_TRUE(both.hit);
  EXPECT_NEAR(both.toi, 0.9f, 1e-6f);
}

TEST(BallAgainstLine, SegmentIntoSegmentBySlabs) {
  // A horizontal segment falls onto a horizontal one 10 px below: t = 0.5.
  const Posed a(segment("A", {0, 0}, {-5, 0}, {5, 0}, {0, 20}));
  const Posed b(segment("B", {0, 10}, {-50, 0}, {50, 0}));
  const SweptResult r = swept(a, b);
  ASSERT_TRUE(r.hit);
  EXPECT_NEAR(r.toi, 0.5f, 1e-6f);
  // Sliding along one line into the other's end: only the direction axis catches it.
  // C spans x -35..-25 and moves 50 px; D starts at x = 0: the 25 px gap closes at t = 0.5.
  const Posed c(segment("C", {-30, 10}, {-5, 0}, {5, 0}, {50, 0}));
  const Posed d(segment("D", {0, 10}, {0, 0}, {50, 0}));
  SweptTrace tr;
  const SweptResult rc = swept(c, d, &tr);
  ASSERT_TRUE(rc.hit);
  EXPECT_NEAR(rc.toi, 0.5f, 1e-6f);
  EXPECT_EQ(tr.steps[static_cast<size_t>(tr.entry_step)].source, AxisSource::SegmentDirection);
  EXPECT_NEAR(rc.normal.x, -1.0f, 1e-6f);
  // 20 px per step is not enough.
  EXPECT_FALSE(swept(Posed(segment("C", {-30, 10}, {-5, 0}, {5, 0}, {20, 0})), d).hit);
}

// ---- catalogue, scenes, limits ----

TEST(PointSegmentCatalogue, PixelAndCircleRectMethodsUnsupported) {
  for (const Kind k : {Kind::Point, Kind::Segment}) {
    EXPECT_FALSE(algo_supports(kAlgoPixel, k, Kind::Rect));
    EXPECT_FALSE(algo_supports(kAlgoPixel, Kind::Polygon, k));
    EXPECT_FALSE(algo_supports(kAlgoQuadrant, Kind::Circle, k));
    EXPECT_FALSE(algo_supports(kAlgoCircleAsSquare, k, Kind::Circle));
    for (const Algo a :
         {kAlgoAabb, kAlgoBoundingCircle, kAlgoSat, kAlgoMtd, kAlgoSwept, kAlgoGjk}) {
      EXPECT_TRUE(algo_supports(a, k, Kind::Circle));
      EXPECT_TRUE(algo_supports(a, k, Kind::Segment));
    }
  }
  const Posed s(segment("S", {0, 0}, {0, 0}, {10, 0}));
  const Posed r(rect("R", {0, 0}, {4, 4}));
  EXPECT_FALSE(algo_supports(kAlgoPixel, s.collider(), r.collider()));
  EXPECT_TRUE(algo_supports(kAlgoPixel, r.collider(), r.collider()));
  const PairAnalysis an = analyze(s, r, AnalysisInput{});
  EXPECT_EQ(an.answer(kAlgoPixel).verdict, Verdict::Unsupported);
  EXPECT_EQ(an.answer(kAlgoSat).verdict, Verdict::Hit);
}

TEST(PointSegmentScene, RoundTrip) {
  const char* text = R"({"version": 1, "shapes": [
    {"id": "P", "kind": "point", "pos": [1, 2], "vel": [3, 4]},
    {"id": "S", "kind": "segment", "pos": [10, 20], "angle": 15, "scale": 2,
     "mirror": [true, false], "points": [[-5, 0], [5, 1.5]]}]})";
  const Scene s = parse_scene(text, "t.json");
  ASSERT_EQ(s.shapes.size(), 2u);
  EXPECT_EQ(s.shapes[0].kind, Kind::Point);
  EXPECT_EQ(s.shapes[0].vel, DVec2(3, 4));
  EXPECT_EQ(s.shapes[1].kind, Kind::Segment);
  ASSERT_EQ(s.shapes[1].points.size(), 2u);
  EXPECT_EQ(s.shapes[1].points[1], DVec2(5, 1.5));
  const Scene back = parse_scene(scene_to_json(s), "t.json");
  EXPECT_EQ(back.shapes, s.shapes);
}

void expect_scene_error(const char* shape_json, const char* field, const char* words) {
  const std::string text = std::string(R"({"version": 1, "shapes": [)") + shape_json + "]}";
  try {
    parse_scene(text, "bad.json");
    ADD_FAILURE() << "no error for " << shape_json;
  } catch (const SceneError& e) {
    EXPECT_EQ(e.file(), "bad.json");
    EXPECT_EQ(e.shape(), "S");
    EXPECT_EQ(e.field(), field) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(PointSegmentScene, ErrorsNameShapeAndField) {
  expect_scene_error(R"({"id": "S", "kind": "segment", "pos": [0, 0], "points": [[1, 2], [1, 2]]})",
                     "points", "zero length");
  expect_scene_error(R"({"id": "S", "kind": "segment", "pos": [0, 0], "points": [[1, 2]]})",
                     "points", "two local points");
  expect_scene_error(
      R"({"id": "S", "kind": "segment", "pos": [0, 0], "points": [[1, 2], [3, 4], [5, 6]]})",
      "points", "two local points");
  expect_scene_error(R"({"id": "S", "kind": "segment", "pos": [0, 0]})", "points", "required");
  expect_scene_error(R"({"id": "S", "kind": "segment", "pos": [0, 0], "points": [[1, 2], [3]]})",
                     "points[1]", "");
  expect_scene_error(R"({"id": "S", "kind": "point", "pos": [0, 0], "radius": 3})", "radius",
                     "only circles");
  expect_scene_error(R"({"id": "S", "kind": "rect", "pos": [0, 0], "points": [[0, 0]]})", "points",
                     "only polygons and segments");
  expect_scene_error(
      R"({"id": "S", "kind": "segment", "pos": [0, 0], "scale": 1000, "points": [[0, 0], [2000, 0]]})",
      "scale", "");
}

TEST(PointSegmentLimits, ShapeProblemSeesZeroLength) {
  Shape s = segment("S", {0, 0}, {1, 1}, {1, 1});
  const auto p = shape_problem(s);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->field, "points");
  s.points[1] = DVec2(2, 1);
  EXPECT_FALSE(shape_problem(s).has_value());
  EXPECT_FALSE(shape_problem(point("P", {5, 5})).has_value());
}

// ---- property tests ----

// Exact orientation on small integers (int64: no rounding at all).
std::int64_t orient_i(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                      std::int64_t cx, std::int64_t cy) {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

int sgn(std::int64_t v) {
  return (v > 0) - (v < 0);
}

bool on_segment_i(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                  std::int64_t px, std::int64_t py) {
  return orient_i(ax, ay, bx, by, px, py) == 0 && std::min(ax, bx) <= px &&
         px <= std::max(ax, bx) && std::min(ay, by) <= py && py <= std::max(ay, by);
}

TEST(SegmentProperty, IntersectionAgainstExactIntegerArithmetic) {
  std::mt19937 rng(1201);
  std::uniform_int_distribution<int> coord(-12, 12);
  std::uniform_int_distribution<int> pick(0, 3);
  int crossings = 0, collinear = 0, apart = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::int64_t c[8];
    for (std::int64_t& v : c) v = coord(rng);
    // A quarter of the cases on one line (collinear or parallel), some vertical.
    const int mode = pick(rng);
    if (mode == 0) {  // b on a's line: b = a0 + k (a1 - a0) for small k
      const std::int64_t dx = c[2] - c[0], dy = c[3] - c[1];
      std::uniform_int_distribution<int> k(-2, 3);
      const int k0 = k(rng), k1 = k(rng);
      c[4] = c[0] + k0 * dx;
      c[5] = c[1] + k0 * dy;
      c[6] = c[0] + k1 * dx;
      c[7] = c[1] + k1 * dy;
    } else if (mode == 1) {  // vertical a
      c[2] = c[0];
    }
    if ((c[0] == c[2] && c[1] == c[3]) || (c[4] == c[6] && c[5] == c[7])) continue;
    const Vec2 a0(c[0], c[1]), a1(c[2], c[3]), b0(c[4], c[5]), b1(c[6], c[7]);
    const SegmentHits h = segment_intersection(a0, a1, b0, b1);
    const std::int64_t o1 = orient_i(c[0], c[1], c[2], c[3], c[4], c[5]);
    const std::int64_t o2 = orient_i(c[0], c[1], c[2], c[3], c[6], c[7]);
    const std::int64_t o3 = orient_i(c[4], c[5], c[6], c[7], c[0], c[1]);
    const std::int64_t o4 = orient_i(c[4], c[5], c[6], c[7], c[2], c[3]);
    SCOPED_TRACE(::testing::Message()
                 << "a " << a0.x << "," << a0.y << " " << a1.x << "," << a1.y << " b " << b0.x
                 << "," << b0.y << " " << b1.x << "," << b1.y);
    if (o1 == 0 && o2 == 0) {
      // Collinear: the overlap is the intersection of the two ranges of the line parameter,
      // measured here by the dot product with a's direction (an exact integer).
      ++collinear;
      const std::int64_t dx = c[2] - c[0], dy = c[3] - c[1];
      auto par = [&](std::int64_t x, std::int64_t y) { return (x - c[0]) * dx + (y - c[1]) * dy; };
      const std::int64_t alo = 0, ahi = dx * dx + dy * dy;
      const std::int64_t blo = std::min(par(c[4], c[5]), par(c[6], c[7]));
      const std::int64_t bhi = std::max(par(c[4], c[5]), par(c[6], c[7]));
      const std::int64_t lo = std::max(alo, blo), hi = std::min(ahi, bhi);
      const int expect = lo > hi ? 0 : lo == hi ? 1 : 2;
      ASSERT_EQ(h.count, expect);
      for (int i = 0; i < h.count; ++i) {
        const std::int64_t p =
            par(static_cast<std::int64_t>(h.p[i].x), static_cast<std::int64_t>(h.p[i].y));
        EXPECT_TRUE(p == lo || p == hi);
      }
      if (h.count == 2) {
        EXPECT_NE(h.p[0], h.p[1]);
      }
      continue;
    }
    const bool meet = sgn(o1) * sgn(o2) <= 0 && sgn(o3) * sgn(o4) <= 0;
    ASSERT_EQ(h.count, meet ? 1 : 0);
    if (!meet) {
      ++apart;
      continue;
    }
    ++crossings;
    // The crossing as an exact rational: a0 + (o3 / (o3 - o4)) (a1 - a0).
    const double den = static_cast<double>(o3 - o4);
    const double x =
        (static_cast<double>(c[0]) * den + static_cast<double>(o3 * (c[2] - c[0]))) / den;
    const double y =
        (static_cast<double>(c[1]) * den + static_cast<double>(o3 * (c[3] - c[1]))) / den;
    EXPECT_NEAR(h.p[0].x, x, 1e-5);
    EXPECT_NEAR(h.p[0].y, y, 1e-5);
    // The found point is on both segments (within float rounding).
    (void)on_segment_i;
  }
  EXPECT_GT(crossings, 1000);
  EXPECT_GT(collinear, 1000);
  EXPECT_GT(apart, 1000);
}

// Distance between two closed segments in double, from the four end-to-segment distances
// (0 when they cross, found by the exact integer test above on the grid cases and by a
// double sign test here).
double seg_point_dist(DVec2 p, DVec2 a, DVec2 b) {
  const DVec2 d = b - a;
  const double len2 = d.x * d.x + d.y * d.y;
  double t = len2 > 0.0 ? ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  const DVec2 q = a + d * t - p;
  return std::sqrt(q.x * q.x + q.y * q.y);
}

double orient_d(DVec2 a, DVec2 b, DVec2 c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Whether they cross with every end at least `margin` px from the other's line, on
// opposite sides.
bool crosses_by(DVec2 a0, DVec2 a1, DVec2 b0, DVec2 b1, double margin) {
  const double la = std::hypot(a1.x - a0.x, a1.y - a0.y);
  const double lb = std::hypot(b1.x - b0.x, b1.y - b0.y);
  if (la == 0.0 || lb == 0.0) return false;
  const double o1 = orient_d(a0, a1, b0) / la, o2 = orient_d(a0, a1, b1) / la;
  const double o3 = orient_d(b0, b1, a0) / lb, o4 = orient_d(b0, b1, a1) / lb;
  return o1 * o2 < 0 && o3 * o4 < 0 &&
         std::min({std::fabs(o1), std::fabs(o2), std::fabs(o3), std::fabs(o4)}) > margin;
}

double seg_seg_dist(DVec2 a0, DVec2 a1, DVec2 b0, DVec2 b1) {
  if (crosses_by(a0, a1, b0, b1, 0.0)) return 0.0;
  return std::min({seg_point_dist(a0, b0, b1), seg_point_dist(a1, b0, b1),
                   seg_point_dist(b0, a0, a1), seg_point_dist(b1, a0, a1)});
}

DVec2 world_of(const Shape& s, DVec2 local) {
  const double r = s.angle * 3.14159265358979323846 / 180.0;
  const DVec2 m((s.mirror_x ? -local.x : local.x) * s.scale,
                (s.mirror_y ? -local.y : local.y) * s.scale);
  return s.pos +
         DVec2(std::cos(r) * m.x - std::sin(r) * m.y, std::sin(r) * m.x + std::cos(r) * m.y);
}

Shape random_thin(std::mt19937& rng, const char* id, bool allow_point) {
  std::uniform_real_distribution<double> pos(0.0, 100.0), local(-60.0, 60.0), ang(-180.0, 180.0),
      sc(0.5, 2.0);
  std::bernoulli_distribution coin(0.5);
  Shape s =
      allow_point && coin(rng) && coin(rng)
          ? point(id, {pos(rng), pos(rng)})
          : segment(id, {pos(rng), pos(rng)}, {local(rng), local(rng)}, {local(rng), local(rng)});
  s.angle = ang(rng);
  s.scale = sc(rng);
  s.mirror_x = coin(rng);
  s.mirror_y = coin(rng);
  return s;
}

void ends(const Shape& s, DVec2& p0, DVec2& p1) {
  if (s.kind == Kind::Point) {
    p0 = p1 = s.pos;
  } else {
    p0 = world_of(s, s.points[0]);
    p1 = world_of(s, s.points[1]);
  }
}

TEST(SegmentProperty, SatGjkMtdAgainstDoubleDistance) {
  std::mt19937 rng(1202);
  int hits = 0, misses = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    const Shape sa = random_thin(rng, "A", true);
    Shape sb = random_thin(rng, "B", true);
    if (iter % 5 == 0 && sa.kind == Kind::Segment && sb.kind == Kind::Segment) {
      sb.points = sa.points;  // parallel copies, shifted: a line's own cases
      sb.angle = sa.angle;
      sb.scale = sa.scale;
      sb.mirror_x = sa.mirror_x;
      sb.mirror_y = sa.mirror_y;
    }
    DVec2 a0, a1, b0, b1;
    ends(sa, a0, a1);
    ends(sb, b0, b1);
    const double dist = seg_seg_dist(a0, a1, b0, b1);
    const Posed pa(sa), pb(sb);
    SCOPED_TRACE(::testing::Message() << "iter " << iter << " dist " << dist);
    if (dist > 0.05) {
      ++misses;
      EXPECT_FALSE(sat(pa, pb).hit);
      const GjkResult g = gjk(pa, pb);
      EXPECT_FALSE(g.hit);
      EXPECT_NEAR(g.distance, dist, 1e-2);
      EXPECT_FALSE(mtd(pa, pb).hit);
    } else if (crosses_by(a0, a1, b0, b1, 0.05)) {
      // Crossing, every end clear of the other's line: every static test says hit.
      ++hits;
      EXPECT_TRUE(sat(pa, pb).hit);
      EXPECT_TRUE(gjk(pa, pb).hit);
      const MtdResult m = mtd(pa, pb);
      ASSERT_TRUE(m.hit);
      // A moved by the MTD touches B and does not cross it: the distance after is ~0.
      const DVec2 mv(m.vector.x, m.vector.y);
      const double after = seg_seg_dist(a0 + mv, a1 + mv, b0, b1);
      EXPECT_LT(after, 1e-2);
      // And it is the shortest: a slightly shorter push still leaves them crossing.
      if (m.depth > 0.1f) {
        const DVec2 part = mv * ((m.depth - 0.05) / m.depth);
        EXPECT_TRUE(crosses_by(a0 + part, a1 + part, b0, b1, 0.0));
      }
    }
    // aabb and bounding_circle never miss a pair that touches.
    if (dist == 0.0) {
      EXPECT_TRUE(aabb(pa, pb).hit);
      EXPECT_TRUE(bounding_circle(pa, pb).hit);
    }
  }
  std::printf("segments: %d hits, %d misses\n", hits, misses);
  EXPECT_GT(hits, 500);
  EXPECT_GT(misses, 2000);
}

// The ball against a moving segment: the time the centre's distance to the segment first
// reaches the radius, by sampling the step finely and bisecting the first sign change.
TEST(SegmentProperty, BallAgainstSegmentSweptAgainstBisection) {
  std::mt19937 rng(1203);
  std::uniform_real_distribution<double> pos(0.0, 300.0), vel(-300.0, 300.0), rad(2.0, 30.0);
  int hits = 0, misses = 0, skipped = 0;
  std::uniform_real_distribution<double> aim(0.3, 1.6);
  for (int iter = 0; iter < 6000; ++iter) {
    Shape ball = circle("C", {pos(rng), pos(rng)}, rad(rng), {vel(rng), vel(rng)});
    Shape wall = random_thin(rng, "W", true);
    if (iter % 3 == 0) wall.vel = DVec2(vel(rng), vel(rng));
    DVec2 w0, w1;
    ends(wall, w0, w1);
    if (iter % 2 == 0) {
      // Half the balls are thrown at the wall's middle (short, long or about right).
      ball.vel =
          ((w0 + w1) * 0.5 - ball.pos) * aim(rng) + wall.vel + DVec2(vel(rng), vel(rng)) * 0.1;
    }
    const auto gap = [&](double t) {
      const DVec2 c = ball.pos + ball.vel * t;
      const DVec2 s = wall.vel * t;
      return seg_point_dist(c, w0 + s, w1 + s) - ball.radius;
    };
    if (gap(0.0) < 0.05) {
      ++skipped;
      continue;
    }
    const ref::FirstTouch touch = ref::first_touch(gap);
    const double t_ref = touch.t, min_gap = touch.min_gap;
    // Near grazes (passing by less than the band, or dipping in by less) go either way.
    if (std::fabs(min_gap) < 0.05) {
      ++skipped;
      continue;
    }
    const bool swap = iter % 2 == 1;  // both orders: the normal flips with them
    const Posed pb(ball), pw(wall);
    const SweptResult r = swap ? swept(pw, pb) : swept(pb, pw);
    SCOPED_TRACE(::testing::Message() << "iter " << iter << " t_ref " << t_ref);
    if (t_ref < 0.0) {
      ++misses;
      EXPECT_FALSE(r.hit);
      continue;
    }
    ++hits;
    ASSERT_TRUE(r.hit);
    EXPECT_FALSE(r.initially_overlapping);
    // Time tolerance: kLen-like distance over the closing speed.
    const double speed = std::hypot(ball.vel.x - wall.vel.x, ball.vel.y - wall.vel.y);
    EXPECT_NEAR(r.toi, t_ref, 0.02 / std::max(speed, 1.0) + 1e-5);
    // The normal points from the wall toward the ball at impact (from B toward A).
    const DVec2 c = ball.pos + ball.vel * t_ref;
    const DVec2 s = wall.vel * t_ref;
    const DVec2 q0 = w0 + s, q1 = w1 + s;
    const DVec2 d = q1 - q0;
    const double len2 = d.x * d.x + d.y * d.y;
    const double tt =
        len2 > 0 ? std::clamp(((c - q0).x * d.x + (c - q0).y * d.y) / len2, 0.0, 1.0) : 0.0;
    DVec2 nrm = c - (q0 + d * tt);
    nrm /= std::hypot(nrm.x, nrm.y);
    if (swap) nrm = -nrm;
    EXPECT_NEAR(r.normal.x, nrm.x, 2e-3);
    EXPECT_NEAR(r.normal.y, nrm.y, 2e-3);
  }
  std::printf("ball against segment: %d hits, %d misses, %d skipped\n", hits, misses, skipped);
  EXPECT_GT(hits, 300);
  EXPECT_GT(misses, 300);
  EXPECT_LT(skipped, 2500);
}

}  // namespace
}  // namespace hitbox
