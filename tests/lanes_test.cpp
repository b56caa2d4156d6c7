// The box-box kernel in four lanes (GCC and Clang vector types, detail/lanes.h) against the
// scalar kernel that other compilers take: the same floats, bit for bit, over seeded random
// box pairs (turned, mirrored, scaled, touching), and the same verdicts.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

#include "hitbox/collide.h"
#include "hitbox/shape.h"

namespace {

using hitbox::Shape;

Shape random_box(std::mt19937& rng) {
  std::uniform_real_distribution<double> pos(-60.0, 60.0), size(0.5, 80.0), angle(-360.0, 360.0);
  std::uniform_int_distribution<int> coin(0, 3);
  Shape s;
  s.kind = hitbox::Kind::Rect;
  s.pos = {pos(rng), pos(rng)};
  s.size = {size(rng), size(rng)};
  // A quarter of the boxes sit at multiples of 90 degrees, where axes are exactly parallel.
  s.angle = coin(rng) == 0 ? 90.0 * coin(rng) : angle(rng);
  s.scale = coin(rng) == 0 ? 2.5 : 1.0;
  s.mirror_x = coin(rng) & 1;
  s.mirror_y = coin(rng) & 2;
  return s;
}

std::uint32_t bits(float v) {
  return std::bit_cast<std::uint32_t>(v);
}

TEST(BoxLanes, LaneKernelEqualsScalarKernelBitForBit) {
  std::mt19937 rng(20261124);
  int hits = 0;
  for (int i = 0; i < 5000; ++i) {
    const hitbox::Posed a(random_box(rng));
    const hitbox::Posed b(random_box(rng));
    const hitbox::detail::BoxBox1 s = hitbox::detail::box_box_scalar(a, b);
    const hitbox::detail::BoxBox4 v = hitbox::detail::box_box4(a, b);
    for (int k = 0; k < 4; ++k) {
      SCOPED_TRACE(testing::Message() << "case " << i << " lane " << k);
      EXPECT_EQ(bits(s.ax[k]), bits(v.ax[k]));
      EXPECT_EQ(bits(s.ay[k]), bits(v.ay[k]));
      EXPECT_EQ(bits(s.ea[k]), bits(v.ea[k]));
      EXPECT_EQ(bits(s.eb[k]), bits(v.eb[k]));
      EXPECT_EQ(bits(s.d[k]), bits(v.d[k]));
      EXPECT_EQ(bits(s.ov[k]), bits(v.ov[k]));
    }
    const hitbox::detail::Lanes ls = hitbox::detail::lanes_verdict(s);
    const hitbox::detail::Lanes lv = hitbox::detail::lanes_verdict(v);
    EXPECT_EQ(ls.hit, lv.hit) << "case " << i;
    EXPECT_EQ(ls.first, lv.first) << "case " << i;
    EXPECT_EQ(ls.least, lv.least) << "case " << i;
    hits += ls.hit;
  }
  // Both verdicts occur often enough for the comparison to mean something.
  EXPECT_GT(hits, 1000);
  EXPECT_LT(hits, 4000);
}

// The scalar verdict by hand: lanes 1 and 3 separate (negative), so the first separating
// lane is 1; the least overlap is the first lane holding the minimum.
TEST(BoxLanes, ScalarVerdictByHand) {
  hitbox::detail::BoxBox1 r{};
  const float ov[4] = {3.0f, -2.0f, 1.0f, -5.0f};
  for (int k = 0; k < 4; ++k) r.ov[k] = ov[k];
  const hitbox::detail::Lanes v = hitbox::detail::lanes_verdict(r);
  EXPECT_FALSE(v.hit);
  EXPECT_EQ(v.first, 1);
  EXPECT_EQ(v.least, 3);
  const float hit[4] = {4.0f, 0.5f, 0.5f, 9.0f};
  for (int k = 0; k < 4; ++k) r.ov[k] = hit[k];
  const hitbox::detail::Lanes h = hitbox::detail::lanes_verdict(r);
  EXPECT_TRUE(h.hit);
  EXPECT_EQ(h.first, 4);
  EXPECT_EQ(h.least, 1);
}

// aabb_overlaps in lanes against the four comparisons written out, touching boxes included.
TEST(BoxLanes, AabbLanesMatchFourComparisons) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> c(-8, 8);  // small integers: many exact touches
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    hitbox::Aabb a, b;
    a.min = hitbox::Vec2(static_cast<float>(c(rng)), static_cast<float>(c(rng)));
    a.max = a.min + hitbox::Vec2(static_cast<float>(c(rng) + 8), static_cast<float>(c(rng) + 8));
    b.min = hitbox::Vec2(static_cast<float>(c(rng)), static_cast<float>(c(rng)));
    b.max = b.min + hitbox::Vec2(static_cast<float>(c(rng) + 8), static_cast<float>(c(rng) + 8));
    const bool want =
        a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
    ASSERT_EQ(hitbox::aabb_overlaps(a, b), want) << "case " << i;
    hits += want;
  }
  EXPECT_GT(hits, 2000);
  EXPECT_LT(hits, 18000);
}

}  // namespace
