// The screenshot comparison (pixels.h compare_pictures, hitbox_png_probe --diff): the
// rasteriser's rounding passes, a real change to the drawing fails. Each change is made by
// hand to an expected picture from screens/.
#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "../support/run_binary.h"
#include "pixels.h"

namespace wt = hitbox::window_test;
namespace fs = std::filesystem;

namespace {

// scene_default at 1280x800: the label "mirrored" sits in this box, the polygon "poly" in the
// other, and the block holds the mirrored rectangle's corner with its axis arrow.
struct Box {
  int x0, y0, x1, y1;
};
constexpr Box kMirroredLabel{676, 249, 740, 265};
constexpr Box kPoly{615, 545, 805, 710};
constexpr Box kBlock{740, 320, 780, 360};

wt::Image expected_default() {
  wt::Image img;
  const std::string path =
      std::string(HITBOX_SOURCE_DIR) + "/tests/window/screens/scene_default_1280x800.png";
  EXPECT_TRUE(img.load(path)) << path;
  return img;
}

// Pixels in the box that differ from `c` by more than the tolerance.
int distinct_from(const wt::Image& img, Box b, wt::Rgb c) {
  int n = 0;
  for (int y = b.y0; y < b.y1; ++y) {
    for (int x = b.x0; x < b.x1; ++x) n += !wt::near(img.at(x, y), c, wt::kScreenTolerance);
  }
  return n;
}

TEST(PictureDiff, SamePicturePasses) {
  const wt::Image a = expected_default();
  const wt::PictureDiff d = wt::compare_pictures(a, a);
  EXPECT_TRUE(d.passed());
  EXPECT_EQ(d.largest, 0);
  EXPECT_EQ(d.rounded, 0);
}

// As measured between processors: a few edge pixels one level off in some channels.
TEST(PictureDiff, AHandfulOfPixelsOneLevelOffPasses) {
  const wt::Image a = expected_default();
  wt::Image b = a;
  const std::array<std::array<int, 2>, 7> spots{
      {{1129, 97}, {300, 250}, {376, 419}, {700, 600}, {5, 5}, {1279, 799}, {640, 400}}};
  for (const auto& [x, y] : spots) {
    const wt::Rgb c = a.at(x, y);
    b.set(x, y, wt::Rgb{c.r < 255 ? c.r + 1 : c.r - 1, c.g > 0 ? c.g - 1 : c.g + 1, c.b});
  }
  const wt::PictureDiff d = wt::compare_pictures(a, b);
  EXPECT_TRUE(d.passed()) << wt::describe(d, a, b);
  EXPECT_EQ(d.rounded, 7);
  EXPECT_EQ(d.largest, 1);
}

// The tolerance is a bound, not a fraction: 3 levels in one channel of one pixel fails.
TEST(PictureDiff, OnePixelPastTheToleranceFails) {
  const wt::Image a = expected_default();
  wt::Image b = a;
  const wt::Rgb c = a.at(100, 700);
  b.set(100, 700, wt::Rgb{c.r, c.g, c.b + wt::kScreenTolerance + 1});
  const wt::PictureDiff d = wt::compare_pictures(a, b);
  EXPECT_FALSE(d.passed());
  EXPECT_EQ(d.changed, 1);
  EXPECT_EQ(d.largest, wt::kScreenTolerance + 1);
  EXPECT_EQ(d.largest_x, 100);
  EXPECT_EQ(d.largest_y, 700);
}

TEST(PictureDiff, ABlockShiftedByOnePixelFails) {
  const wt::Image a = expected_default();
  wt::Image b = a;
  for (int y = kBlock.y0; y < kBlock.y1; ++y) {
    for (int x = kBlock.x0 + 1; x < kBlock.x1; ++x) b.set(x, y, a.at(x - 1, y));
  }
  const wt::PictureDiff d = wt::compare_pictures(a, b);
  EXPECT_FALSE(d.passed());
  EXPECT_GT(d.changed, 20);
  EXPECT_GE(d.x0, kBlock.x0);
  EXPECT_LT(d.x1, kBlock.x1);
  EXPECT_GE(d.y0, kBlock.y0);
  EXPECT_LT(d.y1, kBlock.y1);
}

TEST(PictureDiff, AnOutlineInAnotherColourFails) {
  const wt::Image a = expected_default();
  wt::Image b = a;
  const wt::Rgb idle = wt::rgb(hitbox::app::palette::kOutlineIdle);
  const wt::Rgb hit = wt::rgb(hitbox::app::palette::kOutlineHit);
  int repainted = 0;
  for (int y = kPoly.y0; y < kPoly.y1; ++y) {
    for (int x = kPoly.x0; x < kPoly.x1; ++x) {
      if (!wt::near(a.at(x, y), idle, 1)) continue;
      b.set(x, y, hit);
      ++repainted;
    }
  }
  ASSERT_GT(repainted, 200) << "the polygon's outline is no longer in the box";
  const wt::PictureDiff d = wt::compare_pictures(a, b);
  EXPECT_FALSE(d.passed());
  EXPECT_EQ(d.changed, repainted);
  EXPECT_EQ(d.largest, std::max({std::abs(idle.r - hit.r), std::abs(idle.g - hit.g),
                                 std::abs(idle.b - hit.b)}));
}

// Dropping the label paints its box with the canvas colour beside it.
wt::Image without_mirrored_label(const wt::Image& a) {
  wt::Image b = a;
  const wt::Rgb canvas = a.at(kMirroredLabel.x0 - 2, kMirroredLabel.y0 - 2);
  for (int y = kMirroredLabel.y0; y < kMirroredLabel.y1; ++y) {
    for (int x = kMirroredLabel.x0; x < kMirroredLabel.x1; ++x) b.set(x, y, canvas);
  }
  return b;
}

TEST(PictureDiff, ADroppedLabelFails) {
  const wt::Image a = expected_default();
  const wt::Rgb canvas = a.at(kMirroredLabel.x0 - 2, kMirroredLabel.y0 - 2);
  ASSERT_GT(distinct_from(a, kMirroredLabel, canvas), 50) << "the label is no longer in the box";
  const wt::Image b = without_mirrored_label(a);
  const wt::PictureDiff d = wt::compare_pictures(a, b);
  EXPECT_FALSE(d.passed());
  EXPECT_GT(d.changed, 50);
  EXPECT_GT(d.largest, 100);
}

TEST(PictureDiff, AnotherSizeFails) {
  wt::Image a = expected_default();
  wt::Image small;
  ASSERT_TRUE(small.load(std::string(HITBOX_SOURCE_DIR) +
                         "/tests/window/screens/scene_default_800x600.png"));
  const wt::PictureDiff d = wt::compare_pictures(a, small);
  EXPECT_FALSE(d.passed());
  EXPECT_EQ(wt::describe(d, a, small), "size 800x600, expected 1280x800");
}

// The probe as screens_test.sh runs it: exit 1 on a change, with the largest difference and
// its place in what it prints; exit 0 on rounding.
hitbox::test::RunResult probe(const std::string& args) {
  return hitbox::test::run_command(std::string(HITBOX_PNG_PROBE) + " " + args,
                                   "hitbox_picture_diff");
}

bool write(const wt::Image& img, const fs::path& path) {
  return stbi_write_png(path.c_str(), img.width(), img.height(), 3, img.data(), img.width() * 3) !=
         0;
}

TEST(PictureDiff, TheProbeFailsAChangedPictureAndSaysWhere) {
  const fs::path dir =
      fs::temp_directory_path() / ("hitbox_picture_diff_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const wt::Image a = expected_default();
  wt::Image rounded = a;
  const wt::Rgb c = a.at(1129, 97);
  rounded.set(1129, 97, wt::Rgb{c.r + 1, c.g + 1, c.b + 1});
  ASSERT_TRUE(write(a, dir / "expected.png"));
  ASSERT_TRUE(write(without_mirrored_label(a), dir / "changed.png"));
  ASSERT_TRUE(write(rounded, dir / "rounded.png"));
  const std::string expected = (dir / "expected.png").string();

  const hitbox::test::RunResult same = probe("--diff " + expected + " " + expected);
  EXPECT_EQ(same.status, 0) << same.out;

  const hitbox::test::RunResult ok =
      probe("--diff " + expected + " " + (dir / "rounded.png").string());
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_NE(ok.out.find("largest difference 1 at (1129, 97)"), std::string::npos) << ok.out;

  const hitbox::test::RunResult changed =
      probe("--diff " + expected + " " + (dir / "changed.png").string());
  EXPECT_EQ(changed.status, 1) << changed.out;
  EXPECT_NE(changed.out.find("by more than 2 levels, within x "), std::string::npos) << changed.out;
  EXPECT_NE(changed.out.find("largest difference"), std::string::npos) << changed.out;

  const hitbox::test::RunResult strict =
      probe("--diff " + expected + " " + (dir / "rounded.png").string() + " --tolerance 0");
  EXPECT_EQ(strict.status, 1) << strict.out;

  const hitbox::test::RunResult bad =
      probe("--diff " + expected + " " + (dir / "rounded.png").string() + " --tolerance x");
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.err.find("--tolerance"), std::string::npos) << bad.err;
  fs::remove_all(dir);
}

}  // namespace
