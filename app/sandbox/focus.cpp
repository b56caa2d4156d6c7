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
  for (int j = 0; j < count(); ++j) {
    if (j == a) continue;
    const GjkResult g = hitbox::gjk(body(a), body(j));
    const float key = g.hit ? -g.depth : g.distance;
    const float dist = length(body(j).pos - body(a).pos);
    if (best < 0 || key < best_key || (key == best_key && dist < best_dist)) {
      best = j;
      best_key = key;
      best_dist = dist;
    }
  }
  return best;
}

Pair SandboxState::focus_pair() const {
  if (valid(pin_a) && valid(pin_b) && pin_a != pin_b) return Pair{pin_a, pin_b, true};
  if (valid(sel) && count() >= 2) return Pair{sel, nearest(sel), false};
  return {};
}

void SandboxState::ctrl_pick(int i) {
  if (i < 0) {
    const bool had = pin_a >= 0 || pending_pick >= 0;
    pin_a = pin_b = pending_pick = -1;
    if (had) say("Focus unpinned: the selection and its nearest shape again.");
  } else if (pending_pick < 0) {
    pending_pick = i;
    say("Focus A = " + shape(i).id + ". Ctrl+click a second shape for B.");
  } else if (pending_pick == i) {
    pending_pick = -1;
    say("Focus pick cancelled.");
  } else {
    pin_a = pending_pick;
    pin_b = i;
    pending_pick = -1;
    say("Focus pinned: A = " + shape(pin_a).id + ", B = " + shape(pin_b).id +
        ". Ctrl+click empty space to unpin.");
  }
}

// Shape i's mask at the current accuracy (cached); `problem` set when the mask would be too
// large. Keep no reference across a change of the shape count.
const MaskEntry& SandboxState::mask_entry(int i) const {
  if (masks.size() != scene.shapes.size()) masks.resize(scene.shapes.size());
  MaskEntry& e = masks[static_cast<std::size_t>(i)];
  if (e.built && e.accuracy == accuracy && e.shape == shape(i)) return e;
  e.built = true;
  e.generation = ++mask_generation;
  e.shape = shape(i);
  e.accuracy = accuracy;
  e.problem = pixel_mask_problem(scene, {{i, i}}, accuracy);
  e.outline.clear();
  if (e.problem.empty()) {
    build_mask(body(i), accuracy, e.mask);
    e.outline = mask_outline(e.mask);
  } else {
    e.mask = Mask{};
  }
  return e;
}

// The one analysis of the frame: the core's dispatcher on the focus pair, with the traces
// the overlays and panels draw (gjk's only while it is stepped), sat with every axis.
void SandboxState::analyze_frame(std::uint32_t asked) {
  ++analyses;
  // The ray tool's hits, from the core's cast_ray (the same function `query --ray` uses).
  ray_hits.clear();
  if (line_tool == LineTool::Ray && line_shown) ray_hits = cast_ray(posed, line_a, line_b);
  an.pair = focus_pair();
  an.asked = asked;
  an.pixel_problem.clear();
  if (!an.pair.valid()) {
    an.r = PairAnalysis{};
    an.sat_early = SatTrace{};
    an.sat_early_r = SatResult{};
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
                      algo_supports(m->bit, shape(an.pair.a).kind, shape(an.pair.b).kind));
  if (masks) {
    mask_entry(an.pair.a);  // both built before taking references (the cache may grow)
    mask_entry(an.pair.b);
    const MaskEntry& ma = mask_entry(an.pair.a);
    const MaskEntry& mb = mask_entry(an.pair.b);
    an.pixel_problem = !ma.problem.empty() ? ma.problem : mb.problem;
    if (an.pixel_problem.empty()) {
      in.mask_a = &ma.mask;
      in.mask_b = &mb.mask;
    }
  }
  analyze(body(an.pair.a), body(an.pair.b), in, an.r);
  an.sat_early = sat_early_exit_view(an.r.sat_trace);
  an.sat_early_r = sat_result_of(an.sat_early);
}

// The algorithm whose verdict colours the pair: the user's choice, else the most exact
// enabled one (the modules' colour_rank).
std::uint32_t SandboxState::verdict_algo(std::uint32_t ran) const {
  if (colour_algo != 0 && (ran & colour_algo) != 0) return colour_algo;
  return most_exact_algo(ran);
}

// ---- step mode (teach.h): the core's traces replayed one record at a time ----
bool SandboxState::stepping(std::uint32_t bit) const {
  if (!(an.r.ran & bit)) return false;
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
