// The browser's timing clock: performance.now() behind steady_clock, coarsened by the browser
// (Chromium: 100 us steps), read on the main thread between frames. Batches are made long
// enough for the tick. (The desktop compiles timing_clock_thread.cpp instead; CMakeLists.txt
// picks.)
#include <algorithm>
#include <cstdio>

#include "compare/timing_clock.h"

namespace hitbox::app {

TimingBatch timing_batch() {
  TimingBatch b;
  // At least 1 ms and ten ticks per batch, so a tick is at most a tenth of the reading.
  b.batch_ns = std::max(1.0e6, 10.0 * timing_clock_tick_ns());
  b.max_calls = 1 << 22;
  return b;
}

std::string timing_clock_text() {
  const TimingBatch b = timing_batch();
  char text[256];
  std::snprintf(text, sizeof text,
                "Clock: the browser's performance.now() (steps of %s here), on the main thread "
                "between frames; batches of at least %.0f ms.",
                timing_tick_text(timing_clock_tick_ns()).c_str(), b.batch_ns / 1.0e6);
  return text;
}

}  // namespace hitbox::app
