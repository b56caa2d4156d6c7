// Pixel checks for the window tests: read a PNG (stb_image, from libstb) and compare pixels
// with what the palette says a spot should show. Colours are compared with a tolerance, never
// byte for byte, so small rasterisation differences between GL drivers do not matter.
#pragma once

#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "overlays/palette.h"
#include "platform/canvas.h"

namespace hitbox::window_test {

struct Rgb {
  int r = 0, g = 0, b = 0;
};

inline std::string to_string(Rgb c) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

class Image {
 public:
  bool load(const std::string& path) {
    int n = 0;
    unsigned char* data = stbi_load(path.c_str(), &w_, &h_, &n, 3);
    if (data == nullptr) return false;
    px_.assign(data, data + static_cast<std::size_t>(w_) * h_ * 3);
    stbi_image_free(data);
    return true;
  }
  int width() const { return w_; }
  int height() const { return h_; }
  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < w_ && y < h_; }
  Rgb at(int x, int y) const {
    const std::size_t i = index(x, y);
    return Rgb{px_[i], px_[i + 1], px_[i + 2]};
  }
  void set(int x, int y, Rgb c) {
    const std::size_t i = index(x, y);
    px_[i] = static_cast<std::uint8_t>(std::clamp(c.r, 0, 255));
    px_[i + 1] = static_cast<std::uint8_t>(std::clamp(c.g, 0, 255));
    px_[i + 2] = static_cast<std::uint8_t>(std::clamp(c.b, 0, 255));
  }
  const std::uint8_t* data() const { return px_.data(); }

 private:
  std::size_t index(int x, int y) const { return (static_cast<std::size_t>(y) * w_ + x) * 3; }

  int w_ = 0, h_ = 0;
  std::vector<std::uint8_t> px_;
};

inline int to_byte(float v) {
  return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}

// A colour drawn with straight alpha over an opaque one, as the canvas blends.
inline app::Color over(app::Color top, app::Color under) {
  const float a = top.a;
  return app::Color{top.r * a + under.r * (1.0f - a), top.g * a + under.g * (1.0f - a),
                    top.b * a + under.b * (1.0f - a), 1.0f};
}

inline Rgb rgb(app::Color c) {
  return Rgb{to_byte(c.r), to_byte(c.g), to_byte(c.b)};
}

// The largest difference between two colours in any one channel.
inline int channel_difference(Rgb a, Rgb b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

inline bool near(Rgb a, Rgb b, int tol) {
  return channel_difference(a, b) <= tol;
}

// What one layer of a shape's fill looks like over the empty background.
inline Rgb single_fill(app::Color fill) {
  return rgb(over(fill, app::palette::kBackground));
}

// Named expectations shared by the C++ tests and the probe tool used by shell scripts.
inline std::optional<std::vector<Rgb>> named_colours(std::string_view name) {
  namespace pal = app::palette;
  if (name == "background") return std::vector<Rgb>{rgb(pal::kBackground)};
  if (name == "idle") return std::vector<Rgb>{single_fill(pal::kFillIdle)};
  if (name == "asleep") {  // an idle body play mode has put to sleep
    app::Color dim = pal::kFillIdle;
    dim.a *= pal::kAsleepDim;
    return std::vector<Rgb>{single_fill(dim)};
  }
  if (name == "selected") return std::vector<Rgb>{single_fill(pal::kFillSelected)};
  if (name == "hit") return std::vector<Rgb>{single_fill(pal::kFillHit)};
  if (name == "single") {
    return std::vector<Rgb>{single_fill(pal::kFillIdle), single_fill(pal::kFillSelected),
                            single_fill(pal::kFillHit)};
  }
  if (name == "separating") return std::vector<Rgb>{rgb(pal::kSeparatingAxis)};
  if (name == "pixel_overlap") return std::vector<Rgb>{rgb(pal::kPixelOverlap)};
  if (name == "ray_hit") return std::vector<Rgb>{rgb(pal::kRayHit)};
  if (name == "mask_grid") return std::vector<Rgb>{rgb(over(pal::kMaskGrid, pal::kBackground))};
  return std::nullopt;
}

// Tolerance for a pixel that should be one flat colour (a faint grid line may lie under it).
inline constexpr int kTolerance = 10;

inline bool matches_any(Rgb c, const std::vector<Rgb>& want, int tol = kTolerance) {
  return std::any_of(want.begin(), want.end(), [&](Rgb w) { return near(c, w, tol); });
}

// A picture against the expected one. llvmpipe rounds antialiased edges differently for each
// instruction set. Against screens/ (made with its AVX-512 code), its AVX2 code and 128-bit
// vectors gave the same bytes; its SSE4.1 and SSE2 code moved up to 493 pixels of a view, by
// at most 2 levels a channel (GALLIUM_OVERRIDE_CPU_CAPS). A pixel within kScreenTolerance of
// the expected one counts as the same; any larger difference is a change in the drawing.
inline constexpr int kScreenTolerance = 2;

struct PictureDiff {
  bool same_size = true;
  long changed = 0;                      // pixels with a channel more than the tolerance away
  long rounded = 0;                      // pixels that differ, but within the tolerance
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // box around the changed pixels
  int largest = 0;                       // the largest channel difference, and where
  int largest_x = -1, largest_y = -1;
  Rgb largest_expected, largest_got;
  bool passed() const { return same_size && changed == 0; }
};

inline PictureDiff compare_pictures(const Image& expected, const Image& got,
                                    int tol = kScreenTolerance) {
  PictureDiff d;
  if (expected.width() != got.width() || expected.height() != got.height()) {
    d.same_size = false;
    return d;
  }
  d.x0 = expected.width();
  d.y0 = expected.height();
  for (int y = 0; y < expected.height(); ++y) {
    for (int x = 0; x < expected.width(); ++x) {
      const Rgb a = expected.at(x, y), b = got.at(x, y);
      const int diff = channel_difference(a, b);
      if (diff == 0) continue;
      if (diff > d.largest) {
        d.largest = diff;
        d.largest_x = x;
        d.largest_y = y;
        d.largest_expected = a;
        d.largest_got = b;
      }
      if (diff <= tol) {
        ++d.rounded;
        continue;
      }
      ++d.changed;
      d.x0 = std::min(d.x0, x);
      d.y0 = std::min(d.y0, y);
      d.x1 = std::max(d.x1, x);
      d.y1 = std::max(d.y1, y);
    }
  }
  return d;
}

// One line for a test log: whether it is rounding or a change, and the largest difference.
inline std::string describe(const PictureDiff& d, const Image& expected, const Image& got,
                            int tol = kScreenTolerance) {
  char buf[320];
  if (!d.same_size) {
    std::snprintf(buf, sizeof buf, "size %dx%d, expected %dx%d", got.width(), got.height(),
                  expected.width(), expected.height());
    return buf;
  }
  if (d.largest == 0) return "identical";
  int n = 0;
  if (d.changed > 0) {
    n = std::snprintf(buf, sizeof buf,
                      "%ld pixels differ by more than %d levels, within x %d..%d, y %d..%d; ",
                      d.changed, tol, d.x0, d.x1, d.y0, d.y1);
  }
  std::snprintf(buf + n, sizeof buf - static_cast<std::size_t>(n),
                "%ld within %d levels; largest difference %d at (%d, %d): %s, expected %s",
                d.rounded, tol, d.largest, d.largest_x, d.largest_y,
                to_string(d.largest_got).c_str(), to_string(d.largest_expected).c_str());
  return buf;
}

}  // namespace hitbox::window_test
