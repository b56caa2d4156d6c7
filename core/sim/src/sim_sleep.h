// Play mode's sleeping (hitbox/simulation.h says the rule): islands of resting bodies fall
// asleep together and wake together. Internal to the sim library.
#pragma once

#include <vector>

#include "hitbox/simulation.h"

namespace hitbox::detail {

// Sleeping is on: the options allow it and the scene does not turn it off.
bool sleep_on(const Simulation& sim);
// After a step's write-back: each moving body's rest time, then every island (moving bodies
// joined by touching constraints) whose bodies have all rested time_to_sleep falls asleep.
void fall_asleep(Simulation* sim);
// Wake sleeping island `k`: its bodies move again and rest afresh.
void wake_island(Simulation* sim, int k);
// Wake every sleeping island that static shape `shape` is by: `before` true, the islands that
// listed it when they fell asleep (its place then); false, those with a body whose box its box
// overlaps now. sim_move_static calls it before and after the move.
void wake_by_static(Simulation* sim, int shape, bool before);
// In sim_reload, after the shapes are read again: the islands of `before` whose shapes are all
// still there unchanged, with no other static shape by them, stay asleep (by shape id);
// the others wake.
void keep_islands(Simulation* sim, std::vector<SleepingIsland> before);

}  // namespace hitbox::detail
