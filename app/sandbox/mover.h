// The Mover tool's state (sandbox/mover.cpp): a capsule of the scene is the character. Keys
// walk and jump it, and each fixed step moves it with the core's mover_walk (hitbox/mover.h)
// through the other shapes as a ShapeWorld: the scene's in edit mode, the simulation's while
// playing, where it pushes dynamic bodies. The mistakes switch runs ghosts beside it with the
// core's mover_walk_mistake. Nothing here computes collision math.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "hitbox/mover.h"
#include "hitbox/scene.h"
#include "hitbox/world.h"
#include "sandbox/request.h"
#include "teach/teach.h"

namespace hitbox::app {

inline constexpr double kMoverStep = 1.0 / 60.0;  // s: one move per fixed step
inline constexpr float kMoverPushLimit = 2.0f;    // px per step a dynamic body gives way
inline constexpr float kMoverStepHeight = 12.0f;  // px: stair edges stepped onto
inline constexpr float kMoverWalkSpeed = 220.0f;  // px/s at first
inline constexpr float kMoverWalkMin = 50.0f, kMoverWalkMax = 3000.0f;  // px/s, the slider

// The tool's walk in `scene`: kMoverStep, the scene's gravity (the walk's default without
// one), stair steps of kMoverStepHeight. `--print-tasks --mover-keys` walks the same way.
MoverWalkConfig mover_walk_config(const Scene& scene);

struct MoverTool {
  ShapeRef shape;  // the character (none: the tool is off)
  float walk_speed = kMoverWalkSpeed;
  bool left = false, right = false, jump = false;  // keys held (jump: until it jumps)
  // The character (its capsule taken from the scene shape each step), its last move, the
  // mistakes' ghosts beside it, and where the last move started (for step mode).
  MoverRun run;
  Capsule start;
  MoverTrace trace;
  // Step mode: the last move's passes, three steps each (collide, solve, cast); frozen.
  teach::StepMode step;
  // The world the mover meets: every shape but the mover, rebuilt when the scene changes.
  ShapeWorld world;
  std::vector<int> world_index;  // by handle slot: the scene index
  std::uint64_t world_version = ~std::uint64_t{0};
  double accumulator = 0.0;
  int fixed_steps_per_frame = 0;  // > 0: headless, this many moves per frame
};

}  // namespace hitbox::app
