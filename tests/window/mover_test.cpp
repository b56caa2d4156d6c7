// The Mover tool (app/sandbox/mover.cpp) without a window: keys held over fixed steps walk,
// jump and land the capsule and stop it at a wall; while playing it pushes a dynamic box;
// the mistakes switch's ghosts jitter in a corner and pass a thin wall where the mover does
// not. Positions are checked against the scene's numbers worked by hand.
#include "hitbox/mover.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "hitbox/scene.h"
#include "sandbox/state.h"

namespace hitbox::window_test {
namespace {

using app::SandboxState;

constexpr double kRest = 0.5 * kMoverSkin;  // the gap the mover rests at

Shape rect(const std::string& id, DVec2 pos, DVec2 size) {
  Shape s;
  s.id = id;
  s.kind = Kind::Rect;
  s.pos = pos;
  s.size = size;
  return s;
}

// A standing capsule: core from y - 16 to y + 16, radius 14 (feet at y + 30).
Shape hero(DVec2 pos) {
  Shape s;
  s.id = "hero";
  s.kind = Kind::Capsule;
  s.pos = pos;
  s.points = {DVec2(0, -16), DVec2(0, 16)};
  s.radius = 14;
  return s;
}

// A floor with its top at y = 400 (x from 0 to 1000) and a wall whose left face is x = 700.
Scene room() {
  Scene sc;
  sc.shapes = {rect("floor", {500, 420}, {1000, 40}), rect("wall", {720, 300}, {40, 200}),
               hero({200, 300})};
  return sc;
}

void load(SandboxState& s, Scene sc) {
  s.doc.scene = std::move(sc);
  s.doc.repose();
  s.doc.changed();
}

SDL_KeyboardEvent key(SDL_Keycode k) {
  SDL_KeyboardEvent e{};
  e.keysym.sym = k;
  return e;
}

DVec2 pos(const SandboxState& s) {
  return s.doc.shape(s.mover_index()).pos;
}

void ticks(SandboxState& s, int n) {
  for (int i = 0; i < n; ++i) s.mover_tick();
}

TEST(MoverTool, FallsWalksJumpsAndStopsAtAWall) {
  SandboxState s;
  load(s, room());
  EXPECT_FALSE(s.key_down(key(SDLK_a)));  // off: the keys are not the mover's
  ASSERT_EQ(s.mover_start(s.doc.scene.find("hero")), "");
  ASSERT_EQ(s.mover_index(), 2);

  // Lands on the floor: feet (y + 30) half the skin above y = 400, the floor's plane ground.
  ticks(s, 90);
  EXPECT_TRUE(s.mover.run.body.on_ground);
  EXPECT_NEAR(pos(s).y + 30.0, 400.0 - kRest, 0.05);
  EXPECT_EQ(pos(s).x, 200.0);
  ASSERT_FALSE(s.mover.run.last.planes.empty());
  EXPECT_TRUE(mover_ground(s.mover.run.last.planes.front()));

  // D held for one second walks walk_speed px right, on the floor; let go, it stops.
  EXPECT_TRUE(s.key_down(key(SDLK_d)));
  ticks(s, 60);
  EXPECT_NEAR(pos(s).x, 200.0 + s.mover.walk_speed, 0.5);
  EXPECT_NEAR(pos(s).y + 30.0, 400.0 - kRest, 0.05);
  EXPECT_TRUE(s.key_up(key(SDLK_d)));
  const double x = pos(s).x;
  ticks(s, 10);
  EXPECT_EQ(pos(s).x, x);
  EXPECT_EQ(s.doc.count(), 3);  // D without Ctrl duplicated nothing

  // Space jumps: up by v^2 / 2g (90 px at 420 px/s and 980 px/s^2), then down again.
  EXPECT_TRUE(s.key_down(key(SDLK_SPACE)));
  double top = pos(s).y;
  for (int i = 0; i < 60; ++i) {
    s.mover_tick();
    top = std::min(top, pos(s).y);
  }
  const double rise = 400.0 - kRest - 30.0 - top;
  EXPECT_NEAR(rise, 420.0 * 420.0 / (2 * 980.0), 8.0);
  EXPECT_TRUE(s.mover.run.body.on_ground);
  EXPECT_NEAR(pos(s).y + 30.0, 400.0 - kRest, 0.05);
  // In the air, Space does nothing: a jump needs ground.
  s.mover.run.body.on_ground = false;
  s.mover.run.body.velocity = Vec2(0.0f, 0.0f);
  s.key_down(key(SDLK_SPACE));
  s.mover_tick();
  EXPECT_GE(pos(s).y + 30.0, 400.0 - kRest - 0.05);

  // Right arrow held: walks to the wall at x = 700 and stays there, half the skin off it.
  s.key_down(key(SDLK_RIGHT));
  ticks(s, 200);
  std::vector<double> xs;
  for (int i = 0; i < 10; ++i) {
    s.mover_tick();
    xs.push_back(pos(s).x);
  }
  EXPECT_NEAR(xs.back() + 14.0, 700.0 - kRest, 0.05);
  for (const double v : xs) EXPECT_EQ(v, xs.back());
}

TEST(MoverTool, StepModeFreezesTheMoverAndWalksThePasses) {
  SandboxState s;
  load(s, room());
  ASSERT_EQ(s.mover_start(2), "");
  ticks(s, 90);
  s.key_down(key(SDLK_d));
  s.mover_tick();
  ASSERT_FALSE(s.mover.trace.passes.empty());
  s.mover.step.on = true;
  const DVec2 at = pos(s);
  s.mover_advance(1.0);
  EXPECT_EQ(pos(s), at);  // frozen
  EXPECT_TRUE(s.key_down(key(SDLK_n)));
  EXPECT_EQ(s.mover.step.step, 1);
  EXPECT_TRUE(s.key_down(key(SDLK_LEFT)));
  EXPECT_EQ(s.mover.step.step, 0);
}

TEST(MoverTool, RefusesWhatIsNotACapsule) {
  SandboxState s;
  load(s, room());
  EXPECT_EQ(s.mover_start(0), "\"floor\" is a rect, not a capsule");
  EXPECT_EQ(s.mover_index(), -1);
  // The tool's button with no capsule selected makes one and walks it.
  s.select(0);
  s.mover_toggle();
  ASSERT_EQ(s.doc.count(), 4);
  EXPECT_EQ(s.mover_index(), 3);
  EXPECT_EQ(s.doc.shape(3).kind, Kind::Capsule);
  s.mover_toggle();
  EXPECT_EQ(s.mover_index(), -1);
}

TEST(MoverTool, MTurnsItOnForTheSelectedCapsuleAndOff) {
  SandboxState s;
  load(s, room());
  s.select(2);
  EXPECT_TRUE(s.key_down(key(SDLK_m)));
  s.apply_requests();
  EXPECT_EQ(s.mover_index(), 2);
  EXPECT_EQ(s.doc.count(), 3);  // the selected capsule, no new one
  EXPECT_TRUE(s.key_down(key(SDLK_m)));
  s.apply_requests();
  EXPECT_EQ(s.mover_index(), -1);
}

TEST(MoverTool, PushesADynamicBoxWhilePlaying) {
  SandboxState s;
  Scene sc = room();
  sc.world = World{};
  sc.world->gravity = DVec2(0, 980);
  Shape box = rect("box", {300, 380}, {40, 40});
  box.body = BodySpec{};
  sc.shapes.push_back(box);
  load(s, sc);
  ASSERT_EQ(s.mover_start(2), "");
  s.play.fixed_steps_per_frame = 2;
  s.mover.fixed_steps_per_frame = 1;
  s.play_start();
  ASSERT_TRUE(s.play_running());
  for (int i = 0; i < 60; ++i) {  // the mover lands and the box settles
    s.mover_advance(0.0);
    s.play_advance(0.0);
  }
  const double box_x = s.doc.shape(3).pos.x;
  EXPECT_NEAR(box_x, 300.0, 1.0);
  s.key_down(key(SDLK_d));
  for (int i = 0; i < 90; ++i) {
    s.mover_advance(0.0);
    s.play_advance(0.0);
  }
  // The simulation heard of the mover's moves and pushes by sim_move_static and
  // sim_set_velocity: it was never re-read whole.
  EXPECT_EQ(s.play.reloads, 0u);
  // The box was pushed along: well right of where it was, and still ahead of the mover.
  EXPECT_GT(s.doc.shape(3).pos.x, box_x + 40.0);
  EXPECT_GT(s.doc.shape(3).pos.x, pos(s).x);
  EXPECT_GT(pos(s).x, 250.0);
}

TEST(MoverTool, MistakesJitterInACornerAndPassAThinWall) {
  SandboxState s;
  load(s, room());
  ASSERT_EQ(s.mover_start(2), "");
  ticks(s, 90);
  s.mover.run.mistakes = true;
  s.key_down(key(SDLK_d));
  ticks(s, 200);  // in the corner of the floor and the wall
  std::vector<Vec2> method, mtd;
  for (int i = 0; i < 10; ++i) {
    s.mover_tick();
    method.push_back(Vec2(pos(s)));
    mtd.push_back(s.mover.run.ghosts[0].capsule.center1);
  }
  int method_moves = 0, mtd_moves = 0;
  for (std::size_t i = 1; i < method.size(); ++i) {
    method_moves += method[i] != method[i - 1];
    mtd_moves += mtd[i] != mtd[i - 1];
  }
  EXPECT_EQ(method_moves, 0);
  EXPECT_GE(mtd_moves, 5);  // MTD only: the ghost jitters

  // Fast (3000 px/s, 50 px a step from x = 200) at a wall 1 px thick from x = 680 to 681:
  // the step from 650 to 700 takes the ghost with no cast through it.
  Scene thin = room();
  thin.shapes[1] = rect("wall", {680.5, 300}, {1, 200});
  load(s, thin);
  s.mover.walk_speed = 3000.0f;
  s.mover.run.ghosts_placed = false;
  s.mover.world_version = ~std::uint64_t{0};
  ticks(s, 40);
  EXPECT_NEAR(pos(s).x + 14.0, 680.0 - kRest, 0.05);                   // the mover stops at it
  EXPECT_GT(s.mover.run.ghosts[1].capsule.center1.x - 14.0f, 681.0f);  // no cast: past it
}

TEST(MoverTool, WithoutClippingItSlidesDownASlope) {
  // A 30-degree slope rising to the right; the mover dropped onto it and left alone.
  Scene sc = room();
  Shape slope;
  slope.id = "slope";
  slope.kind = Kind::Polygon;
  slope.pos = {300, 400};
  slope.points = {{-200, 0}, {200, -230.94}, {200, 0}};  // 400 px across, 400 tan 30 up
  sc.shapes.push_back(slope);
  sc.shapes[2].pos = {300, 200};  // feet 55 px above the slope
  SandboxState s;
  load(s, sc);
  ASSERT_EQ(s.mover_start(2), "");
  ticks(s, 60);
  ASSERT_TRUE(s.mover.run.body.on_ground);
  const DVec2 at = pos(s);
  s.mover.run.mistakes = true;  // the ghosts start here, at rest
  ticks(s, 30);
  EXPECT_EQ(pos(s), at);  // the method stands on the slope
  // No clip: the fall it keeps is turned along the slope, down to the left, faster and faster.
  EXPECT_LT(s.mover.run.ghosts[2].capsule.center1.x, float(at.x) - 20.0f);
}

}  // namespace
}  // namespace hitbox::window_test
