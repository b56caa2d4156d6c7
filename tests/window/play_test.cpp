// Every colliding pair and play mode in the window (app/sandbox/pairs.cpp, play.cpp): the
// sandbox's pairs against a reference worked out by a different method (centre distances and
// interval overlap on the shapes' own numbers, not SAT), Play / Pause / Step / Reset and
// paused editing against the core's simulation run directly, the inspector's body fields
// refused through shape_problem, and offscreen renders of the real binary checked by pixels:
// every colliding shape in the hit colour, shapes at rest on the floor after --play-seconds,
// and --play screenshots that repeat.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../support/run_binary.h"
#include "hitbox/algorithms.h"
#include "hitbox/scene.h"
#include "hitbox/simulation.h"
#include "pixels.h"
#include "sandbox/state.h"

namespace hitbox::window_test {
namespace {

namespace fs = std::filesystem;
using app::SandboxState;

// ---- a scene of axis-aligned rects and circles, and which pairs overlap, by hand ----

struct RefShape {
  bool circle = false;
  double x = 0, y = 0, hw = 0, hh = 0, r = 0;  // world numbers (scale applied)
};

// Signed clearance between two shapes (< 0: they overlap by that much), worked out from
// centre distances and interval overlaps, not by SAT.
double clearance(const RefShape& a, const RefShape& b) {
  if (a.circle && b.circle) return std::hypot(a.x - b.x, a.y - b.y) - a.r - b.r;
  if (!a.circle && !b.circle) {
    const double gx = std::abs(a.x - b.x) - a.hw - b.hw;
    const double gy = std::abs(a.y - b.y) - a.hh - b.hh;
    if (gx < 0 && gy < 0) return std::max(gx, gy);
    return std::hypot(std::max(gx, 0.0), std::max(gy, 0.0));
  }
  const RefShape& c = a.circle ? a : b;
  const RefShape& r = a.circle ? b : a;
  const double dx = std::abs(c.x - r.x) - r.hw, dy = std::abs(c.y - r.y) - r.hh;
  if (dx < 0 && dy < 0) return std::max(dx, dy) - c.r;  // centre inside the rect
  return std::hypot(std::max(dx, 0.0), std::max(dy, 0.0)) - c.r;
}

// n shapes, none within 0.2 px of touching another (so "touching" never decides a pair).
Scene random_scene(std::mt19937& rng, int n, std::vector<RefShape>* ref) {
  std::uniform_real_distribution<double> pos(0.0, 400.0), size(4.0, 60.0), unit(0.0, 1.0);
  Scene sc;
  ref->clear();
  while (static_cast<int>(sc.shapes.size()) < n) {
    Shape s;
    s.id = "s" + std::to_string(sc.shapes.size());
    RefShape r;
    r.circle = unit(rng) < 0.5;
    s.kind = r.circle ? Kind::Circle : Kind::Rect;
    s.pos = {pos(rng), pos(rng)};
    s.scale = unit(rng) < 0.3 ? 0.5 + 2.0 * unit(rng) : 1.0;
    s.mirror_x = unit(rng) < 0.5;
    s.mirror_y = unit(rng) < 0.5;
    s.angle = unit(rng) < 0.5 ? 0.0 : 180.0;  // still axis-aligned
    r.x = s.pos.x;
    r.y = s.pos.y;
    if (r.circle) {
      s.radius = 0.5 * size(rng);
      r.r = s.radius * s.scale;
    } else {
      s.size = {size(rng), size(rng)};
      r.hw = 0.5 * s.size.x * s.scale;
      r.hh = 0.5 * s.size.y * s.scale;
    }
    bool near = false;
    for (const RefShape& o : *ref) near = near || std::abs(clearance(r, o)) < 0.2;
    if (near) continue;
    ref->push_back(r);
    sc.shapes.push_back(s);
  }
  return sc;
}

SandboxState state_of(const Scene& sc) {
  SandboxState s;
  s.doc.scene = sc;
  s.doc.repose();
  return s;
}

TEST(CollidingPairs, EveryOverlappingPairAndNoOtherAcrossThousandsOfScenes) {
  std::mt19937 rng(1313);
  int scenes = 0, hits = 0;
  for (int round = 0; round < 2000; ++round) {
    std::vector<RefShape> ref;
    const int n = 2 + static_cast<int>(rng() % 30);
    SandboxState s = state_of(random_scene(rng, n, &ref));
    s.algos = kAlgoSat;
    s.cache.pairs.broad.method = hitbox::kBroadMethods[round % 3];
    s.find_pairs();
    ASSERT_EQ(s.cache.pairs.algo, kAlgoSat);
    std::set<std::pair<int, int>> want, got;
    std::vector<std::uint8_t> want_hit(static_cast<std::size_t>(n), 0);
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (clearance(ref[static_cast<std::size_t>(a)], ref[static_cast<std::size_t>(b)]) < 0) {
          want.insert({a, b});
          want_hit[static_cast<std::size_t>(a)] = want_hit[static_cast<std::size_t>(b)] = 1;
        }
    for (const BroadPair& p : s.cache.pairs.hits) got.insert({p.a, p.b});
    ASSERT_EQ(got, want) << "round " << round;
    ASSERT_EQ(s.cache.pairs.hit, want_hit) << "round " << round;
    // The narrow phase ran only on candidates, and every colliding pair was one.
    EXPECT_LE(s.cache.pairs.narrow_tests, static_cast<int>(s.cache.pairs.candidates.size()));
    EXPECT_EQ(s.cache.pairs.stats.all_pairs, static_cast<std::int64_t>(n) * (n - 1) / 2);
    ++scenes;
    hits += static_cast<int>(want.size());
  }
  EXPECT_EQ(scenes, 2000);
  EXPECT_GT(hits, 2000);  // the scenes do collide
}

TEST(CollidingPairs, TheHitColourAlgorithmDecides) {
  // Two circles whose boxes overlap but which do not: aabb says hit, sat says miss.
  Scene sc;
  Shape a;
  a.id = "a";
  a.kind = Kind::Circle;
  a.radius = 25.0;
  a.pos = {100.0, 100.0};
  Shape b = a;
  b.id = "b";
  b.pos = {140.0, 140.0};  // 56.6 apart, radii 50
  sc.shapes = {a, b};
  SandboxState s = state_of(sc);
  s.algos = kAlgoSat | kAlgoAabb;
  s.find_pairs();  // auto: sat, the more exact
  EXPECT_EQ(s.cache.pairs.algo, kAlgoSat);
  EXPECT_EQ(s.cache.pairs.candidates.size(), 1u);
  EXPECT_TRUE(s.cache.pairs.hits.empty());
  s.colour_algo = kAlgoAabb;
  s.find_pairs();
  EXPECT_EQ(s.cache.pairs.algo, kAlgoAabb);
  EXPECT_EQ(s.cache.pairs.hits.size(), 1u);
}

// ---- play mode ----

Scene drop_scene() {
  Scene sc;
  sc.world = World{DVec2(0.0, 980.0)};
  Shape floor;
  floor.id = "floor";
  floor.kind = Kind::Rect;
  floor.pos = {400.0, 560.0};
  floor.size = {600.0, 40.0};
  Shape box;
  box.id = "box";
  box.kind = Kind::Rect;
  box.pos = {300.0, 100.0};
  box.size = {40.0, 40.0};
  box.body = BodySpec{};
  sc.shapes = {floor, box};
  return sc;
}

TEST(PlayMode, ResetGoesBackAsOneUndoStep) {
  const Scene start = drop_scene();
  SandboxState s = state_of(start);
  s.play.fixed_steps_per_frame = 3;
  s.play_start();
  ASSERT_TRUE(s.play.playing);
  for (int f = 0; f < 20; ++f) s.play_advance(1.0 / 60.0);
  EXPECT_EQ(s.play.steps, 60);
  const Scene played = s.doc.scene;
  // Free fall for 0.5 s from rest: y = 100 + g t^2 / 2 = 222.5 (a fixed step's Euler adds
  // g h t / 2: 1 px here).
  EXPECT_NEAR(played.shapes[1].pos.y, 100.0 + 0.5 * 980.0 * 0.25, 3.0);
  s.play_reset();
  EXPECT_FALSE(s.play.playing);
  EXPECT_TRUE(s.doc.scene == start);
  ASSERT_TRUE(s.doc.history.undo(s.doc.scene, s.doc.version));
  EXPECT_TRUE(s.doc.scene.shapes == played.shapes);  // Undo shows where the shapes had got to
  EXPECT_FALSE(s.doc.history.can_undo());            // ...and that was the only step
}

TEST(PlayMode, EditingWhilePausedIsWhatTheCoreSimulates) {
  SandboxState s = state_of(drop_scene());
  s.play.fixed_steps_per_frame = 2;
  s.play_start();
  for (int f = 0; f < 10; ++f) s.play_advance(0.0);
  s.play_pause();
  Shape moved = s.doc.shape(1);
  moved.pos = {200.0, 50.0};
  ASSERT_TRUE(s.edit_shape(1, moved));
  const Scene edited = s.doc.scene;
  s.play_step();
  // The same step of the core's simulation on the edited scene, run directly.
  Simulation direct = make_simulation(edited);
  sim_step(&direct);
  EXPECT_TRUE(s.doc.scene.shapes == direct.scene.shapes);
  EXPECT_NEAR(s.doc.shape(1).pos.x, 200.0, 1e-9);
}

TEST(PlayMode, TheAccumulatorRunsWholeStepsAndIsCapped) {
  SandboxState s = state_of(drop_scene());
  s.play_start();
  s.play_advance(3.5 / 120.0);
  EXPECT_EQ(s.play.steps, 3);
  s.play_advance(0.6 / 120.0);  // 0.5 + 0.6 left: one more
  EXPECT_EQ(s.play.steps, 4);
  s.play_advance(2.0);  // a stalled frame: at most kMaxStepsPerFrame, the rest dropped
  EXPECT_EQ(s.play.steps, 4 + app::kMaxStepsPerFrame);
  s.play_advance(0.0);
  EXPECT_EQ(s.play.steps, 4 + app::kMaxStepsPerFrame);
}

TEST(PlayMode, TheInspectorRefusesABadBodyField) {
  SandboxState s = state_of(drop_scene());
  s.select(1);
  Shape w = s.doc.shape(1);
  w.body->restitution = 2.0;
  s.ask_inspector(w);  // as the panel does; applied at the frame's edit point
  s.apply_requests();
  EXPECT_NE(s.insp.error.find("body.restitution"), std::string::npos) << s.insp.error;
  EXPECT_EQ(s.doc.shape(1).body->restitution, 0.0);
  w.body->restitution = 0.5;
  w.body->velocity = {10.0, -20.0};
  s.ask_inspector(w);
  s.apply_requests();
  EXPECT_TRUE(s.insp.error.empty());
  EXPECT_EQ(s.doc.shape(1).body->velocity, DVec2(10.0, -20.0));
  w.body->type = BodyType::Static;  // a static body's velocity must be zero
  s.ask_inspector(w);
  s.apply_requests();
  EXPECT_FALSE(s.insp.error.empty());
}

// Lesson 4's Play moment: the box (36,000 px/s, 20 px wide) against the 8 px wall at x 696..704.
TEST(PlayMode, LessonFourTunnelsOnlyWithoutTheSweptGuard) {
  const Scene lesson = load_scene(std::string(HITBOX_SOURCE_DIR) +
                                  "/assets/scenes/lessons/04_tunnelling_and_swept.json");
  for (const bool guard : {true, false}) {
    SandboxState s = state_of(lesson);
    s.play.swept = guard;
    s.play.fixed_steps_per_frame = 2;
    s.play_start();
    for (int f = 0; f < 6; ++f) s.play_advance(0.0);  // 0.1 s: 3,600 px at full speed
    const int box = s.doc.scene.find("box");
    ASSERT_GE(box, 0);
    if (guard)
      EXPECT_LE(s.doc.shape(box).pos.x + 10.0, 696.0 + 0.5) << "the box stops at the wall";
    else
      EXPECT_GT(s.doc.shape(box).pos.x - 10.0, 704.0) << "the box passed through the wall";
  }
}

// ---- the real binary, offscreen ----

const std::string kBin = HITBOX_BIN;

std::string write(const std::string& name, const std::string& text) {
  const std::string path = test::out_path("hitbox_play_test", name);
  std::ofstream(path) << text;
  return path;
}

Image render(const std::string& name, const std::string& args) {
  const std::string png = test::out_path("hitbox_play_test", name + ".png");
  fs::remove(png);
  const test::RunResult r = test::run_command(
      "env SDL_VIDEODRIVER=offscreen " + kBin + " " + args + " --screenshot " + png,
      "hitbox_play_test");
  EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
  Image img;
  EXPECT_TRUE(img.load(png)) << args << "\n" << r.err;
  return img;
}

void expect_colour(const Image& img, int x, int y, std::string_view name, const char* why) {
  ASSERT_TRUE(img.inside(x, y));
  const auto want = named_colours(name);
  ASSERT_TRUE(want.has_value());
  EXPECT_TRUE(matches_any(img.at(x, y), *want))
      << why << ": " << x << "," << y << " is " << to_string(img.at(x, y)) << ", expected " << name;
}

// Three colliding pairs (rect-rect, circle-circle, rect-circle) and two shapes alone, with
// no pair in focus: every shape of a colliding pair shows the hit colour.
TEST(WindowPairs, EveryCollidingShapeShowsTheHitColour) {
  const std::string scene = write("pairs.json", R"({"version": 1, "shapes": [
    {"id": "r1", "kind": "rect", "pos": [100, 100], "size": [50, 30]},
    {"id": "r2", "kind": "rect", "pos": [140, 110], "size": [50, 30]},
    {"id": "c1", "kind": "circle", "pos": [300, 100], "radius": 20},
    {"id": "c2", "kind": "circle", "pos": [330, 100], "radius": 20},
    {"id": "r3", "kind": "rect", "pos": [100, 300], "size": [50, 30]},
    {"id": "c3", "kind": "circle", "pos": [135, 300], "radius": 20},
    {"id": "alone_r", "kind": "rect", "pos": [300, 300], "size": [50, 30]},
    {"id": "alone_c", "kind": "circle", "pos": [500, 300], "radius": 20},
    {"id": "near_a", "kind": "circle", "pos": [500, 100], "radius": 20},
    {"id": "near_b", "kind": "circle", "pos": [532, 132], "radius": 20}
  ]})");
  const Image img = render("pairs", "--scene " + scene + " --algo sat --no-ui --view 0,0,1");
  expect_colour(img, 85, 95, "hit", "r1 (overlaps r2)");
  expect_colour(img, 160, 118, "hit", "r2 (overlaps r1)");
  expect_colour(img, 290, 100, "hit", "c1 (overlaps c2)");
  expect_colour(img, 342, 100, "hit", "c2 (overlaps c1)");
  expect_colour(img, 85, 300, "hit", "r3 (overlaps c3)");
  expect_colour(img, 145, 300, "hit", "c3 (overlaps r3)");
  expect_colour(img, 290, 305, "idle", "alone_r");
  expect_colour(img, 500, 308, "idle", "alone_c");
  // Boxes overlap, circles do not (45 px apart, radii 40): a candidate, not a hit.
  expect_colour(img, 495, 95, "idle", "near_a");
  expect_colour(img, 538, 138, "idle", "near_b");
}

std::string drop_scene_file(bool sleep = true) {
  return write(sleep ? "drop.json" : "drop_awake.json",
               std::string(R"({"version": 1, "world": {"gravity": [0, 980])") +
                   (sleep ? "" : R"(, "sleep": false)") + R"(}, "shapes": [
    {"id": "floor", "kind": "rect", "pos": [400, 560], "size": [600, 40]},
    {"id": "b1", "kind": "rect", "pos": [200, 100], "size": [40, 40], "body": {"type": "dynamic"}},
    {"id": "b2", "kind": "circle", "pos": [400, 150], "radius": 20,
     "body": {"type": "dynamic", "restitution": 0.3}},
    {"id": "b3", "kind": "rect", "pos": [600, 60], "size": [40, 40], "body": {"type": "dynamic"}}
  ]})");
}

// After 3 simulated seconds every shape rests on the floor (its top at y 540): the pixels
// where the shapes started show the background, the pixels just above the floor their fill,
// dimmed because each has fallen asleep; with "sleep": false, the idle fill.
TEST(WindowPlay, ShapesFallAndRestOnTheFloor) {
  for (const bool sleep : {true, false}) {
    const Image img =
        render(sleep ? "rest" : "rest_awake",
               "--scene " + drop_scene_file(sleep) + " --play-seconds 3 --no-ui --view 0,0,1");
    for (const int x : {200, 400, 600}) {
      expect_colour(img, x + 8, 95, "background", "where the shape started");
      expect_colour(img, x + 8, 150, "background", "where the shape started");
      expect_colour(img, x + 8, 530, sleep ? "asleep" : "idle", "the shape, resting on the floor");
      expect_colour(img, x + 8, 490, "background", "above the resting shape");
    }
  }
}

// --play in a screenshot runs a fixed number of steps per frame: two runs, the same bytes.
TEST(WindowPlay, PlayScreenshotsRepeat) {
  const std::string scene = drop_scene_file();
  render("repeat1", "--scene " + scene + " --play --play-seconds 0.5");
  render("repeat2", "--scene " + scene + " --play --play-seconds 0.5");
  EXPECT_EQ(test::slurp(test::out_path("hitbox_play_test", "repeat1.png")),
            test::slurp(test::out_path("hitbox_play_test", "repeat2.png")));
}

TEST(WindowPlay, BadPlaySecondsExitTwo) {
  for (const char* bad : {"0", "-1", "x", "4000"}) {
    const test::RunResult r =
        test::run_command("env SDL_VIDEODRIVER=offscreen " + kBin + " --play-seconds " + bad +
                              " --screenshot " + test::out_path("hitbox_play_test", "bad.png"),
                          "hitbox_play_test");
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("--play-seconds"), std::string::npos) << r.err;
  }
}

// Playing, a press on the dynamic box grabs it (no drag, no undo step); moving the pointer
// pulls it there, and after the release it keeps moving. Static shapes are not grabbed: the
// floor is dragged as before.
TEST(PlayMode, APressOnADynamicBodyGrabsItAndTheReleaseThrowsIt) {
  SandboxState s = state_of(drop_scene());
  s.play.fixed_steps_per_frame = 2;
  s.play_start();
  ASSERT_TRUE(s.mouse_down(Vec2(300.0f, 100.0f), 1, KMOD_NONE));
  EXPECT_TRUE(s.play.grabbing);
  EXPECT_EQ(s.tools.drag.kind, app::DragKind::None);
  EXPECT_EQ(s.selected(), 1);
  for (int f = 0; f < 60; ++f) {  // 1 s, the pointer going right at 300 px/s
    s.play_grab_move(Vec2(300.0f + 5.0f * static_cast<float>(f + 1), 100.0f));
    s.play_advance(0.0);
  }
  EXPECT_NEAR(s.doc.shape(1).pos.x, 600.0, 30.0);
  EXPECT_NEAR(s.doc.shape(1).pos.y, 100.0, 10.0);  // held up against gravity
  s.play_release();
  EXPECT_FALSE(s.play.grabbing);
  const double vx = s.doc.shape(1).body->velocity.x;
  EXPECT_GT(vx, 150.0);  // thrown right
  s.play_advance(0.0);
  EXPECT_GT(s.doc.shape(1).pos.x, 600.0 - 30.0 + vx * 2.0 / 120.0 * 0.9);
  EXPECT_FALSE(s.doc.history.can_undo());
  // The floor is static: a press on it starts the usual drag.
  ASSERT_TRUE(s.mouse_down(Vec2(150.0f, 560.0f), 1, KMOD_NONE));
  EXPECT_FALSE(s.play.grabbing);
  EXPECT_EQ(s.tools.drag.kind, app::DragKind::Move);
}

// The inspector edits body.angular_velocity and fixed_rotation: a value out of range is
// refused with the field named; a good one is one undo step.
TEST(PlayMode, TheInspectorEditsAngularVelocityAndFixedRotation) {
  SandboxState s = state_of(drop_scene());
  s.select(1);
  Shape w = s.doc.shape(1);
  w.body->angular_velocity = 1e9;
  s.ask_inspector(w);
  s.apply_requests();
  s.flush_ui_edit();
  EXPECT_EQ(s.doc.shape(1).body->angular_velocity, 0.0);
  EXPECT_NE(s.insp.error.find("body.angular_velocity"), std::string::npos) << s.insp.error;
  w.body->angular_velocity = 90.0;
  w.body->fixed_rotation = true;
  s.ask_inspector(w);
  s.apply_requests();
  s.flush_ui_edit();
  EXPECT_EQ(s.doc.shape(1).body->angular_velocity, 90.0);
  EXPECT_TRUE(s.doc.shape(1).body->fixed_rotation);
  ASSERT_TRUE(s.doc.history.can_undo());
  s.undo_redo(false);
  EXPECT_EQ(s.doc.shape(1).body->angular_velocity, 0.0);
  EXPECT_FALSE(s.doc.shape(1).body->fixed_rotation);
  EXPECT_FALSE(s.doc.history.can_undo());
}

}  // namespace
}  // namespace hitbox::window_test
