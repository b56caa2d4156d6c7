// `hitbox query` end to end: the real binary, its JSON lines, its exit status and messages.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "hitbox/collide.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"

namespace hitbox {
namespace {

struct CliRun {
  int status = -1;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Runs the hitbox binary with no display, capturing stdout, stderr and the exit status.
CliRun run(const std::string& args) {
  const std::string dir = ::testing::TempDir();
  const std::string out = dir + "/hitbox_cli_out.txt";
  const std::string err = dir + "/hitbox_cli_err.txt";
  const std::string cmd = "env -u DISPLAY -u WAYLAND_DISPLAY " + std::string(HITBOX_BIN) + " " +
                          args + " >" + out + " 2>" + err + " </dev/null";
  const int raw = std::system(cmd.c_str());
  CliRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

std::string asset(const char* name) { return std::string(HITBOX_SOURCE_DIR) + "/assets/scenes/" + name; }

std::string write_temp(const char* name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

float f(const nlohmann::json& j) { return j.get<float>(); }

TEST(Query, ExampleSceneEveryPairEveryAlgorithm) {
  const std::string path = asset("example.json");
  const CliRun r = run("query " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  // One line per scene.
  ASSERT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["scene"], path);
  const auto& pairs = j["pairs"];
  ASSERT_EQ(pairs.size(), 3u);
  EXPECT_EQ(pairs[0]["a"], "A");
  EXPECT_EQ(pairs[0]["b"], "B");
  EXPECT_EQ(pairs[1]["b"], "C");
  EXPECT_EQ(pairs[2]["a"], "B");

  const Scene scene = load_scene(path);
  for (const auto& p : pairs) {
    for (const char* name : {"aabb", "bounding_circle", "sat", "mtd", "swept"}) {
      ASSERT_TRUE(p.contains(name)) << name;
    }
    const auto& sat_j = p["sat"];
    for (const auto& ax : sat_j["axes"]) {
      const float x = f(ax["axis"][0]), y = f(ax["axis"][1]);
      EXPECT_NEAR(x * x + y * y, 1.0f, 1e-5f);
      // The decisive overlap is computed from the centre offset; the printed intervals agree
      // with it to float rounding.
      const float expect = std::min(f(ax["a"][1]) - f(ax["b"][0]), f(ax["b"][1]) - f(ax["a"][0]));
      EXPECT_NEAR(f(ax["overlap"]), expect, 1e-3f);
    }
    EXPECT_EQ(sat_j["hit"], p["mtd"]["hit"]);
    if (!sat_j["hit"].get<bool>()) {
      ASSERT_TRUE(sat_j.contains("axis"));
      const int sep = sat_j["separating"];
      EXPECT_LT(f(sat_j["axes"][sep]["overlap"]), 0.0f);
    }
    // Numbers round-trip: the printed floats equal the library's own floats exactly.
    const Posed a(scene.shapes[static_cast<size_t>(scene.find(p["a"].get<std::string>()))]);
    const Posed b(scene.shapes[static_cast<size_t>(scene.find(p["b"].get<std::string>()))]);
    const MtdResult m = mtd(a, b);
    if (m.hit) {
      EXPECT_EQ(f(p["mtd"]["depth"]), m.depth);
      EXPECT_EQ(f(p["mtd"]["vector"][0]), m.vector.x);
    }
    const SweptResult s = swept(a, b);
    EXPECT_EQ(p["swept"]["hit"].get<bool>(), s.hit);
    if (s.hit) EXPECT_EQ(f(p["swept"]["toi"]), s.toi);
  }
}

TEST(Query, AlgoAndPairsSelectWhatIsPrinted) {
  const CliRun r = run("query --algo sat,mtd --pairs C:B " + asset("example.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["pairs"].size(), 1u);
  const auto& p = j["pairs"][0];
  EXPECT_EQ(p["a"], "C");
  EXPECT_EQ(p["b"], "B");
  EXPECT_TRUE(p.contains("sat"));
  EXPECT_TRUE(p.contains("mtd"));
  EXPECT_FALSE(p.contains("aabb"));
  EXPECT_FALSE(p.contains("swept"));
}

TEST(Query, SeveralScenesOneLineEach) {
  const CliRun r = run("query --algo aabb " + asset("example.json") + " " + asset("tunnel.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_TRUE(j.contains("pairs"));
    ++n;
  }
  EXPECT_EQ(n, 2);
}

TEST(Query, TunnelSceneSweptCatchesWhatStaticMisses) {
  const CliRun r = run("query --algo sat,swept " + asset("tunnel.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& p : j["pairs"]) {
    if (!p["sat"]["hit"].get<bool>() && p["swept"]["hit"].get<bool>()) {
      found = true;
      EXPECT_GT(f(p["swept"]["toi"]), 0.0f);
      EXPECT_LT(f(p["swept"]["toi"]), 1.0f);
    }
  }
  EXPECT_TRUE(found) << r.out;
}

TEST(QueryErrors, UnknownAlgorithmIsExit2) {
  const CliRun r = run("query --algo sat,nope " + asset("example.json"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("nope"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(QueryErrors, UnknownPairIdIsExit2) {
  const CliRun r = run("query --pairs A:Z " + asset("example.json"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("\"Z\""), std::string::npos) << r.err;
}

TEST(QueryErrors, MalformedPairIsExit2) {
  EXPECT_EQ(run("query --pairs AB " + asset("example.json")).status, 2);
  EXPECT_EQ(run("query --pairs A:A " + asset("example.json")).status, 2);
  EXPECT_EQ(run("query --pairs").status, 2);
}

TEST(QueryErrors, UnknownFlagAndNoSceneAreExit2) {
  EXPECT_EQ(run("query --frobnicate " + asset("example.json")).status, 2);
  const CliRun none = run("query");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("no scene file"), std::string::npos) << none.err;
}

TEST(QueryErrors, BadSceneNamesFileShapeAndField) {
  const std::string path = write_temp(
      "bad_radius.json",
      R"({"version":1,"shapes":[{"id":"ball","kind":"circle","pos":[0,0],"radius":-3}]})");
  const CliRun r = run("query " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ball"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("radius"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());  // nothing half-printed
}

TEST(QueryErrors, MissingFileIsExit2) {
  const CliRun r = run("query /nonexistent/dir/scene.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/dir/scene.json"), std::string::npos) << r.err;
}

TEST(QueryErrors, InvalidJsonIsExit2WithLine) {
  const std::string path = write_temp("broken.json", "{\"version\": 1,\n \"shapes\": [ }\n");
  const CliRun r = run("query " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hitbox
