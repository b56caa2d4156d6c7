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

// quadrant / circle_as_square: what the decision looked at, in the rectangle's frame
// around the circle's centre: the nearest corner and its distance, or the circle's square.
namespace {
void draw_circle_rect(Canvas& c, float px, const CircleRectResult& r, const CircleRectTrace& t,
                      const char* name) {
  auto world = [&](Vec2 f) { return t.origin + t.axis_x * f.x + t.axis_y * f.y; };
  const Color col = r.hit ? pal::kOverlap : pal::kGap;
  if (r.decided_by == CircleRectCase::Corner) {
    const Vec2 corner = world(t.corner);
    dashed(c, t.origin, corner, alpha(col, 0.9f), 1.5f, 5.0f, px);
    c.dot(corner, 4.0f, col);
    // Beside the circle, right of its centre, clear of the corner and the shape labels.
    c.text(t.origin + Vec2(t.radius + 10.0f * px, -6.0f * px),
           strf("%s: corner %.2f %s r %.2f", name, t.corner_distance, r.hit ? "<=" : ">", t.radius),
           col);
    return;
  }
  if (r.decided_by != CircleRectCase::Square) return;
  const Vec2 q[4] = {world(t.square_min), world(Vec2(t.square_max.x, t.square_min.y)),
                     world(t.square_max), world(Vec2(t.square_min.x, t.square_max.y))};
  for (int k = 0; k < 4; ++k) dashed(c, q[k], q[(k + 1) % 4], alpha(col, 0.9f), 1.5f, 6.0f, px);
  // Under the circle, clear of the corner and the shape labels.
  c.text(t.origin + Vec2(-t.radius, t.radius + 6.0f * px),
         strf("%s: square %s", name, r.hit ? "overlaps (hit)" : "misses"), col);
}
}  // namespace

void draw_quadrant(const SandboxState& s, Canvas& c) {
  draw_circle_rect(c, 1.0f / s.cam.zoom, s.an.r.quadrant, s.an.r.quadrant_trace, "quadrant");
}

void draw_circle_as_square(const SandboxState& s, Canvas& c) {
  draw_circle_rect(c, 1.0f / s.cam.zoom, s.an.r.circle_as_square, s.an.r.circle_as_square_trace,
                   "circle as square");
}

}  // namespace hitbox::app
