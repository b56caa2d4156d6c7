// Tests of collide.h (aabb, bounding_circle, sat, mtd and the interval helpers they use):
// named cases with numbers worked out by hand, then seeded property tests against the
// independent double-precision references of support/reference.h (clipping area, exact
// signed distance, sampled directions), for every kind pair in both orders.
#include "hitbox/collide.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "hitbox/shape.h"
#include "support/named_shapes.h"
#include "support/property_cases.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using namespace named_shapes;
using namespace property;

// ---- Axes ----

TEST(SatAxes, TwoAxesPerRectangle) {
  const Posed a(rect("A", {0, 0}, {100, 40}, 17.0));
  const Posed b(rect("B", {300, 0}, {60, 60}, -40.0, true, false));
  SatTrace trace;
  sat(a, b, &trace, /*early_exit=*/false);
  ASSERT_EQ(trace.axes.size(), 4u);  // not 8: opposite edges share an axis
  EXPECT_EQ(trace.axes[0].source, AxisSource::EdgeA);
  EXPECT_EQ(trace.axes[1].source, AxisSource::EdgeA);
  EXPECT_EQ(trace.axes[2].source, AxisSource::EdgeB);
  EXPECT_EQ(trace.axes[3].source, AxisSource::EdgeB);
  // A's two axes are perpendicular.
  EXPECT_NEAR(dot(trace.axes[0].axis, trace.axes[1].axis), 0.0f, 1e-6f);
}

TEST(SatAxes, ParallelEdgesOnceForHexagonAndPentagonKeepsFive) {
  std::vector<DVec2> hex, pent;
  for (int i = 0; i < 6; ++i) {
    hex.emplace_back(50 * std::cos(i * M_PI / 3), 50 * std::sin(i * M_PI / 3));
  }
  for (int i = 0; i < 5; ++i) {
    pent.emplace_back(50 * std::cos(i * 2 * M_PI / 5), 50 * std::sin(i * 2 * M_PI / 5));
  }
  EXPECT_EQ(Posed(polygon("H", {0, 0}, hex)).collider().axis_count, 3);
  EXPECT_EQ(Posed(polygon("P", {0, 0}, pent)).collider().axis_count, 5);
}

TEST(SatAxes, EarlyExitStopsAtTheFirstSeparatingAxis) {
  // B is far to the right: A's first axis (its x normal) already separates.
  const Posed a(rect("A", {0, 0}, {100, 40}));
  const Posed b(rect("B", {300, 0}, {60, 60}, 10.0));
  SatTrace early, full;
  const SatResult r1 = sat(a, b, &early, true);
  const SatResult r2 = sat(a, b, &full, false);
  EXPECT_FALSE(r1.hit);
  EXPECT_FALSE(r2.hit);
  EXPECT_EQ(early.separating, static_cast<int>(early.axes.size()) - 1);
  EXPECT_EQ(full.axes.size(), 4u);
  EXPECT_EQ(full.separating, early.separating);
  EXPECT_EQ(r1.axis, r2.axis);
}

TEST(SatAxes, CircleAgainstPolygonAddsTheNearestVertexAxis) {
  const Posed r(rect("R", {0, 0}, {100, 100}));
  const Posed c(circle("C", {90, 90}, 20));
  SatTrace trace;
  sat(r, c, &trace, false);
  ASSERT_EQ(trace.axes.size(), 3u);
  EXPECT_EQ(trace.axes[2].source, AxisSource::CircleVertex);
  // Nearest corner is (50, 50); the axis is the diagonal.
  EXPECT_NEAR(std::fabs(trace.axes[2].axis.x), std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(std::fabs(trace.axes[2].axis.y), std::sqrt(0.5f), 1e-6f);
}

// ---- Circle near a rectangle's corner ----

// Treating the circle as a square (its bounding box) says "hit": the square's corner pokes
// into the rectangle. The circle itself stays 30*sqrt(2) - 40 = 2.43 px from the corner.
TEST(CircleNearCorner, CircleAsSquareWronglySaysHit) {
  const Posed r(rect("R", {0, 0}, {100, 100}));
  const Posed c(circle("C", {80, 80}, 40));
  EXPECT_TRUE(aabb(r, c).hit);  // the circle's box is the "circle as square"
  const SatResult s = sat(r, c);
  EXPECT_FALSE(s.hit);
  EXPECT_NEAR(-s.overlap, 30.0f * std::sqrt(2.0f) - 40.0f, 1e-3f);
  EXPECT_FALSE(mtd(r, c).hit);
  EXPECT_FALSE(swept(r, c).hit);
  // Move the circle 3 px diagonally closer: now it really touches the corner.
  const Posed c2(circle("C", {77.8, 77.8}, 40));
  EXPECT_TRUE(sat(r, c2).hit);
}

// ---- Touching ----

TEST(Touching, RectanglesSharingAnEdgeTouch) {
  const Posed a(rect("A", {0, 0}, {100, 50}));
  const Posed b(rect("B", {100, 0}, {100, 50}));
  EXPECT_TRUE(aabb(a, b).hit);
  const SatResult s = sat(a, b);
  EXPECT_TRUE(s.hit);
  EXPECT_EQ(s.overlap, 0.0f);
  const MtdResult m = mtd(a, b);
  EXPECT_TRUE(m.hit);
  EXPECT_EQ(m.depth, 0.0f);
  EXPECT_TRUE(contains(a, Vec2(50, 0)));  // on the shared edge
  EXPECT_TRUE(contains(b, Vec2(50, 0)));
  EXPECT_FALSE(contains(a, Vec2(50.01f, 0)));
}

TEST(Touching, CirclesAtExactlyTheRadiusSum) {
  const Posed a(circle("A", {0, 0}, 10));
  const Posed b(circle("B", {20, 0}, 10));
  const Posed c(circle("C", {20.01, 0}, 10));
  EXPECT_TRUE(sat(a, b).hit);
  EXPECT_TRUE(bounding_circle(a, b).hit);
  EXPECT_FALSE(sat(a, c).hit);
  EXPECT_FALSE(bounding_circle(a, c).hit);
}

// Two circles: the overlap is ra + rb - |B - A| from the centre offset itself, so it stays
// exact to a few float roundings of the distance even far from the origin, where projecting
// each centre on the axis would lose the digits of the centres' coordinates (about 1e-3 px at
// 20,000 px). The reference is the same formula in double, from the posed float centres.
TEST(SatCircles, OverlapIsExactFarFromTheOrigin) {
  std::mt19937 rng(20261125);
  std::uniform_real_distribution<double> far(-20000.0, 20000.0), unit(0.0, 1.0);
  constexpr double kEps = std::numeric_limits<float>::epsilon();
  double worst = 0.0;
  for (int i = 0; i < 4000; ++i) {
    const double ra = 5.0 + 95.0 * unit(rng), rb = 5.0 + 95.0 * unit(rng);
    const DVec2 ca(far(rng), far(rng));
    const double dist = (ra + rb) * (0.5 + unit(rng));  // half overlapping, half apart
    const double t = 6.283185307179586 * unit(rng);
    const Posed a(circle("A", ca, ra));
    const Posed b(circle("B", ca + dist * DVec2(std::cos(t), std::sin(t)), rb));
    const double dx = static_cast<double>(b.collider().pos.x) - a.collider().pos.x;
    const double dy = static_cast<double>(b.collider().pos.y) - a.collider().pos.y;
    const double len = std::hypot(dx, dy);
    const double sum = static_cast<double>(a.collider().radius) + b.collider().radius;
    const double ref = sum - len;
    const double tol = 8.0 * kEps * (len + sum);  // a few roundings of numbers this size
    for (const SatResult& r : {sat(a, b), detail::sat_any(a, b, nullptr, true)}) {
      ASSERT_NEAR(r.overlap, ref, tol) << "case " << i << " at " << ca.x << ", " << ca.y;
      ASSERT_EQ(r.hit, ref >= 0.0 || std::fabs(ref) <= tol) << "case " << i;
      worst = std::max(worst, std::fabs(r.overlap - ref) / (len + sum));
    }
    const MtdResult m = mtd(a, b);
    if (m.hit) {
      ASSERT_NEAR(m.depth, ref, tol) << "case " << i;
    }
  }
  EXPECT_LT(worst, 8.0 * kEps);
}

TEST(Touching, CornerOnCorner) {
  const Posed a(rect("A", {0, 0}, {100, 100}));
  const Posed b(rect("B", {100, 100}, {100, 100}));
  EXPECT_TRUE(sat(a, b).hit);
}

// ---- MTD ----

TEST(Mtd, PointsAwayFromBAndSeparatesExactly) {
  const Shape sa = rect("A", {0, 0}, {100, 100});
  const Shape sb = circle("B", {60, 10}, 20);  // 10 px deep into A's right edge
  const MtdResult m = mtd(Posed(sa), Posed(sb));
  ASSERT_TRUE(m.hit);
  EXPECT_NEAR(m.depth, 10.0f, 1e-4f);
  EXPECT_NEAR(m.normal.x, -1.0f, 1e-6f);  // A goes left, away from B
  Shape moved = sa;
  moved.pos += DVec2(m.vector);
  const SatResult after = sat(Posed(moved), Posed(sb));
  EXPECT_TRUE(after.hit);
  EXPECT_NEAR(after.overlap, 0.0f, 1e-4f);  // touching
}

TEST(Mtd, NoneWhenApart) {
  const MtdResult m = mtd(Posed(rect("A", {0, 0}, {10, 10})), Posed(rect("B", {50, 0}, {10, 10})));
  EXPECT_FALSE(m.hit);
  EXPECT_EQ(m.depth, 0.0f);
  EXPECT_FALSE(std::signbit(m.depth));  // a miss prints depth 0, not -0
  EXPECT_EQ(m.vector, Vec2(0.0f));
  // Same for a circle and a rectangle, and a polygon pair (the other code paths).
  EXPECT_FALSE(
      std::signbit(mtd(Posed(circle("C", {0, 0}, 5)), Posed(rect("R", {50, 0}, {10, 10}))).depth));
  EXPECT_FALSE(mtd(Posed(polygon("P", {0, 0}, {{0, 0}, {10, 0}, {0, 10}})),
                   Posed(polygon("Q", {50, 0}, {{0, 0}, {10, 0}, {0, 10}})))
                   .hit);
}

TEST(Aabb, RotatedRectangleBoundsAndClosedIntervals) {
  const Posed r(rect("R", {0, 0}, {100, 100}, 45.0));
  const float h = 50.0f * std::sqrt(2.0f);
  EXPECT_NEAR(r.collider().bounds.max.x, h, 1e-3f);
  EXPECT_NEAR(r.collider().bounds.min.y, -h, 1e-3f);
  const Posed a(rect("A", {0, 0}, {10, 10}));
  const Posed b(rect("B", {10, 10}, {10, 10}));
  EXPECT_TRUE(aabb(a, b).hit);  // corners touch
  // The overlap box and depth the window tints and prints: 10x10 boxes 6 px apart in x and
  // overlapping by 4 in y.
  const Posed c(rect("C", {0, 0}, {10, 10}));
  const Posed d(rect("D", {16, 6}, {10, 10}));
  const AabbResult apart = aabb(c, d);
  EXPECT_FALSE(apart.hit);
  EXPECT_FLOAT_EQ(apart.depth, -6.0f);
  const Posed e(rect("E", {7, 6}, {10, 10}));
  const AabbResult hit = aabb(c, e);
  EXPECT_TRUE(hit.hit);
  EXPECT_FLOAT_EQ(hit.depth, 3.0f);
  EXPECT_EQ(hit.overlap.min, Vec2(2.0f, 1.0f));
  EXPECT_EQ(hit.overlap.max, Vec2(5.0f, 5.0f));
  EXPECT_FLOAT_EQ(bounding_circle(c, d).distance, std::sqrt(16.0f * 16.0f + 6.0f * 6.0f));
}

TEST(Intervals, BetweenIsTheOverlapOrTheGapAndItsLengthIsTheOverlapSize) {
  const Interval overlap = interval_between({0, 10}, {6, 20});
  EXPECT_EQ(overlap.min, 6.0f);
  EXPECT_EQ(overlap.max, 10.0f);
  EXPECT_EQ(overlap.max - overlap.min, interval_overlap({0, 10}, {6, 20}));
  const Interval gap = interval_between({0, 10}, {13, 20});
  EXPECT_EQ(gap.min, 10.0f);
  EXPECT_EQ(gap.max, 13.0f);
  EXPECT_EQ(gap.max - gap.min, -interval_overlap({0, 10}, {13, 20}));
  const Interval inside = interval_between({0, 10}, {2, 3});  // B inside A
  EXPECT_EQ(inside.min, 2.0f);
  EXPECT_EQ(inside.max, 3.0f);
}

// The recorded axes of a SAT trace: unit, projections match the reference shapes, overlap is
// interval_overlap, and each axis comes from where its source says.
void check_axes(Checker& ck, const std::vector<hitbox::SatAxis>& axes, const Shape& a,
                const Shape& b) {
  const bool ca = a.kind == Kind::Circle;
  const bool cb = b.kind == Kind::Circle;
  for (std::size_t i = 0; i < axes.size() && !ck.exhausted(); ++i) {
    const hitbox::SatAxis& ax = axes[i];
    const DVec2 n = d(ax.axis);
    const std::string where = "axis " + std::to_string(i) + " " + fmt(n) + " source " +
                              hitbox::axis_source_name(ax.source) + " feature " +
                              std::to_string(ax.feature);
    PROP_CHECK(ck, near(ref::length2(n), 1.0, 1e-4), where + " length " + fmt(ref::length2(n)));
    const DInterval pa = project(a, n);
    const DInterval pb = project(b, n);
    PROP_CHECK(ck, near(ax.a.min, pa.min, ref::kLen) && near(ax.a.max, pa.max, ref::kLen),
               where + ": A interval [" + fmt(ax.a.min) + ", " + fmt(ax.a.max) + "] reference [" +
                   fmt(pa.min) + ", " + fmt(pa.max) + "]");
    PROP_CHECK(ck, near(ax.b.min, pb.min, ref::kLen) && near(ax.b.max, pb.max, ref::kLen),
               where + ": B interval [" + fmt(ax.b.min) + ", " + fmt(ax.b.max) + "] reference [" +
                   fmt(pb.min) + ", " + fmt(pb.max) + "]");
    const double ov = std::min(static_cast<double>(ax.a.max) - ax.b.min,
                               static_cast<double>(ax.b.max) - ax.a.min);
    PROP_CHECK(
        ck, near(ax.overlap, ov, 1e-3),
        where + ": overlap " + fmt(ax.overlap) + " but min(a.max-b.min, b.max-a.min) = " + fmt(ov));
    // Where the axis came from.
    switch (ax.source) {
      case hitbox::AxisSource::EdgeA:
      case hitbox::AxisSource::EdgeB: {
        const Shape& s = ax.source == hitbox::AxisSource::EdgeA ? a : b;
        PROP_CHECK(ck, s.kind != Kind::Circle, where + ": edge axis of a circle");
        if (s.kind == Kind::Circle) break;
        const ref::Poly p = ref::world_polygon(s);
        bool found = false;
        for (std::size_t e = 0; e < p.size() && !found; ++e) {
          const DVec2 dir = p[(e + 1) % p.size()] - p[e];
          found = std::abs(ref::dot2(dir, n)) <= 1e-4 * ref::length2(dir);
        }
        PROP_CHECK(ck, found, where + ": not perpendicular to any edge of its shape");
        PROP_CHECK(ck, ax.feature >= 0 && ax.feature < static_cast<int>(p.size()),
                   where + ": feature out of range");
        break;
      }
      case hitbox::AxisSource::CentreLine:
        PROP_CHECK(ck, ca && cb, where + ": centre line for a non circle pair");
        if (ca && cb) {
          const DVec2 cl = ref::circle_centre(a) - ref::circle_centre(b);
          // Float centres are good to ~1e-4 px, so the direction to ~1e-4 / |cl|.
          PROP_CHECK(ck, ref::length2(cl) < 1e-3 || parallel(n, cl, 1e-4 + 1e-3 / ref::length2(cl)),
                     where + ": not along the centre line " + fmt(cl));
        }
        break;
      case hitbox::AxisSource::CircleVertex: {
        PROP_CHECK(ck, ca != cb, where + ": circle-vertex axis needs one circle and one polygon");
        if (ca == cb) break;
        const Shape& circ = ca ? a : b;
        const ref::Poly p = ref::world_polygon(ca ? b : a);
        const DVec2 c = ref::circle_centre(circ);
        double best = std::numeric_limits<double>::infinity();
        for (DVec2 v : p) best = std::min(best, ref::length2(v - c));
        bool found = false;
        for (DVec2 v : p) {
          const double len = ref::length2(c - v);
          found = found || (len <= best + ref::kLen &&
                            (len < 1e-3 || parallel(n, c - v, 1e-4 + 1e-3 / len)));
        }
        PROP_CHECK(ck, found,
                   where + ": not along centre -> nearest vertex (distance " + fmt(best) + ")");
        break;
      }
      case hitbox::AxisSource::Velocity:
        PROP_CHECK(ck, false, where + ": velocity axis in a static test");
        break;
      case hitbox::AxisSource::SegmentDirection:  // only two shapes without area take it
        PROP_CHECK(ck, false, where + ": segment-direction axis for shapes with area");
        break;
      case hitbox::AxisSource::CapsuleEnd:  // only a pair with a capsule takes it
        PROP_CHECK(ck, a.kind == Kind::Capsule || b.kind == Kind::Capsule,
                   where + ": capsule-end axis without a capsule");
        break;
    }
  }
}

// A whole SAT trace and the result it came with.
void check_sat_trace(Checker& ck, const hitbox::SatTrace& t, const hitbox::SatResult& r, bool early,
                     const Shape& a, const Shape& b) {
  const std::string mode = early ? "[early exit] " : "[all axes] ";
  PROP_CHECK(ck, t.early_exit == early, mode + "trace.early_exit not recorded");
  PROP_CHECK(ck, r.tested == static_cast<int>(t.axes.size()),
             mode + "tested " + std::to_string(r.tested) + " but trace has " +
                 std::to_string(t.axes.size()) + " axes");
  PROP_CHECK(ck, !t.axes.empty(), mode + "no axes recorded");
  if (t.axes.empty()) return;
  check_axes(ck, t.axes, a, b);
  int first_negative = -1;
  int least = 0;
  for (std::size_t i = 0; i < t.axes.size(); ++i) {
    if (first_negative < 0 && t.axes[i].overlap < 0.0f) first_negative = static_cast<int>(i);
    if (t.axes[i].overlap < t.axes[least].overlap) least = static_cast<int>(i);
  }
  PROP_CHECK(ck, t.separating == first_negative,
             mode + "separating index " + std::to_string(t.separating) +
                 " but the first axis with overlap < 0 is " + std::to_string(first_negative));
  PROP_CHECK(ck, r.hit == (first_negative < 0),
             mode + "hit=" + std::to_string(r.hit) + " but first negative axis " +
                 std::to_string(first_negative));
  if (!r.hit && early) {
    PROP_CHECK(ck, t.separating == static_cast<int>(t.axes.size()) - 1,
               mode + "early exit continued past the separating axis");
  }
  if (r.hit) {
    PROP_CHECK(ck,
               t.least >= 0 && t.least < static_cast<int>(t.axes.size()) &&
                   t.axes[t.least].overlap == t.axes[least].overlap,
               mode + "least index " + std::to_string(t.least) +
                   " is not an axis of least overlap (" + std::to_string(least) + ")");
    PROP_CHECK(
        ck, r.overlap >= 0.0f && r.overlap == t.axes[least].overlap,
        mode + "result overlap " + fmt(r.overlap) + " vs least " + fmt(t.axes[least].overlap));
    if (t.least >= 0 && t.least < static_cast<int>(t.axes.size())) {
      PROP_CHECK(ck, r.axis == t.axes[t.least].axis, mode + "result axis is not the least axis");
    }
  } else if (first_negative >= 0) {
    PROP_CHECK(ck,
               r.overlap < 0.0f && r.overlap == t.axes[first_negative].overlap &&
                   r.axis == t.axes[first_negative].axis,
               mode + "miss result " + fmt(r.axis) + " " + fmt(r.overlap) +
                   " is not the first separating axis");
  }
}

// ---- 1. sat ----

TEST(PropertySat, AgreesWithClippingAreaAllKindPairs) {
  Tally total;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 1000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertySat " + pair_name(ka, kb));
      Tally tally;
      for (int i = 0; i < 1500 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::StateInfo info = ref::overlap_state(a, b);
        hitbox::SatTrace early, full;
        const hitbox::SatResult r0 = hitbox::sat(pa, pb);
        const hitbox::SatResult r1 = hitbox::sat(pa, pb, &early, true);
        const hitbox::SatResult r2 = hitbox::sat(pa, pb, &full, false);
        ++tally.cases;
        const std::string ref_says = std::string("reference ") + ref::state_name(info.state) +
                                     " (signed distance " + fmt(info.distance) + ", area " +
                                     fmt(info.area) + ")";
        if (info.state == ref::State::Ambiguous) {
          ++tally.skipped;
        } else {
          const bool want = info.state == ref::State::Hit;
          ++(want ? tally.hits : tally.misses);
          PROP_CHECK(ck, r1.hit == want, "sat hit=" + std::to_string(r1.hit) + ", " + ref_says);
          // SAT's least overlap is over a subset of directions: never below the true depth;
          // a separating axis's gap is never more than the true distance.
          if (want && r1.hit) {
            PROP_CHECK(
                ck, r1.overlap >= -info.distance - ref::kLen,
                "least overlap " + fmt(r1.overlap) + " below the penetration depth, " + ref_says);
          }
          if (!want && !r1.hit) {
            PROP_CHECK(ck, -r1.overlap <= info.distance + ref::kLen,
                       "gap " + fmt(-r1.overlap) + " exceeds the distance, " + ref_says);
          }
        }
        PROP_CHECK(ck, r0.hit == r1.hit && r1.hit == r2.hit,
                   "no trace / early exit / all axes disagree: " + std::to_string(r0.hit) +
                       std::to_string(r1.hit) + std::to_string(r2.hit));
        PROP_CHECK(ck, r0.axis == r1.axis && r0.overlap == r1.overlap,
                   "a trace changed the result");
        // Both modes report the first separating axis in test order on a miss, and the
        // least-overlap axis on a hit (no early exit happens then).
        PROP_CHECK(ck, r1.axis == r2.axis && r1.overlap == r2.overlap,
                   "early exit " + fmt(r1.axis) + " " + fmt(r1.overlap) + " vs all axes " +
                       fmt(r2.axis) + " " + fmt(r2.overlap));
        check_sat_trace(ck, early, r1, true, a, b);
        check_sat_trace(ck, full, r2, false, a, b);
      }
      tally.report("sat " + pair_name(ka, kb));
      total.cases += tally.cases;
    }
  }
  EXPECT_EQ(total.cases, 9 * 1500);
}

// ---- 2. aabb and bounding_circle ----

TEST(PropertyBounds, AabbAndBoundingCircleMatchReferenceAllKindPairs) {
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 2000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertyBounds " + pair_name(ka, kb));
      Tally box_tally, circle_tally;
      for (int i = 0; i < 1000 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        // Spread B further so box misses are common too.
        b.pos = a.pos + 1.6 * (b.pos - a.pos);
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::Box ba = ref::world_box(a), bb = ref::world_box(b);
        const hitbox::AabbResult r = hitbox::aabb(pa, pb);
        auto box_near = [](const hitbox::Aabb& got, const ref::Box& want) {
          return near(d(got.min), want.min, ref::kLen) && near(d(got.max), want.max, ref::kLen);
        };
        PROP_CHECK(ck, box_near(r.a, ba),
                   "aabb A box " + fmt(r.a.min) + "-" + fmt(r.a.max) + " reference " + fmt(ba.min) +
                       "-" + fmt(ba.max));
        PROP_CHECK(ck, box_near(r.b, bb),
                   "aabb B box " + fmt(r.b.min) + "-" + fmt(r.b.max) + " reference " + fmt(bb.min) +
                       "-" + fmt(bb.max));
        PROP_CHECK(ck, box_near(pa.collider().bounds, ba), "Collider.bounds of A");
        // Signed box overlap: the smaller of the two axis overlaps.
        const double box_overlap = std::min(std::min(ba.max.x - bb.min.x, bb.max.x - ba.min.x),
                                            std::min(ba.max.y - bb.min.y, bb.max.y - ba.min.y));
        ++box_tally.cases;
        if (std::abs(box_overlap) <= ref::kBand) {
          ++box_tally.skipped;
        } else {
          ++(box_overlap > 0 ? box_tally.hits : box_tally.misses);
          PROP_CHECK(ck, r.hit == (box_overlap > 0),
                     "aabb hit=" + std::to_string(r.hit) + ", box overlap " + fmt(box_overlap));
        }

        const hitbox::BoundingCircleResult c = hitbox::bounding_circle(pa, pb);
        const double ra = ref::farthest_radius(a), rb = ref::farthest_radius(b);
        const double gap = ref::length2(a.pos - b.pos) - ra - rb;
        PROP_CHECK(ck, near(d(c.ca), a.pos, ref::kLen) && near(d(c.cb), b.pos, ref::kLen),
                   "bounding circle centres " + fmt(c.ca) + " " + fmt(c.cb));
        PROP_CHECK(ck, near(c.ra, ra, ref::kLen) && near(c.rb, rb, ref::kLen),
                   "bounding radii " + fmt(c.ra) + " " + fmt(c.rb) + " reference " + fmt(ra) + " " +
                       fmt(rb));
        PROP_CHECK(ck, near(pa.collider().bound, ra, ref::kLen), "Collider.bound of A");
        PROP_CHECK(ck, near(c.gap, gap, ref::kLen), "gap " + fmt(c.gap) + " reference " + fmt(gap));
        ++circle_tally.cases;
        if (std::abs(gap) <= ref::kBand) {
          ++circle_tally.skipped;
        } else {
          ++(gap < 0 ? circle_tally.hits : circle_tally.misses);
          PROP_CHECK(ck, c.hit == (gap < 0),
                     "bounding_circle hit=" + std::to_string(c.hit) + ", gap " + fmt(gap));
        }
      }
      box_tally.report("aabb " + pair_name(ka, kb));
      circle_tally.report("bounding_circle " + pair_name(ka, kb));
    }
  }
}

// ---- 3. mtd ----

TEST(PropertyMtd, IsMinimalAndLeavesShapesTouchingAllKindPairs) {
  constexpr int kDirections = 720;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 3000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertyMtd " + pair_name(ka, kb));
      Tally tally;
      for (int i = 0; i < 600 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::PairRef pr(a, b);
        const ref::StateInfo info = ref::overlap_state(a, b);
        hitbox::SatTrace trace;
        const hitbox::MtdResult m = hitbox::mtd(pa, pb, &trace);
        const hitbox::MtdResult m0 = hitbox::mtd(pa, pb);
        ++tally.cases;
        PROP_CHECK(ck, m0.hit == m.hit && m0.vector == m.vector && m0.depth == m.depth,
                   "a trace changed the mtd result");
        check_axes(ck, trace.axes, a, b);
        if (info.state == ref::State::Miss) {
          ++tally.misses;
          PROP_CHECK(ck, !m.hit && m.vector == Vec2(0.0f) && m.depth == 0.0f,
                     "separated by " + fmt(info.distance) +
                         " but mtd hit=" + std::to_string(m.hit) + " vector " + fmt(m.vector));
          continue;
        }
        if (info.state == ref::State::Ambiguous) {
          ++tally.skipped;
          continue;
        }
        ++tally.hits;
        const double depth_ref = -info.distance;
        const std::string got = "mtd hit=" + std::to_string(m.hit) + " vector " + fmt(m.vector) +
                                " normal " + fmt(m.normal) + " depth " + fmt(m.depth) +
                                "; reference depth " + fmt(depth_ref);
        PROP_CHECK(ck, m.hit, got);
        if (!m.hit) continue;
        const DVec2 v = d(m.vector);
        const DVec2 n = d(m.normal);
        const double depth = m.depth;
        PROP_CHECK(ck, depth >= 0.0, got);
        PROP_CHECK(ck, near(ref::length2(v), depth, 1e-4 * (1.0 + depth)),
                   "|vector| != depth: " + got);
        PROP_CHECK(ck, near(ref::length2(n), 1.0, 1e-4), "normal not unit: " + got);
        PROP_CHECK(ck, near(v, depth * n, 1e-4 * (1.0 + depth)), "vector != depth*normal: " + got);
        PROP_CHECK(ck, near(depth, depth_ref, ref::kLen),
                   "depth is not the penetration depth: " + got);
        if (depth < ref::kBand) continue;
        // Moving A by the vector leaves the shapes touching.
        const double after = pr.signed_distance(v);
        PROP_CHECK(ck, std::abs(after) <= ref::kLen,
                   "after moving A by the vector, signed distance " + fmt(after) + ": " + got);
        // 99% of the vector leaves them overlapping.
        const double most = pr.signed_distance(0.99 * v);
        PROP_CHECK(ck, most <= ref::kLen,
                   "0.99 * vector already separates (" + fmt(most) + "): " + got);
        if (0.01 * depth > 2.0 * ref::kBand) {
          const ref::StateInfo s99 = ref::overlap_state(a, b, 0.99 * v);
          PROP_CHECK(
              ck, s99.state == ref::State::Hit,
              std::string("0.99 * vector: reference ") + ref::state_name(s99.state) + ": " + got);
        }
        // No shorter vector in any direction separates them: the MTD is minimal.
        for (int k = 0; k < kDirections && !ck.exhausted(); ++k) {
          const double t = 2.0 * std::numbers::pi * k / kDirections;
          const DVec2 s = 0.98 * depth * DVec2(std::cos(t), std::sin(t));
          const double sd = pr.signed_distance(s);
          PROP_CHECK(ck, sd <= ref::kLen && (0.02 * depth <= 2.0 * ref::kBand || sd < -ref::kBand),
                     "moving A by " + fmt(s) + " (0.98 depth) separates: signed distance " +
                         fmt(sd) + ": " + got);
        }
      }
      tally.report("mtd " + pair_name(ka, kb));
    }
  }
}

}  // namespace
}  // namespace hitbox
