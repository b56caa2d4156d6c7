// sat's step mode (algos/sat.cpp): one step per axis of the early-exit trace, in test order;
// the last step is the separating axis (early exit stops there) or, when every axis
// overlaps, the last axis, whose sentence says they collide and names the least overlap.
#pragma once

#include <string>

#include "hitbox/collide.h"

namespace hitbox::app::teach {

int sat_step_count(const SatTrace& early);
std::string sat_step_text(const SatTrace& early, int step);

}  // namespace hitbox::app::teach
