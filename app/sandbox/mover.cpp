// The Mover tool (sandbox/mover.h): each fixed step the keys and the core's mover_walk move
// the capsule through the other shapes (move_and_slide, then mover_clip on its velocity).
// The mistakes' ghosts take the core's mover_walk_mistake with the same keys. Play mode: the
// simulation's shapes (copied into the scene each step) are the world, dynamic bodies are soft
// planes (push_limit), and one the mover presses into is given the mover's speed into it;
// the simulation hears of both through sim_set_velocity and sim_move_static, not a reload.
#include <cmath>
#include <limits>
#include <string>

#include "hitbox/simulation.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace {

constexpr double kNewMoverHalf = 16.0;  // px: a new mover's core, half its height
constexpr double kNewMoverRadius = 14.0;

bool dynamic(const Shape& s) {
  return s.body && s.body->type == BodyType::Dynamic;
}

}  // namespace

MoverWalkConfig mover_walk_config(const Scene& scene) {
  MoverWalkConfig c;
  c.dt = static_cast<float>(kMoverStep);
  if (scene.world && (scene.world->gravity.x != 0.0 || scene.world->gravity.y != 0.0))
    c.gravity = Vec2(scene.world->gravity);
  c.move.step_height = kMoverStepHeight;
  return c;
}

int SandboxState::mover_index() const {
  const int i = doc.locate(mover.shape);
  return i >= 0 && doc.shape(i).kind == Kind::Capsule ? i : -1;
}

std::string SandboxState::mover_start(int i) {
  if (!doc.valid(i)) return "no such shape";
  if (doc.shape(i).kind != Kind::Capsule)
    return "\"" + doc.shape(i).id + "\" is a " + kind_name(doc.shape(i).kind) + ", not a capsule";
  const float walk = mover.walk_speed;
  const bool mistakes = mover.run.mistakes;
  mover = MoverTool{};
  mover.walk_speed = walk;
  mover.run.mistakes = mistakes;
  mover.shape = doc.ref(i);
  mover.fixed_steps_per_frame = play.fixed_steps_per_frame > 0 ? 1 : 0;
  if (tools.line_tool != LineTool::None) set_line_tool(LineTool::None);
  say("Mover on: " + doc.shape(i).id + ".");
  return "";
}

void SandboxState::mover_stop() {
  const float walk = mover.walk_speed;
  const bool mistakes = mover.run.mistakes;
  mover = MoverTool{};
  mover.walk_speed = walk;
  mover.run.mistakes = mistakes;
}

void SandboxState::mover_toggle() {
  if (mover_index() >= 0) {
    mover_stop();
    say("Mover off.");
    return;
  }
  int i = selected();
  if (i < 0 || doc.shape(i).kind != Kind::Capsule) {
    Shape s;
    s.id = "mover";
    s.kind = Kind::Capsule;
    s.pos = view_centre();
    s.points = {DVec2(0.0, -kNewMoverHalf), DVec2(0.0, kNewMoverHalf)};
    s.radius = kNewMoverRadius;
    add_shape(std::move(s));
    i = selected();
  }
  mover_start(i);
}

bool SandboxState::mover_key(SDL_Keycode key, bool down) {
  if (mover_index() < 0) return false;
  if (mover.step.on && down) {  // frozen: N / Right and P / Left walk the passes
    const int count = static_cast<int>(mover.trace.passes.size()) * 3;
    if (key == SDLK_n || key == SDLK_RIGHT)
      mover.step.step = teach::clamp_step(mover.step.step + 1, count);
    if (key == SDLK_p || key == SDLK_LEFT)
      mover.step.step = teach::clamp_step(mover.step.step - 1, count);
    if (key == SDLK_n || key == SDLK_RIGHT || key == SDLK_p || key == SDLK_LEFT) return true;
  }
  switch (key) {
    case SDLK_LEFT:
    case SDLK_a:
      mover.left = down;
      return true;
    case SDLK_RIGHT:
    case SDLK_d:
      mover.right = down;
      return true;
    case SDLK_SPACE:
    case SDLK_UP:
    case SDLK_w:
      if (down) mover.jump = true;
      return true;
    default:
      return false;
  }
}

void SandboxState::mover_world(int self) {
  if (mover.world_version == doc.version) return;
  mover.world = ShapeWorld{};
  mover.world_index.clear();
  for (int j = 0; j < doc.count(); ++j) {
    if (j == self) continue;
    const ShapeHandle h = world_add(&mover.world, doc.posed[static_cast<std::size_t>(j)]);
    if (mover.world_index.size() <= static_cast<std::size_t>(h.index))
      mover.world_index.resize(static_cast<std::size_t>(h.index) + 1, -1);
    mover.world_index[static_cast<std::size_t>(h.index)] = j;
  }
  mover.world_version = doc.version;
}

int SandboxState::mover_shape_of(ShapeHandle h) const {
  const std::size_t k = static_cast<std::size_t>(h.index);
  return h.index >= 0 && k < mover.world_index.size() ? mover.world_index[k] : -1;
}

void SandboxState::mover_tick() {
  const int i = mover_index();
  if (i < 0) return;
  mover_world(i);
  const float walk =
      (mover.right ? mover.walk_speed : 0.0f) - (mover.left ? mover.walk_speed : 0.0f);
  const bool jump = mover.jump;
  mover.jump = false;

  MoverWalkConfig config = mover_walk_config(doc.scene);
  if (play_running()) {
    config.move.push_limit = [this](ShapeHandle h) {
      const int j = mover_shape_of(h);
      return j >= 0 && dynamic(doc.shape(j)) ? kMoverPushLimit
                                             : std::numeric_limits<float>::infinity();
    };
  }
  mover.start = capsule_of(doc.body(i));
  mover.run.body.capsule = mover.start;
  const Vec2 asked = mover_walk_velocity(mover.run.body, walk, jump, config);
  const MoveResult& last =
      mover_run_step(mover.world, &mover.run, walk, jump, config, &mover.trace);

  // Play mode: a dynamic body the mover presses into goes at least as fast as the mover
  // along the plane's normal (sim_push); the scene gets the same velocity, so the next step
  // needs no reload.
  Simulation* sim = play_running() && play.sim ? &*play.sim : nullptr;
  if (sim) {
    for (const MoverPlane& p : last.planes) {
      const int j = mover_shape_of(p.shape);
      if (j < 0 || p.push <= 0.0f || !dynamic(doc.shape(j))) continue;
      const DVec2 into = glm::normalize(-DVec2(p.normal));
      if (sim_push(sim, j, into, glm::dot(DVec2(asked), into)))
        doc.shape(j).body->velocity = sim->scene.shapes[static_cast<std::size_t>(j)].body->velocity;
    }
  }

  Shape& s = doc.shape(i);
  s.pos += DVec2(last.delta);
  if (sim) sim_move_static(sim, i, s.pos);  // a dynamic mover is reloaded instead
  doc.repose(i);
  doc.changed();
  mover.world_version = doc.version;  // only the mover (and velocities) changed
}

void SandboxState::mover_advance(double seconds) {
  if (mover_index() < 0) {
    if (mover.shape.index >= 0 || !mover.shape.id.empty()) mover_stop();  // its shape went
    return;
  }
  if (mover.step.on || tools.drag.kind != DragKind::None) return;  // frozen
  int steps = 0;
  if (mover.fixed_steps_per_frame > 0) {
    steps = mover.fixed_steps_per_frame;
  } else {
    mover.accumulator += seconds;
    while (mover.accumulator >= kMoverStep && steps < kMaxStepsPerFrame) {
      mover.accumulator -= kMoverStep;
      ++steps;
    }
    if (steps == kMaxStepsPerFrame) mover.accumulator = 0.0;
  }
  for (int k = 0; k < steps; ++k) mover_tick();
}

}  // namespace hitbox::app
