// Hitbox beside Box2D 2.4 on the same seeded pairs (bench/pairs.h), in one process:
//   overlap   Hitbox sat    vs b2TestOverlap (GJK distance < 10 eps, polygon skins included)
//   contact   Hitbox manifold vs b2CollidePolygons / b2CollidePolygonAndCircle /
//             b2CollideCircles / b2CollideEdgeAndPolygon / b2CollideEdgeAndCircle (both give
//             the normal and up to two contact points; two edges have no manifold in Box2D,
//             so no row)
//   distance  Hitbox gjk    vs b2Distance (separated pairs only; both give closest points)
//   toi       Hitbox swept_linear vs b2TimeOfImpact (translation only: both move by Hitbox's
//             vel, from the same start to the same end, no rotation)
//   toi_spin  Hitbox swept (conservative advancement) vs b2TimeOfImpact with rotating sweeps:
//             both also turn by Hitbox's spin (up to 90 degrees a step) about the shape's pos
//   ray       Hitbox raycast vs b2Shape::RayCast: from A's position over three steps of A's
//             velocity, against B (a rect, an 8-gon, a circle, a segment: the kind pairs
//             whose B is each)
// One iteration is one query on the next pair of a shuffled stream of 1,000,000 pairs, half
// overlapping. Run with --benchmark_enable_random_interleaving=true so the two libraries'
// rounds interleave; after the runs a table gives both and the ratio Hitbox / Box2D.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/gjk.h"
#include "hitbox/manifold.h"
#include "hitbox/ray.h"
#include "median_reporter.h"
#include "pairs.h"

namespace {

using hitbox::b2pairs::PairKind;
using hitbox::b2pairs::PairSet;

constexpr std::size_t kPairs = 1'000'000;

const PairSet& pairs_of(PairKind k) {
  static std::map<PairKind, std::unique_ptr<PairSet>> sets;
  auto& p = sets[k];
  if (!p) p = std::make_unique<PairSet>(hitbox::b2pairs::make_pairs(k, kPairs));
  return *p;
}

enum class Query { Overlap, Contact, Distance, Toi, ToiSpin, Ray };
constexpr Query kQueries[] = {Query::Overlap, Query::Contact, Query::Distance,
                              Query::Toi,     Query::ToiSpin, Query::Ray};

// Which kind pairs each query runs on: contact has no Box2D manifold for two edges; the ray
// runs once per kind of B.
bool runs_on(Query q, PairKind k) {
  if (q == Query::Contact) return k != PairKind::SegmentSegment;
  if (q == Query::Ray) {
    return k == PairKind::RectRect || k == PairKind::OctagonOctagon ||
           k == PairKind::CircleCircle || k == PairKind::SegmentSegment;
  }
  return true;
}
const char* query_name(Query q) {
  switch (q) {
    case Query::Overlap:
      return "overlap";
    case Query::Contact:
      return "contact";
    case Query::Distance:
      return "distance";
    case Query::Toi:
      return "toi";
    case Query::ToiSpin:
      return "toi_spin";
    case Query::Ray:
      return "ray";
  }
  return "?";
}

void bm_hitbox(benchmark::State& state, PairKind kind, Query q) {
  const PairSet& set = pairs_of(kind);
  const auto& stream = q == Query::Distance ? set.apart : set.pairs;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto [ia, ib] = stream[i];
    i = i + 1 == stream.size() ? 0 : i + 1;
    const hitbox::Collider& a = set.hitbox_pool[ia];
    const hitbox::Collider& b = set.hitbox_pool[ib];
    switch (q) {
      case Query::Overlap:
        benchmark::DoNotOptimize(hitbox::sat(a, b));
        break;
      case Query::Contact:
        benchmark::DoNotOptimize(hitbox::manifold(a, b));
        break;
      case Query::Distance:
        benchmark::DoNotOptimize(hitbox::gjk(a, b));
        break;
      case Query::Toi:
        benchmark::DoNotOptimize(hitbox::swept_linear(a, b));
        break;
      case Query::ToiSpin:
        benchmark::DoNotOptimize(hitbox::swept(a, b));
        break;
      case Query::Ray:
        benchmark::DoNotOptimize(hitbox::raycast(b, a.pos, a.pos + a.vel * 3.0f));
        break;
    }
  }
}

void bm_box2d(benchmark::State& state, PairKind kind, Query q) {
  const PairSet& set = pairs_of(kind);
  const auto& stream = q == Query::Distance ? set.apart : set.pairs;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto [ia, ib] = stream[i];
    i = i + 1 == stream.size() ? 0 : i + 1;
    const hitbox::b2pairs::Box2dShape& a = set.box2d_pool[ia];
    const hitbox::b2pairs::Box2dShape& b = set.box2d_pool[ib];
    switch (q) {
      case Query::Overlap:
        benchmark::DoNotOptimize(b2TestOverlap(a.b2(), 0, b.b2(), 0, a.xf, b.xf));
        break;
      case Query::Contact: {
        b2Manifold m;
        if (b.is_edge) {  // A is a rect or a circle
          if (a.is_circle) {
            b2CollideEdgeAndCircle(&m, &b.edge, b.xf, &a.circle, a.xf);
          } else {
            b2CollideEdgeAndPolygon(&m, &b.edge, b.xf, &a.poly, a.xf);
          }
        } else if (a.is_circle && b.is_circle) {
          b2CollideCircles(&m, &a.circle, a.xf, &b.circle, b.xf);
        } else if (a.is_circle) {
          b2CollidePolygonAndCircle(&m, &b.poly, b.xf, &a.circle, a.xf);
        } else {
          b2CollidePolygons(&m, &a.poly, a.xf, &b.poly, b.xf);
        }
        benchmark::DoNotOptimize(m);
        break;
      }
      case Query::Distance: {
        b2DistanceInput in;
        in.proxyA.Set(a.b2(), 0);
        in.proxyB.Set(b.b2(), 0);
        in.transformA = a.xf;
        in.transformB = b.xf;
        in.useRadii = true;
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput out;
        b2Distance(&out, &cache, &in);
        benchmark::DoNotOptimize(out);
        break;
      }
      case Query::Toi:
      case Query::ToiSpin: {
        b2TOIInput in;
        in.proxyA.Set(a.b2(), 0);
        in.proxyB.Set(b.b2(), 0);
        const bool turn = q == Query::ToiSpin;
        const auto sweep = [turn](const hitbox::b2pairs::Box2dShape& s) {
          b2Sweep w;
          w.localCenter.SetZero();  // turning about the shape's origin, as Hitbox does
          w.c0 = s.xf.p;
          w.c = s.xf.p + s.vel;
          w.a0 = w.a = s.xf.q.GetAngle();
          if (turn) w.a = w.a0 + s.spin;
          w.alpha0 = 0.0f;
          return w;
        };
        in.sweepA = sweep(a);
        in.sweepB = sweep(b);
        in.tMax = 1.0f;
        b2TOIOutput out;
        b2TimeOfImpact(&out, &in);
        benchmark::DoNotOptimize(out);
        break;
      }
      case Query::Ray: {
        b2RayCastInput in;
        in.p1 = a.xf.p;
        in.p2 = a.xf.p + 3.0f * a.vel;
        in.maxFraction = 1.0f;
        b2RayCastOutput out;
        benchmark::DoNotOptimize(b.b2()->RayCast(&out, in, b.xf, 0));
        benchmark::DoNotOptimize(out);
        break;
      }
    }
  }
}

// The side-by-side table after the runs: both libraries' ns and the ratio, per row.
class TableReporter : public hitbox::bench::MedianReporter {
 public:
  void table() const {
    std::printf("\n%-10s %-16s %12s %12s %8s\n", "query", "pair", "hitbox ns", "box2d ns", "ratio");
    for (Query q : kQueries) {
      for (PairKind k : hitbox::b2pairs::kPairKinds) {
        const std::string base = std::string(query_name(q)) + "/" + hitbox::b2pairs::pair_name(k);
        const double h = time_of("hitbox/" + base), b = time_of("box2d/" + base);
        if (h < 0 || b < 0) continue;
        std::printf("%-10s %-16s %12.1f %12.1f %8.2f\n", query_name(q),
                    hitbox::b2pairs::pair_name(k), h, b, h / b);
      }
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  for (Query q : kQueries) {
    for (PairKind k : hitbox::b2pairs::kPairKinds) {
      if (!runs_on(q, k)) continue;
      const std::string base = std::string(query_name(q)) + "/" + hitbox::b2pairs::pair_name(k);
      benchmark::RegisterBenchmark(("hitbox/" + base).c_str(), bm_hitbox, k, q);
      benchmark::RegisterBenchmark(("box2d/" + base).c_str(), bm_box2d, k, q);
    }
  }
  TableReporter reporter;
  return hitbox::bench::run_with_table(reporter, argc, argv);
}
