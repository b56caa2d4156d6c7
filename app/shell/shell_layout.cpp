// The shell's layout and camera (shell.h): where the panels go each frame, framing the scene
// in the free area, zoom about a point, the viewports' cameras, and --print-layout.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "panels/flow.h"
#include "panels/panels.h"
#include "shell/shell.h"

namespace hitbox::app {
namespace {

constexpr float kMinZoom = 0.05f;
constexpr float kMaxZoom = 50.0f;
constexpr float kFrameMaxZoom = 3.0f;    // framing never zooms a small scene in further
constexpr float kFrameMarginPx = 24.0f;  // framing keeps this much room around the shapes
constexpr float kTraceRoomPx = 140.0f;   // and this much around the focus pair, for its axes

// A world box in window pixels through camera c.
ScreenRect on_screen(const Camera& c, const Aabb& b) {
  const Vec2 lo = c.to_screen(b.min), hi = c.to_screen(b.max);
  return ScreenRect{lo.x, lo.y, hi.x, hi.y};
}

}  // namespace

Camera Shell::camera_for(const Scene& scene) {
  Camera cam;
  if (scene.view) {
    cam.origin =
        Vec2(static_cast<float>(scene.view->origin.x), static_cast<float>(scene.view->origin.y));
    cam.zoom = std::clamp(static_cast<float>(scene.view->zoom), kMinZoom, kMaxZoom);
  }
  return cam;
}

ViewRect Shell::area() const {
  const ScreenRect& f = layout_.free;
  const int x = static_cast<int>(std::floor(f.x0)), y = static_cast<int>(std::floor(f.y0));
  return ViewRect{x, y, std::max(static_cast<int>(std::ceil(f.x1)) - x, 1),
                  std::max(static_cast<int>(std::ceil(f.y1)) - y, 1)};
}

// The panels' places for this frame, then the camera: framed again when asked (a scene
// opened, Home) or when the free area changed and the user has not moved the view; a view
// the user set keeps the world point at the free area's centre where it was.
void Shell::update_layout(int width, int height) {
  LayoutInput in;
  in.width = static_cast<float>(width);
  in.height = static_cast<float>(height);
  in.scale = teacher_->panel_scale();
  in.menu_h = ImGui::GetFrameHeight();
  in.status_h = status_height();
  in.panels = show_ui_;
  in.lesson = teacher_->lesson_shown();
  in.inspector = sandbox_.has_selection();
  in.compare = compare_ui_.open;
  layout_ = compute_layout(in);
  sandbox_.set_layout(layout_);
  teacher_->set_lesson_rect(layout_.lesson);
  const ScreenRect& f = layout_.free;
  // Step mode's drawing beside the pair (GJK's Minkowski difference) has just appeared, and
  // partly outside the first view (under a panel): framed again once, unless the user has
  // moved the view or a view is fixed. Only when it appears, so that dragging a shape in step
  // mode never re-frames under the cursor.
  const auto step = sandbox_.step_extent(camera_.zoom);
  if (step && !step_shown_ && auto_frame_ && !options_.view && !sandbox_.scene().view) {
    const ViewRect r = view_rect(split_.count, 0, area());
    const ScreenRect s = on_screen(view_cam(0), *step);
    if (s.x0 < static_cast<float>(r.x) || s.y0 < static_cast<float>(r.y) ||
        s.x1 > static_cast<float>(r.x + r.w) || s.y1 > static_cast<float>(r.y + r.h))
      frame_pending_ = true;
  }
  step_shown_ = step.has_value();
  if (frame_pending_ || (auto_frame_ && !(f == framed_free_))) {
    frame_scene();
  } else if (!(f == framed_free_)) {
    const Vec2 old_c(0.5f * (framed_free_.x0 + framed_free_.x1),
                     0.5f * (framed_free_.y0 + framed_free_.y1));
    const Vec2 new_c(0.5f * (f.x0 + f.x1), 0.5f * (f.y0 + f.y1));
    camera_.origin += (old_c - new_c) / camera_.zoom;
  }
  framed_free_ = f;
}

// The scene's view when the file sets one; else every shape (and where its velocity ends)
// fitted into the free area, or into one viewport of a split, with a margin.
void Shell::frame_scene() {
  frame_pending_ = false;
  if (options_.view) {
    camera_.origin = Vec2(static_cast<float>(options_.view->origin.x),
                          static_cast<float>(options_.view->origin.y));
    camera_.zoom = static_cast<float>(options_.view->zoom);
    return;
  }
  if (sandbox_.scene().view) {
    camera_ = camera_for(sandbox_.scene());
    return;
  }
  const std::optional<Aabb> box = sandbox_.world_bounds();
  if (!box) return;
  const ViewRect r = view_rect(split_.count, 0, area());
  const float w = std::max(static_cast<float>(r.w) - 2.0f * kFrameMarginPx, 40.0f);
  const float h = std::max(static_cast<float>(r.h) - 2.0f * kFrameMarginPx, 40.0f);
  const auto fit = [&](const Aabb& b) {
    const Vec2 size = glm::max(b.max - b.min, Vec2(1.0f, 1.0f));
    return std::clamp(std::min(w / size.x, h / size.y), kMinZoom, kFrameMaxZoom);
  };
  // The box at zoom z with room for the focus pair's traces (SAT's axis lines run up to about
  // 110 window px beside the pair, all around it) and for what step mode draws beside the pair
  // (GJK's Minkowski difference, 90 px right of it, with its captions). Those are sized in
  // window pixels, so the box grows in world units as z falls: the zoom is the largest at
  // which it fits, found by halving (fitting is monotonic in z).
  const auto extent = sandbox_.focus_extent();
  // (In a small view, split views in a small window, the room is at most a fifth of it.)
  const float room_px = std::min(kTraceRoomPx, 0.2f * std::min(w, h));
  const auto frame_at = [&](float z) {
    Aabb fr = *box;
    if (extent) {
      const float r = extent->second + room_px / z;
      fr.min = glm::min(fr.min, extent->first - Vec2(r, r));
      fr.max = glm::max(fr.max, extent->first + Vec2(r, r));
    }
    if (const auto step = sandbox_.step_extent(z)) {
      fr.min = glm::min(fr.min, step->min);
      fr.max = glm::max(fr.max, step->max);
    }
    return fr;
  };
  const auto fits = [&](float z) {
    const Aabb fr = frame_at(z);
    return (fr.max.x - fr.min.x) * z <= w && (fr.max.y - fr.min.y) * z <= h;
  };
  float lo = kMinZoom, hi = fit(*box);
  if (fits(hi)) {
    lo = hi;
  } else if (fits(lo)) {
    for (int i = 0; i < 40; ++i) {
      const float mid = 0.5f * (lo + hi);
      (fits(mid) ? lo : hi) = mid;
    }
  } else {
    // A view too small for the room even at the least zoom: the shapes fitted with the room
    // at that zoom, fitted twice, and the traces may spill.
    lo = fit(frame_at(fit(frame_at(hi))));
  }
  camera_.zoom = lo;
  const Aabb frame = frame_at(lo);
  // The box's centre at the centre of the free area (each viewport centres the same point).
  const Vec2 centre = 0.5f * (frame.min + frame.max);
  const ScreenRect& f = layout_.free;
  const Vec2 screen(0.5f * (f.x0 + f.x1), 0.5f * (f.y0 + f.y1));
  camera_.origin = centre - screen / camera_.zoom;
}

Vec2 Shell::view_shift(int view) const {
  return view_offset(view_rect(split_.count, view, area()), area());
}

Camera Shell::view_cam(int view) const {
  Camera c = camera_;
  c.origin = camera_.origin - view_shift(view) / camera_.zoom;
  return c;
}

void Shell::zoom_at(Vec2 window_point, float factor) {
  auto_frame_ = false;
  const Vec2 world = camera_.to_world(window_point);
  camera_.zoom = std::clamp(camera_.zoom * factor, kMinZoom, kMaxZoom);
  camera_.origin = world - window_point / camera_.zoom;
}

// --print-layout: the last frame's layout as one JSON object, for tests that check that the
// scene is framed in the free area, the labels are readable and no panel cuts a line off
// (window pixels).
void Shell::print_layout() const {
  const auto rect = [](const ScreenRect& r) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "[%.1f,%.1f,%.1f,%.1f]", r.x0, r.y0, r.x1, r.y1);
    return std::string(buf);
  };
  const auto quoted = [](const std::string& text) {
    std::string q = "\"";
    for (const char ch : text) {
      if (ch == '"' || ch == '\\') q += '\\';
      if (ch == '\n') q += "\\n";  // a label of several lines
      if (static_cast<unsigned char>(ch) >= 0x20) q += ch;
    }
    return q + "\"";
  };
  int width = 0, height = 0;
  SDL_GetWindowSize(window_, &width, &height);
  std::string out = "{\"window\":" + rect(ScreenRect{0.0f, 0.0f, static_cast<float>(width),
                                                     static_cast<float>(height)});
  out += ",\"free\":" + rect(layout_.free) + ",\"main\":" + rect(layout_.main) +
         ",\"inspector\":" + rect(layout_.inspector) + ",\"lesson\":" + rect(layout_.lesson) +
         ",\"compare\":" + rect(layout_.compare) + ",\"status\":" + rect(layout_.status);
  char cam[96];
  std::snprintf(cam, sizeof cam, ",\"camera\":{\"origin\":[%.3f,%.3f],\"zoom\":%.5f}",
                camera_.origin.x, camera_.origin.y, camera_.zoom);
  out += cam;
  // What step mode draws beside the pair (GJK's Minkowski difference), in window pixels.
  if (const auto step = sandbox_.step_extent(camera_.zoom))
    out += ",\"step\":" + rect(on_screen(camera_, *step));
  out += ",\"shapes\":[";
  bool first = true;
  for (const Shape& sh : sandbox_.scene().shapes) {
    out += std::string(first ? "" : ",") + "{\"id\":" + quoted(sh.id) +
           ",\"box\":" + rect(on_screen(camera_, Posed(sh).collider().bounds)) + "}";
    first = false;
  }
  out += "],\"labels\":[";
  first = true;
  for (const PlacedLabel& l : renderer_.labels().last()) {
    out += std::string(first ? "" : ",") + "{\"text\":" + quoted(l.text) +
           ",\"box\":" + rect(l.box) + "}";
    first = false;
  }
  // How far each docked panel (and the help overlay) cuts a line or a table cell off at its
  // edge (cut_off_px, panels/flow.h).
  out += "],\"clipped\":{";
  first = true;
  for (const auto& [key, title] : {std::pair<const char*, const char*>{"main", "Hitbox"},
                                   {"inspector", "Inspector"},
                                   {"lesson", "Lesson"},
                                   {"compare", "Compare algorithms"},
                                   {"status", "##status"},
                                   {"help", kHelpTitle}}) {
    const float past = cut_off_px(title);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s\"%s\":%.1f", first ? "" : ",", key, past);
    out += buf;
    first = false;
  }
  out += "}}\n";
  std::cout << out << std::flush;
}

}  // namespace hitbox::app
