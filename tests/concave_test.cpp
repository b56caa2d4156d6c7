// Concave polygons (concave.h): the decomposition, the "C" shape with a circle in its mouth,
// and property tests of sat, gjk and mtd on concave polygons against the reference's
// clipping of the whole outline (never the pieces).
#include "hitbox/concave.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "hitbox/analysis.h"
#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/mask.h"
#include "hitbox/ray.h"
#include "hitbox/report.h"
#include "support/random_shapes.h"
#include "support/reference.h"

namespace hitbox {
namespace {

double shoelace(const std::vector<DVec2>& p) {
  double a = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const DVec2 u = p[i], v = p[(i + 1) % p.size()];
    a += u.x * v.y - v.x * u.y;
  }
  return a / 2.0;
}

// Reflex corners counted directly: the turn against the outline's winding.
int reflex_count(const std::vector<DVec2>& p) {
  const double w = shoelace(p) > 0.0 ? 1.0 : -1.0;
  int r = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const DVec2 a = p[(i + p.size() - 1) % p.size()], b = p[i], c = p[(i + 1) % p.size()];
    const double t = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (t * w < 0.0) ++r;
  }
  return r;
}

// A "C" opening to the right: 100 x 100, arms 30 thick, the mouth from y 30 to 70.
Shape c_shape(DVec2 pos = {0, 0}) {
  Shape s;
  s.id = "C";
  s.kind = Kind::Polygon;
  s.pos = pos;
  s.points = {{0, 0}, {100, 0}, {100, 30}, {30, 30}, {30, 70}, {100, 70}, {100, 100}, {0, 100}};
  return s;
}

Shape circle(DVec2 pos, double r) {
  Shape s;
  s.id = "ball";
  s.kind = Kind::Circle;
  s.pos = pos;
  s.radius = r;
  return s;
}

TEST(Concave, ConvexPolygonIsOnePiece) {
  const std::vector<DVec2> sq = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  EXPECT_TRUE(polygon_is_convex(sq));
  EXPECT_EQ(convex_decomposition(sq).size(), 1u);
  const Posed p(Shape{.id = "S", .kind = Kind::Polygon, .points = sq});
  EXPECT_EQ(p.collider().piece_count, 0);
}

TEST(Concave, CShapeIsThreePieces) {
  const Shape c = c_shape();
  EXPECT_FALSE(polygon_is_convex(c.points));
  const auto pieces = convex_decomposition(c.points);
  // Two reflex corners: at least 2 pieces; Hertel-Mehlhorn finds 3 here (the optimum).
  EXPECT_EQ(pieces.size(), 3u);
  double area = 0.0;
  for (const auto& idx : pieces) {
    std::vector<DVec2> pts;
    for (const int i : idx) pts.push_back(c.points[static_cast<std::size_t>(i)]);
    EXPECT_TRUE(polygon_is_convex(pts));
    EXPECT_GT(shoelace(pts), 0.0);  // positive-area order
    area += shoelace(pts);
  }
  EXPECT_DOUBLE_EQ(area, std::fabs(shoelace(c.points)));
  const Posed p(c);
  EXPECT_EQ(p.collider().piece_count, 3);
  EXPECT_EQ(p.collider().count, 8);  // the whole outline stays the Collider
  const Posed copy = p;              // copies re-point their pieces
  EXPECT_EQ(copy.collider().piece_count, 3);
  EXPECT_NE(copy.collider().pieces, p.collider().pieces);
  EXPECT_EQ(copy.collider().pieces[1].v[0], p.collider().pieces[1].v[0]);
}

TEST(Concave, CircleInTheMouthIsNoHit) {
  const Posed c(c_shape()), ball(circle({70, 50}, 15));
  EXPECT_TRUE(aabb(ball, c).hit);  // the whole shape's box holds the mouth
  EXPECT_TRUE(bounding_circle(ball, c).hit);
  EXPECT_FALSE(sat(ball, c).hit);
  const GjkResult g = gjk(ball, c);
  EXPECT_FALSE(g.hit);
  EXPECT_NEAR(g.distance, 5.0f, 1e-3f);  // 20 px to either arm, radius 15
  EXPECT_FALSE(mtd(ball, c).hit);
  EXPECT_FALSE(contains(c, Vec2(70, 50)));
  EXPECT_TRUE(contains(c, Vec2(15, 50)));
}

TEST(Concave, CircleTouchingTheInnerWallIsAHit) {
  const Posed c(c_shape()), ball(circle({70, 45}, 15));  // the top arm's underside is y = 30
  EXPECT_TRUE(sat(ball, c).hit);
  const GjkResult g = gjk(ball, c);  // touching: a hit, or a distance within float noise
  EXPECT_TRUE(g.hit || g.distance < 1e-3f) << g.distance;
  const PairAnalysis an = analyze(ball, c, AnalysisInput{.trace = kAlgoSat});
  EXPECT_TRUE(an.answer(kAlgoSat).hit());
  EXPECT_EQ(an.sat_pieces.a, 0);  // the ball is its own piece 0
  EXPECT_GE(an.sat_pieces.b, 0);
  // That piece is the one with the top arm's underside.
  const Collider& piece = c.collider().pieces[an.sat_pieces.b];
  EXPECT_TRUE(contains(piece, Vec2(70, 30)));
}

TEST(Concave, MtdMovesTheCircleOutThroughTheMouth) {
  // r 25 overlaps both arms by 5. Out through the mouth: the centre must reach x = 100 + 15
  // (sqrt(25^2 - 20^2)) to clear the arms' ends: 45 px right. Up over the top arm: 75 px.
  const Posed c(c_shape()), ball(circle({70, 50}, 25));
  SatTrace tr;
  PiecePair which;
  const MtdResult m = mtd_pieces(ball, c, &tr, &which);
  ASSERT_TRUE(m.hit);
  EXPECT_NEAR(m.vector.x, 45.0f, 1e-3f);
  EXPECT_NEAR(m.vector.y, 0.0f, 1e-3f);
  EXPECT_NEAR(m.depth, 45.0f, 1e-3f);
  EXPECT_EQ(which.a, 0);
  EXPECT_FALSE(tr.axes.empty());
  EXPECT_EQ(mtd(ball, c).depth, m.depth);  // mtd() itself goes through the pieces
  // Moved by it, the ball touches and no longer overlaps.
  const Posed moved(circle({70 + 45, 50}, 25));
  EXPECT_TRUE(gjk(moved, c).hit);
  EXPECT_NEAR(gjk(moved, c).depth, 0.0f, 2e-3f);
  // Deep in the back wall instead (centre at x 10): out to the left is shortest.
  const MtdResult back = mtd(Posed(circle({10, 50}, 5)), c);
  ASSERT_TRUE(back.hit);
  EXPECT_NEAR(back.vector.x, -15.0f, 1e-3f);
}

TEST(Concave, SweptEarliestPiecePairAndQueryNamesPieces) {
  // Thrown into the mouth from the right, the ball (r 25) meets the arms' ends first: the
  // centre at x = 115, from x = 200 moving -100: t = 0.85.
  Shape b = circle({200, 50}, 25);
  b.vel = DVec2(-100, 0);
  const Posed c(c_shape()), ball(b);
  PiecePair which;
  const SweptResult r = swept_pieces(ball, c, nullptr, &which);
  ASSERT_TRUE(r.hit);
  EXPECT_NEAR(r.toi, 0.85f, 1e-5f);
  EXPECT_EQ(swept(ball, c).toi, r.toi);
  Scene sc;
  sc.shapes = {b, c_shape()};
  const std::string json = scene_report_json(sc, "c.json", all_pairs(sc), kAlgoSat | kAlgoSwept);
  EXPECT_NE(json.find("\"pieces\":[0,"), std::string::npos) << json;
  // The ray from the right through the mouth meets the back wall at x = 30.
  const RayHit h = raycast(c, {200, 50}, {-100, 50});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.point.x, 30.0f, 1e-4f);
  EXPECT_EQ(h.normal, Vec2(1, 0));
}

TEST(Concave, PixelMaskIsTheWholeShapeByTheCentreRule) {
  Shape c = c_shape({20.3, 10.7});
  c.angle = 17.0;
  c.mirror_y = true;
  const Posed p(c);
  Mask m;
  build_mask(p, 0.5f, m);
  // The reference: every cell centre in the outline (crossing number), cell by cell.
  const ref::Poly outline = ref::world_polygon(c);
  int expected = 0, agree = 0, near = 0;
  for (int j = -40; j < 120; ++j) {
    for (int i = -40; i < 120; ++i) {
      const Vec2 cc = cell_centre(i, j, 2.0f);
      const double d = ref::point_polygon_signed_distance(DVec2(cc), outline);
      if (std::fabs(d) < 1e-3) {
        ++near;
        continue;
      }
      expected += d < 0.0;
      agree += (d < 0.0) == m.get(i, j);
    }
  }
  EXPECT_EQ(agree, 160 * 160 - near);
  EXPECT_GT(expected, 1000);
  // No cells in the mouth: a ball there shares none.
  Mask straight;
  build_mask(Posed(c_shape()), 0.5f, straight);
  Mask in_mouth;
  build_mask(Posed(circle({70, 50}, 15)), 0.5f, in_mouth);
  EXPECT_FALSE(pixel_overlap(straight, in_mouth, true).hit);
  Mask on_arm;
  build_mask(Posed(circle({70, 40}, 15)), 0.5f, on_arm);
  EXPECT_TRUE(pixel_overlap(straight, on_arm, true).hit);
}

TEST(ConcaveProperty, DecompositionIsConvexCoversTheAreaWithinTheBound) {
  std::mt19937 rng(1206);
  for (int iter = 0; iter < 3000; ++iter) {
    const Shape s = test_support::random_star(rng, {0, 0}, 14);
    const auto pieces = convex_decomposition(s.points);
    double area = 0.0;
    std::vector<int> seen(s.points.size(), 0);
    for (const auto& idx : pieces) {
      std::vector<DVec2> pts;
      for (const int i : idx) {
        pts.push_back(s.points[static_cast<std::size_t>(i)]);
        ++seen[static_cast<std::size_t>(i)];
      }
      ASSERT_TRUE(polygon_is_convex(pts));
      area += shoelace(pts);
    }
    for (const int k : seen) EXPECT_GE(k, 1);  // every corner is in some piece
    EXPECT_NEAR(area, std::fabs(shoelace(s.points)), 1e-9 * std::fabs(shoelace(s.points)));
    // Hertel-Mehlhorn: at most 2r + 1 pieces for r reflex corners, and any decomposition
    // needs at least ceil(r / 2) + 1, so this is within 4 times the optimum.
    const int r = reflex_count(s.points);
    EXPECT_LE(static_cast<int>(pieces.size()), 2 * r + 1);
    EXPECT_LE(pieces.size(), 4u * static_cast<std::size_t>((r + 1) / 2 + 1));
  }
}

// Whether two outlines (either concave) meet, from edges and containment; and the distance
// between their boundaries.
bool outlines_meet(const ref::Poly& a, const ref::Poly& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (ref::segments_intersect(a[i], a[(i + 1) % a.size()], b[j], b[(j + 1) % b.size()])) {
        return true;
      }
    }
  }
  return ref::point_in_polygon(a[0], b) || ref::point_in_polygon(b[0], a);
}

double boundary_distance(const ref::Poly& a, const ref::Poly& b) {
  double d = 1e300;
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      d = std::min(d, ref::point_segment_distance(a[i], b[j], b[(j + 1) % b.size()]));
      d = std::min(d, ref::point_segment_distance(b[j], a[i], a[(i + 1) % a.size()]));
    }
  }
  return d;
}

TEST(ConcaveProperty, SatGjkMtdAgainstClippingOfTheWholeOutline) {
  std::mt19937 rng(1207);
  std::uniform_real_distribution<double> pos(0.0, 120.0), ext(10.0, 60.0), ang(-180.0, 180.0);
  std::uniform_int_distribution<int> kind(0, 2);
  int hits = 0, misses = 0, skipped = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    const Shape star = test_support::random_star(rng, {pos(rng), pos(rng)}, 14);
    Shape other;
    other.id = "B";
    other.pos = DVec2(pos(rng), pos(rng));
    const int k = kind(rng);
    if (k == 0) {
      other.kind = Kind::Rect;
      other.size = DVec2(ext(rng), ext(rng));
      other.angle = ang(rng);
    } else if (k == 1) {
      other.kind = Kind::Circle;
      other.radius = ext(rng) * 0.5;
    } else {
      other = test_support::random_star(rng, other.pos, 14);  // concave against concave
    }
    const ref::Poly outline = ref::world_polygon(star);
    const bool other_concave = other.kind == Kind::Polygon;
    const ref::Poly inner = other_concave ? ref::world_polygon(other) : ref::inner_polygon(other);
    const ref::Poly outer = other_concave ? ref::world_polygon(other) : ref::outer_polygon(other);
    // Against a convex other: the star's outline clipped by it (Sutherland-Hodgman takes a
    // concave subject). Two concave ones: some corner of one deeper than the band in the
    // other (point in polygon by crossing number).
    double area = -1.0;
    if (!other_concave) area = ref::overlap_area(outline, inner);
    const bool meet = outlines_meet(outline, outer);
    const double gap = meet ? 0.0 : boundary_distance(outline, outer);
    bool deep_corner = false;
    if (other_concave) {
      for (const DVec2& v : outline) {
        deep_corner = deep_corner || ref::point_polygon_signed_distance(v, outer) < -ref::kBand;
      }
      for (const DVec2& v : outer) {
        deep_corner = deep_corner || ref::point_polygon_signed_distance(v, outline) < -ref::kBand;
      }
    }
    const bool robust_hit = other_concave ? deep_corner : area > 1.0;
    const bool robust_miss = !meet && gap > ref::kBand;
    const Posed a(star), b(other);
    SCOPED_TRACE(ref::describe(star) + " vs " + ref::describe(other));
    const bool swap = iter % 2 == 1;
    const Collider& first = swap ? b.collider() : a.collider();
    const Collider& second = swap ? a.collider() : b.collider();
    if (robust_miss) {
      ++misses;
      EXPECT_FALSE(sat(first, second).hit);
      const GjkResult g = gjk(first, second);
      EXPECT_FALSE(g.hit);
      EXPECT_NEAR(g.distance, gap, ref::kLen + 1e-4 * gap);
      EXPECT_FALSE(mtd(first, second).hit);
    } else if (robust_hit) {
      ++hits;
      EXPECT_TRUE(sat(first, second).hit);
      EXPECT_TRUE(gjk(first, second).hit);
      const MtdResult m = mtd(first, second);
      ASSERT_TRUE(m.hit);
      if (!other_concave) {
        // A (first) moved by the MTD: no area left in common, and a push 1 px shorter
        // still overlaps.
        const DVec2 v(m.vector.x, m.vector.y);
        const ref::Poly moved_star = swap ? outline : ref::translated(outline, v);
        const ref::Poly moved_other = swap ? ref::translated(inner, v) : inner;
        EXPECT_LT(ref::overlap_area(moved_star, moved_other),
                  0.05 * std::max(1.0, static_cast<double>(m.depth)));
        // Touching: the outlines are within the float band of each other.
        const ref::Poly moved_outer = swap ? ref::translated(outer, v) : outer;
        EXPECT_LT(boundary_distance(moved_star, moved_outer), 0.05);
      }
    } else {
      ++skipped;
    }
  }
  std::printf("concave: %d hits, %d misses, %d skipped\n", hits, misses, skipped);
  EXPECT_GT(hits, 800);
  EXPECT_GT(misses, 500);
}

// A point inside a concave polygon leaves it by its distance to the outline: the push must
// leave the whole outline, not only the piece the point started in. (A case found by an
// independent check: the push out of the first piece ended 16.8 px inside another.)
TEST(Concave, MtdMovesAPointOutOfTheWholeOutline) {
  Shape p;
  p.id = "A";
  p.kind = Kind::Point;
  p.pos = {753.332, 558.711};
  Shape b;
  b.id = "B";
  b.kind = Kind::Polygon;
  b.pos = {752.715, 544.711};
  b.angle = -4.826;
  b.points = {{54.175, -54.62}, {6.094, -8.991},   {28.234, -61.37},
              {2.617, -29.856}, {-41.53, -19.284}, {-11.791, -1.396},
              {-9.488, 75.723}, {8.911, 30.138},   {57.091, 54.434}};
  const MtdResult m = mtd(Posed(p), Posed(b));
  ASSERT_TRUE(m.hit);
  const ref::Poly outline = ref::world_polygon(b);
  const double inside = ref::point_polygon_signed_distance(p.pos, outline);
  EXPECT_NEAR(m.depth, -inside, ref::kLen);  // 10.76 px
  const DVec2 moved = p.pos + DVec2(m.vector.x, m.vector.y);
  EXPECT_GT(ref::point_polygon_signed_distance(moved, outline), -ref::kLen);
}

TEST(ConcaveProperty, MtdOfAPointIsItsDistanceToTheOutline) {
  std::mt19937 rng(1127);
  std::uniform_real_distribution<double> pos(-70.0, 70.0);
  int inside = 0;
  for (int iter = 0; iter < 8000; ++iter) {
    const Shape star = test_support::random_star(rng, {0, 0}, 14);
    Shape p;
    p.id = "P";
    p.kind = Kind::Point;
    p.pos = DVec2(pos(rng), pos(rng));
    const ref::Poly outline = ref::world_polygon(star);
    const double d = ref::point_polygon_signed_distance(p.pos, outline);
    if (!(d < -ref::kBand)) continue;
    ++inside;
    SCOPED_TRACE(ref::describe(star) + " vs point at " + std::to_string(p.pos.x) + ", " +
                 std::to_string(p.pos.y));
    const bool swap = iter % 2 == 1;
    const Posed a(p), b(star);
    const MtdResult m = swap ? mtd(b, a) : mtd(a, b);
    ASSERT_TRUE(m.hit);
    EXPECT_NEAR(m.depth, -d, ref::kLen);
    // Moved by the push (the point, or the star the other way), the point is on the outline.
    const DVec2 v(m.vector.x, m.vector.y);
    const DVec2 moved = swap ? p.pos - v : p.pos + v;
    EXPECT_GT(ref::point_polygon_signed_distance(moved, outline), -ref::kLen);
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(inside, 900);
}

// A ball thrown at a concave star: the first time its centre comes within the radius of the
// whole outline, by fine sampling and bisection of the reference's point-to-polygon distance.
TEST(ConcaveProperty, BallAgainstStarSweptAgainstBisection) {
  std::mt19937 rng(1210);
  std::uniform_real_distribution<double> pos(0.0, 300.0), vel(-300.0, 300.0), rad(2.0, 25.0),
      aim(0.3, 1.6);
  int hits = 0, misses = 0, skipped = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    Shape star = test_support::random_star(rng, {150, 150}, 14);
    Shape ball = circle({pos(rng), pos(rng)}, rad(rng));
    ball.vel = iter % 2 == 0 ? (star.pos - ball.pos) * aim(rng) + DVec2(vel(rng), vel(rng)) * 0.2
                             : DVec2(vel(rng), vel(rng));
    if (iter % 3 == 0) star.vel = DVec2(vel(rng), vel(rng)) * 0.3;
    const ref::Poly outline = ref::world_polygon(star);
    const auto gap = [&](double t) {
      const DVec2 c = ball.pos + (ball.vel - star.vel) * t;
      return ref::point_polygon_signed_distance(c, outline) - ball.radius;
    };
    if (gap(0.0) < 0.05) {
      ++skipped;
      continue;
    }
    const ref::FirstTouch touch = ref::first_touch(gap);
    const double t_ref = touch.t, min_gap = touch.min_gap;
    if (std::fabs(min_gap) < 0.05) {
      ++skipped;
      continue;
    }
    const Posed pb(ball), ps(star);
    const bool swap = iter % 4 >= 2;
    const SweptResult r = swap ? swept(ps, pb) : swept(pb, ps);
    SCOPED_TRACE(ref::describe(star) + " vs " + ref::describe(ball));
    if (t_ref < 0.0) {
      ++misses;
      EXPECT_FALSE(r.hit);
      continue;
    }
    ++hits;
    ASSERT_TRUE(r.hit);
    EXPECT_FALSE(r.initially_overlapping);
    const double speed = std::hypot(ball.vel.x - star.vel.x, ball.vel.y - star.vel.y);
    EXPECT_NEAR(r.toi, t_ref, 0.02 / std::max(speed, 1.0) + 1e-5);
  }
  std::printf("concave swept: %d hits, %d misses, %d skipped\n", hits, misses, skipped);
  EXPECT_GT(hits, 300);
  EXPECT_GT(misses, 300);
}

}  // namespace
}  // namespace hitbox
