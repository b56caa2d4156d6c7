// Seeded random property tests: every algorithm against the independent double-precision
// references in reference.h, for every kind pair in both orders.
//
// Each test draws its cases from std::mt19937 with a fixed seed, so failures reproduce;
// failure messages print the seed, the case index and both shapes at full precision.
// Near-touching cases (|signed distance| <= ref::kBand) are skipped and counted; every test
// asserts that the skipped fraction stays small.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/shape.h"
#include "reference.h"

namespace {

using hitbox::Body;
using hitbox::DVec2;
using hitbox::Kind;
using hitbox::Posed;
using hitbox::Shape;
using hitbox::Vec2;
namespace ref = hitbox::ref;

constexpr std::array<Kind, 3> kKinds = {Kind::Rect, Kind::Circle, Kind::Polygon};

const char* kname(Kind k) {
  switch (k) {
    case Kind::Rect:
      return "rect";
    case Kind::Circle:
      return "circle";
    case Kind::Polygon:
      return "polygon";
    case Kind::Sprite:
      return "sprite";
  }
  return "?";
}

DVec2 d(Vec2 v) {
  return DVec2(v.x, v.y);
}
std::string fmt(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", x);
  return buf;
}
std::string fmt(DVec2 v) {
  return "(" + fmt(v.x) + ", " + fmt(v.y) + ")";
}
std::string fmt(Vec2 v) {
  return fmt(d(v));
}

// ---- random shapes ----

class Gen {
 public:
  explicit Gen(std::uint32_t seed) : rng_(seed) {}

  double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin(double p = 0.5) { return uni(0.0, 1.0) < p; }
  DVec2 unit() {
    const double t = uni(0.0, 2.0 * std::numbers::pi);
    return DVec2(std::cos(t), std::sin(t));
  }

  // A convex polygon: the hull of 3-12 random points in a w x h box (w, h in [10, 150]),
  // offset so the origin is not always the centre. Rejects slivers and near-collinear
  // corners; random winding and starting vertex.
  std::vector<DVec2> convex_points() {
    for (;;) {
      const int n = integer(3, 12);
      const double w = uni(10.0, 150.0);
      const double h = uni(10.0, 150.0);
      const DVec2 off(uni(-0.25 * w, 0.25 * w), uni(-0.25 * h, 0.25 * h));
      std::vector<DVec2> pts;
      for (int i = 0; i < n; ++i) {
        pts.push_back(off + DVec2(uni(-0.5 * w, 0.5 * w), uni(-0.5 * h, 0.5 * h)));
      }
      ref::Poly hull = ref::hull(pts);
      if (hull.size() < 3 || ref::signed_area(hull) < 0.1 * w * h) continue;
      bool ok = true;
      for (std::size_t i = 0; i < hull.size() && ok; ++i) {
        const DVec2 e = hull[(i + 1) % hull.size()] - hull[i];
        const DVec2 f = hull[(i + 2) % hull.size()] - hull[(i + 1) % hull.size()];
        const double le = ref::length2(e);
        const double lf = ref::length2(f);
        // Edges of at least 1 px, corners turning by at least ~1.2 degrees.
        ok = le >= 1.0 && lf >= 1.0 && ref::cross2(e, f) >= 0.02 * le * lf;
      }
      if (!ok) continue;
      if (coin()) std::reverse(hull.begin(), hull.end());
      std::rotate(hull.begin(), hull.begin() + integer(0, static_cast<int>(hull.size()) - 1),
                  hull.end());
      return hull;
    }
  }

  Shape shape(Kind k) {
    Shape s;
    s.id = kname(k);
    s.kind = k;
    // Some angles are exact multiples of 90 so edges of different shapes are parallel.
    s.angle = coin(0.15) ? 90.0 * integer(-4, 4) : uni(-180.0, 180.0);
    s.scale = uni(0.5, 2.0);
    s.mirror_x = coin();
    s.mirror_y = coin();
    if (k == Kind::Rect) {
      s.size = DVec2(uni(10.0, 150.0), uni(10.0, 150.0));
    } else if (k == Kind::Circle) {
      s.radius = uni(5.0, 75.0);
    } else {
      s.points = convex_points();
    }
    return s;
  }

  // A at a random place and B in a random direction from it. Half of the pairs put B at a
  // uniform distance up to 1.1 x the sum of the bounding radii; the other half slide B along
  // the direction until the exact signed distance hits a target in +-25% of the smaller
  // bounding radius, so near-contact poses are common. Roughly half of the pairs overlap.
  std::pair<Shape, Shape> pair(Kind ka, Kind kb) {
    Shape a = shape(ka);
    Shape b = shape(kb);
    a.pos = DVec2(uni(200.0, 800.0), uni(200.0, 800.0));
    const double ra = ref::farthest_radius(a), rb = ref::farthest_radius(b);
    const double reach = ra + rb;
    const DVec2 u = unit();
    if (coin()) {
      b.pos = a.pos + uni(0.0, 1.1) * reach * u;
      return {a, b};
    }
    const double target = uni(-0.25, 0.25) * std::min(ra, rb);
    b.pos = a.pos;
    const ref::PairRef at_a(a, b);
    // Moving B by t * u is moving A by -t * u.
    auto sd = [&](double t) { return at_a.signed_distance(-t * u); };
    double lo = 0.0, hi = 1.01 * reach;
    if (sd(lo) >= target) {
      b.pos = a.pos + uni(0.0, 1.1) * reach * u;
      return {a, b};
    }
    for (int it = 0; it < 60; ++it) {
      const double mid = 0.5 * (lo + hi);
      (sd(mid) < target ? lo : hi) = mid;
    }
    b.pos = a.pos + 0.5 * (lo + hi) * u;
    return {a, b};
  }

  std::mt19937& rng() { return rng_; }

 private:
  std::mt19937 rng_;
};

// ---- failure reporting: context built only on failure, capped per test ----

class Checker {
 public:
  explicit Checker(std::string test) : test_(std::move(test)) {}
  void set_case(std::uint32_t seed, int index, const Shape* a, const Shape* b) {
    seed_ = seed;
    index_ = index;
    a_ = a;
    b_ = b;
  }
  void fail(const char* cond, const std::string& msg) {
    ++failures_;
    if (failures_ > kMaxReported) return;
    std::string ctx = test_ + " seed=" + std::to_string(seed_) + " case=" + std::to_string(index_) +
                      "\n  check: " + cond + "\n  " + msg;
    if (a_) ctx += "\n  A = " + ref::describe(*a_);
    if (b_) ctx += "\n  B = " + ref::describe(*b_);
    ADD_FAILURE() << ctx;
  }
  bool exhausted() const { return failures_ >= kMaxReported; }
  int failures() const { return failures_; }

 private:
  static constexpr int kMaxReported = 12;
  std::string test_;
  std::uint32_t seed_ = 0;
  int index_ = -1;
  const Shape* a_ = nullptr;
  const Shape* b_ = nullptr;
  int failures_ = 0;
};

// msg is only evaluated when the check fails.
#define PROP_CHECK(ck, cond, msg)         \
  do {                                    \
    if (!(cond)) (ck).fail(#cond, (msg)); \
  } while (0)

// Tallies of a test; skipped cases must stay a small fraction.
struct Tally {
  int cases = 0, hits = 0, misses = 0, skipped = 0;
  void report(const std::string& what, double max_skip_fraction = 0.05) const {
    std::printf("[ stats    ] %s: %d cases, %d hit, %d miss, %d skipped\n", what.c_str(), cases,
                hits, misses, skipped);
    EXPECT_GT(cases, 0) << what;
    EXPECT_LE(skipped, max_skip_fraction * cases) << what << ": too many near-touching skips";
  }
};

std::string pair_name(Kind ka, Kind kb) {
  return std::string(kname(ka)) + "-" + kname(kb);
}

// Projection of the exact reference shape onto an axis.
struct DInterval {
  double min = 0.0, max = 0.0;
};
DInterval project(const Shape& s, DVec2 axis) {
  if (s.kind == Kind::Circle) {
    const double c = ref::dot2(ref::circle_centre(s), axis);
    const double r = ref::circle_radius(s) * ref::length2(axis);
    return {c - r, c + r};
  }
  DInterval out{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  for (DVec2 v : ref::world_polygon(s)) {
    const double p = ref::dot2(v, axis);
    out.min = std::min(out.min, p);
    out.max = std::max(out.max, p);
  }
  return out;
}

bool near(double x, double y, double tol) {
  return std::abs(x - y) <= tol;
}
bool near(DVec2 x, DVec2 y, double tol) {
  return ref::length2(x - y) <= tol;
}
bool parallel(DVec2 u, DVec2 v, double tol) {
  return std::abs(ref::cross2(u, v)) <= tol * ref::length2(u) * ref::length2(v);
}

// The recorded axes of a SAT trace: unit, projections match the reference shapes, overlap is
// interval_overlap, and each axis comes from where its source says.
void check_axes(Checker& ck, const std::vector<hitbox::SatAxis>& axes, const Shape& a,
                const Shape& b) {
  const bool ca = a.kind == Kind::Circle;
  const bool cb = b.kind == Kind::Circle;
  for (std::size_t i = 0; i < axes.size() && !ck.exhausted(); ++i) {
    const hitbox::SatAxis& ax = axes[i];
    const DVec2 n = d(ax.axis);
    const std::string where = "axis " + std::to_string(i) + " " + fmt(n) + " source " +
                              hitbox::axis_source_name(ax.source) + " feature " +
                              std::to_string(ax.feature);
    PROP_CHECK(ck, near(ref::length2(n), 1.0, 1e-4), where + " length " + fmt(ref::length2(n)));
    const DInterval pa = project(a, n);
    const DInterval pb = project(b, n);
    PROP_CHECK(ck, near(ax.a.min, pa.min, ref::kLen) && near(ax.a.max, pa.max, ref::kLen),
               where + ": A interval [" + fmt(ax.a.min) + ", " + fmt(ax.a.max) + "] reference [" +
                   fmt(pa.min) + ", " + fmt(pa.max) + "]");
    PROP_CHECK(ck, near(ax.b.min, pb.min, ref::kLen) && near(ax.b.max, pb.max, ref::kLen),
               where + ": B interval [" + fmt(ax.b.min) + ", " + fmt(ax.b.max) + "] reference [" +
                   fmt(pb.min) + ", " + fmt(pb.max) + "]");
    const double ov = std::min(static_cast<double>(ax.a.max) - ax.b.min,
                               static_cast<double>(ax.b.max) - ax.a.min);
    PROP_CHECK(
        ck, near(ax.overlap, ov, 1e-3),
        where + ": overlap " + fmt(ax.overlap) + " but min(a.max-b.min, b.max-a.min) = " + fmt(ov));
    // Where the axis came from.
    switch (ax.source) {
      case hitbox::AxisSource::EdgeA:
      case hitbox::AxisSource::EdgeB: {
        const Shape& s = ax.source == hitbox::AxisSource::EdgeA ? a : b;
        PROP_CHECK(ck, s.kind != Kind::Circle, where + ": edge axis of a circle");
        if (s.kind == Kind::Circle) break;
        const ref::Poly p = ref::world_polygon(s);
        bool found = false;
        for (std::size_t e = 0; e < p.size() && !found; ++e) {
          const DVec2 dir = p[(e + 1) % p.size()] - p[e];
          found = std::abs(ref::dot2(dir, n)) <= 1e-4 * ref::length2(dir);
        }
        PROP_CHECK(ck, found, where + ": not perpendicular to any edge of its shape");
        PROP_CHECK(ck, ax.feature >= 0 && ax.feature < static_cast<int>(p.size()),
                   where + ": feature out of range");
        break;
      }
      case hitbox::AxisSource::CentreLine:
        PROP_CHECK(ck, ca && cb, where + ": centre line for a non circle pair");
        if (ca && cb) {
          const DVec2 cl = ref::circle_centre(a) - ref::circle_centre(b);
          // Float centres are good to ~1e-4 px, so the direction to ~1e-4 / |cl|.
          PROP_CHECK(ck, ref::length2(cl) < 1e-3 || parallel(n, cl, 1e-4 + 1e-3 / ref::length2(cl)),
                     where + ": not along the centre line " + fmt(cl));
        }
        break;
      case hitbox::AxisSource::CircleVertex: {
        PROP_CHECK(ck, ca != cb, where + ": circle-vertex axis needs one circle and one polygon");
        if (ca == cb) break;
        const Shape& circ = ca ? a : b;
        const ref::Poly p = ref::world_polygon(ca ? b : a);
        const DVec2 c = ref::circle_centre(circ);
        double best = std::numeric_limits<double>::infinity();
        for (DVec2 v : p) best = std::min(best, ref::length2(v - c));
        bool found = false;
        for (DVec2 v : p) {
          const double len = ref::length2(c - v);
          found = found || (len <= best + ref::kLen &&
                            (len < 1e-3 || parallel(n, c - v, 1e-4 + 1e-3 / len)));
        }
        PROP_CHECK(ck, found,
                   where + ": not along centre -> nearest vertex (distance " + fmt(best) + ")");
        break;
      }
      case hitbox::AxisSource::Velocity:
        PROP_CHECK(ck, false, where + ": velocity axis in a static test");
        break;
    }
  }
}

// A whole SAT trace and the result it came with.
void check_sat_trace(Checker& ck, const hitbox::SatTrace& t, const hitbox::SatResult& r, bool early,
                     const Shape& a, const Shape& b) {
  const std::string mode = early ? "[early exit] " : "[all axes] ";
  PROP_CHECK(ck, t.early_exit == early, mode + "trace.early_exit not recorded");
  PROP_CHECK(ck, r.tested == static_cast<int>(t.axes.size()),
             mode + "tested " + std::to_string(r.tested) + " but trace has " +
                 std::to_string(t.axes.size()) + " axes");
  PROP_CHECK(ck, !t.axes.empty(), mode + "no axes recorded");
  if (t.axes.empty()) return;
  check_axes(ck, t.axes, a, b);
  int first_negative = -1;
  int least = 0;
  for (std::size_t i = 0; i < t.axes.size(); ++i) {
    if (first_negative < 0 && t.axes[i].overlap < 0.0f) first_negative = static_cast<int>(i);
    if (t.axes[i].overlap < t.axes[least].overlap) least = static_cast<int>(i);
  }
  PROP_CHECK(ck, t.separating == first_negative,
             mode + "separating index " + std::to_string(t.separating) +
                 " but the first axis with overlap < 0 is " + std::to_string(first_negative));
  PROP_CHECK(ck, r.hit == (first_negative < 0),
             mode + "hit=" + std::to_string(r.hit) + " but first negative axis " +
                 std::to_string(first_negative));
  if (!r.hit && early) {
    PROP_CHECK(ck, t.separating == static_cast<int>(t.axes.size()) - 1,
               mode + "early exit continued past the separating axis");
  }
  if (r.hit) {
    PROP_CHECK(ck,
               t.least >= 0 && t.least < static_cast<int>(t.axes.size()) &&
                   t.axes[t.least].overlap == t.axes[least].overlap,
               mode + "least index " + std::to_string(t.least) +
                   " is not an axis of least overlap (" + std::to_string(least) + ")");
    PROP_CHECK(
        ck, r.overlap >= 0.0f && r.overlap == t.axes[least].overlap,
        mode + "result overlap " + fmt(r.overlap) + " vs least " + fmt(t.axes[least].overlap));
    if (t.least >= 0 && t.least < static_cast<int>(t.axes.size())) {
      PROP_CHECK(ck, r.axis == t.axes[t.least].axis, mode + "result axis is not the least axis");
    }
  } else if (first_negative >= 0) {
    PROP_CHECK(ck,
               r.overlap < 0.0f && r.overlap == t.axes[first_negative].overlap &&
                   r.axis == t.axes[first_negative].axis,
               mode + "miss result " + fmt(r.axis) + " " + fmt(r.overlap) +
                   " is not the first separating axis");
  }
}

// ---- reference self-checks: the references agree with each other ----

TEST(PropertyReference, TransformAndHullAnchors) {
  Shape s;
  s.kind = Kind::Rect;
  s.angle = 90.0;
  // R(90) maps +x onto +y (down on screen).
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).x, 0.0, 1e-12);
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).y, 1.0, 1e-12);
  // Mirror before rotating, scale, then translate.
  s.mirror_x = true;
  s.scale = 2.0;
  s.pos = DVec2(10, 20);
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).x, 10.0, 1e-12);
  EXPECT_NEAR(ref::world_point(s, DVec2(1, 0)).y, 18.0, 1e-12);
  s.mirror_x = false;
  s.mirror_y = true;
  EXPECT_NEAR(ref::world_point(s, DVec2(0, 1)).x, 12.0, 1e-12);  // (0,-2) rotated by 90
  EXPECT_NEAR(ref::world_point(s, DVec2(0, 1)).y, 20.0, 1e-12);
  // Hull: square with interior, duplicate and collinear points.
  const ref::Poly h = ref::hull({{0, 0}, {2, 0}, {1, 0}, {2, 2}, {1, 1}, {0, 2}, {0, 1}, {2, 2}});
  ASSERT_EQ(h.size(), 4u);
  EXPECT_DOUBLE_EQ(ref::signed_area(h), 4.0);
  // Clipping two unit-overlap squares, and point distance.
  const ref::Poly sq2 = ref::translated(h, DVec2(1, 1));
  EXPECT_NEAR(ref::overlap_area(h, sq2), 1.0, 1e-12);
  EXPECT_NEAR(ref::polygon_distance(h, ref::translated(h, DVec2(5, 0))), 3.0, 1e-12);
  EXPECT_NEAR(ref::point_polygon_signed_distance(DVec2(0.5, 1), h), -0.5, 1e-12);
  EXPECT_NEAR(ref::point_polygon_signed_distance(DVec2(3, 3), h), std::sqrt(2.0), 1e-12);
}

TEST(PropertyReference, DistanceAreaAndCirclePolygonsAgree) {
  Tally tally;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 900 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertyReference " + pair_name(ka, kb));
      for (int i = 0; i < 400 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        ck.set_case(seed, i, &a, &b);
        ++tally.cases;
        const double sd = ref::PairRef(a, b).signed_distance();
        const ref::Poly ia = ref::inner_polygon(a), ib = ref::inner_polygon(b);
        const ref::Poly oa = ref::outer_polygon(a), ob = ref::outer_polygon(b);
        const double area_in = ref::overlap_area(ia, ib);
        const double area_out = ref::overlap_area(oa, ob);
        const double dist_in = ref::polygon_distance(ia, ib);
        const double dist_out = ref::polygon_distance(oa, ob);
        // Clipping is symmetric and bounded by either polygon.
        PROP_CHECK(ck, near(area_in, ref::overlap_area(ib, ia), 1e-6 * (1 + area_in)),
                   "clip(a,b) " + fmt(area_in) + " vs clip(b,a)");
        PROP_CHECK(ck, area_in <= std::min(ref::signed_area(ia), ref::signed_area(ib)) + 1e-6,
                   "overlap larger than a polygon");
        PROP_CHECK(ck, area_in <= area_out + 1e-6, "inner overlap > outer overlap");
        // inner distance >= exact distance >= outer distance, within the polygon error.
        const double sag = 0.012 * (a.kind == Kind::Circle) + 0.012 * (b.kind == Kind::Circle);
        if (sd > 0.0) {
          PROP_CHECK(ck, dist_out <= sd + 1e-9 && dist_out >= sd - sag - 1e-9,
                     "outer distance " + fmt(dist_out) + " vs exact " + fmt(sd));
          PROP_CHECK(ck, dist_in >= sd - 1e-9 && dist_in <= sd + sag + 1e-9,
                     "inner distance " + fmt(dist_in) + " vs exact " + fmt(sd));
          PROP_CHECK(ck, area_in == 0.0, "separated but inner area " + fmt(area_in));
        }
        if (sd > sag + 1e-9) PROP_CHECK(ck, area_out == 0.0, "outer area " + fmt(area_out));
        if (sd < -sag - 1e-9) {
          PROP_CHECK(ck, area_in > 0.0 && dist_in == 0.0,
                     "overlapping by " + fmt(-sd) + " but inner area " + fmt(area_in));
        }
        if (sd < 0.0) PROP_CHECK(ck, dist_out == 0.0, "overlapping but outer distance > 0");
        ++(sd < 0 ? tally.hits : tally.misses);
        // The exact signed distance against directional projections (every 4th case): a
        // penetration depth never exceeds the overlap along any direction and a gap is never
        // less than the gap along any direction; the sampled extreme is within the sampling
        // error (the overlap's derivative in angle is at most 2 * max |v - a.pos|).
        if (i % 4 == 0) {
          constexpr int kDirs = 3600;
          double extreme = std::numeric_limits<double>::infinity();
          double max_r = 0.0;
          for (const ref::Poly* p : {&ia, &ib}) {
            for (DVec2 v : *p) max_r = std::max(max_r, ref::length2(v - a.pos));
          }
          for (int k = 0; k < kDirs; ++k) {
            const double t = std::numbers::pi * k / kDirs;
            const DVec2 n(std::cos(t), std::sin(t));
            const DInterval pa = project(a, n), pb = project(b, n);
            extreme = std::min(extreme, std::min(pa.max - pb.min, pb.max - pa.min));
          }
          // extreme = min over directions of the signed overlap = -(signed distance) exactly
          // for convex shapes, up to sampling.
          const double sampling = 2.0 * max_r * std::numbers::pi / kDirs;
          PROP_CHECK(ck, -sd <= extreme + 1e-9 && -sd >= extreme - sampling,
                     "signed distance " + fmt(sd) + " vs sampled min overlap " + fmt(extreme) +
                         " (sampling error " + fmt(sampling) + ")");
        }
      }
    }
  }
  tally.report("reference self-check", 1.0);
}

TEST(PropertyReference, GeneratorCoversMirrorsAndOverlaps) {
  Gen g(77);
  std::array<int, 4> combos{};
  int overlapping = 0;
  const int n = 2000;
  for (int i = 0; i < n; ++i) {
    auto [a, b] = g.pair(kKinds[i % 3], kKinds[(i / 3) % 3]);
    ++combos[a.mirror_x * 2 + a.mirror_y];
    overlapping += ref::PairRef(a, b).signed_distance() < 0.0;
  }
  for (int c : combos) EXPECT_GT(c, n / 8) << "a mirror combination is rare";
  EXPECT_GT(overlapping, n / 3);
  EXPECT_LT(overlapping, 2 * n / 3);
}

// ---- 1. sat ----

TEST(PropertySat, AgreesWithClippingAreaAllKindPairs) {
  Tally total;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 1000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertySat " + pair_name(ka, kb));
      Tally tally;
      for (int i = 0; i < 1500 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::StateInfo info = ref::overlap_state(a, b);
        hitbox::SatTrace early, full;
        const hitbox::SatResult r0 = hitbox::sat(pa, pb);
        const hitbox::SatResult r1 = hitbox::sat(pa, pb, &early, true);
        const hitbox::SatResult r2 = hitbox::sat(pa, pb, &full, false);
        ++tally.cases;
        const std::string ref_says = std::string("reference ") + ref::state_name(info.state) +
                                     " (signed distance " + fmt(info.distance) + ", area " +
                                     fmt(info.area) + ")";
        if (info.state == ref::State::Ambiguous) {
          ++tally.skipped;
        } else {
          const bool want = info.state == ref::State::Hit;
          ++(want ? tally.hits : tally.misses);
          PROP_CHECK(ck, r1.hit == want, "sat hit=" + std::to_string(r1.hit) + ", " + ref_says);
          // SAT's least overlap is over a subset of directions: never below the true depth;
          // a separating axis's gap is never more than the true distance.
          if (want && r1.hit) {
            PROP_CHECK(
                ck, r1.overlap >= -info.distance - ref::kLen,
                "least overlap " + fmt(r1.overlap) + " below the penetration depth, " + ref_says);
          }
          if (!want && !r1.hit) {
            PROP_CHECK(ck, -r1.overlap <= info.distance + ref::kLen,
                       "gap " + fmt(-r1.overlap) + " exceeds the distance, " + ref_says);
          }
        }
        PROP_CHECK(ck, r0.hit == r1.hit && r1.hit == r2.hit,
                   "no trace / early exit / all axes disagree: " + std::to_string(r0.hit) +
                       std::to_string(r1.hit) + std::to_string(r2.hit));
        PROP_CHECK(ck, r0.axis == r1.axis && r0.overlap == r1.overlap,
                   "a trace changed the result");
        // Both modes report the first separating axis in test order on a miss, and the
        // least-overlap axis on a hit (no early exit happens then).
        PROP_CHECK(ck, r1.axis == r2.axis && r1.overlap == r2.overlap,
                   "early exit " + fmt(r1.axis) + " " + fmt(r1.overlap) + " vs all axes " +
                       fmt(r2.axis) + " " + fmt(r2.overlap));
        check_sat_trace(ck, early, r1, true, a, b);
        check_sat_trace(ck, full, r2, false, a, b);
      }
      tally.report("sat " + pair_name(ka, kb));
      total.cases += tally.cases;
    }
  }
  EXPECT_EQ(total.cases, 9 * 1500);
}

// ---- 2. aabb and bounding_circle ----

TEST(PropertyBounds, AabbAndBoundingCircleMatchReferenceAllKindPairs) {
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 2000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertyBounds " + pair_name(ka, kb));
      Tally box_tally, circle_tally;
      for (int i = 0; i < 1000 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        // Spread B further so box misses are common too.
        b.pos = a.pos + 1.6 * (b.pos - a.pos);
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::Box ba = ref::world_box(a), bb = ref::world_box(b);
        const hitbox::AabbResult r = hitbox::aabb(pa, pb);
        auto box_near = [](const hitbox::Aabb& got, const ref::Box& want) {
          return near(d(got.min), want.min, ref::kLen) && near(d(got.max), want.max, ref::kLen);
        };
        PROP_CHECK(ck, box_near(r.a, ba),
                   "aabb A box " + fmt(r.a.min) + "-" + fmt(r.a.max) + " reference " + fmt(ba.min) +
                       "-" + fmt(ba.max));
        PROP_CHECK(ck, box_near(r.b, bb),
                   "aabb B box " + fmt(r.b.min) + "-" + fmt(r.b.max) + " reference " + fmt(bb.min) +
                       "-" + fmt(bb.max));
        PROP_CHECK(ck, box_near(pa.body().bounds, ba), "Body.bounds of A");
        // Signed box overlap: the smaller of the two axis overlaps.
        const double box_overlap = std::min(std::min(ba.max.x - bb.min.x, bb.max.x - ba.min.x),
                                            std::min(ba.max.y - bb.min.y, bb.max.y - ba.min.y));
        ++box_tally.cases;
        if (std::abs(box_overlap) <= ref::kBand) {
          ++box_tally.skipped;
        } else {
          ++(box_overlap > 0 ? box_tally.hits : box_tally.misses);
          PROP_CHECK(ck, r.hit == (box_overlap > 0),
                     "aabb hit=" + std::to_string(r.hit) + ", box overlap " + fmt(box_overlap));
        }

        const hitbox::BoundingCircleResult c = hitbox::bounding_circle(pa, pb);
        const double ra = ref::farthest_radius(a), rb = ref::farthest_radius(b);
        const double gap = ref::length2(a.pos - b.pos) - ra - rb;
        PROP_CHECK(ck, near(d(c.ca), a.pos, ref::kLen) && near(d(c.cb), b.pos, ref::kLen),
                   "bounding circle centres " + fmt(c.ca) + " " + fmt(c.cb));
        PROP_CHECK(ck, near(c.ra, ra, ref::kLen) && near(c.rb, rb, ref::kLen),
                   "bounding radii " + fmt(c.ra) + " " + fmt(c.rb) + " reference " + fmt(ra) + " " +
                       fmt(rb));
        PROP_CHECK(ck, near(pa.body().bound, ra, ref::kLen), "Body.bound of A");
        PROP_CHECK(ck, near(c.gap, gap, ref::kLen), "gap " + fmt(c.gap) + " reference " + fmt(gap));
        ++circle_tally.cases;
        if (std::abs(gap) <= ref::kBand) {
          ++circle_tally.skipped;
        } else {
          ++(gap < 0 ? circle_tally.hits : circle_tally.misses);
          PROP_CHECK(ck, c.hit == (gap < 0),
                     "bounding_circle hit=" + std::to_string(c.hit) + ", gap " + fmt(gap));
        }
      }
      box_tally.report("aabb " + pair_name(ka, kb));
      circle_tally.report("bounding_circle " + pair_name(ka, kb));
    }
  }
}

// ---- 3. mtd ----

TEST(PropertyMtd, IsMinimalAndLeavesShapesTouchingAllKindPairs) {
  constexpr int kDirections = 720;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 3000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertyMtd " + pair_name(ka, kb));
      Tally tally;
      for (int i = 0; i < 600 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::PairRef pr(a, b);
        const ref::StateInfo info = ref::overlap_state(a, b);
        hitbox::SatTrace trace;
        const hitbox::MtdResult m = hitbox::mtd(pa, pb, &trace);
        const hitbox::MtdResult m0 = hitbox::mtd(pa, pb);
        ++tally.cases;
        PROP_CHECK(ck, m0.hit == m.hit && m0.vector == m.vector && m0.depth == m.depth,
                   "a trace changed the mtd result");
        check_axes(ck, trace.axes, a, b);
        if (info.state == ref::State::Miss) {
          ++tally.misses;
          PROP_CHECK(ck, !m.hit && m.vector == Vec2(0.0f) && m.depth == 0.0f,
                     "separated by " + fmt(info.distance) +
                         " but mtd hit=" + std::to_string(m.hit) + " vector " + fmt(m.vector));
          continue;
        }
        if (info.state == ref::State::Ambiguous) {
          ++tally.skipped;
          continue;
        }
        ++tally.hits;
        const double depth_ref = -info.distance;
        const std::string got = "mtd hit=" + std::to_string(m.hit) + " vector " + fmt(m.vector) +
                                " normal " + fmt(m.normal) + " depth " + fmt(m.depth) +
                                "; reference depth " + fmt(depth_ref);
        PROP_CHECK(ck, m.hit, got);
        if (!m.hit) continue;
        const DVec2 v = d(m.vector);
        const DVec2 n = d(m.normal);
        const double depth = m.depth;
        PROP_CHECK(ck, depth >= 0.0, got);
        PROP_CHECK(ck, near(ref::length2(v), depth, 1e-4 * (1.0 + depth)),
                   "|vector| != depth: " + got);
        PROP_CHECK(ck, near(ref::length2(n), 1.0, 1e-4), "normal not unit: " + got);
        PROP_CHECK(ck, near(v, depth * n, 1e-4 * (1.0 + depth)), "vector != depth*normal: " + got);
        PROP_CHECK(ck, near(depth, depth_ref, ref::kLen),
                   "depth is not the penetration depth: " + got);
        if (depth < ref::kBand) continue;
        // Moving A by the vector leaves the shapes touching.
        const double after = pr.signed_distance(v);
        PROP_CHECK(ck, std::abs(after) <= ref::kLen,
                   "after moving A by the vector, signed distance " + fmt(after) + ": " + got);
        // 99% of the vector leaves them overlapping.
        const double most = pr.signed_distance(0.99 * v);
        PROP_CHECK(ck, most <= ref::kLen,
                   "0.99 * vector already separates (" + fmt(most) + "): " + got);
        if (0.01 * depth > 2.0 * ref::kBand) {
          const ref::StateInfo s99 = ref::overlap_state(a, b, 0.99 * v);
          PROP_CHECK(
              ck, s99.state == ref::State::Hit,
              std::string("0.99 * vector: reference ") + ref::state_name(s99.state) + ": " + got);
        }
        // No shorter vector in any direction separates them: the MTD is minimal.
        for (int k = 0; k < kDirections && !ck.exhausted(); ++k) {
          const double t = 2.0 * std::numbers::pi * k / kDirections;
          const DVec2 s = 0.98 * depth * DVec2(std::cos(t), std::sin(t));
          const double sd = pr.signed_distance(s);
          PROP_CHECK(ck, sd <= ref::kLen && (0.02 * depth <= 2.0 * ref::kBand || sd < -ref::kBand),
                     "moving A by " + fmt(s) + " (0.98 depth) separates: signed distance " +
                         fmt(sd) + ": " + got);
        }
      }
      tally.report("mtd " + pair_name(ka, kb));
    }
  }
}

// ---- 4. swept ----

TEST(PropertySwept, MatchesBisectionOnTimeAllKindPairs) {
  constexpr int kSamples = 400;
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const std::uint32_t seed = 4000 + 3 * static_cast<int>(ka) + static_cast<int>(kb);
      Gen g(seed);
      Checker ck("PropertySwept " + pair_name(ka, kb));
      Tally tally;
      int initially = 0;
      for (int i = 0; i < 1200 && !ck.exhausted(); ++i) {
        auto [a, b] = g.pair(ka, kb);
        // Three modes, velocities up to ~300 px per step:
        //   0: spread the pair out, random velocities on both;
        //   1: the same, with A heading roughly at B;
        //   2: pass-by: the pair as placed (often near contact) is where A is partway through
        //      a sideways relative motion (shared between A and B), so A slides past B.
        const int mode = i % 3;
        const DVec2 to_b = b.pos - a.pos;
        const double len = ref::length2(to_b);
        if (mode == 2 && len > 1.0) {
          const DVec2 side = DVec2(-to_b.y, to_b.x) / len;
          const DVec2 rel = g.uni(100.0, 300.0) * (side + g.uni(-0.3, 0.3) * to_b / len);
          const double share = g.uni(0.0, 1.0);
          a.vel = share * rel;
          b.vel = (share - 1.0) * rel;
          a.pos -= g.uni(0.3, 0.7) * rel;
        } else {
          b.pos = a.pos + g.uni(0.5, 2.5) * to_b;
          a.vel = g.uni(0.0, 300.0) * g.unit();
          b.vel = g.uni(0.0, 300.0) * g.unit();
          if (mode == 1 && len > 1.0) {
            a.vel = g.uni(50.0, 300.0) * (to_b / len) + g.uni(0.0, 60.0) * g.unit();
          }
        }
        ck.set_case(seed, i, &a, &b);
        const Posed pa(a), pb(b);
        const ref::PairRef pr(a, b);
        // Moving both by t * vel is, up to a common translation, moving A by t * (va - vb).
        const DVec2 rel = a.vel - b.vel;
        auto sd_at = [&](double t) { return pr.signed_distance(t * rel); };
        hitbox::SweptTrace trace;
        const hitbox::SweptResult r = hitbox::swept(pa, pb, &trace);
        const hitbox::SweptResult r0 = hitbox::swept(pa, pb);
        ++tally.cases;
        PROP_CHECK(ck, r0.hit == r.hit && r0.toi == r.toi && r0.normal == r.normal,
                   "a trace changed the swept result");
        PROP_CHECK(ck, near(d(trace.rel_vel), rel, ref::kLen),
                   "trace rel_vel " + fmt(trace.rel_vel) + " expected " + fmt(rel));
        const hitbox::SweptMethod want_method =
            (ka == Kind::Circle && kb == Kind::Circle)   ? hitbox::SweptMethod::Quadratic
            : (ka == Kind::Circle || kb == Kind::Circle) ? hitbox::SweptMethod::RoundedPolygon
                                                         : hitbox::SweptMethod::Slabs;
        PROP_CHECK(ck, trace.method == want_method,
                   std::string("method ") + hitbox::swept_method_name(trace.method));
        for (const hitbox::SweptStep& st : trace.steps) {
          PROP_CHECK(ck, near(ref::length2(d(st.axis)), 1.0, 1e-4), "step axis not unit");
          if (trace.method != hitbox::SweptMethod::Slabs) continue;
          const DInterval ia = project(a, d(st.axis)), ib = project(b, d(st.axis));
          PROP_CHECK(ck,
                     near(st.a.min, ia.min, ref::kLen) && near(st.a.max, ia.max, ref::kLen) &&
                         near(st.b.min, ib.min, ref::kLen) && near(st.b.max, ib.max, ref::kLen),
                     "slab intervals at t=0 on " + fmt(st.axis));
          PROP_CHECK(ck, near(st.speed, ref::dot2(rel, d(st.axis)), ref::kLen),
                     "slab speed " + fmt(st.speed));
          // At the slab's entry time A's moved interval just touches B's.
          if (std::isfinite(st.t_enter) && std::abs(st.t_enter) <= 4.0) {
            const double ov = std::min(ia.max + st.t_enter * st.speed - ib.min,
                                       ib.max - ia.min - st.t_enter * st.speed);
            PROP_CHECK(ck, std::abs(ov) <= ref::kLen * (1.0 + std::abs(st.t_enter)),
                       "at slab t_enter " + fmt(st.t_enter) + " overlap is " + fmt(ov));
          }
        }

        std::array<double, kSamples + 1> s{};
        int first_hit = -1;
        for (int k = 0; k <= kSamples; ++k) {
          s[k] = sd_at(static_cast<double>(k) / kSamples);
          if (first_hit < 0 && s[k] < -ref::kBand) first_hit = k;
        }
        // The signed distance of two convex shapes is convex in t: golden-section minimum.
        double lo = 0.0, hi = 1.0;
        const double phi = (std::sqrt(5.0) - 1.0) / 2.0;
        for (int it = 0; it < 80; ++it) {
          const double m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
          if (sd_at(m1) < sd_at(m2))
            hi = m2;
          else
            lo = m1;
        }
        const double t_min = 0.5 * (lo + hi);
        double sd_min = sd_at(t_min);
        for (double v : s) sd_min = std::min(sd_min, v);
        const std::string got =
            "swept hit=" + std::to_string(r.hit) + " toi " + fmt(r.toi) + " normal " +
            fmt(r.normal) + " initially=" + std::to_string(r.initially_overlapping) +
            "; reference sd(0) " + fmt(s[0]) + " min sd " + fmt(sd_min) + " at t " + fmt(t_min);
        if (r.hit)
          PROP_CHECK(ck, near(ref::length2(d(r.normal)), 1.0, 1e-4), "normal not unit: " + got);

        if (s[0] < -ref::kBand) {
          ++tally.hits;
          ++initially;
          PROP_CHECK(ck, r.hit && r.initially_overlapping && r.toi == 0.0f,
                     "overlapping at t=0: " + got);
          const hitbox::MtdResult m = hitbox::mtd(pa, pb);
          PROP_CHECK(ck,
                     r.mtd.hit == m.hit && near(d(r.mtd.vector), d(m.vector), ref::kLen) &&
                         near(r.mtd.depth, m.depth, ref::kLen),
                     "swept mtd " + fmt(r.mtd.vector) + " vs mtd " + fmt(m.vector) + ": " + got);
          continue;
        }
        if (s[0] <= ref::kBand) {
          ++tally.skipped;  // touching at t = 0
          continue;
        }
        if (sd_min > ref::kBand) {
          ++tally.misses;
          PROP_CHECK(ck, !r.hit, "never closer than " + fmt(sd_min) + ": " + got);
          continue;
        }
        if (sd_min >= -ref::kBand) {
          ++tally.skipped;  // grazing
          continue;
        }
        ++tally.hits;
        // Bracket the first contact: the last sample with a positive signed distance before
        // the first hit sample (or the convex minimum when the hit falls between samples).
        double t_hi = first_hit >= 0 ? static_cast<double>(first_hit) / kSamples : t_min;
        int k_lo = static_cast<int>(std::floor(t_hi * kSamples));
        while (k_lo > 0 && (static_cast<double>(k_lo) / kSamples >= t_hi || s[k_lo] <= 0.0)) --k_lo;
        double t_lo = static_cast<double>(k_lo) / kSamples;
        const double t_hit_sample = t_hi;
        for (int it = 0; it < 60; ++it) {
          const double mid = 0.5 * (t_lo + t_hi);
          (sd_at(mid) > 0.0 ? t_lo : t_hi) = mid;
        }
        const double t_star = 0.5 * (t_lo + t_hi);
        // Time tolerance from the distance tolerance and how fast the gap closes there.
        const double h = 1e-4;
        const double rate = std::max((sd_at(std::max(0.0, t_star - h)) - sd_at(t_star)) / h, 1e-9);
        const double t_tol = 1e-4 + ref::kLen / rate;
        const std::string got2 =
            got + "; bisection toi " + fmt(t_star) + " (tolerance " + fmt(t_tol) + ")";
        PROP_CHECK(ck, r.hit && !r.initially_overlapping, got2);
        if (!r.hit) continue;
        PROP_CHECK(ck, r.toi <= t_hit_sample + 1e-4, "toi after the first hit sample: " + got2);
        PROP_CHECK(ck, near(r.toi, t_star, t_tol), "toi differs from bisection: " + got2);
        // The normal points from B toward A at impact: moving A along it separates.
        const double eps = 0.5;
        const DVec2 at = static_cast<double>(r.toi) * rel;
        const double gain = pr.signed_distance(at + eps * d(r.normal)) - pr.signed_distance(at);
        PROP_CHECK(ck, gain >= 0.5 * eps,
                   "moving A by 0.5 * normal at toi changes the signed distance by " + fmt(gain) +
                       ": " + got2);
        if (trace.method == hitbox::SweptMethod::Slabs) {
          PROP_CHECK(ck,
                     trace.entry_step >= 0 &&
                         trace.entry_step < static_cast<int>(trace.steps.size()) &&
                         near(trace.steps[trace.entry_step].t_enter, r.toi, 1e-5),
                     "entry step does not hold the toi: " + got2);
        }
      }
      tally.report("swept " + pair_name(ka, kb));
      EXPECT_GT(initially, 0) << pair_name(ka, kb);
      EXPECT_GT(tally.hits - initially, tally.cases / 10) << pair_name(ka, kb);
      EXPECT_GT(tally.misses, tally.cases / 10) << pair_name(ka, kb);
    }
  }
}

// ---- 5. contains ----

TEST(PropertyContains, MatchesPointInShapeAllKinds) {
  for (Kind k : kKinds) {
    const std::uint32_t seed = 5000 + static_cast<int>(k);
    Gen g(seed);
    Checker ck(std::string("PropertyContains ") + kname(k));
    Tally tally;
    for (int i = 0; i < 400 && !ck.exhausted(); ++i) {
      Shape s = g.shape(k);
      s.pos = DVec2(g.uni(-500.0, 1000.0), g.uni(-500.0, 1000.0));
      ck.set_case(seed, i, &s, nullptr);
      const Posed p(s);
      const ref::Box box = ref::world_box(s);
      const DVec2 grow = 0.2 * (box.max - box.min);
      for (int j = 0; j < 50 && !ck.exhausted(); ++j) {
        const DVec2 q(g.uni(box.min.x - grow.x, box.max.x + grow.x),
                      g.uni(box.min.y - grow.y, box.max.y + grow.y));
        const double sd = ref::point_shape_signed_distance(s, q);
        ++tally.cases;
        if (std::abs(sd) <= ref::kBand) {
          ++tally.skipped;
          continue;
        }
        ++(sd < 0 ? tally.hits : tally.misses);
        const bool got =
            hitbox::contains(p, Vec2(static_cast<float>(q.x), static_cast<float>(q.y)));
        PROP_CHECK(ck, got == (sd < 0),
                   "point " + fmt(q) + " contains=" + std::to_string(got) + ", signed distance " +
                       fmt(sd));
      }
    }
    tally.report(std::string("contains ") + kname(k));
  }
}

// ---- posed bodies under all four mirror combinations ----

TEST(PropertyPose, MirroredBodiesArePositiveWithOutwardUnitNormals) {
  for (Kind k : {Kind::Rect, Kind::Polygon, Kind::Circle}) {
    for (int combo = 0; combo < 4; ++combo) {
      const std::uint32_t seed = 6000 + 4 * static_cast<int>(k) + combo;
      Gen g(seed);
      Checker ck(std::string("PropertyPose ") + kname(k) + " mirror combo " +
                 std::to_string(combo));
      for (int i = 0; i < 250 && !ck.exhausted(); ++i) {
        Shape s = g.shape(k);
        s.mirror_x = (combo & 2) != 0;
        s.mirror_y = (combo & 1) != 0;
        s.pos = DVec2(g.uni(0.0, 1000.0), g.uni(0.0, 1000.0));
        ck.set_case(seed, i, &s, nullptr);
        const Posed posed(s);
        const Body& body = posed.body();
        // The transform itself.
        for (DVec2 local : {DVec2(1.0, 0.0), DVec2(0.0, 1.0), DVec2(13.5, -7.25)}) {
          const DVec2 w = hitbox::to_world(s, local);
          PROP_CHECK(ck, near(w, ref::world_point(s, local), 1e-9),
                     "to_world" + fmt(local) + " = " + fmt(w) + " reference " +
                         fmt(ref::world_point(s, local)));
          PROP_CHECK(ck, near(hitbox::to_local(s, w), local, 1e-9), "to_local(to_world)");
        }
        const DVec2 ax = ref::world_point(s, DVec2(1.0, 0.0)) - s.pos;
        const DVec2 ay = ref::world_point(s, DVec2(0.0, 1.0)) - s.pos;
        PROP_CHECK(
            ck,
            near(d(body.axis_x), ax / s.scale, 1e-5) && near(d(body.axis_y), ay / s.scale, 1e-5),
            "axis_x " + fmt(body.axis_x) + " axis_y " + fmt(body.axis_y));
        PROP_CHECK(ck, near(d(body.pos), s.pos, 1e-3), "body pos");
        if (k == Kind::Circle) {
          PROP_CHECK(ck, body.count == 0 && near(body.radius, ref::circle_radius(s), 1e-4),
                     "circle radius " + fmt(body.radius));
          continue;
        }
        const ref::Poly want = ref::world_polygon(s);
        PROP_CHECK(ck, body.count == static_cast<int>(want.size()),
                   "vertex count " + std::to_string(body.count) + " expected " +
                       std::to_string(want.size()));
        if (body.count != static_cast<int>(want.size())) continue;
        ref::Poly got;
        for (int j = 0; j < body.count; ++j) got.push_back(d(body.v[j]));
        PROP_CHECK(ck, ref::signed_area(got) > 0.0,
                   "negative shoelace area " + fmt(ref::signed_area(got)));
        PROP_CHECK(
            ck, near(ref::signed_area(got), ref::signed_area(want), 1e-3 * ref::signed_area(want)),
            "area " + fmt(ref::signed_area(got)) + " expected " + fmt(ref::signed_area(want)));
        // Same vertex cycle as the reference, possibly starting elsewhere.
        int offset = -1;
        for (int j = 0; j < body.count && offset < 0; ++j) {
          if (near(got[j], want[0], ref::kLen)) offset = j;
        }
        bool same = offset >= 0;
        for (int j = 0; j < body.count && same; ++j) {
          same = near(got[(offset + j) % body.count], want[j], ref::kLen);
        }
        PROP_CHECK(ck, same, "vertices are not the reference world polygon in positive order");
        for (int j = 0; j < body.count && !ck.exhausted(); ++j) {
          const DVec2 n = d(body.n[j]);
          const DVec2 e = got[(j + 1) % body.count] - got[j];
          PROP_CHECK(ck, near(ref::length2(n), 1.0, 1e-5),
                     "normal " + std::to_string(j) + " not unit");
          PROP_CHECK(ck, std::abs(ref::dot2(n, e)) <= 1e-4 * ref::length2(e),
                     "normal " + std::to_string(j) + " not perpendicular to its edge");
          for (int m = 0; m < body.count; ++m) {
            PROP_CHECK(ck, ref::dot2(n, got[m] - got[j]) <= ref::kLen,
                       "normal " + std::to_string(j) + " " + fmt(n) + " is not outward (vertex " +
                           std::to_string(m) + ")");
          }
        }
        // Unique axes: unit, each edge normal parallel to exactly one of them.
        PROP_CHECK(ck, body.axis_count >= 2 && body.axis_count <= body.count, "axis count");
        for (int j = 0; j < body.axis_count; ++j) {
          PROP_CHECK(ck, near(ref::length2(d(body.axes[j])), 1.0, 1e-5), "axis not unit");
          const int e = body.axis_edge[j];
          PROP_CHECK(ck, e >= 0 && e < body.count && near(d(body.axes[j]), d(body.n[e]), 1e-6),
                     "axis_edge does not name the edge the axis came from");
        }
        for (int j = 0; j < body.count; ++j) {
          int matches = 0;
          for (int m = 0; m < body.axis_count; ++m)
            matches += parallel(d(body.n[j]), d(body.axes[m]), 1e-5);
          PROP_CHECK(ck, matches == 1,
                     "edge normal " + std::to_string(j) + " " + fmt(body.n[j]) +
                         " is parallel to " + std::to_string(matches) + " of the " +
                         std::to_string(body.axis_count) +
                         " unique axes (parallel edges must share one axis)");
        }
      }
    }
  }
}

}  // namespace

// Regression: two axis-aligned rectangles turned by whole quarter turns (360 and -270
// degrees) have Minkowski-difference points whose x differ by one ulp; the reference hull
// once started inside such an edge and called this overlapping pair separated.
TEST(PropertyReference, QuarterTurnedRectanglesOverlapByHand) {
  Shape a;
  a.kind = Kind::Rect;
  a.pos = {105, 147};
  a.size = {27, 79};
  a.angle = 360;
  Shape b = a;
  b.pos = {98, 170};
  b.size = {86, 50};
  b.angle = -270;  // footprint 50 x 86
  // Found by a search over whole quarter turns. x: A spans [91.5, 118.5], B [73, 123];
  // y: A [107.5, 186.5], B [127, 213]. The shortest way out of two boxes is along x or y:
  // min(45.5, 31.5) and min(59.5, 105.5), so 31.5 px deep.
  const double ox = std::min(118.5 - 73.0, 123.0 - 91.5);
  const double oy = std::min(186.5 - 127.0, 213.0 - 107.5);
  EXPECT_NEAR(ref::PairRef(a, b).signed_distance(), -std::min(ox, oy), 1e-9);
  // Collinear points on an edge, one a hair off the corner: the hull keeps the 3 corners.
  EXPECT_EQ(ref::hull({{0, 0}, {0, 1e-13}, {1, 0}, {0, 1}, {0, 0.5}}).size(), 3u);
}
