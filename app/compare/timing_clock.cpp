// What both timing clocks share: the tick, measured, and its text. CMake compiles one of
// timing_clock_thread.cpp (the desktop) or timing_clock_web.cpp (the browser) beside this.
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

std::string timing_tick_text(double tick_ns) {
  char text[32];
  if (tick_ns < 1000.0) {
    std::snprintf(text, sizeof text, "%.0f ns", tick_ns);
  } else {
    std::snprintf(text, sizeof text, "%.0f us", tick_ns / 1000.0);
  }
  return text;
}

}  // namespace hitbox::app
