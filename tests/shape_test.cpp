// Tests of shape.h (posing a Shape into a Collider: mirroring and corner order, outward normals
// and unique axes, bounds, contains): named cases worked out by hand, then seeded property
// tests against the independent references of support/reference.h (the world transform and
// world polygon written from the Shape, the exact point-to-shape signed distance).
#include "hitbox/shape.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "hitbox/collide.h"
#include "support/named_shapes.h"
#include "support/property_cases.h"
#include "support/reference.h"

namespace hitbox {
namespace {

using namespace named_shapes;
using namespace property;

// ---- Rotated rectangles and mirroring ----

struct MirrorCase {
  bool mx, my;
};

class MirroredRectangle : public ::testing::TestWithParam<MirrorCase> {};

// A mirrored rectangle covers the same pixels as the plain one; only its corner labels move.
// Its corners must still come out in positive-area order with outward normals (the corner
// swap of the classic write-up, done once in pose()).
TEST_P(MirroredRectangle, CornerOrderAndOutwardNormals) {
  const MirrorCase m = GetParam();
  const Posed plain(rect("A", {300, 200}, {120, 60}, 30.0));
  const Posed mirrored(rect("A", {300, 200}, {120, 60}, 30.0, m.mx, m.my));
  const Collider& b = mirrored;
  ASSERT_EQ(b.count, 4);
  EXPECT_NEAR(shoelace(b), 120.0 * 60.0, 0.05);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(glm::length(b.n[i]), 1.0f, 1e-6f);
    for (int j = 0; j < 4; ++j) EXPECT_LE(dot(b.n[i], b.v[j] - b.v[i]), 1e-3f);
    // Every mirrored corner is one of the plain rectangle's corners.
    float nearest = 1e9f;
    for (int j = 0; j < 4; ++j)
      nearest = std::min(nearest, glm::length(b.v[i] - plain.collider().v[j]));
    EXPECT_LT(nearest, 1e-3f);
  }
  // The local +x arrow flips with mirror_x: that is how the window shows a mirror.
  const float sx = m.mx ? -1.0f : 1.0f;
  EXPECT_NEAR(b.axis_x.x, sx * std::cos(30.0f * 3.14159265f / 180.0f), 1e-6f);
  EXPECT_NEAR(b.axis_x.y, sx * std::sin(30.0f * 3.14159265f / 180.0f), 1e-6f);
}

// Same verdicts as the unmirrored rectangle, hit and near miss along the rotated edge.
TEST_P(MirroredRectangle, RotatedRectanglesSameVerdictAsUnmirrored) {
  const MirrorCase m = GetParam();
  // A: 120x60 turned 30 degrees clockwise at (300,200). Its long edge's outward normal
  // (local -y) is (sin 30, -cos 30) = (0.5, -0.866); the edge lies 30 px out along it.
  const Vec2 nrm(0.5f, -0.8660254f);
  const Posed a(rect("A", {300, 200}, {120, 60}, 30.0, m.mx, m.my));
  // B: a 20x20 square turned with A, placed just outside / just inside that edge.
  const DVec2 outside = DVec2(300, 200) + DVec2(nrm) * 41.0;  // 30 + 10 + 1 px gap
  const DVec2 inside = DVec2(300, 200) + DVec2(nrm) * 39.0;   // 1 px overlap
  const Posed b_out(rect("B", outside, {20, 20}, 30.0, m.my, m.mx));
  const Posed b_in(rect("B", inside, {20, 20}, 30.0, m.my, m.mx));

  const SatResult miss = sat(a, b_out);
  EXPECT_FALSE(miss.hit);
  EXPECT_NEAR(miss.overlap, -1.0f, 1e-3f);
  EXPECT_NEAR(std::fabs(dot(miss.axis, nrm)), 1.0f, 1e-5f);

  const SatResult hit = sat(a, b_in);
  EXPECT_TRUE(hit.hit);
  const MtdResult push = mtd(a, b_in);
  ASSERT_TRUE(push.hit);
  EXPECT_NEAR(push.depth, 1.0f, 1e-3f);
  // A is pushed away from B: against the normal that points from A toward B.
  EXPECT_NEAR(dot(push.normal, nrm), -1.0f, 1e-5f);
}

INSTANTIATE_TEST_SUITE_P(AllFourMirrors, MirroredRectangle,
                         ::testing::Values(MirrorCase{false, false}, MirrorCase{true, false},
                                           MirrorCase{false, true}, MirrorCase{true, true}),
                         [](const auto& info) {
                           return std::string(info.param.mx ? "X" : "NoX") +
                                  (info.param.my ? "Y" : "NoY");
                         });

// A mirror of an asymmetric shape really moves it: a right triangle flipped in x covers
// the other side of its origin.
TEST(MirroredPolygon, RightTriangleFlipsSides) {
  Shape tri = polygon("T", {0, 0}, {{0, 0}, {100, 0}, {0, 100}});
  const Shape probe_right = circle("P", {30, 30}, 5);
  const Shape probe_left = circle("P", {-30, 30}, 5);
  EXPECT_TRUE(sat(Posed(tri), Posed(probe_right)).hit);
  EXPECT_FALSE(sat(Posed(tri), Posed(probe_left)).hit);
  tri.mirror_x = true;
  EXPECT_FALSE(sat(Posed(tri), Posed(probe_right)).hit);
  EXPECT_TRUE(sat(Posed(tri), Posed(probe_left)).hit);
  EXPECT_TRUE(contains(Posed(tri), Vec2(-30, 30)));
  EXPECT_FALSE(contains(Posed(tri), Vec2(30, 30)));
}

// ---- Bounds ----

TEST(BoundingCircle, RadiusIsTheFarthestVertexFromPos) {
  const Posed r(rect("R", {0, 0}, {60, 80}, 33.0));
  EXPECT_NEAR(r.collider().bound, 50.0f, 1e-4f);
  // A polygon whose pos is off-centre: the farthest vertex decides.
  const Posed p(polygon("P", {0, 0}, {{0, 0}, {30, 0}, {0, 40}}));
  EXPECT_NEAR(p.collider().bound, 40.0f, 1e-5f);
}

// ---- 5. contains ----

TEST(PropertyContains, MatchesPointInShapeAllKinds) {
  for (Kind k : kKinds) {
    const std::uint32_t seed = 5000 + static_cast<int>(k);
    Gen g(seed);
    Checker ck(std::string("PropertyContains ") + kind_name(k));
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
    tally.report(std::string("contains ") + kind_name(k));
  }
}

// ---- posed bodies under all four mirror combinations ----

TEST(PropertyPose, MirroredBodiesArePositiveWithOutwardUnitNormals) {
  for (Kind k : {Kind::Rect, Kind::Polygon, Kind::Circle}) {
    for (int combo = 0; combo < 4; ++combo) {
      const std::uint32_t seed = 6000 + 4 * static_cast<int>(k) + combo;
      Gen g(seed);
      Checker ck(std::string("PropertyPose ") + kind_name(k) + " mirror combo " +
                 std::to_string(combo));
      for (int i = 0; i < 250 && !ck.exhausted(); ++i) {
        Shape s = g.shape(k);
        s.mirror_x = (combo & 2) != 0;
        s.mirror_y = (combo & 1) != 0;
        s.pos = DVec2(g.uni(0.0, 1000.0), g.uni(0.0, 1000.0));
        ck.set_case(seed, i, &s, nullptr);
        const Posed posed(s);
        const Collider& body = posed.collider();
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

// ---- Posed storage: a Posed keeps its Collider's arrays (inline up to 8 vertices, on the heap
// beyond); copies, moves and a growing vector of them must each point at their own ----

std::vector<Shape> storage_shapes() {
  std::vector<Shape> out = {circle("c", {10, 20}, 7), point("p", {3, 4}),
                            segment("s", {50, 60}, {-20, 5}, {30, -8}),
                            rect("r", {100, 80}, {40, 22}, 33.0, true, false)};
  for (const int n : {3, 5, 8, 9, 12, 40}) {
    std::vector<DVec2> pts;
    for (int k = 0; k < n; ++k) {
      const double a = 2.0 * 3.14159265358979323846 * k / n;
      pts.emplace_back(30.0 * std::cos(a), 30.0 * std::sin(a));
    }
    out.push_back(polygon("g", {200.0 + n, 150.0 - n}, pts));
  }
  // Concave: an L of 6 vertices, posed with its convex pieces.
  out.push_back(polygon("L", {300, 300}, {{0, 0}, {60, 0}, {60, 20}, {20, 20}, {20, 70}, {0, 70}}));
  return out;
}

// Every array of two Colliders, value by value (and their pieces alike).
::testing::AssertionResult same_arrays(const Collider& x, const Collider& y) {
  if (x.count != y.count || x.padded != y.padded || x.axis_count != y.axis_count ||
      x.piece_count != y.piece_count) {
    return ::testing::AssertionFailure() << "counts differ";
  }
  for (int i = 0; i < x.count; ++i) {
    if (x.v[i] != y.v[i] || x.n[i] != y.n[i]) {
      return ::testing::AssertionFailure() << "vertex or normal " << i << " differs";
    }
  }
  for (int i = 0; i < x.axis_count; ++i) {
    if (x.axes[i] != y.axes[i] || x.self[i] != y.self[i] || x.axis_edge[i] != y.axis_edge[i]) {
      return ::testing::AssertionFailure() << "axis " << i << " differs";
    }
  }
  for (int i = 0; i < x.padded; ++i) {
    if (x.vx[i] != y.vx[i] || x.vy[i] != y.vy[i]) {
      return ::testing::AssertionFailure() << "x/y run entry " << i << " differs";
    }
  }
  for (int k = 0; k < x.piece_count; ++k) {
    if (auto r = same_arrays(x.pieces[k], y.pieces[k]); !r) return r << " (piece " << k << ")";
  }
  return ::testing::AssertionSuccess();
}

TEST(PosedStorage, CopiesMovesAndAGrowingVectorReadTheirOwnArrays) {
  const std::vector<Shape> shapes = storage_shapes();
  const Shape other = polygon("o", {-500, -400}, {{0, 0}, {9, 1}, {4, 7}});
  std::vector<Posed> grown;  // relocated (moved) many times while it grows
  for (int round = 0; round < 40; ++round) {
    for (const Shape& s : shapes) grown.emplace_back(s);
  }
  for (const Shape& s : shapes) {
    SCOPED_TRACE(s.id + " of " + std::to_string(s.points.size()) + " points");
    const Posed fresh(s);
    ASSERT_TRUE(fresh.collider().piece_count > 1 || s.id != "L") << "the L must have pieces";
    Posed source(s);
    const Posed copy = source;
    Posed assigned(other);
    assigned = source;
    Posed moved = std::move(source);
    Posed move_assigned(other);
    move_assigned = Posed(s);
    // Overwrite the source: anything still reading its storage now reads another shape.
    source = Posed(other);
    for (const Posed* p :
         std::initializer_list<const Posed*>{&copy, &assigned, &moved, &move_assigned}) {
      EXPECT_TRUE(same_arrays(p->collider(), fresh.collider()));
    }
    Posed reposed(other);
    reposed.repose(s);
    if (s.id != "L") {
      EXPECT_TRUE(same_arrays(reposed.collider(), fresh.collider()));
    }
  }
  for (std::size_t i = 0; i < grown.size(); ++i) {
    ASSERT_TRUE(same_arrays(grown[i].collider(), Posed(shapes[i % shapes.size()]).collider())) << i;
  }
}

}  // namespace
}  // namespace hitbox
