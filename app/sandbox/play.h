// Every colliding pair of the frame (pairs.cpp) and play mode (play.cpp): the state the
// sandbox keeps for them. Both only call the core: broad_pairs (hitbox/broad_phase.h) for the
// candidate pairs, analyze() (hitbox/analysis.h) with one algorithm and no traces for the
// narrow phase, and make_simulation / sim_step (hitbox/simulation.h) for the motion.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "hitbox/analysis.h"
#include "hitbox/broad_phase.h"
#include "hitbox/scene.h"
#include "hitbox/simulation.h"

namespace hitbox::app {

// The frame's every colliding pair by one algorithm (the "hit colour from" choice): the
// broad phase's candidates, each tested by the core's dispatcher with only that algorithm.
struct CollidingPairs {
  std::uint32_t algo = 0;  // the algorithm the verdicts are from (0: none enabled)
  BroadPhase broad;        // method chosen in the panel; scratch kept between frames
  bool show = false;       // draw the broad phase (sweep intervals, grid cells or fat boxes)
  BroadTrace trace;        // filled while `show` is on
  std::vector<Aabb> boxes;
  std::vector<BroadPair> candidates;
  std::vector<BroadPair> hits;    // colliding pairs (touching only is not a hit)
  std::vector<std::uint8_t> hit;  // per shape: overlaps some other shape
  BroadStats stats;
  int narrow_tests = 0;  // dispatcher calls that ran the algorithm (kinds it covers)
  PairAnalysis scratch;  // reused by every narrow-phase call
};

// Play mode: the core's simulation of the scene, advanced by a fixed step from an
// accumulator (a cap keeps a slow frame from running many steps), or by a fixed number of
// steps per frame in headless runs (screenshots and the frame benchmark), so they repeat.
struct PlayState {
  bool playing = false;
  bool swept = true;                 // SimOptions::swept: the tunnelling guard
  int contact_points = 2;            // SimOptions::contact_points (the solver menu)
  bool warm_start = true;            // SimOptions::warm_start
  bool sleep = true;                 // SimOptions::sleep
  std::optional<Simulation> sim;     // from the first Play or Step until Reset / a new scene
  std::optional<Scene> before;       // the scene as it was before Play (Reset goes back)
  std::uint64_t before_version = 0;  // its version (Document::version)
  double accumulator = 0.0;          // seconds not yet stepped
  int fixed_steps_per_frame = 0;     // > 0: headless, this many steps per frame
  SimStats stats;                    // the last step's counts
  std::int64_t steps = 0;            // steps since Play
  std::uint64_t resets = 0;          // Resets done (a lesson's tasks start over on one)
  std::uint64_t reloads = 0;         // sim_reload calls: edits the simulation re-read whole
  bool grabbing = false;             // the mouse holds a body (sim_grab) while playing
  bool show_contacts = false;        // draw the last sub-step's contacts and impulses
  SimTrace trace;                    // the frame's last step, filled while show_contacts
};

// At most this many fixed steps per frame (the rest of a long frame is dropped).
inline constexpr int kMaxStepsPerFrame = 8;

}  // namespace hitbox::app
