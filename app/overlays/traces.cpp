// The algorithms' drawing for the focus pair: the module table walked in its order.
#include "algos/algos.h"
#include "overlays/overlays.h"
#include "sandbox/state.h"

namespace hitbox::app {

void draw_under_shapes(const SandboxState& s, Canvas& c) {
  if (!s.cache.an.pair.valid()) return;
  const std::uint32_t ran = s.ran_in_view();
  for (const AlgoModule* m : algo_modules())
    if (m->under && (ran & m->bit)) m->under(s, c);
}

void draw_traces(const SandboxState& s, Canvas& c) {
  if (!s.cache.an.pair.valid()) return;
  const std::uint32_t ran = s.ran_in_view();
  for (const AlgoModule* m : algo_modules()) {
    if (ran & m->bit) m->draw(s, c);
    if (m->steps && s.stepping(m->bit)) m->steps->draw(s, c);
  }
}

}  // namespace hitbox::app
