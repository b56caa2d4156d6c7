// A rectangle in window pixels: the free area labels are placed in, and the panels' layout
// (panels/layout.h) built from it.
#pragma once

namespace hitbox::app {

// A rectangle in window pixels, top-left origin.
struct ScreenRect {
  float x0 = 0.0f, y0 = 0.0f, x1 = 0.0f, y1 = 0.0f;
  float w() const { return x1 - x0; }
  float h() const { return y1 - y0; }
  bool empty() const { return !(x1 > x0 && y1 > y0); }
  bool contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
  bool operator==(const ScreenRect&) const = default;
};

}  // namespace hitbox::app
