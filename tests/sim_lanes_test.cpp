// Play mode's lane solver (core/sim/src/sim_lanes.h): the colouring keeps every dynamic body to one
// constraint per colour, and the blocks solve as a plain one-constraint-at-a-time solve in the
// same order does (written here from the formulas in simulation.h, without lanes). Random
// worlds of bodies and constraints, static sides, discs and one-point pairs included.
#include "sim/src/sim_lanes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <vector>

namespace {

using hitbox::DVec2;
using hitbox::SimOptions;
using namespace hitbox::detail;

struct World {
  std::vector<SimShape> shapes;
  std::vector<SimBody> bodies;
  std::vector<SimConstraint> cons;
};

World random_world(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  World w;
  const int n = 2 + static_cast<int>(rng() % 40);
  w.shapes.resize(static_cast<std::size_t>(n));
  w.bodies.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    SimShape& s = w.shapes[static_cast<std::size_t>(i)];
    s.dynamic = rng() % 5 != 0;
    s.round = rng() % 3 == 0;
    if (s.dynamic) {
      s.inv_mass = 0.01 + 0.5 * (u(rng) + 1.0);
      s.inv_inertia = rng() % 4 == 0 ? 0.0 : 1e-3 * (u(rng) + 1.5);
      SimBody& b = w.bodies[static_cast<std::size_t>(i)];
      b.v = DVec2(300.0 * u(rng), 300.0 * u(rng));
      b.w = 5.0 * u(rng);
      b.dp = DVec2(2.0 * u(rng), 2.0 * u(rng));
      b.dq = 0.2 * u(rng);
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
    const double t = 3.14159 * u(rng);
    c.n = DVec2(std::cos(t), std::sin(t));
    c.friction = 0.5 * (u(rng) + 1.0);
    c.static_friction = c.friction * (1.0 + 0.5 * (u(rng) + 1.0));
    c.touches_static = !w.shapes[static_cast<std::size_t>(a)].dynamic ||
                       !w.shapes[static_cast<std::size_t>(b)].dynamic;
    c.count = 1 + static_cast<int>(rng() % 2);
    for (int k = 0; k < c.count; ++k) {
      SimPoint& p = c.p[k];
      p.ra = DVec2(20.0 * u(rng), 20.0 * u(rng));
      p.rb = DVec2(20.0 * u(rng), 20.0 * u(rng));
      p.separation = 2.0 * u(rng);
      p.normal_mass = 0.5 + u(rng) * 0.4;
      p.tangent_mass = 0.5 + u(rng) * 0.4;
      p.pn = rng() % 3 == 0 ? 0.0 : 50.0 * (u(rng) + 1.0);
      p.pt = 20.0 * u(rng);
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

double cross(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}
DVec2 rel(const SimBody& a, const SimBody& b, const SimPoint& p) {
  return b.v + DVec2(-b.w * p.rb.y, b.w * p.rb.x) - a.v - DVec2(-a.w * p.ra.y, a.w * p.ra.x);
}
void push(SimBody& a, SimBody& b, const SimShape& sa, const SimShape& sb, const SimPoint& p,
          DVec2 P) {
  a.v -= P * sa.inv_mass;
  a.w -= sa.inv_inertia * cross(p.ra, P);
  b.v += P * sb.inv_mass;
  b.w += sb.inv_inertia * cross(p.rb, P);
}
DVec2 turn(const SimBody& b, const SimShape& s, DVec2 r) {
  return s.round ? r : DVec2(b.qc * r.x - b.qs * r.y, b.qs * r.x + b.qc * r.y);
}

// One constraint's warm start or solve. A static side's body is a copy: what the solve does to
// it is thrown away, as the lanes never write a static body.
void reference(World& w, SimConstraint& c, const SolveParams& prm, int stage) {
  const SimShape& sa = w.shapes[static_cast<std::size_t>(c.a)];
  const SimShape& sb = w.shapes[static_cast<std::size_t>(c.b)];
  SimBody ca = w.bodies[static_cast<std::size_t>(c.a)];
  SimBody cb = w.bodies[static_cast<std::size_t>(c.b)];
  SimBody& ba = sa.dynamic ? w.bodies[static_cast<std::size_t>(c.a)] : ca;
  SimBody& bb = sb.dynamic ? w.bodies[static_cast<std::size_t>(c.b)] : cb;
  const DVec2 t(c.n.y, -c.n.x);
  if (stage == 0) {
    for (int k = 0; k < c.count; ++k) push(ba, bb, sa, sb, c.p[k], c.n * c.p[k].pn + t * c.p[k].pt);
    return;
  }
  const bool use_bias = stage == 1;
  const Softness& soft = c.touches_static ? prm.fixed : prm.dynamic;
  for (int k = 0; k < c.count; ++k) {
    SimPoint& p = c.p[k];
    const DVec2 moved = bb.dp - ba.dp + turn(bb, sb, p.rb) - turn(ba, sa, p.ra);
    const double s = glm::dot(moved, c.n) + p.separation;
    double bias = 0.0, ms = 1.0, is = 0.0;
    if (s > 0.0) {
      bias = s * prm.inv_h;
    } else if (use_bias) {
      bias =
          std::max(soft.mass_scale * soft.bias_rate * std::min(s + prm.slop, 0.0), -prm.push_speed);
      ms = soft.mass_scale;
      is = soft.impulse_scale;
    }
    const double vn = glm::dot(rel(ba, bb, p), c.n);
    const double pn = std::max(p.pn - p.normal_mass * (ms * vn + bias) - is * p.pn, 0.0);
    push(ba, bb, sa, sb, p, c.n * (pn - p.pn));
    p.pn = pn;
    p.max_pn = std::max(p.max_pn, pn);
  }
  for (int k = 0; k < c.count; ++k) {
    SimPoint& p = c.p[k];
    const double vt = glm::dot(rel(ba, bb, p), t);
    const bool slow = std::abs(vt) < 5.0;
    const double mu = slow ? c.static_friction : c.friction;
    const double want = p.pt - p.tangent_mass * vt;
    p.sticking = std::abs(want) <= c.static_friction * p.pn && slow;
    const double pt = std::clamp(want, -mu * p.pn, mu * p.pn);
    push(ba, bb, sa, sb, p, t * (pt - p.pt));
    p.pt = pt;
  }
}

void expect_near(double got, double want, const char* what, std::uint32_t seed) {
  EXPECT_NEAR(got, want, 1e-9 * (1.0 + std::abs(want))) << what << ", seed " << seed;
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
      if (c.touches_static) EXPECT_GE(colour, 1) << "seed " << seed;
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
    s.inv_mass = 1.0;
  }
  for (int b = 1; b < n; ++b) {
    SimConstraint c;
    c.a = 0;
    c.b = b;
    c.n = DVec2(0.0, 1.0);
    c.count = 1;
    w.cons.push_back(c);
  }
  SimLanes lanes;
  pack_lanes(w.cons, w.shapes, params(), w.shapes.size(), &lanes);
  EXPECT_EQ(lanes.colours, kSimColours);
  EXPECT_EQ(lanes.alone, n - 1 - kSimColours);
  EXPECT_EQ(lanes.blocks.size(), static_cast<std::size_t>(n - 1));
}

TEST(SimLanes, BlocksSolveAsOneConstraintAtATimeInTheSameOrder) {
  const SolveParams prm = params();
  for (std::uint32_t seed = 0; seed < 2000; ++seed) {
    World lane = random_world(seed);
    World ref = lane;
    SimLanes lanes;
    pack_lanes(lane.cons, lane.shapes, prm, lane.shapes.size(), &lanes);
    std::span<SimBlock> blocks(lanes.blocks);
    gaps_lanes(blocks, lane.bodies);
    warm_start_lanes(blocks, lane.bodies);
    solve_lanes(blocks, lane.bodies, prm, true);
    solve_lanes(blocks, lane.bodies, prm, false);
    unpack_lanes(blocks, lane.cons);
    for (int stage = 0; stage < 3; ++stage) {
      for (const int i : lanes.order)
        reference(ref, ref.cons[static_cast<std::size_t>(i)], prm, stage);
    }
    for (std::size_t i = 0; i < ref.bodies.size(); ++i) {
      expect_near(lane.bodies[i].v.x, ref.bodies[i].v.x, "v.x", seed);
      expect_near(lane.bodies[i].v.y, ref.bodies[i].v.y, "v.y", seed);
      expect_near(lane.bodies[i].w, ref.bodies[i].w, "w", seed);
    }
    for (std::size_t i = 0; i < ref.cons.size(); ++i) {
      for (int k = 0; k < ref.cons[i].count; ++k) {
        const SimPoint& got = lane.cons[i].p[k];
        const SimPoint& want = ref.cons[i].p[k];
        expect_near(got.pn, want.pn, "pn", seed);
        expect_near(got.pt, want.pt, "pt", seed);
        expect_near(got.max_pn, want.max_pn, "max_pn", seed);
        EXPECT_EQ(got.sticking, want.sticking) << "seed " << seed;
      }
    }
    if (HasFailure()) break;
  }
}

}  // namespace
