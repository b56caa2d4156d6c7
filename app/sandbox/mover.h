// The Mover tool's state (sandbox/mover.cpp): a capsule of the scene is the character. Keys
// walk and jump it, gravity pulls it, and each fixed step moves it with the core's
// move_and_slide (hitbox/mover.h) through the other shapes as a ShapeWorld: the scene's in
// edit mode, the simulation's while playing, where it pushes dynamic bodies. The mistakes
// switch runs ghosts beside it with the core's mover_mistake. Nothing here computes
// collision math.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "hitbox/mover.h"
#include "hitbox/world.h"
#include "sandbox/request.h"
#include "teach/teach.h"

namespace hitbox::app {

inline constexpr double kMoverStep = 1.0 / 60.0;  // s: one move per fixed step
inline constexpr float kMoverGravity = 980.0f;    // px/s^2 down when the scene has none
inline constexpr float kMoverJumpSpeed = 420.0f;  // px/s up
inline constexpr float kMoverMaxFall = 1500.0f;   // px/s: the fastest fall
inline constexpr float kMoverPushLimit = 2.0f;    // px per step a dynamic body gives way
inline constexpr float kMoverStepHeight = 12.0f;  // px: stair edges stepped onto
inline constexpr float kMoverWalkMin = 50.0f, kMoverWalkMax = 3000.0f;  // px/s, the slider

// The mistakes' ghosts, in the switch's order: the core's two (mover_mistake), and the
// method's move with a velocity never clipped (mover_clip skipped): its fall grows on the
// ground and is turned along a slope, so it slides down.
enum class GhostKind : std::uint8_t { MtdOnly, NoCast, NoClip };
inline constexpr std::array<GhostKind, 3> kMoverGhosts = {GhostKind::MtdOnly, GhostKind::NoCast,
                                                          GhostKind::NoClip};
const char* ghost_name(GhostKind k);

// A capsule moved by a mistake: where it is and how fast it goes.
struct MoverGhost {
  Capsule capsule;
  Vec2 velocity{0.0f, 0.0f};
};

struct MoverTool {
  ShapeRef shape;  // the character (none: the tool is off)
  float walk_speed = 220.0f;
  Vec2 velocity{0.0f, 0.0f};
  bool left = false, right = false, jump = false;  // keys held (jump: until it jumps)
  bool on_ground = false;
  // The last move: where it started, what it took and how (for the planes and step mode).
  Capsule start;
  MoveResult last;
  MoverTrace trace;
  // The mistakes beside the method (the switch), each from where the switch was turned on.
  bool mistakes = false;
  bool ghosts_placed = false;
  std::array<MoverGhost, kMoverGhosts.size()> ghosts{};
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
