// The ranges every number of a shape keeps (docs/scene-format.md, "Ranges"), and the checks
// that say which field is out of them. Shapes are posed in floats; these ranges keep every
// value well inside what a float holds, with sub-pixel precision to spare.
//
// The scene loader, the window's editors (the inspector, drags) and the fuzzers all ask these
// functions, so a value is refused with the same words wherever it comes from. The core's
// algorithms take any Collider without undefined behaviour, but their answers mean something
// only for shapes that pass shape_problem.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "hitbox/shape.h"

namespace hitbox {

inline constexpr double kMaxCoord = 1e6;  // |x|, |y| of pos, vel, points, view origin (pixels)
inline constexpr double kMaxSize = 1e6;   // rect width/height, circle and capsule radius, scaled
inline constexpr double kMinSize = 1e-6;  // smallest width/height, radius and scale
inline constexpr double kMaxScale = 1000.0;
inline constexpr double kMaxAngle = 1e6;    // degrees
inline constexpr double kMaxSpin = 3600.0;  // degrees per step (ten turns)
inline constexpr double kMinZoom = 1e-3;    // a scene's view zoom
inline constexpr double kMaxZoom = 1e3;

// A field and what is wrong with it, e.g. {"size", "is out of range: ..."}.
struct FieldProblem {
  std::string field;
  std::string message;
  bool operator==(const FieldProblem&) const = default;
};

// Each returns "" for an allowed value, else what is wrong (without the field's name).
std::string finite_problem(double v);  // any finite number
std::string coord_problem(double v);   // finite, |v| <= kMaxCoord
std::string angle_problem(double v);   // finite, |v| <= kMaxAngle
std::string spin_problem(double v);    // finite, |v| <= kMaxSpin
// A size-like number: finite, > 0 (else `rule`), and kMinSize <= v <= max.
std::string positive_problem(double v, double max, const std::string& rule);

// A polygon's points: polygon_problem's verdict, on the field "points[N]" when it is about
// one point, else "points".
std::optional<FieldProblem> points_problem(std::span<const DVec2> points);

// A segment's points: exactly two, finite, not equal (zero length), on "points" or
// "points[N]".
std::optional<FieldProblem> segment_points_problem(std::span<const DVec2> points);

// The shape's extents times its scale (width and height, radius, point coordinates, a
// sprite's image size) within kMaxSize / kMaxCoord; reported on "scale".
std::optional<FieldProblem> scaled_problem(const Shape& s);

// Play mode's numbers (docs/scene-format.md, "Bodies").
inline constexpr double kMinDensity = 1e-6;  // below, a small shape's mass has no inverse
inline constexpr double kMaxDensity = 1e6;
inline constexpr double kMaxFriction = 10.0;
inline constexpr double kMaxGravity = 1e6;          // |gx|, |gy| in pixels per second squared
inline constexpr double kMaxAngularVelocity = 1e5;  // |body.angular_velocity|, degrees per second

// A shape's body: density in [1e-6, 1e6], restitution in [0, 1], friction and static_friction in
// [0, 10], velocity within +-1e6 pixels per second, angular velocity within +-1e5 degrees per
// second, both zero for a static body. Fields are named "body.density", "body.velocity[0]", ...
// (A segment or point may not be dynamic: shape_problem says so on "body.type".)
std::optional<FieldProblem> body_problem(const BodySpec& b);
// A world's gravity, on "world.gravity[0]" / "world.gravity[1]".
std::optional<FieldProblem> gravity_problem(DVec2 g);

// The first field of the shape that is out of its range, in the order a scene file's shape
// is read: pos, angle, scale, vel, spin, then the kind's own fields, then the scaled extents.
// nullopt when every number is one the core takes.
std::optional<FieldProblem> shape_problem(const Shape& s);

}  // namespace hitbox
