// Small helpers the window's drawing code shares (sandbox.cpp, teach.cpp): formatted text,
// colour alpha, vector length for placing labels, dashed segments. Drawing only: no
// collision answers are computed here.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "platform/canvas.h"

namespace hitbox::app {

inline constexpr float kLongLinePx = 6000.0f;  // window px: "across the scene"

// printf into a std::string (labels and sentences; 511 characters at most).
inline std::string vstrf(const char* fmt, va_list args) {
  char buf[512];
  std::vsnprintf(buf, sizeof buf, fmt, args);
  return buf;
}
inline std::string strf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
inline std::string strf(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string out = vstrf(fmt, args);
  va_end(args);
  return out;
}

// v for a "%.Nf" with N = decimals: a value that prints as zero comes back as +0, so the text
// reads "0.00" and not "-0.00" (a normal of (1, -1e-7) is not pointing anywhere negative).
inline double shown(double v, int decimals) {
  return std::fabs(v) <= 0.5 * std::pow(10.0, -decimals) ? 0.0 : v;
}

inline float length(Vec2 v) {
  return std::sqrt(dot(v, v));
}

inline Color alpha(Color c, float a) {
  c.a = a;
  return c;
}

// A dashed segment; dash lengths in window pixels (px = world pixels per window pixel).
inline void dashed(Canvas& c, Vec2 a, Vec2 b, Color color, float width_px, float dash_px,
                   float px) {
  const Vec2 d = b - a;
  const float len = length(d);
  if (!(len > 0.0f)) return;
  const float dash = dash_px * px;
  const Vec2 u = d / len;
  for (float s = 0.0f; s < len; s += 2.0f * dash)
    c.line(a + u * s, a + u * std::min(s + dash, len), color, width_px);
}

}  // namespace hitbox::app
