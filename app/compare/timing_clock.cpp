#include "compare/timing_clock.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace hitbox::app {

double timing_clock_tick_ns() {
  static const double tick = [] {
    using Clock = std::chrono::steady_clock;
    double smallest = 1e18;
    // The smallest of a few observed steps: wait for the clock to move, several times.
    for (int k = 0; k < 5; ++k) {
      const auto t0 = Clock::now();
      auto t1 = t0;
      while (t1 == t0) t1 = Clock::now();
      smallest = std::min(smallest, std::chrono::duration<double, std::nano>(t1 - t0).count());
    }
    return smallest;
  }();
  return tick;
}

TimingBatch timing_batch() {
  TimingBatch b;
#ifdef __EMSCRIPTEN__
  // At least 1 ms and ten ticks per batch, so a tick is at most a tenth of the reading.
  b.batch_ns = std::max(1.0e6, 10.0 * timing_clock_tick_ns());
  b.max_calls = 1 << 22;
#endif
  return b;
}

std::string timing_clock_text() {
  const double tick = timing_clock_tick_ns();
  char tick_text[32];
  if (tick < 1000.0) {
    std::snprintf(tick_text, sizeof tick_text, "%.0f ns", tick);
  } else {
    std::snprintf(tick_text, sizeof tick_text, "%.0f us", tick / 1000.0);
  }
  const TimingBatch b = timing_batch();
  char text[256];
#ifdef __EMSCRIPTEN__
  std::snprintf(text, sizeof text,
                "Clock: the browser's performance.now() (steps of %s here), on the main thread "
                "between frames; batches of at least %.0f ms.",
                tick_text, b.batch_ns / 1.0e6);
#else
  std::snprintf(text, sizeof text,
                "Clock: std::chrono::steady_clock (steps of %s here), on a worker thread; "
                "batches of at least %.0f us.",
                tick_text, b.batch_ns / 1000.0);
#endif
  return text;
}

}  // namespace hitbox::app
