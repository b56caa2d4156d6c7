// Independent references for the tests of the core modules (collide_test.cpp, swept_test.cpp,
// shape_test.cpp, gjk_test.cpp, ...); checked themselves in reference_test.cpp.
//
// Everything here is written from scratch in double precision and works from the Shape
// (the scene description), never from hitbox's Collider / pose(): the world transform, the
// circle polygons, the convex hull, clipping, areas and distances are all re-derived.
// Only the plain data types (Shape, Kind, DVec2) are shared with the library.
//
// Transform (same convention as geometry.h, re-implemented here):
//   world = pos + R(angle) * (scale * M * local),  R(a) = [cos a, -sin a; sin a, cos a],
//   angle in degrees, M = diag(mirror_x ? -1 : 1, mirror_y ? -1 : 1).
//   A rect's local corners are (+-size.x / 2, +-size.y / 2); a circle is centred on pos
//   with world radius radius * scale.
//
// Polygons returned by this file are in POSITIVE shoelace order
// (sum x_i*y_{i+1} - x_{i+1}*y_i > 0); "inside" is to the left of every edge, i.e.
// cross(v[i+1] - v[i], p - v[i]) >= 0.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/shape.h"

namespace hitbox::ref {

using Poly = std::vector<DVec2>;

// ---- tolerances (pixels), stated once ----
//
// The library computes in float with world coordinates up to ~1000 px, where one float ulp
// is ~6e-5 px; a few dozen operations accumulate ~1e-3 px at worst.
//
// kLen: how closely a float result (a projection, a depth, a box edge, the distance left
// after applying an MTD) must match the double reference. 100x the expected float error.
constexpr double kLen = 1e-2;
// kBand: a pair whose exact signed distance lies in [-kBand, kBand] is "near touching"
// and classified Ambiguous (skipped); likewise points within kBand of a boundary.
constexpr double kBand = 5e-2;
// kCircleSides: sides of the inscribed / circumscribed polygons standing in for a circle.
// Their boundary is within r * (1 / cos(pi / N) - 1) ~ 7.5e-5 * r of the true circle, i.e.
// < 0.012 px for r <= 150, well inside kBand.
constexpr int kCircleSides = 256;
// kHitArea: a Hit also needs a clipped overlap area (inscribed circle polygons) above this.
// With a penetration depth > kBand the area is at least ~kBand^2 * tan(half the sharpest
// corner), far above this; it only guards against a wrong signed distance.
constexpr double kHitArea = 1e-6;

// ---- elementary geometry ----
double cross2(DVec2 a, DVec2 b);
double dot2(DVec2 a, DVec2 b);
double length2(DVec2 a);
double signed_area(const Poly& p);  // shoelace / 2, positive for positive order
Poly translated(const Poly& p, DVec2 d);
// Convex hull by gift wrapping (Jarvis march), positive order, collinear and duplicate
// points dropped. Returns fewer than 3 points when the input is degenerate.
Poly hull(const std::vector<DVec2>& pts);

// ---- shapes in the world ----
DVec2 world_point(const Shape& s, DVec2 local);
// Rect / polygon world vertices, positive order (mirroring may flip the input order).
Poly world_polygon(const Shape& s);
DVec2 circle_centre(const Shape& s);
double circle_radius(const Shape& s);  // world radius
Poly circle_inscribed(const Shape& s, int n = kCircleSides);
Poly circle_circumscribed(const Shape& s, int n = kCircleSides);
// A capsule: its two world end centres and world radius; its outline sampled as two half
// circles of kCircleSides / 2 steps each, inscribed (points on the arcs) or circumscribed
// (the arcs' tangent lines' corners, at r / cos(pi / kCircleSides)).
std::pair<DVec2, DVec2> capsule_ends(const Shape& s);
double capsule_radius(const Shape& s);
Poly capsule_outline(const Shape& s, bool outer);
// Circle, capsule -> inscribed / circumscribed polygon, rect / polygon -> world polygon.
Poly inner_polygon(const Shape& s);
Poly outer_polygon(const Shape& s);

struct Box {
  DVec2 min, max;
};
Box world_box(const Shape& s);           // exact world axis-aligned bounds
double farthest_radius(const Shape& s);  // farthest world vertex from pos (circle: radius)
// What the references see of a shape: a sprite as the rect of its frame (w x h, its pose),
// any other shape as it is.
Shape twin(const Shape& s);

// ---- clipping and area ----
// Sutherland-Hodgman: subject clipped by every edge of the convex polygon clip.
Poly clip_convex(const Poly& subject, const Poly& clip);
double overlap_area(const Poly& a, const Poly& b);

// ---- distances ----
double point_segment_distance(DVec2 p, DVec2 a, DVec2 b);
bool point_in_polygon(DVec2 p, const Poly& poly);  // crossing number (even-odd)
// Negative inside (minus the distance to the boundary), positive outside.
double point_polygon_signed_distance(DVec2 p, const Poly& poly);
bool segments_intersect(DVec2 a, DVec2 b, DVec2 c, DVec2 d);
// Distance between two convex polygons: 0 if they intersect, otherwise the minimum over
// vertex-segment distances in both directions.
double polygon_distance(const Poly& a, const Poly& b);
// Point-in-shape for any kind: negative inside, positive outside (exact for circles; a capsule:
// the distance to its core segment minus the radius).
double point_shape_signed_distance(const Shape& s, DVec2 p);

// ---- pairs ----
// Exact signed distance between A translated by shift_a and B: positive = the gap between
// them, negative = minus the penetration depth (the length of the shortest translation
// separating them). Polygon pairs: signed distance from -shift_a to the Minkowski
// difference A - B (hull of all vertex differences). Circle-polygon: signed distance from
// the centre to the polygon minus r. Circle-circle: centre distance minus the radii. A
// capsule: circle-capsule, the centre's distance to the core segment minus both radii; else
// the signed distance to the hull of the core differences (a capsule's two end centres, a
// circle's centre, a polygon's vertices) minus both radii.
class PairRef {
 public:
  PairRef(const Shape& a, const Shape& b);
  double signed_distance(DVec2 shift_a = DVec2(0.0, 0.0)) const;
  const Poly& minkowski() const { return diff_; }  // polygon pairs only

 private:
  Kind ka_, kb_;
  bool rounded_ = false;  // a capsule in the pair: core differences and radii
  Poly pa_, pb_, diff_;
  DVec2 ca_{0.0, 0.0}, cb_{0.0, 0.0};
  double ra_ = 0.0, rb_ = 0.0;
};

enum class State { Hit, Miss, Ambiguous };
const char* state_name(State s);

struct StateInfo {
  State state = State::Ambiguous;
  double distance = 0.0;  // exact signed distance (PairRef)
  double area = 0.0;      // clipped overlap area of the inner (inscribed) polygons
};
// Static overlap state of A (translated by shift_a) and B:
//   Hit:       signed distance < -kBand AND the inner polygons overlap with area > kHitArea.
//   Miss:      signed distance > kBand AND the outer (circumscribed) polygons are disjoint
//              (vertex-segment distance > 0).
//   Ambiguous: anything else (near touching, or the two methods disagree).
StateInfo overlap_state(const Shape& a, const Shape& b, DVec2 shift_a = DVec2(0.0, 0.0));
// The same classification from a signed distance alone (used for dense sampling).
State state_from_distance(double signed_distance);

// The first time in [0, 1] at which gap(t) <= 0, by kFirstTouchSamples even samples and 60
// bisection steps on the first sampled step that enters (t = 0 when gap(0) <= 0 already; -1
// when no sample enters), and the least sampled gap, which tells grazes from clear passes. The
// reference for times of impact: sampling and bisection, not the core's closed forms or slabs.
inline constexpr int kFirstTouchSamples = 4000;
struct FirstTouch {
  double t = -1.0;
  double min_gap = 0.0;
};
FirstTouch first_touch(const std::function<double(double)>& gap);

// Full-precision description of a shape for failure messages.
std::string describe(const Shape& s);

}  // namespace hitbox::ref
