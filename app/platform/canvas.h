// The window's debug-draw interface (the Box2D samples pattern): the sandbox says what to
// draw in world coordinates, the renderer batches it into a few GL draw calls. Line widths
// and marker sizes are in window pixels so outlines stay crisp at any zoom.
#pragma once

#include <algorithm>
#include <cmath>
#include <memory>
#include <span>
#include <string_view>

#include "hitbox/geometry.h"
#include "hitbox/shape.h"

namespace hitbox::app {

struct Color {
  float r = 1.0f, g = 1.0f, b = 1.0f, a = 1.0f;
};

// World <-> window pixels. origin = world point at the window's top-left; zoom = window
// pixels per world pixel. Default: world (x, y) is window (x, y).
struct Camera {
  Vec2 origin{0.0f, 0.0f};
  float zoom = 1.0f;
  Vec2 to_screen(Vec2 w) const { return (w - origin) * zoom; }
  Vec2 to_world(Vec2 s) const { return s / zoom + origin; }
};

class Canvas {
 public:
  virtual ~Canvas() = default;
  // Filled convex polygon (world points, any winding) with an anti-aliased outline.
  virtual void polygon(std::span<const Vec2> pts, Color fill, Color outline, float outline_px) = 0;
  // Filled circle with an anti-aliased outline (signed distance in the fragment shader).
  virtual void circle(Vec2 centre, float radius, Color fill, Color outline, float outline_px) = 0;
  // A filled capsule (the world segment a b grown by a world radius) with an anti-aliased
  // outline. By default a convex polygon of the outline, 16 steps to each rounded end; the
  // renderer draws it with its signed-distance shader, as a circle.
  virtual void capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline, float outline_px) {
    const Vec2 d = b - a;
    const float len = std::sqrt(d.x * d.x + d.y * d.y);
    const Vec2 u = len > 0.0f ? d / len : Vec2(1.0f, 0.0f);
    const Vec2 n(-u.y, u.x);
    constexpr int kSteps = 16;
    Vec2 pts[2 * (kSteps + 1)];
    for (int k = 0; k <= kSteps; ++k) {  // b's end from +n through +u to -n, then a's back
      const float th = 3.14159265f * static_cast<float>(k) / kSteps;
      const Vec2 r = radius * (std::cos(th) * n + std::sin(th) * u);
      pts[k] = b + r;
      pts[kSteps + 1 + k] = a - r;
    }
    polygon(pts, fill, outline, outline_px);
  }
  // Anti-aliased thick segment.
  virtual void line(Vec2 a, Vec2 b, Color color, float width_px) = 0;
  // Segment with an arrow head at `to` (head size in window pixels).
  virtual void arrow(Vec2 from, Vec2 to, Color color, float width_px, float head_px = 10.0f) = 0;
  // Small filled dot of a fixed window-pixel radius.
  virtual void dot(Vec2 centre, float radius_px, Color color) = 0;
  // An image (a sprite's pixels) drawn textured on a quad: `corners` are the world points of
  // the image's top-left, top-right, bottom-right and bottom-left corners, in that order (any
  // transform: rotated, scaled, mirrored). Texels are sampled nearest, so they show as crisp
  // squares when zoomed in. `tint` mixes tint.a of tint's colour into every texel; the result
  // keeps the texel's alpha times `opacity`. Images without rgba draw white where alpha is.
  virtual void image(const std::shared_ptr<const SpriteImage>& img,
                     std::span<const Vec2, 4> corners, Color tint, float opacity) = 0;
  // Flat axis-aligned rectangles (world min/max corners), no outline and no anti-aliasing, so
  // neighbouring rectangles tile without seams: mask cells, highlighted runs.
  virtual void rects(std::span<const Aabb> boxes, Color fill) = 0;
  // A text label anchored at a world point (drawn after the shapes).
  virtual void text(Vec2 at, std::string_view s, Color color) = 0;
  virtual const Camera& camera() const = 0;
};

// An outline's width in window pixels for a requested `px` (after line scaling): 0 when it is
// clear or has no width; a hairline under 1 px is drawn 1 px wide with its alpha scaled by the
// width, so it fades rather than flickers. Both canvases (renderer, SVG) draw by this rule.
inline float outline_width(Color* outline, float px) {
  float width = outline->a > 0.0f ? std::max(px, 0.0f) : 0.0f;
  if (width > 0.0f && width < 1.0f) {
    outline->a *= width;
    width = 1.0f;
  }
  return width;
}

}  // namespace hitbox::app
