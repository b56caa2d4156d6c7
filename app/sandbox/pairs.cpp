// Every colliding pair of the frame: the core's broad phase finds the pairs whose boxes
// overlap, and the core's dispatcher, with only the "hit colour from" algorithm and no
// traces, tests each of them. The focus pair keeps its full analysis (focus.cpp); this is
// what colours every other shape and what the status line counts.
#include <algorithm>
#include <span>

#include "algos/algos.h"
#include "hitbox/algorithms.h"
#include "hitbox/analysis.h"
#include "hitbox/broad_phase.h"
#include "sandbox/state.h"

namespace hitbox::app {

void SandboxState::find_pairs() {
  CollidingPairs& p = cache.pairs;
  const std::size_t n = doc.scene.shapes.size();
  p.algo = pairs_algo();
  p.hits.clear();
  p.candidates.clear();
  p.hit.assign(n, 0);
  p.narrow_tests = 0;
  p.boxes.resize(n);
  const AlgoModule* module = algo_module(p.algo);
  const bool over_step = module && (module->exactness == Exactness::OverTheStep ||
                                    module->exactness == Exactness::SlidesOnly);
  for (std::size_t i = 0; i < n; ++i) {
    const Collider& b = doc.posed[i].collider();
    p.boxes[i] = b.bounds;
    if (over_step) {  // a test along the whole step: its boxes span the step too
      // A turning shape sweeps its bounding circle.
      const Aabb box = turns(b) ? Aabb{b.pos - Vec2(b.bound), b.pos + Vec2(b.bound)} : b.bounds;
      p.boxes[i].min = glm::min(box.min, box.min + b.vel);
      p.boxes[i].max = glm::max(box.max, box.max + b.vel);
    }
  }
  p.trace = BroadTrace{};
  p.stats = broad_pairs(std::span<const Aabb>(p.boxes), &p.broad, &p.candidates,
                        p.show ? &p.trace : nullptr);
  if (p.algo == 0) return;

  AnalysisInput in;
  in.algos = p.algo;
  in.trace = 0;
  in.sat_early_exit = true;  // a verdict only: the first separating axis settles it
  const bool pixel = module && module->on_masks;
  for (const BroadPair& c : p.candidates) {
    const Shape& sa = doc.shape(c.a);
    const Shape& sb = doc.shape(c.b);
    if (!algo_supports(static_cast<Algo>(p.algo), sa.kind, sb.kind)) continue;
    if (pixel) {
      mask_entry(c.a);  // both built before taking references (the cache may grow)
      mask_entry(c.b);
      const MaskEntry& ma = mask_entry(c.a);
      const MaskEntry& mb = mask_entry(c.b);
      if (!ma.problem.empty() || !mb.problem.empty()) continue;  // too large: not tested
      in.mask_a = &ma.mask;
      in.mask_b = &mb.mask;
    }
    analyze(doc.body(c.a), doc.body(c.b), in, p.scratch);
    const AlgoAnswer& ans = p.scratch.answer(static_cast<Algo>(p.algo));
    if (!ans.ran()) continue;
    ++p.narrow_tests;
    if (!ans.hit() || ans.touching) continue;  // touching only is not coloured (draw_shapes)
    p.hits.push_back(c);
    p.hit[static_cast<std::size_t>(c.a)] = 1;
    p.hit[static_cast<std::size_t>(c.b)] = 1;
  }
}

}  // namespace hitbox::app
