#include "platform/window.h"

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "compare/compare.h"
#include "compare/viewports.h"
#include "overlays/palette.h"
#include "panels/layout.h"
#include "panels/panels.h"
#include "platform/fonts.h"
#include "platform/gl.h"
#include "platform/renderer.h"
#include "sandbox/sandbox.h"
#include "teach/lessons.h"
#ifdef __EMSCRIPTEN__
#include "platform/web/web.h"
#endif

namespace hitbox::app {
namespace {

constexpr float kMinZoom = 0.05f;
constexpr float kMaxZoom = 50.0f;
constexpr float kFrameMaxZoom = 3.0f;  // framing never zooms a small scene in further
constexpr float kFrameMarginPx = 24.0f;  // framing keeps this much room around the shapes
constexpr float kTraceRoomPx = 140.0f;   // and this much around the focus pair, for its axes
constexpr int kSettleFrames = 3;  // ImGui needs a couple of frames to size new windows
constexpr int kBenchWarmup = 5;   // frames not timed (shader compile, font upload)
// Interactive frames take at least this long, so a display without vsync (Xvfb) does not
// spin the CPU; real vsync at 60 Hz already takes longer.
constexpr double kMinFrameMs = 13.0;

bool env_set(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0';
}

void print_headless_help() {
  std::cerr << "To run without a display:\n"
               "  one frame to a PNG:         SDL_VIDEODRIVER=offscreen hitbox --screenshot OUT.png"
               " [--scene FILE]\n"
               "  the window on a virtual X:  xvfb-run -a hitbox [--scene FILE]\n"
               "  the numbers, as JSON:       hitbox query FILE\n";
}

int no_window(const std::string& what, const char* sdl_error) {
  std::cerr << "hitbox: " << what << ": " << sdl_error << "\n";
  if (!env_set("DISPLAY") && !env_set("WAYLAND_DISPLAY")) {
    std::cerr << "DISPLAY and WAYLAND_DISPLAY are unset: there is no screen to show a window on.\n";
  }
  print_headless_help();
  return 2;
}

Camera camera_for(const Scene& scene) {
  Camera cam;
  if (scene.view) {
    cam.origin =
        Vec2(static_cast<float>(scene.view->origin.x), static_cast<float>(scene.view->origin.y));
    cam.zoom = std::clamp(static_cast<float>(scene.view->zoom), kMinZoom, kMaxZoom);
  }
  return cam;
}

// Reads the bound read framebuffer (drawable pixels, bottom row first) and writes it as an
// RGB PNG, top row first.
bool write_png(const std::string& path, int width, int height) {
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  std::vector<unsigned char> pixels(w * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<unsigned char> flipped(pixels.size());
  for (std::size_t row = 0; row < h; ++row) {
    std::memcpy(&flipped[row * w * 3], &pixels[(h - 1 - row) * w * 3], w * 3);
  }
  if (stbi_write_png(path.c_str(), width, height, 3, flipped.data(), width * 3) == 0) {
    std::cerr << "hitbox: cannot write " << path << "\n";
    return false;
  }
  return true;
}

// An offscreen colour target for --screenshot: a hidden window's default framebuffer may
// hold nothing (pixel ownership), a framebuffer object always holds what was drawn.
class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height) {
    glGenFramebuffers(1, &fbo_);
    glGenRenderbuffers(1, &color_);
    glBindRenderbuffer(GL_RENDERBUFFER, color_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
    complete_ = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glReadBuffer(GL_COLOR_ATTACHMENT0);
  }
  ~OffscreenTarget() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteRenderbuffers(1, &color_);
    glDeleteFramebuffers(1, &fbo_);
  }
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  bool complete() const { return complete_; }

 private:
  GLuint fbo_ = 0;
  GLuint color_ = 0;
  bool complete_ = false;
};

// SDL, the GL context and ImGui, torn down in reverse order however run_window returns.
struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext context = nullptr;
  bool sdl = false;
  bool imgui = false;
  bool imgui_sdl = false;
  bool imgui_gl = false;

  Platform() = default;
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;
  ~Platform() {
    if (imgui_gl) ImGui_ImplOpenGL3_Shutdown();
    if (imgui_sdl) ImGui_ImplSDL2_Shutdown();
    if (imgui) ImGui::DestroyContext();
    if (context != nullptr) SDL_GL_DeleteContext(context);
    if (window != nullptr) SDL_DestroyWindow(window);
    if (sdl) SDL_Quit();
  }
};

class Shell {
 public:
  Shell(const WindowOptions& options, SDL_Window* window, Sandbox& sandbox, Renderer& renderer)
      : options_(options),
        window_(window),
        sandbox_(sandbox),
        renderer_(renderer),
        camera_(camera_for(options.scene)),
        show_ui_(options.show_ui) {
    split_.count = valid_split(options.split) ? options.split : 1;
    if (split_.count > 1) init_split(split_, sandbox_.algorithms());
    compare_ui_.open = options.compare;
    compare_ui_.timing = options.timing;
    // Recent files persist only where imgui.ini does: interactive runs.
    teacher_ = std::make_unique<Teacher>(sandbox_, renderer_,
                                         options.screenshot.empty() && options.bench_frames == 0);
    if (options.presenter) teacher_->set_presenter(true);
  }

  int interactive();
  int screenshot();
  int bench();

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
  void drawable_size(int* w, int* h) const { SDL_GL_GetDrawableSize(window_, w, h); }
  // Split view and the comparison table (app/viewports.h, app/compare.h).
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
  // "Hitbox - name.json *": the open file, with a mark while it has unsaved changes.
  void update_title();
  std::string title_;
  // The viewport a mouse event belongs to: the one under the pointer, or while a button is
  // held the one where the press began. Its camera is what the sandbox gets.
  int event_view(const SDL_Event& e);
  Camera view_cam(int view) const;
  Vec2 view_shift(int view) const;

  const WindowOptions& options_;
  Layout layout_;                // this frame's docked panels and free area (panels/layout.h)
  UiFont font_;                  // the UI font at the panel scale (platform/fonts.h)
  ScreenRect framed_free_;       // the free area the camera was last fitted to
  bool frame_pending_ = true;    // frame the scene at the next frame
  bool auto_frame_ = true;       // false once the user pans or zooms: keep their view
  bool have_mouse_ = false;      // the pointer position from SDL's events, for ImGui
  Vec2 mouse_{0.0f, 0.0f};
  SDL_Window* window_;
  Sandbox& sandbox_;
  Renderer& renderer_;
  std::unique_ptr<Teacher> teacher_;  // menu bar, lessons, files, presenter (app/lessons.h)
  Camera camera_;
  bool show_ui_;
  bool running_ = true;
  Uint8 pan_button_ = 0;  // the mouse button of a pan in progress, 0 when none
  SplitState split_;
  int press_view_ = 0;  // the viewport of the mouse press in progress
  CompareUi compare_ui_;
  std::unique_ptr<CompareTimer> timer_;  // started when the table first shows timings
  CompareCache compare_cache_;
  std::string compare_rows;  // the table's rows in the last frame (--print-compare)
};

// One frame: world into the canvas batch, panels into ImGui, then both into the bound
// framebuffer. The caller swaps or reads back.
void Shell::frame(bool hide_mouse) {
  font_.apply(teacher_->panel_scale());
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // A frozen clock (the browser's virtual time) can give two frames the same time stamp, and
  // ImGui refuses a zero time step.
  if (ImGui::GetIO().DeltaTime <= 0.0f) ImGui::GetIO().DeltaTime = 1.0e-4f;
  // Headless frames have no pointer: keep panels from showing a hover under (0, 0).
  if (hide_mouse) {
    ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  } else if (have_mouse_) {
    // The pointer as SDL's events reported it: ImGui 1.86's SDL backend asks the window
    // system for it, which under Xvfb without a window manager misses xdotool's moves.
    ImGui::GetIO().MousePos = ImVec2(mouse_.x, mouse_.y);
  }
  ImGui::NewFrame();

  int width = 0, height = 0;
  SDL_GetWindowSize(window_, &width, &height);
  update_layout(width, height);
  int dw = 0, dh = 0;
  drawable_size(&dw, &dh);
  glViewport(0, 0, dw, dh);
  const Color bg = palette::kBackground;
  glClearColor(bg.r, bg.g, bg.b, bg.a);
  glClear(GL_COLOR_BUFFER_BIT);
  section_begin();
  // One analysis of the focus pair for the whole frame: every viewport, panel and the
  // comparison table read it.
  sandbox_.analyze_frame(frame_algos());
  section_end(kAnalysis);
  // The world is drawn (flushed) viewport by viewport; ImGui goes over it all.
  draw_views(width, height, dw, dh);
  section_end(kWorld);
  if (show_ui_) {
    sandbox_.draw_panels();
    teacher_->draw();
    if (teacher_->take_scene_changed()) reset_view();
    // The View menu's view entries and, when split, the per-view algorithms in the main
    // panel (both append to what the teacher and the sandbox began).
    if (ImGui::BeginMainMenuBar()) {
      if (ImGui::BeginMenu("View")) {
        ImGui::Separator();
        views_menu(split_, compare_ui_.open, sandbox_.algorithms());
        ImGui::Separator();
        if (ImGui::MenuItem("Help", "F1", sandbox_.help_shown()))
          sandbox_.show_help(!sandbox_.help_shown());
        if (ImGui::MenuItem("Frame the scene", "Home")) reset_view();
        if (ImGui::MenuItem("Hide panels", "Tab")) show_ui_ = false;
        ImGui::EndMenu();
      }
      ImGui::EndMainMenuBar();
    }
    sandbox_.draw_play_bar();
    if (split_.count > 1 && !layout_.main.empty()) {
      if (begin_docked("Hitbox", layout_.main) &&
          ImGui::CollapsingHeader("Views", ImGuiTreeNodeFlags_DefaultOpen))
        views_section(split_);
      ImGui::End();
    }
  }
  draw_compare();
  ImGui::Render();
  section_end(kPanels);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  section_end(kImGuiDraw);
  // Play mode's next steps run while the GL driver rasterises this frame (llvmpipe does it on
  // its own threads once flushed): the frame shows the scene as analysed and drawn above, and
  // the next frame shows the steps taken here.
  glFlush();
  advance_play();
  section_end(kSim);
}

void Shell::advance_play() {
  const auto now = std::chrono::steady_clock::now();
  const double seconds =
      last_play_frame_ ? std::chrono::duration<double>(now - *last_play_frame_).count() : 0.0;
  last_play_frame_ = now;
  sandbox_.advance(seconds);
}

// The algorithms this frame shows anywhere: the panel's, each viewport's of a split, and
// every one while the comparison table is up.
std::uint32_t Shell::frame_algos() const {
  std::uint32_t algos = sandbox_.algorithms();
  if (split_.count > 1)
    for (int i = 0; i < split_.count; ++i) algos |= split_.algos[static_cast<std::size_t>(i)];
  if (compare_ui_.open || options_.print_compare) algos |= kAllAlgos;
  return algos;
}

void Shell::draw_views(int width, int height, int dw, int dh) {
  if (split_.count <= 1) {
    renderer_.begin(camera_, width, height);
    renderer_.set_label_area(layout_.free);
    renderer_.grid();
    sandbox_.draw_world(renderer_);
    renderer_.flush();
    return;
  }
  // Every viewport draws in its own pixels with glViewport set to its rectangle, so GL clips
  // it there (GL counts rows from the bottom, in drawable pixels); labels go through
  // ViewCanvas to ImGui in window pixels, clipped to the rectangle.
  const float sx = static_cast<float>(dw) / static_cast<float>(std::max(width, 1));
  const float sy = static_cast<float>(dh) / static_cast<float>(std::max(height, 1));
  ImDrawList* labels = ImGui::GetBackgroundDrawList();
  for (int i = 0; i < split_.count; ++i) {
    const ViewRect r = view_rect(split_.count, i, area());
    renderer_.begin(local_camera(camera_, r, area()), r.w, r.h);
    renderer_.grid();
    labels->PushClipRect(ImVec2(static_cast<float>(r.x), static_cast<float>(r.y)),
                         ImVec2(static_cast<float>(r.x + r.w), static_cast<float>(r.y + r.h)),
                         true);
    ViewCanvas canvas(renderer_, r);
    sandbox_.draw_world(canvas, split_.algos[static_cast<std::size_t>(i)]);
    canvas.place_labels();
    labels->PopClipRect();
    glViewport(static_cast<GLint>(std::lround(static_cast<float>(r.x) * sx)),
               static_cast<GLint>(std::lround(static_cast<float>(height - r.y - r.h) * sy)),
               static_cast<GLsizei>(std::lround(static_cast<float>(r.w) * sx)),
               static_cast<GLsizei>(std::lround(static_cast<float>(r.h) * sy)));
    renderer_.flush();
  }
  glViewport(0, 0, dw, dh);
  draw_view_frames(split_, area());
}

void Shell::draw_compare() {
  if (!compare_ui_.open && !options_.print_compare) return;
  int ia = -1, ib = -1;
  std::optional<CompareTable> table;
  const float accuracy = sandbox_.accuracy();
  const PairAnalysis* analysis = sandbox_.frame_analysis(&ia, &ib);
  if (analysis != nullptr) {
    const Shape& a = sandbox_.scene().shapes[static_cast<std::size_t>(ia)];
    const Shape& b = sandbox_.scene().shapes[static_cast<std::size_t>(ib)];
    table = compare_cache_.get(a, b, *analysis, accuracy);
    compare_rows = compare_text(*table);
    if (compare_ui_.open && compare_ui_.timing) {
      if (!timer_) timer_ = std::make_unique<CompareTimer>();
      timer_->post(a, b, accuracy);
    }
  } else {
    compare_rows = "no pair in focus\n";
  }
  if (!show_ui_ || !compare_ui_.open) return;
  CompareTimer::Timings timings;
  timings.ns.fill(-1.0);
  if (timer_) timings = timer_->results();
  // Copies: the table's Find may replace the shapes the references point at.
  std::optional<Shape> a, b;
  if (table) {
    a = sandbox_.scene().shapes[static_cast<std::size_t>(ia)];
    b = sandbox_.scene().shapes[static_cast<std::size_t>(ib)];
  }
  draw_compare_window(compare_ui_, layout_.compare, table ? &*table : nullptr, a ? &*a : nullptr,
                      b ? &*b : nullptr, accuracy, timings,
                      [&](const Shape& na, const Shape& nb, const std::string& message) {
                        sandbox_.replace_pair(ia, na, ib, nb, message);
                      });
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
  Aabb frame = *box;
  camera_.zoom = fit(frame);
  // Room for the focus pair's traces: SAT's axis lines run up to about 110 window px beside
  // the pair, all around it.
  if (const auto extent = sandbox_.focus_extent()) {
    for (int pass = 0; pass < 2; ++pass) {
      const float r = extent->second + kTraceRoomPx / camera_.zoom;
      frame.min = glm::min(box->min, extent->first - Vec2(r, r));
      frame.max = glm::max(box->max, extent->first + Vec2(r, r));
      camera_.zoom = fit(frame);
    }
  }
  // The box's centre at the centre of the free area (each viewport centres the same point).
  const Vec2 centre = 0.5f * (frame.min + frame.max);
  const ScreenRect& f = layout_.free;
  const Vec2 screen(0.5f * (f.x0 + f.x1), 0.5f * (f.y0 + f.y1));
  camera_.origin = centre - screen / camera_.zoom;
}

void Shell::update_title() {
  const std::string& path = sandbox_.path();
  std::string title = "Hitbox - " + (path.empty() ? options_.title
                                                   : std::filesystem::path(path).filename().string());
  if (sandbox_.unsaved()) title += " *";
  if (title != title_) {
    title_ = title;
    SDL_SetWindowTitle(window_, title_.c_str());
  }
}

// --print-layout: the last frame's layout as one JSON object, for tests that check that the
// scene is framed in the free area and the labels are readable (window pixels).
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
  out += ",\"shapes\":[";
  bool first = true;
  for (const Shape& sh : sandbox_.scene().shapes) {
    const Aabb b = Posed(sh).body().bounds;
    const Vec2 lo = camera_.to_screen(b.min), hi = camera_.to_screen(b.max);
    out += std::string(first ? "" : ",") + "{\"id\":" + quoted(sh.id) +
           ",\"box\":" + rect(ScreenRect{lo.x, lo.y, hi.x, hi.y}) + "}";
    first = false;
  }
  out += "],\"labels\":[";
  first = true;
  for (const PlacedLabel& l : renderer_.labels().last()) {
    out += std::string(first ? "" : ",") + "{\"text\":" + quoted(l.text) +
           ",\"box\":" + rect(l.box) + "}";
    first = false;
  }
  out += "]}\n";
  std::cout << out << std::flush;
}

Vec2 Shell::view_shift(int view) const {
  return view_offset(view_rect(split_.count, view, area()), area());
}

Camera Shell::view_cam(int view) const {
  Camera c = camera_;
  c.origin = camera_.origin - view_shift(view) / camera_.zoom;
  return c;
}

int Shell::event_view(const SDL_Event& e) {
  if (split_.count <= 1) return 0;
  const auto at = [&](int x, int y) {
    return view_at(split_.count, Vec2(static_cast<float>(x), static_cast<float>(y)), area());
  };
  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN:
      press_view_ = at(e.button.x, e.button.y);
      return press_view_;
    case SDL_MOUSEBUTTONUP:
      return press_view_;
    case SDL_MOUSEMOTION:
      return e.motion.state != 0 ? press_view_ : at(e.motion.x, e.motion.y);
    default: {
      int mx = 0, my = 0;
      const Uint32 buttons = SDL_GetMouseState(&mx, &my);
      return buttons != 0 ? press_view_ : at(mx, my);
    }
  }
}

void Shell::zoom_at(Vec2 window_point, float factor) {
  auto_frame_ = false;
  const Vec2 world = camera_.to_world(window_point);
  camera_.zoom = std::clamp(camera_.zoom * factor, kMinZoom, kMaxZoom);
  camera_.origin = world - window_point / camera_.zoom;
}

// Events go to ImGui first, then the sandbox, then the camera and the shell's keys.
void Shell::handle(const SDL_Event& e) {
  ImGui_ImplSDL2_ProcessEvent(&e);
  if (e.type == SDL_QUIT) {
    running_ = false;
    return;
  }
  if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE &&
      e.window.windowID == SDL_GetWindowID(window_)) {
    running_ = false;
    return;
  }

  if (e.type == SDL_MOUSEMOTION) {
    have_mouse_ = true;
    mouse_ = Vec2(static_cast<float>(e.motion.x), static_cast<float>(e.motion.y));
  } else if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
    have_mouse_ = true;
    mouse_ = Vec2(static_cast<float>(e.button.x), static_cast<float>(e.button.y));
  }

  // A pan in progress owns the pointer until its button comes up.
  if (pan_button_ != 0) {
    if (e.type == SDL_MOUSEMOTION) {
      auto_frame_ = false;
      camera_.origin -=
          Vec2(static_cast<float>(e.motion.xrel), static_cast<float>(e.motion.yrel)) / camera_.zoom;
      return;
    }
    if (e.type == SDL_MOUSEBUTTONUP && e.button.button == pan_button_) {
      pan_button_ = 0;
      return;
    }
  }

  const ImGuiIO& io = ImGui::GetIO();
  const bool mouse =
      e.type == SDL_MOUSEMOTION || e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEWHEEL;
  const bool keys = e.type == SDL_KEYDOWN || e.type == SDL_TEXTINPUT || e.type == SDL_TEXTEDITING;
  // Releases always reach the sandbox so a drag that ends over a panel still ends.
  if ((mouse && io.WantCaptureMouse) || (keys && io.WantCaptureKeyboard)) return;

  // Space + left drag pans; the sandbox never sees that click.
  if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT &&
      !io.WantCaptureKeyboard && SDL_GetKeyboardState(nullptr)[SDL_SCANCODE_SPACE] != 0) {
    pan_button_ = SDL_BUTTON_LEFT;
    return;
  }

  const int view = event_view(e);
  if (sandbox_.on_event(e, view_cam(view))) return;

  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN:
      if (e.button.button == SDL_BUTTON_RIGHT || e.button.button == SDL_BUTTON_MIDDLE) {
        pan_button_ = e.button.button;
      }
      break;
    case SDL_MOUSEWHEEL: {
      float amount = e.wheel.preciseY;
      if (e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED) amount = -amount;
      if (amount == 0.0f) break;
      int mx = 0, my = 0;
      SDL_GetMouseState(&mx, &my);
      zoom_at(Vec2(static_cast<float>(mx), static_cast<float>(my)) - view_shift(view),
              std::pow(1.15f, amount));
      break;
    }
    case SDL_KEYDOWN: {
      const SDL_Keycode key = e.key.keysym.sym;
      if (key == SDLK_HOME) {
        reset_view();
      } else if (key == SDLK_TAB && e.key.repeat == 0) {
        show_ui_ = !show_ui_;
      } else if (key == SDLK_F11 && e.key.repeat == 0) {
        teacher_->set_presenter(!teacher_->presenter());
      } else if (key == SDLK_q && (e.key.keysym.mod & KMOD_CTRL) != 0) {
        running_ = false;
      }
      break;
    }
    default:
      break;
  }
}

bool Shell::interactive_frame() {
  SDL_Event e;
  while (SDL_PollEvent(&e) != 0) handle(e);
  if (!running_) return false;
  frame(false);
  // File > Export PNG: the frame just drawn, read back like --screenshot-on-exit (drawn
  // again without the panels when the export asked for the scene only).
  if (const std::string png = teacher_->take_export(); !png.empty()) {
    if (teacher_->export_without_panels() && show_ui_) {
      show_ui_ = false;
      frame(true);
      show_ui_ = true;
    }
    glReadBuffer(GL_BACK);
    int dw = 0, dh = 0;
    drawable_size(&dw, &dh);
    teacher_->exported(png, write_png(png, dw, dh));
  }
  update_title();
  SDL_GL_SwapWindow(window_);
  return true;
}

int Shell::interactive() {
#ifdef __EMSCRIPTEN__
  // The browser owns the loop: one frame per animation frame; this never returns.
  web::run_main_loop([this] { return interactive_frame(); });
#endif
  using Clock = std::chrono::steady_clock;
  while (running_) {
    const auto start = Clock::now();
    if (!interactive_frame()) break;
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (ms < kMinFrameMs) SDL_Delay(static_cast<Uint32>(kMinFrameMs - ms));
  }
  if (options_.screenshot_on_exit.empty()) return 0;
  // The frame as it stood when the user quit, drawn once more and read from the back buffer.
  frame(false);
  glReadBuffer(GL_BACK);
  int dw = 0, dh = 0;
  drawable_size(&dw, &dh);
  return write_png(options_.screenshot_on_exit, dw, dh) ? 0 : 1;
}

int Shell::screenshot() {
  int dw = 0, dh = 0;
  drawable_size(&dw, &dh);
  OffscreenTarget target(dw, dh);
  if (!target.complete()) {
    std::cerr << "hitbox: cannot create a " << dw << "x" << dh << " offscreen framebuffer\n";
    return 1;
  }
  for (int i = 0; i < kSettleFrames; ++i) {
    SDL_Event e;
    while (SDL_PollEvent(&e) != 0) {
    }
    frame(true);
  }
  if (options_.print_compare) std::cout << compare_rows << std::flush;
  if (options_.print_layout) print_layout();
  return write_png(options_.screenshot, dw, dh) ? 0 : 1;
}

int Shell::bench() {
  using Clock = std::chrono::steady_clock;
  std::vector<double> times;
  times.reserve(static_cast<std::size_t>(options_.bench_frames));
  auto last = Clock::now();
  int i = 0;
  // One timed frame; false once the run is over.
  const auto one = [&] {
    SDL_Event e;
    while (SDL_PollEvent(&e) != 0) {
      if (e.type == SDL_QUIT) running_ = false;
    }
    if (i == kBenchWarmup) section_ms_.fill(0.0);
    frame(true);
    section_begin();
    SDL_GL_SwapWindow(window_);
    section_end(kSwap);
    const auto now = Clock::now();
    if (i >= kBenchWarmup)
      times.push_back(std::chrono::duration<double, std::milli>(now - last).count());
    last = now;
    return running_ && ++i < kBenchWarmup + options_.bench_frames;
  };
#ifdef __EMSCRIPTEN__
  // In the browser a frame is one animation frame (drawn and presented), as a user sees it.
  web::run_main_loop([&] {
    if (one()) return true;
    bench_report(std::move(times));
    return false;
  });
#endif
  while (one()) {
  }
  return bench_report(std::move(times));
}

int Shell::bench_report(std::vector<double> times) const {
  if (times.empty()) {
    std::cerr << "hitbox: benchmark interrupted before any frame was timed\n";
    return 1;
  }
  const double mean =
      std::accumulate(times.begin(), times.end(), 0.0) / static_cast<double>(times.size());
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  const auto p99_index =
      static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(sorted.size()))) - 1;
  int width = 0, height = 0;
  SDL_GetWindowSize(window_, &width, &height);
  std::printf(
      "hitbox bench: %zu frames at %dx%d, %zu shapes, panels %s, driver %s\n"
      "frame time: mean %.2f ms, p99 %.2f ms, max %.2f ms (triangles: canvas %zu, imgui %d)\n",
      times.size(), width, height, sandbox_.scene().shapes.size(), show_ui_ ? "on" : "off",
      SDL_GetCurrentVideoDriver(), mean, sorted[p99_index], sorted.back(),
      renderer_.triangle_count(), ImGui::GetDrawData()->TotalIdxCount / 3);
  const double n = static_cast<double>(times.size());
  std::printf(
      "per frame (mean ms): play mode %.2f, analysis + colliding pairs %.2f, world drawn %.2f, "
      "panels built %.2f, imgui drawn %.2f, swap %.2f\n",
      section_ms_[kSim] / n, section_ms_[kAnalysis] / n, section_ms_[kWorld] / n,
      section_ms_[kPanels] / n, section_ms_[kImGuiDraw] / n, section_ms_[kSwap] / n);
  return 0;
}

}  // namespace

int run_window(WindowOptions options) {
  const bool headless = !options.screenshot.empty();
  const bool bench = options.bench_frames > 0;

  Platform platform;
  if (SDL_Init(SDL_INIT_VIDEO) != 0) return no_window("cannot start SDL video", SDL_GetError());
  platform.sdl = true;

  // With no display SDL 2.26 may fall back to its offscreen driver, which shows nothing.
  const std::string driver = SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "";
  if (!headless && !bench && (driver == "offscreen" || driver == "dummy")) {
    const char* asked = SDL_GetHint(SDL_HINT_VIDEODRIVER);
    if (asked == nullptr || *asked == '\0') {
      return no_window(
          "cannot open a window",
          ("SDL found no display and fell back to its '" + driver + "' driver").c_str());
    }
    std::cerr << "hitbox: SDL_VIDEODRIVER=" << asked
              << " shows nothing: the interactive window needs a display.\n";
    print_headless_help();
    return 2;
  }

#ifdef __EMSCRIPTEN__
  // WebGL 2: OpenGL ES 3.0.
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
#else
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);

  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  if (headless) flags |= SDL_WINDOW_HIDDEN;
  const std::string title = "Hitbox - " + options.title;
  platform.window = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                     options.width, options.height, flags);
  if (platform.window == nullptr) return no_window("cannot open a window", SDL_GetError());
  platform.context = SDL_GL_CreateContext(platform.window);
  if (platform.context == nullptr) {
    return no_window("cannot create an OpenGL 3.3 core context", SDL_GetError());
  }
  SDL_GL_MakeCurrent(platform.window, platform.context);
  // Interactive: vsync. Screenshots and the benchmark: as fast as the GL goes.
  SDL_GL_SetSwapInterval(headless || bench ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  platform.imgui = true;
  ImGuiIO& io = ImGui::GetIO();
  // Saved panel positions would make screenshots and timings depend on the working directory.
  if (headless || bench) io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  platform.imgui_sdl = ImGui_ImplSDL2_InitForOpenGL(platform.window, platform.context);
  platform.imgui_gl = ImGui_ImplOpenGL3_Init(kImGuiGlslVersion);
  if (!platform.imgui_sdl || !platform.imgui_gl) {
    std::cerr << "hitbox: cannot start the ImGui SDL2/OpenGL3 backends\n";
    return 1;
  }

  std::unique_ptr<Renderer> renderer;
  try {
    renderer = std::make_unique<Renderer>();
  } catch (const std::exception& e) {
    std::cerr << "hitbox: " << e.what() << "\n";
    return 1;
  }

  int status = 0;
  {
    Sandbox sandbox(options.scene, options.scene_path);
    if (options.algos) sandbox.set_algorithms(*options.algos);
    if (options.accuracy && !sandbox.set_accuracy(*options.accuracy)) {
      std::cerr << "hitbox: --accuracy " << *options.accuracy << ": expected 0 < A <= 1\n";
      return 2;
    }
    if (options.focus && !sandbox.set_focus(options.focus->first, options.focus->second)) {
      std::cerr << "hitbox: --focus " << options.focus->first << ":" << options.focus->second
                << ": no such pair of shapes\n";
      return 2;
    }
    if (!options.auto_resolve.empty() && !sandbox.set_auto_resolve(options.auto_resolve)) {
      std::cerr << "hitbox: --auto-resolve " << options.auto_resolve << ": unknown mode\n";
      return 2;
    }
    if (!options.step.empty() && !sandbox.set_step(options.step)) {
      std::cerr << "hitbox: --step " << options.step << ": expected sat:N, swept:N or gjk:N\n";
      return 2;
    }
    // Headless pictures and the frame benchmark step play mode by a fixed 1/60 s per frame
    // (two steps of 1/120 s), so they repeat; the interactive window follows the clock.
    if (headless || bench) sandbox.set_fixed_steps(2);
    if (options.play_seconds > 0.0 && !sandbox.run_seconds(options.play_seconds)) {
      std::cerr << "hitbox: --play-seconds: the scene cannot run\n";
      return 2;
    }
    if (options.play) sandbox.set_playing(true);
    Shell shell(options, platform.window, sandbox, *renderer);
    status = headless ? shell.screenshot() : bench ? shell.bench() : shell.interactive();
  }
  renderer.reset();  // GL objects go while the context is still current
  return status;
}

Scene make_bench_scene(int count) {
  // Deterministic layout: a grid of cells over 1280x800, one shape per cell, kinds cycling
  // rect, circle, polygon, with sizes and angles from a fixed linear congruential sequence.
  Scene scene;
  const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(count * 1.6))));
  const int rows = std::max(1, (count + columns - 1) / columns);
  const double cell_w = 1280.0 / columns;
  const double cell_h = 800.0 / rows;
  // The focus pair "a" and "b" sits in the middle of the view.
  const int centre = std::min(rows / 2 * columns + columns / 2, std::max(count - 2, 0));
  std::uint32_t state = 12345u;
  const auto next = [&state] {
    state = state * 1664525u + 1013904223u;
    return static_cast<double>(state >> 8) / static_cast<double>(1u << 24);
  };
  for (int i = 0; i < count; ++i) {
    Shape s;
    char id[16];
    std::snprintf(id, sizeof id, "s%d", i);
    s.id = i == centre ? "a" : i == centre + 1 ? "b" : id;
    const double cx = (i % columns + 0.5) * cell_w;
    const double cy = (i / columns + 0.5) * cell_h;
    const double extent = 0.35 * std::min(cell_w, cell_h);
    s.pos = DVec2(cx + (next() - 0.5) * 0.3 * cell_w, cy + (next() - 0.5) * 0.3 * cell_h);
    s.angle = std::floor(next() * 360.0);
    s.vel = DVec2((next() - 0.5) * 40.0, (next() - 0.5) * 40.0);
    switch (i % 3) {
      case 0:
        s.kind = Kind::Rect;
        s.size = DVec2(extent * (1.2 + next() * 0.8), extent * (0.8 + next() * 0.6));
        break;
      case 1:
        s.kind = Kind::Circle;
        s.radius = extent * (0.6 + next() * 0.4);
        break;
      default: {
        s.kind = Kind::Polygon;
        const int n = 3 + static_cast<int>(next() * 5.0);
        for (int k = 0; k < n; ++k) {
          const double t = 2.0 * 3.14159265358979323846 * k / n;
          s.points.emplace_back(extent * std::cos(t), extent * std::sin(t));
        }
        break;
      }
    }
    scene.shapes.push_back(std::move(s));
  }
  // The focus pair overlaps: "b" (a circle) sits over "a"'s (a rectangle's) right half.
  if (count >= centre + 2) {
    Shape& a = scene.shapes[static_cast<std::size_t>(centre)];
    Shape& b = scene.shapes[static_cast<std::size_t>(centre + 1)];
    a.kind = Kind::Rect;
    a.size = DVec2(0.8 * cell_w, 0.5 * cell_h);
    a.points.clear();
    a.radius = 0.0;
    b.kind = Kind::Circle;
    b.radius = 0.3 * cell_h;
    b.size = DVec2(0.0, 0.0);
    b.points.clear();
    b.pos = a.pos + DVec2(0.35 * cell_w, 0.2 * cell_h);
  }
  return scene;
}

}  // namespace hitbox::app
