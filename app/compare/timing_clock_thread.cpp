// The desktop's timing clock: steady_clock on the comparison table's worker thread, where
// nanosecond ticks let short batches do. (The browser build compiles timing_clock_web.cpp
// instead; CMakeLists.txt picks.)
#include <cstdio>

#include "compare/timing_clock.h"

namespace hitbox::app {

TimingBatch timing_batch() {
  return TimingBatch{};
}

std::string timing_clock_text() {
  const TimingBatch b = timing_batch();
  char text[256];
  std::snprintf(text, sizeof text,
                "Clock: std::chrono::steady_clock (steps of %s here), on a worker thread; "
                "batches of at least %.0f us.",
                timing_tick_text(timing_clock_tick_ns()).c_str(), b.batch_ns / 1000.0);
  return text;
}

}  // namespace hitbox::app
