// One module per algorithm (app/algos/NAME.cpp), like the samples of Box2D's testbed: each
// holds its drawing in the world, its panel section, its step mode (sat, swept, gjk, manifold) and
// what the rest of the window needs to know about it. algos.cpp registers them in one table, in the
// order of the core's catalogue (kAlgorithms); the world overlay, the panel, step mode, the compare
// table and the status line walk that table and name no algorithm.
//
// Adding an algorithm: a new module file and one row of the table.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "hitbox/algorithms.h"
#include "hitbox/mask.h"
#include "hitbox/shape.h"
#include "platform/canvas.h"

namespace hitbox::app {

struct SandboxState;

// Step mode: the algorithm's trace walked one record at a time (teach/teach.h).
// Its StepMode is SandboxState::stepper.mode(bit).
struct AlgoSteps {
  int (*count)(const SandboxState& s);
  // The world drawing of the current step (after the algorithm's own trace, if any).
  void (*draw)(const SandboxState& s, Canvas& c);
  // The world box the drawing needs at `zoom` (the shell frames the view to hold it), or
  // nullptr when the drawing stays by the pair.
  std::optional<Aabb> (*extent)(const SandboxState& s, float zoom);
};

// How the compare table reads the algorithm's answer against the exact one.
enum class Exactness : std::uint8_t {
  Approximate,  // compared with the exact answer
  Convex,       // the exact answer for convex shapes: the reference without a sprite
  Pixels,       // the exact answer with a sprite (at accuracy 1): the reference then
  OverTheStep,  // answers "do they meet during the step": compared only without velocities
  SlidesOnly,   // OverTheStep with spin ignored: compared with swept when a shape turns
};

struct AlgoModule {
  Algo bit;
  const char* name;          // as the catalogue spells it (the panel's checkbox and section)
  bool on_at_start = false;  // enabled in a new sandbox and in a scene that lists no algorithms
  int colour_rank = 0;       // the pair's hit colour comes from the lowest rank that ran; 0: never
  bool traced = false;       // the frame's analysis records its trace for the drawing
  bool on_masks = false;     // runs on pixel masks (built before the analysis)
  Exactness exactness;
  // Drawing for the focus pair: `under` before the shapes (nullptr: nothing), `draw` over
  // them; both only when the algorithm ran in the viewport.
  void (*under)(const SandboxState& s, Canvas& c) = nullptr;
  void (*draw)(const SandboxState& s, Canvas& c) = nullptr;
  // Its section in the main panel, under the checkboxes (nullptr: none).
  void (*section)(SandboxState& s) = nullptr;
  // Why it could not run on the focus pair ("" when it could), the panel's short word for
  // that, or nullptr when nothing stops it.
  const std::string& (*refused)(const SandboxState& s) = nullptr;
  const char* refused_word = nullptr;
  const AlgoSteps* steps = nullptr;  // nullptr: no step mode
  // One untraced query, as analyze() runs it (the compare table times it); ma and mb are
  // the masks for an algorithm on masks, else nullptr.
  bool (*query)(const Collider& a, const Collider& b, const Mask* ma, const Mask* mb);
};

// The table, in the order of kAlgorithms.
std::span<const AlgoModule* const> algo_modules();
// The module of an algorithm bit; nullptr for a bit the window has no module for.
const AlgoModule* algo_module(std::uint32_t bit);
// --step: "sat:2" (1-based step) -> an algorithm with a step mode and the 0-based step;
// false for anything else. step_flag_forms: "sat:N, swept:N, gjk:N or manifold:N".
bool parse_step_flag(std::string_view text, Algo* algo, int* step);
std::string step_flag_forms();
// "sat": the module's name, "?" for a bit without one.
const char* algo_name(std::uint32_t bit);

// Bits of the modules enabled at start, traced, and running on masks.
std::uint32_t start_algos();
std::uint32_t traced_algos();
std::uint32_t mask_algos();
// Of `ran`, the bit whose verdict colours the pair (lowest colour_rank), 0 for none.
std::uint32_t most_exact_algo(std::uint32_t ran);
// The reference of the compare table (sprite: Exactness::Pixels, else Convex).
const AlgoModule& reference_module(bool sprite);

}  // namespace hitbox::app
