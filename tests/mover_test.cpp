// The mover (core/collide/src/mover.cpp): the solver, clipping, the cast and the planes worked by
// hand; slopes, steps and a slide along a wall; then seeded random levels (every kind, turned,
// scaled and mirrored) for the properties. Overlap is checked with what the mover does
// not use: tests/support's exact double-precision signed distance (reference.h), and SAT (mtd)
// for concave polygons and segments, which the reference does not take.
#include "hitbox/mover.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/concave.h"
#include "hitbox/hitbox.h"
#include "support/random_shapes.h"
#include "support/reference.h"

namespace {

using namespace hitbox;
namespace ts = hitbox::test_support;

constexpr float kSkin = kMoverSkin;
constexpr float kRest = 0.5f * kSkin;  // where the capsule rests from what it touches

// A standing capsule: its core from 10 to 30 px above `feet`, radius 10 (40 px tall).
Capsule standing(Vec2 feet) {
  return Capsule{feet + Vec2(0, -30), feet + Vec2(0, -10), 10.0f};
}

// The capsule as a scene shape, in doubles, for the reference.
Shape shape_of(const Capsule& c) {
  Shape s;
  s.kind = Kind::Capsule;
  const DVec2 a(c.center1), b(c.center2);
  s.pos = (a + b) * 0.5;
  s.points = {a - s.pos, b - s.pos};
  s.radius = double(c.radius);
  return s;
}

// How deep the capsule is in `s` (<= 0: apart): the exact reference where it applies, SAT's
// push-out for concave polygons and segments.
double depth_in(const Capsule& c, const Shape& s) {
  const bool reference = s.kind != Kind::Segment && s.kind != Kind::Point &&
                         !(s.kind == Kind::Polygon && !polygon_is_convex(s.points));
  if (reference) return -ref::PairRef(shape_of(c), ref::twin(s)).signed_distance();
  const MtdResult m = mtd(make_capsule(c.center1, c.center2, c.radius), Posed(s));
  return m.hit ? double(m.depth) : -1.0;
}

// A floor whose top is y = 0, 2000 px wide.
Shape floor_shape() {
  return ts::rect({0, 20}, {2000, 40});
}

// Moves the capsule `n` times by `by`; returns the last result, the capsule moved along.
MoveResult walk(const ShapeWorld& w, Capsule* c, Vec2 by, int n, const MoverConfig& cfg) {
  MoveResult r;
  for (int i = 0; i < n; ++i) {
    r = move_and_slide(w, *c, by, cfg);
    *c = moved(*c, r.delta);
  }
  return r;
}

// ---------------------------------------------------------------- the parts, by hand

TEST(Mover, SolverProjectsOntoPlanesAndHonoursPushLimits) {
  // A floor (normal up) and a wall on the right (normal left), both touching at the rest gap:
  // a move down and right is stopped; one up and left is left alone.
  MoverPlane floor{.normal = {0, -1}, .offset = 0};
  MoverPlane wall{.normal = {-1, 0}, .offset = 0};
  std::vector<MoverPlane> planes{floor, wall};
  MoverSolveResult r = mover_solve({5, 3}, planes);
  EXPECT_NEAR(r.delta.x, 0.0f, 1e-6f);
  EXPECT_NEAR(r.delta.y, 0.0f, 1e-6f);
  EXPECT_FLOAT_EQ(planes[0].push, 3.0f);
  EXPECT_FLOAT_EQ(planes[1].push, 5.0f);
  EXPECT_EQ(r.iterations, 2);  // one sweep pushes, the next finds nothing to do
  r = mover_solve({-5, -3}, planes);
  EXPECT_EQ(r.delta, Vec2(-5, -3));
  EXPECT_EQ(planes[0].push, 0.0f);

  // A 45-degree slope: the move right is turned along it.
  const float h = std::sqrt(0.5f);
  std::vector<MoverPlane> slope{MoverPlane{.normal = {-h, -h}, .offset = 0}};
  r = mover_solve({4, 0}, slope);
  EXPECT_NEAR(r.delta.x, 2.0f, 1e-5f);
  EXPECT_NEAR(r.delta.y, -2.0f, 1e-5f);

  // A soft plane 5 px deep with a push limit of 2 pushes 2 and no more; a rigid one all 5.
  std::vector<MoverPlane> soft{MoverPlane{.normal = {0, -1}, .offset = 5, .push_limit = 2}};
  std::vector<MoverSolveStep> trace;
  r = mover_solve({0, 0}, soft, &trace);
  EXPECT_NEAR(r.delta.y, -2.0f, 1e-6f);
  EXPECT_FLOAT_EQ(soft[0].push, 2.0f);
  ASSERT_EQ(trace.size(), 2u);  // two sweeps of one plane
  EXPECT_FLOAT_EQ(trace[0].push, 2.0f);
  EXPECT_EQ(trace[0].delta, r.delta);
  soft[0].push_limit = std::numeric_limits<float>::infinity();
  EXPECT_NEAR(mover_solve({0, 0}, soft).delta.y, -5.0f, 1e-6f);

  // No planes: the target itself, no sweeps.
  EXPECT_EQ(mover_solve({1, 2}, {}).delta, Vec2(1, 2));
  EXPECT_EQ(mover_solve({1, 2}, {}).iterations, 0);
}

TEST(Mover, ClipTakesOutTheVelocityIntoPlanesThatPushed) {
  std::vector<MoverPlane> planes{MoverPlane{.normal = {0, -1}, .push = 1},
                                 MoverPlane{.normal = {-1, 0}, .push = 0}};
  EXPECT_EQ(mover_clip({3, 4}, planes), Vec2(3, 0));    // the floor pushed: no more falling
  EXPECT_EQ(mover_clip({3, -4}, planes), Vec2(3, -4));  // leaving the floor: unchanged
  planes[0].clip_velocity = false;
  EXPECT_EQ(mover_clip({3, 4}, planes), Vec2(3, 4));
}

TEST(Mover, PlanesOfWhatTheCapsuleTouches) {
  ShapeWorld w;
  const ShapeHandle floor = world_add(&w, floor_shape());
  world_add(&w, ts::rect({100, -100}, {20, 20}));  // far away
  std::vector<MoverPlane> planes;
  mover_collide(w, standing({0, -0.3f}), &planes);
  ASSERT_EQ(planes.size(), 1u);
  EXPECT_EQ(planes[0].shape, floor);
  EXPECT_NEAR(planes[0].normal.x, 0.0f, 1e-5f);
  EXPECT_NEAR(planes[0].normal.y, -1.0f, 1e-5f);
  EXPECT_NEAR(planes[0].separation, 0.3f, 1e-4f);
  EXPECT_NEAR(planes[0].offset, kRest - 0.3f, 1e-4f);
  EXPECT_NEAR(planes[0].point.y, 0.0f, 1e-4f);
  EXPECT_NEAR(planes[0].point.x, 0.0f, 1e-3f);
  // Beyond the skin: none. Overlapping: a plane with a negative separation.
  mover_collide(w, standing({0, -kSkin - 0.01f}), &planes);
  EXPECT_TRUE(planes.empty());
  mover_collide(w, standing({0, 2}), &planes);
  ASSERT_EQ(planes.size(), 1u);
  EXPECT_NEAR(planes[0].separation, -2.0f, 1e-4f);
}

TEST(Mover, CastToleratesStartingInTouch) {
  ShapeWorld w;
  const ShapeHandle floor = world_add(&w, floor_shape());
  const Capsule resting = standing({0, -kRest});
  // Along the floor it is resting on: the whole way (not stopped at fraction 0).
  MoverCastHit h = mover_cast(w, resting, {100, 0});
  EXPECT_FALSE(h.hit);
  EXPECT_EQ(h.fraction, 1.0f);
  // Into it: stopped once the gap has halved, not at the start and not inside.
  h = mover_cast(w, resting, {0, 10});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.shape, floor);
  EXPECT_GT(h.fraction, 0.0f);
  const float gap = kRest - 10 * h.fraction;
  EXPECT_GE(gap, 0.5f * kRest - 1e-4f);
  EXPECT_LE(gap, 0.625f * kRest + 1e-4f);
  // From 50 px up: stopped half the skin short.
  h = mover_cast(w, standing({0, -50}), {0, 100});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(50 - 100 * h.fraction, kRest, 0.25f * kRest + 1e-3f);
  EXPECT_NEAR(h.normal.y, -1.0f, 1e-5f);
  // Overlapping at the start: not a hit (the planes push it out).
  EXPECT_FALSE(mover_cast(w, standing({0, 3}), {0, 10}).hit);
}

TEST(Mover, OverlapAtTheStartIsPushedOut) {
  ShapeWorld w;
  const Shape f = floor_shape();
  world_add(&w, f);
  Capsule c = standing({0, 3});  // 3 px into the floor
  const MoveResult r = move_and_slide(w, c, {0, 0});
  c = moved(c, r.delta);
  EXPECT_NEAR(depth_in(c, f), -kRest, 1e-3);
  EXPECT_TRUE(r.on_ground);
}

TEST(Mover, SoftShapesPushNoMoreThanTheirLimit) {
  ShapeWorld w;
  world_add(&w, floor_shape());
  const ShapeHandle crowd = world_add(&w, ts::rect({300, -50}, {400, 100}));  // from x = 100
  MoverConfig cfg;
  float limit = 0.0f;
  cfg.push_limit = [&](ShapeHandle h) {
    return h == crowd ? limit : std::numeric_limits<float>::infinity();
  };
  // Resting against the crowd's face, a step of 5 px into it: the cast passes into a soft
  // shape, and its plane holds back at most its limit a pass.
  const Capsule at_face = standing({100 - 10 - kRest, -kRest});
  for (const float l : {0.0f, 1.0f, 2.5f}) {
    limit = l;
    const MoveResult r = move_and_slide(w, at_face, {5, 0}, cfg);
    EXPECT_NEAR(r.delta.x, 5.0f - l, 1e-3f) << l;
    ASSERT_EQ(r.planes.size(), 2u) << l;
    EXPECT_EQ(r.planes[1].shape, crowd);
    EXPECT_EQ(r.planes[1].push_limit, l);
  }
  // Rigid: not a step in.
  cfg.push_limit = {};
  EXPECT_NEAR(move_and_slide(w, at_face, {5, 0}, cfg).delta.x, 0.0f, 1e-3f);
}

// ---------------------------------------------------------------- the hand-worked cases

TEST(Mover, SlidesAlongAWallAt45Degrees) {
  ShapeWorld w;
  world_add(&w, ts::rect({120, 0}, {40, 4000}));  // its left face is x = 100
  Capsule c = standing({50, 0});
  const MoverConfig cfg{};
  walk(w, &c, {5, -5}, 20, cfg);  // reaches the wall
  for (int i = 0; i < 10; ++i) {
    const Capsule before = c;
    const MoveResult r = move_and_slide(w, c, {5, -5}, cfg);
    c = moved(c, r.delta);
    EXPECT_NEAR(r.delta.x, 0.0f, 1e-4f);   // the part into the wall is gone
    EXPECT_NEAR(r.delta.y, -5.0f, 1e-4f);  // the part along it is all kept
    EXPECT_NEAR(c.center1.x + c.radius, 100 - kRest, 0.25f * kRest);
    EXPECT_EQ(r.planes.size(), 1u) << before.center1.x;
  }
}

// A floor with a ramp rising to the right from x = 100 at `degrees`.
ShapeWorld ramp_world(float degrees) {
  ShapeWorld w;
  world_add(&w, floor_shape());
  const float rise = 300.0f * std::tan(degrees * std::numbers::pi_v<float> / 180.0f);
  world_add(&w, make_polygon({{100, 0}, {400, 0}, {400, -rise}}));
  return w;
}

TEST(Mover, ClimbsASlopeBelowTheMaximumAndReportsGround) {
  const ShapeWorld w = ramp_world(30);
  MoverConfig cfg;  // max_slope 45
  Capsule c = standing({0, -kRest});
  const MoveResult r = walk(w, &c, {5, 3}, 60, cfg);  // walking right with gravity
  const float feet = c.center2.y + c.radius;
  EXPECT_LT(feet, -40.0f);  // well up the ramp
  ASSERT_TRUE(r.on_ground);
  EXPECT_NEAR(r.ground_normal.x, -0.5f, 1e-3f);
  EXPECT_NEAR(r.ground_normal.y, -std::sqrt(0.75f), 1e-3f);
  // Right on the ramp's surface: the capsule's bottom circle at the rest gap from it.
  const Vec2 centre = c.center2;
  const float to_plane = dot(centre - Vec2(100, 0), r.ground_normal) - c.radius;
  EXPECT_NEAR(to_plane, kRest, 0.25f * kRest + 1e-3f);
}

TEST(Mover, DoesNotClimbASlopeAboveTheMaximum) {
  const ShapeWorld w = ramp_world(60);
  MoverConfig cfg;
  cfg.step_height = 20;  // and a step does not get it up either
  for (Vec2 by : {Vec2(5, 3), Vec2(5, 0)}) {
    Capsule c = standing({0, -kRest});
    float highest = 0;
    MoveResult r;
    for (int i = 0; i < 60; ++i) {
      r = move_and_slide(w, c, by, cfg);
      c = moved(c, r.delta);
      highest = std::min(highest, c.center2.y + c.radius);
    }
    EXPECT_GT(highest, -2 * kRest) << by.y;  // never off the floor
    EXPECT_LT(c.center2.x, 100.0f) << by.y;  // stopped at the ramp's foot
    EXPECT_FALSE(r.stepped);
    ASSERT_TRUE(r.on_ground);  // on the floor, not the ramp
    EXPECT_NEAR(r.ground_normal.y, -1.0f, 1e-5f);
  }
  // The same ramp with a maximum of 70 degrees is ground, and climbed (walking level: the
  // move with gravity above, slid along 60 degrees, goes down a little).
  cfg.max_slope = 70;
  Capsule c = standing({0, -kRest});
  const MoveResult r = walk(w, &c, {5, 0}, 60, cfg);
  EXPECT_LT(c.center2.y + c.radius, -20.0f);
  EXPECT_TRUE(r.on_ground);
}

// A floor and a block of height `h` from x = 100 on.
ShapeWorld step_world(float h) {
  ShapeWorld w;
  world_add(&w, floor_shape());
  world_add(&w, ts::rect({300, -h / 2}, {400, h}));
  return w;
}

TEST(Mover, StepsOntoAStepBelowTheStepHeight) {
  const ShapeWorld w = step_world(10);
  MoverConfig cfg;
  cfg.step_height = 20;
  Capsule c = standing({0, -kRest});
  bool stepped = false;
  MoveResult r;
  for (int i = 0; i < 60; ++i) {
    r = move_and_slide(w, c, {5, 3}, cfg);
    c = moved(c, r.delta);
    stepped = stepped || r.stepped;
  }
  EXPECT_TRUE(stepped);
  EXPECT_GT(c.center2.x, 200.0f);
  EXPECT_NEAR(c.center2.y + c.radius, -10 - kRest, 0.25f * kRest + 1e-3f);  // on top of it
  EXPECT_TRUE(r.on_ground);
  // Without a step height it is a wall.
  cfg.step_height = 0;
  c = standing({0, -kRest});
  walk(w, &c, {5, 3}, 60, cfg);
  EXPECT_LT(c.center2.x, 100.0f);
}

TEST(Mover, AStepAboveTheStepHeightBlocks) {
  const ShapeWorld w = step_world(30);
  MoverConfig cfg;
  cfg.step_height = 20;
  for (Vec2 by : {Vec2(5, 3), Vec2(5, 0)}) {
    Capsule c = standing({0, -kRest});
    const MoveResult r = walk(w, &c, by, 60, cfg);
    EXPECT_NEAR(c.center2.x + c.radius, 100 - kRest, 0.25f * kRest + 1e-3f) << by.y;
    EXPECT_NEAR(c.center2.y + c.radius, -kRest, 0.25f * kRest + 1e-3f) << by.y;
    EXPECT_FALSE(r.stepped);
  }
}

TEST(Mover, TraceRecordsEveryPassAndSolverVisit) {
  ShapeWorld w;
  world_add(&w, floor_shape());
  world_add(&w, ts::rect({120, 0}, {40, 4000}));
  MoverTrace trace;
  const MoveResult r = move_and_slide(w, standing({80, -kRest}), {30, 3}, {}, &trace);
  ASSERT_EQ(static_cast<int>(trace.passes.size()), r.passes);
  int iterations = 0;
  for (const MoverPass& p : trace.passes) {
    EXPECT_EQ(p.phase, MoverPhase::Slide);
    iterations += p.iterations;
    if (!p.solve.empty()) {
      EXPECT_EQ(p.solve.back().delta, p.delta);
    }
  }
  EXPECT_EQ(iterations, r.iterations);
  // The first pass meets the floor only and is stopped by the wall; the last one solves
  // against both and does not move.
  EXPECT_EQ(trace.passes.front().planes.size(), 1u);
  EXPECT_TRUE(trace.passes.front().hit.hit);
  EXPECT_EQ(trace.passes.back().planes.size(), 2u);
  EXPECT_FALSE(trace.passes.back().cast);
  EXPECT_EQ(std::string(mover_phase_name(MoverPhase::StepAcross)), "step_across");
}

// ---------------------------------------------------------------- properties, random levels

// A concave polygon (an arrow head) or a segment, posed like the other random shapes.
Shape concave_or_segment(ts::Random& rnd, DVec2 pos) {
  Shape s;
  s.kind = rnd.integer(0, 1) ? Kind::Polygon : Kind::Segment;
  s.pos = pos;
  const double r = rnd.uni(10.0, 50.0);
  if (s.kind == Kind::Polygon) {
    s.points = {{-r, -r}, {r, 0}, {-r, r}, {-0.3 * r, 0}};
  } else {
    s.points = {{-r, 0}, {r, 0}};
  }
  s.angle = rnd.uni(-180.0, 180.0);
  s.scale = rnd.uni(0.5, 2.0);
  s.mirror_x = rnd.integer(0, 1) == 1;
  s.mirror_y = rnd.integer(0, 1) == 1;
  return s;
}

// A capsule of random size and turn centred on `at`.
Capsule random_capsule(ts::Random& rnd, Vec2 at) {
  const float half = float(rnd.uni(0.0, 20.0)), r = float(rnd.uni(4.0, 16.0));
  const float a = float(rnd.uni(-std::numbers::pi, std::numbers::pi));
  const Vec2 d = half * Vec2(std::cos(a), std::sin(a));
  return Capsule{at - d, at + d, r};
}

Vec2 random_move(ts::Random& rnd) {
  const double a = rnd.uni(-std::numbers::pi, std::numbers::pi);
  const int band = rnd.integer(0, 9);
  const double len = band < 6   ? rnd.uni(0.5, 40.0)
                     : band < 9 ? rnd.uni(40.0, 400.0)
                                : rnd.uni(400.0, 3000.0);
  return Vec2(float(len * std::cos(a)), float(len * std::sin(a)));
}

TEST(MoverProperty, NeverEndsInAShapeNorFurtherThanAsked) {
  ts::Random rnd(4101);
  int moves = 0, levels = 0;
  for (int level = 0; level < 400; ++level) {
    std::vector<Shape> shapes;
    ShapeWorld w;
    for (int i = 0; i < 14; ++i) {
      const DVec2 pos(rnd.uni(0.0, 600.0), rnd.uni(0.0, 600.0));
      shapes.push_back(rnd.integer(0, 4) == 0 ? concave_or_segment(rnd, pos)
                                              : rnd.shape_or_capsule(pos));
      world_add(&w, shapes.back());
    }
    // A start clear of every shape by more than the skin.
    Capsule c;
    bool placed = false;
    for (int tries = 0; tries < 200 && !placed; ++tries) {
      c = random_capsule(rnd, Vec2(float(rnd.uni(0.0, 600.0)), float(rnd.uni(0.0, 600.0))));
      placed = true;
      for (const Shape& s : shapes) placed = placed && depth_in(c, s) < -kSkin;
    }
    if (!placed) continue;
    ++levels;
    MoverConfig cfg;
    cfg.max_slope = float(rnd.uni(20.0, 90.0));
    cfg.step_height = rnd.integer(0, 1) ? 0.0f : float(rnd.uni(1.0, 20.0));
    for (int m = 0; m < 10; ++m, ++moves) {
      const Vec2 by = random_move(rnd);
      const MoveResult r = move_and_slide(w, c, by, cfg);
      c = moved(c, r.delta);
      for (std::size_t i = 0; i < shapes.size(); ++i) {
        ASSERT_LE(depth_in(c, shapes[i]), kSkin) << "level " << level << " move " << m << " shape "
                                                 << i << " " << ref::describe(shapes[i]);
      }
      ASSERT_LE(glm::length(r.delta), glm::length(by) + cfg.step_height + 1e-3f)
          << "level " << level << " move " << m;
    }
  }
  EXPECT_GT(levels, 300);
  EXPECT_GT(moves, 3000);
}

// A rect `len` long and `thick` thick whose face at the origin has the unit normal `n`
// (it lies on the side of -n), scaled and mirrored at random (the same rect either way).
Shape wall_facing(ts::Random& rnd, Vec2 n, double len, double thick, Vec2 at = Vec2(0)) {
  const double scale = rnd.uni(0.5, 2.0);
  Shape s = ts::rect(DVec2(at) - DVec2(n) * (thick / 2), {thick / scale, len / scale},
                     std::atan2(double(n.y), double(n.x)) * 180.0 / std::numbers::pi);
  s.scale = scale;
  s.mirror_x = rnd.integer(0, 1) == 1;
  s.mirror_y = rnd.integer(0, 1) == 1;
  return s;
}

Vec2 unit_at(double a) {
  return Vec2(float(std::cos(a)), float(std::sin(a)));
}

TEST(MoverProperty, AlongAFlatWallKeepsTheTangentialPart) {
  ts::Random rnd(4102);
  MoverConfig cfg;
  cfg.max_slope = 90;  // every wall, whatever its turn, is one to slide on
  for (int k = 0; k < 2000; ++k) {
    const Vec2 n = unit_at(rnd.uni(-std::numbers::pi, std::numbers::pi)), t(-n.y, n.x);
    const Vec2 at(float(rnd.uni(-500.0, 500.0)), float(rnd.uni(-500.0, 500.0)));
    ShapeWorld w;
    const Shape wall = wall_facing(rnd, n, 8000, rnd.uni(1.0, 60.0), at);
    world_add(&w, wall);
    // A capsule a random gap off the face, moved into it at a random slant.
    Capsule c = random_capsule(rnd, Vec2(0));
    const float reach = std::max(std::abs(dot(c.center1, n)), std::abs(dot(c.center2, n)));
    const float g0 = float(rnd.uni(kSkin, 30.0));
    c = moved(c, at + n * (reach + c.radius + g0));
    const double slant = rnd.uni(-1.5, 1.5);
    const Vec2 by =
        float(rnd.uni(1.0, 200.0)) * (-float(std::cos(slant)) * n + float(std::sin(slant)) * t);
    const MoveResult r = move_and_slide(w, c, by, cfg);
    const Capsule end = moved(c, r.delta);
    SCOPED_TRACE(testing::Message() << "case " << k << " " << ref::describe(wall));
    ASSERT_NEAR(dot(r.delta, t), dot(by, t), 1e-3f * glm::length(by) + 1e-3f);
    // Toward the wall: as far as asked when that ends clear of the wall, else to the rest
    // gap (an eighth of the skin more at most).
    const double gap = -depth_in(end, wall);
    ASSERT_GE(gap, 0.0);
    if (g0 + dot(by, n) > 1.25f * kRest + 1e-3f) {
      ASSERT_NEAR(dot(r.delta, n), dot(by, n), 1e-3f * glm::length(by) + 1e-3f);
    } else {
      ASSERT_NEAR(gap, kRest, 0.25 * kRest + 1e-3);
    }
  }
}

TEST(MoverProperty, StopsInACornerWithoutJitter) {
  ts::Random rnd(4103);
  for (int k = 0; k < 1000; ++k) {
    // Two walls meeting at 90 degrees at `at`, turned at random, each reaching 10 px past
    // the corner into the other: the free quadrant is where both normals point.
    const double a = rnd.uni(-std::numbers::pi, std::numbers::pi);
    const Vec2 n1 = unit_at(a), n2 = unit_at(a + std::numbers::pi / 2);
    const Vec2 at(float(rnd.uni(-500.0, 500.0)), float(rnd.uni(-500.0, 500.0)));
    ShapeWorld w;
    const double thick = rnd.uni(1.0, 40.0);
    const Shape w1 = wall_facing(rnd, n1, 4000, thick, at + n2 * 1990.0f);
    const Shape w2 = wall_facing(rnd, n2, 4000, thick, at + n1 * 1990.0f);
    world_add(&w, w1);
    world_add(&w, w2);
    Capsule c = random_capsule(rnd, Vec2(0));
    c = moved(c, at + n1 * float(rnd.uni(40.0, 100.0)) + n2 * float(rnd.uni(40.0, 100.0)));
    // Into the corner: against both normals, at least 10 degrees off each wall.
    const double into = rnd.uni(0.175, std::numbers::pi / 2 - 0.175);
    const Vec2 by =
        -float(rnd.uni(2.0, 50.0)) * (float(std::cos(into)) * n1 + float(std::sin(into)) * n2);
    // Every wall one to slide on: with a maximum slope, a wall too steep to stand on slides
    // the capsule down and away from a corner above it, rightly.
    MoverConfig cfg;
    cfg.max_slope = 90;
    cfg.step_height = rnd.integer(0, 1) ? 0.0f : 15.0f;
    SCOPED_TRACE(testing::Message() << "case " << k);
    // Until a move leaves it where it is, then ten more that all do.
    int settle = 0;
    for (; settle < 400; ++settle) {
      const MoveResult r = move_and_slide(w, c, by, cfg);
      if (r.delta == Vec2(0)) break;
      c = moved(c, r.delta);
    }
    ASSERT_LT(settle, 400);
    for (int i = 0; i < 10; ++i) ASSERT_EQ(move_and_slide(w, c, by, cfg).delta, Vec2(0)) << i;
    ASSERT_LE(depth_in(c, w1), 0.0);
    ASSERT_LE(depth_in(c, w2), 0.0);
  }
}

TEST(MoverProperty, NeverPassesAThinWallAtAnySpeed) {
  ts::Random rnd(4104);
  for (int k = 0; k < 2000; ++k) {
    const Vec2 n = unit_at(rnd.uni(-std::numbers::pi, std::numbers::pi)), t(-n.y, n.x);
    const Vec2 at(float(rnd.uni(-500.0, 500.0)), float(rnd.uni(-500.0, 500.0)));
    ShapeWorld w;
    const Shape wall = wall_facing(rnd, n, 100000, 1.0, at);  // 1 px thick
    world_add(&w, wall);
    Capsule c = random_capsule(rnd, Vec2(0));
    const float reach = std::max(std::abs(dot(c.center1, n)), std::abs(dot(c.center2, n)));
    c = moved(c, at + n * (reach + c.radius + float(rnd.uni(kSkin, 50.0))));
    // From 10 px to 10,000 px a move, straight at it or slanted (three moves slide at most
    // 30,000 px along the wall: never round its end).
    const double slant = rnd.integer(0, 3) == 0 ? 0.0 : rnd.uni(-1.4, 1.4);
    const Vec2 by = float(std::pow(10.0, rnd.uni(1.0, 4.0))) *
                    (-float(std::cos(slant)) * n + float(std::sin(slant)) * t);
    MoverConfig cfg;
    cfg.max_slope = float(rnd.uni(20.0, 90.0));
    cfg.step_height = rnd.integer(0, 1) ? 0.0f : 15.0f;
    SCOPED_TRACE(testing::Message() << "case " << k);
    for (int m = 0; m < 3; ++m) {
      c = moved(c, move_and_slide(w, c, by, cfg).delta);
      // Both core ends stay on the capsule's side of the wall's face, clear of it.
      ASSERT_GT(dot(c.center1 - at, n), c.radius - 1e-2f) << m;
      ASSERT_GT(dot(c.center2 - at, n), c.radius - 1e-2f) << m;
      ASSERT_LE(depth_in(c, wall), 0.0) << m;
    }
  }
}

TEST(Mover, GroundIsAPlaneNoSteeperThanTheMaximum) {
  const float c45 = std::sqrt(0.5f);
  EXPECT_TRUE(mover_ground(MoverPlane{.normal = {0, -1}}));
  EXPECT_TRUE(mover_ground(MoverPlane{.normal = {c45, -c45}}));  // 45 degrees: the default
  EXPECT_FALSE(mover_ground(MoverPlane{.normal = {-1, 0}}));     // a wall
  EXPECT_FALSE(mover_ground(MoverPlane{.normal = {0, 1}}));      // a ceiling
  MoverConfig steep;
  steep.max_slope = 30.0f;
  EXPECT_FALSE(mover_ground(MoverPlane{.normal = {c45, -c45}}, steep));
}

// ---------------------------------------------------------------- the classic mistakes

// A floor whose top is y = 0 and a wall whose left face is x = 0: a 90-degree corner.
ShapeWorld corner() {
  ShapeWorld w;
  world_add(&w, floor_shape());
  world_add(&w, ts::rect({20, -100}, {40, 400}));
  return w;
}

TEST(MoverMistake, MtdOnlyJittersInACornerWhereTheMethodRests) {
  // Walking right into the wall with gravity: 4 px right and a growing fall each move.
  const ShapeWorld w = corner();
  for (const bool method : {true, false}) {
    SCOPED_TRACE(method ? "method" : "MTD only");
    Capsule c = standing({-40, -1});
    std::vector<Vec2> seen;
    float fall = 0.0f;
    for (int i = 0; i < 80; ++i) {
      fall += 980.0f / 3600.0f;
      const Vec2 by(4.0f, fall);
      const Vec2 d =
          method ? move_and_slide(w, c, by).delta : mover_mistake(w, c, by, MoverMistake::MtdOnly);
      c = moved(c, d);
      fall = d.y;  // what it fell is how fast it falls
      if (i >= 70) seen.push_back(c.center1);
    }
    int differ = 0;
    for (std::size_t i = 1; i < seen.size(); ++i) differ += seen[i] != seen[i - 1];
    if (method) {
      EXPECT_EQ(differ, 0);
      EXPECT_NEAR(c.center1.x, -c.radius - kRest, 1e-3f);  // at rest against the wall
    } else {
      EXPECT_GE(differ, 5);  // most of the last ten moves go somewhere else
    }
  }
}

TEST(MoverMistake, NoCastPassesAThinWallWhereTheMethodStops) {
  ShapeWorld w;
  world_add(&w, floor_shape());
  world_add(&w, ts::rect({100.5, -50}, {1, 100}));  // 1 px thick, x from 100 to 101
  for (const bool method : {true, false}) {
    SCOPED_TRACE(method ? "method" : "no cast");
    Capsule c = standing({60, -kRest});
    for (int i = 0; i < 5; ++i) {
      const Vec2 by(50.0f, 0.0f);  // 3000 px/s at 60 moves a second
      c = moved(c, method ? move_and_slide(w, c, by).delta
                          : mover_mistake(w, c, by, MoverMistake::NoCast));
    }
    if (method)
      EXPECT_NEAR(c.center1.x, 100.0f - c.radius - kRest, 0.1f);  // stopped at the wall
    else
      EXPECT_GT(c.center1.x - c.radius, 101.0f);  // wholly past it
  }
  // Slow, it does not: the wall is within the skin before the capsule reaches it.
  Capsule c = standing({60, -kRest});
  for (int i = 0; i < 40; ++i) c = moved(c, mover_mistake(w, c, {2, 0}, MoverMistake::NoCast));
  EXPECT_LT(c.center1.x + c.radius, 100.0f);
}

// ---------------------------------------------------------------- the walk, by hand

TEST(MoverWalk, FallsByGravityWalksTheFloorAndJumpsToTheWorkedHeight) {
  ShapeWorld w;
  world_add(&w, floor_shape());
  const MoverWalkConfig cfg;  // 1/60 s, gravity 980 down, jump 420
  const float dt = cfg.dt, g = cfg.gravity.y;

  // In the air: each step adds g dt to the fall before moving (semi-implicit Euler), so
  // after n steps it has fallen g dt^2 n (n + 1) / 2.
  MoverBody air{standing({0, -500}), {0, 0}, false};
  for (int i = 0; i < 30; ++i) mover_walk(w, &air, 0.0f, false, cfg);
  EXPECT_NEAR(air.capsule.center2.y + 10.0f, -500.0f + g * dt * dt * 30 * 31 / 2, 1e-2f);
  EXPECT_NEAR(air.velocity.y, g * dt * 30, 1e-3f);
  EXPECT_FALSE(air.on_ground);

  // On the floor: 220 px/s for 60 steps is 220 px, no fall, on the ground throughout.
  MoverBody body{standing({0, -kRest}), {0, 0}, true};
  for (int i = 0; i < 60; ++i) {
    mover_walk(w, &body, 220.0f, false, cfg);
    ASSERT_TRUE(body.on_ground) << i;
  }
  EXPECT_NEAR(body.capsule.center1.x, 220.0f, 1e-2f);
  EXPECT_NEAR(body.capsule.center2.y + 10.0f, -kRest, 1e-3f);
  EXPECT_EQ(body.velocity.y, 0.0f);

  // A jump: velocities 420 - k g dt up (k from 1, gravity added first), summed while
  // rising; the apex by that sum, 88.7 px, within a step's rise.
  double apex = 0.0;
  for (int k = 1; 420.0 - k * g * dt > 0.0; ++k) apex += (420.0 - k * g * dt) * dt;
  const float feet0 = body.capsule.center2.y + 10.0f;
  float highest = feet0;
  mover_walk(w, &body, 0.0f, true, cfg);
  EXPECT_FALSE(body.on_ground);
  for (int i = 0; i < 120 && !body.on_ground; ++i) {
    highest = std::fmin(highest, body.capsule.center2.y + 10.0f);
    mover_walk(w, &body, 0.0f, true, cfg);  // held: no jump in the air
  }
  EXPECT_NEAR(feet0 - highest, apex, 1e-2);
  EXPECT_TRUE(body.on_ground);  // landed again
  // A jump asked in the air does nothing.
  MoverBody falling{standing({0, -300}), {0, 100}, false};
  EXPECT_GT(mover_walk_velocity(falling, 0.0f, true, cfg).y, 100.0f);
}

TEST(MoverWalk, ZeroVelocitySticksToAWallWhereTheMethodFalls) {
  // In the air against a wall on the right, walking into it for half a second.
  ShapeWorld w;
  world_add(&w, floor_shape());
  world_add(&w, ts::rect({120, -300}, {40, 600}));  // left face at x = 100
  const MoverWalkConfig cfg;
  const Capsule start = standing({100.0f - 10.0f - kRest, -400});
  MoverBody method{start, {0, 0}, false}, ghost{start, {0, 0}, false};
  for (int i = 0; i < 30; ++i) {
    mover_walk(w, &method, 220.0f, false, cfg);
    mover_walk_mistake(w, &ghost, 220.0f, false, MoverMistake::ZeroVelocity, cfg);
  }
  // The method falls freely beside the wall: g dt^2 n (n + 1) / 2 = 126.5 px.
  const float free_fall = cfg.gravity.y * cfg.dt * cfg.dt * 30 * 31 / 2;
  EXPECT_NEAR(method.capsule.center1.y - start.center1.y, free_fall, 0.05f);
  // The ghost loses its fall at every touch: g dt^2 a step, 8.2 px in all.
  EXPECT_NEAR(ghost.capsule.center1.y - start.center1.y, cfg.gravity.y * cfg.dt * cfg.dt * 30,
              0.05f);
  EXPECT_EQ(ghost.velocity, Vec2(0.0f));
  // Neither went into the wall.
  EXPECT_LE(method.capsule.center1.x + 10.0f, 100.0f);
  EXPECT_LE(ghost.capsule.center1.x + 10.0f, 100.0f);
}

TEST(MoverWalk, NoClipSlidesDownASlopeTheMethodStandsOn) {
  // A 30 degree slope rising to the right, standing still on it for two seconds.
  ShapeWorld w;
  const float t = std::tan(30.0f * std::numbers::pi_v<float> / 180.0f);
  world_add(&w, make_polygon({{-400, 400 * t}, {400, -400 * t}, {400, 400}, {-400, 400}}));
  const MoverWalkConfig cfg;
  // Dropped from just above the slope at x = 0 (its surface at y = 0 there).
  const Capsule start = standing({0, -20});
  MoverBody method{start, {0, 0}, false}, ghost{start, {0, 0}, false};
  for (int i = 0; i < 120; ++i) {
    mover_walk(w, &method, 0.0f, false, cfg);
    mover_walk_mistake(w, &ghost, 0.0f, false, MoverMistake::NoClip, cfg);
  }
  EXPECT_TRUE(method.on_ground);
  Capsule rest = method.capsule;
  for (int i = 0; i < 60; ++i) mover_walk(w, &method, 0.0f, false, cfg);
  EXPECT_EQ(method.capsule.center1, rest.center1);  // it stands still
  EXPECT_LT(std::fabs(method.capsule.center1.x), 15.0f);
  // No clip's fall grows on the slope and turns along it: down to the left, far.
  EXPECT_LT(ghost.capsule.center1.x, -100.0f);
}

}  // namespace
