// Inputs the fuzzers (tests/fuzz) found, each fixed at its root and kept here as a named case.
// Under the asan preset these run with UndefinedBehaviorSanitizer, which is how they failed.
#include <gtest/gtest.h>

#include <cmath>

#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/mask.h"
#include "hitbox/scene.h"
#include "hitbox/shape.h"

namespace {

using hitbox::DVec2;
using hitbox::Kind;
using hitbox::Shape;

// fuzz_shapes, the empty input: a rect of size 0 x 0 at scale 0. Its edges have zero
// normals, so each pixel row's extent was unbounded (-inf..+inf) and turning it into cell
// columns was undefined. A row's extent is now clipped to the world bounds; the shape covers
// no cell centre, so its mask is empty.
TEST(FuzzFindings, ZeroSizeRectHasAnEmptyMask) {
  Shape s;
  s.kind = Kind::Rect;
  s.scale = 0.0;
  const hitbox::Posed p(s);
  hitbox::Mask m;
  hitbox::build_mask(p, 0.25f, m);
  EXPECT_TRUE(m.empty());
  s.size = DVec2(0.0, 40.0);  // a line: no area either
  s.scale = 1.0;
  s.pos = DVec2(10.3, 0.0);
  hitbox::build_mask(hitbox::Posed(s), 1.0f, m);
  EXPECT_TRUE(m.empty());
}

}  // namespace

namespace {

// fuzz_shapes, the same empty input once rows were bounded: contains() said every point was
// inside the 0 x 0 rect (each edge's zero normal gives 0 <= 0), so the mask builder's loop
// that widens a row while the next cell is inside never ended. A point outside a shape's
// world bounds is now outside.
TEST(FuzzFindings, ZeroSizeRectContainsNoPointBeyondItsBounds) {
  Shape s;
  s.kind = Kind::Rect;
  s.scale = 0.0;
  s.pos = DVec2(5.0, 5.0);
  const hitbox::Posed p(s);
  EXPECT_FALSE(hitbox::contains(p, hitbox::Vec2(6.0f, 5.0f)));
  EXPECT_FALSE(hitbox::contains(p, hitbox::Vec2(-1e6f, 0.0f)));
  EXPECT_TRUE(hitbox::contains(p, hitbox::Vec2(5.0f, 5.0f)));  // its one point, closed
}

}  // namespace

namespace {

// fuzz_shapes: a small rect at x = -1e29. Its mask is small in cells, but its cell
// coordinates do not fit an int, and turning them into ints was undefined. mask_cells now
// says +inf for such a shape (so `query` and the window refuse it by name), and the builder
// leaves the mask empty instead of overflowing.
TEST(FuzzFindings, ShapeBeyondIntCellCoordinatesIsRefusedNotOverflowed) {
  Shape s;
  s.kind = Kind::Rect;
  s.size = DVec2(10.0, 10.0);
  s.pos = DVec2(-1e29, 3.0);
  const hitbox::Posed p(s);
  EXPECT_TRUE(std::isinf(hitbox::mask_cells(p, 1.0f)));
  hitbox::Mask m;
  hitbox::build_mask(p, 1.0f, m);
  EXPECT_TRUE(m.empty());
  s.pos = DVec2(100.0, 3.0);  // the same rect where cells fit: 13 x 13 with the margin
  EXPECT_DOUBLE_EQ(hitbox::mask_cells(hitbox::Posed(s), 1.0f), 13.0 * 13.0);
}

}  // namespace

namespace {

// fuzz_shapes: two boxes whose numbers make an overlap NaN. No lane then equals the lane
// minimum, and the untraced box-box kernel read lane 4 of a 4-lane vector. The least lane is
// now always one of the four.
TEST(FuzzFindings, NanBoxOverlapPicksARealLane) {
  hitbox::detail::BoxBox4 r{};
  r.ov = hitbox::detail::splat4(std::nanf(""));
  const hitbox::detail::Lanes v = hitbox::detail::lanes_verdict(r);
  EXPECT_GE(v.least, 0);
  EXPECT_LE(v.least, 3);
  Shape a;
  a.kind = Kind::Rect;
  a.size = DVec2(10.0, 10.0);
  Shape b = a;
  b.pos = DVec2(std::nan(""), 0.0);
  const hitbox::Posed pa(a), pb(b);
  (void)hitbox::sat(pa, pb);  // under UBSan: no out-of-bounds lane
  (void)hitbox::mtd(pa, pb);
  const hitbox::detail::Lanes w = hitbox::detail::lanes_verdict(hitbox::detail::box_box4(pa, pb));
  EXPECT_LE(w.least, 3);
}

}  // namespace

namespace {

// fuzz_shapes: a concave polygon (four convex pieces) at a scale of 7e-304, so every piece
// collapses onto one spot, against a circle of radius 0 on the same spot. SAT found the
// pieces overlapping with no axis to test (a touch), but mtd, finding no candidate direction,
// said they were apart. mtd now takes the overlapping piece pair's own push: zero.
TEST(FuzzFindings, ConcavePolygonCollapsedToAPointTouchesByBothSatAndMtd) {
  Shape poly;
  poly.kind = Kind::Polygon;
  poly.pos = DVec2(1.11871185e-317, 0.0);
  poly.angle = 128.890625;
  poly.scale = 7.32672353e-304;
  poly.mirror_x = true;
  poly.points = {{40, 0},
                 {0, 20},
                 {2, -511.8125},
                 {511.984375, 1},
                 {511.984375, 511.984375},
                 {0, 508.03125},
                 {511.265625, 510.90625},
                 {122, 89}};
  Shape dot;
  dot.kind = Kind::Circle;
  dot.pos = DVec2(1.45166368e-319, 0.0);
  dot.scale = 0.0;
  const hitbox::Posed a(poly), b(dot);
  ASSERT_GT(a.collider().piece_count, 1);
  for (const bool swap : {false, true}) {
    const hitbox::Collider& x = swap ? b.collider() : a.collider();
    const hitbox::Collider& y = swap ? a.collider() : b.collider();
    const hitbox::SatResult s = hitbox::sat(x, y);
    const hitbox::MtdResult m = hitbox::mtd(x, y);
    EXPECT_TRUE(s.hit) << "swap " << swap;
    EXPECT_EQ(s.hit, m.hit) << "swap " << swap;
  }
}

}  // namespace

namespace {

// fuzz_shapes: a point exactly on a circle's centre. The circle-vertex axis had no direction,
// and a point has no edge axes, so SAT tested nothing and answered an infinite overlap. Any
// direction measures a point against a circle: the overlap is the radius, and the MTD pushes
// the point out by it.
TEST(FuzzFindings, PointOnACircleCentreOverlapsByTheRadius) {
  Shape c;
  c.kind = Kind::Circle;
  c.radius = 20.0;
  c.scale = 58.0;
  Shape p;
  p.kind = Kind::Point;
  p.scale = 511.984375;
  const hitbox::Posed a(c), b(p);
  for (const bool swap : {false, true}) {
    const hitbox::Collider& x = swap ? b.collider() : a.collider();
    const hitbox::Collider& y = swap ? a.collider() : b.collider();
    const hitbox::SatResult s = hitbox::sat(x, y);
    EXPECT_TRUE(s.hit);
    EXPECT_EQ(s.tested, 1);
    EXPECT_FLOAT_EQ(s.overlap, 1160.0f);
    const hitbox::MtdResult m = hitbox::mtd(x, y);
    EXPECT_TRUE(m.hit);
    EXPECT_FLOAT_EQ(m.depth, 1160.0f);
  }
}

// fuzz_window_args: `--scene /dev/full`. Reading a device that never ends filled the memory;
// load_scene now stops at 64 MiB and names the file.
TEST(FuzzFindings, EndlessSceneFileIsRefused) {
  try {
    (void)hitbox::load_scene("/dev/zero");
    FAIL() << "no error for /dev/zero";
  } catch (const hitbox::SceneError& e) {
    EXPECT_EQ(e.file(), "/dev/zero");
    EXPECT_NE(std::string(e.what()).find("larger than 64 MiB"), std::string::npos) << e.what();
  }
}

}  // namespace

namespace {

// fuzz_shapes: a triangle at scale 0 (every vertex on one spot, no edge axis) against a
// circle. The untraced lane path tested no axis and said "hit"; the traced scan measured the
// circle along x and said "miss". Polygons without an edge axis now take the scan untraced
// too, so both give the same verdict.
TEST(FuzzFindings, CollapsedTriangleAgainstACircleSameVerdictTracedOrNot) {
  Shape c;
  c.kind = Kind::Circle;
  c.radius = 20.0;
  c.pos = DVec2(300.0, 0.0);
  Shape t;
  t.kind = Kind::Polygon;
  t.scale = 0.0;
  t.points = {{10, 0}, {0, 10}, {0, 0}};
  const hitbox::Posed a(c), b(t);
  for (const bool swap : {false, true}) {
    const hitbox::Collider& x = swap ? b.collider() : a.collider();
    const hitbox::Collider& y = swap ? a.collider() : b.collider();
    hitbox::SatTrace tr;
    const hitbox::SatResult untraced = hitbox::sat(x, y);
    const hitbox::SatResult traced = hitbox::sat(x, y, &tr);
    EXPECT_EQ(untraced.hit, traced.hit) << "swap " << swap;
    EXPECT_FALSE(traced.hit) << "the circle is 280 px from the collapsed triangle";
    EXPECT_EQ(untraced.tested, traced.tested);
  }
}

// fuzz_shapes (corpus/shapes/abf5687b...): a concave polygon at scale -1.1e36 (refused by
// shape_problem, but posed all the same) against a capsule. GJK's trace samples each piece
// difference's outline, and an edge of no length had a NaN normal: the arc's step count
// became an int from NaN. Such a corner is now drawn as the point alone.
TEST(FuzzFindings, ConcaveUnionOutlineSkipsCornersWithoutANormal) {
  Shape a;
  a.kind = Kind::Polygon;
  a.pos = DVec2(-1.8595858330193987e-246, 57.0);
  a.angle = 1.8748801657521119e-278;
  a.scale = -1.1093665964531693e+36;
  a.points = {{-512.0, 0.0}, {-4.0, -33.0}, {-511.8125, 0.0}, {-4.0, 1.0}};
  Shape b;
  b.kind = Kind::Capsule;
  b.pos = DVec2(12.0, -169.3125);
  b.angle = 178.6875;
  b.scale = 178.6875;
  b.radius = 511.421875;
  b.points = {{492.0, 178.6875}, {511.984375, 511.984375}};
  const hitbox::Posed pa(a), pb(b);
  for (int k = 0; k < 2; ++k) {
    hitbox::GjkTrace trace;
    (void)hitbox::gjk(k == 0 ? pa : pb, k == 0 ? pb : pa, &trace);
    EXPECT_FALSE(trace.pieces.differences.empty()) << "the union was traced";
  }
}

}  // namespace
