// The box-box kernel in four lanes (detail/box_lanes.h, on either build of detail/lanes.h)
// against the same float operations written out one axis at a time: the same floats, bit for
// bit, over seeded random box pairs (turned, mirrored, scaled, touching), and the same
// verdicts.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
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

// The reference: A.x, A.y, B.x, B.y as plain floats, the operations of the lanes in the same
// order (A's own axes as hx * 1 + hy * 0, which is exactly hx).
struct BoxBoxRef {
  float ax[4], ay[4];  // the axes' x and y components
  float ea[4], eb[4];  // half-widths of A and B
  float d[4];          // (B's centre - A's centre) . axis
  float ov[4];         // ea + eb - |d|
};

BoxBoxRef box_box_reference(const hitbox::Collider& a, const hitbox::Collider& b) {
  BoxBoxRef r;
  const hitbox::Vec2 ax[4] = {a.axis_x, a.axis_y, b.axis_x, b.axis_y};
  for (int k = 0; k < 4; ++k) {
    r.ax[k] = ax[k].x;
    r.ay[k] = ax[k].y;
  }
  // |cos| between the boxes' axes: r00, r01, r10, r11.
  const float c[4] = {std::fabs(a.axis_x.x * b.axis_x.x + a.axis_x.y * b.axis_x.y),
                      std::fabs(a.axis_x.x * b.axis_y.x + a.axis_x.y * b.axis_y.y),
                      std::fabs(a.axis_y.x * b.axis_x.x + a.axis_y.y * b.axis_x.y),
                      std::fabs(a.axis_y.x * b.axis_y.x + a.axis_y.y * b.axis_y.y)};
  const float ha[2] = {a.half.x, a.half.y}, hb[2] = {b.half.x, b.half.y};
  r.ea[0] = ha[0] * 1.0f + 0.0f * 0.0f;
  r.ea[1] = ha[1] * 1.0f + 0.0f * 0.0f;
  r.ea[2] = ha[0] * c[0] + ha[1] * c[2];
  r.ea[3] = ha[0] * c[1] + ha[1] * c[3];
  r.eb[0] = hb[0] * c[0] + hb[1] * c[1];
  r.eb[1] = hb[0] * c[2] + hb[1] * c[3];
  r.eb[2] = hb[0] * 1.0f + hb[1] * 0.0f;
  r.eb[3] = hb[0] * 0.0f + hb[1] * 1.0f;
  const hitbox::Vec2 t = b.pos - a.pos;
  for (int k = 0; k < 4; ++k) {
    r.d[k] = t.x * r.ax[k] + t.y * r.ay[k];
    r.ov[k] = (r.ea[k] + r.eb[k]) - std::fabs(r.d[k]);
  }
  return r;
}

// The verdict one lane at a time: the first negative overlap, the first least one.
hitbox::detail::Lanes verdict_reference(const float (&ov)[4]) {
  unsigned mask = 0;
  float mn = ov[0];
  for (int k = 0; k < 4; ++k) {
    mask |= static_cast<unsigned>(ov[k] < 0.0f) << k;
    mn = ov[k] < mn ? ov[k] : mn;
  }
  unsigned at = 0;
  for (int k = 0; k < 4; ++k) at |= static_cast<unsigned>(ov[k] == mn) << k;
  return hitbox::detail::Lanes{mask == 0, std::countr_zero(mask | 16u), std::countr_zero(at | 8u)};
}

TEST(BoxLanes, LaneKernelEqualsReferenceBitForBit) {
  std::mt19937 rng(20261124);
  int hits = 0;
  for (int i = 0; i < 5000; ++i) {
    const hitbox::Posed a(random_box(rng));
    const hitbox::Posed b(random_box(rng));
    const BoxBoxRef s = box_box_reference(a, b);
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
    const hitbox::detail::Lanes ls = verdict_reference(s.ov);
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

// The verdict by hand: lanes 1 and 3 separate (negative), so the first separating lane is 1;
// the least overlap is the first lane holding the minimum.
TEST(BoxLanes, VerdictByHand) {
  hitbox::detail::BoxBox4 r{};
  r.ov = hitbox::detail::f4{3.0f, -2.0f, 1.0f, -5.0f};
  const hitbox::detail::Lanes v = hitbox::detail::lanes_verdict(r);
  EXPECT_FALSE(v.hit);
  EXPECT_EQ(v.first, 1);
  EXPECT_EQ(v.least, 3);
  r.ov = hitbox::detail::f4{4.0f, 0.5f, 0.5f, 9.0f};
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
