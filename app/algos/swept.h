// swept's step mode (algos/swept.cpp): one step per record of the trace (a slab axis, or a
// feature of the rounded polygon) with the running entry/exit times; the quadratic
// (circle-circle) has one step; conservative advancement one per advance (its time, distance
// and bound). The last step states the time of impact or the miss.
#pragma once

#include <string>

#include "hitbox/collide.h"
#include "platform/canvas.h"

namespace hitbox::app {
struct SandboxState;
// A and B of the focus pair posed at time t of the step (moved, and turned unless `slide`):
// the swept modules' ghosts. A shape that neither moves nor turns has none.
void draw_ghost_pair(const SandboxState& s, Canvas& c, float t, Color col, const std::string& tag,
                     float width, bool tag_below = false, bool slide = false);
}  // namespace hitbox::app

namespace hitbox::app::teach {

int swept_step_count(const SweptTrace& tr);

// The running entry and exit times after swept step `step` (the max of the entries and the
// min of the exits recorded so far; for the rounded polygon the earliest feature time) and
// the step that holds the running entry (-1 before any).
struct SweptRunning {
  float enter = 0.0f;
  float exit = 0.0f;
  int entry_step = -1;
};
SweptRunning swept_running(const SweptTrace& tr, int step);

std::string swept_step_text(const SweptTrace& tr, const SweptResult& r, int step);

}  // namespace hitbox::app::teach
