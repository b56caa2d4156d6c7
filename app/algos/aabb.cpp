// aabb: both axis-aligned boxes and their overlap.
#include <imgui.h>

#include "algos/algos.h"
#include "algos/draw.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

void draw(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const AabbResult& r = s.cache.an.r.aabb;
  const Color none{0.0f, 0.0f, 0.0f, 0.0f};
  draw_box(c, r.a, none, pal::kTraceA, 1.5f);
  draw_box(c, r.b, none, pal::kTraceB, 1.5f);
  if (r.hit) draw_box(c, r.overlap, alpha(pal::kOverlap, 0.35f), pal::kOverlap, 1.0f);
  c.text(Vec2(r.a.min.x, r.a.max.y + 4.0f * px), "AABB A", pal::kTraceA);
  c.text(Vec2(r.b.min.x, r.b.max.y + 4.0f * px), "AABB B", pal::kTraceB);
}

void section(SandboxState& s) {
  const AabbResult& r = s.cache.an.r.aabb;
  flow_text_coloured(to_v4(pal::kTraceA), "A x [%.1f, %.1f]  y [%.1f, %.1f]", r.a.min.x, r.a.max.x,
                     r.a.min.y, r.a.max.y);
  flow_text_coloured(to_v4(pal::kTraceB), "B x [%.1f, %.1f]  y [%.1f, %.1f]", r.b.min.x, r.b.max.x,
                     r.b.min.y, r.b.max.y);
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  return aabb(a, b).hit;
}

}  // namespace

extern const AlgoModule aabb_module;
const AlgoModule aabb_module{
    .bit = kAlgoAabb,
    .name = "aabb",
    .colour_rank = 5,
    .exactness = Exactness::Approximate,
    .draw = draw,
    .section = section,
    .query = query,
};

}  // namespace hitbox::app
