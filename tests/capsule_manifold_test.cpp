// Capsule manifolds (core/collide/src/manifold.cpp) against a reference written here in doubles
// from the shapes' own numbers: overlapping cores clipped as faces; cores apart by their closest
// features (found from endpoint-to-segment distances, not the core's segment fractions), with
// two clipped points by Box2D v3's rule (b2CollideCapsules for two segment cores,
// b2CollidePolygons for a polygon core), restated here from Box2D's method. Then the contract
// every point keeps: each surface point is its core's point moved out by its radius.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "hitbox/manifold.h"
#include "hitbox/shape.h"
#include "support/named_shapes.h"
#include "support/random_shapes.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using named_shapes::capsule;
using named_shapes::rect;

// ---- the reference, in doubles ----

struct DCore {
  std::vector<DVec2> v;  // one point (a circle), two (a segment or capsule) or a convex polygon
  double r = 0.0;
};

DCore core_of(const Shape& s) {
  if (s.kind == Kind::Capsule) {
    const auto [p, q] = ref::capsule_ends(s);
    return DCore{{p, q}, ref::capsule_radius(s)};
  }
  if (s.kind == Kind::Circle) return DCore{{ref::circle_centre(s)}, ref::circle_radius(s)};
  if (s.kind == Kind::Segment)
    return DCore{{ref::world_point(s, s.points[0]), ref::world_point(s, s.points[1])}, 0.0};
  return DCore{ref::hull(ref::world_polygon(s)), 0.0};
}

// Edges: a polygon's n, a segment's two (one per side), a point's none.
int edges(const DCore& c) {
  return c.v.size() == 1 ? 0 : static_cast<int>(c.v.size());
}
DVec2 edge_start(const DCore& c, int i) {
  return c.v[static_cast<std::size_t>(i)];
}
DVec2 edge_end(const DCore& c, int i) {
  return c.v[static_cast<std::size_t>(i + 1) % c.v.size()];
}
DVec2 outward(const DCore& c, int i) {
  const DVec2 e = edge_end(c, i) - edge_start(c, i);
  DVec2 n = DVec2(e.y, -e.x) / std::hypot(e.x, e.y);
  if (c.v.size() > 2) {
    DVec2 mid(0.0, 0.0);
    for (const DVec2& p : c.v) mid += p / static_cast<double>(c.v.size());
    if (ref::dot2(n, mid - edge_start(c, i)) > 0.0) n = -n;
  }
  return n;
}

struct DPoint {
  DVec2 point;
  double separation;
};
struct DManifold {
  bool skip = false;  // within a tolerance of a rule's edge: either answer is right
  bool hit = false;
  DVec2 normal{0.0, 0.0};
  std::vector<DPoint> points;
};

// Box2D's linear slop, 0.005 m at 100 px a metre, as the rule's margin; a tenth of it is the
// reference face's preference for A.
constexpr double kSlop = 0.5;
static_assert(kManifoldLinearSlop == 0.5f && kManifoldFaceTolerance == 0.05f);

// Nearest point of segment a b to p, with its fraction along a b (unclamped in `raw`).
DVec2 foot(DVec2 p, DVec2 a, DVec2 b, double& f, double* raw = nullptr) {
  const DVec2 d = b - a;
  const double dd = ref::dot2(d, d);
  const double u = dd > 0.0 ? ref::dot2(p - a, d) / dd : 0.0;
  if (raw) *raw = u;
  f = std::clamp(u, 0.0, 1.0);
  return a + f * d;
}

// The incident edge w0 w1 clipped to the reference edge's span: both ends with their
// separations, the points midway between the surfaces along n (none when the spans miss).
std::vector<DPoint> clip(const DCore& rc, int i, const DCore& ic, int j, DManifold& out) {
  const DVec2 v0 = edge_start(rc, i), n = outward(rc, i);
  const DVec2 e = edge_end(rc, i) - v0;
  const double len = std::hypot(e.x, e.y);
  const DVec2 t = e / len;
  const DVec2 w0 = edge_start(ic, j), w1 = edge_end(ic, j);
  const double a0 = ref::dot2(w0 - v0, t), a1 = ref::dot2(w1 - v0, t);
  // The spans barely meet: one rounding keeps two points, another none.
  if (std::abs(std::min(std::max(a0, a1), len) - std::max(std::min(a0, a1), 0.0)) < 0.01) {
    out.skip = true;
  }
  double lo = 0.0, hi = 1.0;  // fractions along w0 w1 within [0, len]
  if (a1 != a0) {
    const double u0 = (0.0 - a0) / (a1 - a0), u1 = (len - a0) / (a1 - a0);
    lo = std::max(lo, std::min(u0, u1));
    hi = std::min(hi, std::max(u0, u1));
  } else if (a0 < 0.0 || a0 > len) {
    return {};
  }
  if (lo > hi) return {};
  std::vector<DPoint> pts;
  for (const double u : {lo, hi}) {
    const DVec2 p = w0 + u * (w1 - w0);
    const double gap = ref::dot2(p - v0, n);
    pts.push_back(DPoint{p + 0.5 * (rc.r - ic.r - gap) * n, gap - rc.r - ic.r});
  }
  return pts;
}

// The clipped points within `spec`.
std::vector<DPoint> kept(const std::vector<DPoint>& pts, double spec, DManifold& out) {
  std::vector<DPoint> k;
  for (const DPoint& p : pts) {
    if (std::abs(p.separation - spec) < 0.01) out.skip = true;
    if (p.separation <= spec) k.push_back(p);
  }
  return k;
}

// The nearest points of segments p0 p1 and q0 q1 (apart): the least of the four end-to-segment
// distances; whether both are ends, and whether a foot lies within a hair of an end.
struct SegmentGap {
  double distance = INFINITY;
  bool ends = false;
  bool near_end = false;
};
SegmentGap segment_gap(DVec2 p0, DVec2 p1, DVec2 q0, DVec2 q1) {
  SegmentGap g;
  const auto at = [&](DVec2 x, DVec2 s0, DVec2 s1) {
    double f, raw;
    const DVec2 y = foot(x, s0, s1, f, &raw);
    const double d = std::hypot(y.x - x.x, y.y - x.y);
    const double len = std::hypot(s1.x - s0.x, s1.y - s0.y);
    if (d < g.distance) {
      g.distance = d;
      g.ends = f == 0.0 || f == 1.0;
      g.near_end = std::abs(raw * len) < 0.01 || std::abs((raw - 1.0) * len) < 0.01;
    }
  };
  at(p0, q0, q1);
  at(p1, q0, q1);
  at(q0, p0, p1);
  at(q1, p0, p1);
  return g;
}

// The reference face (A's unless B's separates by more than the tolerance) and the incident
// edge most against its normal.
struct Faces {
  bool flip;
  int i, j;
};
Faces pick_faces(const DCore& a, const DCore& b, double sa, double sb, int fa, int fb,
                 DManifold& m) {
  if (std::abs(sb - sa - kManifoldFaceTolerance) < 0.005) m.skip = true;
  const bool flip = sb > sa + kManifoldFaceTolerance;
  const DCore& rc = flip ? b : a;
  const DCore& ic = flip ? a : b;
  const int i = flip ? fb : fa;
  int j = 0;
  double least = INFINITY, second = INFINITY;
  for (int k = 0; k < edges(ic); ++k) {
    const double d = ref::dot2(outward(ic, k), outward(rc, i));
    if (d < least) {
      second = least;
      least = d;
      j = k;
    } else {
      second = std::min(second, d);
    }
  }
  // Two polygon edges equally against the normal: a corner, either edge.
  if (edges(ic) > 2 && second - least < 1e-4) m.skip = true;
  return Faces{flip, i, j};
}

// Box2D v3's rule for two clipped points of rounded cores apart (both kept, `pts`), the
// cores `closest` apart (core to core).
bool two_by_box2d(const DCore& rc, int i, const DCore& ic, int j, const std::vector<DPoint>& pts,
                  double closest, DManifold& m) {
  const double total = rc.r + ic.r;
  const double least = std::min(pts[0].separation, pts[1].separation);
  if (rc.v.size() == 2 && ic.v.size() == 2) {
    // b2CollideCapsules: each core reaches over the other's span (the clip saw to the
    // incident's), and the nearer clipped end within the slop of the cores' distance.
    const DVec2 w0 = ic.v[0], w1 = ic.v[1];
    const double len = std::hypot(w1.x - w0.x, w1.y - w0.y);
    const DVec2 u = (w1 - w0) / len;
    const double p = ref::dot2(rc.v[0] - w0, u), q = ref::dot2(rc.v[1] - w0, u);
    if (std::abs(std::min(std::max(p, q), len) - std::max(std::min(p, q), 0.0)) < 0.01) {
      m.skip = true;
    }
    if (std::max(p, q) <= 0.0 || std::min(p, q) >= len) return false;
    if (std::abs(least - (closest - total + kSlop)) < 0.01) m.skip = true;
    return least <= closest - total + kSlop;
  }
  // b2CollidePolygons: the clipped points, unless the two edges are nearest at an end of each
  // and those ends are nearer than the clipped points by a tenth of the slop.
  const SegmentGap g =
      segment_gap(edge_start(rc, i), edge_end(rc, i), edge_start(ic, j), edge_end(ic, j));
  const double vv = g.distance - total + 0.1 * kSlop;
  if (std::abs(vv - least) < 0.01 || (g.near_end && vv < least + 0.01)) m.skip = true;
  return !(g.ends && vv < least);
}

DManifold reference(const DCore& a, const DCore& b, double spec) {
  DManifold m;
  const double total = a.r + b.r;
  // Each shape's face of greatest separation.
  const auto best_face = [](const DCore& p, const DCore& q, int& face) {
    double best = -INFINITY;
    for (int i = 0; i < edges(p); ++i) {
      double least = INFINITY;
      for (const DVec2& w : q.v)
        least = std::min(least, ref::dot2(w - edge_start(p, i), outward(p, i)));
      if (least > best) {
        best = least;
        face = i;
      }
    }
    return best;
  };
  int fa = -1, fb = -1;
  const double sa = edges(a) ? best_face(a, b, fa) : INFINITY;
  const double sb = edges(b) ? best_face(b, a, fb) : INFINITY;
  if (edges(a) && edges(b) && std::max(sa, sb) <= 0.0) {
    // Overlapping cores: the reference face, the incident edge, clipped.
    if (std::max(sa, sb) > -0.005) m.skip = true;
    const Faces f = pick_faces(a, b, sa, sb, fa, fb, m);
    const DCore& rc = f.flip ? b : a;
    m.points = kept(clip(rc, f.i, f.flip ? a : b, f.j, m), spec, m);
    m.normal = f.flip ? -outward(rc, f.i) : outward(rc, f.i);
    m.hit = !m.points.empty();
    return m;
  }
  // Apart (or a circle): the closest points, from each core's vertices to the other's edges.
  double best = INFINITY;
  DVec2 pa(0.0), pb(0.0);
  const auto consider = [&](const DCore& p, const DCore& q, bool p_is_a) {
    for (std::size_t k = 0; k < p.v.size(); ++k) {
      const int nq = std::max(1, edges(q) == 2 ? 1 : edges(q));
      for (int j = 0; j < nq; ++j) {
        double f = 0.0;
        const DVec2 on_q =
            q.v.size() == 1 ? q.v[0] : foot(p.v[k], edge_start(q, j), edge_end(q, j), f);
        const double d = std::hypot(on_q.x - p.v[k].x, on_q.y - p.v[k].y);
        if (d < best - 1e-9) {
          best = d;
          pa = p_is_a ? p.v[k] : on_q;
          pb = p_is_a ? on_q : p.v[k];
        }
      }
    }
  };
  consider(a, b, true);
  consider(b, a, false);
  if (std::abs(best - total - spec) < 0.01 || best < 1e-3) m.skip = true;
  if (best > total + spec) return m;
  const DVec2 n = (pb - pa) / best;
  m.hit = true;
  m.normal = n;
  // The reference face clipped: two points when both are kept and Box2D's rule keeps them.
  if (edges(a) && edges(b)) {
    if (std::max(sa, sb) < 0.005) m.skip = true;
    const Faces f = pick_faces(a, b, sa, sb, fa, fb, m);
    const DCore& rc = f.flip ? b : a;
    const DCore& ic = f.flip ? a : b;
    const std::vector<DPoint> two = kept(clip(rc, f.i, ic, f.j, m), spec, m);
    if (two.size() == 2 && two_by_box2d(rc, f.i, ic, f.j, two, best, m)) {
      m.points = two;
      m.normal = f.flip ? -outward(rc, f.i) : outward(rc, f.i);
      return m;
    }
  }
  m.points = {DPoint{0.5 * ((pa + a.r * n) + (pb - b.r * n)), best - total}};
  return m;
}

// ---- comparing ----

double core_distance(const DCore& c, DVec2 p) {
  if (c.v.size() == 1) return std::hypot(p.x - c.v[0].x, p.y - c.v[0].y);
  double d = INFINITY;
  for (int i = 0; i < edges(c); ++i) {
    d = std::min(d, ref::point_segment_distance(p, edge_start(c, i), edge_end(c, i)));
  }
  return d;
}

// The core's answer against the reference's, and the contract on every point, points apart by
// up to `spec` kept. Returns false when the reference says the case sits on a rule's edge (not
// compared).
bool agrees(const Shape& sa, const Shape& sb, const std::string& what, double spec = 0.0) {
  const DCore a = core_of(sa), b = core_of(sb);
  const DManifold want = reference(a, b, spec);
  const Manifold m = manifold(Posed(sa), Posed(sb), nullptr, static_cast<float>(spec));
  if (want.skip) return false;
  EXPECT_EQ(m.hit, want.hit) << what;
  if (!m.hit || !want.hit) return true;
  EXPECT_EQ(m.count, static_cast<int>(want.points.size())) << what;
  EXPECT_NEAR(m.normal.x, want.normal.x, 1e-3) << what;
  EXPECT_NEAR(m.normal.y, want.normal.y, 1e-3) << what;
  if (m.count != static_cast<int>(want.points.size())) return true;
  // Matched along the face: both lists sorted by the tangent.
  const DVec2 t(-want.normal.y, want.normal.x);
  std::vector<DPoint> got;
  for (int k = 0; k < m.count; ++k)
    got.push_back(DPoint{DVec2(m.points[k].point), m.points[k].separation});
  std::vector<DPoint> exp = want.points;
  const auto along = [&](const DPoint& x, const DPoint& y) {
    return ref::dot2(x.point, t) < ref::dot2(y.point, t);
  };
  std::sort(got.begin(), got.end(), along);
  std::sort(exp.begin(), exp.end(), along);
  for (std::size_t k = 0; k < got.size(); ++k) {
    EXPECT_NEAR(got[k].separation, exp[k].separation, 0.02) << what << " point " << k;
    EXPECT_NEAR(got[k].point.x, exp[k].point.x, 0.05) << what << " point " << k;
    EXPECT_NEAR(got[k].point.y, exp[k].point.y, 0.05) << what << " point " << k;
  }
  // Each surface point less (A) or plus (B) its radius along the normal lies on its core.
  for (int k = 0; k < m.count; ++k) {
    const ContactPoint& c = m.points[k];
    const DVec2 n(m.normal), p(c.point);
    const DVec2 on_a = p - 0.5 * c.separation * n - a.r * n;
    const DVec2 on_b = p + 0.5 * c.separation * n + b.r * n;
    EXPECT_LT(core_distance(a, on_a), 0.05) << what << " point " << k << " off A's core";
    EXPECT_LT(core_distance(b, on_b), 0.05) << what << " point " << k << " off B's core";
  }
  if (m.count == 2) {
    EXPECT_NE(m.points[0].id, m.points[1].id) << what;
  }
  return true;
}

// ---- named cases ----

// The rect and capsule of issue 40: the core runs from inside the rect to 9.2 px beyond its
// left face. Both clipped ends stay, at the separations Box2D v3 gives.
TEST(CapsuleManifold, CoreCrossingAFaceKeepsBothClippedEnds) {
  Shape a = rect("A", {467.751, 317.875}, {49.367, 122.216});
  a.angle = 3.985;
  a.scale = 1.68;
  a.mirror_x = a.mirror_y = true;
  Shape b = capsule("B", {480.5355147459315, 372.41502512062345}, {-20.485, 24.019},
                    {5.839, 72.978}, 34.368);
  b.angle = 121.942;
  ManifoldTrace t;
  const Manifold m = manifold(Posed(a), Posed(b), &t);
  ASSERT_EQ(m.count, 2);
  EXPECT_EQ(t.method, ManifoldMethod::Faces);
  const float lo = std::min(m.points[0].separation, m.points[1].separation);
  const float hi = std::max(m.points[0].separation, m.points[1].separation);
  EXPECT_NEAR(lo, -80.77f, 0.01f);
  EXPECT_NEAR(hi, -25.18f, 0.01f);
  EXPECT_TRUE(agrees(a, b, "issue 40's rect and capsule"));
}

// A segment under a capsule's lower end, the cores 8 px apart, radius 10: a vertex against a
// face, so one point, 2 px deep, midway between the segment and the capsule's surface.
TEST(CapsuleManifold, VertexAgainstAFaceGivesOnePoint) {
  const Shape seg = named_shapes::segment("S", {0, 0}, {0, 0}, {100, 0});
  const double c = std::cos(std::numbers::pi / 6.0), s = std::sin(std::numbers::pi / 6.0);
  const Shape cap = capsule("K", {0, 0}, {50, -8}, {50 + 40 * c, -8 - 40 * s}, 10);
  ManifoldTrace t;
  const Manifold m = manifold(Posed(seg), Posed(cap), &t);
  ASSERT_EQ(m.count, 1);
  EXPECT_EQ(t.method, ManifoldMethod::ClosestFeatures);
  EXPECT_NEAR(m.points[0].separation, -2.0f, 1e-3f);
  EXPECT_NEAR(m.points[0].point.x, 50.0f, 1e-3f);
  EXPECT_NEAR(m.points[0].point.y, 1.0f, 1e-3f);
  EXPECT_NEAR(m.normal.y, -1.0f, 1e-5f);
  EXPECT_EQ(m.points[0].id, contact_id(0, FeatureType::Face, 0, FeatureType::Vertex));
  EXPECT_TRUE(agrees(seg, cap, "segment and tilted capsule"));
}

// The same capsule lying along the segment (cores 8 px apart, parallel): two points, clipped
// to the segment's ends where the capsule runs past them.
TEST(CapsuleManifold, ParallelCoresApartGiveTwoClippedPoints) {
  const Shape seg = named_shapes::segment("S", {0, 0}, {0, 0}, {100, 0});
  const Shape cap = capsule("K", {0, 0}, {60, -8}, {140, -8}, 10);
  ManifoldTrace t;
  const Manifold m = manifold(Posed(seg), Posed(cap), &t);
  ASSERT_EQ(m.count, 2);
  EXPECT_EQ(t.method, ManifoldMethod::ClippedFaces);
  const float lo = std::min(m.points[0].point.x, m.points[1].point.x);
  const float hi = std::max(m.points[0].point.x, m.points[1].point.x);
  EXPECT_NEAR(lo, 60.0f, 1e-3f);
  EXPECT_NEAR(hi, 100.0f, 1e-3f);
  for (int k = 0; k < 2; ++k) EXPECT_NEAR(m.points[k].separation, -2.0f, 1e-3f);
  EXPECT_TRUE(agrees(seg, cap, "segment and capsule lying along it"));
}

// A capsule over a segment, its core rising 2 degrees from its lower end 8 px above: not
// parallel, but that end is the cores' closest point and the upper end is still within the
// radius, so Box2D keeps both. Rising 10 degrees, the upper end lies beyond the radius: the
// lower end alone.
TEST(CapsuleManifold, TiltedCoresKeepTwoPointsWhileBothEndsPress) {
  const Shape seg = named_shapes::segment("S", {0, 0}, {0, 0}, {100, 0});
  const auto rising = [](double deg) {
    const double t = deg * std::numbers::pi / 180.0;
    return capsule("K", {0, 0}, {20, -8}, {20 + 60 * std::cos(t), -8 - 60 * std::sin(t)}, 12);
  };
  ManifoldTrace t;
  const Manifold two = manifold(Posed(seg), Posed(rising(2.0)), &t);
  ASSERT_EQ(two.count, 2);
  EXPECT_EQ(t.method, ManifoldMethod::ClippedFaces);
  EXPECT_TRUE(agrees(seg, rising(2.0), "capsule rising 2 degrees over a segment"));
  const Manifold one = manifold(Posed(seg), Posed(rising(10.0)), &t);
  ASSERT_EQ(one.count, 1);
  EXPECT_EQ(t.method, ManifoldMethod::ClosestFeatures);
  EXPECT_NEAR(one.points[0].separation, -4.0f, 1e-3f);
  EXPECT_TRUE(agrees(seg, rising(10.0), "capsule rising 10 degrees over a segment"));
}

// The issue's pair: two capsules 6 degrees from parallel, B scaled and mirrored. A's core lies
// over B's, its ends 12.2 and 15.5 px from it, the radii 30.8 px together. Box2D v3 keeps the
// farther end too, a second point at (636.79, 373.99), 15.35 px deep; the old rule (parallel
// within 0.6 degrees) gave one.
TEST(CapsuleManifold, NearlyParallelCapsulesKeepBox2dsSecondPoint) {
  Shape a = capsule("A", {669.75, 334.627}, {27.857, 1.261}, {31.026, 32.203}, 18.578);
  a.angle = 94.241;
  Shape b = capsule("B", {606.155, 396.238}, {24.116, -5.629}, {82.985, -96.206}, 15.699);
  b.angle = 115.398;
  b.scale = 0.781;
  b.mirror_x = true;
  ManifoldTrace t;
  const Manifold m = manifold(Posed(a), Posed(b), &t);
  ASSERT_EQ(m.count, 2);
  EXPECT_EQ(t.method, ManifoldMethod::ClippedFaces);
  // Box2D's second point: one of the two, as deep.
  const auto off = [&](int k) {
    return std::hypot(m.points[k].point.x - 636.79, m.points[k].point.y - 373.99);
  };
  const int second = off(0) < off(1) ? 0 : 1;
  EXPECT_LT(off(second), 0.05);
  EXPECT_GT(off(1 - second), 1.0);
  EXPECT_NEAR(m.points[second].separation, -15.35f, 0.01f);
  EXPECT_TRUE(agrees(a, b, "the issue's nearly parallel capsules"));
}

// Two points' ids name the reference face and each incident end; they stay while the capsule
// slides along the face, and differ from each other.
TEST(CapsuleManifold, TwoPointIdsStayWhileTheCapsuleSlides) {
  const Shape box = rect("R", {0, 0}, {200, 40});
  Shape cap = capsule("K", {0, -30}, {-40, 0}, {40, 0}, 14);
  cap.angle = 3.0;
  const Manifold first = manifold(Posed(box), Posed(cap));
  ASSERT_EQ(first.count, 2);
  EXPECT_NE(first.points[0].id, first.points[1].id);
  for (double x = -40.0; x <= 40.0; x += 8.0) {
    cap.pos = DVec2(x, -30.0);
    const Manifold m = manifold(Posed(box), Posed(cap));
    ASSERT_EQ(m.count, 2) << x;
    for (int k = 0; k < 2; ++k) EXPECT_EQ(m.points[k].id, first.points[k].id) << x;
    EXPECT_TRUE(agrees(box, cap, "capsule sliding on a box at x " + std::to_string(x)));
  }
}

// ---- random pairs of every kind with a capsule, mirrored and scaled ----

// Counts over a run of pairs.
struct Tally {
  int compared = 0, hits = 0, two = 0, two_apart = 0, skipped = 0;
};

// One pair against the reference, at `spec`; false once a failure was reported.
bool tally(const Shape& a, const Shape& b, const std::string& what, double spec, Tally& n) {
  if (!agrees(a, b, what, spec)) {
    ++n.skipped;
    return true;
  }
  ++n.compared;
  ManifoldTrace t;
  const Manifold m = manifold(Posed(a), Posed(b), &t, static_cast<float>(spec));
  n.hits += m.hit;
  n.two += m.count == 2;
  n.two_apart += t.method == ManifoldMethod::ClippedFaces;
  return !::testing::Test::HasFailure();
}

void print(const char* run, const Tally& n) {
  std::printf(
      "[ capsule manifold ] %s: %d compared (%d hits, %d with two points, %d of them with the "
      "cores apart), %d on a rule's edge\n",
      run, n.compared, n.hits, n.two, n.two_apart, n.skipped);
}

TEST(CapsuleManifold, RandomPairsAgreeWithTheReference) {
  test_support::Random rnd(40u);
  Tally n;
  for (int k = 0; k < 8000; ++k) {
    const DVec2 at(rnd.uni(300.0, 500.0), rnd.uni(300.0, 500.0));
    Shape a = rnd.capsule_shape(at);
    Shape b = k % 4 == 3 ? rnd.capsule_shape(at) : rnd.shape(at);
    if (k % 8 == 5) {  // a segment, posed, scaled and mirrored like the rest
      b = named_shapes::segment("S", at, {rnd.uni(-60.0, 60.0), rnd.uni(-40.0, 40.0)},
                                {rnd.uni(-60.0, 60.0), rnd.uni(-40.0, 40.0)});
      b.angle = rnd.uni(-180.0, 180.0);
      b.scale = rnd.uni(0.5, 2.0);
      b.mirror_x = rnd.integer(0, 1) == 1;
    }
    b.pos = at + DVec2(rnd.uni(-90.0, 90.0), rnd.uni(-90.0, 90.0));
    if (b.kind == Kind::Sprite) b = ref::twin(b);
    if (has_pieces(Posed(b).collider())) continue;
    if (k % 2 == 1) std::swap(a, b);
    const double spec = k % 3 == 0 ? 1.0 : 0.0;  // play mode's speculative distance
    const std::string what = "pair " + std::to_string(k) + " (spec " + std::to_string(spec) +
                             "): " + ref::describe(a) + " / " + ref::describe(b);
    if (!tally(a, b, what, spec, n)) return;
  }
  print("random pairs", n);
  EXPECT_GT(n.compared, 7000);
  EXPECT_GT(n.hits, 2000);
  EXPECT_GT(n.two, 200);
  EXPECT_GT(n.two_apart, 100);
  EXPECT_LT(n.skipped, 400);
}

// Where the rule decides: a capsule against a capsule, segment or box turned within 15
// degrees of it and placed beside it, the cores apart by up to the radii.
TEST(CapsuleManifold, NearlyParallelPairsAgreeWithTheReference) {
  test_support::Random rnd(41u);
  Tally n;
  for (int k = 0; k < 6000; ++k) {
    const DVec2 at(rnd.uni(300.0, 500.0), rnd.uni(300.0, 500.0));
    Shape a = rnd.capsule_shape(at);
    const DVec2 d = ref::capsule_ends(a).second - ref::capsule_ends(a).first;
    const double deg = std::atan2(d.y, d.x) * 180.0 / std::numbers::pi;
    Shape b;
    const double len = rnd.uni(10.0, 120.0), r = rnd.uni(2.0, 30.0);
    switch (k % 3) {
      case 0:
        b = capsule("B", at, {-len / 2, 0}, {len / 2, 0}, r);
        break;
      case 1:
        b = named_shapes::segment("S", at, {-len / 2, 0}, {len / 2, 0});
        break;
      default:
        b = rect("R", at, {len, rnd.uni(4.0, 60.0)});
        break;
    }
    b.angle = deg + rnd.uni(-15.0, 15.0) + (rnd.integer(0, 1) ? 180.0 : 0.0);
    b.scale = rnd.uni(0.5, 2.0);
    b.mirror_x = rnd.integer(0, 1) == 1;
    b.mirror_y = rnd.integer(0, 1) == 1;
    // Beside A's core, along its normal, by up to both shapes' reach; anywhere along it.
    const DVec2 u = d / std::hypot(d.x, d.y), side(-u.y, u.x);
    const double reach = ref::capsule_radius(a) + b.scale * (b.kind == Kind::Rect ? b.size.y / 2
                                                             : b.kind == Kind::Capsule ? r
                                                                                       : 0.0);
    b.pos = (ref::capsule_ends(a).first + ref::capsule_ends(a).second) * 0.5 +
            rnd.uni(-0.8, 0.8) * std::hypot(d.x, d.y) * u +
            rnd.uni(-1.0, 1.0) * (reach + 10.0) * side;
    if (k % 2 == 1) std::swap(a, b);
    const double spec = k % 4 == 0 ? 1.0 : 0.0;
    const std::string what = "pair " + std::to_string(k) + " (spec " + std::to_string(spec) +
                             "): " + ref::describe(a) + " / " + ref::describe(b);
    if (!tally(a, b, what, spec, n)) return;
  }
  print("nearly parallel pairs", n);
  EXPECT_GT(n.compared, 5000);
  EXPECT_GT(n.two_apart, 1000);
  EXPECT_LT(n.skipped, 600);
}

}  // namespace
}  // namespace hitbox
