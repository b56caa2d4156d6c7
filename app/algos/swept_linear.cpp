// swept_linear: the time of impact with spin ignored, a classic mistake kept visible. It draws
// where it thinks the pair meets (the shapes slid, not turned); the compare table marks it a
// false negative when a turning shape hits and it says miss.
#include "algos/algos.h"
#include "algos/draw.h"
#include "algos/swept.h"
#include "hitbox/concave.h"
#include "overlays/palette.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

void draw(const SandboxState& s, Canvas& c) {
  const SweptResult& r = s.cache.an.r.swept_linear;
  if (!r.hit || r.initially_overlapping) return;
  draw_ghost_pair(s, c, r.toi, alpha(pal::kGhostImpact, 0.6f), strf("slides only: t=%.3f", r.toi),
                  1.0f, /*tag_below=*/true, /*slide=*/true);
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  PiecePair which;
  return has_pieces(a) || has_pieces(b) ? swept_pieces_linear(a, b, nullptr, &which).hit
                                        : swept_linear(a, b).hit;
}

}  // namespace

extern const AlgoModule swept_linear_module;
const AlgoModule swept_linear_module{
    .bit = kAlgoSweptLinear,
    .name = "swept_linear",
    .traced = true,
    .exactness = Exactness::SlidesOnly,
    .draw = draw,
    .query = query,
};

}  // namespace hitbox::app
