// The mover: a capsule a game walks through a ShapeWorld (world.h) by collide and slide.
//
// Method. A move asks for a displacement; each pass then
//   1. collides: a plane for every shape within the skin of the capsule (mover_collide),
//   2. solves: the displacement nearest the rest of the move that keeps the capsule on the
//      free side of every plane (mover_solve, projected Gauss-Seidel on the pushes),
//   3. casts: the capsule swept along that displacement to its first hit (mover_cast),
// until a pass moves (almost) nothing or five passes are done. A velocity is then clipped
// against the planes that pushed (mover_clip), so it stops growing into a wall.
//   * The capsule rests half the skin away from what it touches. A plane carries the gap
//     (the distance between the capsule's core segment and the shape's core, less the
//     radii, in doubles; GJK's depth when the cores overlap) and asks the solver for
//     dot(normal, delta) >= offset, offset = skin / 2 - gap. A plane is tangent to a convex
//     shape at its nearest point, so a move the solver allows keeps the capsule off that
//     shape; the cast covers the shapes further than the skin.
//   * The cast is conservative advancement on that gap. It tolerates starting in touch
//     (Box2D v3.1's encroachment): a shape within the skin at the start stops the cast only
//     when the gap has halved, so a slide along a surface is never stopped at fraction 0. A
//     shape the capsule overlaps at the start is left to the planes, which push it out.
//   * A plane may be soft: the solver pushes along it by at most its push_limit.
//   * move_and_slide adds ground and steps: a plane whose slope (the angle of its normal
//     from `up`) is at most max_slope is ground. When a solved move climbs a steeper plane
//     facing up, the part of the move that walks sideways into it is taken out and the
//     pass solved again: the slope is never climbed, and a fall onto it still slides down.
//     When a wall or such a slope stops a move that began on the ground, Quake's stair step
//     is tried: up by the step height, the move again, down again; it is kept when it lands
//     on ground further along.
// Sources: Quake's PM_SlideMove and PM_StepSlideMove (id Software, pmove.c, 1996); Fauerby,
// "Improved collision detection and response" (2003); Box2D v3.1's mover (b2World_CastMover,
// b2World_CollideMover, b2SolvePlanes, b2ClipVector; Catto, 2025).
//
// Conventions: pixels, y down (geometry.h); a plane's normal points from the shape toward
// the mover. Concave polygons give a plane per convex piece in touch; a sprite is its frame.
// IMPORTANT: a move never goes further than asked, except to push the capsule out of what
// it overlaps at the start, and by the climb of a step (at most step_height).
// IMPORTANT: a solved displacement shorter than kMoverStillFraction of the skin, with a plane
// pushing, is not taken: the capsule stays exactly where it is (no jitter in corners).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "hitbox/world.h"

namespace hitbox {

// A capsule in world pixels: the segment center1 -> center2 grown by radius.
struct Capsule {
  Vec2 center1{0.0f, 0.0f};
  Vec2 center2{0.0f, 0.0f};
  float radius = 0.0f;
};
// A posed capsule's (is_capsule) end centres and radius.
Capsule capsule_of(const Collider& c);
inline Vec2 middle(const Capsule& c) {  // the centre of its core segment
  return (c.center1 + c.center2) * 0.5f;
}
inline Capsule moved(const Capsule& c, Vec2 by) {
  return Capsule{c.center1 + by, c.center2 + by, c.radius};
}

inline constexpr float kMoverSkin = 0.5f;  // px: the planes' reach; the capsule rests at half
inline constexpr int kMoverMaxPasses = 5;
inline constexpr int kMoverMaxIterations = 20;        // solver sweeps over the planes
inline constexpr float kMoverSolveTolerance = 1e-4f;  // px: a sweep pushing less has converged
inline constexpr float kMoverStillFraction = 1.0f / 16.0f;  // of the skin: see IMPORTANT above
inline constexpr int kMoverMaxCastSteps = 20;  // conservative advancement's steps per shape

// A collision plane: Box2D v3.1's b2CollisionPlane with where it came from.
struct MoverPlane {
  Vec2 normal{0.0f, 0.0f};  // unit, from the shape toward the mover
  float separation = 0.0f;  // the capsule's gap to the shape (< 0: overlapping)
  float offset = 0.0f;      // the solver keeps dot(normal, delta) >= offset
  Vec2 point{0.0f, 0.0f};   // the shape's point nearest the capsule
  ShapeHandle shape{};
  float push_limit = std::numeric_limits<float>::infinity();  // < infinity: a soft plane
  float push = 0.0f;          // mover_solve's total push along normal
  bool clip_velocity = true;  // mover_clip reads this plane
};

// Every shape within `skin` of the capsule, a plane each (a concave polygon's pieces one
// each), into *out, in slot order.
void mover_collide(const ShapeWorld& w, const Capsule& mover, std::vector<MoverPlane>* out,
                   const QueryFilter& f = {}, float skin = kMoverSkin);

struct MoverCastHit {
  bool hit = false;
  float fraction = 1.0f;  // of the translation the capsule may move; 1 when nothing is hit
  ShapeHandle shape{};
  Vec2 normal{0.0f, 0.0f};  // unit, from the shape toward the capsule
  Vec2 point{0.0f, 0.0f};   // the shape's point nearest the capsule there
};

// The capsule swept by `translation` (see Method): it stops half the skin short of a shape
// (an eighth more at most), or at half the starting gap for a shape it starts within the
// skin of. A shape it overlaps at the start is not hit.
MoverCastHit mover_cast(const ShapeWorld& w, const Capsule& mover, Vec2 translation,
                        const QueryFilter& f = {}, float skin = kMoverSkin);

// One visit of the solver to one plane: the push it added and the displacement after it.
struct MoverSolveStep {
  int iteration = 0;
  int plane = 0;
  float push = 0.0f;
  Vec2 delta{0.0f, 0.0f};
};
struct MoverSolveResult {
  Vec2 delta{0.0f, 0.0f};
  int iterations = 0;  // sweeps over the planes, the last one included
};

// b2SolvePlanes: the displacement nearest `target` with dot(n, delta) >= offset for every
// plane, each plane pushing by 0 to push_limit (sets each plane's push). Sweeps until one
// pushes less than kMoverSolveTolerance in all, at most kMoverMaxIterations. A trace, when
// given, is cleared and gets every plane visit.
MoverSolveResult mover_solve(Vec2 target, std::span<MoverPlane> planes,
                             std::vector<MoverSolveStep>* trace = nullptr);

// b2ClipVector: `v` less its part into each plane that pushed (push > 0) and clips.
Vec2 mover_clip(Vec2 v, std::span<const MoverPlane> planes);

struct MoverConfig {
  float skin = kMoverSkin;
  float max_slope = 45.0f;   // degrees from level: a plane this steep or less is ground
  float step_height = 0.0f;  // px: the highest stair edge a move steps onto (0: none)
  Vec2 up{0.0f, -1.0f};      // unit: away from the ground (screen up)
  QueryFilter filter{};      // which shapes the mover meets
  // A shape's push limit (empty: every plane is rigid). A shape with a finite one is soft:
  // the cast passes through it and its planes push the capsule out by at most that much.
  std::function<float(ShapeHandle)> push_limit{};
};

enum class MoverPhase : std::uint8_t {
  Slide,       // the move
  StepUp,      // a stair step: the cast up (no planes)
  StepAcross,  // the move again from up there
  StepDown,    // the cast down (no planes)
};
const char* mover_phase_name(MoverPhase p);

// One pass, for drawing and for walking the solver in step mode.
struct MoverPass {
  MoverPhase phase = MoverPhase::Slide;
  Vec2 position{0.0f, 0.0f};          // the capsule's offset from the start, before the pass
  Vec2 target{0.0f, 0.0f};            // what the pass asked of the solver (or the cast)
  std::vector<MoverPlane> planes;     // pushes as solved
  std::vector<MoverSolveStep> solve;  // every plane visit
  Vec2 delta{0.0f, 0.0f};             // solved
  int iterations = 0;
  bool cast = false;  // whether the pass cast and moved (the last one stops before)
  MoverCastHit hit;
};
struct MoverTrace {
  std::vector<MoverPass> passes;  // the move, then a stair step's when one was tried
  bool tried_step = false;
};

struct MoveResult {
  Vec2 delta{0.0f, 0.0f};  // the displacement taken: add it to the capsule's position
  bool on_ground = false;  // a ground plane within the skin at the end
  Vec2 ground_normal{0.0f, 0.0f};
  ShapeHandle ground;
  bool stepped = false;  // a stair step was taken
  // The planes within the skin at the end, each push solved against what was left of the
  // move (mover_clip reads them).
  std::vector<MoverPlane> planes;
  int iterations = 0;  // solver sweeps, every pass
  int passes = 0;
};

// Whether a plane is ground: its slope from config.up at most config.max_slope.
bool mover_ground(const MoverPlane& p, const MoverConfig& config = {});

// The common case: the capsule moved by `delta` through the world with collide, solve and
// cast passes, ground by max_slope, and a stair step (see Method).
MoveResult move_and_slide(const ShapeWorld& w, const Capsule& mover, Vec2 delta,
                          const MoverConfig& config = {}, MoverTrace* trace = nullptr);

// The classic mistakes, for the window's switch beside the method (never use them).
enum class MoverMistake : std::uint8_t {
  // Moved the whole way, then pushed out of the shape it overlaps deepest by that pair's MTD
  // alone: in a corner the other side is still overlapped, and the next move pushes out of
  // that one instead, so it never comes to rest (it jitters).
  MtdOnly,
  // Collide and solve, but no cast: only shapes within the skin at the start make planes,
  // so a move longer than a wall is thick passes through it.
  NoCast,
  // The method's move, but the velocity is never clipped: on the ground gravity's fall grows
  // every step and the slope turns it along itself, so the character slides down slopes.
  NoClip,
  // The method's move, but any plane that pushes stops the velocity dead (set to 0, where
  // clipping takes out only the part into the plane): pressed into a wall in the air, the
  // character hangs there, stuck to the wall.
  ZeroVelocity,
};
inline constexpr std::array<MoverMistake, 4> kMoverMistakes = {
    MoverMistake::MtdOnly, MoverMistake::NoCast, MoverMistake::NoClip, MoverMistake::ZeroVelocity};
const char* mover_mistake_name(MoverMistake m);  // "MTD push-out only", ...
const char* mover_mistake_key(MoverMistake m);   // "mtd_only", "no_cast", ... (identifiers)
// The displacement the mistake `m` takes for a move by `delta` (config: skin and filter;
// NoClip and ZeroVelocity move as the method does and differ in mover_walk_mistake).
Vec2 mover_mistake(const ShapeWorld& w, const Capsule& mover, Vec2 delta, MoverMistake m,
                   const MoverConfig& config = {});

// A character walked one fixed step at a time (the window's Mover tool, the lessons' tasks):
// the capsule, its velocity, and whether it stood on ground after its last step.
struct MoverBody {
  Capsule capsule;
  Vec2 velocity{0.0f, 0.0f};
  bool on_ground = false;
};
struct MoverWalkConfig {
  float dt = 1.0f / 60.0f;     // s per step
  Vec2 gravity{0.0f, 980.0f};  // px/s^2
  float jump_speed = 420.0f;   // px/s along move.up
  float max_fall = 1500.0f;    // px/s against move.up
  MoverConfig move;            // skin, slope, step height, push limits, up
};
// One step of the method: the velocity is `walk` px/s across (right of move.up) and what it
// had along up; gravity waits on the ground (a slope is not slid down) until a jump; `jump`
// leaves the ground at jump_speed, only from the ground. move_and_slide moves the capsule by
// velocity * dt and mover_clip takes the velocity's part into what it met.
// The velocity that step asks for, before the move and the clip.
Vec2 mover_walk_velocity(const MoverBody& body, float walk, bool jump,
                         const MoverWalkConfig& c = {});
MoveResult mover_walk(const ShapeWorld& w, MoverBody* body, float walk, bool jump,
                      const MoverWalkConfig& c = {}, MoverTrace* trace = nullptr);
// The same step by mistake `m`, with the same keys; `jumped`: whether the method jumped this
// step (the mistakes have no ground to jump from). Gravity always pulls. MtdOnly and NoCast
// go on at what they moved along up; NoClip keeps the velocity it asked for; ZeroVelocity
// stops dead when a plane pushed. Returns the displacement.
Vec2 mover_walk_mistake(const ShapeWorld& w, MoverBody* ghost, float walk, bool jumped,
                        MoverMistake m, const MoverWalkConfig& c = {});

// A character and the mistakes' ghosts beside it, stepped with the same keys (the window's
// Mover tool; a lesson's tasks read it as mover.*).
struct MoverRun {
  MoverBody body;
  MoveResult last;             // the method's last step
  int input = 0;               // the last step's walk: -1 left, 1 right, 0 neither
  int stair_steps = 0;         // stair steps taken since the run began
  bool mistakes = false;       // step the ghosts too
  bool ghosts_placed = false;  // false: the next step puts every ghost where the body is
  std::array<MoverBody, kMoverMistakes.size()> ghosts{};  // kMoverMistakes' order
  std::array<Vec2, kMoverMistakes.size()> ghost_moved{};  // each one's last displacement
};
// One step: the body by mover_walk, then (with mistakes) each ghost by mover_walk_mistake,
// jumping when the body jumped. Returns the body's move.
const MoveResult& mover_run_step(const ShapeWorld& w, MoverRun* run, float walk, bool jump,
                                 const MoverWalkConfig& c = {}, MoverTrace* trace = nullptr);
// A plane's slope: the angle of its normal from `up`, in degrees (0: level ground, 90: a wall).
float mover_slope(const MoverPlane& p, Vec2 up = {0.0f, -1.0f});

}  // namespace hitbox
