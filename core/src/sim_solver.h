// Play mode's contact solver: the stages of Box2D v3's soft step over one flat array of
// constraints (hitbox/simulation.h says the method). Internal to the sim library.
#pragma once

#include <span>
#include <vector>

#include "hitbox/simulation.h"

namespace hitbox::detail {

// A soft constraint's coefficients for a spring of `hertz` and damping ratio `zeta` solved
// at time step h (Catto, "Solver2D"): the bias rate turns overlap into a speed, the mass and
// impulse scales make the constraint soft.
struct Softness {
  double bias_rate = 0.0, mass_scale = 1.0, impulse_scale = 0.0;
};
Softness make_soft(double hertz, double zeta, double h);

// The solver's parameters for a sub-step of h seconds.
struct SolveParams {
  double inv_h = 0.0;
  Softness dynamic, fixed;  // a pair of dynamic bodies; a pair with a static side (stiffer)
  double push_speed = 0.0;
  double slop = 0.0;
};
SolveParams solve_params(const SimOptions& o, double h);

// Each point's anchors, masses and approach speed; impulses from `warm` (sorted by pair)
// where the pair and the point's id match, else zero.
void prepare_contacts(std::span<SimConstraint> cons, std::span<const SimShape> shapes,
                      std::span<const SimBody> bodies, std::span<const SimWarm> warm);
// Apply the accumulated impulses to the velocities.
void warm_start(std::span<const SimConstraint> cons, std::span<const SimShape> shapes,
                std::span<SimBody> bodies);
// One pass over the constraints: the normal impulse (soft bias when use_bias, else only a
// speculative point's gap), then Coulomb friction with static and kinetic coefficients.
void solve_contacts(std::span<SimConstraint> cons, std::span<const SimShape> shapes,
                    std::span<SimBody> bodies, const SolveParams& p, bool use_bias);
// Restitution once per step, from each point's approach speed before the step.
void apply_restitution(std::span<SimConstraint> cons, std::span<const SimShape> shapes,
                       std::span<SimBody> bodies, double threshold);
// The impulses for the next step, in constraint (pair) order.
void store_impulses(std::span<const SimConstraint> cons, std::vector<SimWarm>* warm);

std::uint64_t pair_key(int a, int b);

}  // namespace hitbox::detail
