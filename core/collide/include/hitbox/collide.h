// The collision algorithms. One free function per algorithm family; each returns a small
// result and, when the caller passes a trace, records what it did so the window can draw
// it and the tests can check it. No allocation happens when no trace is passed.
//
// Conventions (geometry.h): y down, angles clockwise. Every "normal" or MTD vector points
// from B toward A: it is the direction in which A leaves B. Touching counts as a hit
// (all tests use closed sets), so "overlap == 0" means touching.
//
// IMPORTANT: results are in float. Near-touching poses (|overlap| below ~1e-4 of the
// shapes' size) can go either way between algorithms; the tests skip a stated tolerance.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "hitbox/shape.h"

namespace hitbox {

// ---- aabb: world axis-aligned boxes overlap (closed intervals) ----
struct AabbResult {
  bool hit = false;
  Aabb a, b;           // the two boxes that were compared
  Aabb overlap;        // hit: where the boxes overlap (the window tints it)
  float depth = 0.0f;  // the smaller of the x and y interval overlaps: < 0 is the gap
};
// The boxes are found once at pose time, so the test is four comparisons (inline; the
// overlap box and depth cost nothing when the caller does not read them).
inline AabbResult aabb(const Collider& a, const Collider& b) {
  AabbResult r{aabb_overlaps(a.bounds, b.bounds), a.bounds, b.bounds, {}, 0.0f};
  r.overlap = Aabb{glm::max(a.bounds.min, b.bounds.min), glm::min(a.bounds.max, b.bounds.max)};
  r.depth = std::min(
      interval_overlap({a.bounds.min.x, a.bounds.max.x}, {b.bounds.min.x, b.bounds.max.x}),
      interval_overlap({a.bounds.min.y, a.bounds.max.y}, {b.bounds.min.y, b.bounds.max.y}));
  return r;
}

// ---- bounding_circle: circles about each pos, radius = farthest vertex from pos ----
struct BoundingCircleResult {
  bool hit = false;
  Vec2 ca{0.0f, 0.0f};
  float ra = 0.0f;
  Vec2 cb{0.0f, 0.0f};
  float rb = 0.0f;
  float distance = 0.0f;  // between the centres
  float gap = 0.0f;       // distance - (ra + rb); <= 0 means hit
};
BoundingCircleResult bounding_circle(const Collider& a, const Collider& b);

// ---- sat: separating-axis test, every pair of kinds ----
// Where an axis came from.
enum class AxisSource : std::uint8_t {
  EdgeA,         // edge normal of A (feature = edge index in A)
  EdgeB,         // edge normal of B (feature = edge index in B)
  CircleVertex,  // circle centre to the polygon's nearest vertex (feature = vertex index)
  CentreLine,    // circle-circle centre line
  Velocity,      // swept only: perpendicular of the relative velocity
  // Two shapes without area (points, segments), when their edge normals do not decide: a
  // segment's own direction (feature 0 = A's segment, 1 = B's) for a point and a segment or
  // two parallel segments. Two points use CentreLine.
  SegmentDirection,
  // A pair with a capsule: from the other shape's nearest core point (vertex, centre or end
  // centre) to a capsule end centre (feature = the end, 0 or 1, of A's capsule; 2 + end of B's).
  CapsuleEnd,
};
const char* axis_source_name(AxisSource s);

struct SatAxis {
  Vec2 axis{1.0f, 0.0f};  // unit
  Interval a, b;          // projections of A and B on axis
  float overlap = 0.0f;   // interval_overlap(a, b): negative = gap
  AxisSource source = AxisSource::EdgeA;
  int feature = -1;
};

struct SatTrace {
  std::vector<SatAxis> axes;  // every axis in the order tested
  int separating = -1;        // index of the first separating axis, or -1
  int least = -1;             // index of the axis of least overlap among those tested
  bool early_exit = true;     // whether the run stopped at the first separating axis
};

struct SatResult {
  bool hit = false;
  // hit: the axis of least overlap and that overlap (>= 0).
  // miss: the first separating axis in test order and its overlap (< 0, minus the gap).
  Vec2 axis{1.0f, 0.0f};
  float overlap = 0.0f;
  int tested = 0;  // axes tested
};
namespace detail {
SatResult sat_any(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit);
}  // namespace detail

// ---- mtd: minimum translation vector ----
// The shortest vector that, added to A's pos, leaves A and B touching. Points away from B.
struct MtdResult {
  bool hit = false;         // false: no overlap, vector and depth are zero
  Vec2 vector{0.0f, 0.0f};  // depth * normal
  Vec2 normal{0.0f, 0.0f};  // unit, from B toward A
  float depth = 0.0f;
};
namespace detail {
MtdResult mtd_any(const Collider& a, const Collider& b, SatTrace* trace);

// The axes of a fixed pair (box-box 4, circle-box 3, or 2 with the circle's centre on the box
// corner, circle-circle 1) as its trace records them: each shape's extent on the axis, the
// signed overlap, where the axis came from.
struct FixedAxes {
  int n = 0;
  Vec2 axis[4];
  float ea[4], eb[4], ov[4];
  AxisSource source[4];
  int feature[4];
};
// The fixed pairs' kernels (detail/box_lanes.h, detail/round_pairs.h) call this only in their
// traced form: it writes the axes an early exit tests (first + 1 on a miss, all n on a hit)
// with both intervals, the first least overlap among them and the separating axis (collide.cpp).
void record_fixed(SatTrace* trace, const Collider& a, const Collider& b, const FixedAxes& f,
                  bool hit, int first, bool early_exit);
}  // namespace detail
}  // namespace hitbox

#include "hitbox/detail/box_lanes.h"
#include "hitbox/detail/round_pairs.h"

namespace hitbox {

// sat and mtd: the untraced box, circle and circle-box pairs run inline (boxes in four lanes,
// circles in closed form); every other pair, and any traced call, runs in collide.cpp, whose
// traced call of those pairs is the same kernel with its recording on (template <bool kTrace>).
// (A circle and a segment also have a closed form, in collide.cpp: inlined here, it made
// callers' loops slower for the pairs above.)
inline SatResult sat(const Collider& a, const Collider& b, SatTrace* trace = nullptr,
                     bool early_exit = true) {
  if (!trace) {
    if (a.geom == Geom::Box) {
      if (b.geom == Geom::Box) return detail::sat_box_box(a, b, early_exit);
      if (b.geom == Geom::Circle)
        return detail::sat_circle_box(a, b, /*box_is_a=*/true, early_exit);
    } else if (a.geom == Geom::Circle) {
      if (b.geom == Geom::Circle) return detail::sat_circle_circle(a, b);
      if (b.geom == Geom::Box) return detail::sat_circle_box(b, a, /*box_is_a=*/false, early_exit);
    }
  }
  return detail::sat_any(a, b, trace, early_exit);
}

inline MtdResult mtd(const Collider& a, const Collider& b, SatTrace* trace = nullptr) {
  if (!trace) {
    if (a.geom == Geom::Box) {
      if (b.geom == Geom::Box) return detail::mtd_box_box(a, b);
      if (b.geom == Geom::Circle) return detail::mtd_circle_box(a, b, /*box_is_a=*/true);
    } else if (a.geom == Geom::Circle) {
      if (b.geom == Geom::Circle) return detail::mtd_circle_circle(a, b);
      if (b.geom == Geom::Box) return detail::mtd_circle_box(b, a, /*box_is_a=*/false);
    }
  }
  return detail::mtd_any(a, b, trace);
}

// ---- swept: time of impact over one step ----
// A moves by A.vel and turns by A.spin about A.pos over t in [0, 1]; B likewise.
enum class SweptMethod : std::uint8_t {
  Slabs,           // polygon pairs: SAT slabs on every axis plus the relative-velocity axis
  Quadratic,       // circle-circle: |d + t v| = ra + rb solved for t
  RoundedPolygon,  // circle-polygon: ray against the polygon grown by the radius
  // A capsule with a shape that is not a circle: ray against the cores' Minkowski difference
  // grown by both radii (steps: the difference's edges and vertices)
  RoundedDifference,
  ConservativeAdvancement,  // a shape turns: GJK distance over a bound on the approach speed
};
const char* swept_method_name(SweptMethod m);

struct SweptStep {
  Vec2 axis{1.0f, 0.0f};  // Slabs: the axis. RoundedPolygon: edge normal or vertex direction.
  Interval a, b;          // Slabs: projections at t = 0
  float speed = 0.0f;     // Slabs: relative velocity of A along axis
  float t_enter = 0.0f;   // when the intervals start to overlap (-inf / +inf allowed)
  float t_exit = 0.0f;    // when they stop overlapping
  AxisSource source = AxisSource::EdgeA;
  int feature = -1;  // edge or vertex index; RoundedPolygon: edge (EdgeA/EdgeB) or vertex
  // The reduction so far, after this step: Slabs: the latest entry and earliest exit over
  // the steps up to here; RoundedPolygon: the earliest time any feature up to here is hit
  // (run_exit stays +inf). run_entry_step is the step that set run_enter.
  float run_enter = 0.0f;
  float run_exit = 0.0f;
  int run_entry_step = -1;
};

// Why a swept test found no impact.
enum class SweptMiss : std::uint8_t {
  None,        // it hit
  Disjoint,    // Slabs: the latest entry comes after the earliest exit: never all at once
  Before,      // Slabs: they stopped overlapping before t = 0
  After,       // Slabs: they would meet only after t = 1
  NotReached,  // Quadratic / RoundedPolygon / ConservativeAdvancement: no contact in [0, 1]
  Receding,    // ConservativeAdvancement: no point can approach any more (bound <= 0)
  GaveUp,      // ConservativeAdvancement: kSweptMaxAdvances reached (SweptResult::gave_up)
};

// Conservative advancement (swept_turning): at time t both shapes are posed (moved and turned),
// GJK gives their distance d and closest-point normal n, and no point can approach the other
// shape along n faster than bound = (A.vel - B.vel)·n + |A.spin|·rA + |B.spin|·rB (r: the
// farthest core point from pos; a circle's core is its centre, so its spin adds nothing). So
// they stay apart until t + d / bound: it advances by (d - kSweptTarget) / bound, and stops when
// d <= kSweptTolerance (a hit) or t passes 1 (a miss: they stayed >= kSweptTarget apart).
// Mirtich, "Impulse-based dynamic simulation of rigid body systems" (1996), 3.3.
// IMPORTANT: grazing passes need many advances; after kSweptMaxAdvances it gives up
// (SweptResult::gave_up, no hit, toi = the time reached: no contact before it).
inline constexpr float kSweptTolerance = 0.25f;  // px: gap at the reported time of impact
inline constexpr float kSweptTarget = 0.125f;    // px: the gap each advance aims for
inline constexpr int kSweptMaxAdvances = 1000;

// One advance: at time t the shapes are `distance` apart (closest points point_a on A and
// point_b on B, normal from B toward A), and no point approaches faster than `bound` px per
// step, so the next time tried is t + (distance - kSweptTarget) / bound. With a concave
// polygon, the piece pair whose bound allowed the shortest advance.
struct SweptAdvance {
  float t = 0.0f;
  float distance = 0.0f;
  float bound = 0.0f;
  Vec2 normal{0.0f, 0.0f};
  Vec2 point_a{0.0f, 0.0f};
  Vec2 point_b{0.0f, 0.0f};
  int piece_a = 0;
  int piece_b = 0;
};

struct SweptTrace {
  SweptMethod method = SweptMethod::Slabs;
  Vec2 rel_vel{0.0f, 0.0f};  // A.vel - B.vel
  std::vector<SweptStep> steps;
  int entry_step = -1;                    // the step whose t_enter is the time of impact
  float t_enter = 0.0f;                   // overall entry time (may be < 0 or > 1)
  float t_exit = 0.0f;                    // overall exit time
  float qa = 0.0f, qb = 0.0f, qc = 0.0f;  // Quadratic: qa t^2 + qb t + qc = 0
  SweptMiss miss = SweptMiss::None;
  std::vector<SweptAdvance> advances;  // ConservativeAdvancement: one per advance, in order
};

struct SweptResult {
  bool hit = false;
  float toi = 0.0f;                    // time of impact in [0, 1]
  Vec2 normal{0.0f, 0.0f};             // unit, from B toward A at impact
  bool initially_overlapping = false;  // then toi = 0 and mtd holds the push-out
  bool gave_up = false;  // conservative advancement ran out of advances: no hit before toi
  MtdResult mtd;
};
// Whether a shape's spin changes where it is: a circle or a point turning about its own centre
// does not.
inline bool turns(const Collider& c) {
  return c.spin != 0.0f && c.geom != Geom::Circle && !is_point(c);
}
// Time of impact: with a turning shape in the pair, swept_turning(); else the translation-only
// method of the pair (swept_linear's).
SweptResult swept(const Collider& a, const Collider& b, SweptTrace* trace = nullptr);
// Today's classic mistake kept visible: the time of impact ignoring spin (translation only).
SweptResult swept_linear(const Collider& a, const Collider& b, SweptTrace* trace = nullptr);
// Conservative advancement, for any pair (concave polygons through their pieces: `which`, when
// given, names the piece pair of the last advance).
struct PiecePair;
SweptResult swept_turning(const Collider& a, const Collider& b, SweptTrace* trace,
                          PiecePair* which);

// A posed shape moved by `move` and turned by `angle` radians (clockwise) about its pos, into
// storage the caller owns (pose_vec_slots of its shape; convex only: `pieces` is left out).
Collider moved_into(const Collider& c, Vec2 move, float angle, std::span<Vec2> vec_storage);
// The shape as it is at time t of the step: pos + t vel, turned by t spin.
inline Collider at_time(const Collider& c, float t, std::span<Vec2> vec_storage) {
  return moved_into(c, c.vel * t, c.spin * t, vec_storage);
}
// The contact point of a swept hit: midway between the closest points of the shapes posed at
// r.toi (the deepest points when they overlap at t = 0). Concave polygons through their pieces.
Vec2 swept_point(const Collider& a, const Collider& b, const SweptResult& r);

}  // namespace hitbox
