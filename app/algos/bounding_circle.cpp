// bounding_circle: both bounding circles and the gap between them.
#include <imgui.h>

#include "algos/algos.h"
#include "algos/draw.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

void draw(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const BoundingCircleResult& r = s.cache.an.r.bounding_circle;
  const Color none{0.0f, 0.0f, 0.0f, 0.0f};
  c.circle(r.ca, r.ra, none, pal::kTraceA, 1.5f);
  c.circle(r.cb, r.rb, none, pal::kTraceB, 1.5f);
  const Color gc = r.hit ? pal::kOverlap : pal::kGap;
  dashed(c, r.ca, r.cb, alpha(gc, 0.8f), 1.5f, 5.0f, px);
  c.text(0.5f * (r.ca + r.cb) + Vec2(6.0f, 6.0f) * px,
         r.hit ? strf("circles overlap %.1f (hit)", -r.gap) : strf("circles: gap %.1f", r.gap), gc);
}

void section(SandboxState& s) {
  const BoundingCircleResult& r = s.cache.an.r.bounding_circle;
  flow_text("rA %.2f + rB %.2f vs centre distance %.2f", r.ra, r.rb, r.distance);
  flow_text("gap %.2f (<= 0 is a hit)", r.gap);
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  return bounding_circle(a, b).hit;
}

}  // namespace

extern const AlgoModule bounding_circle_module;
const AlgoModule bounding_circle_module{
    .bit = kAlgoBoundingCircle,
    .name = "bounding_circle",
    .colour_rank = 4,
    .exactness = Exactness::Approximate,
    .draw = draw,
    .section = section,
    .query = query,
};

}  // namespace hitbox::app
