// Step mode: walk an algorithm's trace one record at a time, the way a teacher would on a
// projector. The core records (SatTrace, SweptTrace, GjkTrace); each algorithm's module
// (app/algos/sat.cpp, swept.cpp, gjk.cpp) replays what it recorded: which record a step
// shows, one sentence about it, and how to draw it. This file holds what they share: the
// step state, the keys, the --step flag, the caption and the panel's controls. Nothing here
// computes collision math.
//
// Steps are 0-based here; the command line and the panel count from 1.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "hitbox/shape.h"
#include "platform/canvas.h"

namespace hitbox::app::teach {

// The step-mode colour of the one axis or feature being shown.
inline constexpr Color kStepAxis{1.00f, 0.62f, 0.15f, 1.0f};
inline constexpr Color kStepText{0.95f, 0.96f, 1.00f, 1.0f};

// step clamped into [0, count - 1] (0 when count is 0): asking past the stop shows the stop.
int clamp_step(int step, int count);

// The step's caption: `title` on its own line, then the sentence in short lines, always in
// the same place above the pair and left-aligned with it, so it does not jump about while
// stepping.
void step_caption(Canvas& c, const Collider& a, const Collider& b, const std::string& title,
                  const std::string& sentence, float px);

// ---- state, keys, command line ----

struct StepMode {
  bool on = false;
  int step = 0;
};

enum class StepAlgo : std::uint8_t { Sat, Swept, Gjk };

struct Counts {
  int sat = 0, swept = 0, gjk = 0;
  int& of(StepAlgo a) { return a == StepAlgo::Sat ? sat : a == StepAlgo::Swept ? swept : gjk; }
};

struct Stepper {
  StepMode sat, swept, gjk;

  StepMode& mode(StepAlgo a) {
    return a == StepAlgo::Sat ? sat : a == StepAlgo::Swept ? swept : gjk;
  }
  const StepMode& mode(StepAlgo a) const {
    return a == StepAlgo::Sat ? sat : a == StepAlgo::Swept ? swept : gjk;
  }
  bool any_on() const { return sat.on || swept.on || gjk.on; }
  // N / Right: next step, P / Left: previous, in every section whose step mode is on.
  // True when the key was used.
  bool key(std::int32_t sdl_keycode, const Counts& counts);
  void clamp(const Counts& counts);
};

// "sat:2" (1-based step) -> the algorithm and the 0-based step; false for anything else.
bool parse_step_flag(std::string_view text, StepAlgo* algo, int* step);

// The panel's controls for one section (Dear ImGui; teach_panel.cpp): the "Step through"
// toggle and, when it is on, Prev / Next, "step k of n" and the step's sentence.
void step_controls(const char* id, StepMode& m, int count, const std::string& sentence,
                   const char* note);

}  // namespace hitbox::app::teach
