// A lesson's tasks: a sentence, a condition the window checks every frame on the analysis of
// the pair in focus, and what to say when it holds (docs/scene-format.md, "tasks").
//
// Conditions are a small expression language with no loops and no calls:
//   condition := either ("or" either)*          either := both ("and" both)*
//   both      := "not" both | value [op value]  op     := < <= > >= == !=
//   value     := number | name | "(" condition ")"
// A name reads one number:
//   <algorithm>.hit      1 when the algorithm ran and says hit, else 0 (aabb, sat, ...)
//   <algorithm>.<figure> aabb.depth, bounding_circle.gap, sat.overlap, sat.axes, mtd.depth,
//                        swept.toi, swept_linear.toi, pixel.cells, gjk.depth, gjk.distance,
//                        manifold.points (0, 1 or 2), manifold.depth (its deepest point's,
//                        > 0 overlapping)
//   a.<field>, b.<field> the focus pair's shapes: x, y, angle, scale, vx, vy, spin
//   shape.<id>.<field>   a shape by its id (letters, digits, _ and -), the same fields
//   play.time            seconds of play mode since Reset
//   play.points          play mode's contact points per pair (1 or 2)
//   play.warm_start      1 when play mode warm starts its impulses, else 0
//   play.sleeping        how many bodies are asleep
//   mover.on             1 while the Mover tool walks a capsule, else 0
//   mover.<field>        the Mover tool's character after its last step (a MoverRun): x, y
//                        (its centre), input (-1, 0, 1), ground (0, 1), planes (within the
//                        skin), moved (px), slope (degrees: the steepest plane, 0 with
//                        none), steps (stair steps taken), mistakes (0, 1)
//   mover.<mistake>.<f>  a mistake's ghost (mtd_only, no_cast, no_clip, zero_velocity): x,
//                        y, moved; there only while the mistakes are shown
// A comparison with a number that is not there (an algorithm that did not run, a figure of a
// miss) is false; a value alone holds when it is not 0.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hitbox/analysis.h"
#include "hitbox/mover.h"
#include "hitbox/shape.h"

namespace hitbox {

struct Scene;

// A condition, parsed once: its steps in postfix order.
struct Condition {
  enum class Op : std::uint8_t { Number, Read, Not, And, Or, Less, LessEq, More, MoreEq, Eq, Ne };
  // What a Read step reads.
  enum class Source : std::uint8_t {
    Algo,
    ShapeA,
    ShapeB,
    ShapeId,
    PlayTime,
    PlayPoints,
    PlayWarmStart,
    PlaySleeping,
    Mover
  };
  struct Step {
    Op op = Op::Number;
    double number = 0.0;  // Number
    Source source = Source::Algo;
    std::uint32_t algo = 0;  // Algo: the algorithm's bit
    std::string name;        // Algo: the figure ("hit", "depth"...); shapes: the field
    std::string shape;       // ShapeId: the id
    int mistake = -1;        // Mover: a ghost's index in kMoverMistakes (-1: the mover)
    bool operator==(const Step&) const = default;
  };
  std::vector<Step> steps;
  std::uint32_t algos = 0;  // the algorithms it reads (the window runs them)
  bool operator==(const Condition&) const = default;
};

// Parses `text`; returns "" or what is wrong and where ("at 12: unknown figure 'dpeth' of mtd
// (it has: hit, depth)").
std::string parse_condition(std::string_view text, Condition& out);

// Whether every shape the condition names by id is in the scene: "" or the first missing.
std::string condition_shape_problem(const Condition& c, const Scene& scene);

// What a condition reads in one frame.
struct TaskInputs {
  const PairAnalysis* analysis = nullptr;  // the focus pair's, or none
  const Shape* a = nullptr;                // the focus pair
  const Shape* b = nullptr;
  const Scene* scene = nullptr;
  double play_time = 0.0;
  int play_points = 2;              // SimOptions::contact_points
  bool play_warm_start = true;      // SimOptions::warm_start
  int play_sleeping = 0;            // bodies asleep (SimStats::sleeping)
  const MoverRun* mover = nullptr;  // the Mover tool's (none: the tool is off)
};

bool condition_holds(const Condition& c, const TaskInputs& in);

}  // namespace hitbox
