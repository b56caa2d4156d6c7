// Tests of the time of impact for shapes that turn (swept_turning, collide.h): named cases
// worked out by hand (a bar spinning through a ball, a square grazing a corner), then seeded
// property tests against support/reference.h: the pair posed at t from its Shapes (pos + t vel,
// angle + t spin) and its exact signed distance in double, sampled over the step and bisected.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/concave.h"
#include "hitbox/shape.h"
#include "support/named_shapes.h"
#include "support/property_cases.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using namespace property;

// The shape at time t of the step, as the reference sees it.
Shape posed_at(const Shape& s, double t) {
  Shape m = s;
  m.pos += t * s.vel;
  m.angle += t * s.spin;
  m.vel = DVec2(0.0, 0.0);
  m.spin = 0.0;
  return m;
}

double gap_at(const Shape& a, const Shape& b, double t) {
  return ref::PairRef(posed_at(a, t), posed_at(b, t)).signed_distance();
}

double degrees(double rad) {
  return rad * 180.0 / std::numbers::pi;
}

// ---- a bar spinning through a ball ----

// A 200 x 10 bar turns 170 degrees in one step about its centre; a ball of radius 12 sits 60 px
// below the centre. At t = 0 and t = 1 the bar is clear of it (59 px from the bar's line at
// 170 degrees), but on the way it sweeps through: its side reaches the ball when the ball's
// centre is 5 + 12 px from the bar's line, 60 cos(theta) = 17, theta = acos(17 / 60), at
// t = theta / 170 degrees. The translation-only answer sees nothing move and misses.
TEST(SweptSpin, BarSpinning170DegreesThroughABall) {
  Shape bar = named_shapes::rect("bar", {400, 300}, {200, 10});
  bar.spin = 170.0;
  const Shape ball = named_shapes::circle("ball", {400, 360}, 12);
  const Posed a(bar), b(ball);
  EXPECT_GT(gap_at(bar, ball, 0.0), 40.0);
  EXPECT_GT(gap_at(bar, ball, 1.0), 40.0);

  const double theta = std::acos(17.0 / 60.0);
  const double t_touch = degrees(theta) / 170.0;  // 0.4326
  SweptTrace trace;
  const SweptResult r = swept(a, b, &trace);
  ASSERT_TRUE(r.hit);
  EXPECT_FALSE(r.initially_overlapping);
  EXPECT_FALSE(r.gave_up);
  EXPECT_EQ(trace.method, SweptMethod::ConservativeAdvancement);
  // The gap closes at 60 sin(theta) * 170 degrees (in radians) px per step: 0.25 px of it is
  // ~0.0015 of the step.
  const double closing = 60.0 * std::sin(theta) * 170.0 * std::numbers::pi / 180.0;
  EXPECT_LE(r.toi, t_touch + 1e-5);
  EXPECT_GE(r.toi, t_touch - (kSweptTolerance + 1e-3) / closing);
  // The normal points from the ball toward the bar: perpendicular to the bar as it is at toi.
  const double at = r.toi * 170.0 * std::numbers::pi / 180.0;
  const DVec2 want(std::sin(at), -std::cos(at));
  EXPECT_NEAR(r.normal.x, want.x, 1e-3);
  EXPECT_NEAR(r.normal.y, want.y, 1e-3);
  // The contact point is on the ball, facing the bar.
  const Vec2 p = swept_point(a, b, r);
  EXPECT_NEAR(ref::length2(DVec2(p.x, p.y) - ball.pos), 12.0, kSweptTolerance);

  const SweptResult lin = swept_linear(a, b);
  EXPECT_FALSE(lin.hit) << "the translation-only answer sees no motion";

  // Each advance is a time no later than the next, and the last is the impact.
  ASSERT_FALSE(trace.advances.empty());
  for (std::size_t k = 1; k < trace.advances.size(); ++k)
    EXPECT_GT(trace.advances[k].t, trace.advances[k - 1].t);
  EXPECT_EQ(trace.advances.back().t, r.toi);
  EXPECT_LE(trace.advances.back().distance, kSweptTolerance);
  // The untraced answer is the traced one.
  const SweptResult r0 = swept(a, b);
  EXPECT_EQ(r0.toi, r.toi);
  EXPECT_EQ(r0.normal, r.normal);
}

// Turning the other way (spin -170) meets the ball on the bar's other half, at the same time.
TEST(SweptSpin, BarSpinningBackwardsMeetsTheBallAtTheSameTime) {
  Shape bar = named_shapes::rect("bar", {400, 300}, {200, 10});
  bar.spin = -170.0;
  const Shape ball = named_shapes::circle("ball", {400, 360}, 12);
  const SweptResult r = swept(Posed(bar), Posed(ball));
  ASSERT_TRUE(r.hit);
  const double t_touch = degrees(std::acos(17.0 / 60.0)) / 170.0;
  EXPECT_NEAR(r.toi, t_touch, 2e-3);
  EXPECT_LT(r.normal.x, -0.9f);  // from the ball toward the bar's other half
}

// ---- a spinning square grazing a corner ----

// A 40 x 40 square turns 90 degrees; its corners sweep a circle of radius 20 sqrt(2) = 28.28.
// B is a square turned 45 degrees with one corner pointing at A's centre. With that corner 28 px
// away, A's side passes over it (touch when 28 cos(phi) = 20: phi = acos(20 / 28)); 28.7 px
// away, A's corners pass 0.42 px short of it: a miss, though closer than a pixel.
Shape corner_at(double r) {
  const double half_diag = 10.0 * std::numbers::sqrt2;
  return named_shapes::rect("corner", {300.0 + r + half_diag, 300.0}, {20, 20}, 45.0);
}

TEST(SweptSpin, SpinningSquareGrazesACorner) {
  Shape sq = named_shapes::rect("square", {300, 300}, {40, 40});
  sq.spin = 90.0;
  const Shape near_corner = corner_at(28.0);
  SweptTrace trace;
  const SweptResult r = swept(Posed(sq), Posed(near_corner), &trace);
  ASSERT_TRUE(r.hit);
  EXPECT_FALSE(r.initially_overlapping);
  const double t_touch = degrees(std::acos(20.0 / 28.0)) / 90.0;  // 0.4935
  EXPECT_LE(r.toi, t_touch + 1e-5);
  EXPECT_LE(gap_at(sq, near_corner, r.toi), kSweptTolerance + ref::kLen);
  EXPECT_GE(gap_at(sq, near_corner, r.toi), kSweptTarget - ref::kLen);
  EXPECT_FALSE(swept_linear(Posed(sq), Posed(near_corner)).hit);

  const Shape far_corner = corner_at(28.7);
  SweptTrace miss_trace;
  const SweptResult m = swept(Posed(sq), Posed(far_corner), &miss_trace);
  EXPECT_FALSE(m.hit);
  EXPECT_FALSE(m.gave_up) << miss_trace.advances.size() << " advances";
  EXPECT_EQ(miss_trace.miss, SweptMiss::NotReached);
  // The reference's closest pass: 28.7 - 28.28 px at t = 0.5.
  EXPECT_NEAR(gap_at(sq, far_corner, 0.5), 28.7 - 20.0 * std::numbers::sqrt2, 1e-6);
}

// ---- what spin leaves alone ----

// A circle or a point turning about its own centre is where it was: the translation-only
// method answers, as for spin 0. With spin 0 swept is swept_linear exactly.
TEST(SweptSpin, SpinThatChangesNothingKeepsTheTranslationMethod) {
  Shape ball = named_shapes::circle("ball", {100, 100}, 10, {200, 0});
  ball.spin = 720.0;
  const Shape wall = named_shapes::rect("wall", {200, 100}, {8, 100});
  SweptTrace trace;
  const SweptResult r = swept(Posed(ball), Posed(wall), &trace);
  EXPECT_EQ(trace.method, SweptMethod::RoundedPolygon);
  const SweptResult lin = swept_linear(Posed(ball), Posed(wall));
  EXPECT_EQ(r.toi, lin.toi);
  EXPECT_EQ(r.normal, lin.normal);
  Shape dot = named_shapes::point("dot", {100, 100}, {200, 0});
  dot.spin = 45.0;
  EXPECT_FALSE(turns(Posed(dot)));
}

// A shape posed at a time of the step is the same as the Shape posed there.
TEST(SweptSpin, AtTimeIsTheShapePosedThere) {
  Gen g(77);
  constexpr std::array<Kind, 4> kinds = {Kind::Rect, Kind::Circle, Kind::Polygon, Kind::Capsule};
  for (int i = 0; i < 200; ++i) {
    Shape s = g.shape(kinds[static_cast<std::size_t>(i % 4)]);
    s.pos = DVec2(g.uni(100, 900), g.uni(100, 900));
    s.vel = 100.0 * g.unit();
    s.spin = g.uni(-400.0, 400.0);
    const double t = g.uni(0.0, 1.0);
    const Posed p(s), want(posed_at(s, t));
    std::vector<Vec2> store(static_cast<std::size_t>(pose_vec_slots(s)));
    const Collider got = at_time(p, static_cast<float>(t), store);
    ASSERT_EQ(got.count, want.collider().count);
    EXPECT_NEAR(got.pos.x, want.collider().pos.x, 1e-3);
    EXPECT_NEAR(got.pos.y, want.collider().pos.y, 1e-3);
    for (int k = 0; k < got.count; ++k) {
      EXPECT_NEAR(got.v[k].x, want.collider().v[k].x, 2e-3) << i;
      EXPECT_NEAR(got.v[k].y, want.collider().v[k].y, 2e-3) << i;
      EXPECT_NEAR(got.n[k].x, want.collider().n[k].x, 1e-4) << i;
    }
    ASSERT_EQ(got.axis_count, want.collider().axis_count);
    for (int k = 0; k < got.axis_count; ++k) {
      EXPECT_NEAR(got.axes[k].x, want.collider().axes[k].x, 1e-4) << i;
      EXPECT_NEAR(got.self[k].x, want.collider().self[k].x, 2e-3) << i;
      EXPECT_NEAR(got.self[k].y, want.collider().self[k].y, 2e-3) << i;
    }
    EXPECT_NEAR(got.bounds.min.x, want.collider().bounds.min.x, 2e-3);
    EXPECT_NEAR(got.bounds.max.y, want.collider().bounds.max.y, 2e-3);
  }
}

// ---- property: against sampling and bisection ----

// Thousands of seeded pairs of every kind pair (rotated, scaled, mirrored), moving and turning.
// The reference samples the exact signed distance of the pair posed at t and bisects the first
// contact. Holds: overlapping at t = 0 is toi 0; at the reported toi the gap is at most
// kSweptTolerance; before it no sample is closer than kSweptTarget (no step over a contact); a
// miss only when no sample comes closer than kSweptTarget; a touch in the samples is a hit no
// later than the first touch; the normal points from B toward A; the point is on both shapes.
TEST(PropertySweptSpin, MatchesSamplingAndBisection) {
  constexpr int kSamples = 500;
  constexpr std::array<Kind, 4> kinds = {Kind::Rect, Kind::Circle, Kind::Polygon, Kind::Capsule};
  for (Kind ka : kinds) {
    for (Kind kb : kinds) {
      const std::uint32_t seed = 9100 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertySweptSpin " + pair_name(ka, kb));
      Tally tally;
      int gave_up = 0, turned_hits = 0, linear_misses = 0;
      for (int i = 0; i < 300 && !ck.exhausted(); ++i) {
        auto pair = g.pair(ka, kb);
        Shape& a = pair.first;
        Shape& b = pair.second;
        // Spread the pair out, give both a velocity and A (and often B) a spin of up to 400
        // degrees per step.
        b.pos = a.pos + g.uni(0.8, 2.0) * (b.pos - a.pos);
        a.vel = g.uni(0.0, 150.0) * g.unit();
        b.vel = g.uni(0.0, 150.0) * g.unit();
        a.spin = g.uni(-400.0, 400.0);
        if (g.coin()) b.spin = g.uni(-400.0, 400.0);
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        SweptTrace trace;
        const SweptResult r = swept(pa, pb, &trace);
        const SweptResult r0 = swept(pa, pb);
        ++tally.cases;
        PROP_CHECK(ck, r0.hit == r.hit && r0.toi == r.toi && r0.normal == r.normal,
                   "a trace changed the result");
        const auto gap = [&](double t) { return gap_at(a, b, t); };
        std::vector<double> s(kSamples + 1);
        double min_gap = 1e300;
        for (int k = 0; k <= kSamples; ++k) {
          s[static_cast<std::size_t>(k)] = gap(static_cast<double>(k) / kSamples);
          min_gap = std::min(min_gap, s[static_cast<std::size_t>(k)]);
        }
        const std::string got = "hit=" + std::to_string(r.hit) + " toi " + fmt(r.toi) +
                                " gave_up=" + std::to_string(r.gave_up) + "; gap(0) " + fmt(s[0]) +
                                " min sampled gap " + fmt(min_gap);
        if (s[0] < -ref::kBand) {
          ++tally.hits;
          PROP_CHECK(ck, r.hit && r.initially_overlapping && r.toi == 0.0f, got);
          continue;
        }
        if (s[0] <= kSweptTolerance + ref::kLen) {
          ++tally.skipped;  // touching at t = 0
          continue;
        }
        if (r.gave_up) {
          ++gave_up;
          // No contact before the time it reached.
          for (int k = 0; k <= kSamples && k < r.toi * kSamples; ++k)
            PROP_CHECK(ck, s[static_cast<std::size_t>(k)] >= kSweptTarget - ref::kLen, got);
          continue;
        }
        // No sample before the toi (all of them for a miss) comes closer than the target (the
        // exact translation-only methods, when spin changes nothing: than touching).
        const bool advancing = trace.method == SweptMethod::ConservativeAdvancement;
        const double floor = advancing ? kSweptTarget - ref::kLen : -ref::kLen;
        const double until = r.hit ? r.toi : 1.0;
        for (int k = 0; k <= kSamples && static_cast<double>(k) / kSamples < until; ++k) {
          PROP_CHECK(ck, s[static_cast<std::size_t>(k)] >= floor,
                     "sample t " + fmt(static_cast<double>(k) / kSamples) + " gap " +
                         fmt(s[static_cast<std::size_t>(k)]) + " before the answer: " + got);
        }
        if (!r.hit) {
          ++tally.misses;
          continue;
        }
        ++tally.hits;
        PROP_CHECK(ck, !r.initially_overlapping, got);
        const double g_toi = gap(r.toi);
        PROP_CHECK(ck, g_toi <= kSweptTolerance + ref::kLen && g_toi >= -ref::kLen,
                   "gap at toi " + fmt(g_toi) + ": " + got);
        // An overlap in the samples deeper than a float result's slack (kLen): the hit comes
        // no later than the bisected first time the exact gap reaches -kLen. (The core poses
        // and measures in floats, so its toi may pass the exact touch by that slack.)
        const auto deep = [&](double gap_t) { return gap_t <= -ref::kLen; };
        int first_deep = -1;
        for (int k = 0; k <= kSamples && first_deep < 0; ++k)
          if (deep(s[static_cast<std::size_t>(k)])) first_deep = k;
        if (first_deep > 0) {
          double lo = static_cast<double>(first_deep - 1) / kSamples;
          double hi = static_cast<double>(first_deep) / kSamples;
          for (int it = 0; it < 60; ++it) {
            const double mid = 0.5 * (lo + hi);
            (deep(gap(mid)) ? hi : lo) = mid;
          }
          PROP_CHECK(ck, r.toi <= hi, "bisected first overlap of kLen " + fmt(hi) + ": " + got);
        }
        // The normal points from B toward A: moving A along it at toi opens the gap.
        PROP_CHECK(ck, near(ref::length2(d(r.normal)), 1.0, 1e-4), "normal not unit: " + got);
        Shape a_moved = posed_at(a, r.toi);
        a_moved.pos += 0.5 * d(r.normal);
        const double gain = ref::PairRef(a_moved, posed_at(b, r.toi)).signed_distance() - g_toi;
        PROP_CHECK(ck, gain >= 0.25, "0.5 px along the normal gains " + fmt(gain) + ": " + got);
        // The contact point lies on both shapes' outlines at toi, within the tolerance.
        const Vec2 p = swept_point(pa, pb, r);
        const double da = ref::point_shape_signed_distance(posed_at(a, r.toi), d(p));
        const double db = ref::point_shape_signed_distance(posed_at(b, r.toi), d(p));
        PROP_CHECK(ck, std::abs(da) <= kSweptTolerance && std::abs(db) <= kSweptTolerance,
                   "point " + fmt(p) + " from A " + fmt(da) + " from B " + fmt(db) + ": " + got);
        ++turned_hits;
        if (!swept_linear(pa, pb).hit) ++linear_misses;
      }
      tally.report("swept with spin " + pair_name(ka, kb));
      std::printf("[ stats    ] %s: gave up %d, translation-only missed %d of %d hits\n",
                  pair_name(ka, kb).c_str(), gave_up, linear_misses, turned_hits);
      EXPECT_LE(gave_up, tally.cases / 100) << pair_name(ka, kb);
      EXPECT_GT(turned_hits, tally.cases / 20) << pair_name(ka, kb);
      EXPECT_GT(tally.misses, tally.cases / 10) << pair_name(ka, kb);
      if (ka == Kind::Circle && kb == Kind::Circle)
        EXPECT_EQ(linear_misses, 0) << "circles turning about their centres stay where they are";
      else
        EXPECT_GT(linear_misses, 0) << "spin never made the difference: " << pair_name(ka, kb);
    }
  }
}

// With spin 0 swept is swept_linear, number for number (the translation-only methods).
TEST(PropertySweptSpin, NoSpinIsTheTranslationAnswer) {
  Gen g(9200);
  for (int i = 0; i < 600; ++i) {
    auto [a, b] = g.pair(kKinds[static_cast<std::size_t>(i % 3)],
                         kKinds[static_cast<std::size_t>(i / 3 % 3)]);
    a.vel = g.uni(0.0, 200.0) * g.unit();
    const Posed pa(a), pb(b);
    const SweptResult r = swept(pa, pb), lin = swept_linear(pa, pb);
    ASSERT_EQ(r.hit, lin.hit) << i;
    EXPECT_EQ(r.toi, lin.toi) << i;
    EXPECT_EQ(r.normal, lin.normal) << i;
  }
}

// A concave polygon turning: through its pieces, the same properties at the reported time.
TEST(SweptSpin, ConcaveLTurnsIntoABall) {
  Shape l = named_shapes::polygon("L", {300, 300},
                                  {{0, 0}, {80, 0}, {80, 20}, {20, 20}, {20, 80}, {0, 80}});
  l.spin = 180.0;
  const Shape ball = named_shapes::circle("ball", {250, 330}, 8);
  const Posed a(l), b(ball);
  ASSERT_TRUE(has_pieces(a));
  PiecePair which;
  const SweptResult r = swept_pieces(a, b, nullptr, &which);
  ASSERT_TRUE(r.hit);
  EXPECT_GE(which.a, 0);
  // Reference: the L as its own outline, sampled.
  double first = -1.0;
  for (int k = 0; k <= 2000 && first < 0.0; ++k) {
    const double t = k / 2000.0;
    const Shape at = posed_at(l, t);
    const Shape b_at = posed_at(ball, t);
    const double dist =
        ref::point_polygon_signed_distance(b_at.pos, ref::world_polygon(at)) - ball.radius;
    if (dist <= 0.0) first = t;
    if (t < r.toi) {
      EXPECT_GE(dist, kSweptTarget - ref::kLen) << t;
    }
  }
  ASSERT_GE(first, 0.0);
  EXPECT_LE(r.toi, first + 1e-6);
  EXPECT_GE(r.toi, first - 0.01);
  EXPECT_EQ(swept(a, b).toi, r.toi);
}

}  // namespace
}  // namespace hitbox
