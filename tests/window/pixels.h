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
    const std::size_t i = (static_cast<std::size_t>(y) * w_ + x) * 3;
    return Rgb{px_[i], px_[i + 1], px_[i + 2]};
  }

 private:
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

inline bool near(Rgb a, Rgb b, int tol) {
  return std::abs(a.r - b.r) <= tol && std::abs(a.g - b.g) <= tol && std::abs(a.b - b.b) <= tol;
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

}  // namespace hitbox::window_test
