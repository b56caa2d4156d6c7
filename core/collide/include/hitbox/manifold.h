// manifold: where two shapes touch. The contact normal and the one or two points where the
// shapes press on each other, each with its separation and the features that made it.
//
// Method (Box2D's b2CollidePolygons and b2CollidePolygonAndCircle; Ericson 5.2.1; Catto,
// "Contact manifolds", GDC 2007). Every shape is a core grown by a radius: a polygon, box,
// sprite frame or segment is its own core with radius 0, a circle is its centre with its
// radius.
// - Two cores with edges: each shape's face of greatest separation from the other (the
//   largest, over its edges, of the least signed distance of the other's vertices). The
//   greater is the reference face, A's unless B's is greater by kManifoldFaceTolerance (so
//   the choice does not flicker between two nearly equal faces). The incident face is the
//   other shape's edge most against the reference normal. It is clipped to the reference
//   face's two side planes (Sutherland-Hodgman), and the clipped points at or below the
//   reference surface are kept: two points for a face lying on a face, one for a corner.
// - Two rounded cores (a capsule) that a face separates: the closest features of the cores,
//   and the reference face clipped as above. Two points by Box2D v3's rule when both are
//   kept; otherwise one point on the line between the closest points:
//   - two segment cores (b2CollideCapsules): each core reaches over the other's span, and the
//     nearer clipped end lies within kManifoldLinearSlop of the cores' distance;
//   - a polygon core (b2CollidePolygons): unless the two faces are nearest at a vertex of
//     each, nearer than the clipped points by a tenth of the slop.
// - A circle against a core with edges: the core's feature nearest the centre (a face, or a
//   vertex when the centre lies beyond the face's ends); one point.
// - Two circles: the centre line; one point.
// A point has neither area nor length: unsupported. A concave polygon answers through the
// pair of convex pieces that press deepest.
//
// Conventions: `normal` is unit and points from A toward B (the way B leaves A; mtd's normal
// points the other way). A contact point lies midway between the two surfaces: A's surface
// point is point - (separation / 2) normal, B's is point + (separation / 2) normal. Each is
// built from a point of its core and the radius: A's surface point less radius_a times the
// normal lies on A's core, B's plus radius_b times the normal on B's.
// Separation is negative when the shapes overlap there; touching is a hit with separation 0.
#pragma once

#include <cstdint>

#include "hitbox/shape.h"

namespace hitbox {

// Box2D's linear slop, 0.005 m at 100 px a metre (px): the margin of its rule for two points.
inline constexpr float kManifoldLinearSlop = 0.5f;

// A is preferred as the reference shape unless B's face separates by more than this (px), a
// tenth of the slop as in Box2D.
inline constexpr float kManifoldFaceTolerance = 0.1f * kManifoldLinearSlop;

// Which feature of a shape made a contact point.
enum class FeatureType : std::uint8_t { Vertex = 0, Face = 1 };

// A contact point's features as one integer: A's feature index (bits 0-7), B's (8-15), A's
// type (16) and B's type (24), FeatureType values. Stable while the pair slides without
// changing features, so play mode can carry a point's impulse from one step to the next. A
// point the clipping cut from the incident face keeps the id of the face's end it replaced
// (Box2D v3): the reference face and that vertex, whichever side of a side plane rounding
// puts an end lying on it.
inline constexpr int contact_id(int index_a, FeatureType type_a, int index_b, FeatureType type_b) {
  return (index_a & 0xff) | (index_b & 0xff) << 8 | static_cast<int>(type_a) << 16 |
         static_cast<int>(type_b) << 24;
}

struct ContactPoint {
  Vec2 point{0.0f, 0.0f};   // midway between the two surfaces
  float separation = 0.0f;  // < 0: overlapping by that much here
  int id = 0;               // contact_id()
};

struct Manifold {
  bool supported = true;  // false for a point
  bool hit = false;       // at least one point
  Vec2 normal{0.0f, 0.0f};
  int count = 0;
  ContactPoint points[2];
};

enum class ManifoldMethod : std::uint8_t {
  Faces,            // two cores with edges: reference face, incident face, clipping
  ClippedFaces,     // rounded cores apart, two points by Box2D v3's rule: clipped as Faces
  ClosestFeatures,  // rounded cores apart: one point between the cores' closest points
  CircleFace,       // a circle against a face
  CircleVertex,     // a circle against a vertex
  Circles,          // two circles
  Unsupported,      // a point
};
const char* manifold_method_name(ManifoldMethod m);

// What the window draws and step mode walks. World coordinates.
struct ManifoldTrace {
  ManifoldMethod method = ManifoldMethod::Faces;
  bool apart = false;  // a face or the centre line separates the cores by more than the radii
  // Faces: each shape's face of greatest separation and that separation (core to core).
  int face_a = -1, face_b = -1;
  float separation_a = 0.0f, separation_b = 0.0f;
  bool flip = false;      // the reference face is B's
  int reference = -1;     // its edge index (on B when flip); CircleFace: the polygon's face
  Vec2 ref0{0.0f, 0.0f};  // its ends, in the reference shape's order
  Vec2 ref1{0.0f, 0.0f};
  Vec2 ref_normal{0.0f, 0.0f};  // outward from the reference shape
  int incident = -1;            // the incident edge (on the other shape)
  Vec2 inc0{0.0f, 0.0f}, inc1{0.0f, 0.0f};
  // The incident face after the first side plane (through ref0) and after the second (through
  // ref1); the side planes face along -tangent and +tangent, tangent = ref1 - ref0 unit.
  Vec2 clip1[2];
  int clip1_count = 0;
  Vec2 clip2[2];
  int clip2_count = 0;
  float clip_separation[2] = {0.0f, 0.0f};  // each point of clip2 below the reference face
  bool kept[2] = {false, false};
  // ClosestFeatures: the cores' closest points.
  Vec2 closest_a{0.0f, 0.0f}, closest_b{0.0f, 0.0f};
  // CircleVertex: the vertex; Circles: the centres.
  int vertex = -1;
  Vec2 centre_a{0.0f, 0.0f}, centre_b{0.0f, 0.0f};
  float radius_a = 0.0f, radius_b = 0.0f;  // the cores' radii
};

// No allocation. A trace, when given, is overwritten. `speculative` (px, >= 0) also keeps
// points apart by up to that much (positive separation), as Box2D's speculative distance: play
// mode's contacts that may close within a step.
Manifold manifold(const Collider& a, const Collider& b, ManifoldTrace* trace = nullptr,
                  float speculative = 0.0f);

}  // namespace hitbox
