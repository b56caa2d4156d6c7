// The shell's two runs that capture rather than show (shell.h): --screenshot (settle, draw
// into an offscreen target, write the PNG) and --bench-frames (time each frame and the
// sections it spends them in, then print the report).
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <utility>
#include <vector>

#include "overlays/palette.h"
#include "platform/framebuffer.h"
#include "platform/svg_canvas.h"
#include "shell/shell.h"
#ifdef __EMSCRIPTEN__
#include "platform/web/web.h"
#endif

namespace hitbox::app {
namespace {

constexpr int kSettleFrames = 3;  // ImGui needs a couple of frames to size new windows
constexpr int kBenchWarmup = 5;   // frames not timed (shader compile, font upload)

}  // namespace

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
  if (!options_.screenshot.empty() && !write_png(options_.screenshot, dw, dh)) return 1;
  if (!options_.svg.empty()) {
    std::string why;
    if (!write_text_file(options_.svg, canvas_svg(), &why)) {
      std::cerr << "hitbox: --svg: cannot write " << options_.svg << ": " << why << "\n";
      return 2;
    }
  }
  return 0;
}

std::string Shell::canvas_svg() {
  int width = 0, height = 0;
  SDL_GetWindowSize(window_, &width, &height);
  const auto w = static_cast<float>(width), h = static_cast<float>(height);
  // The picture: the whole window with the panels hidden, as the screenshot shows it; else the
  // free area between the panels.
  const ScreenRect shown = show_ui_ ? layout_.free : ScreenRect{0.0f, 0.0f, w, h};
  SvgCanvas svg(width, height, shown, palette::kBackground, renderer_.line_scale());
  if (split_.count <= 1) {
    // As draw_views: the whole window drawn, the labels kept to the free area.
    svg.begin_view(camera_, ScreenRect{0.0f, 0.0f, w, h}, layout_.free);
    svg.grid();
    sandbox_.draw_world(svg);
    svg.end_view();
  } else {
    for (int i = 0; i < split_.count; ++i) {
      const ViewRect r = view_rect(split_.count, i, area());
      const ScreenRect rect{static_cast<float>(r.x), static_cast<float>(r.y),
                            static_cast<float>(r.x + r.w), static_cast<float>(r.y + r.h)};
      svg.begin_view(view_camera(camera_, r, area()), rect, rect);
      svg.grid();
      sandbox_.draw_world(svg, split_.algos[static_cast<std::size_t>(i)]);
      svg.end_view();
    }
  }
  return svg.finish();
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

}  // namespace hitbox::app
