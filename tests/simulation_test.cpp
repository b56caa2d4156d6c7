// Play mode (core/sim/src/simulation.cpp) against numbers worked out by hand, and the scene
// fields it reads ("world", "body") through the scene loader and writer.
#include "hitbox/simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "hitbox/limits.h"
#include "hitbox/scene.h"

namespace {

using hitbox::BroadMethod;
using hitbox::DVec2;
using hitbox::Scene;
using hitbox::Simulation;

constexpr double kPi = std::numbers::pi;

Scene scene_of(const std::string& text) {
  return hitbox::parse_scene(text, "test.json");
}

// ---------------------------------------------------------------- friction on a slope

// A 20 x 20 box lying flat on the top face of a long slab turned by `deg` (clockwise: the
// face runs down to the right). g = 980 px/s^2 down. side = -1 mirrors the scene left to
// right (the slab turned by -deg, the box sliding to the left). (Before bodies turned, the box
// stood unturned on its corner; now it would tip onto its face.)
Scene slope_scene(double deg, double mus, double muk, double side = 1.0) {
  const double t = deg * kPi / 180.0;
  // The slab is 4000 x 200 centred on (0, 0): its top face passes through R(t) (0, -100),
  // with outward normal (sin t, -cos t). The box, turned with the slab, lies on that point.
  const DVec2 normal(side * std::sin(t), -std::cos(t));
  const DVec2 centre = normal * 110.0;
  const std::string coeffs =
      "\"friction\": " + std::to_string(muk) + ", \"static_friction\": " + std::to_string(mus);
  return scene_of(R"({"version": 1, "world": {"gravity": [0, 980]}, "shapes": [
    {"id": "slope", "kind": "rect", "pos": [0, 0], "angle": )" +
                  std::to_string(side * deg) +
                  R"(, "size": [4000, 200], "body": {"type": "static", )" + coeffs + R"(}},
    {"id": "box", "kind": "rect", "pos": [)" +
                  std::to_string(centre.x) + ", " + std::to_string(centre.y) + R"(], "angle": )" +
                  std::to_string(side * deg) +
                  R"(, "size": [20, 20], "body": {"type": "dynamic", )" + coeffs + "}}]}");
}

TEST(Simulation, BoxOnASlopeBelowTheFrictionAngleStaysPut) {
  // tan 20 deg = 0.364 and tan 30 deg = 0.577 are below mu_s = 0.6: static friction holds.
  for (const double side : {1.0, -1.0}) {
    for (const double deg : {20.0, 30.0}) {
      Simulation sim = hitbox::make_simulation(slope_scene(deg, 0.6, 0.4, side));
      hitbox::sim_step(&sim);  // the first step settles the contact
      const DVec2 start = sim.scene.shapes[1].pos;
      double worst = 0.0;
      for (int k = 0; k < 600; ++k) {  // 5 s
        hitbox::sim_step(&sim);
        worst = std::max(worst, glm::length(sim.scene.shapes[1].pos - start));
      }
      EXPECT_LT(worst, 0.5) << "moved " << worst << " px in 5 s at " << deg << " deg, side "
                            << side;
    }
  }
}

TEST(Simulation, BoxOnASlopeAboveTheFrictionAngleSlidesWithGSinMinusMuCos) {
  for (const double side : {1.0, -1.0}) {
    for (const double deg : {35.0, 45.0}) {
      // tan 35 deg = 0.70 > mu_s = 0.6. a = g (sin t - mu_k cos t) along the slope.
      const double t = deg * kPi / 180.0;
      const double mus = 0.6, muk = 0.4;
      const double want = 980.0 * (std::sin(t) - muk * std::cos(t));
      Simulation sim = hitbox::make_simulation(slope_scene(deg, mus, muk, side));
      const DVec2 down_slope(side * std::cos(t), std::sin(t));
      hitbox::sim_run(&sim, 0.5);
      const double v1 = glm::dot(sim.scene.shapes[1].body->velocity, down_slope);
      const DVec2 p1 = sim.scene.shapes[1].pos;
      hitbox::sim_run(&sim, 1.0);
      const double v2 = glm::dot(sim.scene.shapes[1].body->velocity, down_slope);
      const DVec2 p2 = sim.scene.shapes[1].pos;
      const double a = (v2 - v1) / 1.0;
      EXPECT_NEAR(a, want, 0.02 * want) << deg << " deg, side " << side;
      // The distance agrees: s = v1 T + a T^2 / 2 over T = 1 s.
      const double s = glm::dot(p2 - p1, down_slope);
      EXPECT_NEAR(s, v1 + want / 2.0, 0.02 * (v1 + want / 2.0)) << deg << " deg, side " << side;
      // It stays on the face: no speed along the normal.
      const DVec2 normal(side * std::sin(t), -std::cos(t));
      EXPECT_NEAR(glm::dot(sim.scene.shapes[1].body->velocity, normal), 0.0, 1.0);
    }
  }
}

// ---------------------------------------------------------------- bouncing

// A ball of radius 10 dropped from 200 px above a floor whose top is at y = 500. The floor
// has no body, so the ball's restitution is used as it is.
Scene drop_scene(double restitution) {
  return scene_of(R"({"version": 1, "world": {"gravity": [0, 980]}, "shapes": [
    {"id": "floor", "kind": "rect", "pos": [0, 520], "size": [2000, 40]},
    {"id": "ball", "kind": "circle", "pos": [0, 290], "radius": 10,
     "body": {"type": "dynamic", "restitution": )" +
                  std::to_string(restitution) + "}}]}");
}

TEST(Simulation, BallWithRestitutionOneReturnsToItsHeight) {
  Simulation sim = hitbox::make_simulation(drop_scene(1.0));
  const double rest_y = 490.0;  // centre when touching the floor
  bool bounced = false;
  double highest = 1e9;                // smallest y after the bounce
  for (int k = 0; k < 120 * 2; ++k) {  // falling takes 0.64 s, rising as long
    hitbox::sim_step(&sim);
    const double vy = sim.scene.shapes[1].body->velocity.y;
    if (!bounced && vy < 0.0) bounced = true;
    if (bounced) highest = std::min(highest, sim.scene.shapes[1].pos.y);
    if (bounced && vy > 0.0) break;  // past the top
  }
  ASSERT_TRUE(bounced);
  const double height = rest_y - highest;
  // Never higher than it fell from (Box2D's 0.1%). The bounce uses the approach speed at the
  // start of the step of impact (Box2D's restitution), less than the speed at impact by at most
  // g times one step, 8.2 px/s of 620 px/s: the height may fall short by twice that share,
  // 2.6%, and no more.
  EXPECT_LE(height, 200.0 * 1.001) << "returned to " << height << " px";
  EXPECT_GE(height, 200.0 * (1.0 - 2.0 * 980.0 / 120.0 / 620.0)) << "returned to " << height;
}

TEST(Simulation, BallWithRestitutionZeroStopsOnFirstContact) {
  Simulation sim = hitbox::make_simulation(drop_scene(0.0));
  const double rest_y = 490.0;
  int first = -1;
  for (int k = 0; k < 120 * 3; ++k) {
    hitbox::sim_step(&sim);
    const double y = sim.scene.shapes[1].pos.y;
    if (first < 0 && y >= rest_y - 0.5) first = k;
    if (first >= 0) {
      ASSERT_NEAR(y, rest_y, 0.5) << "step " << k << " (first contact at step " << first << ")";
      ASSERT_LE(std::abs(sim.scene.shapes[1].body->velocity.y), 10.0) << "step " << k;
    }
  }
  ASSERT_GE(first, 0);
  // The fall takes sqrt(2 * 200 / 980) = 0.639 s: about step 77.
  EXPECT_NEAR(first, 0.639 * 120, 3);
}

// ---------------------------------------------------------------- tunnelling

// A small ball shot at an 8 px wall: from 10,000 random positions, radii, restitutions and
// speeds up to 20,000 px/s (mirrored: half come from the right), it never ends past the wall.
TEST(Simulation, FastBallNeverPassesAnEightPixelWall) {
  std::mt19937 rng(1313);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  hitbox::SimOptions options;
  int hits = 0;
  for (int c = 0; c < 10000; ++c) {
    const double side = (c % 2 == 0) ? 1.0 : -1.0;  // the ball starts left (1) or right (-1)
    const double r = 2.0 + 8.0 * u(rng);
    const double x = -side * (4.0 + r + 1.0 + 600.0 * u(rng));
    const double y = -1000.0 + 2000.0 * u(rng);
    const double speed = 20000.0 * u(rng);
    const double dir = (-70.0 + 140.0 * u(rng)) * kPi / 180.0;
    const DVec2 v(side * speed * std::cos(dir), speed * std::sin(dir));
    Scene s;
    hitbox::Shape wall;
    wall.id = "wall";
    wall.kind = hitbox::Kind::Rect;
    wall.size = DVec2(8.0, 200000.0);
    s.shapes.push_back(wall);
    hitbox::Shape ball;
    ball.id = "ball";
    ball.kind = hitbox::Kind::Circle;
    ball.radius = r;
    ball.pos = DVec2(x, y);
    ball.body = hitbox::BodySpec{};
    ball.body->velocity = v;
    ball.body->restitution = u(rng);
    s.shapes.push_back(ball);
    Simulation sim = hitbox::make_simulation(s, options);
    for (int k = 0; k < 30; ++k) {  // 0.25 s: at most 5,000 px, never round the wall's ends
      hitbox::sim_step(&sim);
      const double px = sim.scene.shapes[1].pos.x * side;  // < 0: the near side
      ASSERT_LT(px, -4.0) << "case " << c << " step " << k << ": r " << r << " from (" << x << ", "
                          << y << ") at (" << v.x << ", " << v.y << ") px/s";
    }
    hits += (std::abs(sim.scene.shapes[1].body->velocity.x) < std::abs(v.x)) ? 1 : 0;
  }
  EXPECT_GT(hits, 3000);  // many of them did reach the wall
}

// With the guard off, the same fast ball does pass (so the test above can fail).
TEST(Simulation, WithoutTheSweptGuardAFastBallPassesTheWall) {
  Scene s = scene_of(R"({"version": 1, "shapes": [
    {"id": "wall", "kind": "rect", "pos": [0, 0], "size": [8, 2000]},
    {"id": "ball", "kind": "circle", "pos": [-100, 0], "radius": 4,
     "body": {"type": "dynamic", "velocity": [20000, 0]}}]})");
  hitbox::SimOptions off;
  off.swept = false;
  Simulation sim = hitbox::make_simulation(s, off);
  hitbox::sim_run(&sim, 0.1);
  EXPECT_GT(sim.scene.shapes[1].pos.x, 4.0);
  Simulation guarded = hitbox::make_simulation(s);
  hitbox::SimTrace trace;
  int swept_hits = 0;
  for (int k = 0; k < 12; ++k) swept_hits += hitbox::sim_step(&guarded, &trace).swept_hits;
  EXPECT_LT(guarded.scene.shapes[1].pos.x, -4.0);
  // The guard's first half stops it: the wall is found one step ahead (each box grown by how
  // far its body may move in the step) and the contact lets the ball close the gap and no
  // more. The sweep, its second half, has nothing left to stop.
  EXPECT_EQ(swept_hits, 0);
}

// A fast spinning concave body that starts inside a concave static outline: the guard leaves
// that static to the solver (a sweep from there starts overlapping and stops nothing). A body
// that turns far sweeps even the statics it has contacts with, and before this the sweep of
// two 24-point stars took 5 s in the fuzzer's build (the push-out of every piece pair).
TEST(Simulation, TheGuardDoesNotSweepAStaticTheBodyStartsInside) {
  std::string star;
  for (int i = 0; i < 24; ++i) {
    const double a = 2.0 * kPi * i / 24.0, d = i % 2 == 0 ? 60.0 : 25.0;
    star += (i ? ", [" : "[") + std::to_string(d * std::cos(a)) + ", " +
            std::to_string(d * std::sin(a)) + "]";
  }
  const auto shape = [&](const std::string& id, double x, const std::string& body) {
    return R"({"id": ")" + id + R"(", "kind": "polygon", "pos": [)" + std::to_string(x) +
           R"(, 0], "points": [)" + star + "]" + body + "}";
  };
  const std::string spinning = R"(, "body": {"type": "dynamic", "velocity": [3000, 0],
    "angular_velocity": 2000})";
  Simulation inside =
      hitbox::make_simulation(scene_of(R"({"version": 1, "shapes": [)" + shape("s", 0.0, "") +
                                       ", " + shape("b", 10.0, spinning) + "]}"));
  EXPECT_EQ(hitbox::sim_step(&inside).swept_tests, 0);
  // The same body 10 px short of the static is swept against it.
  Simulation short_of =
      hitbox::make_simulation(scene_of(R"({"version": 1, "shapes": [)" + shape("s", 0.0, "") +
                                       ", " + shape("b", -130.0, spinning) + "]}"));
  EXPECT_EQ(hitbox::sim_step(&short_of).swept_tests, 1);
}

// ---------------------------------------------------------------- stacking

TEST(Simulation, StackOfFiveBoxesRestsWithinAPixelForTenSeconds) {
  std::string shapes = R"({"id": "floor", "kind": "rect", "pos": [0, 520], "size": [1000, 40]})";
  for (int i = 0; i < 5; ++i) {
    shapes += R"(, {"id": "b)" + std::to_string(i) + R"(", "kind": "rect", "pos": [0, )" +
              std::to_string(480 - 40 * i) + R"(], "size": [40, 40], "body": {"type": "dynamic"}})";
  }
  Simulation sim = hitbox::make_simulation(
      scene_of(R"({"version": 1, "world": {"gravity": [0, 980]}, "shapes": [)" + shapes + "]}"));
  double worst = 0.0;
  for (int k = 0; k < 1200; ++k) {
    hitbox::sim_step(&sim);
    for (int i = 0; i < 5; ++i) {
      const DVec2 start(0.0, 480.0 - 40.0 * i);
      worst = std::max(worst, glm::length(sim.scene.shapes[std::size_t(i) + 1].pos - start));
    }
  }
  EXPECT_LT(worst, 1.0) << "a box moved " << worst << " px";
}

// The bundled stress scene: 1,000 shapes of mixed kinds fall into an open box and come to
// rest inside it, with no overlap deeper than 2 px (a quarter of the smallest shape) and
// nothing still moving.
// (Before speculative contacts, a light shape between the floor and a heavy one lost its
// floor contact every other sub-step and the landing pile overlapped by up to 11 px.) Soft
// contacts are springs whose stiffness goes with the pair's own mass: under the weight of the
// pile above, a light pair keeps an overlap, most where a triangle's corner carries it on one
// point (0.6 to 1.4 px; a box's face on a face, 0.4 px), and while rows land on each other the
// overlap is pushed out at no more than SimOptions::push_speed, so that no energy is added.
TEST(Simulation, StressSceneFallsIntoTheBoxAndComesToRest) {
  const Scene start = hitbox::load_scene(HITBOX_SOURCE_DIR "/assets/scenes/stress_1000.json");
  int dynamic = 0;
  std::set<hitbox::Kind> kinds;
  for (const hitbox::Shape& s : start.shapes) {
    if (s.body && s.body->type == hitbox::BodyType::Dynamic) {
      ++dynamic;
      kinds.insert(s.kind);
    }
  }
  EXPECT_EQ(dynamic, 1000);
  EXPECT_EQ(kinds.size(), 3u);
  // Sleeping off, so the resting pile's contacts can be counted (with it on, the pile falls
  // asleep: SimSleep tests).
  hitbox::SimOptions awake;
  awake.sleep = false;
  Simulation sim = hitbox::make_simulation(start, awake);
  // At rest after about 4 s (shapes that land on a corner now tip and tumble down the pile
  // before they rest). While the rows land on each other, no two shapes overlap by more than
  // 5 px (the shapes are 8-18 px across).
  hitbox::SimTrace trace;
  double deepest = 0.0;
  for (int k = 0; k < 480; ++k) {
    hitbox::sim_step(&sim, &trace);
    for (const hitbox::SimContact& c : trace.contacts) deepest = std::max(deepest, double(c.depth));
  }
  EXPECT_LT(deepest, 5.0);
  const hitbox::SimStats stats = hitbox::sim_step(&sim, &trace);
  EXPECT_GT(stats.contacts, 1000);
  EXPECT_LT(stats.broad.candidates, stats.broad.all_pairs / 100);
  for (const hitbox::SimContact& c : trace.contacts) {
    ASSERT_LT(c.depth, 2.0) << sim.scene.shapes[std::size_t(c.a)].id << " in "
                            << sim.scene.shapes[std::size_t(c.b)].id;
  }
  // Inside the box, but for the same resting overlap.
  for (std::size_t i = 3; i < sim.scene.shapes.size(); ++i) {
    const hitbox::Posed p(sim.scene.shapes[i]);
    const hitbox::Aabb& b = p.collider().bounds;
    ASSERT_GE(b.min.x, 40.0 - 2.0) << sim.scene.shapes[i].id;  // the walls' inner faces
    ASSERT_LE(b.max.x, 1240.0 + 2.0) << sim.scene.shapes[i].id;
    ASSERT_LE(b.max.y, 760.0 + 2.0) << sim.scene.shapes[i].id;  // the floor's top
    ASSERT_LT(glm::length(sim.scene.shapes[i].body->velocity), 5.0) << sim.scene.shapes[i].id;
  }
}

// The broad phase is a choice of speed only: the sweep, the grid and the tree (its pairs kept
// from step to step) give the same motion.
TEST(Simulation, EveryBroadPhaseGivesTheSameMotion) {
  const Scene start = hitbox::load_scene(HITBOX_SOURCE_DIR "/assets/scenes/stress_1000.json");
  hitbox::SimOptions grid;
  grid.broad = hitbox::BroadMethod::Grid;
  Simulation want = hitbox::make_simulation(start, grid);
  hitbox::sim_run(&want, 1.0);
  EXPECT_NE(want.scene, start);
  for (const BroadMethod m : {BroadMethod::SortAndSweep, BroadMethod::Tree}) {
    hitbox::SimOptions o;
    o.broad = m;
    Simulation sim = hitbox::make_simulation(start, o);
    hitbox::sim_run(&sim, 1.0);
    EXPECT_EQ(sim.scene, want.scene) << hitbox::broad_method_name(m);
  }
}

// ---------------------------------------------------------------- scene fields

TEST(Simulation, BodiesAndWorldRoundTripThroughSceneFiles) {
  const Scene a = scene_of(R"({"version": 1, "world": {"gravity": [0.5, 980]}, "shapes": [
    {"id": "A", "kind": "rect", "pos": [1, 2], "size": [3, 4],
     "body": {"type": "dynamic", "density": 2.5, "restitution": 0.25, "friction": 0.1,
              "static_friction": 0.7, "velocity": [-3.5, 1e-3]}},
    {"id": "B", "kind": "circle", "pos": [10, 2], "radius": 4, "body": {"type": "static"}},
    {"id": "C", "kind": "circle", "pos": [20, 2], "radius": 4,
     "body": {"type": "dynamic", "friction": 0.3}},
    {"id": "D", "kind": "circle", "pos": [30, 2], "radius": 4}]})");
  ASSERT_TRUE(a.world);
  EXPECT_EQ(a.world->gravity, DVec2(0.5, 980.0));
  ASSERT_TRUE(a.shapes[0].body);
  EXPECT_EQ(a.shapes[0].body->velocity, DVec2(-3.5, 1e-3));
  EXPECT_EQ(a.shapes[0].body->static_friction, 0.7);
  EXPECT_EQ(a.shapes[1].body->type, hitbox::BodyType::Static);
  EXPECT_EQ(a.shapes[2].body->static_friction, 0.3);  // defaults to friction
  EXPECT_FALSE(a.shapes[3].body);
  EXPECT_EQ(scene_of(hitbox::scene_to_json(a)), a);

  // A simulated scene writes back and reads as the same scene.
  Simulation sim = hitbox::make_simulation(a);
  hitbox::sim_run(&sim, 0.5);
  EXPECT_NE(sim.scene, a);
  EXPECT_EQ(scene_of(hitbox::scene_to_json(sim.scene)), sim.scene);
}

TEST(Simulation, BadBodyAndWorldFieldsAreNamed) {
  struct Case {
    const char* body;
    const char* field;
  };
  const Case cases[] = {
      {R"("body": {"type": "kinematic"})", "body.type"},
      {R"("body": {"density": 1})", "body.type"},
      {R"("body": 3)", "body"},
      {R"("body": {"type": "dynamic", "density": 0})", "body.density"},
      // A denormal density once made a mass whose inverse is infinite (fuzz_simulate).
      {R"("body": {"type": "dynamic", "density": 9.7e-319})", "body.density"},
      {R"("body": {"type": "dynamic", "density": 0.0000009})", "body.density"},
      {R"("body": {"type": "dynamic", "restitution": 1.5})", "body.restitution"},
      {R"("body": {"type": "dynamic", "friction": -0.1})", "body.friction"},
      {R"("body": {"type": "dynamic", "static_friction": "high"})", "body.static_friction"},
      {R"("body": {"type": "dynamic", "velocity": [1]})", "body.velocity"},
      {R"("body": {"type": "dynamic", "velocity": [1, 2e6]})", "body.velocity[1]"},
      {R"("body": {"type": "static", "velocity": [1, 0]})", "body.velocity"},
      {R"("body": {"type": "dynamic", "spin": 1})", "body.spin"},
  };
  for (const Case& c : cases) {
    const std::string text = std::string(R"({"version": 1, "shapes": [{"id": "ball",
      "kind": "circle", "pos": [0, 0], "radius": 5, )") +
                             c.body + "}]}";
    try {
      hitbox::parse_scene(text, "bad.json");
      ADD_FAILURE() << c.body << " was accepted";
    } catch (const hitbox::SceneError& e) {
      EXPECT_EQ(e.file(), "bad.json");
      EXPECT_EQ(e.shape(), "ball") << c.body;
      EXPECT_EQ(e.field(), c.field) << c.body << ": " << e.what();
    }
  }
  const Case worlds[] = {
      {R"("world": {"gravity": [0]})", "world.gravity"},
      {R"("world": {"gravity": ["a", 0]})", "world.gravity[0]"},
      {R"("world": {"gravity": [0, 2e6]})", "world.gravity[1]"},
      {R"("world": {"wind": [0, 1]})", "world.wind"},
      {R"("world": [])", "world"},
  };
  for (const Case& c : worlds) {
    const std::string text = std::string(R"({"version": 1, "shapes": [], )") + c.body + "}";
    try {
      hitbox::parse_scene(text, "bad.json");
      ADD_FAILURE() << c.body << " was accepted";
    } catch (const hitbox::SceneError& e) {
      EXPECT_EQ(e.shape(), "") << c.body;
      EXPECT_EQ(e.field(), c.field) << c.body << ": " << e.what();
    }
  }
}

TEST(Simulation, CoefficientsMixAsDocumented) {
  // Two dynamic balls meet head on at 100 px/s each, equal mass: with e = max(0.2, 0.8) = 0.8
  // they leave at 80 px/s each.
  Simulation sim = hitbox::make_simulation(scene_of(R"({"version": 1, "shapes": [
    {"id": "L", "kind": "circle", "pos": [-20, 0], "radius": 10,
     "body": {"type": "dynamic", "restitution": 0.2, "velocity": [100, 0]}},
    {"id": "R", "kind": "circle", "pos": [20, 0], "radius": 10,
     "body": {"type": "dynamic", "restitution": 0.8, "velocity": [-100, 0]}}]})"));
  hitbox::sim_run(&sim, 0.5);
  EXPECT_NEAR(sim.scene.shapes[0].body->velocity.x, -80.0, 0.5);
  EXPECT_NEAR(sim.scene.shapes[1].body->velocity.x, 80.0, 0.5);
  // Momentum is kept.
  EXPECT_NEAR(sim.scene.shapes[0].body->velocity.x + sim.scene.shapes[1].body->velocity.x, 0.0,
              1e-9);
}

// ---------------------------------------------------------------- one shape changed, no reload

// Static floor (no body); a static-body platform with a box resting on it; a stack of two on
// the floor; a capsule with no body (the Mover tool's) beside the stack; a ball falling from
// high up. After 1.5 s the box and the stack are asleep and the ball is still falling.
Scene push_scene() {
  return scene_of(R"({"version": 1, "world": {"gravity": [0, 980]}, "shapes": [
    {"id": "floor", "kind": "rect", "pos": [0, 520], "size": [2000, 40]},
    {"id": "platform", "kind": "rect", "pos": [-300, 400], "size": [200, 20],
     "body": {"type": "static", "friction": 0.6}},
    {"id": "rider", "kind": "rect", "pos": [-300, 380], "size": [20, 20],
     "body": {"type": "dynamic", "friction": 0.6}},
    {"id": "S0", "kind": "rect", "pos": [200, 490], "size": [20, 20],
     "body": {"type": "dynamic", "friction": 0.6}},
    {"id": "S1", "kind": "rect", "pos": [200, 470], "size": [20, 20],
     "body": {"type": "dynamic", "friction": 0.6}},
    {"id": "pusher", "kind": "capsule", "pos": [100, 470], "points": [[0, -10], [0, 10]],
     "radius": 10},
    {"id": "ball", "kind": "circle", "pos": [0, -2000], "radius": 10,
     "body": {"type": "dynamic", "restitution": 0.3}}]})");
}
enum PushShape { kFloor, kPlatform, kRider, kS0, kS1, kPusher, kBall, kPushShapes };

// Every body's pose and motion, bit for bit, and whether it sleeps.
void expect_same_bodies(const Simulation& a, const Simulation& b, const std::string& when) {
  ASSERT_EQ(a.scene.shapes.size(), b.scene.shapes.size());
  for (std::size_t i = 0; i < a.scene.shapes.size(); ++i) {
    const hitbox::Shape& x = a.scene.shapes[i];
    const hitbox::Shape& y = b.scene.shapes[i];
    EXPECT_EQ(x.pos, y.pos) << x.id << " " << when;
    EXPECT_EQ(x.angle, y.angle) << x.id << " " << when;
    ASSERT_EQ(x.body.has_value(), y.body.has_value());
    if (x.body) {
      EXPECT_EQ(x.body->velocity, y.body->velocity) << x.id << " " << when;
      EXPECT_EQ(x.body->angular_velocity, y.body->angular_velocity) << x.id << " " << when;
    }
    EXPECT_EQ(hitbox::sim_asleep(a, int(i)), hitbox::sim_asleep(b, int(i))) << x.id << " " << when;
  }
}

TEST(Simulation, MoveStaticAndSetVelocityStepAsAnEditAndReloadDoes) {
  for (const BroadMethod method : {BroadMethod::Grid, BroadMethod::Tree}) {
    hitbox::SimOptions o;
    o.broad = method;
    Simulation sim = hitbox::make_simulation(push_scene(), o);
    hitbox::sim_run(&sim, 1.5);
    ASSERT_TRUE(hitbox::sim_asleep(sim, kRider));
    ASSERT_TRUE(hitbox::sim_asleep(sim, kS0) && hitbox::sim_asleep(sim, kS1));
    ASSERT_FALSE(hitbox::sim_asleep(sim, kBall));
    ASSERT_LT(sim.scene.shapes[kBall].pos.y, 0.0) << "still falling";
    Simulation ref = sim;

    // (a) The calls: the platform drops 30 px from under the rider, the capsule moves 2 px
    // into the stack's side, the ball is thrown sideways.
    const DVec2 platform = sim.scene.shapes[kPlatform].pos + DVec2(0.0, 30.0);
    const DVec2 pusher(182.0, 470.0);  // its right side at x = 192, the stack's left at 190
    const DVec2 throw_v(150.0, -200.0);
    ASSERT_TRUE(hitbox::sim_move_static(&sim, kPlatform, platform));
    ASSERT_TRUE(hitbox::sim_move_static(&sim, kPusher, pusher));
    ASSERT_TRUE(hitbox::sim_set_velocity(&sim, kBall, throw_v));

    // (b) The same edits to the scene, and sim_reload. The reload starts three things over
    // that the calls keep on purpose, so they are put back as the calls leave them, and then
    // every other byte must agree:
    //   * every contact's warm-start impulses (kept);
    //   * every body's rest time (kept for bodies that were awake; none for the thrown ball,
    //     nor for bodies that were asleep, which rest afresh when woken);
    //   * each dynamic body's reach and smallest half-width, found again from where it is now:
    //     the same geometry, but the posed vertices round differently there in the last bits.
    const std::vector<hitbox::detail::SimWarm> warm = ref.warm;
    const std::vector<hitbox::detail::SimShape> derived = ref.shapes;
    std::vector<double> rest = ref.rest_time;
    for (int i = 0; i < kPushShapes; ++i) {
      if (hitbox::sim_asleep(ref, i) || i == kBall) rest[std::size_t(i)] = 0.0;
    }
    ref.scene.shapes[kPlatform].pos = platform;
    ref.scene.shapes[kPusher].pos = pusher;
    ref.scene.shapes[kBall].body->velocity = throw_v;
    hitbox::sim_reload(&ref);
    ref.warm = warm;
    ref.rest_time = rest;
    for (std::size_t i = 0; i < derived.size(); ++i) {
      if (!derived[i].dynamic) continue;
      ref.shapes[i].reach = derived[i].reach;
      ref.shapes[i].min_half = derived[i].min_half;
    }

    const std::string name = hitbox::broad_method_name(method);
    expect_same_bodies(sim, ref, name + ", after the calls");
    EXPECT_FALSE(hitbox::sim_asleep(sim, kRider)) << "the platform left it";
    EXPECT_FALSE(hitbox::sim_asleep(sim, kS0)) << "the capsule touched it";
    for (std::size_t i = 0; i < sim.posed.size(); ++i) {
      EXPECT_EQ(sim.centres[i], ref.centres[i]) << i;
      EXPECT_EQ(sim.shapes[i].reach, ref.shapes[i].reach) << i;
      EXPECT_EQ(sim.shapes[i].min_half, ref.shapes[i].min_half) << i;
      EXPECT_EQ(sim.posed[i].collider().bounds.min, ref.posed[i].collider().bounds.min) << i;
      EXPECT_EQ(sim.posed[i].collider().bounds.max, ref.posed[i].collider().bounds.max) << i;
    }
    for (int k = 0; k < 240; ++k) {
      hitbox::sim_step(&sim);
      hitbox::sim_step(&ref);
      if (k % 60 == 59) expect_same_bodies(sim, ref, name + ", step " + std::to_string(k));
    }
    // And it happened: the rider followed the platform down, the stack was pushed.
    EXPECT_NEAR(sim.scene.shapes[kRider].pos.y, 410.0, 0.5);
    EXPECT_GT(sim.scene.shapes[kS0].pos.x, 200.5);
  }
}

TEST(Simulation, AVelocitySetWithoutGravityCarriesTheBodyThatFarInThatTime) {
  Simulation sim = hitbox::make_simulation(scene_of(R"({"version": 1, "shapes": [
    {"id": "ball", "kind": "circle", "pos": [0, 0], "radius": 10, "body": {"type": "dynamic"}}]})"));
  ASSERT_TRUE(hitbox::sim_set_velocity(&sim, 0, DVec2(100.0, 0.0)));
  EXPECT_EQ(sim.scene.shapes[0].body->velocity, DVec2(100.0, 0.0));
  const int steps = 120;  // 1 s at 1/120 s
  for (int k = 0; k < steps; ++k) hitbox::sim_step(&sim);
  const double want = 100.0 * steps * sim.options.step;  // 100 px
  EXPECT_NEAR(sim.scene.shapes[0].pos.x, want, 1e-6 * want);
  EXPECT_EQ(sim.scene.shapes[0].pos.y, 0.0);
  EXPECT_EQ(sim.scene.shapes[0].body->velocity, DVec2(100.0, 0.0));
}

TEST(Simulation, AMovedStaticIsPosedWhereItWentAndStopsABodyThere) {
  // A 40 x 20 static rect moved from (0, 0) to (300, 200): its box is (280, 190)-(320, 210),
  // its centre (300, 200), and a ball dropped on it from above stops with its centre 10 px
  // over the top face, at y = 180.
  Simulation sim =
      hitbox::make_simulation(scene_of(R"({"version": 1, "world": {"gravity": [0, 980]}, "shapes": [
    {"id": "wall", "kind": "rect", "pos": [0, 0], "size": [40, 20]},
    {"id": "ball", "kind": "circle", "pos": [300, 100], "radius": 10,
     "body": {"type": "dynamic"}}]})"));
  ASSERT_TRUE(hitbox::sim_move_static(&sim, 0, DVec2(300.0, 200.0)));
  EXPECT_EQ(sim.scene.shapes[0].pos, DVec2(300.0, 200.0));
  EXPECT_EQ(sim.posed[0].collider().bounds.min, hitbox::Vec2(280.0f, 190.0f));
  EXPECT_EQ(sim.posed[0].collider().bounds.max, hitbox::Vec2(320.0f, 210.0f));
  EXPECT_EQ(sim.centres[0], DVec2(300.0, 200.0));
  hitbox::sim_run(&sim, 1.0);
  EXPECT_NEAR(sim.scene.shapes[1].pos.y, 180.0, 0.05);
  EXPECT_NEAR(sim.scene.shapes[1].pos.x, 300.0, 1e-9);
}

TEST(Simulation, PushRaisesTheVelocityAlongADirectionOnly) {
  Simulation sim = hitbox::make_simulation(push_scene());
  const auto v = [&] { return sim.scene.shapes[static_cast<std::size_t>(kBall)].body->velocity; };
  ASSERT_TRUE(hitbox::sim_set_velocity(&sim, kBall, DVec2(50.0, 20.0)));
  // Along x to 100: the x part raised by 50, the y part kept.
  EXPECT_TRUE(hitbox::sim_push(&sim, kBall, DVec2(1.0, 0.0), 100.0));
  EXPECT_EQ(v(), DVec2(100.0, 20.0));
  // Already that fast along x: no change.
  EXPECT_FALSE(hitbox::sim_push(&sim, kBall, DVec2(1.0, 0.0), 80.0));
  EXPECT_EQ(v(), DVec2(100.0, 20.0));
  // Along (0.6, 0.8) to 100 from (100, 20) (76 along it): 24 more along it.
  EXPECT_TRUE(hitbox::sim_push(&sim, kBall, DVec2(0.6, 0.8), 100.0));
  EXPECT_NEAR(v().x, 100.0 + 24.0 * 0.6, 1e-9);
  EXPECT_NEAR(v().y, 20.0 + 24.0 * 0.8, 1e-9);
  // Refused: not a unit direction, a speed not finite, a static, an index out of range.
  const DVec2 kept = v();
  EXPECT_FALSE(hitbox::sim_push(&sim, kBall, DVec2(2.0, 0.0), 500.0));
  EXPECT_FALSE(
      hitbox::sim_push(&sim, kBall, DVec2(1.0, 0.0), std::numeric_limits<double>::quiet_NaN()));
  EXPECT_FALSE(hitbox::sim_push(&sim, kBall, DVec2(1.0, 0.0), 2e6));
  EXPECT_FALSE(hitbox::sim_push(&sim, kFloor, DVec2(1.0, 0.0), 100.0));
  EXPECT_FALSE(hitbox::sim_push(&sim, -1, DVec2(1.0, 0.0), 100.0));
  EXPECT_EQ(v(), kept);
}

// Options are doubles and the solver is single precision: any finite option sim_options_problem
// lets through runs, the grab and contacts included, and leaves the bodies finite and within
// the world (no infinity meets a zero in the solve).
TEST(Simulation, OptionsBeyondTheFloatsRangeRun) {
  hitbox::SimOptions o;
  o.grab_max_accel = 1e300;
  o.push_speed = 1e300;
  o.contact_hertz = 1e300;
  o.damping_ratio = 1e300;
  o.restitution_threshold = 1e300;
  o.slop = 1e300;
  ASSERT_EQ(hitbox::sim_options_problem(o), "");
  Simulation sim = hitbox::make_simulation(scene_of(R"({"version": 1,
    "world": {"gravity": [0, 980]}, "shapes": [
    {"id": "floor", "kind": "rect", "pos": [0, 100], "size": [400, 20]},
    {"id": "box", "kind": "rect", "pos": [0, 80], "size": [20, 20], "body": {"type": "dynamic"}}]})"),
                                           o);
  ASSERT_TRUE(hitbox::sim_grab(&sim, 1, hitbox::Vec2(5.0f, 80.0f)));
  hitbox::sim_grab_move(&sim, hitbox::Vec2(300.0f, -200.0f));
  for (int k = 0; k < 120; ++k) hitbox::sim_step(&sim);
  const hitbox::Shape& box = sim.scene.shapes[1];
  EXPECT_TRUE(std::isfinite(box.pos.x) && std::isfinite(box.pos.y) && std::isfinite(box.angle));
  EXPECT_LE(std::abs(box.pos.x), hitbox::kMaxCoord);
  EXPECT_LE(std::abs(box.pos.y), hitbox::kMaxCoord);
}

TEST(Simulation, MoveStaticAndSetVelocityRefuseBadInputAndChangeNothing) {
  Simulation sim = hitbox::make_simulation(push_scene());
  hitbox::sim_run(&sim, 1.5);
  const Scene before = sim.scene;
  const std::vector<DVec2> centres = sim.centres;
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const int n = static_cast<int>(sim.scene.shapes.size());
  for (const int i : {-1, n, n + 1, std::numeric_limits<int>::min()}) {
    EXPECT_FALSE(hitbox::sim_move_static(&sim, i, DVec2(0.0, 0.0))) << i;
    EXPECT_FALSE(hitbox::sim_set_velocity(&sim, i, DVec2(0.0, 0.0))) << i;
  }
  // Dynamic bodies do not move as statics; statics (a body or none) take no velocity.
  for (const int i : {kRider, kS0, kBall}) {
    EXPECT_FALSE(hitbox::sim_move_static(&sim, i, DVec2(0.0, 0.0))) << i;
  }
  for (const int i : {kFloor, kPlatform, kPusher}) {
    EXPECT_FALSE(hitbox::sim_set_velocity(&sim, i, DVec2(10.0, 0.0))) << i;
  }
  // Not finite, or past the edge of the world (1e6 px, px/s).
  for (const DVec2 v : {DVec2(nan, 0.0), DVec2(0.0, nan), DVec2(inf, 0.0), DVec2(0.0, -inf),
                        DVec2(2e6, 0.0), DVec2(0.0, -1.5e6)}) {
    EXPECT_FALSE(hitbox::sim_move_static(&sim, kPlatform, v));
    EXPECT_FALSE(hitbox::sim_move_static(&sim, kPusher, v));
    EXPECT_FALSE(hitbox::sim_set_velocity(&sim, kRider, v));
    EXPECT_FALSE(hitbox::sim_set_velocity(&sim, kBall, v));
  }
  EXPECT_EQ(sim.scene, before);
  EXPECT_EQ(sim.centres, centres);
  EXPECT_TRUE(hitbox::sim_asleep(sim, kRider)) << "nothing woke";
  EXPECT_TRUE(hitbox::sim_asleep(sim, kS0));
  // The limits themselves are taken.
  EXPECT_TRUE(hitbox::sim_move_static(&sim, kPusher, DVec2(1e6, -1e6)));
  EXPECT_TRUE(hitbox::sim_set_velocity(&sim, kBall, DVec2(-1e6, 1e6)));
}

}  // namespace
