// `hitbox move` end to end: the real binary moves a capsule through a scene as the library
// does, prints the planes it ends against, and refuses bad input with exit status 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "hitbox/mover.h"
#include "hitbox/scene.h"
#include "support/run_binary.h"

namespace hitbox {
namespace {

using test::RunResult;

RunResult run(const std::string& args) {
  return test::run_command(
      "env -u DISPLAY -u WAYLAND_DISPLAY " + std::string(HITBOX_BIN) + " " + args, "hitbox_move");
}

std::string write_temp(const char* name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

// A floor whose top is y = 0, a wall whose left face is x = 100, and a capsule 40 px tall
// (radius 10) standing half the skin above the floor at x = 0.
constexpr const char* kRoom = R"({"version": 1, "shapes": [
  {"id": "floor", "kind": "rect", "pos": [0, 20], "size": [1000, 40]},
  {"id": "wall", "kind": "rect", "pos": [120, -200], "size": [40, 400]},
  {"id": "ball", "kind": "circle", "pos": [-300, -100], "radius": 5},
  {"id": "hero", "kind": "capsule", "pos": [0, -20.25], "points": [[0, -10], [0, 10]],
   "radius": 10}]})";

TEST(MoveCli, WalksIntoTheCornerAndPrintsItsPlanes) {
  const std::string path = write_temp("room.json", kRoom);
  const RunResult r = run("move " + path + " --mover hero --by 5,3 --steps 40");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mover"], "hero");
  EXPECT_EQ(j["steps"], 40);
  // Stopped half the skin from the wall and standing half the skin above the floor.
  const double rest = 0.5 * kMoverSkin;
  EXPECT_NEAR(j["position"][0].get<double>(), 100 - 10 - rest, 0.25 * rest + 1e-3);
  EXPECT_NEAR(j["position"][1].get<double>(), -20 - rest, 0.25 * rest + 1e-3);
  EXPECT_EQ(j["on_ground"], true);
  EXPECT_EQ(j["ground"]["id"], "floor");
  ASSERT_EQ(j["planes"].size(), 2u);
  EXPECT_EQ(j["planes"][0]["id"], "floor");
  EXPECT_NEAR(j["planes"][0]["normal"][1].get<double>(), -1.0, 1e-5);
  EXPECT_NEAR(j["planes"][0]["point"][1].get<double>(), 0.0, 1e-3);
  EXPECT_EQ(j["planes"][1]["id"], "wall");
  EXPECT_NEAR(j["planes"][1]["normal"][0].get<double>(), -1.0, 1e-5);
  EXPECT_GT(j["iterations"].get<int>(), 40);

  // The library gives the same position.
  const Scene scene = load_scene(path);
  ShapeWorld w;
  for (const Shape& s : scene.shapes) {
    if (s.id != "hero") world_add(&w, s);
  }
  Shape hero = scene.shapes[static_cast<std::size_t>(scene.find("hero"))];
  for (int i = 0; i < 40; ++i)
    hero.pos += DVec2(move_and_slide(w, capsule_of(Posed(hero)), {5, 3}).delta);
  EXPECT_EQ(j["position"][0].get<double>(), hero.pos.x);
  EXPECT_EQ(j["position"][1].get<double>(), hero.pos.y);

  // In the air, away from everything: no planes, not on the ground.
  const RunResult up = run("move " + path + " --mover hero --by 0,-100");
  ASSERT_EQ(up.status, 0) << up.err;
  const nlohmann::json ju = nlohmann::json::parse(up.out);
  EXPECT_EQ(ju["on_ground"], false);
  EXPECT_TRUE(ju["planes"].empty());
  EXPECT_NEAR(ju["position"][1].get<double>(), -120.25, 1e-3);
}

TEST(MoveCli, BadInputExitsTwoWithTheReason) {
  const std::string room = write_temp("room2.json", kRoom);
  struct Case {
    std::string args;
    std::string says;
  };
  const Case cases[] = {
      {"move " + room + " --mover nobody --by 1,0", "no shape with id \"nobody\""},
      {"move " + room + " --mover ball --by 1,0", "\"ball\" is a circle, not a capsule"},
      {"move " + room + " --mover hero --by nan,0", "DX is not a finite number"},
      {"move " + room + " --mover hero --by 1,inf", "DY is not a finite number"},
      {"move " + room + " --mover hero --by 1", "is not two numbers DX,DY"},
      {"move " + room + " --mover hero --by 1,2,3", "is not two numbers DX,DY"},
      {"move " + room + " --mover hero --by 2e6,0", "DX is beyond +-1e6 pixels"},
      {"move " + room + " --mover hero --by 1,0 --steps 0", "--steps: \"0\""},
      {"move " + room + " --mover hero --by 1,0 --steps 1.5", "--steps: \"1.5\""},
      {"move " + room + " --mover hero --by 1,0 --steps 100001", "--steps: \"100001\""},
      {"move " + room + " --mover hero --by 1,0 --steps", "--steps needs a whole number"},
      {"move " + room + " --mover hero --by 1000,0 --steps 10000", "at most 1000000"},
      {"move " + room + " --mover hero --by 1,0 --max-slope 91", "--max-slope: \"91\""},
      {"move " + room + " --mover hero --by 1,0 --step-height -1", "--step-height: \"-1\""},
      {"move " + room + " --by 1,0", "--mover ID is required"},
      {"move " + room + " --mover hero", "--by DX,DY is required"},
      {"move --mover hero --by 1,0", "no scene file given"},
      {"move " + room + " --mover hero --by 1,0 --bogus", "unknown flag \"--bogus\""},
      {"move /nonexistent/scene.json --mover hero --by 1,0",
       "/nonexistent/scene.json: cannot read"},
  };
  for (const Case& c : cases) {
    const RunResult r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args;
  }
  const RunResult help = run("move --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--mover ID"), std::string::npos);
}

}  // namespace
}  // namespace hitbox
