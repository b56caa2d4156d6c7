// The shell's frame, its events and the interactive loop (shell.h).
#include "shell/shell.h"

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "overlays/palette.h"
#include "panels/panels.h"
#include "platform/framebuffer.h"
#include "platform/gl.h"
#include "platform/svg_canvas.h"
#ifdef __EMSCRIPTEN__
#include "platform/web/web.h"
#endif

namespace hitbox::app {
namespace {

// Interactive frames take at least this long, so a display without vsync (Xvfb) does not
// spin the CPU; real vsync at 60 Hz already takes longer.
constexpr double kMinFrameMs = 13.0;

}  // namespace

Shell::Shell(const WindowOptions& options, SDL_Window* window, Sandbox& sandbox, Renderer& renderer)
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
  if (options.predict) sandbox_.set_predict(true);
}

// One frame: the edits asked for, then world into the canvas batch, panels into ImGui, then
// both into the bound framebuffer. The caller swaps or reads back.
void Shell::frame(bool hide_mouse) {
  // The frame's one edit point: what the panels asked for last frame and the keys and tools
  // since, before the layout (the Inspector shows for a selection) and the analysis.
  sandbox_.apply_requests();
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
  teacher_->check_tasks();
  section_end(kAnalysis);
  // The world is drawn (flushed) viewport by viewport; ImGui goes over it all.
  draw_views(width, height, dw, dh);
  section_end(kWorld);
  if (show_ui_) {
    sandbox_.draw_panels();
    teacher_->draw();
    if (teacher_->take_scene_changed()) reset_view();
    if (teacher_->take_link_request()) {
      teacher_->share_link(View{DVec2(camera_.origin.x, camera_.origin.y), camera_.zoom});
    }
    // The View menu's view entries and, when split, the per-view algorithms in the main
    // panel (both append to what the teacher and the sandbox began).
    if (ImGui::BeginMainMenuBar()) {
      if (ImGui::BeginMenu("View")) {
        ImGui::Separator();
        views_menu(split_, compare_ui_.open, sandbox_.algorithms());
        ImGui::Separator();
        if (ImGui::MenuItem("Help", "F1", sandbox_.help_shown()))
          sandbox_.show_help(!sandbox_.help_shown());
        if (ImGui::MenuItem("Play contacts", nullptr, sandbox_.contacts_shown()))
          sandbox_.set_show_contacts(!sandbox_.contacts_shown());
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip(
              "In play mode, each contact point of the last step with its normal impulse as\n"
              "an arrow along the normal (length proportional; the scale is at the top left).");
        if (ImGui::MenuItem("Mover tool", "M", sandbox_.mover_on()))
          sandbox_.ask(Request(Ask::Mover));
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("The selected capsule, or a new one, walks: A / D, Space jumps.");
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
  if (sandbox_.verdicts_hidden()) return;  // predict mode: every verdict waits for Reveal
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
  // Find asks for the new poses (request.h): the shapes stay as they are in this frame.
  const Shape* a = table ? &sandbox_.scene().shapes[static_cast<std::size_t>(ia)] : nullptr;
  const Shape* b = table ? &sandbox_.scene().shapes[static_cast<std::size_t>(ib)] : nullptr;
  draw_compare_window(compare_ui_, layout_.compare, table ? &*table : nullptr, a, b, accuracy,
                      timings, [&](const Shape& na, const Shape& nb, const std::string& message) {
                        Request r(Ask::ReplacePair, sandbox_.ref(ia), sandbox_.ref(ib));
                        r.shapes = {na, nb};
                        r.text = message;
                        sandbox_.ask(std::move(r));
                      });
}

void Shell::update_title() {
  const std::string& path = sandbox_.path();
  std::string title =
      "Hitbox - " +
      (path.empty() ? options_.title : std::filesystem::path(path).filename().string());
  if (sandbox_.unsaved()) title += " *";
  if (title != title_) {
    title_ = title;
    SDL_SetWindowTitle(window_, title_.c_str());
  }
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
    space_tap_ = false;  // the space bar was held for a pan, not tapped
    return;
  }
  // A tap of the space bar (down and up with no pan between) is predict mode's Reveal.
  if (e.type == SDL_KEYUP && e.key.keysym.sym == SDLK_SPACE) {
    if (space_tap_ && sandbox_.predict()) sandbox_.reveal();
    space_tap_ = false;
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
      if (key == SDLK_SPACE && e.key.repeat == 0) {
        space_tap_ = true;
      } else if (key == SDLK_HOME) {
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
  // File > Export SVG: the canvas of the frame just drawn, as vectors.
  if (const std::string svg = teacher_->take_svg_export(); !svg.empty()) {
    std::string why;
    const bool ok = write_text_file(svg, canvas_svg(), &why);
    if (!ok) std::cerr << "hitbox: cannot write " << svg << ": " << why << "\n";
    teacher_->exported(svg, ok);
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

}  // namespace hitbox::app
