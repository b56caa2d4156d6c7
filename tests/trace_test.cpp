// Each algorithm's answer against the trace it records, which the window draws: sat, mtd,
// swept and gjk are one function per pair, traced or not, so the answer is the one drawn only
// if the recording reads the same numbers the answer came from. Over seeded random pairs of
// every kind (boxes, circles, convex polygons of 3 to 16 vertices, octagons among them,
// segments, points; turned, mirrored, scaled) and the placements the kernels choose around
// (concentric circles, a circle's centre on a box corner, a polygon vertex or a segment's end,
// support ties, exact touching, shapes far from the origin). The answers themselves are
// checked against independent references in the other tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/shape.h"

namespace hitbox {
namespace {

std::uint32_t bits(float v) {
  return std::bit_cast<std::uint32_t>(v);
}

#define EXPECT_SAME_FLOAT(p, q, what) EXPECT_EQ(bits(p), bits(q)) << what
#define EXPECT_SAME_VEC(p, q, what)              \
  do {                                           \
    EXPECT_EQ(bits((p).x), bits((q).x)) << what; \
    EXPECT_EQ(bits((p).y), bits((q).y)) << what; \
  } while (0)

class Shapes {
 public:
  explicit Shapes(std::uint32_t seed) : rng_(seed) {}
  double u() { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_); }
  int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  // kind: 0 rect, 1 circle, 2 polygon (3-16 vertices on an ellipse), 3 octagon, 4 segment
  // (2-100 px long), 5 point.
  Shape make(int kind) {
    Shape s;
    s.id = "S";
    s.pos = {160 * u(), 160 * u()};
    // A quarter of the shapes sit at multiples of 90 degrees, where axes are exactly parallel.
    s.angle = below(4) == 0 ? 90.0 * below(4) : 720 * u() - 360;
    s.scale = below(3) == 0 ? 1.0 : 0.5 + 2.0 * u();
    s.mirror_x = below(2) == 0;
    s.mirror_y = below(2) == 0;
    s.vel = {160 * u() - 80, 160 * u() - 80};
    if (below(8) == 0) s.vel = {0, 0};
    if (kind == 0) {
      s.kind = Kind::Rect;
      s.size = {4 + 90 * u(), 4 + 90 * u()};
    } else if (kind == 1) {
      s.kind = Kind::Circle;
      s.radius = 2 + 45 * u();
    } else if (kind == 4) {
      s.kind = Kind::Segment;
      const double half = 1 + 49 * u(), off = 20 * u() - 10;
      s.points = {{-half, off}, {half, -off}};
    } else if (kind == 5) {
      s.kind = Kind::Point;
    } else {
      s.kind = Kind::Polygon;
      const int n = kind == 3 ? 8 : 3 + below(14);
      const double rx = 8 + 40 * u(), ry = 8 + 40 * u();
      const double step = 6.283185307179586 / n;
      for (int i = 0; i < n; ++i) {
        const double a = (i + 0.6 * u()) * step;
        s.points.emplace_back(rx * std::cos(a), ry * std::sin(a));
      }
    }
    return s;
  }

 private:
  std::mt19937 rng_;
};

// gjk against its trace: one step per iteration and per EPA iteration, the last simplex as the
// stop says, the gap from the last closest point, the depth and normal from EPA's last edge.
// Returns the stop reason.
GjkStop expect_gjk_trace(const Collider& a, const Collider& b, const std::string& what) {
  GjkTrace gt;
  const GjkResult g = gjk(a, b, &gt);
  EXPECT_EQ(g.iterations, static_cast<int>(gt.gjk.size())) << what;
  EXPECT_EQ(g.epa_iterations, static_cast<int>(gt.epa.size())) << what;
  if (gt.gjk.empty()) {
    ADD_FAILURE() << what << ": no gjk step recorded";
    return g.stop;
  }
  const GjkStep& last = gt.gjk.back();
  EXPECT_EQ(last.count == 3, g.stop == GjkStop::ContainsOrigin) << what;
  const float radii = gt.radius_a + gt.radius_b;
  if (g.stop == GjkStop::ClosestFound) {
    EXPECT_TRUE(last.has_support) << what;
    if (!g.hit) {
      const float dc = std::sqrt(dot(last.closest, last.closest));
      EXPECT_SAME_FLOAT(g.distance, dc - radii, what << " gjk distance against its trace");
    }
  }
  if (g.hit && !gt.epa.empty() && g.epa_stop == EpaStop::Converged) {
    const EpaStep& e = gt.epa.back();
    EXPECT_SAME_FLOAT(g.depth, std::max(e.distance, 0.0f) + radii, what << " gjk depth");
    EXPECT_SAME_VEC(g.normal, -e.normal, what << " gjk normal");
  }
  return g.stop;
}

void expect_gjk_trace(const Collider& a, const Collider& b, const std::string& what, int* stops) {
  ++stops[static_cast<int>(expect_gjk_trace(a, b, what))];
}

void expect_traces(const Collider& a, const Collider& b, const std::string& what) {
  {
    // sat and mtd: the answer against the axes recorded.
    SatTrace st;
    for (const bool early : {true, false}) {
      const SatResult r = sat(a, b, &st, early);
      const int k = r.hit ? st.least : st.separating;
      ASSERT_TRUE(k >= 0 && k < static_cast<int>(st.axes.size())) << what;
      EXPECT_SAME_VEC(r.axis, st.axes[k].axis, what << " sat axis against its trace");
      EXPECT_SAME_FLOAT(r.overlap, st.axes[k].overlap, what << " sat overlap against its trace");
      EXPECT_EQ(r.tested, static_cast<int>(st.axes.size())) << what;
    }
    const MtdResult m = mtd(a, b, &st);
    if (m.hit) {
      ASSERT_TRUE(st.least >= 0 && st.least < static_cast<int>(st.axes.size())) << what;
      const SatAxis& x = st.axes[st.least];
      EXPECT_TRUE(m.normal == x.axis || m.normal == -x.axis) << what << " mtd normal";
      EXPECT_EQ(m.depth, x.overlap) << what << " mtd depth";
    }
  }

  // swept: the time of impact against the entry its trace records, or the miss it names.
  SweptTrace wt;
  const SweptResult w = swept(a, b, &wt);
  if (!w.hit) {
    EXPECT_NE(wt.miss, SweptMiss::None) << what;
  } else if (!w.initially_overlapping) {
    EXPECT_SAME_FLOAT(w.toi, std::max(wt.t_enter, 0.0f), what << " swept toi against its trace");
    if (wt.method != SweptMethod::Quadratic) {
      ASSERT_TRUE(wt.entry_step >= 0 && wt.entry_step < static_cast<int>(wt.steps.size())) << what;
      EXPECT_SAME_FLOAT(wt.steps[static_cast<std::size_t>(wt.entry_step)].t_enter, wt.t_enter,
                        what << " swept entry step");
    }
  }

  expect_gjk_trace(a, b, what);
}

// Every kind pair in both orders, random placements.
TEST(Traces, OnRandomPairs) {
  Shapes gen(20261125);
  int hits = 0;
  for (int n = 0; n < 24000; ++n) {
    const int ka = n % 4, kb = (n / 4) % 4;
    const Posed a(gen.make(ka)), b(gen.make(kb));
    hits += sat(a, b).hit;
    expect_traces(a, b, "pair " + std::to_string(n));
    if (::testing::Test::HasFailure()) break;
  }
  // The placements give both answers often: the fast paths' selects see hits and misses.
  EXPECT_GT(hits, 4000);
  EXPECT_LT(hits, 20000);

  // gjk with segments and points (kinds 4 and 5) against every kind, both orders; the
  // pairs of two segments or points (gjk_fast.cpp's Seg2Core) get half of them.
  int stops[4] = {0, 0, 0, 0};
  for (int n = 0; n < 24000; ++n) {
    const bool two_thin = n % 2 == 0;
    const int ka = two_thin ? 4 + n / 2 % 2 : n / 2 % 6,
              kb = two_thin ? 4 + n / 4 % 2 : 4 + n / 12 % 2;
    const bool swap = n % 3 == 0;
    const Posed a(gen.make(swap ? kb : ka)), b(gen.make(swap ? ka : kb));
    expect_gjk_trace(a, b, "thin pair " + std::to_string(n), stops);
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(stops[static_cast<int>(GjkStop::ClosestFound)], 10000);
  EXPECT_GT(stops[static_cast<int>(GjkStop::ContainsOrigin)], 1000);
}

// The degenerate placements: concentric circles, a circle's centre exactly on a box corner
// or a polygon vertex, and pairs moved to touching along the MTD.
TEST(Traces, OnDegeneratePlacements) {
  Shapes gen(777);
  for (int n = 0; n < 3000; ++n) {
    Shape c = gen.make(1);
    const Shape other = gen.make(n % 4);
    const Posed po(other);
    const Collider& ob = po;
    // Concentric with the other shape, on one of its vertices, or on its centre.
    if (ob.count > 0) {
      const Vec2 v = ob.v[n % ob.count];
      c.pos = {v.x, v.y};
    } else {
      c.pos = {ob.pos.x, ob.pos.y};
    }
    const Posed pc(c);
    expect_traces(pc, po, "on a vertex " + std::to_string(n));
    expect_traces(po, pc, "on a vertex, swapped " + std::to_string(n));

    // Moved by the MTD: touching, up to rounding.
    const Shape a0 = gen.make(n % 4), b0 = gen.make((n / 4) % 4);
    const MtdResult m = mtd(Posed(a0), Posed(b0));
    if (m.hit) {
      Shape a1 = a0;
      a1.pos += DVec2(m.vector.x, m.vector.y);
      const Posed pa(a1), pb(b0);
      expect_traces(pa, pb, "touching " + std::to_string(n));
    }
    if (::testing::Test::HasFailure()) break;
  }
}

// gjk's loop for circles and polygons of up to 8 vertices (gjk_fast.cpp) keeps the polygons'
// vertex runs in registers, the simplex in two points and picks the solvers' regions with
// selects. These placements are where its recording could part from its answer: support ties
// (parallel edges facing each other, shapes at multiples of 45 degrees, regular polygons), exact
// touching (the origin on the simplex: EPA takes over), a circle's centre on a vertex, on an edge
// or on an edge's line, points and segments, 3 to 8 vertices (the runs padded with vertex 0), and
// shapes beyond the fast loop's reach.

Shape regular_polygon(int n, double r, double phase) {
  Shape s;
  s.id = "P";
  s.kind = Kind::Polygon;
  for (int i = 0; i < n; ++i) {
    const double t = phase + i * (6.283185307179586 / n);
    s.points.emplace_back(std::round(r * std::cos(t) * 4.0) / 4.0,
                          std::round(r * std::sin(t) * 4.0) / 4.0);
  }
  return s;
}

// The shapes the placements combine: every fast kind, in sizes on a quarter-pixel grid.
std::vector<Shape> gjk_templates() {
  std::vector<Shape> out;
  Shape box;
  box.id = "B";
  box.kind = Kind::Rect;
  box.size = {20, 20};
  out.push_back(box);
  box.size = {30, 10};
  out.push_back(box);
  Shape circle;
  circle.id = "C";
  circle.kind = Kind::Circle;
  circle.radius = 10;
  out.push_back(circle);
  out.push_back(regular_polygon(8, 12, 0.0));                 // regular octagon: ties
  out.push_back(regular_polygon(8, 12, 0.3926990816987241));  // turned by half a step
  Shape irregular = regular_polygon(8, 12, 0.0);
  irregular.points[2] = {1.5, 15.0};
  irregular.points[5] = {-9.25, -7.5};
  out.push_back(irregular);
  out.push_back(regular_polygon(3, 12, 0.0));
  out.push_back(regular_polygon(5, 12, 0.0));
  out.push_back(regular_polygon(6, 12, 0.0));
  out.push_back(regular_polygon(7, 12, 0.0));
  Shape seg;
  seg.id = "S";
  seg.kind = Kind::Segment;
  seg.points = {{-10, 0}, {10, 0}};
  out.push_back(seg);
  Shape pt;
  pt.id = "T";
  pt.kind = Kind::Point;
  out.push_back(pt);
  return out;
}

TEST(Traces, GjkOnGridPlacementsWithTiesAndTouching) {
  const std::vector<Shape> shapes = gjk_templates();
  int stops[4] = {0, 0, 0, 0};
  int n = 0;
  for (const Shape& ta : shapes) {
    for (const Shape& tb : shapes) {
      for (const double angle_a : {0.0, 45.0, 90.0}) {
        for (const double angle_b : {0.0, 180.0, 30.0}) {
          // Offsets on a 5 px grid: edges and vertices land exactly on each other.
          for (int ix = -8; ix <= 8; ix += 2) {
            for (int iy = -8; iy <= 8; iy += 2) {
              Shape a = ta, b = tb;
              a.pos = {100.0, 100.0};
              a.angle = angle_a;
              b.pos = {100.0 + 5.0 * ix + (n % 3 == 0 ? 0.0 : 2.5), 100.0 + 5.0 * iy};
              b.angle = angle_b;
              b.mirror_x = n % 5 == 0;
              const Posed pa(a), pb(b);
              expect_gjk_trace(pa, pb, "grid " + std::to_string(n), stops);
              ++n;
            }
          }
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
  // Every way the loop can end was reached: apart, touching (EPA from a point or an edge)
  // and overlapping (EPA from a triangle).
  EXPECT_GT(stops[static_cast<int>(GjkStop::ClosestFound)], 1000);
  EXPECT_GT(stops[static_cast<int>(GjkStop::OriginTouches)], 100);
  EXPECT_GT(stops[static_cast<int>(GjkStop::ContainsOrigin)], 1000);
}

TEST(Traces, GjkForACircleOnAVertexAnEdgeOrAnEdgeLine) {
  const std::vector<Shape> shapes = gjk_templates();
  Shapes gen(4242);
  int stops[4] = {0, 0, 0, 0};
  int n = 0;
  for (const Shape& t : shapes) {
    if (t.kind == Kind::Circle) continue;
    for (const double angle : {0.0, 90.0, 45.0, 17.0}) {
      Shape poly = t;
      poly.pos = {200.0, 150.0};
      poly.angle = angle;
      const Posed pp(poly);
      const Collider& pb = pp;
      for (int i = 0; i < pb.count; ++i) {
        const Vec2 v0 = pb.v[i], v1 = pb.v[(i + 1) % pb.count];
        // On the vertex, the edge's middle, and the edge's line beyond both ends.
        for (const float f : {0.0f, 0.5f, 1.0f, -1.0f, 2.0f, -0.25f}) {
          const Vec2 c = v0 + f * (v1 - v0);
          for (const double radius : {0.0, 3.0, 10.0 + 30.0 * gen.u()}) {
            Shape circle;
            circle.id = "C";
            circle.kind = Kind::Circle;
            circle.pos = {c.x, c.y};
            circle.radius = radius;
            const Posed pc(circle);
            expect_gjk_trace(pc, pp, "circle on " + std::to_string(n), stops);
            expect_gjk_trace(pp, pc, "circle on, swapped " + std::to_string(n), stops);
            ++n;
          }
        }
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(stops[static_cast<int>(GjkStop::ClosestFound)], 500);
  EXPECT_GT(stops[static_cast<int>(GjkStop::OriginTouches)], 500);
}

// Small integer shapes at integer places: every dot and cross product the solvers form is
// then exact, so their region tests meet exact zeros (the origin projecting exactly on a
// simplex vertex or on an edge's line) at every turn, where < and <= part.
Shape integer_shape(Shapes& gen) {
  Shape s;
  s.id = "I";
  s.pos = {static_cast<double>(gen.below(17) - 8), static_cast<double>(gen.below(17) - 8)};
  s.mirror_x = gen.below(2) == 0;
  switch (gen.below(6)) {
    case 0:
      s.kind = Kind::Rect;
      s.size = {2.0 * (1 + gen.below(5)), 2.0 * (1 + gen.below(5))};
      return s;
    case 1:
      s.kind = Kind::Circle;
      s.radius = gen.below(5);
      return s;
    case 2:
      s.kind = Kind::Point;
      return s;
    default:
      break;
  }
  // The convex hull of a few grid points (monotone chain): 2 to 8 vertices.
  std::vector<DVec2> pts;
  const int n = 2 + gen.below(9);
  for (int i = 0; i < n; ++i) {
    pts.emplace_back(gen.below(9) - 4, gen.below(9) - 4);
  }
  std::sort(pts.begin(), pts.end(),
            [](DVec2 p, DVec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  const auto turn = [](DVec2 o, DVec2 p, DVec2 q) {
    return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
  };
  std::vector<DVec2> hull(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && turn(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
    hull[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && turn(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
    hull[k++] = pts[i];
  }
  hull.resize(pts.size() < 2 ? pts.size() : k - 1);
  if (hull.size() < 2) {
    s.kind = Kind::Point;
  } else if (hull.size() == 2) {
    s.kind = Kind::Segment;
    s.points = hull;
  } else {
    s.kind = Kind::Polygon;
    s.points = hull;
  }
  return s;
}

TEST(Traces, GjkOnSmallIntegerShapes) {
  Shapes gen(31337);
  int stops[4] = {0, 0, 0, 0};
  for (int n = 0; n < 40000; ++n) {
    const Posed a(integer_shape(gen)), b(integer_shape(gen));
    expect_gjk_trace(a, b, "integer " + std::to_string(n), stops);
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(stops[static_cast<int>(GjkStop::ClosestFound)], 5000);
  EXPECT_GT(stops[static_cast<int>(GjkStop::OriginTouches)], 1000);
  EXPECT_GT(stops[static_cast<int>(GjkStop::ContainsOrigin)], 3000);
}

// A segment from p to q (or a point at p when q is p), posed about its middle with the given
// scale and mirror (the local points are mirrored and scaled back, so the world segment is
// p q up to rounding).
Shape thin_between(DVec2 p, DVec2 q, double scale, bool mirror) {
  Shape s;
  s.id = "L";
  s.pos = 0.5 * (p + q);
  s.scale = scale;
  s.mirror_x = mirror;
  if (p == q) {
    s.kind = Kind::Point;
    s.pos = p;
    return s;
  }
  s.kind = Kind::Segment;
  const double m = mirror ? -1.0 : 1.0;
  s.points = {{m * (p.x - s.pos.x) / scale, (p.y - s.pos.y) / scale},
              {m * (q.x - s.pos.x) / scale, (q.y - s.pos.y) / scale}};
  return s;
}

// Two segments, or a segment and a point, placed where gjk's segment pair loop could part
// from its recording: parallel (apart, collinear, overlapping), crossing, sharing an end,
// an end on the other's middle or on its line, a point on an end, on the middle and on the
// line beyond; along the axes (exact) and turned; mirrored and scaled; both orders.
TEST(Traces, GjkForSegmentsAndPointsInDegeneratePlacements) {
  int stops[4] = {0, 0, 0, 0};
  int n = 0;
  for (const double angle : {0.0, 90.0, 45.0, 30.0, 200.0}) {
    const double t = angle * (3.14159265358979323846 / 180.0);
    const DVec2 u(std::cos(t), std::sin(t)), nrm(-u.y, u.x);
    const DVec2 o(100.0, 80.0);
    for (const double len : {20.0, 17.5}) {
      const DVec2 p0 = o, p1 = o + len * u;
      std::vector<std::pair<DVec2, DVec2>> others;
      // Parallel: on the same line (collinear: apart, touching end to end, overlapping,
      // the same) and beside it.
      for (const double side : {0.0, 0.25, 5.0, -10.0}) {
        for (const double along : {-len - 5.0, -len, -0.5 * len, 0.0, 0.5 * len, len, len + 5.0}) {
          others.emplace_back(p0 + along * u + side * nrm, p1 + along * u + side * nrm);
          others.emplace_back(p1 + along * u + side * nrm, p0 + along * u + side * nrm);
        }
      }
      // Across: crossing in the middle or at an end, an end on the other's middle or end,
      // an end on its line beyond, and just short of touching.
      for (const double at : {0.0, 0.5 * len, 0.3 * len, len, len + 3.0, -3.0}) {
        for (const double from : {-6.0, -4.3, -11.0, 0.0, 0.125, 6.0}) {
          const DVec2 c = p0 + at * u;
          others.emplace_back(c + from * nrm, c + (from + 12.0) * nrm);
          others.emplace_back(c + (from + 12.0) * nrm, c + from * nrm);
          others.emplace_back(c + from * (nrm + u), c + (from + 12.0) * (nrm + u));
        }
        // A point on the segment, on its line or beside it.
        others.emplace_back(p0 + at * u, p0 + at * u);
        others.emplace_back(p0 + at * u + 4.0 * nrm, p0 + at * u + 4.0 * nrm);
      }
      // Sharing an end, in several directions.
      for (const double turn : {0.0, 60.0, 90.0, 180.0, 270.0, 330.0}) {
        const double r = (angle + turn) * (3.14159265358979323846 / 180.0);
        const DVec2 dir(std::cos(r), std::sin(r));
        others.emplace_back(p1, p1 + 15.0 * dir);
        others.emplace_back(p0 + 15.0 * dir, p0);
      }
      for (const auto& [q0, q1] : others) {
        for (const double scale : {1.0, 2.5}) {
          const Posed a(thin_between(p0, p1, 1.0, n % 2 == 1));
          const Posed b(thin_between(q0, q1, scale, n % 3 == 0));
          expect_gjk_trace(a, b, "thin " + std::to_string(n), stops);
          expect_gjk_trace(b, a, "thin, swapped " + std::to_string(n), stops);
          ++n;
        }
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(stops[static_cast<int>(GjkStop::ClosestFound)], 3000);
  EXPECT_GT(stops[static_cast<int>(GjkStop::OriginTouches)], 1000);
  EXPECT_GT(stops[static_cast<int>(GjkStop::ContainsOrigin)], 300);
}

// Far out (bounds beyond 1e8 px) every call takes the general loop.
TEST(Traces, GjkFarFromTheOrigin) {
  Shapes gen(99);
  int stops[4] = {0, 0, 0, 0};
  for (int n = 0; n < 400; ++n) {
    Shape a = gen.make(n % 4), b = gen.make((n / 4) % 4);
    const double far = n % 2 ? 3.0e8 : -2.0e9;
    a.pos += DVec2(far, -far);
    b.pos += DVec2(far, -far);
    expect_gjk_trace(Posed(a), Posed(b), "far " + std::to_string(n), stops);
    if (::testing::Test::HasFailure()) break;
  }
}

// The circle-polygon lanes for polygons of up to 8 vertices (and the table beyond): polygons
// of 3 to 10 vertices, exactly symmetric about their local x axis, against circles whose
// centres sit on that axis (two vertices at exactly the same distance: the first must be
// taken), on a vertex, on an edge's line, at the centre (every axis tied in a regular
// polygon), inside and outside, touching and apart; turned by right angles, mirrored, scaled.
TEST(Traces, CirclePolygonTiesAndSymmetricPlacements) {
  int cases = 0, hits = 0;
  for (int n = 3; n <= 10; ++n) {
    std::vector<DVec2> pts(static_cast<std::size_t>(n));
    for (int i = 0; i <= n / 2; ++i) {
      const double a = 6.283185307179586 * i / n;
      pts[static_cast<std::size_t>(i)] = DVec2(20.0 * std::cos(a), 20.0 * std::sin(a));
      if (i > 0 && n - i > n / 2) {
        pts[static_cast<std::size_t>(n - i)] = DVec2(20.0 * std::cos(a), -20.0 * std::sin(a));
      }
    }
    const DVec2 v0 = pts[0], v1 = pts[1];
    // Centres along the symmetry axis, on vertex 0 and vertex 1, on edge 0's line (its
    // midpoint, and beyond both ends), at the centre.
    const DVec2 mid = (v0 + v1) * 0.5;
    const std::vector<DVec2> centres = {
        {0.0, 0.0},  {-30.0, 0.0}, {-10.0, 0.0}, {5.0, 0.0},
        {19.0, 0.0}, {20.0, 0.0},  {21.0, 0.0},  {28.0, 0.0},
        {45.0, 0.0}, v1,           mid,          v0 + (v1 - v0) * 1.5,
        v0 * 1.5,    v1 * 1.25,    mid * 1.5,    v0 - (v1 - v0) * 0.5};
    for (int t = 0; t < 4; ++t) {
      Shape poly;
      poly.id = "P";
      poly.kind = Kind::Polygon;
      poly.points = pts;
      // At the origin unturned, the world vertices stay exactly symmetric (exact ties).
      poly.pos = t == 0 ? DVec2(0.0, 0.0) : DVec2(50.0, 40.0);
      poly.angle = 90.0 * t;
      poly.scale = t == 2 ? 2.0 : t == 3 ? 0.5 : 1.0;
      poly.mirror_x = t % 2 == 1;
      poly.mirror_y = t == 2;
      const Posed pp(poly);
      for (const DVec2& local : centres) {
        for (const double radius : {0.5, 1.0, 6.0, 25.0}) {
          Shape c;
          c.id = "C";
          c.kind = Kind::Circle;
          c.pos = to_world(poly, local);
          c.radius = radius;
          const Posed pc(c);
          const std::string what = "n " + std::to_string(n) + " turn " + std::to_string(t) +
                                   " at (" + std::to_string(local.x) + ", " +
                                   std::to_string(local.y) + ") r " + std::to_string(radius);
          expect_traces(pc, pp, what);
          expect_traces(pp, pc, what + " swapped");
          hits += sat(pc, pp).hit;
          ++cases;
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
  EXPECT_GT(hits, cases / 4);
  EXPECT_LT(hits, cases);
}

// Polygons of 3 to 8 vertices (every lane grouping: 3-4, 5-8 vertices with up to 4 or more
// unique axes) placed at random around circles, with parallel edges (rectangles, hexagons
// as polygons) so the unique axes are fewer than the vertices.
TEST(Traces, CirclePolygonEveryLaneGrouping) {
  Shapes gen(4242);
  for (int n = 0; n < 6000; ++n) {
    const int count = 3 + n % 6;
    Shape poly = gen.make(2);
    poly.points.clear();
    const bool regular = n % 3 == 0;  // even counts then have parallel edges
    const double r = 10 + 30 * gen.u();
    for (int i = 0; i < count; ++i) {
      const double a = (i + (regular ? 0.0 : 0.6 * gen.u())) * 6.283185307179586 / count;
      poly.points.emplace_back(r * std::cos(a), r * std::sin(a));
    }
    const Shape c = gen.make(1);
    const Posed pp(poly), pc(c);
    expect_traces(pc, pp, "grouping " + std::to_string(n));
    expect_traces(pp, pc, "grouping swapped " + std::to_string(n));
    if (::testing::Test::HasFailure()) break;
  }
}

// A segment against a circle or a box (core/collide/src/collide_segment.h): seeded random segments
// of 0.5 to 120 px, turned (a quarter at multiples of 90 degrees, where the segment's normal is
// exactly a box axis and the least overlaps tie), scaled and mirrored, in both orders.
Shape random_segment(Shapes& gen) {
  Shape s = gen.make(0);
  s.kind = Kind::Segment;
  const double half = 0.25 + 60.0 * gen.u();
  const double tilt = gen.below(4) == 0 ? 0.0 : 2.0 * gen.u() - 1.0;
  s.points = {DVec2(-half, -half * tilt), DVec2(half * (0.5 + gen.u()), half * tilt)};
  return s;
}

TEST(Traces, SegmentAgainstCircleAndBoxOnRandomPairs) {
  Shapes gen(1126);
  int hits = 0, cases = 0;
  for (int n = 0; n < 20000; ++n) {
    const Posed seg(random_segment(gen)), other(gen.make(n % 2));
    const std::string what = "segment pair " + std::to_string(n);
    expect_traces(seg, other, what);
    expect_traces(other, seg, what + " swapped");
    hits += sat(other, seg).hit;
    ++cases;
    if (::testing::Test::HasFailure()) break;
  }
  // Both answers come often, so the selects see hits and misses.
  EXPECT_GT(hits, cases / 10);
  EXPECT_LT(hits, cases * 9 / 10);
}

// Where the closed form chooses: a circle centred on an end, on the segment's middle, on its
// line beyond either end, beside an end; a segment along a box's face, across a corner, from a
// corner, inside the box; every placement also moved to touching by its push-out.
TEST(Traces, SegmentAgainstCircleAndBoxDegeneratePlacements) {
  int cases = 0, hits = 0;
  for (int t = 0; t < 6; ++t) {
    Shape seg;
    seg.id = "S";
    seg.kind = Kind::Segment;
    seg.points = {DVec2(-20.0, 0.0), DVec2(20.0, 0.0)};
    seg.pos = t == 0 ? DVec2(0.0, 0.0) : DVec2(37.5, -12.25);
    seg.angle = t < 4 ? 90.0 * t : 33.0 * t;
    seg.scale = t == 2 ? 2.0 : t == 5 ? 0.5 : 1.0;
    seg.mirror_x = t % 2 == 1;
    seg.mirror_y = t == 4;
    const Posed ps(seg);
    std::vector<Shape> others;
    const std::vector<DVec2> centres = {{-20.0, 0.0}, {20.0, 0.0}, {0.0, 0.0},    {30.0, 0.0},
                                        {-35.0, 0.0}, {20.0, 6.0}, {-20.0, -6.0}, {10.0, 5.0},
                                        {0.0, -5.0},  {26.0, 4.0}};
    for (const DVec2& local : centres) {
      for (const double radius : {0.5, 5.0, 6.0, 12.0}) {
        Shape c;
        c.id = "C";
        c.kind = Kind::Circle;
        c.pos = to_world(seg, local);
        c.radius = radius;
        others.push_back(c);
      }
    }
    // Boxes turned with the segment (faces parallel to it: ties) or by 45 degrees, with a face
    // on the segment's line, a corner on an end, around its middle, or holding it whole.
    const std::vector<DVec2> box_centres = {{0.0, 5.0}, {0.0, -5.0},  {25.0, 5.0}, {-25.0, 5.0},
                                            {0.0, 0.0}, {20.0, 10.0}, {40.0, 0.0}, {0.0, 12.0}};
    for (const DVec2& local : box_centres) {
      for (const double turn : {0.0, 45.0, 90.0}) {
        for (const DVec2 size : {DVec2(10.0, 10.0), DVec2(50.0, 10.0), DVec2(60.0, 30.0)}) {
          Shape b;
          b.id = "B";
          b.kind = Kind::Rect;
          b.pos = to_world(seg, local);
          b.angle = seg.angle + turn;
          b.size = size;
          others.push_back(b);
        }
      }
    }
    for (std::size_t i = 0; i < others.size(); ++i) {
      const Posed po(others[i]);
      const std::string what = "turn " + std::to_string(t) + " other " + std::to_string(i);
      expect_traces(ps, po, what);
      expect_traces(po, ps, what + " swapped");
      const MtdResult m = mtd(po, ps);
      hits += m.hit;
      ++cases;
      if (m.hit) {
        Shape moved = others[i];
        moved.pos += DVec2(m.vector.x, m.vector.y);
        const Posed pm(moved);
        expect_traces(pm, ps, what + " touching");
        expect_traces(ps, pm, what + " touching, swapped");
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(hits, cases / 4);
  EXPECT_LT(hits, cases);
}

// Random pairs; a tenth of the circles sit exactly on an end of the segment (no end axis).
TEST(Traces, SegmentWithACircleOnAnEnd) {
  Shapes gen(5150);
  int on_end = 0;
  for (int n = 0; n < 20000; ++n) {
    const Posed seg(random_segment(gen));
    Shape o = gen.make(n % 2);
    if (n % 10 == 1 && o.kind == Kind::Circle) {
      const Vec2 end = seg.collider().v[n % 20 == 1 ? 0 : 1];
      o.pos = {end.x, end.y};
      ++on_end;
    }
    const Posed other(o);
    expect_traces(seg, other, "on an end " + std::to_string(n));
    expect_traces(other, seg, "on an end, swapped " + std::to_string(n));
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(on_end, 900);
}

}  // namespace
}  // namespace hitbox
