// Play mode's lane solver (core/sim/src/sim_lanes.h): the colouring keeps every dynamic body to one
// constraint per colour, and the blocks solve as a plain one-constraint-at-a-time solve in the
// same order does (written here from the formulas in simulation.h, without lanes). Random
// worlds of bodies and constraints, static sides, discs and one-point pairs included.
#include "sim/src/sim_lanes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <set>
#include <vector>

namespace {

using hitbox::DVec2;
using hitbox::SimLaneWidth;
using hitbox::SimOptions;
using hitbox::Vec2;
using namespace hitbox::detail;

struct World {
  std::vector<SimShape> shapes;
  std::vector<SimBody> bodies;
  std::vector<SimConstraint> cons;
};

World random_world(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  World w;
  const int n = 2 + static_cast<int>(rng() % 40);
  w.shapes.resize(static_cast<std::size_t>(n));
  w.bodies.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    SimShape& s = w.shapes[static_cast<std::size_t>(i)];
    s.dynamic = rng() % 5 != 0;
    s.round = rng() % 3 == 0;
    if (s.dynamic) {
      s.inv_mass = 0.01f + 0.5f * (u(rng) + 1.0f);
      s.inv_inertia = rng() % 4 == 0 ? 0.0f : 1e-3f * (u(rng) + 1.5f);
      SimBody& b = w.bodies[static_cast<std::size_t>(i)];
      b.v = Vec2(300.0f * u(rng), 300.0f * u(rng));
      b.w = 5.0f * u(rng);
      b.dp = Vec2(2.0f * u(rng), 2.0f * u(rng));
      b.dq = 0.2f * u(rng);
      b.qc = std::cos(b.dq);
      b.qs = std::sin(b.dq);
    }
  }
  // Pairs in pair order, each with a dynamic side; many share a body (a pile).
  std::set<std::pair<int, int>> pairs;
  const int want = static_cast<int>(rng() % 120);
  for (int k = 0; k < want; ++k) {
    const int a = static_cast<int>(rng() % static_cast<unsigned>(n));
    const int b = static_cast<int>(rng() % static_cast<unsigned>(n));
    if (a == b) continue;
    const auto p = std::minmax(a, b);
    if (!w.shapes[static_cast<std::size_t>(p.first)].dynamic &&
        !w.shapes[static_cast<std::size_t>(p.second)].dynamic) {
      continue;
    }
    pairs.insert({p.first, p.second});
  }
  for (const auto& [a, b] : pairs) {
    SimConstraint c;
    c.a = a;
    c.b = b;
    const float t = 3.14159f * u(rng);
    c.n = Vec2(std::cos(t), std::sin(t));
    c.friction = 0.5f * (u(rng) + 1.0f);
    c.static_friction = c.friction * (1.0f + 0.5f * (u(rng) + 1.0f));
    c.touches_static = !w.shapes[static_cast<std::size_t>(a)].dynamic ||
                       !w.shapes[static_cast<std::size_t>(b)].dynamic;
    c.count = 1 + static_cast<int>(rng() % 2);
    for (int k = 0; k < c.count; ++k) {
      SimPoint& p = c.p[k];
      p.ra = Vec2(20.0f * u(rng), 20.0f * u(rng));
      p.rb = Vec2(20.0f * u(rng), 20.0f * u(rng));
      p.separation = 2.0f * u(rng);
      p.normal_mass = 0.5f + u(rng) * 0.4f;
      p.tangent_mass = 0.5f + u(rng) * 0.4f;
      p.pn = rng() % 3 == 0 ? 0.0f : 50.0f * (u(rng) + 1.0f);
      p.pt = 20.0f * u(rng);
      p.max_pn = p.pn;
    }
    w.cons.push_back(c);
  }
  return w;
}

SolveParams params() {
  return solve_params(SimOptions{}, SimOptions{}.step / SimOptions{}.substeps);
}

// ---------------------------------------------------------------- the reference solve

// The reference works in doubles from the same float inputs, one constraint at a time.
struct DBody {
  DVec2 v, dp;
  double w = 0.0, qc = 1.0, qs = 0.0;
};
struct DPoint {
  double pn = 0.0, pt = 0.0, max_pn = 0.0;
  bool sticking = false;
};
struct Ref {
  std::vector<DBody> bodies;
  std::vector<std::vector<DPoint>> points;  // per constraint
};
Ref reference_of(const World& w) {
  Ref r;
  for (const SimBody& b : w.bodies)
    r.bodies.push_back(DBody{DVec2(b.v), DVec2(b.dp), b.w, b.qc, b.qs});
  for (const SimConstraint& c : w.cons) {
    std::vector<DPoint>& ps = r.points.emplace_back();
    for (int k = 0; k < c.count; ++k) ps.push_back(DPoint{c.p[k].pn, c.p[k].pt, c.p[k].max_pn});
  }
  return r;
}

double cross(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}
DVec2 rel(const DBody& a, const DBody& b, DVec2 ra, DVec2 rb) {
  return b.v + DVec2(-b.w * rb.y, b.w * rb.x) - a.v - DVec2(-a.w * ra.y, a.w * ra.x);
}
void push(DBody& a, DBody& b, const SimShape& sa, const SimShape& sb, DVec2 ra, DVec2 rb, DVec2 P) {
  a.v -= P * double(sa.inv_mass);
  a.w -= sa.inv_inertia * cross(ra, P);
  b.v += P * double(sb.inv_mass);
  b.w += sb.inv_inertia * cross(rb, P);
}
DVec2 turn(const DBody& b, const SimShape& s, DVec2 r) {
  return s.round ? r : DVec2(b.qc * r.x - b.qs * r.y, b.qs * r.x + b.qc * r.y);
}

// One constraint's warm start or solve. A static side's body is a copy: what the solve does to
// it is thrown away, as the lanes never write a static body.
void reference(const World& w, Ref& r, std::size_t ci, const SolveParams& prm, int stage) {
  const SimConstraint& c = w.cons[ci];
  std::vector<DPoint>& ps = r.points[ci];
  const SimShape& sa = w.shapes[static_cast<std::size_t>(c.a)];
  const SimShape& sb = w.shapes[static_cast<std::size_t>(c.b)];
  DBody ca = r.bodies[static_cast<std::size_t>(c.a)];
  DBody cb = r.bodies[static_cast<std::size_t>(c.b)];
  DBody& ba = sa.dynamic ? r.bodies[static_cast<std::size_t>(c.a)] : ca;
  DBody& bb = sb.dynamic ? r.bodies[static_cast<std::size_t>(c.b)] : cb;
  const DVec2 n(c.n), t(c.n.y, -c.n.x);
  if (stage == 0) {
    for (int k = 0; k < c.count; ++k) {
      const DPoint& p = ps[static_cast<std::size_t>(k)];
      push(ba, bb, sa, sb, DVec2(c.p[k].ra), DVec2(c.p[k].rb), n * p.pn + t * p.pt);
    }
    return;
  }
  const bool use_bias = stage == 1;
  const Softness& soft = c.touches_static ? prm.fixed : prm.dynamic;
  for (int k = 0; k < c.count; ++k) {
    DPoint& p = ps[static_cast<std::size_t>(k)];
    const DVec2 ra(c.p[k].ra), rb(c.p[k].rb);
    const DVec2 moved = bb.dp - ba.dp + turn(bb, sb, rb) - turn(ba, sa, ra);
    const double s = glm::dot(moved, n) + c.p[k].separation;
    double bias = 0.0, ms = 1.0, is = 0.0;
    if (s > 0.0) {
      bias = s * prm.inv_h;
    } else if (use_bias) {
      bias = std::max(double(soft.mass_scale) * soft.bias_rate * std::min(s + prm.slop, 0.0),
                      -double(prm.push_speed));
      ms = soft.mass_scale;
      is = soft.impulse_scale;
    }
    const double vn = glm::dot(rel(ba, bb, ra, rb), n);
    const double pn = std::max(p.pn - c.p[k].normal_mass * (ms * vn + bias) - is * p.pn, 0.0);
    push(ba, bb, sa, sb, ra, rb, n * (pn - p.pn));
    p.pn = pn;
    p.max_pn = std::max(p.max_pn, pn);
  }
  for (int k = 0; k < c.count; ++k) {
    DPoint& p = ps[static_cast<std::size_t>(k)];
    const DVec2 ra(c.p[k].ra), rb(c.p[k].rb);
    const double vt = glm::dot(rel(ba, bb, ra, rb), t);
    const bool slow = std::abs(vt) < 5.0;
    const double mu = slow ? c.static_friction : c.friction;
    const double want = p.pt - c.p[k].tangent_mass * vt;
    p.sticking = std::abs(want) <= c.static_friction * p.pn && slow;
    const double pt = std::clamp(want, -mu * p.pn, mu * p.pn);
    push(ba, bb, sa, sb, ra, rb, t * (pt - p.pt));
    p.pt = pt;
  }
}

// Floats against the double reference: over these 2,000 worlds in each width the largest error
// measured is 2.3e-4 of (1 + |value|). It is a gap's rounding (20 px anchors times 2^-24)
// turned into a speed by the bias rate 1/h = 480 per second; allowed 5e-4.
constexpr double kFloatTolerance = 5e-4;
void expect_near(double got, double want, const char* what, std::uint32_t seed) {
  EXPECT_NEAR(got, want, kFloatTolerance * (1.0 + std::abs(want))) << what << ", seed " << seed;
}

// ---------------------------------------------------------------- tests

TEST(SimLanes, ColoursKeepEachDynamicBodyToOneConstraintAndCoverEveryConstraintOnce) {
  const SolveParams prm = params();
  for (std::uint32_t seed = 0; seed < 2000; ++seed) {
    const World w = random_world(seed);
    SimLanes lanes;
    pack_lanes(w.cons, w.shapes, prm, w.shapes.size(), &lanes);
    std::vector<std::set<int>> taken(kSimColours);
    for (std::size_t i = 0; i < w.cons.size(); ++i) {
      const int colour = lanes.colour[i];
      const SimConstraint& c = w.cons[i];
      ASSERT_GE(colour, 0);
      if (colour == kSimColours) continue;  // alone
      if (c.touches_static) {
        EXPECT_GE(colour, 1) << "seed " << seed;
      }
      for (const int body : {c.a, c.b}) {
        if (!w.shapes[static_cast<std::size_t>(body)].dynamic) continue;
        EXPECT_TRUE(taken[static_cast<std::size_t>(colour)].insert(body).second)
            << "body " << body << " twice in colour " << colour << ", seed " << seed;
      }
    }
    // The blocks hold every constraint once, by colour, two-point pairs first, then pair order;
    // a block's lanes are of one colour (a constraint alone has a block of its own) and it
    // solves as many points as its most.
    std::vector<int> seen;
    for (const SimBlock& k : lanes.blocks) {
      int lanes_used = 0;
      for (int l = 0; l < kSimLanes; ++l) {
        if (k.con[l] < 0) continue;
        ++lanes_used;
        seen.push_back(k.con[l]);
        EXPECT_EQ(lanes.colour[static_cast<std::size_t>(k.con[l])],
                  lanes.colour[static_cast<std::size_t>(k.con[0])]);
      }
      ASSERT_GE(lanes_used, 1);
      int most = 0;
      for (int l = 0; l < lanes_used; ++l) {
        most = std::max(most, w.cons[static_cast<std::size_t>(k.con[l])].count);
      }
      EXPECT_EQ(k.points, most);
      if (lanes.colour[static_cast<std::size_t>(k.con[0])] == kSimColours) {
        EXPECT_EQ(lanes_used, 1);
      }
    }
    ASSERT_EQ(seen.size(), w.cons.size()) << "seed " << seed;
    const auto before = [&](int x, int y) {
      const std::size_t ix = static_cast<std::size_t>(x), iy = static_cast<std::size_t>(y);
      const int cx = lanes.colour[ix], cy = lanes.colour[iy];
      const int px = w.cons[ix].count, py = w.cons[iy].count;
      return cx != cy ? cx < cy : px != py ? px > py : x < y;
    };
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end(), before)) << "seed " << seed;
    EXPECT_EQ(seen, lanes.order) << "seed " << seed;
    EXPECT_EQ(std::set<int>(seen.begin(), seen.end()).size(), seen.size());
  }
}

// A body touching more constraints than there are colours: the rest are solved alone.
TEST(SimLanes, ConstraintsPastTheLastColourAreSolvedAlone) {
  World w;
  const int n = kSimColours + 10;
  w.shapes.resize(static_cast<std::size_t>(n));
  w.bodies.resize(static_cast<std::size_t>(n));
  for (SimShape& s : w.shapes) {
    s.dynamic = true;
    s.inv_mass = 1.0f;
  }
  for (int b = 1; b < n; ++b) {
    SimConstraint c;
    c.a = 0;
    c.b = b;
    c.n = Vec2(0.0f, 1.0f);
    c.count = 1;
    w.cons.push_back(c);
  }
  SimLanes lanes;
  pack_lanes(w.cons, w.shapes, params(), w.shapes.size(), &lanes);
  EXPECT_EQ(lanes.colours, kSimColours);
  EXPECT_EQ(lanes.alone, n - 1 - kSimColours);
  EXPECT_EQ(lanes.blocks.size(), static_cast<std::size_t>(n - 1));
}

// The passes of one width over a world's blocks: gaps, warm start, solve, relax.
void run_passes(SimLaneWidth width, World& w, SimLanes& lanes, const SolveParams& prm) {
  const LaneKernels& run = lane_kernels(width);
  SimBlock* blocks = lanes.blocks.data();
  const std::size_t count = lanes.blocks.size();
  run.gaps(blocks, count, w.bodies.data());
  run.warm_start(blocks, count, w.bodies.data());
  run.solve(blocks, count, w.bodies.data(), prm, true);
  run.solve(blocks, count, w.bodies.data(), prm, false);
  unpack_lanes(lanes.blocks, w.cons);
}

std::vector<SimLaneWidth> widths_here() {
  std::vector<SimLaneWidth> out{SimLaneWidth::One, SimLaneWidth::Four};
  if (hitbox::sim_lane_width_runs(SimLaneWidth::Eight)) out.push_back(SimLaneWidth::Eight);
  return out;
}

TEST(SimLanes, BlocksSolveAsOneConstraintAtATimeInTheSameOrder) {
  const SolveParams prm = params();
  double worst = 0.0;
  for (const SimLaneWidth width : widths_here()) {
    for (std::uint32_t seed = 0; seed < 2000; ++seed) {
      World lane = random_world(seed);
      SimLanes lanes;
      pack_lanes(lane.cons, lane.shapes, prm, lane.shapes.size(), &lanes);
      Ref ref = reference_of(lane);
      run_passes(width, lane, lanes, prm);
      for (int stage = 0; stage < 3; ++stage) {
        for (const int i : lanes.order)
          reference(lane, ref, static_cast<std::size_t>(i), prm, stage);
      }
      const auto check = [&](double got, double want, const char* what) {
        worst = std::max(worst, std::abs(got - want) / (1.0 + std::abs(want)));
        expect_near(got, want, what, seed);
      };
      for (std::size_t i = 0; i < ref.bodies.size(); ++i) {
        check(lane.bodies[i].v.x, ref.bodies[i].v.x, "v.x");
        check(lane.bodies[i].v.y, ref.bodies[i].v.y, "v.y");
        check(lane.bodies[i].w, ref.bodies[i].w, "w");
      }
      for (std::size_t i = 0; i < ref.points.size(); ++i) {
        for (int k = 0; k < lane.cons[i].count; ++k) {
          const SimPoint& got = lane.cons[i].p[k];
          const DPoint& want = ref.points[i][static_cast<std::size_t>(k)];
          check(got.pn, want.pn, "pn");
          check(got.pt, want.pt, "pt");
          check(got.max_pn, want.max_pn, "max_pn");
          // A point within rounding of the static limit may fall either side of it.
          const double limit = lane.cons[i].static_friction * want.pn;
          if (std::abs(std::abs(want.pt) - limit) > kFloatTolerance * (1.0 + limit)) {
            EXPECT_EQ(got.sticking, want.sticking) << "seed " << seed;
          }
        }
      }
      if (HasFailure()) return;
    }
  }
  std::printf("largest error against the double reference: %.3g\n", worst);
}

// Every width gives the same bytes: the bodies, and each point's impulses and gap.
TEST(SimLanes, EveryWidthGivesTheSameBytes) {
  const SolveParams prm = params();
  const std::vector<SimLaneWidth> widths = widths_here();
  const auto bits = [](float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
  };
  for (std::uint32_t seed = 0; seed < 2000; ++seed) {
    std::vector<World> out;
    std::vector<std::vector<float>> gaps;
    for (const SimLaneWidth width : widths) {
      World& w = out.emplace_back(random_world(seed));
      SimLanes lanes;
      pack_lanes(w.cons, w.shapes, prm, w.shapes.size(), &lanes);
      run_passes(width, w, lanes, prm);
      std::vector<float>& g = gaps.emplace_back();
      for (const SimBlock& k : lanes.blocks) {
        for (int l = 0; l < kSimLanes && k.con[l] >= 0; ++l) {
          for (int j = 0; j < w.cons[static_cast<std::size_t>(k.con[l])].count; ++j) {
            g.push_back(k.p[j].gap[l]);
          }
        }
      }
    }
    for (std::size_t k = 1; k < out.size(); ++k) {
      ASSERT_EQ(0, std::memcmp(out[k].bodies.data(), out[0].bodies.data(),
                               out[k].bodies.size() * sizeof(SimBody)))
          << "bodies, width " << k << ", seed " << seed;
      for (std::size_t i = 0; i < out[0].cons.size(); ++i) {
        for (int j = 0; j < out[0].cons[i].count; ++j) {
          const SimPoint &p = out[k].cons[i].p[j], &q = out[0].cons[i].p[j];
          ASSERT_EQ(bits(p.pn), bits(q.pn)) << "seed " << seed;
          ASSERT_EQ(bits(p.pt), bits(q.pt)) << "seed " << seed;
          ASSERT_EQ(bits(p.max_pn), bits(q.max_pn)) << "seed " << seed;
          ASSERT_EQ(p.sticking, q.sticking) << "seed " << seed;
        }
      }
      ASSERT_EQ(gaps[k].size(), gaps[0].size());
      for (std::size_t i = 0; i < gaps[0].size(); ++i) {
        ASSERT_EQ(bits(gaps[k][i]), bits(gaps[0][i])) << "gap " << i << ", seed " << seed;
      }
    }
  }
}

}  // namespace
