// The browser's frame loop (web.h): Emscripten calls tick() once per animation frame.
#include <emscripten.h>
#include <emscripten/stack.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <utility>
#include <vector>

#include "platform/web/web.h"

namespace hitbox::app::web {
namespace {

constexpr std::size_t kMaxTimedFrames = 100000;  // the work times kept for the report

std::function<bool()> g_frame;
long g_frames = 0;
std::vector<double> g_work_ms;  // how long each frame took to compute (ms, the page's clock)

void report_work() {
  if (g_work_ms.empty()) return;
  std::vector<double> sorted = g_work_ms;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0.0;
  for (const double v : sorted) sum += v;
  const std::size_t p99 =
      static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(sorted.size()))) - 1;
  std::printf(
      "hitbox web: %ld frames; computing a frame (main thread, performance.now): mean %.2f ms, "
      "p99 %.2f ms, max %.2f ms\n",
      g_frames, sum / static_cast<double>(sorted.size()), sorted[p99], sorted.back());
}

void tick(void*) {
  const double start = emscripten_get_now();
  const bool more = g_frame();
  const double work = emscripten_get_now() - start;
  ++g_frames;
  if (g_work_ms.size() < kMaxTimedFrames) g_work_ms.push_back(work);
  if (g_frames == 1) {
    // performance.now() counts from the start of navigation: page load to first frame.
    EM_ASM({ console.log("hitbox: first frame at " + performance.now().toFixed(0) + " ms"); });
  }
  EM_ASM({ window.hitboxFrames = $0; }, g_frames);
  if (!more) {
    emscripten_cancel_main_loop();
    report_work();
    EM_ASM({ window.hitboxDone = true; });
  }
}

}  // namespace

void run_main_loop(std::function<bool()> frame) {
  g_frame = std::move(frame);
  // Simulating an infinite loop throws a JavaScript exception through the callers' frames,
  // and on its way out every exception-handling wrapper (invoke_*, there with -fexceptions)
  // resets the stack pointer to where main() began: the callers' objects (the window, the
  // sandbox...) would then be overwritten by the next call from JavaScript. Right after main()
  // has been left (the runtime's post-run hooks, before any event or frame), the stack pointer
  // moves back below them, so they stay where they are for the life of the page.
  EM_ASM({ addOnPostRun(function() { stackRestore($0); }); }, emscripten_stack_get_current());
  // 0 frames per second: the browser's animation frames.
  emscripten_set_main_loop_arg(tick, nullptr, 0, 1);
  __builtin_unreachable();
}

}  // namespace hitbox::app::web
