// The broad phases (core/collide/src/broad_phase.cpp) against every pair compared one by one, over
// thousands of seeded random scenes that move for several frames with the same state (so the
// kept sweep order, the grid's scratch and the tree's kept pairs are exercised), mirrored and
// scaled.
#include "hitbox/broad_phase.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using hitbox::Aabb;
using hitbox::BroadMethod;
using hitbox::BroadPair;
using hitbox::BroadPhase;
using hitbox::BroadStats;
using hitbox::Vec2;

// The reference: every pair, the closed-interval test written out in doubles.
std::vector<BroadPair> every_pair(const std::vector<Aabb>& boxes) {
  std::vector<BroadPair> out;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      const Aabb& a = boxes[i];
      const Aabb& b = boxes[j];
      const bool x = double(a.min.x) <= double(b.max.x) && double(b.min.x) <= double(a.max.x);
      const bool y = double(a.min.y) <= double(b.max.y) && double(b.min.y) <= double(a.max.y);
      if (x && y) out.push_back(BroadPair{int(i), int(j)});
    }
  }
  return out;
}

std::vector<BroadPair> sorted(std::vector<BroadPair> v) {
  std::sort(v.begin(), v.end(),
            [](BroadPair p, BroadPair q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
  return v;
}

// A random scene: boxes on a coarse lattice (so shared and touching edges are common), a
// few zero-size boxes and a few boxes much larger than the rest (floors, walls).
std::vector<Aabb> random_boxes(std::mt19937& rng, int n, float world) {
  std::uniform_real_distribution<float> pos(0.0f, world);
  std::uniform_int_distribution<int> lattice(0, int(world / 4.0f));
  std::uniform_real_distribution<float> size(0.0f, 40.0f);
  std::uniform_int_distribution<int> kind(0, 19);
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i) {
    const int k = kind(rng);
    Vec2 lo, ext;
    if (k < 6) {  // on the lattice, integer sizes: edges meet exactly
      lo = Vec2(float(lattice(rng) * 4), float(lattice(rng) * 4));
      ext = Vec2(float(int(size(rng)) / 4 * 4), float(int(size(rng)) / 4 * 4));
    } else if (k == 6) {  // a point
      lo = Vec2(pos(rng), pos(rng));
      ext = Vec2(0.0f, 0.0f);
    } else if (k == 7) {  // a floor or a wall
      lo = Vec2(pos(rng) - world / 2, pos(rng));
      ext = (rng() & 1) != 0 ? Vec2(world, 8.0f) : Vec2(8.0f, world);
    } else {
      lo = Vec2(pos(rng), pos(rng));
      ext = Vec2(size(rng), size(rng));
    }
    boxes.push_back(Aabb{lo, lo + ext});
  }
  return boxes;
}

// Each scene moves for a few frames; both methods keep their state over the frames.
void check_method(BroadMethod method, std::uint32_t seed, int scenes) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> count(0, 150);
  std::uniform_real_distribution<float> step(-6.0f, 6.0f);
  std::vector<BroadPair> got;
  std::int64_t total = 0;
  for (int s = 0; s < scenes; ++s) {
    BroadPhase bp;
    bp.method = method;
    const float world = (s % 3 == 0) ? 100.0f : 600.0f;
    std::vector<Aabb> boxes = random_boxes(rng, count(rng), world);
    for (int frame = 0; frame < 5; ++frame) {
      const std::vector<BroadPair> want = every_pair(boxes);
      const BroadStats stats = hitbox::broad_pairs(boxes, &bp, &got);
      ASSERT_EQ(sorted(got), want) << "seed " << seed << " scene " << s << " frame " << frame
                                   << " method " << hitbox::broad_method_name(method);
      ASSERT_EQ(stats.candidates, std::int64_t(want.size()));
      ASSERT_EQ(stats.all_pairs, std::int64_t(boxes.size()) * (std::int64_t(boxes.size()) - 1) / 2);
      for (const BroadPair& p : got) ASSERT_LT(p.a, p.b);
      // The tree's pairs come sorted (play mode skips its sort for them).
      if (method == BroadMethod::Tree) {
        ASSERT_EQ(got, want) << "scene " << s << " unsorted";
      }
      total += std::int64_t(want.size());

      // Mirrored (x -> -x) and scaled by 4 (exact in floats): the same pairs.
      std::vector<Aabb> mirrored, scaled;
      for (const Aabb& b : boxes) {
        mirrored.push_back(Aabb{Vec2(-b.max.x, b.min.y), Vec2(-b.min.x, b.max.y)});
        scaled.push_back(Aabb{b.min * 4.0f, b.max * 4.0f});
      }
      BroadPhase fresh;
      fresh.method = method;
      hitbox::broad_pairs(mirrored, &fresh, &got);
      ASSERT_EQ(sorted(got), want) << "mirrored, seed " << seed << " scene " << s;
      hitbox::broad_pairs(scaled, &fresh, &got);
      ASSERT_EQ(sorted(got), want) << "scaled, seed " << seed << " scene " << s;

      // The random walk: every box moves, some by whole lattice steps.
      for (Aabb& b : boxes) {
        const Vec2 d = (rng() % 4 == 0) ? Vec2(float(int(step(rng))), float(int(step(rng))))
                                        : Vec2(step(rng), step(rng));
        b.min += d;
        b.max += d;
      }
    }
  }
  EXPECT_GT(total, scenes * 5);  // the scenes do overlap
}

TEST(BroadPhase, SweepMatchesEveryPairOverRandomMovingScenes) {
  check_method(BroadMethod::SortAndSweep, 1301, 2000);
}

TEST(BroadPhase, GridMatchesEveryPairOverRandomMovingScenes) {
  check_method(BroadMethod::Grid, 1302, 2000);
}

TEST(BroadPhase, TreeMatchesEveryPairOverRandomMovingScenes) {
  check_method(BroadMethod::Tree, 1304, 2000);
}

// One tree state over scenes of different sizes one after another, as the window's edits
// add and remove shapes: the kept pairs of boxes that went away never come back.
TEST(BroadPhase, TreeKeepsNoPairOfBoxesThatWentAway) {
  std::mt19937 rng(1305);
  std::uniform_int_distribution<int> count(0, 120);
  BroadPhase bp;
  bp.method = BroadMethod::Tree;
  std::vector<BroadPair> got;
  std::vector<Aabb> boxes = random_boxes(rng, 80, 300.0f);
  for (int call = 0; call < 600; ++call) {
    const int n = count(rng);
    if (call % 3 == 0) {
      boxes = random_boxes(rng, n, 300.0f);  // a new scene
    } else {
      boxes.resize(std::min(boxes.size(), std::size_t(n)));  // some removed, some added
      const std::vector<Aabb> more = random_boxes(rng, n - int(boxes.size()), 300.0f);
      boxes.insert(boxes.end(), more.begin(), more.end());
    }
    hitbox::broad_pairs(boxes, &bp, &got);
    ASSERT_EQ(got, every_pair(boxes)) << "call " << call << ", " << boxes.size() << " boxes";
  }
}

// Hand-worked: a box that stays inside its fat box (4 px on each side) is not looked up
// again and keeps its pair; one that leaves it is.
TEST(BroadPhase, TreeLooksUpOnlyBoxesThatLeftTheirFatBoxes) {
  std::vector<Aabb> boxes = {Aabb{{0, 0}, {10, 10}}, Aabb{{12, 0}, {22, 10}},
                             Aabb{{100, 0}, {110, 10}}};
  BroadPhase bp;
  bp.method = BroadMethod::Tree;
  std::vector<BroadPair> got;
  hitbox::BroadTrace trace;
  hitbox::broad_pairs(boxes, &bp, &got, &trace);
  EXPECT_EQ(trace.tree.refitted, (std::vector<int>{0, 1, 2}));  // all new
  EXPECT_TRUE(got.empty());                                     // 2 px apart
  EXPECT_EQ(trace.tree.kept, 1);                                // fat boxes meet: 0-1
  boxes[1].min.x -= 2.0f, boxes[1].max.x -= 2.0f;               // touches box 0 now
  hitbox::broad_pairs(boxes, &bp, &got, &trace);
  EXPECT_TRUE(trace.tree.refitted.empty());
  EXPECT_EQ(got, (std::vector<BroadPair>{{0, 1}}));
  boxes[2].min.x -= 80.0f, boxes[2].max.x -= 80.0f;  // to x 20-30: overlaps box 1
  hitbox::broad_pairs(boxes, &bp, &got, &trace);
  EXPECT_EQ(trace.tree.refitted, (std::vector<int>{2}));
  EXPECT_EQ(got, (std::vector<BroadPair>{{0, 1}, {1, 2}}));
  ASSERT_EQ(trace.tree.fat.size(), 3u);
  EXPECT_EQ(trace.tree.fat[2].min.x, 16.0f);
  EXPECT_EQ(trace.tree.fat[2].max.x, 34.0f);
}

TEST(BroadPhase, GridWithFixedCellSizesMatchesEveryPair) {
  std::mt19937 rng(1303);
  std::vector<BroadPair> got;
  for (const float cell : {0.5f, 3.0f, 17.0f, 250.0f, 5000.0f}) {
    for (int s = 0; s < 200; ++s) {
      const std::vector<Aabb> boxes = random_boxes(rng, 80, 300.0f);
      hitbox::GridState state;
      hitbox::grid_pairs(boxes, hitbox::GridOptions{cell}, &state, &got);
      ASSERT_EQ(sorted(got), every_pair(boxes)) << "cell " << cell << " scene " << s;
    }
  }
}

// Hand-made: three boxes in a row touching edge to edge, one far away.
TEST(BroadPhase, TouchingBoxesArePairsAndTheCountsAddUp) {
  const std::vector<Aabb> boxes = {Aabb{{0, 0}, {10, 10}}, Aabb{{10, 0}, {20, 10}},
                                   Aabb{{20, 10}, {30, 20}}, Aabb{{100, 100}, {110, 110}}};
  const std::vector<BroadPair> want = {{0, 1}, {1, 2}};
  for (const BroadMethod m : hitbox::kBroadMethods) {
    BroadPhase bp;
    bp.method = m;
    std::vector<BroadPair> got;
    hitbox::BroadTrace trace;
    const BroadStats stats = hitbox::broad_pairs(boxes, &bp, &got, &trace);
    EXPECT_EQ(sorted(got), want) << hitbox::broad_method_name(m);
    EXPECT_EQ(stats.all_pairs, 6);
    EXPECT_EQ(stats.candidates, 2);
    if (m == BroadMethod::Tree) {
      // Each box against its fat box (4); no pair kept from a call before to see whether
      // its fat boxes still meet; then the two pairs of fat boxes, for the boxes themselves.
      EXPECT_EQ(stats.box_tests, 6);
      EXPECT_EQ(trace.tree.fat.size(), 4u);
      EXPECT_EQ(trace.tree.kept, 2);
      continue;
    }
    EXPECT_LE(stats.box_tests, 6);
    if (m == BroadMethod::SortAndSweep) {
      // The sweep compares each box with those whose min x lies inside its x interval:
      // 0 with 1 (10 <= 10), 1 with 2 (20 <= 20), 2 with nothing, 3 with nothing.
      ASSERT_EQ(trace.sweep.intervals.size(), 4u);
      EXPECT_EQ(trace.sweep.intervals[0].box, 0);
      EXPECT_EQ(trace.sweep.intervals[0].compared, 1);
      EXPECT_EQ(trace.sweep.intervals[2].compared, 0);
      EXPECT_EQ(stats.box_tests, 2);
    } else {
      EXPECT_GT(trace.grid.cell, 0.0f);
      int listed = 0;
      for (const hitbox::GridCell& c : trace.grid.cells) listed += c.count;
      EXPECT_GE(listed, 4);
    }
  }
}

}  // namespace
