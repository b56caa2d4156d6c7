// The library's shapes made in code and its plain calls (hitbox/hitbox.h): corners worked by
// hand, bad values refused with the field named, and seeded pairs against the references of
// tests/support (signed distance with clipping, first touch by sampling and bisection).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "hitbox/hitbox.h"
#include "support/reference.h"

namespace {

using hitbox::DVec2;
using hitbox::Kind;
using hitbox::Shape;
using hitbox::Vec2;
namespace ref = hitbox::ref;

bool has_vertex(const hitbox::Collider& c, Vec2 p) {
  for (int i = 0; i < c.count; ++i) {
    if (glm::distance(c.v[i], p) < 1e-3f) return true;
  }
  return false;
}

TEST(LibraryApi, ABoxTurnedAQuarterStandsOnItsEnd) {
  // 60 x 40 about (100, 100), a quarter turn: 40 wide and 60 high.
  const hitbox::Posed box = hitbox::make_box({60, 40}, {100, 100}, 90);
  ASSERT_EQ(box.collider().count, 4);
  for (const Vec2 corner : {Vec2(80, 70), Vec2(120, 70), Vec2(120, 130), Vec2(80, 130)}) {
    EXPECT_TRUE(has_vertex(box, corner)) << corner.x << ", " << corner.y;
  }
}

TEST(LibraryApi, ASegmentRunsBetweenItsTwoWorldPoints) {
  const hitbox::Posed seg = hitbox::make_segment({400, 0}, {400, 200});
  EXPECT_TRUE(hitbox::is_segment(seg));
  EXPECT_TRUE(has_vertex(seg, Vec2(400, 0)));
  EXPECT_TRUE(has_vertex(seg, Vec2(400, 200)));
  EXPECT_TRUE(hitbox::is_point(hitbox::make_point({3, 4})));
}

TEST(LibraryApi, AConcavePolygonIsSplitIntoConvexPieces) {
  // An L of six points: the notch at (10, 10) is inside its hull but outside the shape.
  const hitbox::Posed l =
      hitbox::make_polygon({{0, 0}, {20, 0}, {20, 10}, {10, 10}, {10, 20}, {0, 20}});
  EXPECT_TRUE(hitbox::has_pieces(l));
  EXPECT_FALSE(hitbox::overlaps(l, hitbox::make_circle(2, {16, 16})));
  EXPECT_TRUE(hitbox::overlaps(l, hitbox::make_circle(2, {5, 16})));
}

TEST(LibraryApi, AValueOutOfRangeIsRefusedNamingTheField) {
  const auto message = [](auto make) {
    try {
      make();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("(nothing thrown)");
  };
  EXPECT_EQ(message([] { hitbox::make_circle(-1, {0, 0}); }).rfind("make_circle: radius ", 0), 0u);
  EXPECT_EQ(message([] { hitbox::make_box({10, 2e6f}, {0, 0}); }).rfind("make_box: size", 0), 0u);
  EXPECT_EQ(message([] { hitbox::make_box({10, 10}, {5e6f, 0}); }).rfind("make_box: pos", 0), 0u);
  EXPECT_EQ(message([] {
              hitbox::make_segment({1, 1}, {1, 1});
            }).rfind("make_segment: points", 0),
            0u);
  // A bow tie: two edges cross.
  EXPECT_EQ(message([] {
              hitbox::make_polygon({{0, 0}, {10, 10}, {10, 0}, {0, 10}});
            }).rfind("make_polygon: points", 0),
            0u);
}

// A seeded shape both ways: made in code, and as the Shape the references read.
struct Made {
  hitbox::Posed posed;
  Shape shape;
};

Made random_shape(std::mt19937& rng) {
  std::uniform_real_distribution<float> coord(-60.0f, 60.0f), size(4.0f, 50.0f),
      angle(-180.0f, 180.0f);
  Shape s;
  s.pos = DVec2(coord(rng), coord(rng));
  switch (rng() % 3) {  // the kinds with area, which the references cover
    case 0: {
      s.kind = Kind::Rect;
      s.size = DVec2(size(rng), size(rng));
      s.angle = angle(rng);
      return {hitbox::make_box(Vec2(s.size), Vec2(s.pos), static_cast<float>(s.angle)), s};
    }
    case 1:
      s.kind = Kind::Circle;
      s.radius = size(rng) / 2.0f;
      return {hitbox::make_circle(static_cast<float>(s.radius), Vec2(s.pos)), s};
    default: {  // a regular polygon of 3 to 8 points
      s.kind = Kind::Polygon;
      const int n = 3 + static_cast<int>(rng() % 6);
      const float r = size(rng) / 2.0f;
      std::vector<Vec2> pts;
      for (int i = 0; i < n; ++i) {
        const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(n);
        pts.emplace_back(r * std::cos(a), r * std::sin(a));
        s.points.emplace_back(pts.back());
      }
      s.angle = angle(rng);
      return {hitbox::make_polygon(pts, Vec2(s.pos), static_cast<float>(s.angle)), s};
    }
  }
}

TEST(LibraryApi, PlainCallsAgreeWithTheReferencesOnSeededPairs) {
  std::mt19937 rng(271127);
  int hits = 0, misses = 0, impacts = 0;
  for (int i = 0; i < 3000; ++i) {
    const Made a = random_shape(rng), b = random_shape(rng);
    if (glm::distance(Vec2(a.shape.pos), Vec2(b.shape.pos)) < 1e-3f) continue;
    const ref::StateInfo st = ref::overlap_state(a.shape, b.shape);
    const std::string pair = ref::describe(a.shape) + " / " + ref::describe(b.shape);
    if (st.state != ref::State::Ambiguous) {
      const bool hit = st.state == ref::State::Hit;
      ASSERT_EQ(hitbox::overlaps(a.posed, b.posed), hit) << pair;
      hits += hit;
      misses += !hit;
      if (hit) {  // the push-out leaves them touching: its depth is the penetration depth
        ASSERT_NEAR(hitbox::push_out(a.posed, b.posed).depth, -st.distance, 1e-2) << pair;
      } else {
        ASSERT_NEAR(hitbox::distance(a.posed, b.posed), st.distance, 1e-2) << pair;
      }
    }
    // Time of impact: A moving toward B's centre and past it, against first touch.
    if (st.state != ref::State::Miss) continue;
    const Vec2 move = 2.0f * (Vec2(b.shape.pos) - Vec2(a.shape.pos));
    const ref::PairRef pr(a.shape, b.shape);
    const ref::FirstTouch ft =
        ref::first_touch([&](double t) { return pr.signed_distance(t * DVec2(move)); });
    if (ft.t < 0.0 || ft.min_gap > -1e-2) continue;  // no touch, or a graze
    const hitbox::SweptResult s = hitbox::time_of_impact(a.posed, move, b.posed, {0, 0});
    ASSERT_TRUE(s.hit) << pair;
    ASSERT_NEAR(s.toi, ft.t, 1e-3) << pair;
    ++impacts;
  }
  EXPECT_GT(hits, 300);
  EXPECT_GT(misses, 300);
  EXPECT_GT(impacts, 300);
}

TEST(LibraryApi, ARayCastMeetsASlopeWhereWorkedByHand) {
  // The slope runs from (250, 120) to (350, 80): y = 100 at x = 300.
  const hitbox::Posed ramp = hitbox::make_polygon({{-50, 20}, {50, 20}, {50, -20}}, {300, 100});
  const hitbox::RayHit h = hitbox::raycast(ramp, {200, 100}, {400, 100});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.t, 0.5f, 1e-5f);
  EXPECT_NEAR(h.normal.x, -0.371391f, 1e-5f);  // (-40, -100) / |(-40, -100)|
  EXPECT_NEAR(h.normal.y, -0.928477f, 1e-5f);
}

}  // namespace
