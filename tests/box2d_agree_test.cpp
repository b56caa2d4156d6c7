// Hitbox and Box2D 2.4 answer the same questions on the side-by-side benchmark's pairs
// (bench/pairs.h): Hitbox's sat against b2TestOverlap, for every kind pair, and Hitbox's
// raycast against b2Shape::RayCast for a ray against each kind. Box2D's polygons and edges
// carry a 0.01 px skin and b2TestOverlap calls distances under 10 eps touching, so pairs whose
// GJK distance or depth is within 0.05 px of touching may differ; every other pair must agree.
#include <gtest/gtest.h>

#include "hitbox/gjk.h"
#include "hitbox/ray.h"
#include "pairs.h"

namespace {

using hitbox::b2pairs::PairKind;

class Box2dAgree : public testing::TestWithParam<PairKind> {};

TEST_P(Box2dAgree, SatAndB2TestOverlapAgreeOutsideTheTouchingBand) {
  const auto set = hitbox::b2pairs::make_pairs(GetParam(), 20000);
  int compared = 0, hits = 0, in_band = 0;
  for (const auto& [ia, ib] : set.pairs) {
    const hitbox::Posed& a = set.hitbox_pool[ia];
    const hitbox::Posed& b = set.hitbox_pool[ib];
    const auto& a2 = set.box2d_pool[ia];
    const auto& b2 = set.box2d_pool[ib];
    const bool ours = hitbox::sat(a, b).hit;
    const bool theirs = b2TestOverlap(a2.b2(), 0, b2.b2(), 0, a2.xf, b2.xf);
    const hitbox::GjkResult g = hitbox::gjk(a, b);
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

// A ray from A's position over three steps of A's velocity, against B, as the benchmark casts
// it. Left out: rays that start inside or within 0.05 px of B (Hitbox reports those at t = 0,
// Box2D's polygons report no hit), and rays that pass or end within 0.05 px of B's outline.
// The rest must agree on hit or miss, and a hit on the fraction and the normal.
class Box2dRayAgree : public testing::TestWithParam<PairKind> {};

TEST_P(Box2dRayAgree, RaycastAndB2RayCastAgreeOutsideTheGrazingBand) {
  const auto set = hitbox::b2pairs::make_pairs(GetParam(), 20000);
  int compared = 0, hits = 0;
  for (const auto& [ia, ib] : set.pairs) {
    const hitbox::Posed& a = set.hitbox_pool[ia];
    const hitbox::Posed& b = set.hitbox_pool[ib];
    const auto& b2 = set.box2d_pool[ib];
    const hitbox::Vec2 from = a.collider().pos;
    const hitbox::Vec2 to = from + a.collider().vel * 3.0f;
    // The grazing band: the ray as a segment, its end as a point, each against B.
    hitbox::Shape ray;
    ray.kind = hitbox::Kind::Segment;
    ray.points = {hitbox::DVec2(from), hitbox::DVec2(to)};
    hitbox::Shape end;
    end.kind = hitbox::Kind::Point;
    end.pos = hitbox::DVec2(to);
    hitbox::Shape start = end;
    start.pos = hitbox::DVec2(from);
    const auto margin = [&](const hitbox::Shape& s) {
      const hitbox::GjkResult g = hitbox::gjk(hitbox::Posed(s), b);
      return g.hit ? g.depth : g.distance;
    };
    if (margin(ray) < 0.05f || margin(end) < 0.05f || hitbox::contains(b, from) ||
        margin(start) < 0.05f) {
      continue;
    }
    ++compared;
    const hitbox::RayHit ours = hitbox::raycast(b, from, to);
    b2RayCastInput in;
    in.p1 = b2Vec2(from.x, from.y);
    in.p2 = b2Vec2(to.x, to.y);
    in.maxFraction = 1.0f;
    b2RayCastOutput out;
    const bool theirs = b2.b2()->RayCast(&out, in, b2.xf, 0);
    const std::string where = std::string(hitbox::b2pairs::pair_name(GetParam())) + " pair " +
                              std::to_string(ia) + ":" + std::to_string(ib);
    ASSERT_EQ(ours.hit, theirs) << where;
    if (!ours.hit) continue;
    ++hits;
    const float length = glm::length(to - from);
    EXPECT_NEAR(ours.t, out.fraction, 1e-3f / length + 1e-5f) << where;
    EXPECT_NEAR(ours.normal.x, out.normal.x, 1e-3f) << where;
    EXPECT_NEAR(ours.normal.y, out.normal.y, 1e-3f) << where;
  }
  EXPECT_GT(compared, 15000);
  EXPECT_GT(hits, 1000);
}

INSTANTIATE_TEST_SUITE_P(EveryKindOfB, Box2dRayAgree,
                         testing::Values(PairKind::RectRect, PairKind::OctagonOctagon,
                                         PairKind::CircleCircle, PairKind::SegmentSegment),
                         [](const testing::TestParamInfo<PairKind>& info) {
                           return std::string(hitbox::b2pairs::pair_name(info.param));
                         });

INSTANTIATE_TEST_SUITE_P(EveryKindPair, Box2dAgree, testing::ValuesIn(hitbox::b2pairs::kPairKinds),
                         [](const testing::TestParamInfo<PairKind>& info) {
                           return std::string(hitbox::b2pairs::pair_name(info.param));
                         });

}  // namespace
