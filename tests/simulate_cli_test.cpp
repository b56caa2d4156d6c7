// `hitbox simulate` end to end: the real binary prints a scene that loads again, equals what
// the core's simulation gives for the same time, and refuses bad input with exit status 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "hitbox/scene.h"
#include "hitbox/simulation.h"
#include "support/run_binary.h"

namespace hitbox {
namespace {

using test::RunResult;

RunResult run(const std::string& args) {
  return test::run_command(
      "env -u DISPLAY -u WAYLAND_DISPLAY " + std::string(HITBOX_BIN) + " " + args,
      "hitbox_simulate");
}

std::string write_temp(const char* name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

constexpr const char* kDrop = R"({"version": 1, "world": {"gravity": [0, 980]}, "shapes": [
  {"id": "floor", "kind": "rect", "pos": [0, 520], "size": [2000, 40]},
  {"id": "ball", "kind": "circle", "pos": [0, 290], "radius": 10,
   "body": {"type": "dynamic", "restitution": 0.5, "velocity": [30, 0]}}]})";

TEST(Simulate, PrintsTheSceneAfterTheTimeAndItLoadsAgain) {
  const std::string path = write_temp("drop.json", kDrop);
  const RunResult r = run("simulate --seconds 0.5 " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  const Scene printed = parse_scene(r.out, "stdout");
  Simulation sim = make_simulation(load_scene(path));
  sim_run(&sim, 0.5);
  EXPECT_EQ(printed, sim.scene);
  // Free fall for 0.5 s: y = 290 + 980 * 0.25 / 2 = 412.5 (the step's semi-implicit Euler is
  // a little ahead: within 1 px), x = 30 * 0.5 = 15.
  EXPECT_NEAR(printed.shapes[1].pos.y, 412.5, 1.0);
  EXPECT_NEAR(printed.shapes[1].pos.x, 15.0, 1e-9);

  // Simulating 0.25 s twice gives the same scene as 0.5 s at once.
  const RunResult first = run("simulate --seconds 0.25 " + path);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string mid = write_temp("mid.json", first.out);
  const RunResult second = run("simulate --seconds 0.25 " + mid);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(parse_scene(second.out, "stdout"), printed);
}

TEST(Simulate, BadInputExitsTwoWithTheReason) {
  const std::string good = write_temp("good.json", kDrop);
  const std::string bad = write_temp("bad.json", R"({"version": 1, "shapes": [
    {"id": "ball", "kind": "circle", "pos": [0, 0], "radius": 5,
     "body": {"type": "dynamic", "restitution": 2}}]})");
  struct Case {
    std::string args;
    std::string says;
  };
  const Case cases[] = {
      {"simulate " + good, "--seconds T is required"},
      {"simulate --seconds -1 " + good, "--seconds: \"-1\""},
      {"simulate --seconds abc " + good, "--seconds: \"abc\""},
      {"simulate --seconds 1 --step 0 " + good, "--step: \"0\""},
      {"simulate --seconds 1 --step 2 " + good, "--step: \"2\""},
      {"simulate --seconds 1 --substeps 1.5 " + good, "--substeps"},
      {"simulate --seconds 1 --broad quadtree " + good,
       "--broad: \"quadtree\" is not sweep, grid or tree"},
      {"simulate --seconds 1 --contact-points 3 " + good, "--contact-points: \"3\" is not 1 or 2"},
      {"simulate --seconds 1 " + good + " --contact-points", "--contact-points needs 1 or 2"},
      {"simulate --seconds 1 --bogus " + good, "unknown flag \"--bogus\""},
      {"simulate --seconds 1 --lanes 2 " + good, "--lanes: \"2\" is not 1, 4 or 8"},
      {"simulate --seconds 1 " + good + " --lanes", "--lanes needs 1, 4 or 8"},
      {"simulate --seconds 86400 --step 0.0001 " + good, "864000000 steps; at most 10000000"},
      {"simulate --seconds 1", "no scene file given"},
      {"simulate --seconds 1 " + good + " " + good, "one scene file only"},
      {"simulate --seconds 1 /nonexistent/scene.json", "/nonexistent/scene.json: cannot read"},
      {"simulate --seconds 1 " + bad, "shape \"ball\", field \"body.restitution\""},
  };
  for (const Case& c : cases) {
    const RunResult r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args;
  }
}

// FNV-1a over each shape's x, y and angle, written here from the printed scene.
std::string fnv_of(const Scene& scene) {
  std::uint64_t h = 14695981039346656037ull;
  for (const Shape& s : scene.shapes) {
    for (const double x : {s.pos.x, s.pos.y, s.angle}) {
      std::uint64_t bits;
      std::memcpy(&bits, &x, sizeof bits);
      for (int k = 0; k < 8; ++k) h = (h ^ ((bits >> (8 * k)) & 0xff)) * 1099511628211ull;
    }
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

// --hash prints a hash of the positions and angles of the scene it would have printed.
TEST(Simulate, TheHashIsOfThePrintedPositionsAndAngles) {
  const std::string path = HITBOX_SOURCE_DIR "/assets/scenes/stress_pyramid_20.json";
  const RunResult scene = run("simulate --seconds 1 " + path);
  const RunResult hash = run("simulate --seconds 1 --hash " + path);
  ASSERT_EQ(scene.status, 0) << scene.err;
  ASSERT_EQ(hash.status, 0) << hash.err;
  EXPECT_EQ(hash.out, "hitbox: play mode after 120 steps: hash " +
                          fnv_of(parse_scene(scene.out, "stdout")) + "\n");
}

// Play mode's bytes do not depend on the lane width, nor on the run (docs/determinism.md).
TEST(Simulate, EveryLaneWidthGivesTheSameHash) {
  std::vector<std::string> widths{"1", "4"};
  if (sim_lane_width_runs(SimLaneWidth::Eight)) widths.push_back("8");
  for (const char* scene : {"stress_1000", "stress_pyramid_20", "capsules"}) {
    const std::string path = std::string(HITBOX_SOURCE_DIR "/assets/scenes/") + scene + ".json";
    const RunResult best = run("simulate --seconds 5 --hash " + path);
    ASSERT_EQ(best.status, 0) << best.err;
    EXPECT_EQ(run("simulate --seconds 5 --hash " + path).out, best.out) << scene << ", twice";
    for (const std::string& w : widths) {
      EXPECT_EQ(run("simulate --seconds 5 --lanes " + w + " --hash " + path).out, best.out)
          << scene << ", " << w << " lanes";
    }
  }
}

}  // namespace
}  // namespace hitbox
