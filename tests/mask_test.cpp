// Pixel masks against a plain per-cell reference loop (written separately: it visits every
// cell centre and asks hitbox::contains, with no spans and no words).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "hitbox/mask.h"

namespace hitbox {
namespace {

struct RefOverlap {
  int count = 0;
  int first_x = 0, first_y = 0;
  CellRect rect;
};

// Cell range that can hold a shape's cells: its world bounds, widened by two cells.
CellRect cell_range(const Body& b, float cell) {
  const int x0 = static_cast<int>(std::floor(b.bounds.min.x / cell)) - 2;
  const int y0 = static_cast<int>(std::floor(b.bounds.min.y / cell)) - 2;
  const int x1 = static_cast<int>(std::ceil(b.bounds.max.x / cell)) + 2;
  const int y1 = static_cast<int>(std::ceil(b.bounds.max.y / cell)) + 2;
  return CellRect{x0, y0, x1 - x0, y1 - y0};
}

RefOverlap reference_overlap(const Body& a, const Body& b, float cell) {
  const CellRect ra = cell_range(a, cell);
  RefOverlap r;
  int min_x = 1 << 30, max_x = -(1 << 30), min_y = 1 << 30, max_y = -(1 << 30);
  for (int j = ra.y0; j < ra.y0 + ra.h; ++j) {
    for (int i = ra.x0; i < ra.x0 + ra.w; ++i) {
      const Vec2 c = cell_centre(i, j, cell);
      if (!contains(a, c) || !contains(b, c)) continue;
      if (r.count == 0) {
        r.first_x = i;
        r.first_y = j;
      }
      ++r.count;
      min_x = std::min(min_x, i);
      max_x = std::max(max_x, i);
      min_y = std::min(min_y, j);
      max_y = std::max(max_y, j);
    }
  }
  if (r.count) r.rect = CellRect{min_x, min_y, max_x - min_x + 1, max_y - min_y + 1};
  return r;
}

Shape random_shape(std::mt19937& rng, Kind kind) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Shape s;
  s.id = "S";
  s.kind = kind;
  s.pos = DVec2(120 * u(rng) - 60, 120 * u(rng) - 60);  // both signs: cells left of 0
  s.angle = 360 * u(rng) - 180;
  s.scale = 0.5 + 1.5 * u(rng);
  s.mirror_x = u(rng) < 0.5;
  s.mirror_y = u(rng) < 0.5;
  switch (kind) {
    case Kind::Rect:
      s.size = DVec2(5 + 80 * u(rng), 5 + 80 * u(rng));
      break;
    case Kind::Circle:
      s.radius = 2 + 45 * u(rng);
      break;
    case Kind::Polygon: {
      std::vector<DVec2> pts;
      const int n = 3 + static_cast<int>(u(rng) * 9);
      for (int i = 0; i < n; ++i) pts.emplace_back(90 * u(rng) - 45, 90 * u(rng) - 45);
      s.points = convex_hull(pts);
      if (s.points.size() < 3) s.points = {{-20, -10}, {25, 0}, {-5, 30}};
      break;
    }
  }
  return s;
}

TEST(Mask, EveryCellFollowsTheSamplingRule) {
  std::mt19937 rng(1234);
  const Kind kinds[] = {Kind::Rect, Kind::Circle, Kind::Polygon};
  Mask m;
  for (int n = 0; n < 600; ++n) {
    const float accuracy = n % 3 == 0 ? 1.0f : n % 3 == 1 ? 0.5f : 0.25f;
    const Posed p(random_shape(rng, kinds[n % 3]));
    build_mask(p, accuracy, m);
    const CellRect r = cell_range(p, 1.0f / accuracy);
    int expected = 0;
    for (int j = r.y0; j < r.y0 + r.h; ++j) {
      for (int i = r.x0; i < r.x0 + r.w; ++i) {
        const bool in = contains(p, cell_centre(i, j, 1.0f / accuracy));
        expected += in;
        ASSERT_EQ(m.get(i, j), in) << "case " << n << " cell " << i << "," << j;
      }
    }
    ASSERT_EQ(m.count(), expected) << "case " << n;
  }
}

TEST(Mask, OverlapCountEqualsPerCellLoopForEveryKindPair) {
  std::mt19937 rng(99);
  const Kind kinds[] = {Kind::Rect, Kind::Circle, Kind::Polygon};
  Mask ma, mb;
  int hits = 0, cases = 0;
  for (int n = 0; n < 3000; ++n) {
    const float accuracy = n % 3 == 0 ? 1.0f : n % 3 == 1 ? 0.5f : 0.25f;
    const Posed a(random_shape(rng, kinds[n % 3]));
    const Posed b(random_shape(rng, kinds[(n / 3) % 3]));
    build_mask(a, accuracy, ma);
    build_mask(b, accuracy, mb);
    const RefOverlap ref = reference_overlap(a, b, 1.0f / accuracy);
    const PixelResult counted = pixel_overlap(ma, mb, true);
    const PixelResult tested = pixel_overlap(ma, mb, false);
    ASSERT_EQ(counted.count, ref.count) << "case " << n;
    ASSERT_EQ(counted.hit, ref.count > 0) << "case " << n;
    ASSERT_EQ(tested.hit, ref.count > 0) << "case " << n;
    // Symmetric in A and B.
    ASSERT_EQ(pixel_overlap(mb, ma, true).count, ref.count) << "case " << n;
    if (ref.count) {
      ++hits;
      EXPECT_EQ(counted.first_x, ref.first_x) << "case " << n;
      EXPECT_EQ(counted.first_y, ref.first_y) << "case " << n;
      EXPECT_EQ(tested.first_x, ref.first_x) << "case " << n;
      EXPECT_EQ(tested.first_y, ref.first_y) << "case " << n;
      EXPECT_EQ(counted.overlap.x0, ref.rect.x0);
      EXPECT_EQ(counted.overlap.y0, ref.rect.y0);
      EXPECT_EQ(counted.overlap.w, ref.rect.w);
      EXPECT_EQ(counted.overlap.h, ref.rect.h);
    }
    ++cases;
  }
  // The placement makes both outcomes common, so both paths are exercised.
  EXPECT_GT(hits, cases / 5);
  EXPECT_LT(hits, cases * 4 / 5);
}

TEST(Mask, RowsWiderThanOneWordAndNegativeCoordinates) {
  Shape wide;
  wide.kind = Kind::Rect;
  wide.pos = {-100.3, -37.1};
  wide.size = {300, 20};
  wide.angle = 3;
  Shape other;
  other.kind = Kind::Circle;
  other.pos = {-30, 0};
  other.radius = 70;
  const Posed a(wide), b(other);
  Mask ma, mb;
  build_mask(a, 1.0f, ma);
  build_mask(b, 1.0f, mb);
  EXPECT_GT(ma.w, 256);
  const RefOverlap ref = reference_overlap(a, b, 1.0f);
  EXPECT_GT(ref.count, 0);
  EXPECT_EQ(pixel_overlap(ma, mb, true).count, ref.count);
  EXPECT_EQ(pixel_overlap(mb, ma, true).count, ref.count);
}

TEST(Mask, TinyShapeCoveringNoCellCentreIsEmpty) {
  Shape dot;
  dot.kind = Kind::Circle;
  dot.pos = {10.0, 10.0};  // cell centres are at .5: none within 0.3 of (10, 10)
  dot.radius = 0.3;
  Mask m;
  build_mask(Posed(dot), 1.0f, m);
  EXPECT_TRUE(m.empty());
  Mask other;
  build_mask(Posed(dot), 1.0f, other);
  EXPECT_FALSE(pixel_overlap(m, other, true).hit);
}

}  // namespace
}  // namespace hitbox
