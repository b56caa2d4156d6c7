// The Mover tool (sandbox/mover.h): keys and gravity make a velocity, and each fixed step
// the core's move_and_slide moves the capsule by it through the other shapes; mover_clip
// stops the velocity growing into what it met. The mistakes' ghosts take the core's
// mover_mistake, or move_and_slide with no mover_clip, with the same keys. Play mode: the
// simulation's shapes (copied into the scene each step) are the world, dynamic bodies are soft
// planes (push_limit), and one the mover presses into is given the mover's speed into it.
#include <cmath>
#include <limits>
#include <string>

#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace {

constexpr double kNewMoverHalf = 16.0;  // px: a new mover's core, half its height
constexpr double kNewMoverRadius = 14.0;

Vec2 gravity_of(const Scene& s) {
  if (s.world && (s.world->gravity.x != 0.0 || s.world->gravity.y != 0.0))
    return Vec2(s.world->gravity);
  return Vec2(0.0f, kMoverGravity);
}

bool dynamic(const Shape& s) {
  return s.body && s.body->type == BodyType::Dynamic;
}

}  // namespace

const char* ghost_name(GhostKind k) {
  switch (k) {
    case GhostKind::MtdOnly:
      return mover_mistake_name(MoverMistake::MtdOnly);
    case GhostKind::NoCast:
      return mover_mistake_name(MoverMistake::NoCast);
    case GhostKind::NoClip:
      return "no clip";
  }
  return "?";
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
  const bool mistakes = mover.mistakes;
  mover = MoverTool{};
  mover.walk_speed = walk;
  mover.mistakes = mistakes;
  mover.shape = doc.ref(i);
  mover.fixed_steps_per_frame = play.fixed_steps_per_frame > 0 ? 1 : 0;
  if (tools.line_tool != LineTool::None) set_line_tool(LineTool::None);
  say("Mover on: " + doc.shape(i).id + ".");
  return "";
}

void SandboxState::mover_stop() {
  const float walk = mover.walk_speed;
  const bool mistakes = mover.mistakes;
  mover = MoverTool{};
  mover.walk_speed = walk;
  mover.mistakes = mistakes;
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
  const float dt = static_cast<float>(kMoverStep);
  const Vec2 g = gravity_of(doc.scene);
  const float walk =
      (mover.right ? mover.walk_speed : 0.0f) - (mover.left ? mover.walk_speed : 0.0f);
  const bool jumped = mover.jump && mover.on_ground;
  mover.jump = false;

  // The method: on the ground gravity waits (a slope is not slid down) until a jump.
  Vec2 v(walk, mover.velocity.y);
  if (jumped) v.y = -kMoverJumpSpeed;
  if (!mover.on_ground || jumped) v += g * dt;
  v.y = std::fmin(v.y, kMoverMaxFall);
  MoverConfig config;
  config.step_height = kMoverStepHeight;
  if (play_running()) {
    config.push_limit = [this](ShapeHandle h) {
      const int j = mover_shape_of(h);
      return j >= 0 && dynamic(doc.shape(j)) ? kMoverPushLimit
                                             : std::numeric_limits<float>::infinity();
    };
  }
  mover.start = capsule_of(doc.body(i));
  mover.last = move_and_slide(mover.world, mover.start, v * dt, config, &mover.trace);
  mover.velocity = mover_clip(v, mover.last.planes);
  mover.on_ground = mover.last.on_ground;

  // Play mode: a dynamic body the mover presses into goes at least as fast as the mover
  // along the plane's normal (its body velocity in the scene; play reloads it).
  if (play_running()) {
    for (const MoverPlane& p : mover.last.planes) {
      const int j = mover_shape_of(p.shape);
      if (j < 0 || p.push <= 0.0f || !dynamic(doc.shape(j))) continue;
      const DVec2 into = -DVec2(p.normal);
      DVec2& bv = doc.shape(j).body->velocity;
      const double want = glm::dot(DVec2(v), into), have = glm::dot(bv, into);
      if (want > have) bv += (want - have) * into;
    }
  }

  // The mistakes: the same keys and gravity, moved the wrong way; each one's velocity is
  // what it moved (it has no planes to clip by).
  if (mover.mistakes) {
    if (!mover.ghosts_placed) {
      for (MoverGhost& gh : mover.ghosts) gh = MoverGhost{mover.start, mover.velocity};
      mover.ghosts_placed = true;
    }
    for (std::size_t k = 0; k < kMoverGhosts.size(); ++k) {
      MoverGhost& gh = mover.ghosts[k];
      Vec2 gv(walk, jumped ? -kMoverJumpSpeed : gh.velocity.y);
      gv += g * dt;
      gv.y = std::fmin(gv.y, kMoverMaxFall);
      Vec2 d;
      switch (kMoverGhosts[k]) {
        case GhostKind::MtdOnly:
          d = mover_mistake(mover.world, gh.capsule, gv * dt, MoverMistake::MtdOnly, config);
          break;
        case GhostKind::NoCast:
          d = mover_mistake(mover.world, gh.capsule, gv * dt, MoverMistake::NoCast, config);
          break;
        case GhostKind::NoClip:
          d = move_and_slide(mover.world, gh.capsule, gv * dt, config).delta;
          break;
      }
      gh.capsule = moved(gh.capsule, d);
      // No clip keeps the velocity it asked for; the others have no planes to clip by and
      // go on at what they moved.
      gh.velocity = kMoverGhosts[k] == GhostKind::NoClip ? gv : Vec2(walk, d.y / dt);
    }
  }

  Shape& s = doc.shape(i);
  s.pos += DVec2(mover.last.delta);
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
