// Play mode: the core's simulation (hitbox/simulation.h) of the scene being edited. The
// window has no physics of its own: Play makes a Simulation of the scene, each frame runs
// whole fixed steps of it and copies the shapes back; editing while paused is noticed at
// the next step and handed to the simulation with sim_reload. Reset puts back the scene as
// it was before Play, as one undo step.
#include <exception>
#include <string>
#include <utility>

#include "hitbox/simulation.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace {

SimOptions sim_options(const SandboxState& s) {
  SimOptions o;
  o.broad = s.cache.pairs.broad.method;
  o.swept = s.play.swept;
  o.contact_points = s.play.contact_points;
  o.warm_start = s.play.warm_start;
  o.sleep = s.play.sleep;
  return o;
}

}  // namespace

void SandboxState::play_forget() {
  play.playing = false;
  play.grabbing = false;
  play.trace = SimTrace{};
  play.sim.reset();
  play.before.reset();
  play.accumulator = 0.0;
  play.steps = 0;
  play.stats = SimStats{};
}

// A simulation of the scene as it is now: made on the first Play or Step, reloaded when the
// scene was edited since the last step (paused editing, undo) or a panel setting changed.
// False (with the reason in the status line) when the scene cannot run.
static bool sync_sim(SandboxState& s) {
  PlayState& p = s.play;
  const SimOptions want = sim_options(s);
  try {
    if (!p.sim) {
      p.sim = make_simulation(s.doc.scene, want);
    } else if (!(p.sim->scene.shapes == s.doc.scene.shapes) ||
               !(p.sim->scene.world == s.doc.scene.world) || p.sim->options.swept != want.swept ||
               p.sim->options.broad != want.broad ||
               p.sim->options.contact_points != want.contact_points ||
               p.sim->options.warm_start != want.warm_start || p.sim->options.sleep != want.sleep) {
      p.sim->scene = s.doc.scene;
      p.sim->options = want;
      sim_reload(&*p.sim);
      ++p.reloads;
    }
  } catch (const std::exception& e) {
    p.playing = false;
    p.sim.reset();
    s.say(std::string("Cannot play: ") + e.what(), true);
    return false;
  }
  return true;
}

// One fixed step of the core's simulation, the shapes copied back into the scene.
static void step_once(SandboxState& s) {
  PlayState& p = s.play;
  p.stats = sim_step(&*p.sim, p.show_contacts ? &p.trace : nullptr);
  ++p.steps;
  s.doc.scene.shapes = p.sim->scene.shapes;
  s.doc.repose();
  s.doc.changed();
}

void SandboxState::play_start() {
  if (play.playing) return;
  flush_ui_edit();
  if (tools.drag.kind != DragKind::None) end_drag();
  if (!play.before) {
    play.before = doc.scene;
    play.before_version = doc.version;
  }
  if (!sync_sim(*this)) return;
  play.playing = true;
  play.accumulator = 0.0;
  say("Playing: shapes with a dynamic body fall and collide. Pause to edit; Reset goes back.");
}

void SandboxState::play_pause() {
  if (!play.playing) return;
  play_release();
  play.playing = false;
  say(strf("Paused at %.2f s. Edit freely; Play goes on from here, Reset goes back.",
           play.sim ? play.sim->time : 0.0));
}

void SandboxState::play_step() {
  play.playing = false;
  flush_ui_edit();
  if (tools.drag.kind != DragKind::None) return;
  if (!play.before) {
    play.before = doc.scene;
    play.before_version = doc.version;
  }
  if (!sync_sim(*this)) return;
  step_once(*this);
  say(strf("One step of %.4f s: t = %.4f s.", play.sim->options.step, play.sim->time));
}

void SandboxState::play_reset() {
  if (!play.before) return;
  tools.drag = Drag{};
  flush_ui_edit();
  const Scene played = doc.scene;
  const std::uint64_t played_version = doc.version;
  doc.scene = *play.before;
  doc.version = play.before_version;
  play_forget();
  doc.repose();
  settle();
  cache.masks.clear();
  commit(played, played_version);  // one undo step: Undo shows where the shapes had got to
  ++play.resets;
  say("Reset: the scene as it was before Play (Ctrl+Z brings back where it got to).");
}

bool SandboxState::play_asleep(int i) const {
  return play.sim && play.sim->scene.shapes.size() == static_cast<std::size_t>(doc.count()) &&
         sim_asleep(*play.sim, i);
}

bool SandboxState::play_grab(Vec2 w) {
  if (!play.playing || !sync_sim(*this)) return false;
  const int i = pick(w);
  if (i < 0 || !sim_grab(&*play.sim, i, w)) return false;
  play.grabbing = true;
  select(i);
  say("Holding: move to pull it, let go to throw it.");
  return true;
}

void SandboxState::play_grab_move(Vec2 w) {
  if (play.grabbing && play.sim) sim_grab_move(&*play.sim, w);
}

void SandboxState::play_release() {
  if (!play.grabbing) return;
  play.grabbing = false;
  if (play.sim) sim_release(&*play.sim);
}

void SandboxState::play_advance(double seconds) {
  if (!play.playing) return;
  if (tools.drag.kind != DragKind::None) return;  // the shape being dragged is the user's
  if (!sync_sim(*this)) return;
  int steps = 0;
  if (play.fixed_steps_per_frame > 0) {
    steps = play.fixed_steps_per_frame;
  } else {
    const double dt = play.sim->options.step;
    play.accumulator += seconds;
    while (play.accumulator >= dt && steps < kMaxStepsPerFrame) {
      play.accumulator -= dt;
      ++steps;
    }
    if (steps == kMaxStepsPerFrame) play.accumulator = 0.0;  // the cap: drop the backlog
  }
  if (!play.show_contacts) play.trace = SimTrace{};
  for (int k = 0; k < steps; ++k) {
    // The last step's contacts for the overlay (the trace is filled only when shown).
    play.stats = sim_step(&*play.sim, play.show_contacts && k + 1 == steps ? &play.trace : nullptr);
    ++play.steps;
  }
  if (steps > 0) {
    doc.scene.shapes = play.sim->scene.shapes;
    doc.repose();
    doc.changed();
  }
}

}  // namespace hitbox::app
