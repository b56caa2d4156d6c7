// Play mode's contact solve in lanes (Box2D v3's graph colouring, written for Hitbox): the
// constraints are coloured so that no two of one colour share a dynamic body, packed eight of
// a colour to a block (SimBlock), and each block is solved in float lanes: eight at once
// (AVX2), four at a time (SSE2) or one at a time (the scalar build), one kernel written once
// over the width (sim_lane_kernels.h). Colours are solved in order, blocks of a colour in pair
// order: the same scene gives the same bytes, in every width. Internal to the sim library.
#pragma once

#include <cstddef>
#include <span>

#include "hitbox/simulation.h"
#include "sim_solver.h"

namespace hitbox::detail {

// Colours per step; a constraint none of them can take is solved alone, in a block of its own,
// after the coloured ones.
constexpr int kSimColours = 24;

// The kernels of width w (Best: sim_best_lane_width()); w must run here (sim_lane_width_runs).
const LaneKernels& lane_kernels(SimLaneWidth w);

// Colour the prepared constraints (prepare_contacts) and pack them into `lanes->blocks` with
// the sub-step's softness. `bodies` is the number of bodies.
void pack_lanes(std::span<const SimConstraint> cons, std::span<const SimShape> shapes,
                const SolveParams& prm, std::size_t bodies, SimLanes* lanes);
// The blocks' impulses back into their constraints (for restitution, the trace and warm
// starting the next step).
void unpack_lanes(std::span<const SimBlock> blocks, std::span<SimConstraint> cons);

}  // namespace hitbox::detail
