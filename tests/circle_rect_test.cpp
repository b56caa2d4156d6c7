// quadrant and circle_as_square: the circle-rectangle method of the source material and the
// shortcut it is easy to fall into. Named cases worked out by hand, then seeded random
// circle-rect and circle-sprite pairs (both orders, rotated, mirrored, scaled) against sat
// and the exact double reference (reference.h).
//
// Tolerance: pairs whose exact signed distance is within ref::kBand (0.05 px) of touching
// are skipped for hit/miss agreement: float sat and quadrant may each go either way there.
#include "hitbox/circle_rect.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <string>

#include "hitbox/collide.h"
#include "support/named_shapes.h"
#include "support/reference.h"

namespace {

using hitbox::CircleRectCase;
using hitbox::CircleRectResult;
using hitbox::CircleRectTrace;
using hitbox::DVec2;
using hitbox::Kind;
using hitbox::Posed;
using hitbox::Shape;
using hitbox::Vec2;
namespace ref = hitbox::ref;

// This file's shapes are named R and C.
Shape rect(DVec2 pos, DVec2 size, double angle = 0.0, bool mx = false, bool my = false) {
  return hitbox::named_shapes::rect("R", pos, size, angle, mx, my);
}
Shape circle(DVec2 pos, double r) {
  return hitbox::named_shapes::circle("C", pos, r);
}

// ---- named cases ----

// Rect 100 x 100 at the origin, circle r = 40 at (80, 80). From the centre, the whole rect
// lies up and to the left (one quadrant); its nearest corner (50, 50) is 30 sqrt 2 = 42.43 px
// away, more than 40: a miss by 2.43 px. The circle's square reaches to (40, 40) and overlaps
// the rect's corner 10 x 10: the shortcut says hit.
TEST(CircleAsSquare, SaysHitNearARectangleCornerWhereTheExactAnswerIsMiss) {
  const Posed r(rect({0, 0}, {100, 100}));
  const Posed c(circle({80, 80}, 40));
  const CircleRectResult square = hitbox::circle_as_square(r, c);
  EXPECT_TRUE(square.hit);
  EXPECT_EQ(square.decided_by, CircleRectCase::Square);

  CircleRectTrace t;
  const CircleRectResult q = hitbox::quadrant(r, c, &t);
  EXPECT_FALSE(q.hit);
  EXPECT_EQ(q.decided_by, CircleRectCase::Corner);
  EXPECT_TRUE(t.one_quadrant);
  EXPECT_NEAR(t.corner.x, -30.0f, 1e-4f);
  EXPECT_NEAR(t.corner.y, -30.0f, 1e-4f);
  EXPECT_NEAR(t.corner_distance, 30.0f * std::sqrt(2.0f), 1e-4f);
  EXPECT_FALSE(hitbox::sat(r, c).hit);
  EXPECT_NEAR(ref::PairRef(rect({0, 0}, {100, 100}), circle({80, 80}, 40)).signed_distance(),
              30.0 * std::sqrt(2.0) - 40.0, 1e-9);
}

// The same pose in a rect's own frame, for every mirror and a few turns: the circle sits at
// the rect's local (80, 80). The verdicts must not change.
TEST(CircleAsSquare, FalseHitNearCornerRotatedAndMirrored) {
  for (const double angle : {0.0, 30.0, 90.0, -135.0}) {
    for (const int m : {0, 1, 2, 3}) {
      const Shape rs = rect({400, 300}, {100, 100}, angle, m & 1, m & 2);
      const Posed r(rs);
      const Posed c(circle(hitbox::to_world(rs, {80, 80}), 40));
      SCOPED_TRACE("angle " + std::to_string(angle) + " mirror " + std::to_string(m));
      EXPECT_TRUE(hitbox::circle_as_square(c, r).hit);
      const CircleRectResult q = hitbox::quadrant(c, r);
      EXPECT_FALSE(q.hit);
      EXPECT_EQ(q.decided_by, CircleRectCase::Corner);
      EXPECT_FALSE(hitbox::sat(c, r).hit);
    }
  }
}

// Rect 100 x 100 at the origin. A circle r = 50 at (80, 90) has the corner (50, 50) at
// (-30, -40) from its centre: 50 px, exactly the radius. Touching counts as a hit.
TEST(Quadrant, CornerExactlyOnTheCircleIsAHit) {
  const CircleRectResult q =
      hitbox::quadrant(Posed(rect({0, 0}, {100, 100})), Posed(circle({80, 90}, 50)));
  EXPECT_TRUE(q.hit);
  EXPECT_EQ(q.decided_by, CircleRectCase::Corner);
}

// When the rect spans an axis through the centre, the circle is treated as a square, and that
// is exact: straight above the rect's top edge the gap is measured on y alone.
TEST(Quadrant, RectSpanningAnAxisUsesTheSquare) {
  const Posed r(rect({0, 0}, {100, 100}));
  // Centre (20, -80): the rect's x range [-50, 50] contains 20; the top edge y = -50 is 30 px
  // below the centre.
  const CircleRectResult near = hitbox::quadrant(r, Posed(circle({20, -80}, 31)));
  EXPECT_TRUE(near.hit);
  EXPECT_EQ(near.decided_by, CircleRectCase::Square);
  const CircleRectResult far = hitbox::quadrant(r, Posed(circle({20, -80}, 29)));
  EXPECT_FALSE(far.hit);
  EXPECT_EQ(far.decided_by, CircleRectCase::Square);
  // Centre inside the rect: it spans both axes; always a hit.
  CircleRectTrace t;
  const CircleRectResult inside = hitbox::quadrant(r, Posed(circle({10, 10}, 5)), &t);
  EXPECT_TRUE(inside.hit);
  EXPECT_EQ(inside.decided_by, CircleRectCase::Square);
  EXPECT_FALSE(t.one_quadrant);
  EXPECT_EQ(t.square_min, Vec2(-5.0f));
  EXPECT_EQ(t.square_max, Vec2(5.0f));
  EXPECT_NEAR(t.rect_min.x, -60.0f, 1e-4f);
  EXPECT_NEAR(t.rect_max.y, 40.0f, 1e-4f);
}

// A sprite's frame is its image rectangle: 40 x 20 pixels at scale 2 is an 80 x 40 box.
TEST(Quadrant, SpriteFrameIsARectangle) {
  Shape s;
  s.kind = Kind::Sprite;
  s.pos = {0, 0};
  s.scale = 2.0;
  s.angle = 90.0;  // the 80 px side now runs along y: the frame spans x in [-20, 20]
  auto img = std::make_shared<hitbox::SpriteImage>();
  img->w = 40;
  img->h = 20;
  img->alpha.assign(40 * 20, 255);
  s.pixels.image = img;
  const Posed sprite(s);
  EXPECT_TRUE(hitbox::quadrant(Posed(circle({29, 0}, 10)), sprite).hit);
  EXPECT_FALSE(hitbox::quadrant(Posed(circle({31, 0}, 10)), sprite).hit);
  EXPECT_TRUE(hitbox::quadrant(Posed(circle({0, 49}, 10)), sprite).hit);
  EXPECT_FALSE(hitbox::quadrant(Posed(circle({0, 51}, 10)), sprite).hit);
}

// Only a circle and a rect or sprite frame, in either order.
TEST(CircleRect, SupportsOnlyCircleWithRectOrSprite) {
  const Kind kinds[] = {Kind::Rect, Kind::Circle, Kind::Polygon, Kind::Sprite};
  int supported = 0;
  for (Kind a : kinds) {
    for (Kind b : kinds) {
      const bool want = (a == Kind::Circle && (b == Kind::Rect || b == Kind::Sprite)) ||
                        (b == Kind::Circle && (a == Kind::Rect || a == Kind::Sprite));
      EXPECT_EQ(hitbox::circle_rect_supports(a, b), want)
          << hitbox::kind_name(a) << "-" << hitbox::kind_name(b);
      supported += want;
    }
  }
  EXPECT_EQ(supported, 4);
  Shape tri;
  tri.kind = Kind::Polygon;
  tri.points = {{0, 0}, {50, 0}, {0, 50}};
  const Posed poly(tri), c(circle({10, 10}, 20)), r(rect({0, 0}, {10, 10}));
  for (const auto& [pa, pb] :
       {std::pair<const Posed*, const Posed*>{&poly, &c}, {&c, &c}, {&r, &r}}) {
    EXPECT_FALSE(hitbox::circle_rect_supports(*pa, *pb));
    const CircleRectResult q = hitbox::quadrant(*pa, *pb);
    EXPECT_FALSE(q.hit);
    EXPECT_EQ(q.decided_by, CircleRectCase::Unsupported);
    EXPECT_EQ(hitbox::circle_as_square(*pa, *pb).decided_by, CircleRectCase::Unsupported);
  }
  EXPECT_TRUE(hitbox::circle_rect_supports(c, r));
  EXPECT_TRUE(hitbox::circle_rect_supports(r, c));
}

// ---- random pairs ----

class Gen {
 public:
  explicit Gen(std::uint32_t seed) : rng_(seed) {}
  double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin() { return uni(0.0, 1.0) < 0.5; }

  // A rect or sprite, rotated (sometimes by a multiple of 90), mirrored, scaled, near a
  // circle: the centre is placed in the rect's frame anywhere within its half extents plus
  // 1.3 radii, so corners, edges, inside and outside all come up.
  std::pair<Shape, Shape> pair(bool sprite) {
    Shape r;
    r.pos = DVec2(uni(200.0, 800.0), uni(200.0, 800.0));
    r.angle = uni(0.0, 1.0) < 0.15 ? 90.0 * integer(-4, 4) : uni(-180.0, 180.0);
    r.scale = uni(0.5, 2.0);
    r.mirror_x = coin();
    r.mirror_y = coin();
    DVec2 size;
    if (sprite) {
      r.kind = Kind::Sprite;
      auto img = std::make_shared<hitbox::SpriteImage>();
      img->w = integer(10, 150);
      img->h = integer(10, 150);
      img->alpha.assign(static_cast<size_t>(img->w * img->h), 255);
      r.pixels.image = img;
      size = DVec2(img->w, img->h);
    } else {
      r.kind = Kind::Rect;
      r.size = size = DVec2(uni(10.0, 150.0), uni(10.0, 150.0));
    }
    const double radius = uni(5.0, 75.0);
    const DVec2 reach = 0.5 * size + 1.3 * radius / r.scale;  // in the rect's local units
    const Shape c =
        circle(hitbox::to_world(r, {uni(-reach.x, reach.x), uni(-reach.y, reach.y)}), radius);
    return {r, c};
  }

 private:
  std::mt19937 rng_;
};

using ref::twin;

struct Counts {
  int cases = 0, skipped = 0, hit[3] = {0, 0, 0}, miss[3] = {0, 0, 0};
};

// 4 orders x 2500 pairs: rect-circle, circle-rect, sprite-circle, circle-sprite.
TEST(Quadrant, AgreesWithSatOnRandomCircleRectPairsRotatedAndMirrored) {
  for (int variant = 0; variant < 4; ++variant) {
    const bool sprite = variant >= 2, circle_first = variant % 2 == 1;
    const std::uint32_t seed = 8100 + static_cast<std::uint32_t>(variant);
    Gen g(seed);
    Counts n;
    for (int i = 0; i < 2500; ++i) {
      auto [r, c] = g.pair(sprite);
      const Shape& a = circle_first ? c : r;
      const Shape& b = circle_first ? r : c;
      const double sd = ref::PairRef(twin(a), twin(b)).signed_distance();
      ++n.cases;
      if (std::abs(sd) <= ref::kBand) {
        ++n.skipped;
        continue;
      }
      const Posed pa(a), pb(b);
      const CircleRectResult q = hitbox::quadrant(pa, pb);
      const bool s = hitbox::sat(pa, pb).hit;
      ASSERT_EQ(q.hit, s) << "seed " << seed << " case " << i << " decided by "
                          << hitbox::circle_rect_case_name(q.decided_by)
                          << "\n  A = " << ref::describe(twin(a))
                          << "\n  B = " << ref::describe(twin(b)) << "\n  signed distance " << sd;
      ASSERT_EQ(q.hit, sd < 0.0) << "seed " << seed << " case " << i;
      (q.hit ? n.hit : n.miss)[static_cast<int>(q.decided_by)]++;
    }
    const int corner = static_cast<int>(CircleRectCase::Corner);
    const int square = static_cast<int>(CircleRectCase::Square);
    std::printf(
        "[ stats    ] quadrant variant %d: %d cases, %d skipped; corner %d hit %d miss; "
        "square %d hit %d miss\n",
        variant, n.cases, n.skipped, n.hit[corner], n.miss[corner], n.hit[square], n.miss[square]);
    EXPECT_LE(n.skipped, n.cases / 50);
    // Both cases decide both ways, many times.
    EXPECT_GT(n.hit[corner], 50);
    EXPECT_GT(n.miss[corner], 50);
    EXPECT_GT(n.hit[square], 50);
    EXPECT_GT(n.miss[square], 50);
  }
}

// The shortcut never misses a real hit, and every wrong answer it gives is a false hit with
// the rect wholly in one quadrant of the centre: near a corner.
TEST(CircleAsSquare, NeverMissesAndErrsOnlyNearCorners) {
  for (int variant = 0; variant < 2; ++variant) {
    const std::uint32_t seed = 8200 + static_cast<std::uint32_t>(variant);
    Gen g(seed);
    int wrong = 0, hits = 0;
    for (int i = 0; i < 4000; ++i) {
      auto [r, c] = g.pair(variant == 1);
      const double sd = ref::PairRef(twin(r), twin(c)).signed_distance();
      if (std::abs(sd) <= ref::kBand) continue;
      CircleRectTrace t;
      const CircleRectResult s = hitbox::circle_as_square(Posed(c), Posed(r), &t);
      EXPECT_EQ(s.decided_by, CircleRectCase::Square);
      if (sd < 0.0) {
        ++hits;
        ASSERT_TRUE(s.hit) << "seed " << seed << " case " << i << ": missed a hit";
      } else if (s.hit) {
        ++wrong;
        const bool one_quadrant = (t.rect_min.x >= 0.0f || t.rect_max.x <= 0.0f) &&
                                  (t.rect_min.y >= 0.0f || t.rect_max.y <= 0.0f);
        ASSERT_TRUE(one_quadrant) << "seed " << seed << " case " << i
                                  << ": false hit away from a corner";
        // And the gap is at most the square's overshoot along the diagonal.
        ASSERT_LE(sd, (std::sqrt(2.0) - 1.0) * ref::circle_radius(c) + ref::kLen);
      }
    }
    std::printf("[ stats    ] circle_as_square variant %d: %d hits, %d false hits\n", variant, hits,
                wrong);
    EXPECT_GT(wrong, 40);  // the flaw shows up, often
  }
}

}  // namespace
