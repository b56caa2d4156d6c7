// The dispatcher (analysis.h): its verdicts and results agree with direct calls to each
// algorithm on seeded random pairs, traces are recorded only when asked, and each figure has
// its one wording (hand-made cases).
#include "hitbox/analysis.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <string>

#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "support/random_shapes.h"

namespace hitbox {
namespace {

using namespace test_support;  // rect, circle, polygon, sprite, Random

TEST(Analysis, VerdictsAndResultsAgreeWithDirectCallsOnRandomPairs) {
  Random rnd(20261124u);
  int hits = 0, misses = 0, unsupported = 0;
  for (int i = 0; i < 600; ++i) {
    const Shape sa = rnd.shape({rnd.uni(300.0, 500.0), rnd.uni(300.0, 500.0)});
    const Shape sb = rnd.shape({rnd.uni(300.0, 500.0), rnd.uni(300.0, 500.0)});
    const Posed a(sa), b(sb);
    Mask ma, mb;
    build_mask(a, 1.0f, ma);
    build_mask(b, 1.0f, mb);
    AnalysisInput in;
    in.mask_a = &ma;
    in.mask_b = &mb;
    const PairAnalysis an = analyze(a, b, in);
    SCOPED_TRACE("pair " + std::to_string(i) + ": " + kind_name(sa.kind) + " " +
                 kind_name(sb.kind));

    const auto expect = [&](Algo bit, bool direct) {
      const AlgoAnswer& ans = an.answer(bit);
      EXPECT_EQ(ans.bit, bit);
      if (!algo_supports(bit, sa.kind, sb.kind)) {
        EXPECT_EQ(ans.verdict, Verdict::Unsupported) << algo_name(bit);
        EXPECT_EQ(an.ran & bit, 0u);
        ++unsupported;
        return;
      }
      EXPECT_EQ(ans.verdict, direct ? Verdict::Hit : Verdict::Miss) << algo_name(bit);
      EXPECT_NE(an.ran & bit, 0u);
      EXPECT_FALSE(ans.figure.empty());
      ++(direct ? hits : misses);
    };
    expect(kAlgoAabb, aabb(a, b).hit);
    expect(kAlgoBoundingCircle, bounding_circle(a, b).hit);
    const SatResult sr = sat(a, b, nullptr, /*early_exit=*/false);
    expect(kAlgoSat, sr.hit);
    EXPECT_EQ(an.sat.overlap, sr.overlap);
    EXPECT_EQ(an.sat.tested, sr.tested);
    const MtdResult mr = mtd(a, b);
    expect(kAlgoMtd, mr.hit);
    EXPECT_EQ(an.mtd.depth, mr.depth);
    const SweptResult wr = swept(a, b);
    expect(kAlgoSwept, wr.hit);
    EXPECT_EQ(an.swept.toi, wr.toi);
    const PixelResult pr = pixel_overlap(ma, mb, true);
    expect(kAlgoPixel, pr.hit);
    EXPECT_EQ(an.pixel.count, pr.count);
    const GjkResult gr = gjk(a, b);
    expect(kAlgoGjk, gr.hit);
    EXPECT_EQ(an.gjk.distance, gr.distance);
    if (circle_rect_supports(a, b)) {
      expect(kAlgoQuadrant, quadrant(a, b).hit);
      expect(kAlgoCircleAsSquare, circle_as_square(a, b).hit);
    } else {
      expect(kAlgoQuadrant, false);
      expect(kAlgoCircleAsSquare, false);
    }
    const Manifold mf = manifold(a, b);
    expect(kAlgoManifold, mf.hit);
    EXPECT_EQ(an.manifold.count, mf.count);
    // No trace was asked for.
    EXPECT_TRUE(an.sat_trace.axes.empty());
    EXPECT_EQ(an.manifold_trace.face_a, -1);
    EXPECT_TRUE(an.swept_trace.steps.empty());
    EXPECT_TRUE(an.gjk_trace.gjk.empty());
  }
  // The pairs exercise every verdict.
  EXPECT_GT(hits, 500);
  EXPECT_GT(misses, 500);
  EXPECT_GT(unsupported, 100);
}

TEST(Analysis, OnlyEnabledAlgorithmsRunAndPixelNeedsMasks) {
  const Posed a(rect({0, 0}, {20, 20})), b(circle({15, 0}, 10));
  AnalysisInput in;
  in.algos = kAlgoSat | kAlgoPixel;
  const PairAnalysis an = analyze(a, b, in);
  EXPECT_EQ(an.ran, static_cast<std::uint32_t>(kAlgoSat));
  EXPECT_EQ(an.answer(kAlgoSat).verdict, Verdict::Hit);
  EXPECT_EQ(an.answer(kAlgoPixel).verdict, Verdict::NoMasks);
  EXPECT_EQ(an.answer(kAlgoAabb).verdict, Verdict::NotRun);
  EXPECT_TRUE(an.answer(kAlgoAabb).figure.empty());
  EXPECT_STREQ(verdict_name(an.answer(kAlgoPixel).verdict), "no masks");
}

TEST(Analysis, TracesOnlyWhenAsked) {
  const Posed a(polygon({0, 0}, 5, 30)), b(rect({50, 10}, {40, 30}, 20));
  AnalysisInput in;
  in.trace = kAlgoSat | kAlgoSwept | kAlgoGjk;
  const PairAnalysis an = analyze(a, b, in);
  EXPECT_EQ(static_cast<int>(an.sat_trace.axes.size()), an.sat.tested);
  EXPECT_FALSE(an.swept_trace.steps.empty());
  EXPECT_FALSE(an.gjk_trace.gjk.empty());
  EXPECT_TRUE(an.mtd_trace.axes.empty());  // mtd's trace was not asked for

  // sat with an early exit stops at the first separating axis; without one tests them all.
  const Posed far(rect({500, 0}, {10, 10}));
  in.algos = kAlgoSat;
  in.sat_early_exit = true;
  const PairAnalysis early = analyze(a, far, in);
  in.sat_early_exit = false;
  const PairAnalysis full = analyze(a, far, in);
  EXPECT_LT(early.sat.tested, full.sat.tested);
  EXPECT_EQ(static_cast<int>(full.sat_trace.axes.size()), full.sat.tested);
}

TEST(Analysis, ReusedOutputDropsTracesNotAskedFor) {
  const Posed a(polygon({0, 0}, 5, 30)), b(rect({50, 10}, {40, 30}, 20));
  AnalysisInput in;
  in.trace = kAlgoSat | kAlgoSwept;
  PairAnalysis an;
  analyze(a, b, in, an);
  ASSERT_FALSE(an.sat_trace.axes.empty());
  ASSERT_FALSE(an.swept_trace.steps.empty());
  in.trace = kAlgoSwept;
  analyze(a, b, in, an);
  EXPECT_TRUE(an.sat_trace.axes.empty());
  EXPECT_FALSE(an.swept_trace.steps.empty());
  in.algos = kAllAlgos & ~kAlgoSwept;  // traced but not run: no trace either
  analyze(a, b, in, an);
  EXPECT_TRUE(an.swept_trace.steps.empty());
  EXPECT_EQ(an.answer(kAlgoSwept).verdict, Verdict::NotRun);
}

TEST(Analysis, OneWordingPerFigure) {
  AnalysisInput in;
  // Two 20 x 20 rects, 15 apart centre to centre: boxes overlap by 5 on x.
  {
    const Posed a(rect({0, 0}, {20, 20})), b(rect({15, 0}, {20, 20}));
    const PairAnalysis an = analyze(a, b, in);
    EXPECT_EQ(an.answer(kAlgoAabb).figure, "overlap 5.0");
    EXPECT_EQ(an.answer(kAlgoSat).figure, "overlap 5.0, 4 axes");
    EXPECT_EQ(an.answer(kAlgoMtd).figure, "depth 5.0");
    EXPECT_EQ(an.answer(kAlgoSwept).figure, "toi 0 (overlap)");
    EXPECT_EQ(an.answer(kAlgoGjk).figure, "depth 5.0");
    EXPECT_EQ(an.answer(kAlgoQuadrant).verdict, Verdict::Unsupported);
    EXPECT_TRUE(an.answer(kAlgoQuadrant).figure.empty());
  }
  // 32.5 apart: a gap of 12.5.
  {
    const Posed a(rect({0, 0}, {20, 20})), b(rect({32.5, 0}, {20, 20}));
    const PairAnalysis an = analyze(a, b, in);
    EXPECT_EQ(an.answer(kAlgoAabb).figure, "gap 12.5");
    EXPECT_EQ(an.answer(kAlgoSat).figure, "gap 12.5, 4 axes");
    EXPECT_EQ(an.answer(kAlgoMtd).figure, "no push");
    EXPECT_EQ(an.answer(kAlgoSwept).figure, "no contact in step");
    EXPECT_EQ(an.answer(kAlgoGjk).figure, "distance 12.5");
  }
  // Two circles of radius 10, 30 apart: bounding circles 10 apart; A moving at 40 / step
  // toward B meets it at t = 0.25.
  {
    Shape ca = circle({0, 0}, 10);
    ca.vel = {40, 0};
    const Posed a(ca), b(circle({30, 0}, 10));
    const PairAnalysis an = analyze(a, b, in);
    EXPECT_EQ(an.answer(kAlgoBoundingCircle).figure, "gap 10.0");
    EXPECT_EQ(an.answer(kAlgoSwept).figure, "toi 0.250");
  }
  // A circle off a rect's corner: quadrant decides by the corner, circle_as_square by its
  // square (a false hit), pixel counts cells.
  {
    const Posed a(circle({0, 0}, 10)), b(rect({18, 18}, {20, 20}));
    Mask ma, mb;
    build_mask(a, 1.0f, ma);
    build_mask(b, 1.0f, mb);
    in.mask_a = &ma;
    in.mask_b = &mb;
    const PairAnalysis an = analyze(a, b, in);
    EXPECT_EQ(an.answer(kAlgoQuadrant).figure, "by corner");
    EXPECT_EQ(an.answer(kAlgoQuadrant).verdict, Verdict::Miss);
    EXPECT_EQ(an.answer(kAlgoCircleAsSquare).figure, "by square");
    EXPECT_EQ(an.answer(kAlgoCircleAsSquare).verdict, Verdict::Hit);
    EXPECT_EQ(an.answer(kAlgoPixel).figure, "0 cells");
    EXPECT_EQ(an.answer(kAlgoBoundingCircle).figure, "gap 1.3");  // 25.46 - (10 + 14.14)
  }
}

// A 40 x 40 box resting 2 px deep on a 100 x 20 floor: two points at the box's bottom
// corners, the normal from the floor (A) up toward the box (B), and query's JSON of them.
TEST(Analysis, ManifoldOfABoxRestingOnABoxHasTwoPointsInTheFigureAndTheJson) {
  Shape floor = rect({0, 0}, {100, 20}), box = rect({0, -28}, {40, 40});
  floor.id = "floor";
  box.id = "box";
  AnalysisInput in;
  in.algos = kAlgoManifold;
  in.trace = kAlgoManifold;
  const PairAnalysis an = analyze(Posed(floor), Posed(box), in);
  const AlgoAnswer& ans = an.answer(kAlgoManifold);
  EXPECT_EQ(ans.verdict, Verdict::Hit);
  EXPECT_EQ(ans.figure, "2 points, deepest 2.0");
  EXPECT_EQ(an.manifold_trace.method, ManifoldMethod::Faces);
  EXPECT_TRUE(an.manifold_trace.kept[0] && an.manifold_trace.kept[1]);
  const Manifold& m = an.manifold;
  ASSERT_EQ(m.count, 2);
  EXPECT_EQ(m.normal.x, 0.0f);
  EXPECT_EQ(m.normal.y, -1.0f);
  std::string points;
  for (int k = 0; k < 2; ++k) {
    const ContactPoint& p = m.points[k];
    EXPECT_NEAR(std::abs(p.point.x), 20.0f, 1e-4f);
    EXPECT_NEAR(p.point.y, -9.0f, 1e-4f);  // midway between y = -10 and y = -8
    EXPECT_NEAR(p.separation, -2.0f, 1e-4f);
    points += std::string(k ? "," : "") + "{\"point\":[" + format_float(p.point.x) + ',' +
              format_float(p.point.y) + "],\"separation\":" + format_float(p.separation) +
              ",\"id\":" + std::to_string(p.id) + '}';
  }
  EXPECT_NE(m.points[0].id, m.points[1].id);
  Scene sc;
  sc.shapes = {floor, box};
  const std::string json = scene_report_json(sc, "s.json", all_pairs(sc), kAlgoManifold);
  EXPECT_EQ(json,
            "{\"scene\":\"s.json\",\"pairs\":[{\"a\":\"floor\",\"b\":\"box\","
            "\"manifold\":{\"hit\":true,\"normal\":[0,-1],\"points\":[" +
                points + "]}}]}");

  // Lifted 5 px clear of the floor: apart. A point: unsupported.
  Shape lifted = box, dot = box;
  lifted.pos.y = -35;
  dot.kind = Kind::Point;
  dot.id = "dot";
  EXPECT_EQ(analyze(Posed(floor), Posed(lifted), in).answer(kAlgoManifold).figure, "apart");
  sc.shapes = {floor, lifted, dot};
  EXPECT_EQ(scene_report_json(sc, "s.json", all_pairs(sc), kAlgoManifold),
            "{\"scene\":\"s.json\",\"pairs\":["
            "{\"a\":\"floor\",\"b\":\"box\",\"manifold\":{\"hit\":false,\"points\":[]}},"
            "{\"a\":\"floor\",\"b\":\"dot\",\"manifold\":\"unsupported\"},"
            "{\"a\":\"box\",\"b\":\"dot\",\"manifold\":\"unsupported\"}]}");
  // Resting exactly on the floor: touching.
  Shape resting = box;
  resting.pos.y = -30;
  EXPECT_EQ(analyze(Posed(floor), Posed(resting), in).answer(kAlgoManifold).figure,
            "2 points, touching");
}

TEST(Analysis, SupportForPosedShapesMatchesKinds) {
  const Shape shapes[] = {rect({0, 0}, {10, 10}), circle({0, 0}, 5), polygon({0, 0}, 5, 8),
                          sprite({0, 0}, 8, 8)};
  for (const Shape& x : shapes) {
    for (const Shape& y : shapes) {
      const Posed px(x), py(y);
      for (const AlgoInfo& info : kAlgorithms) {
        EXPECT_EQ(algo_supports(info.bit, px, py), algo_supports(info.bit, x.kind, y.kind))
            << info.name << " " << kind_name(x.kind) << " " << kind_name(y.kind);
      }
    }
  }
}

}  // namespace
}  // namespace hitbox

namespace hitbox {
namespace {

// Two boxes side by side with their edges on x = 100 (as Resolve leaves a pair): every
// algorithm that measures an overlap or a gap says "touching", whichever way its float
// verdict fell; 0.2 px apart they say "gap 0.2" again.
TEST(Analysis, APairThatTouchesReadsAsTouching) {
  const Posed a(test_support::rect({50.0, 50.0}, {100.0, 40.0}));
  const Posed b(test_support::rect({150.0, 50.0}, {100.0, 40.0}));
  AnalysisInput in;
  in.algos = kAlgoAabb | kAlgoBoundingCircle | kAlgoSat | kAlgoMtd | kAlgoGjk;
  const PairAnalysis an = analyze(a.collider(), b.collider(), in);
  for (const Algo bit : {kAlgoAabb, kAlgoSat, kAlgoGjk}) {
    const AlgoAnswer& ans = an.answer(bit);
    EXPECT_TRUE(ans.touching) << ans.figure;
    EXPECT_EQ(ans.figure.rfind("touching", 0), 0u) << ans.figure;
    EXPECT_EQ(ans.figure.find("-0"), std::string::npos) << ans.figure;
  }
  EXPECT_EQ(an.answer(kAlgoSat).figure, "touching, 4 axes");
  EXPECT_FALSE(an.answer(kAlgoBoundingCircle).touching);  // the circles overlap a lot

  const Posed apart(test_support::rect({150.2, 50.0}, {100.0, 40.0}));
  const PairAnalysis gap = analyze(a.collider(), apart.collider(), in);
  EXPECT_FALSE(gap.answer(kAlgoSat).touching);
  EXPECT_EQ(gap.answer(kAlgoSat).figure, "gap 0.2, 4 axes");
  EXPECT_EQ(gap.answer(kAlgoAabb).figure, "gap 0.2");
}

}  // namespace
}  // namespace hitbox
