// Split view: the window cut into 1, 2 or 4 viewports that show the same scene, each with its
// own set of algorithms. Every viewport uses the shell's one camera (same zoom), offset so
// the world point at the centre of the whole window sits at the centre of the viewport: the
// shapes in the middle of the view show in every viewport, and panning or zooming in any of
// them moves all of them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "platform/canvas.h"

namespace hitbox::app {

inline constexpr int kMaxViewports = 4;

struct ViewRect {
  int x = 0, y = 0, w = 0, h = 0;  // window pixels, top-left origin
  bool contains(Vec2 p) const {
    return p.x >= static_cast<float>(x) && p.y >= static_cast<float>(y) &&
           p.x < static_cast<float>(x + w) && p.y < static_cast<float>(y + h);
  }
};

// Whether `n` is a split the window offers (1, 2 or 4).
inline bool valid_split(int n) {
  return n == 1 || n == 2 || n == 4;
}

// Viewport i of an n-way split of a width x height window: 2 side by side, 4 as a 2 x 2 grid
// (left to right, then top to bottom). Rectangles tile the window exactly.
ViewRect view_rect(int n, int i, int width, int height);

// The viewport under window point p (0 when none: outside the window).
int view_at(int n, Vec2 p, int width, int height);

// The camera viewport `r` draws with: `shared` moved so the window centre's world point lands
// at r's centre (window pixels stay window pixels; only the origin moves).
Camera view_camera(const Camera& shared, const ViewRect& r, int width, int height);

// The camera of viewport r in its own pixels (top-left of r = (0, 0)), for drawing with
// glViewport set to r: view_camera's, moved by r's corner.
Camera local_camera(const Camera& shared, const ViewRect& r, int width, int height);

// A Canvas for one viewport drawn with glViewport: every call goes to `inner` (whose camera is
// local_camera), except text, which goes to ImGui's background list in window pixels (the
// renderer would put it at viewport pixels, i.e. in the wrong place), clipped to r.
class ViewCanvas final : public Canvas {
 public:
  ViewCanvas(Canvas& inner, const ViewRect& r) : inner_(inner), r_(r) {}
  void polygon(std::span<const Vec2> pts, Color fill, Color outline, float outline_px) override {
    inner_.polygon(pts, fill, outline, outline_px);
  }
  void circle(Vec2 centre, float radius, Color fill, Color outline, float outline_px) override {
    inner_.circle(centre, radius, fill, outline, outline_px);
  }
  void line(Vec2 a, Vec2 b, Color color, float width_px) override {
    inner_.line(a, b, color, width_px);
  }
  void arrow(Vec2 from, Vec2 to, Color color, float width_px, float head_px) override {
    inner_.arrow(from, to, color, width_px, head_px);
  }
  void dot(Vec2 centre, float radius_px, Color color) override {
    inner_.dot(centre, radius_px, color);
  }
  void image(const std::shared_ptr<const SpriteImage>& img, std::span<const Vec2, 4> corners,
             Color tint, float opacity) override {
    inner_.image(img, corners, tint, opacity);
  }
  void rects(std::span<const Aabb> boxes, Color fill) override { inner_.rects(boxes, fill); }
  void text(Vec2 at, std::string_view s, Color color) override;
  const Camera& camera() const override { return inner_.camera(); }

 private:
  Canvas& inner_;
  ViewRect r_;
};

// Per-viewport state: which algorithms it shows (hitbox/report.h bits).
struct SplitState {
  int count = 1;
  std::array<std::uint32_t, kMaxViewports> algos{};
  bool initialised = false;  // algos copied from the sandbox's set on first split
};

// "aabb, sat" for a label; "no algorithm" when none.
std::string algo_label(std::uint32_t algos);

// How far viewport r's centre is from the window's centre, in window pixels. A window point
// p inside r shows the world point shared.to_world(p - view_offset(r, ...)).
Vec2 view_offset(const ViewRect& r, int width, int height);

// The separator lines between viewports and each viewport's label ("View 2: aabb, sat" at its
// top-left corner), on ImGui's background draw list (over the world, under the panels).
inline constexpr Color kViewSeparator{0.86f, 0.88f, 0.94f, 1.0f};
inline constexpr float kViewSeparatorPx = 3.0f;
void draw_view_frames(const SplitState& s, int width, int height);

// The "Views" window: buttons 1 / 2 / 4, the "Compare algorithms" switch and, when split, one
// column of algorithm checkboxes per viewport. `sandbox_algos` seeds the viewports the first
// time the view is split. It starts collapsed unless the view is split or the table is open.
void draw_views_window(SplitState& s, bool& compare_open, std::uint32_t sandbox_algos, float x,
                       float y);

// Seeds the viewports' algorithms from the sandbox's set: viewport 1 shows it, the others a
// classic comparison each (aabb, bounding_circle, pixel) so a split shows differences at once.
void init_split(SplitState& s, std::uint32_t sandbox_algos);

}  // namespace hitbox::app
