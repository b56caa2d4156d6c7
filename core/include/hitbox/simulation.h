// Play mode: shapes fall, bounce, slide and rest. One code path for the window's Play button
// and `hitbox simulate`.
//
// Method (the polygon write-up in ../shared/sources, done with sequential impulses):
//   * A fixed step (SimOptions::step, 1/120 s) cut into sub-steps, independent of frame rate.
//   * Each sub-step of h seconds: gravity adds g h to every dynamic body's velocity; the broad
//     phase (broad_phase.h) finds the pairs whose boxes (grown by half a pixel) overlap;
//     mtd() (collide.h) gives each overlapping pair's normal and depth, and gjk() (gjk.h)
//     the gap of a pair closer than 1 px (a speculative contact, so a shape resting between
//     two others keeps both contacts in the same sub-step). Each overlap is pushed apart
//     along its MTD, split by inverse mass, down to a slop that keeps a resting contact
//     alive; the pushes are solved together over several passes. Then the contacts'
//     relative velocities are solved a few times over (accumulated impulses, warm-started
//     from the sub-step before, Catto 2006): the normal part stops approaching (a
//     speculative contact may close its gap), the tangent part stops when static friction
//     can hold it and is otherwise reduced by kinetic friction. Then restitution: a pair
//     that met faster than restitution_threshold and pushed leaves at restitution times
//     its approach speed. Then positions move by v h. Contacts are solved in pair index
//     order, so the broad phase chosen does not change the motion.
//   * No tunnelling: a body that would move more than half of its smallest half-width in one
//     sub-step is swept (swept(), collide.h) against the static shapes it passes over and
//     stops at the first time of impact, where its velocity is reflected as at a contact.
//   * Bodies translate only: rotation stays fixed (a dynamic shape keeps its angle). Static
//     shapes may be rotated (a slope). Sprites collide as their image rectangle.
//   * Bodies that reach the edge of the world (|x| or |y| at 1e6 pixels) stop there, and
//     speeds are held within 1e6 pixels per second, so the scene can always be saved.
//
// Coefficients of a pair (docs/scene-format.md): restitution is the larger of the two,
// friction and static friction the geometric mean sqrt(a b); equal values give that value.
// A shape without a "body" is static and takes no part in the mixing: the other shape's
// coefficients are used as they are.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "hitbox/broad_phase.h"
#include "hitbox/scene.h"

namespace hitbox {

struct SimOptions {
  double step = 1.0 / 120.0;  // seconds per sim_step
  int substeps = 4;           // sub-steps per step
  int iterations = 10;        // velocity passes over the contacts per sub-step
  BroadMethod broad = BroadMethod::Grid;
  bool swept = true;                    // the tunnelling guard (off: fast shapes may pass)
  double restitution_threshold = 10.0;  // px/s: slower approaches do not bounce
  double slop = 0.01;                   // px of overlap left in a resting contact
};
// "" when the options can run, else what is wrong: step in [1e-5, 1] s, substeps 1..64,
// iterations 1..100, threshold and slop finite and >= 0.
std::string sim_options_problem(const SimOptions& o);

// A contact of the last sub-step: shape indices into the scene, normal from b toward a.
struct SimContact {
  int a = 0, b = 0;
  Vec2 normal{0.0f, 0.0f};
  float depth = 0.0f;            // overlap found by mtd() before the push-apart
  float normal_impulse = 0.0f;   // accumulated, per unit of ... mass-weighted velocity
  float tangent_impulse = 0.0f;  // along (-normal.y, normal.x)
  bool sticking = false;         // static friction held the tangent part
};
// A swept stop of the last sub-step: `body` met static `other` at time `toi` (0..1 of the
// sub-step's displacement).
struct SimSweptHit {
  int body = 0, other = 0;
  float toi = 0.0f;
  Vec2 normal{0.0f, 0.0f};
};

// Counts of one sim_step (summed over its sub-steps) for the window's status line.
struct SimStats {
  BroadStats broad;      // of the last sub-step
  int narrow_tests = 0;  // mtd() calls, last sub-step
  int contacts = 0;      // overlapping pairs, last sub-step
  int swept_tests = 0;   // swept() calls, all sub-steps
  int swept_hits = 0;    // swept stops, all sub-steps
};

// Opt-in: what the last sub-step of a sim_step found (the window draws contacts and the
// broad phase from it).
struct SimTrace {
  std::vector<SimContact> contacts;
  std::vector<SimSweptHit> swept;
  std::vector<BroadPair> pairs;  // candidate pairs (boxes overlap)
  BroadTrace broad;
};

namespace detail {
// Per shape, what the solver reads: derived from the scene at make/reload time.
struct SimShape {
  bool dynamic = false;
  bool has_body = false;
  double inv_mass = 0.0;
  double restitution = 0.0, friction = 0.0, static_friction = 0.0;
  double min_half = 0.0;  // smallest half-width (radius, half size, inscribed for polygons)
};
// A contact's impulses at the end of a sub-step, kept for the next one (warm starting).
struct SimWarm {
  DVec2 normal{0.0, 0.0};
  double pn = 0.0, pt = 0.0;
};
}  // namespace detail

struct Simulation {
  Scene scene;  // the shapes where they are now; body->velocity is the current velocity
  SimOptions options;
  double time = 0.0;       // simulated seconds
  std::int64_t steps = 0;  // sim_step calls

  // Internal state (read, do not write): rebuilt by sim_reload.
  std::vector<detail::SimShape> shapes;
  std::vector<Posed> posed;
  std::vector<Aabb> boxes;
  std::vector<int> statics;
  BroadPhase broad;
  std::unordered_map<std::uint64_t, detail::SimWarm> warm;  // by pair (a << 32 | b)
};

// Start a simulation of `scene`. Throws SceneError (naming the shape and field) when a shape
// is out of range (shape_problem), or std::invalid_argument when the options are bad.
Simulation make_simulation(Scene scene, const SimOptions& options = {});
// After editing sim->scene (paused editing in the window): re-read every shape. The time
// and the velocities (which live in the scene) are kept.
void sim_reload(Simulation* sim);
// One fixed step (options.step seconds).
SimStats sim_step(Simulation* sim, SimTrace* trace = nullptr);
// Whole steps until `seconds` more have passed (rounded to the nearest step count).
void sim_run(Simulation* sim, double seconds);

// Mass of a shape with a body: density times area (sprites: the image rectangle).
double shape_mass(const Shape& s);

}  // namespace hitbox
