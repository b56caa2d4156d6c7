// quadrant: the nearest corner of the rectangle and its distance, or the circle's square.
#include "algos/algos.h"
#include "algos/draw.h"
#include "hitbox/circle_rect.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace {

void draw(const SandboxState& s, Canvas& c) {
  draw_circle_rect(c, 1.0f / s.cam.zoom, s.cache.an.r.quadrant, s.cache.an.r.quadrant_trace,
                   "quadrant");
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  return quadrant(a, b).hit;
}

}  // namespace

extern const AlgoModule quadrant_module;
const AlgoModule quadrant_module{
    .bit = kAlgoQuadrant,
    .name = "quadrant",
    .traced = true,
    .exactness = Exactness::Approximate,
    .draw = draw,
    .query = query,
};

}  // namespace hitbox::app
