// Pixel masks against a plain per-cell reference loop (written separately: it visits every
// cell centre and asks hitbox::contains, with no spans and no words).
#include "hitbox/mask.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace hitbox {
namespace {

struct RefOverlap {
  int count = 0;
  int first_x = 0, first_y = 0;
  CellRect rect;
};

// Cell range that can hold a shape's cells: its world bounds, widened by two cells.
CellRect cell_range(const Collider& b, float cell) {
  const int x0 = static_cast<int>(std::floor(b.bounds.min.x / cell)) - 2;
  const int y0 = static_cast<int>(std::floor(b.bounds.min.y / cell)) - 2;
  const int x1 = static_cast<int>(std::ceil(b.bounds.max.x / cell)) + 2;
  const int y1 = static_cast<int>(std::ceil(b.bounds.max.y / cell)) + 2;
  return CellRect{x0, y0, x1 - x0, y1 - y0};
}

// Every cell of [x0, x1) x [y0, y1) in row order, one question each: count, first cell and
// bounding rectangle of the cells where `both(i, j)` holds.
template <class Both>
RefOverlap per_cell(int x0, int y0, int x1, int y1, Both both) {
  RefOverlap r;
  int min_x = 1 << 30, max_x = -(1 << 30), min_y = 1 << 30, max_y = -(1 << 30);
  for (int j = y0; j < y1; ++j) {
    for (int i = x0; i < x1; ++i) {
      if (!both(i, j)) continue;
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

// The rule itself: both shapes contain the cell's centre.
RefOverlap reference_overlap(const Collider& a, const Collider& b, float cell) {
  const CellRect ra = cell_range(a, cell);
  return per_cell(ra.x0, ra.y0, ra.x0 + ra.w, ra.y0 + ra.h, [&](int i, int j) {
    const Vec2 c = cell_centre(i, j, cell);
    return contains(a, c) && contains(b, c);
  });
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
    case Kind::Sprite:  // sprites have their own generator below (they need pixels)
    case Kind::Point:   // points and segments have no area: no cell of a mask is theirs
    case Kind::Segment:
    case Kind::Capsule:  // capsule_test.cpp holds capsules' masks to the sampling rule
      ADD_FAILURE() << "random_shape makes rects, circles and polygons only";
      break;
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

// The count on every instruction set this CPU has (AVX-512, at most AVX2, portable), forced
// one after another, against the per-cell loop: shapes from 5 to about 600 cells across, so
// rows of one to ten words (the wide counts take up to eight), at random overlapping offsets.
TEST(Mask, OverlapCountEqualsPerCellLoopOnEveryInstructionSet) {
  using detail::MaskIsa;
  std::mt19937 rng(4242);
  const Kind kinds[] = {Kind::Rect, Kind::Circle, Kind::Polygon};
  Mask ma, mb;
  int hits = 0;
  for (int n = 0; n < 600; ++n) {
    Shape sa = random_shape(rng, kinds[n % 3]);
    Shape sb = random_shape(rng, kinds[(n / 3) % 3]);
    sa.scale *= 1 + n % 7;  // up to 7 times as large: rows up to ten words
    sb.scale *= 1 + (n / 7) % 5;
    const Posed a(sa), b(sb);
    build_mask(a, 1.0f, ma);
    build_mask(b, 1.0f, mb);
    const RefOverlap ref = reference_overlap(a, b, 1.0f);
    hits += ref.count > 0;
    for (const MaskIsa isa : {MaskIsa::Best, MaskIsa::Avx2, MaskIsa::Portable}) {
      detail::set_mask_isa(isa);
      const PixelResult counted = pixel_overlap(ma, mb, true);
      const PixelResult swapped = pixel_overlap(mb, ma, true);
      detail::set_mask_isa(MaskIsa::Best);
      const int k = static_cast<int>(isa);
      ASSERT_EQ(counted.count, ref.count) << "case " << n << " isa " << k;
      ASSERT_EQ(swapped.count, ref.count) << "case " << n << " isa " << k;
      if (ref.count) {
        EXPECT_EQ(counted.first_x, ref.first_x) << "case " << n << " isa " << k;
        EXPECT_EQ(counted.first_y, ref.first_y) << "case " << n << " isa " << k;
        EXPECT_EQ(counted.overlap.x0, ref.rect.x0) << "case " << n << " isa " << k;
        EXPECT_EQ(counted.overlap.y0, ref.rect.y0) << "case " << n << " isa " << k;
        EXPECT_EQ(counted.overlap.w, ref.rect.w) << "case " << n << " isa " << k;
        EXPECT_EQ(counted.overlap.h, ref.rect.h) << "case " << n << " isa " << k;
      }
    }
  }
  EXPECT_GT(hits, 100);
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

// A synthetic sprite: a random blotchy alpha channel with holes, so every mirror and turn
// gives a different set of cells.
SpriteImage random_image(std::mt19937& rng, int w, int h) {
  SpriteImage img;
  img.w = w;
  img.h = h;
  img.alpha.resize(static_cast<size_t>(w * h));
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& a : img.alpha) a = static_cast<std::uint8_t>(byte(rng));
  return img;
}

// The sprite rule cell by cell: the texel under the centre, its alpha against the threshold.
bool sprite_cell(const Collider& frame, const SpriteImage& img, int thr, float scale, int i, int j,
                 float cell) {
  int ix = 0, iy = 0;
  if (!sprite_texel(frame, 1.0f / scale, img.w, img.h, cell_centre(i, j, cell), &ix, &iy)) {
    return false;
  }
  return img.alpha[static_cast<size_t>(iy * img.w + ix)] >= thr;
}

TEST(SpriteMask, EveryCellFollowsTheTexelRuleMirroredAndScaled) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Mask m;
  for (int n = 0; n < 400; ++n) {
    const SpriteImage img = random_image(rng, 5 + n % 23, 3 + n % 17);
    Shape frame;
    frame.kind = Kind::Rect;
    frame.size = DVec2(img.w, img.h);
    frame.pos = DVec2(100 * u(rng) - 50, 100 * u(rng) - 50);
    frame.angle = 360 * u(rng);
    frame.scale = 0.5 + 2.5 * u(rng);
    frame.mirror_x = n % 2;
    frame.mirror_y = (n / 2) % 2;
    const float accuracy = n % 3 == 0 ? 1.0f : n % 3 == 1 ? 0.5f : 0.25f;
    const float cell = 1.0f / accuracy;
    const int thr = 1 + n % 255;
    const Posed p(frame);
    build_sprite_mask(p, img, thr, static_cast<float>(frame.scale), accuracy, m);
    const CellRect r = cell_range(p, cell);
    int expected = 0;
    for (int j = r.y0; j < r.y0 + r.h; ++j) {
      for (int i = r.x0; i < r.x0 + r.w; ++i) {
        const bool in = sprite_cell(p, img, thr, static_cast<float>(frame.scale), i, j, cell);
        expected += in;
        ASSERT_EQ(m.get(i, j), in) << "case " << n << " cell " << i << "," << j;
      }
    }
    ASSERT_EQ(m.count(), expected) << "case " << n;
  }
}

// A mirrored sprite samples the mirrored texel: checked against the full double-precision
// inverse transform (hitbox::to_local) away from texel borders.
TEST(SpriteMask, MirrorSamplesTheMirroredTexel) {
  SpriteImage img;
  img.w = 4;
  img.h = 2;
  img.alpha = {255, 0, 0, 0,  //
               0,   0, 0, 0};
  Shape frame;
  frame.kind = Kind::Rect;
  frame.size = {4, 2};
  frame.pos = {100, 100};
  frame.scale = 10;  // texel (0,0) covers world [80,90) x [90,100)
  Mask m;
  build_sprite_mask(Posed(frame), img, 128, 10.0f, 1.0f, m);
  EXPECT_EQ(m.count(), 100);
  EXPECT_TRUE(m.get(85, 95));
  frame.mirror_x = true;  // now the opaque texel is on the right: [110,120) x [90,100)
  build_sprite_mask(Posed(frame), img, 128, 10.0f, 1.0f, m);
  EXPECT_EQ(m.count(), 100);
  EXPECT_FALSE(m.get(85, 95));
  EXPECT_TRUE(m.get(115, 95));
  const DVec2 local = to_local(frame, DVec2(115.5, 95.5));
  EXPECT_GE(local.x, -2.0);  // local x in the leftmost texel column [-2, -1)
  EXPECT_LT(local.x, -1.0);
}

TEST(SpriteMask, OverlapWithEveryKindEqualsPerCellLoop) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const Kind kinds[] = {Kind::Rect, Kind::Circle, Kind::Polygon};
  Mask ms, mo, ms2;
  for (int n = 0; n < 1500; ++n) {
    const SpriteImage img = random_image(rng, 8 + n % 40, 8 + n % 31);
    Shape frame;
    frame.kind = Kind::Rect;
    frame.size = DVec2(img.w, img.h);
    frame.pos = DVec2(60 * u(rng) - 30, 60 * u(rng) - 30);
    frame.angle = 360 * u(rng);
    frame.scale = 0.5 + 1.5 * u(rng);
    frame.mirror_x = u(rng) < 0.5;
    frame.mirror_y = u(rng) < 0.5;
    const float accuracy = n % 3 == 0 ? 1.0f : n % 3 == 1 ? 0.5f : 0.25f;
    const float cell = 1.0f / accuracy;
    const float scale = static_cast<float>(frame.scale);
    const Posed sprite(frame);
    const Posed other(random_shape(rng, kinds[n % 3]));
    build_sprite_mask(sprite, img, 128, scale, accuracy, ms);
    build_mask(other, accuracy, mo);
    int expected = 0;
    const CellRect r = cell_range(sprite, cell);
    for (int j = r.y0; j < r.y0 + r.h; ++j) {
      for (int i = r.x0; i < r.x0 + r.w; ++i) {
        expected += sprite_cell(sprite, img, 128, scale, i, j, cell) &&
                    contains(other, cell_centre(i, j, cell));
      }
    }
    ASSERT_EQ(pixel_overlap(ms, mo, true).count, expected) << "case " << n;
    ASSERT_EQ(pixel_overlap(mo, ms, true).count, expected) << "case " << n;
    ASSERT_EQ(pixel_overlap(ms, mo, false).hit, expected > 0) << "case " << n;
    // Sprite against sprite (the same image at another pose).
    Shape frame2 = frame;
    frame2.pos += DVec2(20 * u(rng) - 10, 20 * u(rng) - 10);
    frame2.angle = 360 * u(rng);
    frame2.mirror_x = !frame.mirror_x;
    const Posed sprite2(frame2);
    build_sprite_mask(sprite2, img, 128, scale, accuracy, ms2);
    int expected2 = 0;
    for (int j = r.y0; j < r.y0 + r.h; ++j) {
      for (int i = r.x0; i < r.x0 + r.w; ++i) {
        expected2 += sprite_cell(sprite, img, 128, scale, i, j, cell) &&
                     sprite_cell(sprite2, img, 128, scale, i, j, cell);
      }
    }
    ASSERT_EQ(pixel_overlap(ms, ms2, true).count, expected2) << "case " << n;
  }
}

// The overlap of two masks cell by cell through Mask::get (the masks' own bits): count,
// first cell in row order and bounding rectangle.
RefOverlap per_cell_overlap(const Mask& a, const Mask& b) {
  return per_cell(std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x0 + a.w, b.x0 + b.w),
                  std::min(a.y0 + a.h, b.y0 + b.h),
                  [&](int i, int j) { return a.get(i, j) && b.get(i, j); });
}

void expect_overlap(const Mask& a, const Mask& b, const char* what, int n) {
  const RefOverlap ref = per_cell_overlap(a, b);
  const PixelResult counted = pixel_overlap(a, b, true);
  const PixelResult tested = pixel_overlap(a, b, false);
  ASSERT_EQ(counted.count, ref.count) << what << " case " << n;
  ASSERT_EQ(counted.hit, ref.count > 0) << what << " case " << n;
  ASSERT_EQ(tested.hit, ref.count > 0) << what << " case " << n;
  if (ref.count == 0) return;
  EXPECT_EQ(counted.first_x, ref.first_x) << what << " case " << n;
  EXPECT_EQ(counted.first_y, ref.first_y) << what << " case " << n;
  EXPECT_EQ(tested.first_x, ref.first_x) << what << " case " << n;
  EXPECT_EQ(tested.first_y, ref.first_y) << what << " case " << n;
  EXPECT_EQ(counted.overlap.x0, ref.rect.x0) << what << " case " << n;
  EXPECT_EQ(counted.overlap.y0, ref.rect.y0) << what << " case " << n;
  EXPECT_EQ(counted.overlap.w, ref.rect.w) << what << " case " << n;
  EXPECT_EQ(counted.overlap.h, ref.rect.h) << what << " case " << n;
}

// Big sprites (masks up to ~13 words a row) at random turns and scales: every cell follows
// the texel rule, the mask's bounds are its set cells, and overlaps at placements all over
// (edges and corners included) equal the per-cell loop, with and without the row spans.
TEST(SpriteMask, LargeTurnedSpritesFollowTheRuleAndOverlapExactly) {
  std::mt19937 rng(2718);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const SpriteImage img = random_image(rng, 160, 120);
  Mask ma, mb;
  for (int n = 0; n < 10; ++n) {
    Shape frame;
    frame.kind = Kind::Rect;
    frame.size = DVec2(img.w, img.h);
    frame.pos = DVec2(200 * u(rng) - 100, 200 * u(rng) - 100);
    frame.angle = 360 * u(rng);
    frame.scale = 1.0 + 3.0 * u(rng);
    frame.mirror_x = n % 2;
    frame.mirror_y = (n / 2) % 2;
    const float accuracy = n % 3 == 2 ? 0.5f : 1.0f;
    const float cell = 1.0f / accuracy;
    const float scale = static_cast<float>(frame.scale);
    const Posed p(frame);
    build_sprite_mask(p, img, 128, scale, accuracy, ma);
    const CellRect r = cell_range(p, cell);
    int expected = 0;
    int min_x = 1 << 30, max_x = -(1 << 30), min_y = 1 << 30, max_y = -(1 << 30);
    for (int j = r.y0; j < r.y0 + r.h; ++j) {
      for (int i = r.x0; i < r.x0 + r.w; ++i) {
        const bool in = sprite_cell(p, img, 128, scale, i, j, cell);
        ASSERT_EQ(ma.get(i, j), in) << "case " << n << " cell " << i << "," << j;
        if (!in) continue;
        ++expected;
        min_x = std::min(min_x, i);
        max_x = std::max(max_x, i);
        min_y = std::min(min_y, j);
        max_y = std::max(max_y, j);
      }
    }
    ASSERT_EQ(ma.count(), expected) << "case " << n;
    ASSERT_GT(expected, 0);
    EXPECT_EQ(ma.x0, min_x);
    EXPECT_EQ(ma.y0, min_y);
    EXPECT_EQ(ma.w, max_x - min_x + 1);
    EXPECT_EQ(ma.h, max_y - min_y + 1);

    Shape frame2 = frame;
    frame2.angle = 360 * u(rng);
    frame2.scale = 1.0 + 3.0 * u(rng);
    build_sprite_mask(Posed(frame2), img, 128, static_cast<float>(frame2.scale), accuracy, mb);
    const int bx = mb.x0, by = mb.y0;
    for (int k = 0; k < 12; ++k) {
      // B anywhere its bounds meet A's (corners and edges too).
      std::uniform_int_distribution<int> dx(ma.x0 - mb.w + 1, ma.x0 + ma.w - 1);
      std::uniform_int_distribution<int> dy(ma.y0 - mb.h + 1, ma.y0 + ma.h - 1);
      mb.x0 = k == 0 ? ma.x0 + ma.w - 1 : dx(rng);
      mb.y0 = k == 0 ? ma.y0 + ma.h - 1 : dy(rng);
      expect_overlap(ma, mb, "A,B", n * 100 + k);
      expect_overlap(mb, ma, "B,A", n * 100 + k);
      Mask bare = mb;  // no row spans: every row taken as full width
      bare.row_lo.clear();
      bare.row_hi.clear();
      expect_overlap(ma, bare, "A,bare B", n * 100 + k);
      expect_overlap(bare, ma, "bare B,A", n * 100 + k);
    }
    mb.x0 = bx;
    mb.y0 = by;
  }
}

// Thresholds outside 1..255: 0 (or less) takes every texel, above 255 none.
TEST(SpriteMask, ThresholdsOutsideTheByteRange) {
  std::mt19937 rng(5);
  const SpriteImage img = random_image(rng, 37, 21);
  Shape frame;
  frame.kind = Kind::Rect;
  frame.size = DVec2(img.w, img.h);
  frame.pos = DVec2(10.3, -4.2);
  frame.angle = 33;
  const Posed p(frame);
  Mask m;
  for (const int thr : {-5, 0, 1, 255, 256, 1000}) {
    build_sprite_mask(p, img, thr, 1.0f, 1.0f, m);
    const CellRect r = cell_range(p, 1.0f);
    int expected = 0;
    for (int j = r.y0; j < r.y0 + r.h; ++j) {
      for (int i = r.x0; i < r.x0 + r.w; ++i) {
        const bool in = sprite_cell(p, img, thr, 1.0f, i, j, 1.0f);
        expected += in;
        ASSERT_EQ(m.get(i, j), in) << "threshold " << thr << " cell " << i << "," << j;
      }
    }
    EXPECT_EQ(m.count(), expected) << "threshold " << thr;
    EXPECT_EQ(m.empty(), expected == 0) << "threshold " << thr;
  }
}

}  // namespace
}  // namespace hitbox

namespace hitbox {
namespace {

// The runs the window draws hold exactly the cells the per-cell loop finds, in row order.
TEST(MaskRuns, OverlapRunsAreThePerCellOverlapInRowOrder) {
  std::mt19937 rng(4242);
  const Kind kinds[] = {Kind::Rect, Kind::Circle, Kind::Polygon};
  Mask ma, mb;
  std::vector<CellRun> runs;
  int with_cells = 0;
  for (int n = 0; n < 1500; ++n) {
    const float accuracy = n % 2 ? 1.0f : 0.5f;
    const float cell = 1.0f / accuracy;
    Shape sa = random_shape(rng, kinds[n % 3]);
    Shape sb = random_shape(rng, kinds[(n / 3) % 3]);
    if (n % 5 == 0) sa.scale *= 4.0;  // rows several words wide
    const Posed a(sa), b(sb);
    build_mask(a, accuracy, ma);
    build_mask(b, accuracy, mb);
    overlap_runs(ma, mb, runs);
    // Expand the runs back into cells, checking order and that runs never touch.
    std::vector<std::pair<int, int>> from_runs;
    for (std::size_t k = 0; k < runs.size(); ++k) {
      ASSERT_LT(runs[k].x0, runs[k].x1) << n;
      if (k) {
        ASSERT_TRUE(runs[k - 1].y < runs[k].y ||
                    (runs[k - 1].y == runs[k].y && runs[k - 1].x1 < runs[k].x0))
            << n;
      }
      for (int i = runs[k].x0; i < runs[k].x1; ++i) from_runs.emplace_back(runs[k].y, i);
    }
    std::vector<std::pair<int, int>> cells;
    const CellRect r = cell_range(a, cell);
    for (int j = r.y0; j < r.y0 + r.h; ++j) {
      for (int i = r.x0; i < r.x0 + r.w; ++i) {
        const Vec2 c = cell_centre(i, j, cell);
        if (contains(a, c) && contains(b, c)) cells.emplace_back(j, i);
      }
    }
    ASSERT_EQ(from_runs, cells) << "case " << n;
    with_cells += !cells.empty();
  }
  EXPECT_GT(with_cells, 300);
}

}  // namespace
}  // namespace hitbox
