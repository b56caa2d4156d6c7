// The dispatcher: every enabled algorithm on one posed pair, in one place. `query`'s report,
// the compare table, the sandbox, step mode and the lessons read its answers instead of
// switching over the algorithms themselves.
//
// Box2D style: an input struct (which algorithms, which traces, the pixel masks) and an
// output struct (each algorithm's result, its trace when asked, a verdict and one wording of
// its figure). Traces are opt-in; without them nothing but the figures is allocated.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "hitbox/algorithms.h"
#include "hitbox/circle_rect.h"
#include "hitbox/collide.h"
#include "hitbox/concave.h"
#include "hitbox/gjk.h"
#include "hitbox/manifold.h"
#include "hitbox/mask.h"

namespace hitbox {

struct AnalysisInput {
  std::uint32_t algos = kAllAlgos;  // Algo bits to run
  std::uint32_t trace = 0;          // Algo bits whose trace to record (sat, mtd, swept, gjk,
                                    // quadrant, circle_as_square, manifold have one)
  // sat: stop at the first separating axis (a game's query) or test every axis (the full
  // list the report prints and the window draws).
  bool sat_early_exit = false;
  // pixel: both shapes' masks, built at the same accuracy (mask.h). Without them pixel is
  // not run and its verdict is Verdict::NoMasks.
  const Mask* mask_a = nullptr;
  const Mask* mask_b = nullptr;
};

// Overlaps and gaps smaller than this (world px) read as touching: they print as 0.0.
inline constexpr float kTouchingPx = 0.05f;

// "overlap 12.5" when the shapes overlap, else "gap 3.2", to `decimals` places; `amount` is
// the overlap or the gap (>= 0). The figures below word overlaps and gaps with it.
std::string overlap_or_gap(bool overlapping, float amount, int decimals = 1);

// What one algorithm said. Touching counts as a hit everywhere (closed sets, collide.h).
enum class Verdict : std::uint8_t {
  NotRun,       // not enabled in AnalysisInput::algos
  Unsupported,  // the algorithm does not cover this pair of kinds (algo_supports)
  NoMasks,      // pixel without masks (e.g. a mask would be too large)
  Hit,
  Miss,
};
const char* verdict_name(Verdict v);  // "-", "n/a", "no masks", "hit", "miss"

struct AlgoAnswer {
  Algo bit = kAlgoAabb;
  Verdict verdict = Verdict::NotRun;
  // One wording per algorithm, numbers to one decimal (see figure wording in analysis.cpp):
  // aabb, bounding_circle "overlap 12.5" / "gap 3.2"; sat the same plus ", N axes";
  // mtd "depth 4.0" / "no push"; swept and swept_linear "toi 0.420" / "toi 0 (overlap)" /
  // "no contact in step" / "gave up at t 0.420"; pixel "213 cells"; gjk "depth 1.5" /
  // "distance 2.4"; quadrant and circle_as_square "by corner" / "by square"; manifold "2 points,
  // deepest 1.5" / "1 point, touching" / "apart" (deepest: the greatest overlap). Within
  // kTouchingPx of touching, aabb, bounding_circle, sat, mtd and gjk say "touching" (sat:
  // "touching, N axes") whichever way the float verdict fell. Empty unless the verdict is Hit or
  // Miss.
  std::string figure;
  bool touching = false;  // the pair touches (to kTouchingPx) by this algorithm's measure
  bool ran() const { return verdict == Verdict::Hit || verdict == Verdict::Miss; }
  bool hit() const { return verdict == Verdict::Hit; }
};

struct PairAnalysis {
  std::array<AlgoAnswer, std::size(kAlgorithms)> answers;  // in kAlgorithms order
  std::uint32_t ran = 0;  // Algo bits that ran (verdict Hit or Miss)

  // Each algorithm's result (meaningful when its bit is in `ran`) and trace (when asked).
  AabbResult aabb;
  BoundingCircleResult bounding_circle;
  SatResult sat;
  SatTrace sat_trace;
  MtdResult mtd;
  SatTrace mtd_trace;
  SweptResult swept;
  SweptTrace swept_trace;
  Vec2 swept_point{0.0f, 0.0f};  // a hit: swept_point() at its toi
  SweptResult swept_linear;      // the same without spin
  SweptTrace swept_linear_trace;
  Vec2 swept_linear_point{0.0f, 0.0f};
  PixelResult pixel;  // counted: count and overlap rectangle are filled
  GjkResult gjk;
  GjkTrace gjk_trace;
  CircleRectResult quadrant;
  CircleRectTrace quadrant_trace;
  CircleRectResult circle_as_square;
  CircleRectTrace circle_as_square_trace;
  Manifold manifold;  // a concave polygon answers through its deepest piece pair
  ManifoldTrace manifold_trace;
  // With a concave polygon in the pair: the piece pair each of sat, mtd, swept and gjk
  // answered from (concave.h); {-1, -1} otherwise.
  PiecePair sat_pieces, mtd_pieces, swept_pieces, gjk_pieces, swept_linear_pieces;

  const AlgoAnswer& answer(Algo bit) const;
};

// Runs every algorithm in `in.algos` on A and B (A first: normals point from B toward A).
PairAnalysis analyze(const Collider& a, const Collider& b, const AnalysisInput& in);

// The same, reusing `out`'s trace storage (a loop over many pairs allocates once). Traces
// not asked for this time are emptied; results of algorithms that did not run are left as
// they were (read them only for bits in `ran`).
void analyze(const Collider& a, const Collider& b, const AnalysisInput& in, PairAnalysis& out);

}  // namespace hitbox
