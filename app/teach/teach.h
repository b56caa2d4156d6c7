// Step mode: walk an algorithm's trace one record at a time, the way a teacher would on a
// projector. The core records (SatTrace, SweptTrace, GjkTrace); each algorithm's module
// (app/algos/sat.cpp, swept.cpp, gjk.cpp) replays what it recorded: which record a step
// shows, one sentence about it, and how to draw it. This file holds what they share: the
// step state, the keys, the --step flag, the caption and the panel's controls. Nothing here
// computes collision math.
//
// Steps are 0-based here; the command line and the panel count from 1.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

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

// ---- state and keys ----

struct StepMode {
  bool on = false;
  int step = 0;
};

// One slot per algorithm bit (hitbox/algorithms.h): the slot of bit 1 << k is k.
inline constexpr std::size_t kAlgoSlots = 32;
inline std::size_t slot_of(std::uint32_t bit) {
  return static_cast<std::size_t>(std::countr_zero(bit)) % kAlgoSlots;
}

// How many steps each algorithm's trace has now, by algorithm bit.
struct Counts {
  std::array<int, kAlgoSlots> n{};
  int& of(std::uint32_t bit) { return n[slot_of(bit)]; }
  int of(std::uint32_t bit) const { return n[slot_of(bit)]; }
};

// The step mode of each algorithm, by algorithm bit (only those with steps are ever on).
struct Stepper {
  std::array<StepMode, kAlgoSlots> modes{};

  StepMode& mode(std::uint32_t bit) { return modes[slot_of(bit)]; }
  const StepMode& mode(std::uint32_t bit) const { return modes[slot_of(bit)]; }
  bool any_on() const;
  // N / Right: next step, P / Left: previous, in every section whose step mode is on.
  // True when the key was used.
  bool key(std::int32_t sdl_keycode, const Counts& counts);
  void clamp(const Counts& counts);
};

// The panel's controls for one section (Dear ImGui; teach_panel.cpp): the "Step through"
// toggle and, when it is on, Prev / Next, "step k of n" and the step's sentence.
void step_controls(const char* id, StepMode& m, int count, const std::string& sentence,
                   const char* note);

}  // namespace hitbox::app::teach
