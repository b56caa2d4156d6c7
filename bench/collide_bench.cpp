// Collision benchmarks: nanoseconds per query for each algorithm and kind pair.
//
// What is measured (details in bench/README.md):
//   * Each kind pair has one data set, built lazily on first use and shared by every
//     benchmark of that kind pair: a pool of kPoolSize posed shapes (Colliders contiguous, all
//     vertex/normal/axis storage in one arena; 835 KB for the octagons, the largest, so it
//     stays in a 1 MB L2) and a stream of kPairCount index pairs into the pool.
//   * Exactly half of the pairs overlap (classified with hitbox::sat) and the stream is
//     shuffled with a fixed seed, so branch prediction cannot learn the answer.
//   * One benchmark iteration = one query on the next pair of the stream (wrapping around).
//     The Time column is therefore ns per query; BM_PairLoad is the loop with no query.
// Everything is seeded: the same binary builds the same data sets on every run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/concave.h"
#include "hitbox/manifold.h"
#include "hitbox/ray.h"
#include "hitbox/shape.h"

namespace {

using hitbox::Collider;
using hitbox::DVec2;
using hitbox::Kind;
using hitbox::Shape;
using hitbox::Vec2;

// Shapes per data set. An octagon takes 544 B (a 192-B Collider, 40 Vec2 slots, 8 ints): 1536 of
// them fill 835 KB of a 1 MB L2 (bench/README.md, "Pool in L2").
constexpr int kPoolSize = 1536;
constexpr std::size_t kPairCount = 1'000'000;
constexpr std::uint32_t kSeed = 0x48697462;  // "Hitb"
constexpr double kTwoPi = 6.283185307179586;

enum class KindPair : int {
  RectRect,
  OctagonOctagon,
  CircleRect,
  CircleCircle,
  SegmentSegment,
  CircleSegment,
  CapsuleCapsule,
  CapsuleRect,
  CapsuleCircle
};
constexpr std::array<KindPair, 9> kKindPairs = {
    KindPair::RectRect,       KindPair::OctagonOctagon, KindPair::CircleRect,
    KindPair::CircleCircle,   KindPair::SegmentSegment, KindPair::CircleSegment,
    KindPair::CapsuleCapsule, KindPair::CapsuleRect,    KindPair::CapsuleCircle};

bool has_capsule(KindPair kp) {
  return kp == KindPair::CapsuleCapsule || kp == KindPair::CapsuleRect ||
         kp == KindPair::CapsuleCircle;
}

const char* kind_pair_name(KindPair kp) {
  switch (kp) {
    case KindPair::RectRect:
      return "rect_rect";
    case KindPair::OctagonOctagon:
      return "octagon_octagon";
    case KindPair::CircleRect:
      return "circle_rect";
    case KindPair::CircleCircle:
      return "circle_circle";
    case KindPair::SegmentSegment:
      return "segment_segment";
    case KindPair::CircleSegment:
      return "circle_segment";
    case KindPair::CapsuleCapsule:
      return "capsule_capsule";
    case KindPair::CapsuleRect:
      return "capsule_rect";
    case KindPair::CapsuleCircle:
      return "capsule_circle";
  }
  return "?";
}

// std::mt19937 is fully specified; the std distributions are not, so the few conversions
// needed are written out here to keep the data sets identical across standard libraries.
class Rng {
 public:
  explicit Rng(std::uint32_t seed) : gen_(seed) {}
  double unit() { return static_cast<double>(gen_()) * (1.0 / 4294967296.0); }  // [0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  // [0, n) by multiply-shift; the bias (n / 2^32) is irrelevant here.
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>((std::uint64_t{gen_()} * n) >> 32);
  }
  bool coin() { return (gen_() >> 31) != 0; }

 private:
  std::mt19937 gen_;
};

// ---- shape generation ----

// Side of the square the shape positions are drawn from. Shapes are 20-100 px across, so
// a random pair in a square of this size overlaps roughly a third of the time, which keeps
// the rejection sampling below cheap.
constexpr double kRegion = 130.0;
constexpr double kMaxSpeed = 60.0;  // px per step, for the swept test

void place(Shape& s, Rng& rng) {
  s.pos = DVec2(rng.uniform(0.0, kRegion), rng.uniform(0.0, kRegion));
  s.angle = rng.uniform(0.0, 360.0);
  s.scale = rng.uniform(0.75, 1.5);
  s.mirror_x = rng.coin();
  s.mirror_y = rng.coin();
  const double heading = rng.uniform(0.0, kTwoPi);
  const double speed = rng.uniform(0.0, kMaxSpeed);
  s.vel = DVec2(speed * std::cos(heading), speed * std::sin(heading));
}

Shape make_rect(Rng& rng) {
  Shape s;
  s.kind = Kind::Rect;
  s.size = DVec2(rng.uniform(24.0, 72.0), rng.uniform(24.0, 72.0));
  place(s, rng);
  return s;
}

Shape make_circle(Rng& rng) {
  Shape s;
  s.kind = Kind::Circle;
  s.radius = rng.uniform(12.0, 36.0);
  place(s, rng);
  return s;
}

// A segment 40-120 px long through its pos (the shapes' sizes, stretched to one dimension).
Shape make_segment(Rng& rng) {
  Shape s;
  s.kind = Kind::Segment;
  const double half = rng.uniform(20.0, 60.0);
  const double off = rng.uniform(-0.3, 0.3) * half;  // pos not always at the middle
  s.points = {DVec2(-half + off, 0.0), DVec2(half + off, 0.0)};
  place(s, rng);
  return s;
}

// A capsule: a segment 30-90 px long through its pos, grown by 8-24 px (20-100 px across).
Shape make_capsule(Rng& rng) {
  Shape s;
  s.kind = Kind::Capsule;
  const double half = rng.uniform(15.0, 45.0);
  const double off = rng.uniform(-0.3, 0.3) * half;
  s.points = {DVec2(-half + off, 0.0), DVec2(half + off, 0.0)};
  s.radius = rng.uniform(8.0, 24.0);
  place(s, rng);
  return s;
}

// Every turn of the closed polygon goes the same way, with a margin against collinearity.
bool strictly_convex(const std::vector<DVec2>& p, double margin) {
  const std::size_t n = p.size();
  for (std::size_t i = 0; i < n; ++i) {
    const DVec2 d0 = p[(i + 1) % n] - p[i];
    const DVec2 d1 = p[(i + 2) % n] - p[(i + 1) % n];
    if (d0.x * d1.y - d0.y * d1.x <= margin) return false;
  }
  return true;
}

// A regular-ish octagon: vertex angles and radii jittered around a regular one. The angles
// stay increasing (jitter below half a step), so the polygon is simple; convexity is checked
// and the draw repeated if it fails.
Shape make_octagon(Rng& rng) {
  Shape s;
  s.kind = Kind::Polygon;
  constexpr int kSides = 8;
  constexpr double kStep = kTwoPi / kSides;
  for (;;) {
    const double r = rng.uniform(16.0, 40.0);
    const double phase = rng.uniform(0.0, kStep);
    s.points.clear();
    for (int k = 0; k < kSides; ++k) {
      const double a = phase + kStep * (k + rng.uniform(-0.3, 0.3));
      const double rr = r * rng.uniform(0.88, 1.12);
      s.points.emplace_back(rr * std::cos(a), rr * std::sin(a));
    }
    if (strictly_convex(s.points, 0.02 * r * r)) break;
  }
  // Alternate the local winding so pose() has to fix it up half of the time.
  if (rng.coin()) std::reverse(s.points.begin(), s.points.end());
  place(s, rng);
  return s;
}

// ---- data sets ----

struct IndexPair {
  std::uint16_t a;
  std::uint16_t b;
};
static_assert(kPoolSize <= 65536, "pool indices are uint16");

struct DataSet {
  std::vector<Vec2> vecs;  // one arena for every body's vertices, normals and axes
  std::vector<int> ints;   // one arena for every body's axis_edge
  std::vector<Collider> bodies;
  std::vector<IndexPair> pairs;
  std::string error;
};

std::unique_ptr<DataSet> build_data_set(KindPair kp) {
  auto d = std::make_unique<DataSet>();
  Rng rng(kSeed + static_cast<std::uint32_t>(kp));

  // Same-kind pairs draw both indices from the whole pool; mixed pairs draw A from the
  // first half and B from the second.
  const bool mixed = kp == KindPair::CircleRect || kp == KindPair::CircleSegment ||
                     kp == KindPair::CapsuleRect || kp == KindPair::CapsuleCircle;
  constexpr int kHalf = kPoolSize / 2;
  std::vector<Shape> shapes;
  shapes.reserve(kPoolSize);
  for (int i = 0; i < kPoolSize; ++i) {
    switch (kp) {
      case KindPair::RectRect:
        shapes.push_back(make_rect(rng));
        break;
      case KindPair::OctagonOctagon:
        shapes.push_back(make_octagon(rng));
        break;
      case KindPair::CircleRect:
        shapes.push_back(i < kHalf ? make_circle(rng) : make_rect(rng));
        break;
      case KindPair::CircleCircle:
        shapes.push_back(make_circle(rng));
        break;
      case KindPair::SegmentSegment:
        shapes.push_back(make_segment(rng));
        break;
      case KindPair::CircleSegment:
        shapes.push_back(i < kHalf ? make_circle(rng) : make_segment(rng));
        break;
      case KindPair::CapsuleCapsule:
        shapes.push_back(make_capsule(rng));
        break;
      case KindPair::CapsuleRect:
        shapes.push_back(i < kHalf ? make_capsule(rng) : make_rect(rng));
        break;
      case KindPair::CapsuleCircle:
        shapes.push_back(i < kHalf ? make_capsule(rng) : make_circle(rng));
        break;
    }
  }

  // Pose everything once into two contiguous arenas. They are sized up front and never
  // resized afterwards, so the Colliders' pointers stay valid.
  std::size_t vec_total = 0;
  std::size_t int_total = 0;
  for (const Shape& s : shapes) {
    vec_total += static_cast<std::size_t>(hitbox::pose_vec_slots(s));
    int_total += static_cast<std::size_t>(hitbox::pose_int_slots(s));
  }
  d->vecs.resize(vec_total);
  d->ints.resize(int_total);
  d->bodies.reserve(shapes.size());
  std::size_t vec_at = 0;
  std::size_t int_at = 0;
  for (const Shape& s : shapes) {
    const auto nv = static_cast<std::size_t>(hitbox::pose_vec_slots(s));
    const auto ni = static_cast<std::size_t>(hitbox::pose_int_slots(s));
    d->bodies.push_back(hitbox::pose_into(s, std::span<Vec2>(d->vecs).subspan(vec_at, nv),
                                          std::span<int>(d->ints).subspan(int_at, ni)));
    vec_at += nv;
    int_at += ni;
  }

  // Draw uniform pairs and keep them until there are kPairCount / 2 hits and as many misses.
  const std::size_t want = kPairCount / 2;
  std::vector<IndexPair> hits;
  std::vector<IndexPair> misses;
  hits.reserve(want);
  misses.reserve(want);
  std::size_t tried = 0;
  const std::size_t max_tries = 100 * kPairCount;
  while ((hits.size() < want || misses.size() < want) && tried < max_tries) {
    std::uint32_t a;
    std::uint32_t b;
    if (mixed) {
      a = rng.below(kHalf);
      b = kHalf + rng.below(kHalf);
    } else {
      a = rng.below(kPoolSize);
      do {
        b = rng.below(kPoolSize);
      } while (b == a);
    }
    const bool hit = hitbox::sat(d->bodies[a], d->bodies[b]).hit;
    ++tried;
    std::vector<IndexPair>& bucket = hit ? hits : misses;
    if (bucket.size() < want) {
      bucket.push_back({static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b)});
    }
  }
  if (hits.size() < want || misses.size() < want) {
    d->error = std::string(kind_pair_name(kp)) + ": could not balance hits and misses (sat hit " +
               std::to_string(hits.size()) + ", missed " + std::to_string(misses.size()) + " of " +
               std::to_string(tried) + " pairs)";
    return d;
  }

  d->pairs = std::move(hits);
  d->pairs.insert(d->pairs.end(), misses.begin(), misses.end());
  for (std::size_t i = d->pairs.size() - 1; i > 0; --i) {  // Fisher-Yates
    std::swap(d->pairs[i], d->pairs[rng.below(static_cast<std::uint32_t>(i + 1))]);
  }
  return d;
}

const DataSet& data_set(KindPair kp) {
  static std::array<std::unique_ptr<DataSet>, kKindPairs.size()> sets;
  auto& slot = sets[static_cast<std::size_t>(kp)];
  if (!slot) slot = build_data_set(kp);
  return *slot;
}

// ---- the measured loop ----

// What one query leaves behind: whether it hit and one number that depends on the rest of
// the result, both summed into sinks so no part of the work can be dropped.
struct Sample {
  bool hit;
  float value;
};

template <typename Query>
void run_queries(benchmark::State& state, KindPair kp, Query query) {
  const DataSet& d = data_set(kp);
  if (!d.error.empty()) {
    state.SkipWithError(d.error.c_str());
    return;
  }
  const Collider* const bodies = d.bodies.data();
  const IndexPair* const pairs = d.pairs.data();
  const std::size_t n = d.pairs.size();
  std::size_t next = 0;
  std::int64_t hits = 0;
  float sum = 0.0f;
  for (auto _ : state) {
    const IndexPair p = pairs[next];
    next = next + 1 == n ? 0 : next + 1;
    const Sample s = query(bodies[p.a], bodies[p.b]);
    hits += s.hit ? 1 : 0;
    sum += s.value;
  }
  benchmark::DoNotOptimize(hits);
  benchmark::DoNotOptimize(sum);
  const auto iterations = static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = benchmark::Counter(static_cast<double>(hits) / iterations);
}

void bm_pair_load(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    const Collider* pa = &a;
    const Collider* pb = &b;
    benchmark::DoNotOptimize(pa);
    benchmark::DoNotOptimize(pb);
    return Sample{false, 0.0f};
  });
}

void bm_aabb(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    // The rest of an AabbResult is a copy of the two boxes; the call is opaque either way.
    const hitbox::AabbResult r = hitbox::aabb(a, b);
    return Sample{r.hit, 0.0f};
  });
}

void bm_bounding_circle(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    const hitbox::BoundingCircleResult r = hitbox::bounding_circle(a, b);
    return Sample{r.hit, r.gap};
  });
}

void bm_sat(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    const hitbox::SatResult r = hitbox::sat(a, b, nullptr, /*early_exit=*/true);
    // The axis too: where the overlap does not need it (two circles), it would go uncomputed.
    return Sample{r.hit, r.overlap + r.axis.x + r.axis.y};
  });
}

void bm_mtd(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    const hitbox::MtdResult r = hitbox::mtd(a, b, nullptr);
    return Sample{r.hit, r.vector.x + r.vector.y};
  });
}

void bm_swept(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    const hitbox::SweptResult r = hitbox::swept(a, b, nullptr);
    return Sample{r.hit, r.toi + r.normal.x};
  });
}

// The contact manifold (capsule pairs only; the side-by-side benchmark times the others against
// Box2D's).
void bm_manifold(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    const hitbox::Manifold m = hitbox::manifold(a, b);
    return Sample{m.hit, m.normal.x + (m.count > 0 ? m.points[0].separation : 0.0f)};
  });
}

// A ray from A's pos along three steps of A's velocity (up to 180 px), against B alone:
// ray_octagon on the octagon pairs.
void bm_ray(benchmark::State& state, KindPair kp) {
  run_queries(state, kp, [](const Collider& a, const Collider& b) {
    const hitbox::RayHit r = hitbox::raycast(b, a.pos, a.pos + a.vel * 3.0f);
    return Sample{r.hit, r.t + r.normal.x};
  });
}

// ---- concave polygons: mtd through the pieces ----

// A star-shaped concave polygon of 6-12 corners about its pos, 30-110 px across.
Shape make_concave(Rng& rng) {
  Shape s;
  s.kind = Kind::Polygon;
  for (;;) {
    const int n = 6 + static_cast<int>(rng.below(7));
    s.points.clear();
    for (int k = 0; k < n; ++k) {
      const double a = (k + rng.uniform(0.0, 0.6)) * kTwoPi / n;
      const double r = rng.coin() ? rng.uniform(15.0, 55.0) : rng.uniform(6.0, 22.0);
      s.points.emplace_back(r * std::cos(a), r * std::sin(a));
    }
    if (hitbox::polygon_problem(s.points).empty() && !hitbox::polygon_is_convex(s.points)) break;
  }
  place(s, rng);
  return s;
}

enum class ConcavePair : int {
  ConcaveConcave,
  ConcaveOctagon,
  ConcaveRect,
  ConcaveCircle,
  ConcaveCapsule
};

// Overlapping pairs only (mtd's work is on a hit): kConcavePairs of them from two pools of
// Posed shapes (pose_into leaves a concave polygon's pieces empty).
struct ConcaveSet {
  std::vector<hitbox::Posed> a, b;
  std::vector<IndexPair> pairs;
};

constexpr int kConcavePool = 256;
constexpr std::size_t kConcavePairs = 4096;

const ConcaveSet& concave_set(ConcavePair cp) {
  static std::array<std::unique_ptr<ConcaveSet>, 5> sets;
  auto& slot = sets[static_cast<std::size_t>(cp)];
  if (slot) return *slot;
  slot = std::make_unique<ConcaveSet>();
  ConcaveSet& d = *slot;
  Rng rng(kSeed + 100 + static_cast<std::uint32_t>(cp));
  for (int i = 0; i < kConcavePool; ++i) {
    d.a.emplace_back(make_concave(rng));
    switch (cp) {
      case ConcavePair::ConcaveConcave:
        d.b.emplace_back(make_concave(rng));
        break;
      case ConcavePair::ConcaveOctagon:
        d.b.emplace_back(make_octagon(rng));
        break;
      case ConcavePair::ConcaveRect:
        d.b.emplace_back(make_rect(rng));
        break;
      case ConcavePair::ConcaveCircle:
        d.b.emplace_back(make_circle(rng));
        break;
      case ConcavePair::ConcaveCapsule:
        d.b.emplace_back(make_capsule(rng));
        break;
    }
  }
  while (d.pairs.size() < kConcavePairs) {
    const std::uint32_t i = rng.below(kConcavePool), j = rng.below(kConcavePool);
    if (hitbox::sat(d.a[i], d.b[j]).hit) {
      d.pairs.push_back({static_cast<std::uint16_t>(i), static_cast<std::uint16_t>(j)});
    }
  }
  return d;
}

void bm_mtd_concave(benchmark::State& state, ConcavePair cp) {
  const ConcaveSet& d = concave_set(cp);
  std::size_t next = 0;
  float sum = 0.0f;
  for (auto _ : state) {
    const IndexPair p = d.pairs[next];
    next = next + 1 == d.pairs.size() ? 0 : next + 1;
    const hitbox::MtdResult r = hitbox::mtd(d.a[p.a], d.b[p.b]);
    sum += r.vector.x + r.vector.y;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  using BenchFn = void (*)(benchmark::State&, KindPair);
  struct Algorithm {
    const char* name;
    BenchFn fn;
  };
  const Algorithm algorithms[] = {
      {"BM_PairLoad", bm_pair_load},
      {"BM_Aabb", bm_aabb},
      {"BM_BoundingCircle", bm_bounding_circle},
      {"BM_Sat", bm_sat},
      {"BM_Mtd", bm_mtd},
      {"BM_Swept", bm_swept},
  };
  // Grouped by kind pair, so each data set is built once and stays warm for its group.
  for (const KindPair kp : kKindPairs) {
    for (const Algorithm& alg : algorithms) {
      const std::string name = std::string(alg.name) + "/" + kind_pair_name(kp);
      const BenchFn fn = alg.fn;
      benchmark::RegisterBenchmark(name.c_str(),
                                   [fn, kp](benchmark::State& state) { fn(state, kp); });
    }
    if (has_capsule(kp)) {
      benchmark::RegisterBenchmark((std::string("BM_Manifold/") + kind_pair_name(kp)).c_str(),
                                   [kp](benchmark::State& state) { bm_manifold(state, kp); });
    }
  }
  benchmark::RegisterBenchmark(
      "BM_Ray/octagon", [](benchmark::State& state) { bm_ray(state, KindPair::OctagonOctagon); });
  const std::pair<ConcavePair, const char*> concave[] = {
      {ConcavePair::ConcaveConcave, "concave_concave"},
      {ConcavePair::ConcaveOctagon, "concave_octagon"},
      {ConcavePair::ConcaveRect, "concave_rect"},
      {ConcavePair::ConcaveCircle, "concave_circle"},
      {ConcavePair::ConcaveCapsule, "concave_capsule"}};
  for (const auto& [cp, name] : concave) {
    const ConcavePair which = cp;
    benchmark::RegisterBenchmark(
        (std::string("BM_MtdConcave/") + name).c_str(),
        [which](benchmark::State& state) { bm_mtd_concave(state, which); });
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
