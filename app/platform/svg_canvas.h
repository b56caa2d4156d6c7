// The Canvas written as SVG (File > Export SVG, --svg): the same drawing calls the GL renderer
// gets (the sandbox draws through one code path), each turned into SVG elements in window
// pixels through the view's camera, with the renderer's rules for thin lines, arrow heads,
// dots and the presenter line scale, so a figure shows what the window shows. Labels are
// placed by the same placer (platform/labels.h) and written as <text> over a dark backing;
// sprites are embedded as PNG data URIs. No GL or ImGui frame is needed; with an ImGui
// context, labels are measured in the UI font like the window's.
#pragma once

#include <algorithm>
#include <memory>
#include <string>

#include "platform/canvas.h"
#include "platform/labels.h"
#include "platform/screen_rect.h"

namespace hitbox::app {

class SvgCanvas final : public Canvas {
 public:
  // A width x height window's picture, showing `shown` (window pixels; the viewBox, e.g. the
  // free area the panels leave) on `background`. `line_scale`: the renderer's (presenter).
  SvgCanvas(int width, int height, const ScreenRect& shown, Color background, float line_scale);

  // Starts a view: its camera (to window pixels), the rectangle it is clipped to and the
  // area its labels are placed in. end_view() places and writes its labels.
  void begin_view(const Camera& cam, const ScreenRect& clip, const ScreenRect& label_area);
  void end_view();
  // The world grid (platform/grid.h), as the renderer draws it; call first in a view.
  void grid();

  void polygon(std::span<const Vec2> pts, Color fill, Color outline, float outline_px) override;
  void circle(Vec2 centre, float radius, Color fill, Color outline, float outline_px) override;
  void capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline, float outline_px) override;
  void line(Vec2 a, Vec2 b, Color color, float width_px) override;
  void arrow(Vec2 from, Vec2 to, Color color, float width_px, float head_px = 10.0f) override;
  void dot(Vec2 centre, float radius_px, Color color) override;
  void image(const std::shared_ptr<const SpriteImage>& img, std::span<const Vec2, 4> corners,
             Color tint, float opacity) override;
  void rects(std::span<const Aabb> boxes, Color fill) override;
  void text(Vec2 at, std::string_view s, Color color) override;
  const Camera& camera() const override { return cam_; }

  // The whole document (ends a view still open).
  std::string finish();

 private:
  void screen_line(Vec2 a, Vec2 b, Color color, float width);  // round caps, window px
  void screen_polygon(std::span<const Vec2> pts, Color fill, Color outline, float width,
                      bool round_joins);

  int width_, height_;
  ScreenRect shown_;
  Color background_;
  float line_scale_;
  Camera cam_;
  ScreenRect clip_;
  ScreenRect label_area_;
  bool in_view_ = false;
  int views_ = 0;
  LabelBoard labels_;
  std::string body_;
};

// Writes `text` to `path`; false with errno's reason in *why when it cannot.
bool write_text_file(const std::string& path, const std::string& text, std::string* why);

}  // namespace hitbox::app
