// The dispatcher (analysis.h): the one switch over the algorithms, and the one wording of
// each algorithm's figure.
#include "hitbox/analysis.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <limits>
#include <vector>

namespace hitbox {
namespace {

std::string figure_text(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string figure_text(const char* fmt, ...) {
  char buf[96];
  va_list args;
  va_start(args, fmt);
  const int n = std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  assert(n >= 0 && static_cast<size_t>(n) < sizeof buf);
  (void)n;
  return buf;
}

int index_of(Algo bit) {
  for (size_t i = 0; i < std::size(kAlgorithms); ++i) {
    if (kAlgorithms[i].bit == bit) return static_cast<int>(i);
  }
  assert(false && "not an algorithm bit");
  return 0;
}

// "2 points, deepest 1.5", "1 point, touching" (the deepest within kTouchingPx of 0), or
// "apart".
float deepest_separation(const Manifold& m) {
  float deepest = m.points[0].separation;
  for (int k = 1; k < m.count; ++k) deepest = std::min(deepest, m.points[k].separation);
  return deepest;
}

std::string manifold_figure(const Manifold& m) {
  if (!m.hit) return "apart";
  const float deepest = deepest_separation(m);
  const char* points = m.count == 1 ? "1 point" : "2 points";
  if (std::abs(deepest) < kTouchingPx) return figure_text("%s, touching", points);
  return figure_text("%s, deepest %.1f", points, static_cast<double>(-deepest));
}

std::string swept_figure(const SweptResult& r) {
  if (r.gave_up) return figure_text("gave up at t %.3f", static_cast<double>(r.toi));
  return !r.hit                    ? "no contact in step"
         : r.initially_overlapping ? "toi 0 (overlap)"
                                   : figure_text("toi %.3f", static_cast<double>(r.toi));
}

// swept_point for shapes that only slide: their spin set aside (pieces included).
Vec2 swept_point_linear(const Collider& a, const Collider& b, const SweptResult& r) {
  if (!turns(a) && !turns(b)) return swept_point(a, b, r);
  Collider still[2] = {a, b};
  std::vector<Collider> pieces[2];
  for (int s = 0; s < 2; ++s) {
    still[s].spin = 0.0f;
    if (!has_pieces(still[s])) continue;
    pieces[s].assign(still[s].pieces, still[s].pieces + still[s].piece_count);
    for (Collider& p : pieces[s]) p.spin = 0.0f;
    still[s].pieces = pieces[s].data();
  }
  return swept_point(still[0], still[1], r);
}

// Runs one supported algorithm, fills its result (and trace when asked) and its figure;
// returns its verdict.
bool run_one(Algo bit, const Collider& a, const Collider& b, const AnalysisInput& in,
             PairAnalysis& out, std::string& figure) {
  const bool traced = (in.trace & bit) != 0;
  const bool pieces = has_pieces(a) || has_pieces(b);  // a concave polygon: piece by piece
  switch (bit) {
    case kAlgoAabb:
      out.aabb = hitbox::aabb(a, b);
      figure = overlap_or_gap(out.aabb.depth >= 0.0f,
                              out.aabb.depth >= 0.0f ? out.aabb.depth : -out.aabb.depth);
      return out.aabb.hit;
    case kAlgoBoundingCircle:
      out.bounding_circle = hitbox::bounding_circle(a, b);
      figure = overlap_or_gap(out.bounding_circle.hit, out.bounding_circle.hit
                                                           ? -out.bounding_circle.gap
                                                           : out.bounding_circle.gap);
      return out.bounding_circle.hit;
    case kAlgoSat: {
      SatTrace* t = traced ? &out.sat_trace : nullptr;
      out.sat_pieces = PiecePair{};
      const SatResult& r = out.sat = pieces
                                         ? sat_pieces(a, b, t, in.sat_early_exit, &out.sat_pieces)
                                         : hitbox::sat(a, b, t, in.sat_early_exit);
      figure = overlap_or_gap(r.hit, r.hit ? r.overlap : -r.overlap) +
               figure_text(", %d axes", r.tested);
      return r.hit;
    }
    case kAlgoMtd:
      out.mtd_pieces = PiecePair{};
      out.mtd = pieces ? mtd_pieces(a, b, traced ? &out.mtd_trace : nullptr, &out.mtd_pieces)
                       : hitbox::mtd(a, b, traced ? &out.mtd_trace : nullptr);
      figure =
          out.mtd.hit ? figure_text("depth %.1f", static_cast<double>(out.mtd.depth)) : "no push";
      return out.mtd.hit;
    case kAlgoSwept: {
      SweptTrace* t = traced ? &out.swept_trace : nullptr;
      out.swept_pieces = PiecePair{};
      const SweptResult& r = out.swept =
          pieces ? swept_pieces(a, b, t, &out.swept_pieces) : hitbox::swept(a, b, t);
      if (r.hit) out.swept_point = hitbox::swept_point(a, b, r);
      figure = swept_figure(r);
      return r.hit;
    }
    case kAlgoSweptLinear: {
      SweptTrace* t = traced ? &out.swept_linear_trace : nullptr;
      out.swept_linear_pieces = PiecePair{};
      const SweptResult& r = out.swept_linear =
          pieces ? swept_pieces_linear(a, b, t, &out.swept_linear_pieces)
                 : hitbox::swept_linear(a, b, t);
      // Where the shapes are at that time if they did not turn.
      if (r.hit) out.swept_linear_point = swept_point_linear(a, b, r);
      figure = swept_figure(r);
      return r.hit;
    }
    case kAlgoPixel:
      assert(in.mask_a && in.mask_b);
      out.pixel = pixel_overlap(*in.mask_a, *in.mask_b, /*count=*/true);
      figure = figure_text("%d cells", out.pixel.count);
      return out.pixel.hit;
    case kAlgoGjk: {
      GjkTrace* t = traced ? &out.gjk_trace : nullptr;
      out.gjk_pieces = PiecePair{};
      const GjkResult& r = out.gjk =
          pieces ? gjk_pieces(a, b, t, &out.gjk_pieces) : hitbox::gjk(a, b, t);
      figure = r.hit ? figure_text("depth %.1f", static_cast<double>(r.depth))
                     : figure_text("distance %.1f", static_cast<double>(r.distance));
      return r.hit;
    }
    case kAlgoQuadrant:
      out.quadrant = hitbox::quadrant(a, b, traced ? &out.quadrant_trace : nullptr);
      figure = std::string("by ") + circle_rect_case_name(out.quadrant.decided_by);
      return out.quadrant.hit;
    case kAlgoCircleAsSquare:
      out.circle_as_square =
          hitbox::circle_as_square(a, b, traced ? &out.circle_as_square_trace : nullptr);
      figure = std::string("by ") + circle_rect_case_name(out.circle_as_square.decided_by);
      return out.circle_as_square.hit;
    case kAlgoManifold: {
      const Manifold& m = out.manifold =
          hitbox::manifold(a, b, traced ? &out.manifold_trace : nullptr);
      figure = manifold_figure(m);
      return m.hit;
    }
  }
  assert(false && "not an algorithm bit");
  return false;
}

// How far from touching the pair is by this algorithm's own measure (overlap > 0, gap < 0),
// for the algorithms that measure one; NaN for the others.
float contact_amount(Algo bit, const PairAnalysis& out) {
  switch (bit) {
    case kAlgoAabb:
      return out.aabb.depth;
    case kAlgoBoundingCircle:
      return -out.bounding_circle.gap;
    case kAlgoSat:
      return out.sat.overlap;
    case kAlgoMtd:
      return out.mtd.hit ? out.mtd.depth : std::numeric_limits<float>::quiet_NaN();
    case kAlgoGjk:
      return out.gjk.hit ? out.gjk.depth : -out.gjk.distance;
    case kAlgoManifold:
      return out.manifold.hit ? -deepest_separation(out.manifold)
                              : std::numeric_limits<float>::quiet_NaN();
    default:
      return std::numeric_limits<float>::quiet_NaN();
  }
}

}  // namespace

// Keyed on the verdict, not on a sign, so the word always matches the verdict (a
// bounding-circle hit is decided on squared distances and its gap may round to + 0.0).
std::string overlap_or_gap(bool overlapping, float amount, int decimals) {
  const double v = static_cast<double>(amount);
  return overlapping ? figure_text("overlap %.*f", decimals, v)
                     : figure_text("gap %.*f", decimals, v);
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::NotRun:
      return "-";
    case Verdict::Unsupported:
      return "n/a";
    case Verdict::NoMasks:
      return "no masks";
    case Verdict::Hit:
      return "hit";
    case Verdict::Miss:
      return "miss";
  }
  return "?";
}

const AlgoAnswer& PairAnalysis::answer(Algo bit) const {
  return answers[static_cast<size_t>(index_of(bit))];
}

void analyze(const Collider& a, const Collider& b, const AnalysisInput& in, PairAnalysis& out) {
  out.ran = 0;
  // A reused `out` must not show an earlier pair's trace: the traced calls clear and refill
  // theirs, the others are emptied here.
  const auto untraced = [&](Algo bit) { return !(in.algos & in.trace & bit); };
  if (untraced(kAlgoSat)) out.sat_trace = SatTrace{};
  if (untraced(kAlgoMtd)) out.mtd_trace = SatTrace{};
  if (untraced(kAlgoSwept)) out.swept_trace = SweptTrace{};
  if (untraced(kAlgoSweptLinear)) out.swept_linear_trace = SweptTrace{};
  if (untraced(kAlgoGjk)) out.gjk_trace = GjkTrace{};
  if (untraced(kAlgoQuadrant)) out.quadrant_trace = CircleRectTrace{};
  if (untraced(kAlgoCircleAsSquare)) out.circle_as_square_trace = CircleRectTrace{};
  if (untraced(kAlgoManifold)) out.manifold_trace = ManifoldTrace{};
  for (size_t i = 0; i < std::size(kAlgorithms); ++i) {
    const Algo bit = kAlgorithms[i].bit;
    AlgoAnswer& ans = out.answers[i];
    ans.bit = bit;
    ans.figure.clear();
    ans.touching = false;
    if (!(in.algos & bit)) {
      ans.verdict = Verdict::NotRun;
    } else if (!algo_supports(bit, a, b)) {
      ans.verdict = Verdict::Unsupported;
    } else if (bit == kAlgoPixel && (!in.mask_a || !in.mask_b)) {
      ans.verdict = Verdict::NoMasks;
    } else {
      ans.verdict = run_one(bit, a, b, in, out, ans.figure) ? Verdict::Hit : Verdict::Miss;
      out.ran |= bit;
      // Within a rounding of touching, one word for either verdict (closed sets: a hit).
      const float amount = contact_amount(bit, out);
      ans.touching = std::abs(amount) < kTouchingPx;
      if (ans.touching && bit != kAlgoManifold) {  // manifold says "N points, touching"
        ans.figure =
            bit == kAlgoSat ? figure_text("touching, %d axes", out.sat.tested) : "touching";
      }
    }
  }
}

PairAnalysis analyze(const Collider& a, const Collider& b, const AnalysisInput& in) {
  PairAnalysis out;
  analyze(a, b, in, out);
  return out;
}

}  // namespace hitbox
