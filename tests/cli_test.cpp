// `hitbox query` end to end: the real binary, its JSON lines, its exit status and messages.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "hitbox/collide.h"
#include "hitbox/mask.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "platform/image.h"
#include "support/run_binary.h"

namespace hitbox {
namespace {

using test::RunResult;
using test::slurp;

// Runs the hitbox binary with no display, capturing stdout, stderr and the exit status.
RunResult run(const std::string& args) {
  return test::run_command(
      "env -u DISPLAY -u WAYLAND_DISPLAY " + std::string(HITBOX_BIN) + " " + args, "hitbox_cli");
}

std::string asset(const char* name) {
  return std::string(HITBOX_SOURCE_DIR) + "/assets/scenes/" + name;
}

std::string write_temp(const char* name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

float f(const nlohmann::json& j) {
  return j.get<float>();
}

TEST(Query, ExampleSceneEveryPairEveryAlgorithm) {
  const std::string path = asset("example.json");
  const RunResult r = run("query " + path);
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
    for (const char* name : {"aabb", "bounding_circle", "sat", "mtd", "swept", "pixel"}) {
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
    if (s.hit) {
      EXPECT_EQ(f(p["swept"]["toi"]), s.toi);
    }
  }
}

TEST(Query, AlgoAndPairsSelectWhatIsPrinted) {
  const RunResult r = run("query --algo sat,mtd --pairs C:B " + asset("example.json"));
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
  const RunResult r =
      run("query --algo aabb " + asset("example.json") + " " + asset("tunnel.json"));
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
  const RunResult r = run("query --algo sat,swept " + asset("tunnel.json"));
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

// Checks a printed "pixel" entry against masks built by the library at `accuracy`.
void expect_pixel_matches(const nlohmann::json& p, const Scene& scene, float accuracy) {
  SCOPED_TRACE(p.dump());
  ASSERT_TRUE(p.contains("pixel"));
  const auto& px = p["pixel"];
  const int ia = scene.find(p["a"].get<std::string>());
  const int ib = scene.find(p["b"].get<std::string>());
  ASSERT_GE(ia, 0);
  ASSERT_GE(ib, 0);
  Mask ma, mb;
  build_mask(Posed(scene.shapes[static_cast<size_t>(ia)]), accuracy, ma);
  build_mask(Posed(scene.shapes[static_cast<size_t>(ib)]), accuracy, mb);
  const PixelResult r = pixel_overlap(ma, mb, true);
  EXPECT_EQ(px["hit"].get<bool>(), r.hit);
  EXPECT_EQ(px["count"].get<int>(), r.count);
  if (!r.hit) {
    EXPECT_EQ(px, nlohmann::json::parse(R"({"hit":false,"count":0})"));
    return;
  }
  ASSERT_EQ(px.size(), 3u);
  const float cell = 1.0f / accuracy;
  const auto& rect = px["rect"];
  ASSERT_EQ(rect.size(), 4u);
  EXPECT_EQ(f(rect[0]), static_cast<float>(r.overlap.x0) * cell);
  EXPECT_EQ(f(rect[1]), static_cast<float>(r.overlap.y0) * cell);
  EXPECT_EQ(f(rect[2]), static_cast<float>(r.overlap.w) * cell);
  EXPECT_EQ(f(rect[3]), static_cast<float>(r.overlap.h) * cell);
}

TEST(Query, PixelIsPrintedForEveryPairByDefault) {
  const std::string path = asset("default.json");
  const RunResult r = run("query " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const Scene scene = load_scene(path);
  ASSERT_EQ(j["pairs"].size(), all_pairs(scene).size());
  int hits = 0;
  for (const auto& p : j["pairs"]) {
    expect_pixel_matches(p, scene, 1.0f);
    hits += p["pixel"]["hit"].get<bool>();
    // A cell centre inside both shapes is a common point, so SAT finds the overlap too.
    if (p["pixel"]["hit"].get<bool>()) {
      EXPECT_TRUE(p["sat"]["hit"].get<bool>());
    }
  }
  EXPECT_GT(hits, 0);  // default.json has an overlapping pair
}

TEST(Query, AlgoPixelAloneAndAccuracy) {
  const std::string path = asset("default.json");
  const Scene scene = load_scene(path);
  for (const char* acc : {"1", "0.5", "0.25", "0.3"}) {
    SCOPED_TRACE(acc);
    const RunResult r = run(std::string("query --algo pixel --accuracy ") + acc + " " + path);
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    for (const auto& p : j["pairs"]) {
      ASSERT_EQ(p.size(), 3u) << p.dump();  // a, b, pixel
      expect_pixel_matches(p, scene, std::stof(acc));
    }
  }
  // A coarser grid counts fewer, larger cells.
  const auto fine =
      nlohmann::json::parse(run("query --algo pixel --pairs rect:circle " + path).out);
  const auto coarse = nlohmann::json::parse(
      run("query --algo pixel --accuracy 0.25 --pairs rect:circle " + path).out);
  const int n_fine = fine["pairs"][0]["pixel"]["count"];
  const int n_coarse = coarse["pairs"][0]["pixel"]["count"];
  EXPECT_GT(n_coarse, 0);
  EXPECT_LT(n_coarse * 4, n_fine);
}

TEST(Query, SpriteSceneRingHoleAndMirroredSword) {
  const std::string path = asset("sprites.json");
  const RunResult r = run("query " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const Scene scene = load_scene(path, app::png_loader());
  ASSERT_EQ(j["pairs"].size(), all_pairs(scene).size());
  bool ring_hole = false, sword_gem = false;
  for (const auto& p : j["pairs"]) {
    expect_pixel_matches(p, scene, 1.0f);
    for (const char* name : {"aabb", "bounding_circle", "sat", "mtd", "swept"}) {
      ASSERT_TRUE(p.contains(name)) << name;
      ASSERT_TRUE(p[name].is_object()) << name;  // every pair is supported
    }
    if (p["a"] == "ring" && p["b"] == "hole") {
      ring_hole = true;
      EXPECT_TRUE(p["sat"]["hit"].get<bool>());
      EXPECT_FALSE(p["pixel"]["hit"].get<bool>());
    }
    if (p["a"] == "sword" && p["b"] == "gem") {
      sword_gem = true;
      EXPECT_TRUE(p["pixel"]["hit"].get<bool>());
    }
  }
  EXPECT_TRUE(ring_hole);
  EXPECT_TRUE(sword_gem);
}

TEST(QueryErrors, BadAccuracyIsExit2) {
  for (const char* bad : {"0", "-0.5", "1.5", "abc", "0.5x", "nan", "inf", "''", "1e-60"}) {
    SCOPED_TRACE(bad);
    const RunResult r = run(std::string("query --accuracy ") + bad + " " + asset("example.json"));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--accuracy"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  const RunResult none = run("query --accuracy");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("--accuracy"), std::string::npos) << none.err;
}

TEST(QueryErrors, MissingSpriteImageIsExit2NamingFileShapeAndField) {
  const std::string path = write_temp(
      "missing_sprite.json",
      R"({"version":1,"shapes":[{"id":"ghost","kind":"sprite","pos":[0,0],"image":"no/such.png"}]})");
  const RunResult r = run("query " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path + ": shape \"ghost\", field \"image\": cannot load \"no/such.png\""),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(QueryErrors, ShapeTooLargeForPixelMasksIsExit2) {
  const std::string path =
      write_temp("huge.json",
                 R"({"version":1,"shapes":[{"id":"huge","kind":"rect","pos":[0,0],"size":[1e6,1e6]},
                                 {"id":"dot","kind":"circle","pos":[0,0],"radius":800}]})");
  const RunResult r = run("query " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("\"huge\" is too large for the pixel test"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  // Without pixel, or on a coarse enough grid, it is answered.
  EXPECT_EQ(run("query --algo sat,mtd " + path).status, 0);
  const RunResult coarse = run("query --accuracy 0.001 " + path);
  ASSERT_EQ(coarse.status, 0) << coarse.err;
  EXPECT_TRUE(nlohmann::json::parse(coarse.out)["pairs"][0]["pixel"]["hit"].get<bool>());
}

TEST(QueryErrors, UnknownAlgorithmIsExit2) {
  const RunResult r = run("query --algo sat,nope " + asset("example.json"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("nope"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(QueryErrors, UnknownPairIdIsExit2) {
  const RunResult r = run("query --pairs A:Z " + asset("example.json"));
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
  const RunResult none = run("query");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("no scene file"), std::string::npos) << none.err;
}

TEST(QueryErrors, BadSceneNamesFileShapeAndField) {
  const std::string path = write_temp(
      "bad_radius.json",
      R"({"version":1,"shapes":[{"id":"ball","kind":"circle","pos":[0,0],"radius":-3}]})");
  const RunResult r = run("query " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ball"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("radius"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());  // nothing half-printed
}

TEST(QueryErrors, MissingFileIsExit2) {
  const RunResult r = run("query /nonexistent/dir/scene.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/dir/scene.json"), std::string::npos) << r.err;
}

TEST(QueryErrors, InvalidJsonIsExit2WithLine) {
  const std::string path = write_temp("broken.json", "{\"version\": 1,\n \"shapes\": [ }\n");
  const RunResult r = run("query " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hitbox

namespace hitbox {
namespace {

// The comparison algorithms: GJK for every pair; the circle-rectangle methods only where
// they apply, and the circle-as-square shortcut's false hit near the corner.
TEST(Query, CircleNearCornerQuadrantMissesShortcutHitsGjkMeasuresTheGap) {
  const RunResult r =
      run("query --algo gjk,quadrant,circle_as_square " + asset("circle_corner.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto p = nlohmann::json::parse(r.out)["pairs"][0];
  EXPECT_FALSE(p["quadrant"]["hit"].get<bool>());
  EXPECT_TRUE(p["circle_as_square"]["hit"].get<bool>());
  EXPECT_FALSE(p["gjk"]["hit"].get<bool>());
  // Corner (700, 460), centre (730, 490), radius 40: 30 sqrt 2 - 40.
  EXPECT_NEAR(f(p["gjk"]["distance"]), 30.0f * std::sqrt(2.0f) - 40.0f, 1e-3f);
  EXPECT_NEAR(f(p["gjk"]["points"][0][0]), 700.0f, 1e-3f);
  EXPECT_NEAR(f(p["gjk"]["points"][0][1]), 460.0f, 1e-3f);
}

TEST(Query, CircleRectangleMethodsAreUnsupportedForOtherPairs) {
  const RunResult r = run("query --algo gjk,quadrant,circle_as_square " + asset("touching.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto p = nlohmann::json::parse(r.out)["pairs"][0];
  EXPECT_EQ(p["quadrant"], "unsupported");
  EXPECT_EQ(p["circle_as_square"], "unsupported");
  EXPECT_TRUE(p["gjk"]["hit"].get<bool>());  // two rectangles sharing an edge
  EXPECT_NEAR(f(p["gjk"]["depth"]), 0.0f, 1e-3f);
}

// ---- points, segments and rays (issue 12) ----

TEST(Query, LinesSceneSegmentPairsPrintTheirCrossingAndTheBallsCentre) {
  const RunResult r =
      run("query --algo sat,swept,pixel --pairs X:V,wall:ball,X:R " + asset("lines.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& xv = j["pairs"][0];
  EXPECT_TRUE(xv["sat"]["hit"].get<bool>());
  ASSERT_EQ(xv["sat"]["points"].size(), 1u);
  EXPECT_NEAR(f(xv["sat"]["points"][0][0]), 200.0f, 1e-3f);
  EXPECT_NEAR(f(xv["sat"]["points"][0][1]), 150.0f, 1e-3f);
  EXPECT_EQ(xv["pixel"], "unsupported");
  // The ball (r 20, from x 200 at 300 px per step) meets the wall at x 400 when its centre
  // is at x 380: t = 0.6.
  const auto& wb = j["pairs"][1]["swept"];
  EXPECT_TRUE(wb["hit"].get<bool>());
  EXPECT_NEAR(f(wb["toi"]), 0.6f, 1e-6f);
  EXPECT_NEAR(f(wb["centre"][0]), 380.0f, 1e-3f);
  EXPECT_NEAR(f(wb["centre"][1]), 280.0f, 1e-3f);
  EXPECT_NEAR(f(wb["normal"][0]), 1.0f, 1e-6f);  // from B (the ball) toward A (the wall)
  // A segment and a rect: no "points" (that is for two segments).
  EXPECT_FALSE(j["pairs"][2]["sat"].contains("points"));
}

TEST(Query, CollinearSegmentsPrintTwoPoints) {
  const std::string path = write_temp("collinear.json", R"({"version": 1, "shapes": [
    {"id": "A", "kind": "segment", "pos": [0, 0], "points": [[0, 0], [10, 0]]},
    {"id": "B", "kind": "segment", "pos": [0, 0], "points": [[5, 0], [20, 0]]}]})");
  const RunResult r = run("query --algo sat " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto sat_j = nlohmann::json::parse(r.out)["pairs"][0]["sat"];
  EXPECT_EQ(sat_j["points"], nlohmann::json::parse("[[5,0],[10,0]]"));
}

TEST(Query, RayNearestFirstWithInsideAndNormals) {
  const RunResult r = run("query --ray 100,150,700,150 " + asset("lines.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["scene"], asset("lines.json"));
  const auto& ray = j["ray"];
  EXPECT_EQ(ray["from"], nlohmann::json::parse("[100,150]"));
  EXPECT_EQ(ray["to"], nlohmann::json::parse("[700,150]"));
  const auto& hits = ray["hits"];
  ASSERT_EQ(hits.size(), 4u);
  EXPECT_EQ(hits[0]["id"], "P");
  EXPECT_EQ(hits[3]["id"], "R");
  EXPECT_NEAR(f(hits[3]["t"]), 410.0f / 600.0f, 1e-6f);
  float last = 0.0f;
  for (const auto& h : hits) {
    EXPECT_GE(f(h["t"]), last);
    last = f(h["t"]);
    const float nx = f(h["normal"][0]), ny = f(h["normal"][1]);
    EXPECT_NEAR(nx * nx + ny * ny, 1.0f, 1e-5f);
    EXPECT_LT(nx, 0.0f);  // facing the start, which is to the left
  }
  const RunResult in = run("query --ray 200,150,700,150 " + asset("lines.json"));
  ASSERT_EQ(in.status, 0) << in.err;
  const auto in_j = nlohmann::json::parse(in.out);
  const auto& first = in_j["ray"]["hits"][0];
  EXPECT_EQ(f(first["t"]), 0.0f);
  EXPECT_TRUE(first["inside"].get<bool>());
  EXPECT_FALSE(first.contains("normal"));
}

TEST(QueryErrors, BadRayValuesAreExit2WithAMessage) {
  const std::string scene = asset("lines.json");
  const std::pair<const char*, const char*> cases[] = {
      {"1,2,3", "is not four numbers"},
      {"1,2,3,4,5", "is not four numbers"},
      {"a,2,3,4", "X0 \"a\" is not a number"},
      {"1,2,3,", "Y1 \"\" is not a number"},
      {"1,nan,3,4", "Y0 \"nan\" is not a number"},
      {"1,2,inf,4", "X1 \"inf\" is not a number"},
      {"1,2,3,2e6", "Y1 2e6 is beyond +-1e6"},
      {"5,5,5,5", "the same point"},
  };
  for (const auto& [value, words] : cases) {
    const RunResult r = run(std::string("query --ray '") + value + "' " + scene);
    EXPECT_EQ(r.status, 2) << value;
    EXPECT_TRUE(r.out.empty()) << value;
    EXPECT_NE(r.err.find(words), std::string::npos) << value << ": " << r.err;
  }
  const RunResult none = run("query " + scene + " --ray");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("--ray needs X0,Y0,X1,Y1"), std::string::npos) << none.err;
  const RunResult mixed = run("query --ray 0,0,1,1 --algo sat " + scene);
  EXPECT_EQ(mixed.status, 2);
  EXPECT_NE(mixed.err.find("takes no --algo or --pairs"), std::string::npos) << mixed.err;
}

TEST(QueryErrors, ZeroLengthSegmentNamesShapeAndField) {
  const std::string path = write_temp("zero_segment.json", R"({"version": 1, "shapes": [
    {"id": "wall", "kind": "segment", "pos": [0, 0], "points": [[3, 4], [3, 4]]}]})");
  const RunResult r = run("query " + path);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("shape \"wall\", field \"points\": has zero length"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace hitbox
