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
#include "platform/labels.h"

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

// The views split `area`, the part of the window the panels leave to the scene (the whole
// window: {0, 0, width, height}).
//
// Viewport i of an n-way split of `area`: 2 side by side, 4 as a 2 x 2 grid (left to right,
// then top to bottom). Rectangles tile the area exactly.
ViewRect view_rect(int n, int i, const ViewRect& area);

// The viewport under window point p (0 when none: outside the area).
int view_at(int n, Vec2 p, const ViewRect& area);

// The camera viewport `r` draws with: `shared` moved so the area centre's world point lands
// at r's centre (window pixels stay window pixels; only the origin moves).
Camera view_camera(const Camera& shared, const ViewRect& r, const ViewRect& area);

// The camera of viewport r in its own pixels (top-left of r = (0, 0)), for drawing with
// glViewport set to r: view_camera's, moved by r's corner.
Camera local_camera(const Camera& shared, const ViewRect& r, const ViewRect& area);

// The same for a whole width x height window.
inline ViewRect window_area(int width, int height) {
  return ViewRect{0, 0, width, height};
}
inline ViewRect view_rect(int n, int i, int width, int height) {
  return view_rect(n, i, window_area(width, height));
}
inline int view_at(int n, Vec2 p, int width, int height) {
  return view_at(n, p, window_area(width, height));
}
inline Camera view_camera(const Camera& shared, const ViewRect& r, int width, int height) {
  return view_camera(shared, r, window_area(width, height));
}
inline Camera local_camera(const Camera& shared, const ViewRect& r, int width, int height) {
  return local_camera(shared, r, window_area(width, height));
}

// A Canvas for one viewport drawn with glViewport: every call goes to `inner` (whose camera is
// local_camera), except text, which it collects in window pixels (the renderer would put it
// at viewport pixels, i.e. in the wrong place) and places inside r (place_labels).
class ViewCanvas final : public Canvas {
 public:
  ViewCanvas(Canvas& inner, const ViewRect& r) : inner_(inner), r_(r) {}
  void polygon(std::span<const Vec2> pts, Color fill, Color outline, float outline_px) override {
    inner_.polygon(pts, fill, outline, outline_px);
  }
  void circle(Vec2 centre, float radius, Color fill, Color outline, float outline_px) override {
    inner_.circle(centre, radius, fill, outline, outline_px);
  }
  void capsule(Vec2 a, Vec2 b, float radius, Color fill, Color outline, float outline_px) override {
    inner_.capsule(a, b, radius, fill, outline, outline_px);
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
  // Places and draws the labels collected so far inside the viewport.
  void place_labels();

 private:
  Canvas& inner_;
  ViewRect r_;
  LabelBoard labels_;
};

// Per-viewport state: which algorithms it shows (hitbox/report.h bits).
struct SplitState {
  int count = 1;
  std::array<std::uint32_t, kMaxViewports> algos{};
  bool initialised = false;  // algos copied from the sandbox's set on first split
};

// "aabb, sat" for a label; "no algorithm" when none.
std::string algo_label(std::uint32_t algos);

// How far viewport r's centre is from the area's centre, in window pixels. A window point p
// inside r shows the world point shared.to_world(p - view_offset(r, area)).
Vec2 view_offset(const ViewRect& r, const ViewRect& area);
inline Vec2 view_offset(const ViewRect& r, int width, int height) {
  return view_offset(r, window_area(width, height));
}

// The separator lines between viewports and each viewport's label ("View 2: aabb, sat" at its
// top-left corner), on ImGui's background draw list (over the world, under the panels).
inline constexpr Color kViewSeparator{0.86f, 0.88f, 0.94f, 1.0f};
inline constexpr float kViewSeparatorPx = 3.0f;
void draw_view_frames(const SplitState& s, const ViewRect& area);

// The View menu's entries for views: one, two or four viewports, and the comparison table.
// `sandbox_algos` seeds the viewports the first time the view is split.
void views_menu(SplitState& s, bool& compare_open, std::uint32_t sandbox_algos);

// When split: one column of algorithm checkboxes per viewport (a section of the main panel).
void views_section(SplitState& s);

// Seeds the viewports' algorithms from the sandbox's set: viewport 1 shows it, the others a
// classic comparison each (aabb, bounding_circle, pixel) so a split shows differences at once.
void init_split(SplitState& s, std::uint32_t sandbox_algos);

}  // namespace hitbox::app
