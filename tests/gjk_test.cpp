// gjk: seeded random pairs of every kind (rect, circle, polygon, sprite frame; rotated,
// mirrored, scaled) against sat, mtd and the independent double references of reference.h,
// then named cases worked out by hand.
//
// Tolerances (pixels), and why:
//   * ref::kBand (0.05): pairs whose exact signed distance is within it are near touching and
//     skipped for hit/miss agreement (float sat and gjk may each go either way there).
//   * ref::kLen (0.01): distances, depths and "on the boundary" checks against the double
//     reference. gjk's own noise floor is gjk_noise() (~1e-3 px at 1000 px); kLen is ~10x that.
//   * kNormalCos (1 - 1e-4, ~0.8 degrees): EPA's normal against mtd's when the MTD is unique,
//     i.e. the second-best way out is kUniqueMargin (0.1 px) longer than the best.
// Sprites have no reference of their own: a sprite's frame is its image rectangle, so the
// reference sees a rect of the image's size with the same transform.
#include "hitbox/gjk.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "hitbox/collide.h"
#include "support/reference.h"

namespace {

using hitbox::DVec2;
using hitbox::GjkResult;
using hitbox::Kind;
using hitbox::Posed;
using hitbox::Shape;
using hitbox::Vec2;
namespace ref = hitbox::ref;

constexpr std::array<Kind, 4> kKinds = {Kind::Rect, Kind::Circle, Kind::Polygon, Kind::Sprite};
constexpr int kCasesPerPair = 600;  // x 16 ordered kind pairs per property test
constexpr double kUniqueMargin = 0.1;
constexpr double kNormalCos = 1.0 - 1e-4;

DVec2 dv(Vec2 v) {
  return DVec2(v.x, v.y);
}

// ---- random shapes ----

class Gen {
 public:
  explicit Gen(std::uint32_t seed) : rng_(seed) {}
  double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin(double p = 0.5) { return uni(0.0, 1.0) < p; }

  // Convex: the hull of 3-12 points in a w x h box, with no slivers, no edge under 1 px and
  // every corner turning by at least ~1 degree; either winding.
  std::vector<DVec2> convex_points() {
    for (;;) {
      const double w = uni(10.0, 150.0), h = uni(10.0, 150.0);
      std::vector<DVec2> pts;
      for (int i = integer(3, 12); i > 0; --i)
        pts.emplace_back(uni(-w / 2, w / 2), uni(-h / 2, h / 2));
      ref::Poly p = ref::hull(pts);
      if (p.size() < 3 || ref::signed_area(p) < 0.1 * w * h) continue;
      bool ok = true;
      for (size_t i = 0; i < p.size() && ok; ++i) {
        const DVec2 e = p[(i + 1) % p.size()] - p[i];
        const DVec2 f = p[(i + 2) % p.size()] - p[(i + 1) % p.size()];
        ok =
            ref::length2(e) >= 1.0 && ref::cross2(e, f) >= 0.02 * ref::length2(e) * ref::length2(f);
      }
      if (!ok) continue;
      if (coin()) std::reverse(p.begin(), p.end());
      return p;
    }
  }

  Shape shape(Kind k) {
    Shape s;
    s.id = hitbox::kind_name(k);
    s.kind = k;
    s.angle = coin(0.15) ? 90.0 * integer(-4, 4) : uni(-180.0, 180.0);
    s.scale = uni(0.5, 2.0);
    s.mirror_x = coin();
    s.mirror_y = coin();
    switch (k) {
      case Kind::Rect:
        s.size = DVec2(uni(10.0, 150.0), uni(10.0, 150.0));
        break;
      case Kind::Circle:
        s.radius = uni(5.0, 75.0);
        break;
      case Kind::Polygon:
        s.points = convex_points();
        break;
      case Kind::Sprite: {
        auto img = std::make_shared<hitbox::SpriteImage>();
        img->w = integer(10, 150);
        img->h = integer(10, 150);
        img->alpha.assign(static_cast<size_t>(img->w * img->h), 255);
        s.image = "frame.png";
        s.pixels.image = img;
        break;
      }
      case Kind::Point:  // the reference here reads shapes with area only
      case Kind::Segment:
      case Kind::Capsule:  // capsule_test.cpp holds capsules' gjk to the reference
        ADD_FAILURE() << "shape() makes rects, circles, polygons and sprites only";
        break;
    }
    return s;
  }

  // A somewhere in the middle of the world, B in a random direction from it: half the time
  // at a uniform distance up to 1.1 x the sum of the bounding radii, half the time slid until
  // the exact signed distance is a target within +-25% of the smaller bounding radius, so
  // contact and near contact are common.
  std::pair<Shape, Shape> pair(Kind ka, Kind kb);

 private:
  std::mt19937 rng_;
};

using ref::twin;

// The exact signed distance of A (moved by shift_a) and B. Circle pairs come from
// ref::PairRef. Polygon pairs use ref::point_polygon_signed_distance against A - B built
// here by a monotone chain: ref::hull (a gift wrap) can start on a point in the middle of an
// edge when two differences' x agree to within an ulp (axis-aligned rects), and then loops,
// so PairRef's A - B is wrong for such pairs (found by this test; reference.cpp untouched).
ref::Poly minkowski_difference(const Shape& a, const Shape& b) {
  std::vector<DVec2> pts;
  for (DVec2 u : ref::world_polygon(a)) {
    for (DVec2 w : ref::world_polygon(b)) pts.push_back(u - w);
  }
  std::sort(pts.begin(), pts.end(),
            [](DVec2 p, DVec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
  ref::Poly out(2 * pts.size());
  size_t k = 0;
  // No tolerance: a collinear tolerance can drop a true corner next to a point that is
  // only an ulp further out; exact double signs at worst keep a flat vertex.
  auto left = [&](DVec2 o, DVec2 p, DVec2 q) { return ref::cross2(p - o, q - o) > 0.0; };
  for (size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && !left(out[k - 2], out[k - 1], pts[i])) --k;
    out[k++] = pts[i];
  }
  for (size_t i = pts.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && !left(out[k - 2], out[k - 1], pts[i])) --k;
    out[k++] = pts[i];
  }
  out.resize(k - 1);
  return out;
}

class Exact {
 public:
  Exact(const Shape& a, const Shape& b) : pair_(a, b) {
    if (a.kind != Kind::Circle && b.kind != Kind::Circle) diff_ = minkowski_difference(a, b);
  }
  double signed_distance(DVec2 shift_a = DVec2(0.0)) const {
    if (diff_.empty()) return pair_.signed_distance(shift_a);
    return ref::point_polygon_signed_distance(-shift_a, diff_);
  }
  const ref::Poly& minkowski() const { return diff_; }

 private:
  ref::PairRef pair_;
  ref::Poly diff_;
};

std::pair<Shape, Shape> Gen::pair(Kind ka, Kind kb) {
  Shape a = shape(ka), b = shape(kb);
  a.pos = DVec2(uni(200.0, 800.0), uni(200.0, 800.0));
  const double ra = ref::farthest_radius(twin(a)), rb = ref::farthest_radius(twin(b));
  const double t = uni(0.0, 2.0 * std::numbers::pi);
  const DVec2 u(std::cos(t), std::sin(t));
  b.pos = a.pos + uni(0.0, 1.1) * (ra + rb) * u;
  if (coin()) return {a, b};
  const double target = uni(-0.25, 0.25) * std::min(ra, rb);
  b.pos = a.pos;
  const Exact at_a(twin(a), twin(b));
  // B moved by s u is A moved by -s u.
  double lo = 0.0, hi = 1.01 * (ra + rb);
  if (at_a.signed_distance(DVec2(0.0)) >= target) {
    b.pos = a.pos + uni(0.0, 1.1) * (ra + rb) * u;
    return {a, b};
  }
  for (int i = 0; i < 50; ++i) {
    const double mid = 0.5 * (lo + hi);
    (at_a.signed_distance(-mid * u) < target ? lo : hi) = mid;
  }
  b.pos = a.pos + 0.5 * (lo + hi) * u;
  return {a, b};
}

std::string pair_name(Kind a, Kind b) {
  return std::string(hitbox::kind_name(a)) + "-" + hitbox::kind_name(b);
}

std::string describe(const Shape& s) {
  std::string out = ref::describe(twin(s));
  return s.kind == Kind::Sprite ? "sprite frame " + out : out;
}

std::string show(const GjkResult& r) {
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "gjk hit=%d distance=%.9g depth=%.9g normal=(%.9g, %.9g) point_a=(%.9g, %.9g) "
                "point_b=(%.9g, %.9g) iterations=%d epa=%d stop=%s epa_stop=%s",
                r.hit, r.distance, r.depth, r.normal.x, r.normal.y, r.point_a.x, r.point_a.y,
                r.point_b.x, r.point_b.y, r.iterations, r.epa_iterations,
                hitbox::gjk_stop_name(r.stop), hitbox::epa_stop_name(r.epa_stop));
  return buf;
}

int failures_so_far() {
  return ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
}

// Runs every ordered kind pair through `check(a, b, signed distance)`; counts skips.
// check returns false when the case was skipped. A pair stops at its first failing case.
template <class F>
void for_random_pairs(std::uint32_t base_seed, const char* what, F check,
                      double max_skip_fraction = 0.05) {
  int total_used = 0, total_skipped = 0;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed =
          base_seed + 4 * static_cast<std::uint32_t>(ka) + static_cast<std::uint32_t>(kb);
      Gen g(seed);
      int used = 0, skipped = 0;
      for (int i = 0; i < kCasesPerPair; ++i) {
        const auto [a, b] = g.pair(ka, kb);
        const double sd = Exact(twin(a), twin(b)).signed_distance();
        const int before = failures_so_far();
        SCOPED_TRACE(std::string(what) + " " + pair_name(ka, kb) + " seed=" + std::to_string(seed) +
                     " case=" + std::to_string(i) + "\n  A = " + describe(a) + "\n  B = " +
                     describe(b) + "\n  reference signed distance = " + std::to_string(sd));
        if (check(a, b, sd)) {
          ++used;
        } else {
          ++skipped;
        }
        if (failures_so_far() > before) {
          ADD_FAILURE() << "stopping " << pair_name(ka, kb) << " after its first failing case";
          break;
        }
      }
      EXPECT_LE(skipped, max_skip_fraction * (used + skipped)) << what << " " << pair_name(ka, kb);
      EXPECT_GT(used, kCasesPerPair / 4) << what << " " << pair_name(ka, kb);
      total_used += used;
      total_skipped += skipped;
    }
  }
  std::printf("[ stats    ] %s: 16 kind pairs, %d cases checked, %d skipped\n", what, total_used,
              total_skipped);
}

// The gap between the shortest and the second shortest way out of an overlap, measured on
// the exact shapes; a large gap means the MTD direction is unique.
double mtd_margin(const Shape& a, const Shape& b) {
  const bool ca = a.kind == Kind::Circle, cb = b.kind == Kind::Circle;
  if (ca && cb) return ref::length2(ref::circle_centre(a) - ref::circle_centre(b));
  // Distances from a point inside a convex polygon to its edges' lines, best two.
  auto second_gap = [](const ref::Poly& p, DVec2 q) {
    std::vector<double> d;
    for (size_t i = 0; i < p.size(); ++i) {
      const DVec2 e = p[(i + 1) % p.size()] - p[i];
      d.push_back(ref::cross2(e, q - p[i]) / ref::length2(e));  // inside: positive
    }
    std::sort(d.begin(), d.end());
    return d.size() < 2 ? 0.0 : d[1] - d[0];
  };
  if (ca || cb) {
    const Shape& circ = ca ? a : b;
    const ref::Poly p = ref::world_polygon(twin(ca ? b : a));
    const DVec2 c = ref::circle_centre(circ);
    if (!ref::point_in_polygon(c, p)) return 1e9;  // the nearest boundary point is unique
    return second_gap(p, c);
  }
  return second_gap(minkowski_difference(twin(a), twin(b)), DVec2(0.0));
}

// ---- properties ----

TEST(GjkProperty, HitAgreesWithSatAllKindPairs) {
  for_random_pairs(7100, "hit vs sat", [](const Shape& a, const Shape& b, double sd) {
    if (std::abs(sd) <= ref::kBand) return false;
    const Posed pa(a), pb(b);
    const GjkResult r = hitbox::gjk(pa, pb);
    const hitbox::SatResult s = hitbox::sat(pa, pb);
    EXPECT_EQ(r.hit, sd < 0.0) << show(r);
    EXPECT_EQ(r.hit, s.hit) << show(r) << "\n  sat overlap " << s.overlap;
    return true;
  });
}

TEST(GjkProperty, SeparatedDistanceAndClosestPointsMatchReference) {
  for_random_pairs(
      7200, "distance",
      [](const Shape& a, const Shape& b, double sd) {
        if (sd <= ref::kBand) return false;
        const GjkResult r = hitbox::gjk(Posed(a), Posed(b));
        EXPECT_FALSE(r.hit) << show(r);
        EXPECT_EQ(r.stop, hitbox::GjkStop::ClosestFound) << show(r);
        EXPECT_NEAR(r.distance, sd, ref::kLen) << show(r);
        EXPECT_EQ(r.depth, 0.0f) << show(r);
        // The closest points lie on the boundaries, `distance` apart, along the normal.
        const DVec2 pa = dv(r.point_a), pb = dv(r.point_b);
        EXPECT_NEAR(ref::point_shape_signed_distance(twin(a), pa), 0.0, ref::kLen) << show(r);
        EXPECT_NEAR(ref::point_shape_signed_distance(twin(b), pb), 0.0, ref::kLen) << show(r);
        EXPECT_NEAR(ref::length2(pa - pb), r.distance, ref::kLen) << show(r);
        EXPECT_NEAR(ref::length2(dv(r.normal)), 1.0, 1e-5) << show(r);
        EXPECT_LE(ref::length2(pa - pb - static_cast<double>(r.distance) * dv(r.normal)), ref::kLen)
            << show(r);
        return true;
      },
      // Only the pairs that overlap or nearly touch are skipped here; about half overlap.
      /*max_skip_fraction=*/0.75);
}

// gjk_gap: the hit and the gap against the reference's signed distance, without EPA's depth.
TEST(GjkProperty, GapWithoutDepthMatchesReference) {
  for_random_pairs(7250, "gap", [](const Shape& a, const Shape& b, double sd) {
    if (std::abs(sd) <= ref::kBand) return false;
    const GjkResult r = hitbox::gjk_gap(Posed(a), Posed(b));
    EXPECT_EQ(r.hit, sd < 0.0) << show(r);
    if (sd > 0.0) {
      EXPECT_NEAR(r.distance, sd, ref::kLen) << show(r);
    }
    if (sd < 0.0) {
      EXPECT_EQ(r.distance, 0.0f) << show(r);
    }
    EXPECT_EQ(r.epa_iterations, 0) << show(r);
    return true;
  });
}

TEST(EpaProperty, DepthMatchesMtdAllKindPairs) {
  int unique = 0;
  for_random_pairs(
      7300, "depth",
      [&](const Shape& a, const Shape& b, double sd) {
        if (sd >= -ref::kBand) return false;
        const Posed pa(a), pb(b);
        const GjkResult r = hitbox::gjk(pa, pb);
        const hitbox::MtdResult m = hitbox::mtd(pa, pb);
        EXPECT_TRUE(r.hit) << show(r);
        EXPECT_NE(r.stop, hitbox::GjkStop::MaxIterations) << show(r);
        EXPECT_NE(r.epa_stop, hitbox::EpaStop::MaxIterations) << show(r);
        EXPECT_EQ(r.distance, 0.0f) << show(r);
        EXPECT_NEAR(r.depth, m.depth, ref::kLen) << show(r) << "\n  mtd depth " << m.depth;
        EXPECT_NEAR(r.depth, -sd, ref::kLen) << show(r);
        EXPECT_NEAR(ref::length2(dv(r.normal)), 1.0, 1e-5) << show(r);
        // Moving A by depth * normal leaves the shapes touching (true of any MTD).
        const Exact pr(twin(a), twin(b));
        EXPECT_NEAR(pr.signed_distance(static_cast<double>(r.depth) * dv(r.normal)), 0.0, ref::kLen)
            << show(r);
        // The deepest points: on the boundaries, point_b = point_a + depth * normal.
        EXPECT_NEAR(ref::point_shape_signed_distance(twin(a), dv(r.point_a)), 0.0, ref::kLen)
            << show(r);
        EXPECT_NEAR(ref::point_shape_signed_distance(twin(b), dv(r.point_b)), 0.0, ref::kLen)
            << show(r);
        EXPECT_LE(ref::length2(dv(r.point_b) - dv(r.point_a) -
                               static_cast<double>(r.depth) * dv(r.normal)),
                  ref::kLen)
            << show(r);
        if (mtd_margin(a, b) > kUniqueMargin) {
          ++unique;
          EXPECT_GE(dot(r.normal, m.normal), kNormalCos)
              << show(r) << "\n  mtd normal (" << m.normal.x << ", " << m.normal.y << ")";
        }
        return true;
      },
      /*max_skip_fraction=*/0.75);
  EXPECT_GT(unique, 16 * kCasesPerPair / 8);
}

// The trace replays the run: it does not change the result, has one record per iteration,
// the simplex only ever gets closer to the origin, and every simplex and polytope point is a
// point of the Minkowski difference (inside the outline).
TEST(GjkProperty, TraceReplaysTheRun) {
  for_random_pairs(
      7400, "trace",
      [](const Shape& a, const Shape& b, double) {
        const Posed pa(a), pb(b);
        hitbox::GjkTrace t;
        const GjkResult r = hitbox::gjk(pa, pb, &t);
        const GjkResult r0 = hitbox::gjk(pa, pb);
        EXPECT_TRUE(r.hit == r0.hit && r.distance == r0.distance && r.depth == r0.depth &&
                    r.normal == r0.normal && r.point_a == r0.point_a && r.point_b == r0.point_b &&
                    r.iterations == r0.iterations && r.stop == r0.stop)
            << "a trace changed the result: " << show(r) << " vs " << show(r0);
        const int na = pa.collider().count ? pa.collider().count : 1;
        const int nb = pb.collider().count ? pb.collider().count : 1;
        EXPECT_EQ(t.differences.size(), static_cast<size_t>(na * nb));
        EXPECT_EQ(t.outline_sampled, a.kind == Kind::Circle || b.kind == Kind::Circle);
        EXPECT_EQ(t.gjk.size(), static_cast<size_t>(r.iterations)) << show(r);
        EXPECT_EQ(t.epa.size(), static_cast<size_t>(r.epa_iterations)) << show(r);
        EXPECT_GE(t.outline.size(), 3u);
        ref::Poly outline;
        for (Vec2 p : t.outline) outline.push_back(dv(p));
        EXPECT_GT(ref::signed_area(outline), 0.0);
        const float noise = hitbox::gjk_noise(pa, pb);
        auto inside = [&](Vec2 w) {
          return ref::point_polygon_signed_distance(dv(w), outline) <= ref::kLen;
        };
        float last = INFINITY;
        for (size_t i = 0; i < t.gjk.size(); ++i) {
          const hitbox::GjkStep& s = t.gjk[i];
          EXPECT_TRUE(s.count >= 1 && s.count <= 3);
          for (int k = 0; k < s.count; ++k) {
            EXPECT_TRUE(inside(s.simplex[k].w)) << "step " << i;
            EXPECT_EQ(s.simplex[k].w, s.simplex[k].a - s.simplex[k].b);
          }
          const float dist = std::sqrt(dot(s.closest, s.closest));
          EXPECT_LE(dist, last + noise) << "step " << i << ": GJK moved away from the origin";
          last = dist;
          EXPECT_EQ(s.has_support, s.direction != Vec2(0.0f)) << "step " << i;
          if (s.has_support) {
            EXPECT_TRUE(inside(s.support.w)) << "step " << i;
          }
        }
        if (!r.hit) {
          EXPECT_NEAR(last, r.distance + t.radius_a + t.radius_b, ref::kLen) << show(r);
        }
        for (const hitbox::EpaStep& e : t.epa) {
          EXPECT_GE(e.polytope.size(), 3u);
          for (Vec2 w : e.polytope) EXPECT_TRUE(inside(w));
          EXPECT_TRUE(e.edge >= 0 && e.edge < static_cast<int>(e.polytope.size()));
        }
        if (!t.epa.empty()) {
          EXPECT_NEAR(t.epa.back().distance + t.radius_a + t.radius_b, r.depth, ref::kLen)
              << show(r);
        }
        return true;
      },
      /*max_skip_fraction=*/0.0);
}

// ---- named cases ----

Shape rect(DVec2 pos, DVec2 size, double angle = 0.0) {
  Shape s;
  s.kind = Kind::Rect;
  s.pos = pos;
  s.size = size;
  s.angle = angle;
  return s;
}

Shape circle(DVec2 pos, double r) {
  Shape s;
  s.kind = Kind::Circle;
  s.pos = pos;
  s.radius = r;
  return s;
}

// A: 20 x 20 at the origin (x in [-10, 10]); B: the same at (30, 0) (x in [20, 40]): the
// facing edges are 10 px apart. A's closest points are on its right edge, B's on its left,
// level with each other; A leaves B towards -x.
TEST(GjkNamed, TwoSquaresTenPixelsApart) {
  const GjkResult r = hitbox::gjk(Posed(rect({0, 0}, {20, 20})), Posed(rect({30, 0}, {20, 20})));
  EXPECT_FALSE(r.hit);
  EXPECT_EQ(r.stop, hitbox::GjkStop::ClosestFound);
  EXPECT_NEAR(r.distance, 10.0f, 1e-4f);
  EXPECT_NEAR(r.point_a.x, 10.0f, 1e-4f);
  EXPECT_NEAR(r.point_b.x, 20.0f, 1e-4f);
  EXPECT_NEAR(r.point_a.y, r.point_b.y, 1e-4f);
  EXPECT_LE(std::fabs(r.point_a.y), 10.0f + 1e-4f);
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
  EXPECT_NEAR(r.normal.y, 0.0f, 1e-6f);
}

// B moved to (30, 30): now corner faces corner, (10, 10) to (20, 20), 10 sqrt 2 apart.
TEST(GjkNamed, TwoSquaresCornerToCorner) {
  const GjkResult r = hitbox::gjk(Posed(rect({0, 0}, {20, 20})), Posed(rect({30, 30}, {20, 20})));
  EXPECT_FALSE(r.hit);
  EXPECT_NEAR(r.distance, 10.0f * std::sqrt(2.0f), 1e-4f);
  EXPECT_NEAR(r.point_a.x, 10.0f, 1e-4f);
  EXPECT_NEAR(r.point_a.y, 10.0f, 1e-4f);
  EXPECT_NEAR(r.point_b.x, 20.0f, 1e-4f);
  EXPECT_NEAR(r.point_b.y, 20.0f, 1e-4f);
}

// The circle is exact, not a polygon: rect 100 x 100 at the origin, circle r = 40 at (80, 80).
// The rect's corner (50, 50) is 30 sqrt 2 = 42.43 from the centre, so the gap is 2.43 px and
// the circle's closest point is 40 px from its centre towards the corner.
TEST(GjkNamed, CircleNearCornerExactDistance) {
  const GjkResult r = hitbox::gjk(Posed(rect({0, 0}, {100, 100})), Posed(circle({80, 80}, 40)));
  EXPECT_FALSE(r.hit);
  EXPECT_NEAR(r.distance, 30.0f * std::sqrt(2.0f) - 40.0f, 1e-4f);
  EXPECT_NEAR(r.point_a.x, 50.0f, 1e-4f);
  EXPECT_NEAR(r.point_a.y, 50.0f, 1e-4f);
  const float c = 80.0f - 40.0f / std::sqrt(2.0f);
  EXPECT_NEAR(r.point_b.x, c, 1e-4f);
  EXPECT_NEAR(r.point_b.y, c, 1e-4f);
}

// A: 100 x 100 at the origin (x in [-50, 50], y in [-50, 50]); B: 40 x 40 at (60, 10)
// (x in [40, 80], y in [-10, 30]). Overlaps: 10 on x, 40 on y, so the depth is 10 and A
// leaves towards -x.
TEST(EpaNamed, SquareTenPixelsIntoSquare) {
  const Posed a(rect({0, 0}, {100, 100})), b(rect({60, 10}, {40, 40}));
  const GjkResult r = hitbox::gjk(a, b);
  EXPECT_TRUE(r.hit);
  EXPECT_EQ(r.stop, hitbox::GjkStop::ContainsOrigin);
  EXPECT_EQ(r.epa_stop, hitbox::EpaStop::Converged);
  EXPECT_NEAR(r.depth, 10.0f, 1e-4f);
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
  EXPECT_NEAR(r.normal.y, 0.0f, 1e-6f);
  EXPECT_NEAR(r.depth, hitbox::mtd(a, b).depth, 1e-4f);
  // The deepest points: A's right edge (x = 50) and B's left edge (x = 40), level.
  EXPECT_NEAR(r.point_a.x, 50.0f, 1e-4f);
  EXPECT_NEAR(r.point_b.x, 40.0f, 1e-4f);
  EXPECT_NEAR(r.point_a.y, r.point_b.y, 1e-4f);
}

// A circle r = 10 whose centre (40, 0) is inside a 100 x 100 rect, 10 px from its right edge:
// the centre has 10 px to go and the disc 10 more, so the depth is 20, out through +x.
TEST(EpaNamed, CircleCentreInsideRectangle) {
  const GjkResult r = hitbox::gjk(Posed(circle({40, 0}, 10)), Posed(rect({0, 0}, {100, 100})));
  EXPECT_TRUE(r.hit);
  EXPECT_EQ(r.stop, hitbox::GjkStop::ContainsOrigin);
  EXPECT_NEAR(r.depth, 20.0f, 1e-4f);
  EXPECT_NEAR(r.normal.x, 1.0f, 1e-6f);
  EXPECT_NEAR(r.normal.y, 0.0f, 1e-6f);
  EXPECT_NEAR(r.point_a.x, 30.0f, 1e-4f);  // the disc's far side
  EXPECT_NEAR(r.point_b.x, 50.0f, 1e-4f);  // the rect's right edge
}

// Edge to edge with no gap: touching is a hit of depth 0 (the origin is on A - B's boundary).
TEST(EpaNamed, TouchingSquaresAreAHitOfDepthZero) {
  const GjkResult r = hitbox::gjk(Posed(rect({0, 0}, {20, 20})), Posed(rect({20, 5}, {20, 20})));
  EXPECT_TRUE(r.hit);
  EXPECT_EQ(r.stop, hitbox::GjkStop::OriginTouches);
  EXPECT_NEAR(r.depth, 0.0f, 1e-4f);
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-5f);
  EXPECT_NEAR(r.normal.y, 0.0f, 1e-5f);
}

// One centre: every direction is a shortest way out; (1, 0) is returned, as mtd does.
TEST(EpaNamed, ConcentricCircles) {
  const Posed a(circle({100, 100}, 30)), b(circle({100, 100}, 20));
  const GjkResult r = hitbox::gjk(a, b);
  EXPECT_TRUE(r.hit);
  EXPECT_NEAR(r.depth, 50.0f, 1e-4f);
  EXPECT_EQ(r.normal, Vec2(1.0f, 0.0f));
  EXPECT_EQ(r.normal, hitbox::mtd(a, b).normal);
}

// What the window draws for the two squares 10 px apart: A - B is the 40 x 40 square centred
// on (0, 0) - (30, 0) = (-30, 0); the 16 vertex differences hull to its 4 corners, and GJK's
// last simplex sits on its right edge x = -10, 10 px from the origin.
TEST(GjkNamed, TraceShowsTheMinkowskiDifference) {
  hitbox::GjkTrace t;
  const GjkResult r =
      hitbox::gjk(Posed(rect({0, 0}, {20, 20})), Posed(rect({30, 0}, {20, 20})), &t);
  EXPECT_EQ(t.differences.size(), 16u);
  ASSERT_EQ(t.outline.size(), 4u);
  EXPECT_FALSE(t.outline_sampled);
  for (Vec2 p : t.outline) {
    EXPECT_EQ(std::fabs(p.x + 30.0f), 20.0f);
    EXPECT_EQ(std::fabs(p.y), 20.0f);
  }
  ASSERT_EQ(t.gjk.size(), static_cast<size_t>(r.iterations));
  const hitbox::GjkStep& last = t.gjk.back();
  EXPECT_NEAR(last.closest.x, -10.0f, 1e-4f);
  for (int k = 0; k < last.count; ++k) EXPECT_NEAR(last.simplex[k].w.x, -10.0f, 1e-4f);
  EXPECT_TRUE(t.epa.empty());
}

}  // namespace
