// Tests of swept(), the time of impact of two moving shapes (collide.h): named cases with
// numbers worked out by hand (tunnelling through a thin wall, circles by the quadratic, the
// trace's running entry/exit and miss reasons), then a seeded property test against the
// independent references of support/reference.h: the exact signed distance along the
// motion, sampled and bisected for the first contact, for every kind pair in both orders.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "hitbox/collide.h"
#include "hitbox/shape.h"
#include "support/named_shapes.h"
#include "support/property_cases.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using namespace named_shapes;
using namespace property;

// ---- Tunnelling ----

// A 10x10 box moves 400 px in one step past an 8 px wall. At t=0 and t=1 it is clear of
// the wall, so a discrete test at each step misses; the swept test finds the impact at
// t = (296 - 105) / 400.
TEST(Tunnelling, FastSmallBoxThroughThinWall) {
  Shape bullet = rect("bullet", {100, 300}, {10, 10});
  bullet.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});
  Shape after = bullet;
  after.pos += after.vel;

  EXPECT_FALSE(sat(Posed(bullet), Posed(wall)).hit);  // before the step
  EXPECT_FALSE(sat(Posed(after), Posed(wall)).hit);   // after the step
  SweptTrace trace;
  const SweptResult hit = swept(Posed(bullet), Posed(wall), &trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_FALSE(hit.initially_overlapping);
  EXPECT_NEAR(hit.toi, 191.0f / 400.0f, 1e-6f);
  EXPECT_NEAR(hit.normal.x, -1.0f, 1e-6f);  // from the wall back toward the bullet
  EXPECT_NEAR(hit.normal.y, 0.0f, 1e-6f);
  EXPECT_EQ(trace.method, SweptMethod::Slabs);
  ASSERT_GE(trace.entry_step, 0);
  // The relative-velocity axis is among the axes tested.
  bool has_velocity_axis = false;
  for (const SweptStep& s : trace.steps) has_velocity_axis |= s.source == AxisSource::Velocity;
  EXPECT_TRUE(has_velocity_axis);

  // The same from the wall's side: B moves instead of A; the normal still points at A.
  Shape still_bullet = bullet;
  still_bullet.vel = {0, 0};
  Shape moving_wall = wall;
  moving_wall.vel = {-400, 0};
  const SweptResult other = swept(Posed(still_bullet), Posed(moving_wall));
  ASSERT_TRUE(other.hit);
  EXPECT_NEAR(other.toi, 191.0f / 400.0f, 1e-6f);
  EXPECT_NEAR(other.normal.x, -1.0f, 1e-6f);
}

TEST(Tunnelling, BulletPassingAboveTheWallMisses) {
  Shape bullet = rect("bullet", {100, 150}, {10, 10});
  bullet.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});  // spans y 200..400
  EXPECT_FALSE(swept(Posed(bullet), Posed(wall)).hit);
}

TEST(Tunnelling, FastCircleThroughThinWallByTheRoundedWall) {
  Shape ball = circle("ball", {100, 300}, 5);
  ball.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});
  SweptTrace trace;
  const SweptResult hit = swept(Posed(ball), Posed(wall), &trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(trace.method, SweptMethod::RoundedPolygon);
  EXPECT_NEAR(hit.toi, 191.0f / 400.0f, 1e-6f);
  EXPECT_NEAR(hit.normal.x, -1.0f, 1e-6f);
}

TEST(SweptCircles, HeadOnByTheQuadratic) {
  Shape a = circle("A", {0, 0}, 10);
  a.vel = {100, 0};
  const Shape b = circle("B", {50, 0}, 10);
  SweptTrace trace;
  const SweptResult r = swept(Posed(a), Posed(b), &trace);
  ASSERT_TRUE(r.hit);
  EXPECT_EQ(trace.method, SweptMethod::Quadratic);
  EXPECT_NEAR(r.toi, 0.3f, 1e-6f);  // centres 20 apart after 30 px
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
}

TEST(SweptCircles, GlancingCornerOfARectangle) {
  // The circle moves straight up (y is down) 5 px right of the rectangle's right edge: its
  // path passes the bottom-right corner (50,50) at distance 5 < r = 10, so it clips the
  // corner's disc, not the bottom edge.
  Shape ball = circle("ball", {55, 100}, 10);
  ball.vel = {0, -300};
  const Shape box = rect("box", {0, 0}, {100, 100});
  const SweptResult r = swept(Posed(ball), Posed(box));
  ASSERT_TRUE(r.hit);
  // Contact when (5, y - 50) has length 10: y = 50 + sqrt(75) -> t = (100 - y) / 300.
  const float y = 50.0f + std::sqrt(75.0f);
  EXPECT_NEAR(r.toi, (100.0f - y) / 300.0f, 1e-5f);
  EXPECT_NEAR(r.normal.x, 0.5f, 1e-4f);
  EXPECT_NEAR(r.normal.y, std::sqrt(75.0f) / 10.0f, 1e-4f);
}

TEST(SweptOverlap, AlreadyOverlappingGivesToiZeroAndTheMtd) {
  Shape a = rect("A", {0, 0}, {100, 100});
  a.vel = {50, 0};
  const Shape b = rect("B", {90, 0}, {100, 100});
  const SweptResult r = swept(Posed(a), Posed(b));
  ASSERT_TRUE(r.hit);
  EXPECT_TRUE(r.initially_overlapping);
  EXPECT_EQ(r.toi, 0.0f);
  EXPECT_NEAR(r.mtd.depth, 10.0f, 1e-4f);
  EXPECT_NEAR(r.mtd.vector.x, -10.0f, 1e-4f);
}

// The trace records the reduction after every step and why a step found no impact, so the
// window's step mode reads them instead of redoing the swept arithmetic.
TEST(SweptTraceReduction, RunningEntryExitAndMissReasons) {
  Shape bullet = rect("bullet", {100, 300}, {10, 10});
  bullet.vel = {400, 0};
  const Shape wall = rect("wall", {300, 300}, {8, 200});
  SweptTrace t;
  const SweptResult hit = swept(Posed(bullet), Posed(wall), &t);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(t.miss, SweptMiss::None);
  float enter = -std::numeric_limits<float>::infinity();
  float exit = std::numeric_limits<float>::infinity();
  for (const SweptStep& s : t.steps) {  // an independent running max/min over the steps
    enter = std::max(enter, s.t_enter);
    exit = std::min(exit, s.t_exit);
    EXPECT_EQ(s.run_enter, enter);
    EXPECT_EQ(s.run_exit, exit);
  }
  EXPECT_EQ(t.steps.back().run_enter, hit.toi);

  Shape above = bullet;
  above.pos = {100, 150};  // passes above the wall: y never overlaps
  EXPECT_FALSE(swept(Posed(above), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::Disjoint);

  Shape slow = bullet;
  slow.vel = {100, 0};  // would reach the wall at t = 1.91
  EXPECT_FALSE(swept(Posed(slow), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::After);

  Shape leaving = bullet;
  leaving.pos = {320, 300};  // already past the wall, moving away
  EXPECT_FALSE(swept(Posed(leaving), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::Before);

  Shape ball = circle("ball", {100, 150}, 5);
  ball.vel = {400, 0};
  EXPECT_FALSE(swept(Posed(ball), Posed(wall), &t).hit);
  EXPECT_EQ(t.miss, SweptMiss::NotReached);
}

// ---- 4. swept ----

TEST(PropertySwept, MatchesBisectionOnTimeAllKindPairs) {
  constexpr int kSamples = 400;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 4000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertySwept " + pair_name(ka, kb));
      Tally tally;
      int initially = 0;
      for (int i = 0; i < 1200 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        // Three modes, velocities up to ~300 px per step:
        //   0: spread the pair out, random velocities on both;
        //   1: the same, with A heading roughly at B;
        //   2: pass-by: the pair as placed (often near contact) is where A is partway through
        //      a sideways relative motion (shared between A and B), so A slides past B.
        const int mode = i % 3;
        const DVec2 to_b = b.pos - a.pos;
        const double len = ref::length2(to_b);
        if (mode == 2 && len > 1.0) {
          const DVec2 side = DVec2(-to_b.y, to_b.x) / len;
          const DVec2 rel = g.uni(100.0, 300.0) * (side + g.uni(-0.3, 0.3) * to_b / len);
          const double share = g.uni(0.0, 1.0);
          a.vel = share * rel;
          b.vel = (share - 1.0) * rel;
          a.pos -= g.uni(0.3, 0.7) * rel;
        } else {
          b.pos = a.pos + g.uni(0.5, 2.5) * to_b;
          a.vel = g.uni(0.0, 300.0) * g.unit();
          b.vel = g.uni(0.0, 300.0) * g.unit();
          if (mode == 1 && len > 1.0) {
            a.vel = g.uni(50.0, 300.0) * (to_b / len) + g.uni(0.0, 60.0) * g.unit();
          }
        }
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::PairRef pr(a, b);
        // Moving both by t * vel is, up to a common translation, moving A by t * (va - vb).
        const DVec2 rel = a.vel - b.vel;
        auto sd_at = [&](double t) { return pr.signed_distance(t * rel); };
        hitbox::SweptTrace trace;
        const hitbox::SweptResult r = hitbox::swept(pa, pb, &trace);
        const hitbox::SweptResult r0 = hitbox::swept(pa, pb);
        ++tally.cases;
        PROP_CHECK(ck, r0.hit == r.hit && r0.toi == r.toi && r0.normal == r.normal,
                   "a trace changed the swept result");
        PROP_CHECK(ck, near(d(trace.rel_vel), rel, ref::kLen),
                   "trace rel_vel " + fmt(trace.rel_vel) + " expected " + fmt(rel));
        const hitbox::SweptMethod want_method =
            (ka == Kind::Circle && kb == Kind::Circle)   ? hitbox::SweptMethod::Quadratic
            : (ka == Kind::Circle || kb == Kind::Circle) ? hitbox::SweptMethod::RoundedPolygon
                                                         : hitbox::SweptMethod::Slabs;
        PROP_CHECK(ck, trace.method == want_method,
                   std::string("method ") + hitbox::swept_method_name(trace.method));
        for (const hitbox::SweptStep& st : trace.steps) {
          PROP_CHECK(ck, near(ref::length2(d(st.axis)), 1.0, 1e-4), "step axis not unit");
          if (trace.method != hitbox::SweptMethod::Slabs) continue;
          const DInterval ia = project(a, d(st.axis)), ib = project(b, d(st.axis));
          PROP_CHECK(ck,
                     near(st.a.min, ia.min, ref::kLen) && near(st.a.max, ia.max, ref::kLen) &&
                         near(st.b.min, ib.min, ref::kLen) && near(st.b.max, ib.max, ref::kLen),
                     "slab intervals at t=0 on " + fmt(st.axis));
          PROP_CHECK(ck, near(st.speed, ref::dot2(rel, d(st.axis)), ref::kLen),
                     "slab speed " + fmt(st.speed));
          // At the slab's entry time A's moved interval just touches B's.
          if (std::isfinite(st.t_enter) && std::abs(st.t_enter) <= 4.0) {
            const double ov = std::min(ia.max + st.t_enter * st.speed - ib.min,
                                       ib.max - ia.min - st.t_enter * st.speed);
            PROP_CHECK(ck, std::abs(ov) <= ref::kLen * (1.0 + std::abs(st.t_enter)),
                       "at slab t_enter " + fmt(st.t_enter) + " overlap is " + fmt(ov));
          }
        }

        std::array<double, kSamples + 1> s{};
        int first_hit = -1;
        for (int k = 0; k <= kSamples; ++k) {
          s[k] = sd_at(static_cast<double>(k) / kSamples);
          if (first_hit < 0 && s[k] < -ref::kBand) first_hit = k;
        }
        // The signed distance of two convex shapes is convex in t: golden-section minimum.
        double lo = 0.0, hi = 1.0;
        const double phi = (std::sqrt(5.0) - 1.0) / 2.0;
        for (int it = 0; it < 80; ++it) {
          const double m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
          if (sd_at(m1) < sd_at(m2))
            hi = m2;
          else
            lo = m1;
        }
        const double t_min = 0.5 * (lo + hi);
        double sd_min = sd_at(t_min);
        for (double v : s) sd_min = std::min(sd_min, v);
        const std::string got =
            "swept hit=" + std::to_string(r.hit) + " toi " + fmt(r.toi) + " normal " +
            fmt(r.normal) + " initially=" + std::to_string(r.initially_overlapping) +
            "; reference sd(0) " + fmt(s[0]) + " min sd " + fmt(sd_min) + " at t " + fmt(t_min);
        if (r.hit)
          PROP_CHECK(ck, near(ref::length2(d(r.normal)), 1.0, 1e-4), "normal not unit: " + got);

        if (s[0] < -ref::kBand) {
          ++tally.hits;
          ++initially;
          PROP_CHECK(ck, r.hit && r.initially_overlapping && r.toi == 0.0f,
                     "overlapping at t=0: " + got);
          const hitbox::MtdResult m = hitbox::mtd(pa, pb);
          PROP_CHECK(ck,
                     r.mtd.hit == m.hit && near(d(r.mtd.vector), d(m.vector), ref::kLen) &&
                         near(r.mtd.depth, m.depth, ref::kLen),
                     "swept mtd " + fmt(r.mtd.vector) + " vs mtd " + fmt(m.vector) + ": " + got);
          continue;
        }
        if (s[0] <= ref::kBand) {
          ++tally.skipped;  // touching at t = 0
          continue;
        }
        if (sd_min > ref::kBand) {
          ++tally.misses;
          PROP_CHECK(ck, !r.hit, "never closer than " + fmt(sd_min) + ": " + got);
          continue;
        }
        if (sd_min >= -ref::kBand) {
          ++tally.skipped;  // grazing
          continue;
        }
        ++tally.hits;
        // Bracket the first contact: the last sample with a positive signed distance before
        // the first hit sample (or the convex minimum when the hit falls between samples).
        double t_hi = first_hit >= 0 ? static_cast<double>(first_hit) / kSamples : t_min;
        int k_lo = static_cast<int>(std::floor(t_hi * kSamples));
        while (k_lo > 0 && (static_cast<double>(k_lo) / kSamples >= t_hi || s[k_lo] <= 0.0)) --k_lo;
        double t_lo = static_cast<double>(k_lo) / kSamples;
        const double t_hit_sample = t_hi;
        for (int it = 0; it < 60; ++it) {
          const double mid = 0.5 * (t_lo + t_hi);
          (sd_at(mid) > 0.0 ? t_lo : t_hi) = mid;
        }
        const double t_star = 0.5 * (t_lo + t_hi);
        // Time tolerance from the distance tolerance and how fast the gap closes there.
        const double h = 1e-4;
        const double rate = std::max((sd_at(std::max(0.0, t_star - h)) - sd_at(t_star)) / h, 1e-9);
        const double t_tol = 1e-4 + ref::kLen / rate;
        const std::string got2 =
            got + "; bisection toi " + fmt(t_star) + " (tolerance " + fmt(t_tol) + ")";
        PROP_CHECK(ck, r.hit && !r.initially_overlapping, got2);
        if (!r.hit) continue;
        PROP_CHECK(ck, r.toi <= t_hit_sample + 1e-4, "toi after the first hit sample: " + got2);
        PROP_CHECK(ck, near(r.toi, t_star, t_tol), "toi differs from bisection: " + got2);
        // The normal points from B toward A at impact: moving A along it separates.
        const double eps = 0.5;
        const DVec2 at = static_cast<double>(r.toi) * rel;
        const double gain = pr.signed_distance(at + eps * d(r.normal)) - pr.signed_distance(at);
        PROP_CHECK(ck, gain >= 0.5 * eps,
                   "moving A by 0.5 * normal at toi changes the signed distance by " + fmt(gain) +
                       ": " + got2);
        if (trace.method == hitbox::SweptMethod::Slabs) {
          PROP_CHECK(ck,
                     trace.entry_step >= 0 &&
                         trace.entry_step < static_cast<int>(trace.steps.size()) &&
                         near(trace.steps[trace.entry_step].t_enter, r.toi, 1e-5),
                     "entry step does not hold the toi: " + got2);
        }
      }
      tally.report("swept " + pair_name(ka, kb));
      EXPECT_GT(initially, 0) << pair_name(ka, kb);
      EXPECT_GT(tally.hits - initially, tally.cases / 10) << pair_name(ka, kb);
      EXPECT_GT(tally.misses, tally.cases / 10) << pair_name(ka, kb);
    }
  }
}

}  // namespace
}  // namespace hitbox
