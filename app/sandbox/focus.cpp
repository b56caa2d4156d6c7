// Focus: which pair the window explains, its masks, and the frame's one analysis of it.
#include <algorithm>
#include <string>
#include <vector>

#include "algos/algos.h"
#include "algos/draw.h"
#include "hitbox/gjk.h"
#include "hitbox/report.h"
#include "hitbox/sat_views.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace {

// The boundary of a mask's set cells as merged horizontal and vertical segments (world).
std::vector<Vec2> mask_outline(const Mask& m) {
  std::vector<Vec2> out;
  if (m.empty()) return out;
  const float c = m.cell;
  const auto at = [c](int i, int j) {
    return Vec2(static_cast<float>(i) * c, static_cast<float>(j) * c);
  };
  for (int j = m.y0; j <= m.y0 + m.h; ++j) {  // the line above row j
    int start = 0;
    bool open = false;
    for (int i = m.x0; i <= m.x0 + m.w; ++i) {
      const bool edge = i < m.x0 + m.w && m.get(i, j - 1) != m.get(i, j);
      if (edge && !open) {
        start = i;
        open = true;
      } else if (!edge && open) {
        out.push_back(at(start, j));
        out.push_back(at(i, j));
        open = false;
      }
    }
  }
  for (int i = m.x0; i <= m.x0 + m.w; ++i) {  // the line left of column i
    int start = 0;
    bool open = false;
    for (int j = m.y0; j <= m.y0 + m.h; ++j) {
      const bool edge = j < m.y0 + m.h && m.get(i - 1, j) != m.get(i, j);
      if (edge && !open) {
        start = j;
        open = true;
      } else if (!edge && open) {
        out.push_back(at(i, start));
        out.push_back(at(i, j));
        open = false;
      }
    }
  }
  return out;
}

}  // namespace

std::string accuracy_name(float a) {
  for (std::size_t k = 0; k < std::size(kAccuracies); ++k)
    if (a == kAccuracies[k]) return kAccuracyNames[k];
  return format_float(a);
}

// The shape nearest to shape a, by the core's GJK: the deepest overlap first, then the
// smallest distance between the outlines (ties: the nearer origin).
int SandboxState::nearest(int a) const {
  int best = -1;
  float best_key = 0.0f, best_dist = 0.0f;
  for (int j = 0; j < doc.count(); ++j) {
    if (j == a) continue;
    const GjkResult g = hitbox::gjk(doc.body(a), doc.body(j));
    const float key = g.hit ? -g.depth : g.distance;
    const float dist = length(doc.body(j).pos - doc.body(a).pos);
    if (best < 0 || key < best_key || (key == best_key && dist < best_dist)) {
      best = j;
      best_key = key;
      best_dist = dist;
    }
  }
  return best;
}

Pair SandboxState::focus_pair() const {
  const int a = pin_a(), b = pin_b(), s = selected();
  if (a >= 0 && b >= 0 && a != b) return Pair{a, b, true};
  if (s >= 0 && doc.count() >= 2) return Pair{s, nearest(s), false};
  return {};
}

void SandboxState::ctrl_pick(int i) {
  if (i < 0) {
    const bool had = pinned() || pending_pick() >= 0;
    unpin();
    set_pending(-1);
    if (had) say("Focus unpinned: the selection and its nearest shape again.");
  } else if (pending_pick() < 0) {
    set_pending(i);
    say("Focus A = " + doc.shape(i).id + ". Ctrl+click a second shape for B.");
  } else if (pending_pick() == i) {
    set_pending(-1);
    say("Focus pick cancelled.");
  } else {
    pin(pending_pick(), i);
    set_pending(-1);
    say("Focus pinned: A = " + doc.shape(pin_a()).id + ", B = " + doc.shape(pin_b()).id +
        ". Ctrl+click empty space to unpin.");
  }
}

// Shape i's mask at the current accuracy (cached); `problem` set when the mask would be too
// large. Keep no reference across a change of the shape count.
const MaskEntry& SandboxState::mask_entry(int i) const {
  if (cache.masks.size() != doc.scene.shapes.size()) cache.masks.resize(doc.scene.shapes.size());
  MaskEntry& e = cache.masks[static_cast<std::size_t>(i)];
  if (e.built && e.accuracy == accuracy && e.shape == doc.shape(i)) return e;
  e.built = true;
  e.generation = ++cache.mask_generation;
  e.shape = doc.shape(i);
  e.accuracy = accuracy;
  e.problem = pixel_mask_problem(doc.scene, {{i, i}}, accuracy);
  e.outline.clear();
  if (e.problem.empty()) {
    build_mask(doc.body(i), accuracy, e.mask);
    e.outline = mask_outline(e.mask);
  } else {
    e.mask = Mask{};
  }
  return e;
}

// The one analysis of the frame: the core's dispatcher on the focus pair, with the traces
// the overlays and panels draw (gjk's only while it is stepped), sat with every axis.
void SandboxState::analyze_frame(std::uint32_t asked) {
  ++cache.analyses;
  // The ray tool's hits, from the core's cast_ray (the same function `query --ray` uses).
  tools.ray_hits.clear();
  if (tools.line_tool == LineTool::Ray && tools.line_shown)
    tools.ray_hits = cast_ray(doc.posed, tools.line_a, tools.line_b);
  cache.an.pair = focus_pair();
  cache.an.asked = asked;
  cache.an.pixel_problem.clear();
  if (!cache.an.pair.valid()) {
    cache.an.r = PairAnalysis{};
    cache.an.sat_early = SatTrace{};
    cache.an.sat_early_r = SatResult{};
    return;
  }
  AnalysisInput in;
  in.algos = asked;
  // The traces the drawing reads, and those of every step mode that is on.
  in.trace = traced_algos();
  for (const AlgoModule* m : algo_modules())
    if (m->steps && stepper.mode(m->bit).on) in.trace |= m->bit;
  in.sat_early_exit = false;
  bool masks = false;
  for (const AlgoModule* m : algo_modules())
    masks = masks || (m->on_masks && (asked & m->bit) &&
                      algo_supports(m->bit, doc.shape(cache.an.pair.a).kind,
                                    doc.shape(cache.an.pair.b).kind));
  if (masks) {
    mask_entry(cache.an.pair.a);  // both built before taking references (the cache may grow)
    mask_entry(cache.an.pair.b);
    const MaskEntry& ma = mask_entry(cache.an.pair.a);
    const MaskEntry& mb = mask_entry(cache.an.pair.b);
    cache.an.pixel_problem = !ma.problem.empty() ? ma.problem : mb.problem;
    if (cache.an.pixel_problem.empty()) {
      in.mask_a = &ma.mask;
      in.mask_b = &mb.mask;
    }
  }
  analyze(doc.body(cache.an.pair.a), doc.body(cache.an.pair.b), in, cache.an.r);
  cache.an.sat_early = sat_early_exit_view(cache.an.r.sat_trace);
  cache.an.sat_early_r = sat_result_of(cache.an.sat_early);
}

// The algorithm whose verdict colours the pair: the user's choice, else the most exact
// enabled one (the modules' colour_rank).
std::uint32_t SandboxState::verdict_algo(std::uint32_t ran) const {
  if (colour_algo != 0 && (ran & colour_algo) != 0) return colour_algo;
  return most_exact_algo(ran);
}

// ---- step mode (teach.h): the core's traces replayed one record at a time ----
bool SandboxState::stepping(std::uint32_t bit) const {
  if (verdicts_hidden() || !(cache.an.r.ran & bit)) return false;  // predict mode hides steps
  const AlgoModule* m = algo_module(bit);
  return m && m->steps && stepper.mode(bit).on;
}

teach::Counts SandboxState::step_counts() const {
  teach::Counts counts;
  for (const AlgoModule* m : algo_modules())
    if (m->steps) counts.of(m->bit) = m->steps->count(*this);
  return counts;
}

}  // namespace hitbox::app
