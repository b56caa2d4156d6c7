// World queries (core/collide/src/world.cpp): cases worked by hand, handles and filters, then
// seeded random worlds of thousands of shapes of every kind (scaled, mirrored, concave ones among
// them) with moves and removes, each query checked two ways:
//   * against brute force over every live shape with the same per-shape test (raycast, sat,
//     swept), so the tree, the clipping and the filters lose and add nothing;
//   * against the double-precision references of tests/support (reference.h), which share no
//     code with the library: the ray's hit point lies on the shape's outline and nothing is
//     entered before it; overlaps agree with the exact signed distance away from touching; a
//     shape cast's time agrees with a bisection on the boolean overlap along the path.
#include "hitbox/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numbers>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/ray.h"
#include "support/random_shapes.h"
#include "support/reference.h"

namespace {

using namespace hitbox;
namespace ts = hitbox::test_support;

Shape rect_at(DVec2 pos, DVec2 size, double angle = 0.0) {
  return ts::rect(pos, size, angle);
}

// ---------------------------------------------------------------- by hand

TEST(World, HandWorkedRays) {
  ShapeWorld w;
  const ShapeHandle a = world_add(&w, rect_at({100, 0}, {20, 20}));  // x in [90, 110]
  const ShapeHandle b = world_add(&w, ts::circle({200, 0}, 10));     // x in [190, 210]
  const ShapeHandle c = world_add(&w, rect_at({300, 0}, {20, 20}));

  const WorldRayHit h = world_ray_cast(w, {0, 0}, {400, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.shape, a);
  EXPECT_NEAR(h.fraction, 90.0f / 400.0f, 1e-6f);
  EXPECT_NEAR(h.point.x, 90.0f, 1e-4f);
  EXPECT_EQ(h.normal, Vec2(-1.0f, 0.0f));

  std::vector<WorldRayHit> all;
  world_ray_cast_all(w, {0, 0}, {400, 0}, &all);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].shape, a);
  EXPECT_EQ(all[1].shape, b);
  EXPECT_NEAR(all[1].point.x, 190.0f, 1e-3f);
  EXPECT_EQ(all[2].shape, c);

  // From the right: c first. Stopping short of c: nothing.
  EXPECT_EQ(world_ray_cast(w, {400, 0}, {0, 0}).shape, c);
  EXPECT_FALSE(world_ray_cast(w, {400, 0}, {311, 0}).hit);
  // Starting inside b: fraction 0, inside, no normal.
  const WorldRayHit in = world_ray_cast(w, {200, 0}, {400, 0});
  ASSERT_TRUE(in.hit);
  EXPECT_EQ(in.shape, b);
  EXPECT_TRUE(in.inside);
  EXPECT_EQ(in.fraction, 0.0f);
}

TEST(World, HandWorkedOverlaps) {
  ShapeWorld w;
  const ShapeHandle a = world_add(&w, rect_at({0, 0}, {20, 20}));
  const ShapeHandle b = world_add(&w, ts::circle({50, 0}, 10));
  // A diamond whose box reaches (70..90, -10..10) but whose body stays clear of a box at
  // (61..69, 6..9) by the corner.
  const ShapeHandle d = world_add(&w, rect_at({80, 0}, {14.142136, 14.142136}, 45.0));
  std::vector<ShapeHandle> out;

  world_overlap_box(w, Aabb{Vec2(5, -1), Vec2(45, 1)}, &out);
  std::sort(out.begin(), out.end(), [](auto x, auto y) { return x.index < y.index; });
  ASSERT_EQ(out.size(), 2u);  // the box touches the rect and the circle's leftmost point
  EXPECT_EQ(out[0], a);
  EXPECT_EQ(out[1], b);

  // The box meets the diamond's bounds only (its corner region): no overlap.
  world_overlap_box(w, Aabb{Vec2(71, 7), Vec2(73, 9)}, &out);
  EXPECT_TRUE(out.empty());
  world_overlap_box(w, Aabb{Vec2(75, -1), Vec2(85, 1)}, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], d);

  // A circle between a and b touching neither; then one touching b, then both.
  const Posed gap = Posed(ts::circle({30, 0}, 9.5));
  world_overlap_shape(w, gap, &out);
  EXPECT_TRUE(out.empty());
  world_overlap_shape(w, Posed(ts::circle({30, 0}, 10.5)), &out);
  EXPECT_EQ(out, std::vector<ShapeHandle>{b});
  world_overlap_shape(w, Posed(ts::circle({30, 0}, 20.5)), &out);
  std::sort(out.begin(), out.end(), [](auto x, auto y) { return x.index < y.index; });
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], a);
  EXPECT_EQ(out[1], b);
}

TEST(World, HandWorkedShapeCast) {
  ShapeWorld w;
  const ShapeHandle wall = world_add(&w, rect_at({200, 0}, {20, 200}));  // x from 190
  world_add(&w, rect_at({400, 0}, {20, 200}));
  const Posed ball(ts::circle({0, 0}, 10));
  // The ball's right side (x = 10) reaches 190 after 180 of 300 px.
  const WorldCastHit h = world_shape_cast(w, ball, {300, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.shape, wall);
  EXPECT_NEAR(h.fraction, 0.6f, 1e-5f);
  EXPECT_NEAR(h.normal.x, -1.0f, 1e-5f);
  EXPECT_NEAR(h.point.x, 190.0f, 1e-2f);
  EXPECT_NEAR(h.point.y, 0.0f, 1e-2f);
  EXPECT_FALSE(h.initially_overlapping);
  // Short of the wall, or moving away: no hit. Starting in it: fraction 0.
  EXPECT_FALSE(world_shape_cast(w, ball, {170, 0}).hit);
  EXPECT_FALSE(world_shape_cast(w, ball, {-300, 0}).hit);
  const WorldCastHit start = world_shape_cast(w, Posed(ts::circle({195, 0}, 10)), {100, 0});
  ASSERT_TRUE(start.hit);
  EXPECT_TRUE(start.initially_overlapping);
  EXPECT_EQ(start.fraction, 0.0f);
}

// ---------------------------------------------------------------- handles and filters

TEST(World, StaleHandles) {
  ShapeWorld w;
  const ShapeHandle a = world_add(&w, rect_at({0, 0}, {10, 10}));
  const ShapeHandle b = world_add(&w, rect_at({50, 0}, {10, 10}));
  EXPECT_FALSE(world_valid(w, ShapeHandle{}));
  EXPECT_FALSE(world_valid(w, ShapeHandle{7, 1}));
  EXPECT_FALSE(world_remove(&w, ShapeHandle{}));
  EXPECT_FALSE(world_move(&w, ShapeHandle{-3, 1}, rect_at({0, 0}, {1, 1})));

  EXPECT_TRUE(world_remove(&w, a));
  EXPECT_FALSE(world_valid(w, a));
  EXPECT_FALSE(world_remove(&w, a));  // twice: harmless
  EXPECT_FALSE(world_move(&w, a, rect_at({0, 0}, {10, 10})));
  EXPECT_FALSE(world_set_filter(&w, a, {}));
  EXPECT_EQ(world_collider(w, a), nullptr);
  EXPECT_EQ(w.count, 1);

  // The slot is reused with a new generation: the old handle stays stale.
  const ShapeHandle c = world_add(&w, rect_at({0, 0}, {10, 10}));
  EXPECT_EQ(c.index, a.index);
  EXPECT_NE(c.generation, a.generation);
  EXPECT_FALSE(world_valid(w, a));
  EXPECT_TRUE(world_valid(w, c));
  EXPECT_EQ(world_ray_cast(w, {-100, 0}, {100, 0}).shape, c);
  EXPECT_EQ(world_handles(w), (std::vector<ShapeHandle>{c, b}));
  ASSERT_NE(world_collider(w, b), nullptr);
  EXPECT_EQ(world_collider(w, b)->pos, Vec2(50, 0));

  // Moving b: the queries see it where it went.
  EXPECT_TRUE(world_move(&w, b, rect_at({0, 100}, {10, 10})));
  EXPECT_FALSE(world_ray_cast(w, {100, 0}, {6, 0}).hit);
  EXPECT_EQ(world_ray_cast(w, {0, 200}, {0, 0}).shape, b);
  EXPECT_EQ(tree_validate(w.tree), "");
}

TEST(World, Filters) {
  ShapeWorld w;
  const ShapeHandle ground = world_add(&w, rect_at({100, 0}, {20, 20}), {0x1, kAllCategories});
  const ShapeHandle enemy = world_add(&w, rect_at({50, 0}, {20, 20}), {0x2, kAllCategories});
  // A ghost that no query with category 1 sees (its mask leaves 1 out).
  const ShapeHandle ghost = world_add(&w, rect_at({20, 0}, {10, 10}), {0x4, 0x2});

  EXPECT_EQ(world_ray_cast(w, {0, 0}, {200, 0}).shape, enemy);
  QueryFilter only_ground{.category = 1, .mask = 0x1};
  EXPECT_EQ(world_ray_cast(w, {0, 0}, {200, 0}, only_ground).shape, ground);
  QueryFilter as_enemy{.category = 2, .mask = kAllCategories};
  EXPECT_EQ(world_ray_cast(w, {0, 0}, {200, 0}, as_enemy).shape, ghost);
  // The callback has the last word.
  QueryFilter not_enemy;
  not_enemy.accept = [&](ShapeHandle h, const Collider&) { return !(h == enemy); };
  EXPECT_EQ(world_ray_cast(w, {0, 0}, {200, 0}, not_enemy).shape, ground);
  std::vector<WorldRayHit> all;
  world_ray_cast_all(w, {0, 0}, {200, 0}, &all, as_enemy);
  EXPECT_EQ(all.size(), 3u);
  world_ray_cast_all(w, {0, 0}, {200, 0}, &all, not_enemy);
  EXPECT_EQ(all.size(), 1u);

  std::vector<ShapeHandle> out;
  world_overlap_box(w, Aabb{Vec2(0, -50), Vec2(200, 50)}, &out, only_ground);
  EXPECT_EQ(out, std::vector<ShapeHandle>{ground});
  world_overlap_shape(w, Posed(rect_at({60, 0}, {120, 40})), &out, as_enemy);
  EXPECT_EQ(out.size(), 3u);
  EXPECT_EQ(world_shape_cast(w, Posed(ts::circle({0, 0}, 2)), {200, 0}, only_ground).shape, ground);
  // Changing the filter afterwards.
  EXPECT_TRUE(world_set_filter(&w, enemy, {0x1, kAllCategories}));
  EXPECT_EQ(world_ray_cast(w, {0, 0}, {200, 0}, only_ground).shape, enemy);
  EXPECT_TRUE(filters_accept(1, 2, 2, 1));
  EXPECT_FALSE(filters_accept(1, 2, 2, 2));
}

// ---------------------------------------------------------------- random worlds

struct Live {
  Shape shape;
  Posed posed;
};

// Every kind: rects, circles, regular and concave polygons, capsules, segments, points;
// turned, scaled and mirrored.
Shape random_shape(ts::Random& r, DVec2 pos) {
  Shape s;
  switch (r.integer(0, 9)) {
    case 0:
    case 1:
      s = ts::rect(pos, {r.uni(2.0, 30.0), r.uni(2.0, 30.0)});
      break;
    case 2:
    case 3:
      s = ts::circle(pos, r.uni(1.0, 15.0));
      break;
    case 4:
      s = ts::polygon(pos, r.integer(3, 8), r.uni(2.0, 16.0));
      break;
    case 5: {  // an arrow head: concave, split into pieces
      const double k = r.uni(2.0, 10.0);
      s = ts::polygon(pos, 3, 1.0);
      s.points = {{-k, -k}, {k, 0}, {-k, k}, {-0.3 * k, 0}};
      break;
    }
    case 6:
    case 7:
      s = ts::capsule(pos, r.uni(0.5, 12.0), r.uni(1.0, 8.0));
      break;
    case 8:
      s.kind = Kind::Segment;
      s.pos = pos;
      s.points = {DVec2(r.uni(-15, 15), r.uni(-15, 15)), DVec2(r.uni(-15, 15), r.uni(-15, 15))};
      break;
    default:
      s.kind = Kind::Point;
      s.pos = pos;
      break;
  }
  s.angle = r.uni(-180.0, 180.0);
  s.scale = r.uni(0.5, 2.0);
  s.mirror_x = r.integer(0, 1) == 1;
  s.mirror_y = r.integer(0, 2) == 1;
  return s;
}

bool concave(const Shape& s) {
  return s.kind == Kind::Polygon && s.points.size() == 4;
}
bool has_area_kind(const Shape& s) {
  return s.kind != Kind::Segment && s.kind != Kind::Point;
}
// The reference's distance from p to the shape: negative inside; a segment or a point by its
// world points.
double signed_distance(const Shape& s, DVec2 p) {
  if (s.kind == Kind::Point) return length(p - s.pos);
  if (s.kind == Kind::Segment) {
    return ref::point_segment_distance(p, ref::world_point(s, s.points[0]),
                                       ref::world_point(s, s.points[1]));
  }
  return ref::point_shape_signed_distance(s, p);
}

struct RandomWorld {
  ShapeWorld w;
  std::map<int, std::pair<ShapeHandle, Live>> live;  // by slot
  double side;

  RandomWorld(ts::Random& r, int n) : side(20.0 * std::sqrt(double(n))) {
    for (int i = 0; i < n; ++i) add(r);
    // Moves (short and long), removes, and adds into the freed slots.
    for (int k = 0; k < n / 4; ++k) {
      auto it = std::next(live.begin(), r.integer(0, int(live.size()) - 1));
      Shape s = it->second.second.shape;
      if (r.integer(0, 1) == 0) {
        s.pos += DVec2(r.uni(-3, 3), r.uni(-3, 3));
      } else {
        s.pos = {r.uni(0, side), r.uni(0, side)};
        s.angle = r.uni(-180.0, 180.0);
      }
      EXPECT_TRUE(world_move(&w, it->second.first, s));
      it->second.second = Live{s, Posed(s)};
    }
    for (int k = 0; k < n / 5; ++k) {
      auto it = std::next(live.begin(), r.integer(0, int(live.size()) - 1));
      EXPECT_TRUE(world_remove(&w, it->second.first));
      live.erase(it);
    }
    if (r.integer(0, 1) == 0) world_rebuild(&w);  // adds on a rebuilt tree too
    for (int k = 0; k < n / 10; ++k) add(r);
    EXPECT_EQ(w.count, int(live.size()));
    EXPECT_EQ(tree_validate(w.tree), "");
  }
  void add(ts::Random& r) {
    const Shape s = random_shape(r, {r.uni(0, side), r.uni(0, side)});
    const ShapeHandle h = world_add(&w, s);
    live[h.index] = {h, Live{s, Posed(s)}};
  }
  DVec2 somewhere(ts::Random& r) const { return {r.uni(-20, side + 20), r.uni(-20, side + 20)}; }
};

// Ray hits in brute force: every live shape's raycast, in the query's order.
std::vector<WorldRayHit> brute_rays(const RandomWorld& rw, Vec2 from, Vec2 to) {
  std::vector<WorldRayHit> out;
  for (const auto& [index, hl] : rw.live) {
    const RayHit h = raycast(hl.second.posed, from, to);
    if (h.hit) out.push_back({true, hl.first, h.t, h.point, h.normal, h.inside});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.fraction < b.fraction; });
  return out;
}

TEST(World, RandomRaysAgreeWithBruteForceAndTheReference) {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    ts::Random r(seed);
    RandomWorld rw(r, 3000);
    int hits = 0, checked_outline = 0;
    for (int q = 0; q < 300; ++q) {
      const DVec2 a = rw.somewhere(r);
      const double ang = r.uni(0.0, 2.0 * std::numbers::pi), len = r.uni(0.0, 400.0);
      const Vec2 from(a), to(a + len * DVec2(std::cos(ang), std::sin(ang)));
      const std::vector<WorldRayHit> brute = brute_rays(rw, from, to);
      const WorldRayHit h = world_ray_cast(rw.w, from, to);
      ASSERT_EQ(h.hit, !brute.empty()) << "seed " << seed << " ray " << q;
      std::vector<WorldRayHit> all;
      world_ray_cast_all(rw.w, from, to, &all);
      ASSERT_EQ(all.size(), brute.size());
      for (std::size_t i = 0; i < all.size(); ++i) {
        EXPECT_EQ(all[i].fraction, brute[i].fraction);
        if (i > 0) {
          EXPECT_LE(all[i - 1].fraction, all[i].fraction);
        }
      }
      // Same sets of (shape, fraction).
      auto key = [](const WorldRayHit& x) { return std::pair(x.shape.index, x.fraction); };
      std::vector<std::pair<int, float>> ka, kb;
      for (const auto& x : all) ka.push_back(key(x));
      for (const auto& x : brute) kb.push_back(key(x));
      std::sort(ka.begin(), ka.end());
      std::sort(kb.begin(), kb.end());
      EXPECT_EQ(ka, kb);
      if (!h.hit) continue;
      ++hits;
      EXPECT_EQ(h.fraction, brute[0].fraction);
      ASSERT_TRUE(world_valid(rw.w, h.shape));
      const Shape& hs = rw.live.at(h.shape.index).second.shape;
      // The reference: the hit point is on the shape's outline (inside: the start is in it),
      // and no shape with area holds a point of the ray before it.
      const double d = signed_distance(hs, DVec2(h.point));
      if (h.inside) {
        EXPECT_LE(d, ref::kBand);
      } else {
        EXPECT_LE(std::abs(d), ref::kBand) << "seed " << seed << " ray " << q;
        ++checked_outline;
        const double stop = double(h.fraction) * len - ref::kBand;  // px along the ray
        for (const auto& [index, hl] : rw.live) {
          const Shape& s = hl.second.shape;
          if (!has_area_kind(s) || concave(s)) continue;
          const Aabb b = hl.second.posed.collider().bounds;
          for (double u = 0.0; u < stop; u += 0.25) {
            const DVec2 p = DVec2(from) + u * DVec2(std::cos(ang), std::sin(ang));
            if (p.x < b.min.x || p.y < b.min.y || p.x > b.max.x || p.y > b.max.y) continue;
            EXPECT_GT(ref::point_shape_signed_distance(s, p), -ref::kBand)
                << "seed " << seed << " ray " << q << " enters slot " << index << " first";
          }
        }
      }
    }
    EXPECT_GT(hits, 100);
    EXPECT_GT(checked_outline, 80);
  }
}

std::vector<int> sorted_indices(const std::vector<ShapeHandle>& hs) {
  std::vector<int> out;
  for (const ShapeHandle& h : hs) out.push_back(h.index);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(World, RandomOverlapsAgreeWithBruteForceAndTheReference) {
  for (std::uint32_t seed : {4u, 5u}) {
    ts::Random r(seed);
    RandomWorld rw(r, 3000);
    int found = 0, exact_checked = 0;
    for (int q = 0; q < 200; ++q) {
      // A box.
      const DVec2 c = rw.somewhere(r), e(r.uni(0.0, 40.0), r.uni(0.0, 40.0));
      const Aabb box{Vec2(c - e), Vec2(c + e)};
      Shape boxshape = ts::rect(c, 2.0 * e);
      const Posed boxposed(boxshape);
      std::vector<ShapeHandle> got;
      world_overlap_box(rw.w, box, &got);
      std::vector<int> want;
      for (const auto& [index, hl] : rw.live) {
        if (sat(hl.second.posed, boxposed).hit) want.push_back(index);
      }
      EXPECT_EQ(sorted_indices(got), want) << "seed " << seed << " box " << q;
      found += int(got.size());

      // A shape.
      const Shape qs = random_shape(r, rw.somewhere(r));
      const Posed qp(qs);
      world_overlap_shape(rw.w, qp, &got);
      want.clear();
      for (const auto& [index, hl] : rw.live) {
        if (sat(qp, hl.second.posed).hit) want.push_back(index);
      }
      const std::vector<int> gi = sorted_indices(got);
      EXPECT_EQ(gi, want) << "seed " << seed << " shape " << q;
      found += int(got.size());
      // The reference's signed distance, away from touching (convex shapes only).
      if (concave(qs) || !has_area_kind(qs)) continue;
      for (const auto& [index, hl] : rw.live) {
        const Shape& s = hl.second.shape;
        if (concave(s) || !has_area_kind(s)) continue;
        const Aabb b = hl.second.posed.collider().bounds, qb = qp.collider().bounds;
        if (b.min.x > qb.max.x + 1 || qb.min.x > b.max.x + 1 || b.min.y > qb.max.y + 1 ||
            qb.min.y > b.max.y + 1) {
          continue;
        }
        const double d = ref::PairRef(qs, s).signed_distance();
        if (std::abs(d) < ref::kBand) continue;
        ++exact_checked;
        EXPECT_EQ(std::binary_search(gi.begin(), gi.end(), index), d < 0.0)
            << "seed " << seed << " shape " << q << " slot " << index << " d " << d;
      }
    }
    EXPECT_GT(found, 300);
    EXPECT_GT(exact_checked, 300);
  }
}

// The moving shape at fraction u of its translation overlaps one of `near` (sat).
bool overlaps_any_at(const std::vector<const Posed*>& near, const Shape& s, DVec2 move, double u) {
  Shape m = s;
  m.pos += u * move;
  const Posed p(m);
  for (const Posed* o : near) {
    if (aabb_overlaps(p.collider().bounds, o->collider().bounds) && sat(p, *o).hit) return true;
  }
  return false;
}

TEST(World, RandomShapeCastsAgreeWithBruteForceAndBisection) {
  int hits = 0, bisected = 0, agreed = 0;
  for (std::uint32_t seed : {6u, 7u}) {
    ts::Random r(seed);
    RandomWorld rw(r, 2000);
    for (int q = 0; q < 150; ++q) {
      const Shape qs = random_shape(r, rw.somewhere(r));
      const Posed qp(qs);
      const double ang = r.uni(0.0, 2.0 * std::numbers::pi), len = r.uni(0.0, 200.0);
      const DVec2 move = len * DVec2(std::cos(ang), std::sin(ang));
      const WorldCastHit h = world_shape_cast(rw.w, qp, Vec2(move));

      // Brute force: the same swept() on every live shape, the moving one posed with its
      // velocity (so a concave one's pieces move too).
      Shape moving = qs;
      moving.vel = move;
      const Posed mp(moving);
      float best = 2.0f;
      std::vector<const Posed*> near;  // shapes whose box meets the swept box
      Aabb swept_box = qp.collider().bounds;
      swept_box.min = glm::min(swept_box.min, swept_box.min + Vec2(move)) - Vec2(1.0f);
      swept_box.max = glm::max(swept_box.max, swept_box.max + Vec2(move)) + Vec2(1.0f);
      for (const auto& [index, hl] : rw.live) {
        const SweptResult sr = swept(mp, hl.second.posed);
        if (sr.hit) best = std::min(best, sr.toi);
        if (aabb_overlaps(swept_box, hl.second.posed.collider().bounds)) {
          near.push_back(&hl.second.posed);
        }
      }
      ASSERT_EQ(h.hit, best <= 1.0f) << "seed " << seed << " cast " << q;
      if (!h.hit) continue;
      ++hits;
      EXPECT_EQ(h.fraction, best) << "seed " << seed << " cast " << q;
      EXPECT_NEAR(length(h.normal), 1.0f, 1e-3f);
      if (h.initially_overlapping) {
        EXPECT_TRUE(overlaps_any_at(near, qs, move, 0.0));
        continue;
      }
      // Bisection on the boolean overlap along the path: sampled every half pixel, nothing
      // overlaps before the time of impact (less a tolerance); where a sample first overlaps,
      // bisect to the first touch, which is then the time of impact.
      const double tol = 0.1 / std::max(len, 1e-9);  // 0.1 px
      const double step = 0.5 / std::max(len, 1e-9);
      double lo = 0.0, hi = -1.0;
      for (double u = 0.0; u <= 1.0 + step; u += step) {
        const double uu = std::min(u, 1.0);
        if (overlaps_any_at(near, qs, move, uu)) {
          hi = uu;
          break;
        }
        lo = uu;
      }
      EXPECT_GE(lo, double(h.fraction) - tol - step) << "seed " << seed << " cast " << q;
      if (hi < 0.0) continue;  // a graze between samples
      ++bisected;
      for (int k = 0; k < 40; ++k) {
        const double mid = 0.5 * (lo + hi);
        (overlaps_any_at(near, qs, move, mid) ? hi : lo) = mid;
      }
      EXPECT_GE(hi, double(h.fraction) - tol);
      if (std::abs(hi - double(h.fraction)) <= tol) ++agreed;
    }
  }
  EXPECT_GT(hits, 60);
  EXPECT_GT(bisected, 50);
  EXPECT_GE(agreed, bisected * 9 / 10);  // the rest: grazes a sample step missed
}

}  // namespace
