// The Mover tool's layer: each plane of the last move as a short line along the surface
// through its point, with its normal as an arrow (green: ground, orange: wall); the mistakes'
// ghosts beside the mover; and in step mode the pass being walked: its start, its planes,
// the solved displacement and where the cast stopped. Every number is the core's
// (MoveResult, MoverTrace, mover_ground, mover_mistake).
#include "hitbox/mover.h"

#include <iterator>
#include <string>

#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;
namespace {

constexpr Color kGround{0.35f, 0.95f, 0.45f, 1.0f};
constexpr Color kWall{1.00f, 0.62f, 0.15f, 1.0f};
constexpr Color kPassGhost{0.85f, 0.88f, 0.95f, 0.85f};
constexpr Color kTarget{0.62f, 0.64f, 0.72f, 0.9f};
constexpr float kPlaneHalfPx = 16.0f;  // half a plane's line, window px
constexpr float kNormalPx = 22.0f;     // a normal's arrow

void draw_plane(Canvas& c, const MoverPlane& p, float px) {
  const Color col = mover_ground(p) ? kGround : kWall;
  const Vec2 along(-p.normal.y, p.normal.x);
  c.line(p.point - along * (kPlaneHalfPx * px), p.point + along * (kPlaneHalfPx * px), col, 2.0f);
  c.arrow(p.point, p.point + p.normal * (kNormalPx * px), col, 2.0f, 7.0f);
  c.dot(p.point, 3.0f, col);
}

void outline(Canvas& c, const Capsule& k, Color col) {
  c.capsule(k.center1, k.center2, k.radius, Color{col.r, col.g, col.b, 0.12f}, col, 2.0f);
}

// Step mode: pass k / 3, stage k % 3 (collide, solve, cast).
void draw_step(const SandboxState& s, Canvas& c, float px) {
  const MoverTool& m = s.mover;
  const int count = static_cast<int>(m.trace.passes.size()) * 3;
  if (count == 0) return;
  const int k = teach::clamp_step(m.step.step, count);
  const MoverPass& pass = m.trace.passes[static_cast<std::size_t>(k / 3)];
  const Capsule at = moved(m.start, pass.position);
  outline(c, at, kPassGhost);
  const Vec2 mid = middle(at);
  switch (k % 3) {
    case 0:
      for (const MoverPlane& p : pass.planes) draw_plane(c, p, px);
      break;
    case 1:
      for (const MoverPlane& p : pass.planes) draw_plane(c, p, px);
      c.arrow(mid, mid + pass.target, kTarget, 2.0f, 8.0f);
      c.arrow(mid, mid + pass.delta, pal::kTraceA, 2.0f, 8.0f);
      break;
    default: {
      const Capsule to = moved(at, pass.delta * pass.hit.fraction);
      c.arrow(mid, middle(to), pal::kTraceA, 2.0f, 8.0f);
      outline(c, to, pal::kTraceA);
      if (pass.hit.hit) {
        c.dot(pass.hit.point, 4.0f, pal::kRayHit);
        c.arrow(pass.hit.point, pass.hit.point + pass.hit.normal * (kNormalPx * px), pal::kRayHit,
                2.0f, 7.0f);
      }
      break;
    }
  }
}

}  // namespace

void draw_mover(const SandboxState& s, Canvas& c) {
  if (s.mover_index() < 0) return;
  const MoverTool& m = s.mover;
  const float px = 1.0f / s.cam.zoom;
  if (m.run.mistakes && m.run.ghosts_placed) {
    // Left, right, above and below, so ghosts in one place keep their labels apart.
    static constexpr Vec2 kSide[] = {{-1.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, -1.0f}, {0.0f, 1.0f}};
    static_assert(std::size(kSide) == kMoverMistakes.size() &&
                  std::size(pal::kMoverGhost) == kMoverMistakes.size());
    for (std::size_t k = 0; k < kMoverMistakes.size(); ++k) {
      const Capsule& g = m.run.ghosts[k].capsule;
      outline(c, g, pal::kMoverGhost[k]);
      const Vec2 side = kSide[k];
      const Vec2 at = k == 2   ? g.center1 - Vec2(0.0f, g.radius)
                      : k == 3 ? g.center2 + Vec2(0.0f, g.radius)
                               : middle(g) + side * g.radius;
      label(c, px, at, side, mover_mistake_name(kMoverMistakes[k]), pal::kMoverGhost[k]);
    }
  }
  if (m.step.on) {
    draw_step(s, c, px);
    return;
  }
  for (const MoverPlane& p : m.run.last.planes) draw_plane(c, p, px);
}

}  // namespace hitbox::app
