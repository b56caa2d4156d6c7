#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "overlays/draw_util.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

namespace {
// A and B moved to time t of the step. A shape that does not move has no ghosts (they
// would all sit on the shape itself).
void draw_ghost_pair(const SandboxState& s, Canvas& c, float t, Color col, const std::string& tag,
                     float width, bool tag_below = false) {
  const float px = 1.0f / s.cam.zoom;
  for (int which = 0; which < 2; ++which) {
    const int i = which == 0 ? s.an.pair.a : s.an.pair.b;
    if (length(s.body(i).vel) * s.cam.zoom < 0.5f) continue;
    Shape moved = s.shape(i);
    moved.pos += moved.vel * static_cast<double>(t);
    const Posed g(moved);
    if (moved.kind == Kind::Sprite) draw_sprite(c, moved, Color{1.0f, 1.0f, 1.0f, 0.0f}, 0.3f);
    draw_body(c, g.collider(), alpha(col, 0.06f), col, width);
    c.dot(g.collider().pos, 2.5f, col);
    if (!tag.empty()) {
      const Aabb& bb = g.collider().bounds;
      const std::string label = std::string(which == 0 ? "A " : "B ") + tag;
      if (tag_below)
        c.text(Vec2(bb.min.x, bb.max.y + 2.0f * px), label, col);
      else  // right-aligned over the ghost, clear of the shape's id label on the left
        label_toward(c, px, Vec2(bb.max.x, bb.min.y - 18.0f * px), Vec2(-1.0f, -1.0f), label, col);
    }
  }
}

}  // namespace

void draw_swept(const SandboxState& s, Canvas& c) {
  const Collider& A = s.body(s.an.pair.a);
  const Collider& B = s.body(s.an.pair.b);
  const float px = 1.0f / s.cam.zoom;
  const SweptResult& r = s.an.r.swept;
  const SweptTrace& tr = s.an.r.swept_trace;
  // The relative-velocity axis through A: the line A travels along as seen from B.
  const float rl = length(tr.rel_vel);
  if (rl > 0.0f) {
    const Vec2 u = tr.rel_vel / rl;
    const float far = kLongLinePx * px;
    dashed(c, A.pos - u * far, A.pos + u * far, alpha(pal::kRelVel, 0.4f), 1.0f, 8.0f, px);
    // Label ahead of where A ends the step, just above the line.
    label_toward(c, px, A.pos + tr.rel_vel + u * (A.bound + 14.0f * px) + Vec2(0.0f, -10.0f * px),
                 u, "v_rel axis", alpha(pal::kRelVel, 0.9f));
    if (length(B.vel) * s.cam.zoom >= 0.5f)
      c.arrow(A.pos, A.pos + tr.rel_vel, pal::kRelVel, 2.0f, 10.0f);
  }
  draw_ghost_pair(s, c, 0.0f, pal::kGhostStart, "", 1.0f);
  draw_ghost_pair(s, c, 1.0f, pal::kGhostEnd, "t=1", 1.0f, true);
  draw_ghost_pair(s, c, s.scrub_t, pal::kGhostScrub, "", 1.5f);
  if (r.hit) {
    draw_ghost_pair(s, c, r.toi, pal::kGhostImpact,
                    r.initially_overlapping ? "overlap at t=0" : strf("impact t=%.3f", r.toi),
                    2.0f);
    if (length(r.normal) > 0.0f) {
      // From B's centre at impact toward A (for a circle B it ends at the contact).
      const Vec2 base = B.pos + B.vel * r.toi;
      const float len = std::min(48.0f * px, 0.9f * B.bound);
      c.arrow(base, base + r.normal * len, pal::kNormal, 2.5f, 9.0f);
      label_toward(c, px, base - r.normal * (8.0f * px), -r.normal, "normal", pal::kNormal);
    }
  }
  // Velocities over the step, on top of the ghosts.
  if (length(A.vel) * s.cam.zoom >= 0.5f) c.arrow(A.pos, A.pos + A.vel, pal::kTraceA, 2.0f, 9.0f);
  if (length(B.vel) * s.cam.zoom >= 0.5f) c.arrow(B.pos, B.pos + B.vel, pal::kTraceB, 2.0f, 9.0f);
  const int mover = length(A.vel) >= length(B.vel) ? s.an.pair.a : s.an.pair.b;
  if (length(s.body(mover).vel) * s.cam.zoom >= 0.5f) {
    const Collider& m = s.body(mover);
    const Vec2 at = m.pos + m.vel * s.scrub_t;
    c.text(Vec2(at.x - 16.0f * px, at.y + m.bound + 4.0f * px), strf("t=%.2f", s.scrub_t),
           pal::kGhostScrub);
  }
}
}  // namespace hitbox::app
