// Play mode's sleeping (hitbox/simulation.h): islands of resting bodies fall asleep together,
// stand as they stood, cost no contacts, and wake for each of the four causes (a touch, an
// edit, a grab, a removed support) without waking an island apart from them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "hitbox/scene.h"
#include "hitbox/simulation.h"

namespace {

using hitbox::DVec2;
using hitbox::Scene;
using hitbox::SimStats;
using hitbox::Simulation;

std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string rect(const std::string& id, DVec2 pos, DVec2 size, const std::string& body) {
  return R"({"id": ")" + id + R"(", "kind": "rect", "pos": [)" + num(pos.x) + ", " + num(pos.y) +
         R"(], "size": [)" + num(size.x) + ", " + num(size.y) + R"(], "body": )" + body + "}";
}

const std::string kDynamic = R"({"type": "dynamic", "friction": 0.6})";
const std::string kStatic = R"({"type": "static", "friction": 0.6})";

// A pyramid of `rows` rows of 20 px boxes centred on x, standing on y = 500; ids P<x>_<k>.
std::string pyramid(double x, int rows) {
  std::string out;
  int k = 0;
  for (int row = 0; row < rows; ++row) {
    for (int i = 0; i < rows - row; ++i) {
      const DVec2 at(x + (i - (rows - 1 - row) / 2.0) * 20.0, 490.0 - row * 20.0);
      out += ", " + rect("P" + num(x) + "_" + std::to_string(k++), at, {20, 20}, kDynamic);
    }
  }
  return out;
}

Scene scene_of(const std::string& shapes, const std::string& world_extra = "") {
  return hitbox::parse_scene(R"({"version": 1, "world": {"gravity": [0, 980])" + world_extra +
                                 R"(}, "shapes": [)" +
                                 rect("floor", {0, 520}, {4000, 40}, kStatic) + shapes + "]}",
                             "sleep.json");
}

int index_of(const Simulation& sim, const std::string& id) {
  for (std::size_t i = 0; i < sim.scene.shapes.size(); ++i) {
    if (sim.scene.shapes[i].id == id) return static_cast<int>(i);
  }
  ADD_FAILURE() << "no shape " << id;
  return -1;
}

// How many shapes whose id starts with `prefix` are asleep, and how many there are.
std::pair<int, int> asleep_of(const Simulation& sim, const std::string& prefix) {
  int asleep = 0, all = 0;
  for (std::size_t i = 0; i < sim.scene.shapes.size(); ++i) {
    if (sim.scene.shapes[i].id.rfind(prefix, 0) != 0) continue;
    ++all;
    asleep += hitbox::sim_asleep(sim, static_cast<int>(i));
  }
  return {asleep, all};
}

// Two pyramids of 3 rows (6 boxes each) 400 px apart, and a ball resting between them: three
// islands, all asleep after 3 s.
Simulation two_islands() {
  Simulation sim = hitbox::make_simulation(
      scene_of(pyramid(-200, 3) + pyramid(200, 3) +
               R"(, {"id": "ball", "kind": "circle", "pos": [0, 490], "radius": 10, "body": )" +
               kDynamic + "}"));
  hitbox::sim_run(&sim, 3.0);
  EXPECT_EQ(asleep_of(sim, "P-200_"), std::make_pair(6, 6));
  EXPECT_EQ(asleep_of(sim, "P200_"), std::make_pair(6, 6));
  EXPECT_TRUE(hitbox::sim_asleep(sim, index_of(sim, "ball")));
  return sim;
}

TEST(SimSleep, PyramidOfTwentyRowsFallsAsleepAndStandsAsAtHalfASecond) {
  Simulation sim = hitbox::make_simulation(scene_of(pyramid(0, 20)));
  hitbox::sim_run(&sim, 0.5);
  const Scene half = sim.scene;
  SimStats stats;
  for (int k = 0; k < 1140; ++k) stats = hitbox::sim_step(&sim);  // to 10 s
  EXPECT_EQ(stats.sleeping, 210);
  EXPECT_EQ(stats.awake, 0);
  // Asleep, a step finds no pairs and makes no contacts.
  EXPECT_EQ(stats.contacts, 0);
  EXPECT_EQ(stats.narrow_tests, 0);
  double moved = 0.0, turned = 0.0;
  for (std::size_t i = 1; i < sim.scene.shapes.size(); ++i) {
    moved = std::max(moved, glm::length(sim.scene.shapes[i].pos - half.shapes[i].pos));
    turned = std::max(turned, std::abs(sim.scene.shapes[i].angle - half.shapes[i].angle));
    EXPECT_EQ(sim.scene.shapes[i].body->velocity, DVec2(0.0, 0.0));
  }
  EXPECT_LT(moved, 2.0) << "a box moved " << moved << " px from its pose at 0.5 s";
  EXPECT_LT(turned, 2.0) << "a box turned " << turned << " degrees";
}

TEST(SimSleep, ABallRolledIntoTheSleepingPyramidMovesTheBoxesItHits) {
  Simulation sim = hitbox::make_simulation(scene_of(
      pyramid(0, 20) +
      R"(, {"id": "ball", "kind": "circle", "pos": [-600, 470], "radius": 30, "body": {"type": "dynamic", "density": 4}})"));
  hitbox::sim_run(&sim, 5.0);
  ASSERT_EQ(asleep_of(sim, "P0_"), std::make_pair(210, 210));
  const Scene before = sim.scene;
  const int ball = index_of(sim, "ball");
  sim.scene.shapes[static_cast<std::size_t>(ball)].body->velocity = DVec2(800.0, 0.0);
  hitbox::sim_reload(&sim);  // the edit wakes the ball alone
  EXPECT_FALSE(hitbox::sim_asleep(sim, ball));
  EXPECT_EQ(asleep_of(sim, "P0_").first, 210);
  hitbox::sim_run(&sim, 1.0);
  // The lowest row's left end (P0_0) and its neighbour were struck.
  for (const char* id : {"P0_0", "P0_1"}) {
    const int i = index_of(sim, id);
    const double moved = glm::length(sim.scene.shapes[static_cast<std::size_t>(i)].pos -
                                     before.shapes[static_cast<std::size_t>(i)].pos);
    EXPECT_GT(moved, 1.0) << id << " moved " << moved << " px";
  }
}

TEST(SimSleep, ATouchWakesTheIslandItHitsAndNotTheOther) {
  Simulation sim = two_islands();
  const int ball = index_of(sim, "ball");
  sim.scene.shapes[static_cast<std::size_t>(ball)].body->velocity = DVec2(-400.0, 0.0);
  hitbox::sim_reload(&sim);
  bool left_woke = false;
  for (int k = 0; k < 120; ++k) {
    hitbox::sim_step(&sim);
    left_woke = left_woke || asleep_of(sim, "P-200_").first == 0;
    ASSERT_EQ(asleep_of(sim, "P200_").first, 6) << "step " << k;
  }
  EXPECT_TRUE(left_woke);
}

TEST(SimSleep, AnEditWakesTheEditedIslandAndNotTheOther) {
  Simulation sim = two_islands();
  sim.scene.shapes[static_cast<std::size_t>(index_of(sim, "P-200_5"))].pos.y -= 10.0;  // the top
  hitbox::sim_reload(&sim);
  EXPECT_EQ(asleep_of(sim, "P-200_").first, 0);
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
  EXPECT_TRUE(hitbox::sim_asleep(sim, index_of(sim, "ball")));
  // A reload with nothing edited wakes nothing.
  hitbox::sim_run(&sim, 3.0);
  EXPECT_EQ(asleep_of(sim, "P-200_").first, 6);
  hitbox::sim_reload(&sim);
  EXPECT_EQ(asleep_of(sim, "P-200_").first, 6);
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
}

TEST(SimSleep, AStaticShapeAddedBesideAnIslandWakesIt) {
  Simulation sim = two_islands();
  Scene edited = sim.scene;
  edited.shapes.push_back(
      hitbox::parse_scene(
          R"({"version": 1, "shapes": [)" + rect("wall", {165, 480}, {20, 40}, kStatic) + "]}",
          "wall.json")
          .shapes[0]);
  sim.scene = edited;
  hitbox::sim_reload(&sim);
  EXPECT_EQ(asleep_of(sim, "P200_").first, 0);
  EXPECT_EQ(asleep_of(sim, "P-200_").first, 6);
}

TEST(SimSleep, AGrabWakesTheIslandItTakesAndNotTheOther) {
  Simulation sim = two_islands();
  const int top = index_of(sim, "P200_5");
  ASSERT_TRUE(hitbox::sim_grab(&sim, top, hitbox::Vec2(sim.scene.shapes[std::size_t(top)].pos)));
  EXPECT_EQ(asleep_of(sim, "P200_").first, 0);
  EXPECT_EQ(asleep_of(sim, "P-200_").first, 6);
  // Held, it does not fall asleep again; let go and left alone, it does.
  hitbox::sim_run(&sim, 2.0);
  EXPECT_FALSE(hitbox::sim_asleep(sim, top));
  hitbox::sim_release(&sim);
  hitbox::sim_run(&sim, 3.0);
  EXPECT_TRUE(hitbox::sim_asleep(sim, top));
}

TEST(SimSleep, RemovingTheBodyAnIslandRestsOnWakesIt) {
  Simulation sim = hitbox::make_simulation(
      scene_of(", " + rect("T0", {-200, 490}, {20, 20}, kDynamic) + ", " +
               rect("T1", {-200, 470}, {20, 20}, kDynamic) + pyramid(200, 3)));
  hitbox::sim_run(&sim, 2.0);
  ASSERT_EQ(asleep_of(sim, "T"), std::make_pair(2, 2));
  Scene edited = sim.scene;
  edited.shapes.erase(edited.shapes.begin() + index_of(sim, "T0"));
  sim.scene = edited;
  hitbox::sim_reload(&sim);
  const int top = index_of(sim, "T1");
  EXPECT_FALSE(hitbox::sim_asleep(sim, top));
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
  const double was = sim.scene.shapes[std::size_t(top)].pos.y;
  hitbox::sim_run(&sim, 0.5);
  EXPECT_NEAR(sim.scene.shapes[std::size_t(top)].pos.y - was, 20.0, 0.5) << "fell to the floor";
}

TEST(SimSleep, RemovingTheStaticAnIslandRestsOnWakesIt) {
  Simulation sim = hitbox::make_simulation(
      scene_of(", " + rect("shelf", {-200, 300}, {100, 20}, kStatic) + ", " +
               rect("book", {-200, 280}, {20, 20}, kDynamic) + pyramid(200, 3)));
  hitbox::sim_run(&sim, 2.0);
  const int book = index_of(sim, "book");
  ASSERT_TRUE(hitbox::sim_asleep(sim, book));
  Scene edited = sim.scene;
  edited.shapes.erase(edited.shapes.begin() + index_of(sim, "shelf"));
  sim.scene = edited;
  hitbox::sim_reload(&sim);
  const int now = index_of(sim, "book");
  EXPECT_FALSE(hitbox::sim_asleep(sim, now));
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
  hitbox::sim_run(&sim, 0.5);
  EXPECT_GT(sim.scene.shapes[std::size_t(now)].pos.y, 400.0) << "the book fell to the floor";
}

TEST(SimSleep, OffInTheSceneOrTheOptionsNothingSleeps) {
  for (const bool in_scene : {true, false}) {
    hitbox::SimOptions o;
    o.sleep = in_scene;
    Simulation sim =
        hitbox::make_simulation(scene_of(pyramid(0, 3), in_scene ? R"(, "sleep": false)" : ""), o);
    SimStats stats;
    for (int k = 0; k < 480; ++k) stats = hitbox::sim_step(&sim);
    EXPECT_EQ(stats.sleeping, 0);
    EXPECT_EQ(stats.awake, 6);
    EXPECT_GT(stats.contacts, 0);
  }
}

TEST(SimSleep, TheSameSceneGivesTheSameBytesWithSleepingOnAndOff) {
  for (const bool sleep : {true, false}) {
    hitbox::SimOptions o;
    o.sleep = sleep;
    const Scene start = scene_of(pyramid(-200, 6) + pyramid(200, 4));
    Simulation a = hitbox::make_simulation(start, o), b = hitbox::make_simulation(start, o);
    hitbox::sim_run(&a, 4.0);
    hitbox::sim_run(&b, 4.0);
    EXPECT_EQ(hitbox::scene_to_json(a.scene), hitbox::scene_to_json(b.scene));
  }
}

TEST(SimSleep, TheSceneKeySleepRoundTripsAndIsChecked) {
  const Scene off = scene_of("", R"(, "sleep": false)");
  EXPECT_FALSE(off.world->sleep);
  EXPECT_NE(hitbox::scene_to_json(off).find(R"("sleep": false)"), std::string::npos);
  EXPECT_EQ(hitbox::parse_scene(hitbox::scene_to_json(off), "again.json"), off);
  // On is the default and is not written, so older scenes save as they did.
  EXPECT_EQ(hitbox::scene_to_json(scene_of("")).find("sleep"), std::string::npos);
  try {
    scene_of("", R"(, "sleep": 1)");
    ADD_FAILURE() << "\"sleep\": 1 was accepted";
  } catch (const hitbox::SceneError& e) {
    EXPECT_EQ(e.field(), "world.sleep") << e.what();
  }
}

TEST(SimSleep, SetVelocityWakesItsIslandAndNotTheOther) {
  Simulation sim = two_islands();
  const int top = index_of(sim, "P200_5");
  ASSERT_TRUE(hitbox::sim_set_velocity(&sim, top, DVec2(0.0, -50.0)));
  EXPECT_EQ(asleep_of(sim, "P200_").first, 0);
  EXPECT_EQ(asleep_of(sim, "P-200_").first, 6);
  EXPECT_TRUE(hitbox::sim_asleep(sim, index_of(sim, "ball")));
  hitbox::sim_step(&sim);
  EXPECT_LT(sim.scene.shapes[std::size_t(top)].body->velocity.y, 0.0) << "it was thrown up";
  EXPECT_EQ(asleep_of(sim, "P-200_").first, 6);
}

// A stack of three on a static shelf, a pyramid on the floor apart from it, and a static post
// far from both; all asleep.
Simulation shelf_and_pyramid() {
  Simulation sim = hitbox::make_simulation(
      scene_of(", " + rect("shelf", {-200, 300}, {100, 20}, kStatic) + ", " +
               rect("T0", {-200, 280}, {20, 20}, kDynamic) + ", " +
               rect("T1", {-200, 260}, {20, 20}, kDynamic) + ", " +
               rect("T2", {-200, 240}, {20, 20}, kDynamic) + ", " +
               R"({"id": "post", "kind": "rect", "pos": [-1000, 300], "size": [20, 20]})" +
               pyramid(200, 3)));
  hitbox::sim_run(&sim, 3.0);
  EXPECT_EQ(asleep_of(sim, "T"), std::make_pair(3, 3));
  EXPECT_EQ(asleep_of(sim, "P200_"), std::make_pair(6, 6));
  return sim;
}

TEST(SimSleep, MovingTheShelfUnderASleepingStackWakesItAndItFollows) {
  Simulation sim = shelf_and_pyramid();
  const int shelf = index_of(sim, "shelf");
  const double was = sim.scene.shapes[std::size_t(index_of(sim, "T0"))].pos.y;
  ASSERT_TRUE(hitbox::sim_move_static(&sim, shelf, DVec2(-200.0, 310.0)));
  EXPECT_EQ(asleep_of(sim, "T").first, 0);
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
  hitbox::sim_run(&sim, 1.0);
  EXPECT_NEAR(sim.scene.shapes[std::size_t(index_of(sim, "T0"))].pos.y - was, 10.0, 0.5)
      << "the stack came down onto the shelf";
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
}

TEST(SimSleep, MovingAStaticFarFromAnIslandLeavesItAsleep) {
  Simulation sim = shelf_and_pyramid();
  const int post = index_of(sim, "post");
  ASSERT_TRUE(hitbox::sim_move_static(&sim, post, DVec2(-1000.0, 200.0)));
  ASSERT_TRUE(hitbox::sim_move_static(&sim, post, DVec2(-600.0, 490.0)));  // on the floor
  EXPECT_EQ(asleep_of(sim, "T").first, 3);
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
  // Nor does a move to where the shelf already is.
  const int shelf = index_of(sim, "shelf");
  ASSERT_TRUE(hitbox::sim_move_static(&sim, shelf, sim.scene.shapes[std::size_t(shelf)].pos));
  EXPECT_EQ(asleep_of(sim, "T").first, 3);
  for (int k = 0; k < 60; ++k) hitbox::sim_step(&sim);
  EXPECT_EQ(asleep_of(sim, "T").first, 3);
  EXPECT_EQ(asleep_of(sim, "P200_").first, 6);
}

TEST(SimSleep, MovingAStaticIntoAnIslandWakesItAndNotTheOther) {
  Simulation sim = shelf_and_pyramid();
  // The post was by neither island; now its side is 2 px into the pyramid's bottom-left box
  // (x from 170 to 190).
  ASSERT_TRUE(hitbox::sim_move_static(&sim, index_of(sim, "post"), DVec2(162.0, 490.0)));
  EXPECT_EQ(asleep_of(sim, "P200_").first, 0);
  EXPECT_EQ(asleep_of(sim, "T").first, 3);
}

}  // namespace
