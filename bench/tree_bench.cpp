// Hitbox's dynamic tree (hitbox/dynamic_tree.h, broad_tree.h) beside Box2D 2.4's
// b2DynamicTree and b2BroadPhase, on the same 10,000 boxes in one process.
//
//   build        a new tree, every box inserted in turn
//   move_small   every box moves back and forth along its own line at up to 0.3 px a frame,
//                its velocity passed as the displacement: most stay inside their fat boxes
//   move_large   every box jumps 40-80 px each frame (no displacement passed): all re-insert
//   query        1,000 boxes 8-32 px across, each proxy overlapping counted
//   ray_all      1,000 segments 50-300 px long, every fat box they meet counted
//   ray_closest  the same segments; the callback casts against the proxy's tight box (the
//                same slab code for both) and clips the segment to the hit
//   pairs        move_small's frame, then the pairs: broad_tree_update_pairs (the fresh pairs)
//                beside b2BroadPhase::UpdatePairs (every pair of a moved proxy)
// The table after the runs gives ns per operation: per box inserted or moved, per query, per
// ray, per box and frame for pairs. Box2D gets the boxes in its units, 1 unit = 10 px, so its
// fat margin (b2_aabbExtension, 0.1 unit) is 1 px, and Hitbox's tree is given 1 px too; both
// stretch a fat box by 4 times the displacement.
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "hitbox/broad_tree.h"
#include "hitbox/dynamic_tree.h"
#include "median_reporter.h"

namespace {

using hitbox::Aabb;
using hitbox::DynamicTree;
using hitbox::TreeRay;
using hitbox::Vec2;

constexpr int kBoxes = 10000;
constexpr int kQueries = 1000;
constexpr float kUnit = 10.0f;   // px per Box2D unit
constexpr float kMargin = 1.0f;  // px: Box2D's 0.1 unit
constexpr int kHalfPeriod = 16;  // frames a small-step box runs one way

struct World {
  std::vector<Aabb> home;  // tight boxes, px
  std::vector<Vec2> vel;   // small step per frame
  std::vector<Vec2> jump;  // large step
  std::vector<Aabb> queries;
  std::vector<TreeRay> rays;

  World() {
    const float side = 24.0f * std::sqrt(float(kBoxes));
    std::mt19937 gen(2024);
    std::uniform_real_distribution<float> p(0.0f, side), h(2.0f, 8.0f), v(-0.3f, 0.3f),
        q(4.0f, 16.0f), len(50.0f, 300.0f), ang(0.0f, 6.2831853f), j(40.0f, 80.0f);
    for (int i = 0; i < kBoxes; ++i) {
      const Vec2 c(p(gen), p(gen)), e(h(gen), h(gen));
      home.push_back(Aabb{c - e, c + e});
      vel.emplace_back(v(gen), v(gen));
      const float a = ang(gen), r = j(gen);
      jump.emplace_back(r * std::cos(a), r * std::sin(a));
    }
    for (int i = 0; i < kQueries; ++i) {
      const Vec2 c(p(gen), p(gen)), e(q(gen), q(gen));
      queries.push_back(Aabb{c - e, c + e});
      const float a = ang(gen), r = len(gen);
      rays.push_back(TreeRay{Vec2(p(gen), p(gen)), Vec2(r * std::cos(a), r * std::sin(a)), 1.0f});
    }
  }
  // The small-step walk: frame f's box and its velocity (a triangle wave about home).
  Aabb small(int i, int f, Vec2* d) const {
    const int phase = f % (2 * kHalfPeriod);
    const float s = float(phase < kHalfPeriod ? phase : 2 * kHalfPeriod - phase);
    *d = phase < kHalfPeriod ? vel[std::size_t(i)] : -vel[std::size_t(i)];
    const Vec2 o = s * vel[std::size_t(i)];
    return Aabb{home[std::size_t(i)].min + o, home[std::size_t(i)].max + o};
  }
  Aabb large(int i, int f) const {
    const Vec2 o = (f & 1) != 0 ? jump[std::size_t(i)] : Vec2(0.0f);
    return Aabb{home[std::size_t(i)].min + o, home[std::size_t(i)].max + o};
  }
};

const World& world() {
  static const World w;
  return w;
}

b2AABB to_b2(const Aabb& a) {
  b2AABB b;
  b.lowerBound = b2Vec2(a.min.x / kUnit, a.min.y / kUnit);
  b.upperBound = b2Vec2(a.max.x / kUnit, a.max.y / kUnit);
  return b;
}

// The closest-hit callbacks' exact cast, shared: where the segment enters a box, or -1.
float slab(Vec2 o, Vec2 d, float max, Vec2 lo, Vec2 hi) {
  float t0 = 0.0f, t1 = max;
  for (int a = 0; a < 2; ++a) {
    if (d[a] == 0.0f) {
      if (o[a] < lo[a] || o[a] > hi[a]) return -1.0f;
      continue;
    }
    const float inv = 1.0f / d[a];
    float u = (lo[a] - o[a]) * inv, v = (hi[a] - o[a]) * inv;
    if (u > v) std::swap(u, v);
    t0 = std::max(t0, u);
    t1 = std::min(t1, v);
  }
  return t0 <= t1 ? t0 : -1.0f;
}

std::map<std::string, double> g_ops;  // operations per iteration, by benchmark name

// ---------------------------------------------------------------- Hitbox

DynamicTree hitbox_tree(std::vector<int>* ids = nullptr) {
  DynamicTree t;
  t.margin = kMargin;
  for (int i = 0; i < kBoxes; ++i) {
    const int id = hitbox::tree_create_proxy(&t, world().home[std::size_t(i)], i);
    if (ids) ids->push_back(id);
  }
  return t;
}

void hb_build(benchmark::State& state) {
  for (auto _ : state) {
    DynamicTree t = hitbox_tree();
    benchmark::DoNotOptimize(t.root);
  }
  state.counters["height"] = double(hitbox::tree_height(hitbox_tree()));
}

void hb_move(benchmark::State& state, bool large) {
  std::vector<int> ids;
  DynamicTree t = hitbox_tree(&ids);
  int f = 0;
  std::int64_t moved = 0, frames = 0;
  for (auto _ : state) {
    ++f;
    for (int i = 0; i < kBoxes; ++i) {
      Vec2 d(0.0f);
      const Aabb b = large ? world().large(i, f) : world().small(i, f, &d);
      moved += hitbox::tree_move_proxy(&t, ids[std::size_t(i)], b, d) ? 1 : 0;
    }
    ++frames;
  }
  state.counters["reinserted"] = double(moved) / double(frames * kBoxes);
  state.counters["height"] = double(hitbox::tree_height(t));
}

void hb_query(benchmark::State& state) {
  const DynamicTree t = hitbox_tree();
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (const Aabb& q : world().queries) {
      hitbox::tree_query(t, q, [&](int) {
        ++hits;
        return true;
      });
    }
  }
  state.counters["hits"] = double(hits) / double(state.iterations() * kQueries);
  state.counters["area"] = double(hitbox::tree_area_ratio(t));
  state.counters["height"] = double(hitbox::tree_height(t));
}

void hb_ray(benchmark::State& state, bool closest) {
  const DynamicTree t = hitbox_tree();
  const std::vector<Aabb>& tight = world().home;
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (const TreeRay& r : world().rays) {
      hitbox::tree_ray_cast(t, r, [&](const TreeRay& in, int p) {
        ++hits;
        if (!closest) return in.max_fraction;
        const Aabb& b = tight[std::size_t(hitbox::tree_user(t, p))];
        return slab(in.origin, in.translation, in.max_fraction, b.min, b.max);
      });
    }
  }
  state.counters["calls"] = double(hits) / double(state.iterations() * kQueries);
}

void hb_pairs(benchmark::State& state) {
  hitbox::BroadTree bt;
  bt.tree.margin = kMargin;
  for (int i = 0; i < kBoxes; ++i) hitbox::broad_tree_add(&bt, i, world().home[std::size_t(i)]);
  std::vector<hitbox::BroadPair> fresh;
  hitbox::broad_tree_update_pairs(&bt, &fresh);
  int f = 0;
  std::int64_t found = 0;
  for (auto _ : state) {
    ++f;
    for (int i = 0; i < kBoxes; ++i) {
      Vec2 d;
      const Aabb b = world().small(i, f, &d);
      hitbox::broad_tree_move(&bt, i, b, d);
    }
    hitbox::broad_tree_update_pairs(&bt, &fresh);
    found += std::int64_t(fresh.size());
  }
  state.counters["pairs"] = double(found) / double(state.iterations());
}

// ---------------------------------------------------------------- Box2D

void b2_fill(b2DynamicTree* t, std::vector<int32>* ids = nullptr) {
  for (int i = 0; i < kBoxes; ++i) {
    const int32 id = t->CreateProxy(to_b2(world().home[std::size_t(i)]),
                                    reinterpret_cast<void*>(std::intptr_t(i)));
    if (ids) ids->push_back(id);
  }
}

void b2_build(benchmark::State& state) {
  for (auto _ : state) {
    b2DynamicTree t;
    b2_fill(&t);
    benchmark::DoNotOptimize(t.GetHeight());
  }
  b2DynamicTree t;
  b2_fill(&t);
  state.counters["height"] = double(t.GetHeight());
}

void b2_move(benchmark::State& state, bool large) {
  b2DynamicTree t;
  std::vector<int32> ids;
  b2_fill(&t, &ids);
  int f = 0;
  std::int64_t moved = 0, frames = 0;
  for (auto _ : state) {
    ++f;
    for (int i = 0; i < kBoxes; ++i) {
      Vec2 d(0.0f);
      const Aabb b = large ? world().large(i, f) : world().small(i, f, &d);
      moved += t.MoveProxy(ids[std::size_t(i)], to_b2(b), b2Vec2(d.x / kUnit, d.y / kUnit)) ? 1 : 0;
    }
    ++frames;
  }
  state.counters["reinserted"] = double(moved) / double(frames * kBoxes);
  state.counters["height"] = double(t.GetHeight());
}

struct B2Counter {
  std::int64_t hits = 0;
  bool QueryCallback(int32) {
    ++hits;
    return true;
  }
};

void b2_query(benchmark::State& state) {
  b2DynamicTree t;
  b2_fill(&t);
  std::vector<b2AABB> qs;
  for (const Aabb& q : world().queries) qs.push_back(to_b2(q));
  B2Counter c;
  for (auto _ : state) {
    for (const b2AABB& q : qs) t.Query(&c, q);
  }
  state.counters["hits"] = double(c.hits) / double(state.iterations() * kQueries);
  state.counters["area"] = double(t.GetAreaRatio());
  state.counters["height"] = double(t.GetHeight());
}

struct B2Ray {
  const b2DynamicTree* tree = nullptr;
  const std::vector<Aabb>* tight = nullptr;
  bool closest = false;
  std::int64_t hits = 0;
  float RayCastCallback(const b2RayCastInput& in, int32 proxy) {
    ++hits;
    if (!closest) return in.maxFraction;
    const Aabb& b =
        (*tight)[std::size_t(reinterpret_cast<std::intptr_t>(tree->GetUserData(proxy)))];
    const Vec2 o(in.p1.x * kUnit, in.p1.y * kUnit);
    const Vec2 d((in.p2.x - in.p1.x) * kUnit, (in.p2.y - in.p1.y) * kUnit);
    return slab(o, d, in.maxFraction, b.min, b.max);
  }
};

void b2_ray(benchmark::State& state, bool closest) {
  b2DynamicTree t;
  b2_fill(&t);
  std::vector<b2RayCastInput> rays;
  for (const TreeRay& r : world().rays) {
    b2RayCastInput in;
    in.p1 = b2Vec2(r.origin.x / kUnit, r.origin.y / kUnit);
    in.p2 = b2Vec2((r.origin.x + r.translation.x) / kUnit, (r.origin.y + r.translation.y) / kUnit);
    in.maxFraction = r.max_fraction;
    rays.push_back(in);
  }
  B2Ray cb{&t, &world().home, closest, 0};
  for (auto _ : state) {
    for (const b2RayCastInput& in : rays) t.RayCast(&cb, in);
  }
  state.counters["calls"] = double(cb.hits) / double(state.iterations() * kQueries);
}

struct B2Pairs {
  std::int64_t found = 0;
  void AddPair(void*, void*) { ++found; }
};

void b2_pairs(benchmark::State& state) {
  b2BroadPhase bp;
  std::vector<int32> ids;
  for (int i = 0; i < kBoxes; ++i) {
    ids.push_back(bp.CreateProxy(to_b2(world().home[std::size_t(i)]),
                                 reinterpret_cast<void*>(std::intptr_t(i))));
  }
  B2Pairs cb;
  bp.UpdatePairs(&cb);
  cb.found = 0;
  int f = 0;
  for (auto _ : state) {
    ++f;
    for (int i = 0; i < kBoxes; ++i) {
      Vec2 d;
      const Aabb b = world().small(i, f, &d);
      bp.MoveProxy(ids[std::size_t(i)], to_b2(b), b2Vec2(d.x / kUnit, d.y / kUnit));
    }
    bp.UpdatePairs(&cb);
  }
  state.counters["pairs"] = double(cb.found) / double(state.iterations());
}

// ---------------------------------------------------------------- table

const char* const kRows[] = {"build",   "move_small",  "move_large", "query",
                             "ray_all", "ray_closest", "pairs"};

class TableReporter : public hitbox::bench::MedianReporter {
 public:
  void table() const {
    std::printf("\n%-12s %12s %12s %9s   (ns per op; op: %d boxes, %d queries or rays)\n", "",
                "hitbox ns", "box2d ns", "hb/b2", kBoxes, kQueries);
    for (const char* row : kRows) {
      const std::string h = std::string("hitbox/") + row, b = std::string("box2d/") + row;
      const double th = time_of(h), tb = time_of(b);
      if (th < 0 && tb < 0) continue;
      const double nh = th < 0 ? -1 : th / g_ops.at(h), nb = tb < 0 ? -1 : tb / g_ops.at(b);
      std::printf("%-12s %12.2f %12.2f %9.3f\n", row, nh, nb, nh > 0 && nb > 0 ? nh / nb : -1.0);
    }
  }
};

template <class F>
void add(const std::string& name, double ops, F f) {
  g_ops[name] = ops;
  benchmark::RegisterBenchmark(name.c_str(), f)->Unit(benchmark::kNanosecond);
}

}  // namespace

int main(int argc, char** argv) {
  add("hitbox/build", kBoxes, hb_build);
  add("box2d/build", kBoxes, b2_build);
  add("hitbox/move_small", kBoxes, [](benchmark::State& s) { hb_move(s, false); });
  add("box2d/move_small", kBoxes, [](benchmark::State& s) { b2_move(s, false); });
  add("hitbox/move_large", kBoxes, [](benchmark::State& s) { hb_move(s, true); });
  add("box2d/move_large", kBoxes, [](benchmark::State& s) { b2_move(s, true); });
  add("hitbox/query", kQueries, hb_query);
  add("box2d/query", kQueries, b2_query);
  add("hitbox/ray_all", kQueries, [](benchmark::State& s) { hb_ray(s, false); });
  add("box2d/ray_all", kQueries, [](benchmark::State& s) { b2_ray(s, false); });
  add("hitbox/ray_closest", kQueries, [](benchmark::State& s) { hb_ray(s, true); });
  add("box2d/ray_closest", kQueries, [](benchmark::State& s) { b2_ray(s, true); });
  add("hitbox/pairs", kBoxes, hb_pairs);
  add("box2d/pairs", kBoxes, b2_pairs);
  TableReporter reporter;
  return hitbox::bench::run_with_table(reporter, argc, argv);
}
