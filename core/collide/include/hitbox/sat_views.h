// Reading a SAT trace two ways. A trace of every axis (sat(a, b, &trace, false)) holds what
// an early-exit run (sat(a, b, &trace, true)) records: the axes up to and including the first
// separating one. The window runs sat once with every axis and shows either view; tests hold
// these functions to real early-exit runs.
#pragma once

#include "hitbox/collide.h"

namespace hitbox {

// The trace an early-exit run records, read off a trace of every axis.
SatTrace sat_early_exit_view(const SatTrace& every_axis);

// The result sat returns with this trace: a hit with the axis of least overlap when no axis
// separates, else a miss at the first separating axis; `tested` is the trace's axis count.
SatResult sat_result_of(const SatTrace& trace);

}  // namespace hitbox
