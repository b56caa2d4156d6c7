// The clock behind the comparison table's live timing, and what the table says about it.
// The desktop times on a worker thread with std::chrono::steady_clock (nanosecond ticks);
// the browser build has no threads and its steady_clock is performance.now(), which browsers
// coarsen (Chromium: 100 us steps), so there each batch is made long enough for the tick.
// timing_clock.cpp holds what both share; CMakeLists.txt compiles timing_clock_thread.cpp
// (the desktop) or timing_clock_web.cpp (HITBOX_WEB) for the rest.
#pragma once

#include <string>

namespace hitbox::app {

// The smallest step the timing clock was seen to take (ns), measured once.
double timing_clock_tick_ns();
// A tick as the table writes it: "40 ns", "100 us".
std::string timing_tick_text(double tick_ns);

// How long one timed batch lasts at least (ns) and the most calls it may make.
struct TimingBatch {
  double batch_ns = 50000.0;
  int max_calls = 4096;
};
TimingBatch timing_batch();

// One line for the table: which clock, where it runs, its measured tick.
std::string timing_clock_text();

}  // namespace hitbox::app
