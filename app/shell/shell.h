// The shell: the frame loop around a Sandbox in an open window. It owns the world camera, the
// docked layout, split viewports and the comparison table, and routes SDL events to ImGui,
// the sandbox and its own keys. Its work is spread over three files: shell.cpp (the frame,
// events, the interactive loop), shell_layout.cpp (the layout and the camera: framing, zoom,
// --print-layout) and shell_capture.cpp (--screenshot and --bench-frames). run_window
// (window.cpp) builds one once SDL, GL and ImGui are up (platform.h).
#pragma once

#include <SDL.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compare/compare.h"
#include "compare/viewports.h"
#include "panels/layout.h"
#include "platform/canvas.h"
#include "platform/fonts.h"
#include "platform/renderer.h"
#include "sandbox/sandbox.h"
#include "shell/window.h"
#include "teach/lessons.h"

namespace hitbox::app {

class Shell {
 public:
  Shell(const WindowOptions& options, SDL_Window* window, Sandbox& sandbox, Renderer& renderer);

  // The three runs (run_window picks one); each returns the process exit status.
  int interactive();  // the window until the user quits (shell.cpp)
  int screenshot();   // --screenshot, --svg: settle, draw offscreen, write the PNG and or SVG
                      // (shell_capture.cpp)
  int bench();        // --bench-frames: time the frames, print the report (shell_capture.cpp)

 private:
  bool interactive_frame();  // events, one frame, Export PNG, swap; false once quitting
  int bench_report(std::vector<double> times) const;
  void frame(bool hide_mouse);
  void handle(const SDL_Event& e);
  void zoom_at(Vec2 window_point, float factor);
  // Home, a scene opened: frame the scene in the free area (its own view when it has one).
  void reset_view() {
    frame_pending_ = true;
    auto_frame_ = true;
  }
  void update_layout(int width, int height);
  void frame_scene();
  ViewRect area() const;
  // The camera a scene file's view asks for (zoom clamped), else the default one.
  static Camera camera_for(const Scene& scene);
  void drawable_size(int* w, int* h) const { SDL_GL_GetDrawableSize(window_, w, h); }
  // Split view and the comparison table (compare/viewports.h, compare/compare.h).
  void draw_views(int width, int height, int dw, int dh);
  void draw_compare();
  std::uint32_t frame_algos() const;
  // Play mode: hands the sandbox the time since the last frame (headless runs step a fixed
  // number of steps per frame instead, set in run_window).
  void advance_play();
  std::optional<std::chrono::steady_clock::time_point> last_play_frame_;
  // --bench-frames: where each frame goes (ms summed over the timed frames): play mode's
  // simulation, the analysis and colliding pairs, the world drawn and flushed to GL, the
  // panels built, ImGui's draw, and the swap (where the GL driver finishes the frame).
  enum Section { kSim, kAnalysis, kWorld, kPanels, kImGuiDraw, kSwap, kSections };
  std::array<double, kSections> section_ms_{};
  std::chrono::steady_clock::time_point section_start_;
  void section_begin() { section_start_ = std::chrono::steady_clock::now(); }
  void section_end(Section k) {
    const auto now = std::chrono::steady_clock::now();
    section_ms_[k] += std::chrono::duration<double, std::milli>(now - section_start_).count();
    section_start_ = now;
  }
  void print_layout() const;
  // The canvas of the frame just drawn as an SVG document (platform/svg_canvas.h): every
  // viewport drawn again through Sandbox::draw_world, with the same cameras, label areas and
  // line scale, cut to the free area; no panels (shell_capture.cpp).
  std::string canvas_svg();
  // "Hitbox - name.json *": the open file, with a mark while it has unsaved changes.
  void update_title();
  std::string title_;
  // The viewport a mouse event belongs to: the one under the pointer, or while a button is
  // held the one where the press began. Its camera is what the sandbox gets.
  int event_view(const SDL_Event& e);
  Camera view_cam(int view) const;
  Vec2 view_shift(int view) const;

  const WindowOptions& options_;
  Layout layout_;              // this frame's docked panels and free area (panels/layout.h)
  UiFont font_;                // the UI font at the panel scale (platform/fonts.h)
  ScreenRect framed_free_;     // the free area the camera was last fitted to
  bool frame_pending_ = true;  // frame the scene at the next frame
  bool auto_frame_ = true;     // false once the user pans or zooms: keep their view
  bool step_shown_ = false;    // step mode drew beside the pair last frame (step_extent)
  bool have_mouse_ = false;    // the pointer position from SDL's events, for ImGui
  Vec2 mouse_{0.0f, 0.0f};
  SDL_Window* window_;
  Sandbox& sandbox_;
  Renderer& renderer_;
  std::unique_ptr<Teacher> teacher_;  // menu bar, lessons, files, presenter (teach/lessons.h)
  Camera camera_;
  bool show_ui_;
  bool running_ = true;
  Uint8 pan_button_ = 0;    // the mouse button of a pan in progress, 0 when none
  bool space_tap_ = false;  // the space bar is down and has not started a pan
  SplitState split_;
  int press_view_ = 0;  // the viewport of the mouse press in progress
  CompareUi compare_ui_;
  std::unique_ptr<CompareTimer> timer_;  // started when the table first shows timings
  CompareCache compare_cache_;
  std::string compare_rows;  // the table's rows in the last frame (--print-compare)
};

}  // namespace hitbox::app
