// The algorithms through a concave polygon's convex pieces (concave.h).
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "collide_axes.h"
#include "hitbox/concave.h"
#include "piece_union.h"

namespace hitbox {

using namespace collide_detail;  // NOLINT: the algorithms' own internal helpers

namespace {

std::span<const Collider> parts(const Collider& b) {
  if (has_pieces(b)) return {b.pieces, static_cast<std::size_t>(b.piece_count)};
  return {&b, 1};
}

void name(PiecePair* which, std::size_t i, std::size_t j) {
  if (which) *which = PiecePair{static_cast<int>(i), static_cast<int>(j)};
}

}  // namespace

SatResult sat_pieces(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit,
                     PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  SatResult best;
  std::size_t bi = 0, bj = 0;
  bool have = false;
  int tested = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      const SatResult r = sat(pa[i], pb[j], nullptr, early_exit);
      tested += r.tested;
      if (r.hit || !have || r.overlap > best.overlap) {
        best = r;
        bi = i;
        bj = j;
        have = true;
      }
      if (r.hit) goto done;
    }
  }
done:
  name(which, bi, bj);
  if (trace) best = sat(pa[bi], pb[bj], trace, early_exit);
  best.tested = tested;
  return best;
}

MtdResult mtd_pieces(const Collider& a, const Collider& b, SatTrace* trace, PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  // Whether they overlap is SAT's answer, piece pair by piece pair (so mtd and sat agree).
  std::size_t first_i = 0, first_j = 0;
  bool overlapping = false;
  for (std::size_t i = 0; i < pa.size() && !overlapping; ++i) {
    for (std::size_t j = 0; j < pb.size() && !overlapping; ++j) {
      if (sat(pa[i], pb[j], nullptr, /*early_exit=*/true).hit) {
        overlapping = true;
        first_i = i;
        first_j = j;
      }
    }
  }
  if (!overlapping) {
    name(which, 0, 0);
    if (trace) mtd(pa[0], pb[0], trace);
    return MtdResult{};
  }
  const piece_union::Exit e = piece_union::exit(pa, pb, nullptr);
  if (!e.found) {
    // No boundary point survived (only float trouble gets here): the first overlapping
    // pair's own push.
    name(which, first_i, first_j);
    return mtd(pa[first_i], pb[first_j], trace);
  }
  name(which, e.i, e.j);
  if (trace) mtd(pa[e.i], pb[e.j], trace);
  MtdResult m;
  m.hit = true;
  m.normal = e.normal;
  m.depth = e.depth;
  m.vector = e.push;
  return m;
}

SweptResult swept_pieces(const Collider& a, const Collider& b, SweptTrace* trace,
                         PiecePair* which) {
  if (turns(a) || turns(b)) return swept_turning(a, b, trace, which);
  return swept_pieces_linear(a, b, trace, which);
}

SweptResult swept_pieces_linear(const Collider& a, const Collider& b, SweptTrace* trace,
                                PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  SweptResult best;
  std::size_t bi = 0, bj = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      const SweptResult r = swept_linear(pa[i], pb[j]);
      if (r.hit && (!best.hit || r.toi < best.toi)) {
        best = r;
        bi = i;
        bj = j;
      }
    }
  }
  name(which, bi, bj);
  if (trace) swept_linear(pa[bi], pb[bj], trace);
  if (best.hit && best.initially_overlapping) {
    best.mtd = mtd_pieces(a, b, nullptr, nullptr);
    best.normal = best.mtd.normal;
  }
  return best;
}

GjkResult gjk_pieces(const Collider& a, const Collider& b, GjkTrace* trace, PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  GjkResult best;
  std::size_t bi = 0, bj = 0;
  bool have = false;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      const GjkResult g = gjk(pa[i], pb[j]);
      const bool better = !have || (g.hit && !best.hit) ||
                          (g.hit && best.hit && g.depth > best.depth) ||
                          (!g.hit && !best.hit && g.distance < best.distance);
      if (better) {
        best = g;
        bi = i;
        bj = j;
        have = true;
      }
    }
  }
  name(which, bi, bj);
  if (trace) {
    best = gjk(pa[bi], pb[bj], trace);
    piece_union::exit(pa, pb, &trace->pieces);
  }
  return best;
}

}  // namespace hitbox
