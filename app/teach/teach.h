// Step mode: walk an algorithm's trace one record at a time, the way a teacher would on a
// projector. The core records (SatTrace, SweptTrace, GjkTrace); this file only replays what
// it recorded: which record a step shows, one sentence about it, and how to draw it. Nothing
// here computes collision math.
//
//   sat    one step per axis of the early-exit trace, in test order; the last step is the
//          separating axis (early exit stops there) or, when every axis overlaps, the last
//          axis, whose sentence says they collide and names the axis of least overlap.
//   swept  one step per record of the trace (a slab axis, or a feature of the rounded
//          polygon) with the running entry/exit times; the quadratic (circle-circle) has one
//          step. The last step states the time of impact or the miss.
//   gjk    one step per GJK iteration, then one per EPA iteration. The Minkowski difference
//          A - B is drawn beside the pair (gjk_frame says where), with its origin labelled.
//
// Steps are 0-based here; the command line and the panel count from 1.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "overlays/sat_lane.h"
#include "platform/canvas.h"

namespace hitbox::app::teach {

// The step-mode colour of the one axis being shown (separating: palette::kSeparatingAxis).
inline constexpr Color kStepAxis{1.00f, 0.62f, 0.15f, 1.0f};
inline constexpr Color kStepText{0.95f, 0.96f, 1.00f, 1.0f};
inline constexpr Color kMinkowskiFill{0.45f, 0.85f, 1.00f, 0.10f};
inline constexpr Color kMinkowskiOutline{0.45f, 0.85f, 1.00f, 0.85f};
inline constexpr Color kSimplex{1.00f, 0.84f, 0.22f, 1.0f};
inline constexpr Color kSupport{1.00f, 0.36f, 0.32f, 1.0f};

// ---- which record a step shows ----

// Steps of each algorithm (0 when there is nothing to step through).
int sat_step_count(const SatTrace& early);
int swept_step_count(const SweptTrace& tr);
int gjk_step_count(const GjkTrace& tr);
// step clamped into [0, count - 1] (0 when count is 0): asking past the stop shows the stop.
int clamp_step(int step, int count);

// The running entry and exit times after swept step `step` (the max of the entries and the
// min of the exits recorded so far; for the rounded polygon the earliest feature time) and
// the step that holds the running entry (-1 before any).
struct SweptRunning {
  float enter = 0.0f;
  float exit = 0.0f;
  int entry_step = -1;
};
SweptRunning swept_running(const SweptTrace& tr, int step);

// One sentence per step, in plain words.
std::string sat_step_text(const SatTrace& early, int step);
std::string swept_step_text(const SweptTrace& tr, const SweptResult& r, int step);
std::string gjk_step_text(const GjkTrace& tr, const GjkResult& r, int step);

// ---- where things are drawn ----

// SAT axis lines are placed with overlays/sat_lane.h (the sandbox uses the same lanes).

// The Minkowski difference is drawn translated so that its origin sits at `origin` (world):
// to the right of the pair, its box (with the origin) starting 90 px past the pair's right
// edge and centred on the pair vertically. A point w of A - B is drawn at origin + w.
struct GjkFrame {
  Vec2 origin{0.0f, 0.0f};
};
GjkFrame gjk_frame(const Collider& a, const Collider& b, const GjkTrace& tr, float px);
// The world box that draw_gjk_step's drawing takes at any step: the Minkowski difference, its
// origin, caption and labels, and the search arrows (the shell frames the view to hold it).
Aabb gjk_step_box(const Collider& a, const Collider& b, const GjkTrace& tr, float px);

// ---- drawing (world, through the Canvas) ----
void draw_sat_step(Canvas& c, const Collider& a, const Collider& b, const SatTrace& early,
                   int step);
void draw_swept_step(Canvas& c, const Collider& a, const Collider& b, const SweptTrace& tr,
                     const SweptResult& r, int step);
void draw_gjk_step(Canvas& c, const Collider& a, const Collider& b, const GjkTrace& tr,
                   const GjkResult& r, int step);

// ---- state, keys, command line ----

struct StepMode {
  bool on = false;
  int step = 0;
};

enum class StepAlgo : std::uint8_t { Sat, Swept, Gjk };

struct Counts {
  int sat = 0, swept = 0, gjk = 0;
};

struct Stepper {
  StepMode sat, swept, gjk;
  GjkTrace gjk_trace;  // the gjk trace of the focus pair, refreshed while gjk steps

  StepMode& mode(StepAlgo a) {
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
