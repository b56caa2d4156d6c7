// Shared pieces of the seeded property tests (collide_test.cpp, swept_test.cpp,
// shape_test.cpp, reference_test.cpp): the seeded generator of random shapes and pairs
// (every kind, rotated, scaled, mirrored, often near contact), failure reporting
// (Checker, PROP_CHECK) and the tallies that count near-touching skips, plus projections
// of the exact reference shapes.
//
// Each test draws its cases from std::mt19937 with a fixed seed, so failures reproduce;
// failure messages print the seed, the case index and both shapes at full precision.
// Near-touching cases (|signed distance| <= ref::kBand) are skipped and counted; every test
// asserts that the skipped fraction stays small.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/shape.h"
#include "reference.h"

namespace hitbox::property {

inline constexpr std::array<Kind, 3> kKinds = {Kind::Rect, Kind::Circle, Kind::Polygon};

inline DVec2 d(Vec2 v) {
  return DVec2(v.x, v.y);
}
inline std::string fmt(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", x);
  return buf;
}
inline std::string fmt(DVec2 v) {
  return "(" + fmt(v.x) + ", " + fmt(v.y) + ")";
}
inline std::string fmt(Vec2 v) {
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
    s.id = kind_name(k);
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
    } else if (k == Kind::Capsule) {
      const double half = uni(5.0, 70.0);
      s.points = {DVec2(-half, 0.0), DVec2(half, 0.0)};
      s.radius = uni(4.0, 40.0);
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

inline std::string pair_name(Kind ka, Kind kb) {
  return std::string(kind_name(ka)) + "-" + kind_name(kb);
}

// Projection of the exact reference shape onto an axis.
struct DInterval {
  double min = 0.0, max = 0.0;
};
inline DInterval project(const Shape& s, DVec2 axis) {
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

inline bool near(double x, double y, double tol) {
  return std::abs(x - y) <= tol;
}
inline bool near(DVec2 x, DVec2 y, double tol) {
  return ref::length2(x - y) <= tol;
}
inline bool parallel(DVec2 u, DVec2 v, double tol) {
  return std::abs(ref::cross2(u, v)) <= tol * ref::length2(u) * ref::length2(v);
}

}  // namespace hitbox::property
