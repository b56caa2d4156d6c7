// Hitbox and Box2D 2.4 answer the same overlap question on the side-by-side benchmark's pairs
// (bench/pairs.h): Hitbox's sat against b2TestOverlap, for every kind pair. Box2D's polygons
// carry a 0.01 px skin and b2TestOverlap calls distances under 10 eps touching, so pairs whose
// GJK distance or depth is within 0.05 px of touching may differ; every other pair must agree.
#include <gtest/gtest.h>

#include "hitbox/gjk.h"
#include "pairs.h"

namespace {

using hitbox::b2pairs::PairKind;

class Box2dAgree : public testing::TestWithParam<PairKind> {};

TEST_P(Box2dAgree, SatAndB2TestOverlapAgreeOutsideTheTouchingBand) {
  const auto set = hitbox::b2pairs::make_pairs(GetParam(), 20000);
  int compared = 0, hits = 0, in_band = 0;
  for (const auto& [ia, ib] : set.pairs) {
    const auto& a = set.pool[ia];
    const auto& b = set.pool[ib];
    const bool ours = hitbox::sat(a.posed, b.posed).hit;
    const bool theirs = b2TestOverlap(a.b2(), 0, b.b2(), 0, a.xf, b.xf);
    const hitbox::GjkResult g = hitbox::gjk(a.posed, b.posed);
    const float margin = g.hit ? g.depth : g.distance;
    if (margin < 0.05f) {
      ++in_band;
      continue;
    }
    ++compared;
    hits += ours;
    EXPECT_EQ(ours, theirs) << hitbox::b2pairs::pair_name(GetParam()) << " pair " << ia << ":" << ib
                            << " gjk " << (g.hit ? "depth " : "distance ") << margin;
  }
  // The band holds few pairs, and both answers occur often.
  EXPECT_GT(compared, 19000);
  EXPECT_GT(hits, 8000);
  EXPECT_LT(hits, 11000);
  EXPECT_LT(in_band, 1000);
}

INSTANTIATE_TEST_SUITE_P(EveryKindPair, Box2dAgree, testing::ValuesIn(hitbox::b2pairs::kPairKinds),
                         [](const testing::TestParamInfo<PairKind>& info) {
                           return std::string(hitbox::b2pairs::pair_name(info.param));
                         });

}  // namespace
