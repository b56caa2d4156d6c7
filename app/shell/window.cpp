// run_window: SDL, GL and ImGui (platform.h), the renderer and the sandbox set up from the
// flags, then the shell (shell.h) runs interactively, for a screenshot or for a benchmark.
// Also the benchmark scene.
#include "shell/window.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <utility>

#include "algos/algos.h"
#include "platform/platform.h"
#include "platform/renderer.h"
#include "sandbox/sandbox.h"
#include "shell/shell.h"

namespace hitbox::app {

int run_window(WindowOptions options) {
  const bool headless = !options.screenshot.empty() || !options.svg.empty();
  const bool bench = options.bench_frames > 0;

  Platform platform;
  const WindowSetup setup{options.width, options.height, headless, !headless && !bench};
  if (const int status = platform.open(setup); status != 0) return status;

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
    if (!options.notice.empty()) sandbox.notify(options.notice, true);
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
      std::cerr << "hitbox: --step " << options.step << ": expected " << step_flag_forms() << "\n";
      return 2;
    }
    // Headless pictures and the frame benchmark step play mode by a fixed 1/60 s per frame
    // (two steps of 1/120 s), so they repeat; the interactive window follows the clock.
    if (headless || bench) sandbox.set_fixed_steps(2);
    if (!options.mover.empty()) {
      if (const std::string why = sandbox.set_mover(options.mover); !why.empty()) {
        std::cerr << "hitbox: --mover " << options.mover << ": " << why << "\n";
        return 2;
      }
    }
    sandbox.set_show_contacts(options.contacts);
    if (options.play_seconds > 0.0 && !sandbox.run_seconds(options.play_seconds)) {
      std::cerr << "hitbox: --play-seconds: the scene cannot run\n";
      return 2;
    }
    if (options.print_hash) std::cout << sandbox.play_hash_line() << std::endl;
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
