// Play mode's contact solver: the stages of Box2D v3's soft step over one flat array of
// constraints (hitbox/simulation.h says the method). Internal to the sim library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "hitbox/simulation.h"

namespace hitbox::detail {

// x as a float, held within the largest floats: an option may be any finite double, and a
// double beyond them does not convert.
inline float to_float(double x) {
  constexpr double kMax = std::numeric_limits<float>::max();
  return static_cast<float>(x > kMax ? kMax : x < -kMax ? -kMax : x);
}

// A soft constraint's coefficients for a spring of `hertz` and damping ratio `zeta` solved
// at time step h (Catto, "Solver2D"): the bias rate turns overlap into a speed, the mass and
// impulse scales make the constraint soft.
struct Softness {
  float bias_rate = 0.0f, mass_scale = 1.0f, impulse_scale = 0.0f;
};
Softness make_soft(double hertz, double zeta, double h);

// The solver's parameters for a sub-step of h seconds.
struct SolveParams {
  float inv_h = 0.0f;
  Softness dynamic, fixed;  // a pair of dynamic bodies; a pair with a static side (stiffer)
  float push_speed = 0.0f;
  float slop = 0.0f;
};
SolveParams solve_params(const SimOptions& o, double h);

// One width's passes over blocks: each point's separation at the bodies' present poses (their
// dp and turn), for the solves until they move again; the warm start (the accumulated
// impulses applied to the velocities); one solve pass (the normal impulse, with the soft bias
// when use_bias, else only a speculative point's gap, then Coulomb friction with static and
// kinetic coefficients).
struct LaneKernels {
  void (*gaps)(SimBlock* blocks, std::size_t count, const SimBody* bodies);
  void (*warm_start)(const SimBlock* blocks, std::size_t count, SimBody* bodies);
  void (*solve)(SimBlock* blocks, std::size_t count, SimBody* bodies, const SolveParams& prm,
                bool use_bias);
};

// Each point's anchors, masses and approach speed; impulses from `warm` (sorted by pair)
// where the pair and the point's id match, else zero.
void prepare_contacts(std::span<SimConstraint> cons, std::span<const SimShape> shapes,
                      std::span<const SimBody> bodies, std::span<const SimWarm> warm);
// Restitution after the sub-steps, from each point's approach speed before the step: passes
// until the impulses settle. `bouncing` gets the constraints with a point that bounced; true
// when there are any.
bool apply_restitution(std::span<SimConstraint> cons, std::span<const SimShape> shapes,
                       std::span<SimBody> bodies, float threshold, std::vector<int>* bouncing);
// Newton's restitution with friction can add energy (Kane's paradox: a contact's friction was
// solved before another contact's bounce turned its slip around). Each group of dynamic bodies
// joined by bouncing contacts may leave with no more kinetic energy than free flight over the
// step would give it (or than it had after the solve, if more); a group over that has its
// bounce (the velocity change of apply_restitution) scaled back to meet it. A group holding
// the grabbed body `held` is left alone (the mouse does work on it).
void limit_bounce_energy(std::span<const SimConstraint> cons, std::span<const SimShape> shapes,
                         std::span<SimBody> bodies, int held, BounceScratch* scratch);
// The impulses for the next step, in constraint (pair) order.
void store_impulses(std::span<const SimConstraint> cons, std::vector<SimWarm>* warm);

// The grab's spring for one step: the held body, its anchor from the centre of mass and the
// centre's offset from the target at the step's start, the softness at the sub-step and the
// largest impulse.
struct GrabStep {
  int body = -1;  // -1: nothing held
  Vec2 r0{0.0f, 0.0f}, from_target{0.0f, 0.0f};
  Softness soft;
  float max_impulse = 0.0f;  // grab_max_accel times the mass times h
  float spin_keep = 1.0f;    // the spin is multiplied by this each sub-step
};
// One sub-step of the grab: warm start (the accumulated impulse), then the soft spring's
// impulse toward the target, the accumulated impulse held within max_impulse.
void solve_grab(SimGrab* grab, const GrabStep& g, std::span<const SimShape> shapes,
                std::span<SimBody> bodies);

std::uint64_t pair_key(int a, int b);

}  // namespace hitbox::detail
