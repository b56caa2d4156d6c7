// The world grid's lines, computed once for every canvas backend (the GL renderer and the SVG
// writer): minor lines every 50 world px and major ones every 250, each one window pixel wide
// on whole pixels, each set fading in as its on-screen spacing grows from 6 to 24 window px,
// so zooming out never turns into a wash.
#pragma once

#include <algorithm>
#include <cmath>

#include "platform/canvas.h"

namespace hitbox::app {

// Calls emit(lo, hi, color) for each line: a flat rectangle in window pixels from lo to hi.
template <class Emit>
void grid_lines(const Camera& cam, float width, float height, Emit&& emit) {
  struct Level {
    float spacing;
    float alpha;
  };
  const Level levels[] = {{50.0f, 0.045f}, {250.0f, 0.07f}};
  const Vec2 world_lo = cam.to_world(Vec2(0.0f, 0.0f));
  const Vec2 world_hi = cam.to_world(Vec2(width, height));
  for (const Level& level : levels) {
    const float on_screen = level.spacing * cam.zoom;
    const float fade = std::clamp((on_screen - 6.0f) / 18.0f, 0.0f, 1.0f);
    if (fade <= 0.0f) continue;
    const Color color{1.0f, 1.0f, 1.0f, level.alpha * fade};
    // Line k at first + k * spacing: no sum of steps to drift or, far from the origin, to
    // stop moving. At least 6 window px apart (the fade), so a window holds a few hundred.
    const float first_x = std::ceil(world_lo.x / level.spacing) * level.spacing;
    for (int k = 0;; ++k) {
      const float x = first_x + static_cast<float>(k) * level.spacing;
      if (!(x <= world_hi.x) || k > 4096) break;
      const float sx = std::floor(cam.to_screen(Vec2(x, 0.0f)).x);
      emit(Vec2(sx, 0.0f), Vec2(sx + 1.0f, height), color);
    }
    const float first_y = std::ceil(world_lo.y / level.spacing) * level.spacing;
    for (int k = 0;; ++k) {
      const float y = first_y + static_cast<float>(k) * level.spacing;
      if (!(y <= world_hi.y) || k > 4096) break;
      const float sy = std::floor(cam.to_screen(Vec2(0.0f, y)).y);
      emit(Vec2(0.0f, sy), Vec2(width, sy + 1.0f), color);
    }
  }
}

}  // namespace hitbox::app
