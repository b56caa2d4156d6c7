// Play mode's contact solve in lanes (Box2D v3's graph colouring, written for Hitbox): the
// constraints are coloured so that no two of one colour share a dynamic body, packed four of
// a colour to a block (SimBlock), and each block is solved four lanes at once. Colours are
// solved in order, blocks of a colour in pair order: the same scene gives the same bytes.
// Internal to the sim library.
#pragma once

#include <span>

#include "hitbox/simulation.h"
#include "sim_solver.h"

namespace hitbox::detail {

// Colours per step; a constraint none of them can take is solved alone, in a block of its own,
// after the coloured ones.
constexpr int kSimColours = 24;

// Colour the prepared constraints (prepare_contacts) and pack them into `lanes->blocks` with
// the sub-step's softness. `bodies` is the number of bodies.
void pack_lanes(std::span<const SimConstraint> cons, std::span<const SimShape> shapes,
                const SolveParams& prm, std::size_t bodies, SimLanes* lanes);
// Each point's separation at the bodies' present poses (their dp and dq), for the solves until
// they move again.
void gaps_lanes(std::span<SimBlock> blocks, std::span<const SimBody> bodies);
// Apply the accumulated impulses to the velocities.
void warm_start_lanes(std::span<const SimBlock> blocks, std::span<SimBody> bodies);
// One pass over the blocks: the normal impulse (soft bias when use_bias, else only a
// speculative point's gap) at the separations gaps_lanes() gave, then Coulomb friction with
// static and kinetic coefficients.
void solve_lanes(std::span<SimBlock> blocks, std::span<SimBody> bodies, const SolveParams& prm,
                 bool use_bias);
// The blocks' impulses back into their constraints (for restitution, the trace and warm
// starting the next step).
void unpack_lanes(std::span<const SimBlock> blocks, std::span<SimConstraint> cons);

}  // namespace hitbox::detail
