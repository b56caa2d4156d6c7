// Broad phase: Hitbox's grid and sort-and-sweep beside Box2D 2.4's b2DynamicTree, on the same
// boxes doing the same random walk, in one process.
//
// One iteration is one frame: every box takes a step of its random walk, then the broad
// phase is brought up to date and gives every pair of boxes that overlap.
//   hitbox/grid, hitbox/sweep   broad_pairs() on the boxes (hitbox/broad_phase.h)
//   box2d/tree                  b2DynamicTree::MoveProxy for every box (fattened boxes: a
//                               proxy is re-inserted only when it leaves its fat box), then
//                               Query with every box's own box; a pair is kept when the two
//                               boxes themselves overlap and the other proxy's index is
//                               larger (so each pair once, as Hitbox gives them)
// Both give the same pairs (the first timed frame of each run checks the counts against
// each other). Box2D is fed the scene in its own units, 1 unit = 10 px, so that its fixed fat
// margin (b2_aabbExtension, 0.1 unit = 1 px) and the boxes (4-16 px = 0.4-1.6 units) are
// in the range it is tuned for.
//
// The world: n boxes 4-16 px across in a square of side 24 sqrt(n) px (the same density at
// every n). Each box has a velocity of at most 2 px per frame that takes a random kick every
// frame; boxes bounce off the square's sides.
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "hitbox/broad_phase.h"
#include "median_reporter.h"

namespace {

using hitbox::Aabb;
using hitbox::Vec2;

constexpr float kBox2dUnit = 10.0f;  // px per Box2D length unit
// Frames run before timing starts (the same for every method): the first frames re-insert
// every Box2D proxy (created without a predicted displacement) and sort the sweep from scratch.
constexpr int kWarmFrames = 10;

struct Walk {
  std::vector<Vec2> pos, vel, half;
  float side = 0.0f;
  std::uint64_t rng = 0x9E3779B97F4A7C15ull;

  explicit Walk(int n) {
    side = 24.0f * std::sqrt(float(n));
    std::mt19937 gen(1313);
    std::uniform_real_distribution<float> p(0.0f, side), v(-2.0f, 2.0f), h(2.0f, 8.0f);
    for (int i = 0; i < n; ++i) {
      pos.emplace_back(p(gen), p(gen));
      vel.emplace_back(v(gen), v(gen));
      half.emplace_back(h(gen), h(gen));
    }
  }
  float kick() {  // xorshift64: uniform in [-0.25, 0.25)
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return float(rng >> 40) * (0.5f / float(1 << 24)) - 0.25f;
  }
  void step() {
    for (std::size_t i = 0; i < pos.size(); ++i) {
      Vec2 v = vel[i] + Vec2(kick(), kick());
      v = glm::clamp(v, Vec2(-2.0f), Vec2(2.0f));
      Vec2 p = pos[i] + v;
      for (int a = 0; a < 2; ++a) {
        if (p[a] < 0.0f || p[a] > side) {
          v[a] = -v[a];
          p[a] = std::clamp(p[a], 0.0f, side);
        }
      }
      vel[i] = v;
      pos[i] = p;
    }
  }
  Aabb box(std::size_t i) const { return Aabb{pos[i] - half[i], pos[i] + half[i]}; }
};

std::map<int, std::int64_t> g_first_frame_pairs[4];  // [grid, sweep, tree, broadphase] by n

void bm_hitbox(benchmark::State& state, hitbox::BroadMethod method) {
  const int n = int(state.range(0));
  Walk walk(n);
  std::vector<Aabb> boxes(static_cast<std::size_t>(n));
  hitbox::BroadPhase bp;
  bp.method = method;
  std::vector<hitbox::BroadPair> pairs;
  std::int64_t candidates = 0, frames = 0;
  const auto frame = [&] {
    walk.step();
    for (std::size_t i = 0; i < boxes.size(); ++i) boxes[i] = walk.box(i);
    return hitbox::broad_pairs(boxes, &bp, &pairs);
  };
  for (int k = 0; k < kWarmFrames; ++k) frame();
  for (auto _ : state) {
    walk.step();
    for (std::size_t i = 0; i < boxes.size(); ++i) boxes[i] = walk.box(i);
    const hitbox::BroadStats s = hitbox::broad_pairs(boxes, &bp, &pairs);
    if (frames == 0)
      g_first_frame_pairs[method == hitbox::BroadMethod::Grid ? 0 : 1][n] = s.candidates;
    candidates += s.candidates;
    ++frames;
    benchmark::DoNotOptimize(pairs.data());
  }
  state.counters["pairs"] = double(candidates) / double(std::max<std::int64_t>(frames, 1));
  state.counters["all_pairs"] = double(n) * double(n - 1) / 2.0;
}

struct Collector {
  const b2DynamicTree* tree = nullptr;
  const std::vector<b2AABB>* exact = nullptr;  // in pixels: the test is exact
  std::vector<std::pair<int, int>>* out = nullptr;
  int self = 0;
  bool QueryCallback(int32 proxy) {
    const int other = int(reinterpret_cast<std::intptr_t>(tree->GetUserData(proxy)));
    if (other > self && b2TestOverlap((*exact)[std::size_t(self)], (*exact)[std::size_t(other)])) {
      out->emplace_back(self, other);
    }
    return true;
  }
};

b2AABB to_b2(const Aabb& a) {
  b2AABB b;
  b.lowerBound = b2Vec2(a.min.x / kBox2dUnit, a.min.y / kBox2dUnit);
  b.upperBound = b2Vec2(a.max.x / kBox2dUnit, a.max.y / kBox2dUnit);
  return b;
}

void bm_box2d(benchmark::State& state) {
  const int n = int(state.range(0));
  Walk walk(n);
  b2DynamicTree tree;
  std::vector<int32> proxy(static_cast<std::size_t>(n));
  std::vector<b2AABB> exact(static_cast<std::size_t>(n)), px(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < exact.size(); ++i) {
    exact[i] = to_b2(walk.box(i));
    proxy[i] = tree.CreateProxy(exact[i], reinterpret_cast<void*>(std::intptr_t(i)));
  }
  std::vector<std::pair<int, int>> pairs;
  Collector c{&tree, &px, &pairs, 0};
  std::int64_t candidates = 0, frames = 0;
  const auto frame = [&] {
    walk.step();
    for (std::size_t i = 0; i < exact.size(); ++i) {
      exact[i] = to_b2(walk.box(i));
      const Aabb a = walk.box(i);
      px[i].lowerBound = b2Vec2(a.min.x, a.min.y);
      px[i].upperBound = b2Vec2(a.max.x, a.max.y);
      const b2Vec2 d(walk.vel[i].x / kBox2dUnit, walk.vel[i].y / kBox2dUnit);
      tree.MoveProxy(proxy[i], exact[i], d);
    }
    pairs.clear();
    for (std::size_t i = 0; i < exact.size(); ++i) {
      c.self = int(i);
      tree.Query(&c, exact[i]);
    }
  };
  for (int k = 0; k < kWarmFrames; ++k) frame();
  for (auto _ : state) {
    walk.step();
    for (std::size_t i = 0; i < exact.size(); ++i) {
      exact[i] = to_b2(walk.box(i));
      const Aabb a = walk.box(i);
      px[i].lowerBound = b2Vec2(a.min.x, a.min.y);
      px[i].upperBound = b2Vec2(a.max.x, a.max.y);
      const b2Vec2 d(walk.vel[i].x / kBox2dUnit, walk.vel[i].y / kBox2dUnit);
      tree.MoveProxy(proxy[i], exact[i], d);
    }
    pairs.clear();
    for (std::size_t i = 0; i < exact.size(); ++i) {
      c.self = int(i);
      tree.Query(&c, exact[i]);
    }
    if (frames == 0) g_first_frame_pairs[2][n] = std::int64_t(pairs.size());
    candidates += std::int64_t(pairs.size());
    ++frames;
    benchmark::DoNotOptimize(pairs.data());
  }
  state.counters["pairs"] = double(candidates) / double(std::max<std::int64_t>(frames, 1));
  state.counters["all_pairs"] = double(n) * double(n - 1) / 2.0;
}

// Box2D as its world uses it: b2BroadPhase re-queries only the proxies that left their fat
// box (UpdatePairs), and the pairs found stay in a persistent set (the role of Box2D's
// contact manager) until their fat boxes part; each frame the set's pairs whose own boxes
// overlap are the answer.
struct PairKeeper {
  std::unordered_set<std::uint64_t>* kept = nullptr;
  void AddPair(void* a, void* b) {
    auto i = std::uint64_t(reinterpret_cast<std::uintptr_t>(a));
    auto j = std::uint64_t(reinterpret_cast<std::uintptr_t>(b));
    if (i > j) std::swap(i, j);
    kept->insert(i << 32 | j);
  }
};

void bm_box2d_broadphase(benchmark::State& state) {
  const int n = int(state.range(0));
  Walk walk(n);
  b2BroadPhase bp;
  std::vector<int32> proxy(static_cast<std::size_t>(n));
  std::vector<b2AABB> px(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < px.size(); ++i) {
    proxy[i] = bp.CreateProxy(to_b2(walk.box(i)), reinterpret_cast<void*>(std::uintptr_t(i)));
  }
  std::unordered_set<std::uint64_t> kept;
  PairKeeper keeper{&kept};
  std::vector<std::pair<int, int>> pairs;
  const auto frame = [&] {
    walk.step();
    for (std::size_t i = 0; i < px.size(); ++i) {
      const Aabb a = walk.box(i);
      px[i].lowerBound = b2Vec2(a.min.x, a.min.y);
      px[i].upperBound = b2Vec2(a.max.x, a.max.y);
      const b2Vec2 d(walk.vel[i].x / kBox2dUnit, walk.vel[i].y / kBox2dUnit);
      bp.MoveProxy(proxy[i], to_b2(a), d);
    }
    bp.UpdatePairs(&keeper);
    pairs.clear();
    for (auto it = kept.begin(); it != kept.end();) {
      const int i = int(*it >> 32), j = int(*it & 0xffffffffu);
      if (!bp.TestOverlap(proxy[std::size_t(i)], proxy[std::size_t(j)])) {
        it = kept.erase(it);
        continue;
      }
      if (b2TestOverlap(px[std::size_t(i)], px[std::size_t(j)])) pairs.emplace_back(i, j);
      ++it;
    }
  };
  for (int k = 0; k < kWarmFrames; ++k) frame();
  std::int64_t candidates = 0, frames = 0;
  for (auto _ : state) {
    frame();
    if (frames == 0) g_first_frame_pairs[3][n] = std::int64_t(pairs.size());
    candidates += std::int64_t(pairs.size());
    ++frames;
    benchmark::DoNotOptimize(pairs.data());
  }
  state.counters["pairs"] = double(candidates) / double(std::max<std::int64_t>(frames, 1));
  state.counters["all_pairs"] = double(n) * double(n - 1) / 2.0;
}

class TableReporter : public hitbox::bench::MedianReporter {
 public:
  void table() const {
    std::printf("\n%7s %8s %12s %9s %9s %10s %10s %9s %9s\n", "boxes", "pairs", "all pairs",
                "grid ms", "sweep ms", "b2tree ms", "b2bp ms", "grid/b2", "sweep/b2");
    for (const int n : {1000, 10000, 100000}) {
      const std::string a = std::to_string(n);
      const double g = time_of("hitbox/grid/" + a), s = time_of("hitbox/sweep/" + a);
      const double bt = time_of("box2d/tree/" + a), bb = time_of("box2d/broadphase/" + a);
      // The ratio is against the faster of the two ways of using Box2D.
      const double b = bt < 0 ? bb : (bb < 0 ? bt : std::min(bt, bb));
      if (b < 0) continue;
      const auto it = pairs_.find(a);
      std::printf("%7d %8.0f %12.0f %9.3f %9.3f %10.3f %10.3f %9.3f %9.3f\n", n,
                  it == pairs_.end() ? 0.0 : it->second, double(n) * (n - 1) / 2.0, g, s, bt, bb,
                  g > 0 ? g / b : -1.0, s > 0 ? s / b : -1.0);
      std::int64_t first = -1;
      bool same = true;
      for (int k = 0; k < 4; ++k) {
        const auto f = g_first_frame_pairs[k].find(n);
        if (f == g_first_frame_pairs[k].end()) continue;
        if (first >= 0 && f->second != first) same = false;
        first = f->second;
      }
      if (!same) {
        std::printf("  MISMATCH: the methods found different pairs on the first timed frame:");
        for (int k = 0; k < 4; ++k) {
          const auto f = g_first_frame_pairs[k].find(n);
          std::printf(" %lld", f == g_first_frame_pairs[k].end() ? -1LL : (long long)f->second);
        }
        std::printf("\n");
      }
    }
  }

 private:
  void kept(const Run& r) override {
    pairs_[r.run_name.args] = r.counters.count("pairs") ? double(r.counters.at("pairs")) : 0.0;
  }
  std::map<std::string, double> pairs_;
};

}  // namespace

int main(int argc, char** argv) {
  for (const int n : {1000, 10000, 100000}) {
    benchmark::RegisterBenchmark("hitbox/grid", bm_hitbox, hitbox::BroadMethod::Grid)
        ->Arg(n)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("hitbox/sweep", bm_hitbox, hitbox::BroadMethod::SortAndSweep)
        ->Arg(n)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("box2d/tree", bm_box2d)->Arg(n)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("box2d/broadphase", bm_box2d_broadphase)
        ->Arg(n)
        ->Unit(benchmark::kMillisecond);
  }
  TableReporter reporter;
  return hitbox::bench::run_with_table(reporter, argc, argv);
}
