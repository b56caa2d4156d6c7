// `hitbox query` on every bundled scene, compared byte for byte with the output saved in
// tests/data/query_expected/ before the algorithm dispatcher replaced the report's own switch
// (issue 8): refactoring the core must not change a single answer `query` prints.
//
// To regenerate after a deliberate change of the report, from the repository root:
//   build/release/hitbox query assets/scenes/NAME.json > tests/data/query_expected/NAME.jsonl
// (lessons/ likewise; sprites_accuracy_0.5.jsonl with --accuracy 0.5 on sprites.json).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/run_binary.h"

namespace hitbox {
namespace {

namespace fs = std::filesystem;

struct Golden {
  std::string scene;     // relative to the repository root, as printed in "scene"
  std::string flags;     // extra query flags
  std::string expected;  // relative to tests/data/query_expected/
};

// Runs the query from the repository root so the printed scene paths are the relative ones.
test::RunResult run_query(const Golden& g) {
  return test::run_command("cd " + std::string(HITBOX_SOURCE_DIR) +
                               " && env -u DISPLAY -u WAYLAND_DISPLAY " + HITBOX_BIN + " query " +
                               g.flags + (g.flags.empty() ? "" : " ") + g.scene,
                           "hitbox_query_golden");
}

std::vector<Golden> goldens() {
  std::vector<Golden> out;
  const fs::path root(HITBOX_SOURCE_DIR);
  for (const char* sub : {"", "lessons"}) {
    const fs::path dir = root / "assets/scenes" / sub;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
      // The stress scenes (1,000 shapes: half a million pairs) are for the frame and play
      // benchmarks; their query output is not stored. tests/simulation_test.cpp loads and
      // runs them.
      if (entry.path().stem().string().starts_with("stress_")) continue;
      const fs::path rel = fs::path(sub) / entry.path().stem();
      out.push_back(
          {(fs::path("assets/scenes") / rel).string() + ".json", "", rel.string() + ".jsonl"});
    }
  }
  out.push_back({"assets/scenes/sprites.json", "--accuracy 0.5", "sprites_accuracy_0.5.jsonl"});
  return out;
}

TEST(QueryGolden, EveryBundledSceneHasSavedOutput) {
  // A new bundled scene needs its saved output too; 31 scenes plus the accuracy run today.
  const std::vector<Golden> all = goldens();
  EXPECT_EQ(all.size(), 32u);
  for (const Golden& g : all) {
    EXPECT_TRUE(fs::exists(fs::path(HITBOX_SOURCE_DIR) / "tests/data/query_expected" / g.expected))
        << g.scene << " has no saved output " << g.expected;
  }
}

TEST(QueryGolden, EveryBundledSceneByteForByte) {
  for (const Golden& g : goldens()) {
    SCOPED_TRACE(g.scene + " " + g.flags);
    const std::string expected =
        test::slurp(std::string(HITBOX_SOURCE_DIR) + "/tests/data/query_expected/" + g.expected);
    ASSERT_FALSE(expected.empty());
    const test::RunResult r = run_query(g);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, expected);
  }
}

}  // namespace
}  // namespace hitbox
