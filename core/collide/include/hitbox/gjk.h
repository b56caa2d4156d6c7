// gjk: distance and closest points of separated shapes, penetration depth and normal of
// overlapping ones, for every pair of rect, circle, polygon and sprite frame.
//
// Method. Two convex shapes overlap exactly when their Minkowski difference A - B (every
// a - b) contains the origin, and their distance is the distance from the origin to A - B.
// GJK never builds A - B: it asks for support points (the farthest point of A - B in a
// direction d is A's farthest vertex along d minus B's farthest vertex along -d) and keeps a
// simplex of 1 to 3 of them, each time moving to the simplex's closest point to the origin
// and searching towards the origin from there. It stops when a new support point brings it
// no closer (separated: that closest point is the distance vector) or when a triangle
// encloses the origin (overlap). EPA then grows that triangle into the polygon A - B itself,
// always pushing out its edge nearest the origin, until the nearest edge is an edge of
// A - B: its distance is the penetration depth and its normal the way out.
//
// Circles are exact, as in Box2D's b2ShapeDistance: every shape is a core (a polygon's
// vertices, a circle's centre) grown by a radius (polygon 0, circle r). GJK and EPA run on
// the cores; the radii are added at the end (distance - ra - rb, or depth + ra + rb), so no
// circle is ever approximated by a polygon.
//
// Sources: Gilbert, Johnson, Keerthi, "A fast procedure for computing the distance between
// complex objects in three-dimensional space" (1988); Ericson, Real-Time Collision Detection,
// 9.5 (GJK) and 5.1.5 (closest point on a triangle); van den Bergen, "Proximity queries and
// penetration depth computation on 3D game objects" (2001) for EPA; Catto, Box2D v3
// (b2ShapeDistance) for the core-plus-radius treatment and the simplex solver's layout.
//
// Directions: `normal` points from B toward A (the way A leaves B), like mtd's.
//
// IMPORTANT: everything is in float. Results are good to about gjk_noise(a, b) (8 float
// epsilons of the largest world coordinate involved: ~1e-3 px at 1000 px): GJK stops when a
// support point improves the distance by less than that, EPA when the nearest edge is within
// it of A - B, and cores closer than it count as touching (a hit with depth ~0). So a pair
// separated by less than ~1e-3 px can be reported as touching, and near-touching pairs can
// disagree with sat; the tests skip a stated band.
// IMPORTANT: GJK gives up after kGjkMaxIterations and EPA after kEpaMaxIterations (more
// than the vertices A - B can have, so only float trouble reaches them); the stop enums then
// say MaxIterations and the result is the best found so far.
// IMPORTANT: the normal of a hit is not unique when two ways out are equally short (a square
// centred on a square, concentric circles): one of them is returned. Concentric circles give
// (1, 0), as mtd does.
#pragma once

#include <cstdint>
#include <vector>

#include "hitbox/shape.h"

namespace hitbox {

// Why GJK stopped.
enum class GjkStop : std::uint8_t {
  // A support point brought the simplex no closer: the cores' distance is found (with a
  // circle the shapes may still overlap, by less than the radii).
  ClosestFound,
  ContainsOrigin,  // a simplex triangle enclosed the origin: the cores overlap (EPA ran)
  OriginTouches,   // the origin lay on the simplex (core distance ~0): touching (EPA ran)
  MaxIterations,   // gave up after kGjkMaxIterations; the best result so far is returned
};
const char* gjk_stop_name(GjkStop s);

// Why EPA stopped.
enum class EpaStop : std::uint8_t {
  NotRun,         // the cores were separated (or both were points): no EPA
  Converged,      // the nearest edge of the polytope is an edge of A - B
  MaxIterations,  // gave up after kEpaMaxIterations; the best edge so far is returned
};
const char* epa_stop_name(EpaStop s);

inline constexpr int kGjkMaxIterations = 2 * kMaxPolygonPoints + 8;
inline constexpr int kEpaMaxIterations = 2 * kMaxPolygonPoints + 8;

struct GjkResult {
  bool hit = false;  // touching counts as a hit
  // Separated: the gap (> 0), point_a on A's boundary and point_b on B's, the closest pair,
  // with point_a - point_b = distance * normal. Hit: distance is 0.
  float distance = 0.0f;
  Vec2 point_a{0.0f, 0.0f};
  Vec2 point_b{0.0f, 0.0f};
  // Hit: the penetration depth (>= 0) and the unit normal from B toward A; A moved by
  // depth * normal leaves the shapes touching. point_a and point_b are then the deepest
  // points (A's inside B and B's inside A): point_b = point_a + depth * normal.
  // Separated: depth is 0 and normal is the unit direction from point_b to point_a.
  float depth = 0.0f;
  Vec2 normal{0.0f, 0.0f};
  int iterations = 0;      // GJK iterations (support points asked for, the first included)
  int epa_iterations = 0;  // EPA iterations (0 when EPA did not run)
  GjkStop stop = GjkStop::ClosestFound;
  EpaStop epa_stop = EpaStop::NotRun;
};

// A point of the cores' Minkowski difference: w = a - b, with a the core vertex ia of A
// (a circle's centre is vertex 0) and b the core vertex ib of B.
struct GjkVertex {
  Vec2 w{0.0f, 0.0f};
  Vec2 a{0.0f, 0.0f};
  Vec2 b{0.0f, 0.0f};
  int ia = 0;
  int ib = 0;
};

// One GJK iteration: the simplex after it was reduced to the feature nearest the origin
// (1-3 points; 3 = it encloses the origin), that nearest point, the search direction
// (-closest; zero when the search ended) and the support point found in that direction.
struct GjkStep {
  GjkVertex simplex[3];
  int count = 0;
  Vec2 closest{0.0f, 0.0f};
  Vec2 direction{0.0f, 0.0f};
  bool has_support = false;
  GjkVertex support;
};

// One EPA iteration: the polytope (Minkowski difference points, positive-area order), its
// edge nearest the origin (edge i runs polytope[i] -> polytope[i + 1]), that edge's outward
// unit normal and distance from the origin, and the support point in that normal.
struct EpaStep {
  std::vector<Vec2> polytope;
  int edge = 0;
  Vec2 normal{0.0f, 0.0f};
  float distance = 0.0f;
  Vec2 support{0.0f, 0.0f};
};

// With a concave polygon in the pair, A - B is the union of every piece pair's difference
// (concave.h), and the shortest push out (mtd_pieces) is the point of the union's boundary
// nearest the origin. gjk_pieces, traced, records it here for drawing; points in A - B space.
struct PieceDifference {
  int a = 0;  // the piece of A
  int b = 0;  // the piece of B
  // Its A - B outline in positive-area order; rounded by the radii, arcs sampled at
  // kGjkOutlineSamples points a full turn (a drawing, not a reference).
  std::vector<Vec2> outline;
};
struct UnionTrace {
  std::vector<PieceDifference> differences;  // one per piece pair, A's pieces major
  // The union's outline: the parts of the outlines above that no other difference covers, as
  // segments (two points each).
  std::vector<Vec2> boundary;
  // The union's boundary point nearest the origin when the origin is inside the union: A moved
  // by -exit touches B (mtd_pieces' push). `from` is the difference whose boundary holds it
  // (-1: the origin is outside every difference, or no union was traced).
  Vec2 exit{0.0f, 0.0f};
  int from = -1;
  // Whether exit is where two differences' outlines cross (else the nearest point of one
  // difference's edge or corner arc).
  bool crossing = false;
};

// What a window needs to draw the Minkowski difference, the origin and the simplex, and to
// step through the iterations. All points are in Minkowski-difference space (the origin is
// "A touches B"); the simplex and polytope points lie on the cores' difference, which the
// radii (radius_a + radius_b) grow into the full A - B.
struct GjkTrace {
  float radius_a = 0.0f;  // core radii: a circle's radius, 0 for polygons
  float radius_b = 0.0f;
  std::vector<Vec2> differences;  // every core vertex difference a_i - b_j (i major)
  // The boundary of the full A - B in positive-area order: the hull of `differences` for two
  // polygons; with a circle, the hull of each difference grown by radius_a + radius_b,
  // sampled at kGjkOutlineSamples points (an inscribed polygon: a drawing, not a reference).
  std::vector<Vec2> outline;
  bool outline_sampled = false;
  std::vector<GjkStep> gjk;  // one per GJK iteration
  std::vector<EpaStep> epa;  // one per EPA iteration
  // A concave polygon in the pair (gjk_pieces): the union the steps' piece pair is part of.
  // The steps, differences and outline above are that one piece pair's.
  UnionTrace pieces;
};
inline constexpr int kGjkOutlineSamples = 48;

// The noise floor of gjk's float arithmetic for this pair, in pixels (see IMPORTANT above).
float gjk_noise(const Collider& a, const Collider& b);

// No allocation unless a trace is passed (then it is cleared and refilled).
GjkResult gjk(const Collider& a, const Collider& b, GjkTrace* trace = nullptr);
// gjk() without EPA, for callers that need only the gap: when the cores overlap or touch,
// hit with distance, depth, normal and points left at 0. Apart, or overlapping only through
// the radii, the same answer as gjk(). Concave shapes through their pieces.
GjkResult gjk_gap(const Collider& a, const Collider& b);

}  // namespace hitbox
