// Sprites from the bundled images (assets/sprites, geometry in assets/sprites/README.md):
// where the pixel test and the frame-based tests disagree, and the pixel count against a
// plain per-cell loop.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "hitbox/collide.h"
#include "hitbox/mask.h"
#include "hitbox/shape.h"
#include "platform/image.h"

namespace hitbox {
namespace {

std::shared_ptr<const SpriteImage> bundled(const char* name) {
  const std::string path = std::string(HITBOX_SOURCE_DIR "/assets/sprites/") + name;
  std::string error;
  auto img = app::load_png(path, &error);
  EXPECT_TRUE(img) << path << ": " << error;
  return img;
}

Shape sprite_shape(std::shared_ptr<const SpriteImage> img, DVec2 pos) {
  Shape s;
  s.id = "S";
  s.kind = Kind::Sprite;
  s.pos = pos;
  s.image = "bundled.png";
  s.pixels.image = std::move(img);
  return s;
}

Shape circle_shape(DVec2 pos, double radius) {
  Shape s;
  s.id = "C";
  s.kind = Kind::Circle;
  s.pos = pos;
  s.radius = radius;
  return s;
}

PixelResult pixels(const Collider& a, const Collider& b, float accuracy) {
  Mask ma, mb;
  build_mask(a, accuracy, ma);
  build_mask(b, accuracy, mb);
  return pixel_overlap(ma, mb, /*count=*/true);
}

// ring.png: 128 x 128, outer radius 60, inner radius 36, centred at (64, 64) = the frame's
// centre. A circle of radius 20 at the sprite's position sits in the hole.
TEST(Sprite, CircleInRingHoleMissesByPixelsButSatOnFramesHits) {
  const auto ring_img = bundled("ring.png");
  ASSERT_TRUE(ring_img);
  ASSERT_EQ(ring_img->w, 128);
  ASSERT_EQ(ring_img->h, 128);
  const DVec2 centre(400.0, 300.0);
  const Posed ring(sprite_shape(ring_img, centre));
  const Posed ball(circle_shape(centre, 20.0));

  EXPECT_TRUE(aabb(ring, ball).hit);
  EXPECT_TRUE(sat(ring, ball).hit);  // the frame is a 128 x 128 box around the ball
  EXPECT_TRUE(mtd(ring, ball).hit);
  for (const float accuracy : {1.0f, 0.5f, 0.25f}) {
    SCOPED_TRACE(accuracy);
    const PixelResult p = pixels(ring, ball, accuracy);
    EXPECT_FALSE(p.hit);
    EXPECT_EQ(p.count, 0);
  }
  // The same ball grown past the inner radius (36) does touch the ring's pixels.
  const Posed big(circle_shape(centre, 40.0));
  const PixelResult p = pixels(ring, big, 1.0f);
  EXPECT_TRUE(p.hit);
  EXPECT_GT(p.count, 100);
}

// sword.png: 128 x 128, the blade runs along x + y = 128 from the guard (30, 98) to the tip
// (118, 10), 6 pixels thick. A world offset (d, -d) from the centre is on the unmirrored
// blade; mirroring x moves the blade onto the offsets (d, d). The ball sits at (-30, -30):
// texel (34, 34) unmirrored (nothing there), texel (94, 34) mirrored (mid-blade).
TEST(Sprite, SwordMirroredHitsWhatUnmirroredMisses) {
  const auto sword_img = bundled("sword.png");
  ASSERT_TRUE(sword_img);
  ASSERT_EQ(sword_img->w, 128);
  ASSERT_EQ(sword_img->h, 128);
  const DVec2 centre(500.0, 400.0);
  Shape sword = sprite_shape(sword_img, centre);
  const Posed ball(circle_shape(centre + DVec2(-30.0, -30.0), 3.0));

  const Posed plain(sword);
  EXPECT_TRUE(sat(plain, ball).hit);  // inside the frame either way
  EXPECT_FALSE(pixels(plain, ball, 1.0f).hit);

  sword.mirror_x = true;  // mirror [true, false]
  const Posed mirrored(sword);
  EXPECT_TRUE(sat(mirrored, ball).hit);
  const PixelResult p = pixels(mirrored, ball, 1.0f);
  EXPECT_TRUE(p.hit);
  EXPECT_GT(p.count, 10);  // most of the ball's ~28 cells lie on the 6-pixel blade
  // The overlap lies around the ball.
  EXPECT_LE(static_cast<float>(p.overlap.x0) * p.cell, 470.0f + 3.0f);
  EXPECT_GE(static_cast<float>(p.overlap.x0 + p.overlap.w) * p.cell, 470.0f - 3.0f);
  EXPECT_LE(static_cast<float>(p.overlap.y0) * p.cell, 370.0f + 3.0f);
  EXPECT_GE(static_cast<float>(p.overlap.y0 + p.overlap.h) * p.cell, 370.0f - 3.0f);
}

// A rotated, scaled and mirrored ship against a rotated rect: the pixel count equals a loop
// over every cell centre that asks sprite_texel + alpha >= threshold and contains().
TEST(Sprite, RotatedScaledSpriteAgainstRectCountEqualsPerCellLoop) {
  const auto ship_img = bundled("ship.png");
  ASSERT_TRUE(ship_img);
  Shape ship = sprite_shape(ship_img, DVec2(300.25, 200.5));
  ship.angle = 37.0;
  ship.scale = 1.7;
  ship.mirror_y = true;
  ship.alpha_threshold = 100;
  Shape rect;
  rect.id = "R";
  rect.kind = Kind::Rect;
  rect.pos = DVec2(330.0, 215.0);
  rect.angle = -12.0;
  rect.size = DVec2(70.0, 45.0);
  const Posed a(ship);
  const Posed b(rect);
  const Collider& frame = a.collider();
  ASSERT_NE(frame.sprite, nullptr);

  for (const float accuracy : {1.0f, 0.5f, 0.3f}) {
    SCOPED_TRACE(accuracy);
    const float cell = 1.0f / accuracy;
    int count = 0, rect_cells = 0;
    int min_x = 1 << 30, max_x = -(1 << 30), min_y = 1 << 30, max_y = -(1 << 30);
    const int i0 = static_cast<int>(std::floor(frame.bounds.min.x / cell)) - 2;
    const int i1 = static_cast<int>(std::ceil(frame.bounds.max.x / cell)) + 2;
    const int j0 = static_cast<int>(std::floor(frame.bounds.min.y / cell)) - 2;
    const int j1 = static_cast<int>(std::ceil(frame.bounds.max.y / cell)) + 2;
    for (int j = j0; j <= j1; ++j) {
      for (int i = i0; i <= i1; ++i) {
        const Vec2 c = cell_centre(i, j, cell);
        if (!contains(b, c)) continue;
        ++rect_cells;
        int ix = 0, iy = 0;
        if (!sprite_texel(frame, 1.0f / frame.scale, ship_img->w, ship_img->h, c, &ix, &iy)) {
          continue;
        }
        if (ship_img->alpha[static_cast<size_t>(iy * ship_img->w + ix)] < ship.alpha_threshold) {
          continue;
        }
        ++count;
        min_x = std::min(min_x, i);
        max_x = std::max(max_x, i);
        min_y = std::min(min_y, j);
        max_y = std::max(max_y, j);
      }
    }
    const PixelResult p = pixels(a, b, accuracy);
    EXPECT_EQ(p.count, count);
    EXPECT_EQ(p.hit, count > 0);
    // Not a trivial case: some of the rect is over the ship and some over transparent texels.
    EXPECT_GT(count, 0);
    EXPECT_LT(count, rect_cells);
    if (count > 0) {
      EXPECT_EQ(p.overlap.x0, min_x);
      EXPECT_EQ(p.overlap.y0, min_y);
      EXPECT_EQ(p.overlap.w, max_x - min_x + 1);
      EXPECT_EQ(p.overlap.h, max_y - min_y + 1);
    }
  }
}

}  // namespace
}  // namespace hitbox
