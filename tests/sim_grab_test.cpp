// Grab and throw (sim_grab): the mouse joint's spring turns a body about the held point, the
// point reaches the target, a released body keeps its motion, and a hanging body sags by the
// spring's m g / k.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "hitbox/scene.h"
#include "hitbox/simulation.h"

namespace {

using hitbox::DVec2;
using hitbox::Simulation;
using hitbox::Vec2;

// A 40 px box at the origin with no turn, in gravity (0, g).
Simulation box_sim(double g) {
  const std::string text = R"({"version": 1, "world": {"gravity": [0, )" + std::to_string(g) +
                           R"(]}, "shapes": [
    {"id": "box", "kind": "rect", "pos": [0, 0], "size": [40, 40], "body": {"type": "dynamic"}}]})";
  return hitbox::make_simulation(hitbox::parse_scene(text, "test.json"));
}

double dist(Vec2 a, DVec2 b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

TEST(SimGrab, StaticShapesAndBadIndicesAreNotGrabbed) {
  Simulation sim = hitbox::make_simulation(hitbox::parse_scene(R"({"version": 1, "shapes": [
    {"id": "wall", "kind": "rect", "pos": [0, 0], "size": [40, 40]}]})",
                                                               "test.json"));
  EXPECT_FALSE(hitbox::sim_grab(&sim, 0, Vec2(5.0f, 5.0f)));
  EXPECT_FALSE(hitbox::sim_grab(&sim, 3, Vec2(5.0f, 5.0f)));
  EXPECT_FALSE(hitbox::sim_grab_point(sim).has_value());
}

TEST(SimGrab, ABoxPulledByItsCornerTurnsTowardThePullAndReachesTheTarget) {
  // Zero gravity: held at the lower right corner (y down) and dragged 200 px right in 1 s.
  // The pull's torque r x F = (20, 20) x (F, 0) = -20 F turns it anticlockwise (the angle
  // falls) until the centre trails the corner along the pull (-45 degrees, reached at 0.4 s).
  Simulation sim = box_sim(0.0);
  ASSERT_TRUE(hitbox::sim_grab(&sim, 0, Vec2(20.0f, 20.0f)));
  double least = 0.0;
  for (int k = 0; k < 120; ++k) {
    hitbox::sim_grab_move(&sim, Vec2(20.0f + 200.0f * static_cast<float>(k + 1) / 120.0f, 20.0f));
    hitbox::sim_step(&sim);
    if (k < 48) least = std::min(least, sim.scene.shapes[0].angle);
  }
  EXPECT_LT(least, -45.0);
  // Held still for 10 s: the corner on the target (the spring has no load), the box at rest
  // and its centre 20 sqrt 2 from the corner.
  for (int k = 0; k < 1200; ++k) hitbox::sim_step(&sim);
  const DVec2 target(220.0, 20.0);
  const hitbox::Shape& s = sim.scene.shapes[0];
  EXPECT_LT(dist(*hitbox::sim_grab_point(sim), target), 0.01);
  EXPECT_LT(std::abs(s.body->angular_velocity), 0.01);
  EXPECT_LT(glm::length(s.body->velocity), 0.01);
  EXPECT_NEAR(glm::length(s.pos - target), 20.0 * std::numbers::sqrt2, 1e-6);
}

TEST(SimGrab, AReleasedBoxKeepsItsVelocityAndSpin) {
  Simulation sim = box_sim(0.0);
  ASSERT_TRUE(hitbox::sim_grab(&sim, 0, Vec2(20.0f, 20.0f)));
  hitbox::sim_grab_move(&sim, Vec2(300.0f, -100.0f));
  for (int k = 0; k < 6; ++k) hitbox::sim_step(&sim);  // mid-pull
  hitbox::sim_release(&sim);
  EXPECT_FALSE(hitbox::sim_grab_point(sim).has_value());
  const DVec2 v = sim.scene.shapes[0].body->velocity;
  const double w = sim.scene.shapes[0].body->angular_velocity;
  ASSERT_GT(glm::length(v), 50.0);
  ASSERT_GT(std::abs(w), 5.0);
  const DVec2 p0 = sim.scene.shapes[0].pos;
  const double a0 = sim.scene.shapes[0].angle;
  for (int k = 0; k < 120; ++k) hitbox::sim_step(&sim);  // 1 s free: the centre of mass
  // (the box's centre) goes on at v and the box turns at w.
  const hitbox::Shape& s = sim.scene.shapes[0];
  EXPECT_NEAR(s.pos.x, p0.x + v.x, 1e-6 * glm::length(v) + 1e-6);
  EXPECT_NEAR(s.pos.y, p0.y + v.y, 1e-6 * glm::length(v) + 1e-6);
  // The turn is single precision: four float products w h a step (h = 1/480 s, itself rounded)
  // added to a double angle: off by at most about six float roundings of it, 6 x 2^-24.
  EXPECT_NEAR(std::remainder(s.angle - a0 - w, 360.0), 0.0, 6.0 / (1 << 24) * std::abs(w));
  EXPECT_EQ(s.body->velocity, v);
}

TEST(SimGrab, AHangingBoxSagsByMassTimesGravityOverStiffness) {
  // The spring is soft with stiffness k = m omega^2 (omega = 2 pi grab_hertz) on the held
  // point, whose effective mass is m when the centre hangs straight below it. At rest k sag =
  // m g: sag = g / omega^2 = 980 / (2 pi 5)^2 = 0.9929 px.
  Simulation sim = box_sim(980.0);
  ASSERT_TRUE(hitbox::sim_grab(&sim, 0, Vec2(-20.0f, -20.0f)));  // the upper left corner
  const DVec2 target(-20.0, -20.0);
  for (int k = 0; k < 2400; ++k) hitbox::sim_step(&sim);  // 20 s: swung down and still
  const double omega = 2.0 * std::numbers::pi * sim.options.grab_hertz;
  const double sag = 980.0 / (omega * omega);
  const Vec2 p = *hitbox::sim_grab_point(sim);
  EXPECT_NEAR(p.y - target.y, sag, 0.01 * sag);
  EXPECT_NEAR(p.x - target.x, 0.0, 0.01);
  // The centre of mass hangs 20 sqrt 2 below the held point.
  const hitbox::Shape& s = sim.scene.shapes[0];
  EXPECT_NEAR(s.pos.x, p.x, 0.01);
  EXPECT_NEAR(s.pos.y, p.y + 20.0 * std::numbers::sqrt2, 0.01);
  EXPECT_LT(glm::length(s.body->velocity), 0.01);
}

TEST(SimGrab, AGrabbedBoxPushesAnotherAndTheRunRepeats) {
  // Dragged into a second box, the held box pushes it; the same grab gives the same bytes.
  const auto run = [] {
    Simulation sim = hitbox::make_simulation(hitbox::parse_scene(R"({"version": 1, "shapes": [
      {"id": "a", "kind": "rect", "pos": [0, 0], "size": [40, 40], "body": {"type": "dynamic"}},
      {"id": "b", "kind": "rect", "pos": [60, 0], "size": [40, 40], "body": {"type": "dynamic"}}]})",
                                                                 "test.json"));
    hitbox::sim_grab(&sim, 0, Vec2(0.0f, 0.0f));
    for (int k = 0; k < 240; ++k) {
      hitbox::sim_grab_move(&sim, Vec2(static_cast<float>(k), 0.0f));
      hitbox::sim_step(&sim);
    }
    return hitbox::scene_to_json(sim.scene);
  };
  const std::string a = run();
  EXPECT_EQ(a, run());
  const hitbox::Scene s = hitbox::parse_scene(a, "a.json");
  EXPECT_GT(s.shapes[1].pos.x, 60.0 + 150.0);  // pushed on ahead of the held box
  EXPECT_GT(s.shapes[1].pos.x - s.shapes[0].pos.x, 39.0);
}

}  // namespace
