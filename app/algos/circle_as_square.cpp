// circle_as_square: the circle's square against the rectangle, or the corner it reached.
#include "algos/algos.h"
#include "algos/draw.h"
#include "hitbox/circle_rect.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace {

void draw(const SandboxState& s, Canvas& c) {
  draw_circle_rect(c, 1.0f / s.cam.zoom, s.cache.an.r.circle_as_square,
                   s.cache.an.r.circle_as_square_trace, "circle as square");
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  return circle_as_square(a, b).hit;
}

}  // namespace

extern const AlgoModule circle_as_square_module;
const AlgoModule circle_as_square_module{
    .bit = kAlgoCircleAsSquare,
    .name = "circle_as_square",
    .traced = true,
    .exactness = Exactness::Approximate,
    .draw = draw,
    .query = query,
};

}  // namespace hitbox::app
