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

// gjk: the closest points and the gap between them, or EPA's way out of the overlap.
void draw_gjk(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const GjkResult& g = s.an.r.gjk;
  if (g.hit) {
    c.dot(g.point_a, 4.0f, pal::kGjk);
    if (g.depth > 0.0f) c.arrow(g.point_a, g.point_a + g.normal * g.depth, pal::kGjk, 2.0f, 9.0f);
    label_toward(c, px, g.point_a + g.normal * (g.depth + 10.0f * px), g.normal,
                 strf("EPA depth %.2f", g.depth), pal::kGjk);
    return;
  }
  c.line(g.point_a, g.point_b, pal::kGjk, 2.0f);
  c.dot(g.point_a, 4.0f, pal::kGjk);
  c.dot(g.point_b, 4.0f, pal::kGjk);
  const Vec2 side(-g.normal.y, g.normal.x);
  label_toward(c, px, 0.5f * (g.point_a + g.point_b) + side * (24.0f * px), side,
               strf("GJK distance %.2f", g.distance), pal::kGjk);
}
}  // namespace hitbox::app
