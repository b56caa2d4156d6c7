// Concave polygons as convex pieces (the polygon write-up: "concave shapes are decomposed
// into convex ones"; SAT and GJK need convex shapes).
//
// Method: ear clipping (a simple polygon always has an ear: a convex corner whose triangle
// holds no other vertex; cutting it off leaves a simple polygon one vertex smaller) gives
// n - 2 triangles; then Hertel-Mehlhorn: every diagonal between two pieces whose removal
// leaves the merged piece convex is removed, until none is left. Hertel and Mehlhorn (1983)
// showed the result has at most 4 times the optimal number of convex pieces, in O(n^2) here
// for n <= 64 points, with no robustness trouble beyond the orientation tests (doubles).
// An optimal decomposition (Keil's dynamic programming, O(n^3) and much more code) would
// save a piece or two on the shapes a lesson uses; pose time is not where the cost is.
//
// The pieces are found once per pose (Posed), in the file's local points, so they move,
// turn, scale and mirror with the shape.
#pragma once

#include <span>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/geometry.h"
#include "hitbox/gjk.h"

namespace hitbox {

// Whether a polygon (passing polygon_problem) is convex: every corner turns the same way.
bool polygon_is_convex(std::span<const DVec2> points);

// Convex pieces of a simple polygon (one that passes polygon_problem): lists of indices into
// `points`, each piece in positive-area order (geometry.h). A convex polygon gives one piece
// with every index.
std::vector<std::vector<int>> convex_decomposition(std::span<const DVec2> points);

// ---- the algorithms through the pieces ----
// sat, mtd, swept and gjk call these themselves when either shape has pieces (has_pieces);
// the dispatcher (analysis.h) calls them directly to learn the piece pair. A convex shape is
// its own piece 0.
struct PiecePair {
  int a = -1;  // piece of A (-1: not run through pieces)
  int b = -1;
};

// Hit when any piece pair hits: the first hitting pair in order (A's pieces major), with its
// result and trace; a miss reports the pair closest to touching (largest overlap figure).
SatResult sat_pieces(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit,
                     PiecePair* which);
// The shortest push of A that leaves the shapes touching, exactly: A moved by v overlaps B
// when v lies in the union of the piece pairs' Minkowski differences (each convex, rounded by
// the radii), so the push is the point of the union's boundary nearest the origin: the nearest
// uncovered point among each difference's edges and corner arcs and the points where two
// differences' outlines cross (core/collide/src/piece_union.cpp; docs/geometry.md). A hit is SAT's
// answer on the piece pairs. The trace is the SAT trace of the pair whose difference holds
// that point; `which` names it. gjk_pieces, traced, records the union for drawing (gjk.h).
MtdResult mtd_pieces(const Collider& a, const Collider& b, SatTrace* trace, PiecePair* which);
// The earliest time of impact over the piece pairs (overlap at t = 0: toi 0 and mtd_pieces);
// with a turning shape, swept_turning().
SweptResult swept_pieces(const Collider& a, const Collider& b, SweptTrace* trace, PiecePair* which);
// The same, spin ignored (swept_linear's).
SweptResult swept_pieces_linear(const Collider& a, const Collider& b, SweptTrace* trace,
                                PiecePair* which);
// Separated: the closest piece pair (the shapes' distance). Hit: the deepest piece pair.
// Traced: that pair's steps, and in trace->pieces the union of every pair's difference.
GjkResult gjk_pieces(const Collider& a, const Collider& b, GjkTrace* trace, PiecePair* which);

}  // namespace hitbox
