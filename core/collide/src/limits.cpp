// The ranges of a shape's numbers and the checks that name the field out of them. The scene
// loader (scene_read.cpp) reads a file's structure and asks these for every value; the window's
// editors ask shape_problem before they change a shape.
#include "hitbox/limits.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "number_text.h"

namespace hitbox {

namespace {

const std::string kScaleRule = "scaled sizes must stay within 1e6 pixels";

FieldProblem scale_out(const Shape& s, const std::string& what) {
  return FieldProblem{"scale", "is out of range: scale " + number_text(s.scale) + " " + what +
                                   " (" + kScaleRule + ")"};
}

}  // namespace

std::string finite_problem(double v) {
  return std::isfinite(v) ? "" : "must be a finite number";
}

std::string coord_problem(double v) {
  if (!std::isfinite(v)) return finite_problem(v);
  if (std::abs(v) > kMaxCoord)
    return "is out of range: " + number_text(v) + " is beyond +-1e6 pixels";
  return "";
}

std::string angle_problem(double v) {
  if (!std::isfinite(v)) return finite_problem(v);
  if (std::abs(v) > kMaxAngle)
    return "is out of range: " + number_text(v) + " is beyond +-1e6 degrees";
  return "";
}

std::string spin_problem(double v) {
  if (!std::isfinite(v)) return finite_problem(v);
  if (std::abs(v) > kMaxSpin)
    return "is out of range: " + number_text(v) + " is beyond +-3600 degrees per step";
  return "";
}

std::string positive_problem(double v, double max, const std::string& rule) {
  if (!std::isfinite(v)) return finite_problem(v);
  if (!(v > 0.0)) return rule;
  if (v < kMinSize || v > max) {
    return "is out of range: " + number_text(v) + " is not between 1e-6 and " +
           (max == kMaxSize ? std::string("1e6") : number_text(max)) + " (" + rule + ")";
  }
  return "";
}

std::optional<FieldProblem> points_problem(std::span<const DVec2> points) {
  const std::string problem = polygon_problem(points);
  if (problem.empty()) return std::nullopt;
  // Messages about one point start with "point N" (polygon.cpp).
  std::string field = "points";
  if (problem.rfind("point ", 0) == 0) {
    const std::size_t end = problem.find(' ', 6);
    field = "points[" + problem.substr(6, end - 6) + "]";
  }
  return FieldProblem{field, problem};
}

std::optional<FieldProblem> segment_points_problem(std::span<const DVec2> points) {
  if (points.size() != 2) {
    return FieldProblem{"points", "a segment needs exactly 2 points, this one has " +
                                      std::to_string(points.size())};
  }
  for (std::size_t i = 0; i < 2; ++i) {
    if (!std::isfinite(points[i].x) || !std::isfinite(points[i].y)) {
      return FieldProblem{"points[" + std::to_string(i) + "]", "must be finite numbers"};
    }
  }
  if (points[0] == points[1]) {
    return FieldProblem{"points", "has zero length: both points are [" + number_text(points[0].x) +
                                      ", " + number_text(points[0].y) + "]"};
  }
  return std::nullopt;
}

std::optional<FieldProblem> scaled_problem(const Shape& s) {
  switch (s.kind) {
    case Kind::Rect: {
      const double world = std::max(s.size.x, s.size.y) * s.scale;
      if (world > kMaxSize)
        return scale_out(s, "makes the rect " + number_text(world) + " pixels wide");
      break;
    }
    case Kind::Circle: {
      const double world = s.radius * s.scale;
      if (world > kMaxSize)
        return scale_out(s, "makes the radius " + number_text(world) + " pixels");
      break;
    }
    case Kind::Point:
      break;
    case Kind::Polygon:
    case Kind::Segment:
    case Kind::Capsule: {
      double extent = 0.0;
      for (const DVec2& p : s.points) extent = std::max({extent, std::abs(p.x), std::abs(p.y)});
      const double world = extent * s.scale;
      if (world > kMaxCoord) {
        return scale_out(s, "puts a point " + number_text(world) + " pixels from pos");
      }
      if (s.kind == Kind::Capsule && s.radius * s.scale > kMaxSize) {
        return scale_out(s, "makes the radius " + number_text(s.radius * s.scale) + " pixels");
      }
      break;
    }
    case Kind::Sprite: {
      const SpriteImage* img = s.pixels.image.get();
      if (img == nullptr) break;
      const double world = static_cast<double>(std::max(img->w, img->h)) * s.scale;
      if (world > kMaxSize) {
        return scale_out(s, "makes the sprite's " + std::to_string(img->w) + " x " +
                                std::to_string(img->h) + " image " + number_text(world) +
                                " pixels wide");
      }
      break;
    }
  }
  return std::nullopt;
}

std::optional<FieldProblem> shape_problem(const Shape& s) {
  const auto check = [](const char* field,
                        const std::string& problem) -> std::optional<FieldProblem> {
    if (problem.empty()) return std::nullopt;
    return FieldProblem{field, problem};
  };
  if (auto p = check("pos[0]", coord_problem(s.pos.x))) return p;
  if (auto p = check("pos[1]", coord_problem(s.pos.y))) return p;
  if (auto p = check("angle", angle_problem(s.angle))) return p;
  if (auto p = check("scale",
                     positive_problem(s.scale, kMaxScale, "scale must be > 0 and at most 1000"))) {
    return p;
  }
  if (auto p = check("vel[0]", coord_problem(s.vel.x))) return p;
  if (auto p = check("vel[1]", coord_problem(s.vel.y))) return p;
  if (auto p = check("spin", spin_problem(s.spin))) return p;
  switch (s.kind) {
    case Kind::Rect: {
      const std::string rule = "must be [width, height] with both > 0";
      // Both positive before either's range, as the loader reads them.
      for (const double v : {s.size.x, s.size.y}) {
        if (!(v > 0.0) || !std::isfinite(v)) return FieldProblem{"size", rule};
      }
      if (auto p = check("size", positive_problem(s.size.x, kMaxSize, rule))) return p;
      if (auto p = check("size", positive_problem(s.size.y, kMaxSize, rule))) return p;
      break;
    }
    case Kind::Circle:
      if (auto p = check("radius",
                         positive_problem(s.radius, kMaxSize, "radius must be a number > 0"))) {
        return p;
      }
      break;
    case Kind::Polygon:
      for (std::size_t i = 0; i < s.points.size(); ++i) {
        const std::string field = "points[" + std::to_string(i) + "]";
        if (auto p = check((field + "[0]").c_str(), coord_problem(s.points[i].x))) return p;
        if (auto p = check((field + "[1]").c_str(), coord_problem(s.points[i].y))) return p;
      }
      if (auto p = points_problem(s.points)) return p;
      break;
    case Kind::Point:
      break;
    case Kind::Segment:
    case Kind::Capsule:
      if (auto p = segment_points_problem(s.points)) return p;
      for (std::size_t i = 0; i < s.points.size(); ++i) {
        const std::string field = "points[" + std::to_string(i) + "]";
        if (auto p = check((field + "[0]").c_str(), coord_problem(s.points[i].x))) return p;
        if (auto p = check((field + "[1]").c_str(), coord_problem(s.points[i].y))) return p;
      }
      if (s.kind == Kind::Capsule) {
        if (auto p = check("radius",
                           positive_problem(s.radius, kMaxSize, "radius must be a number > 0"))) {
          return p;
        }
      }
      break;
    case Kind::Sprite:
      if (s.image.empty()) return FieldProblem{"image", "must not be empty (a PNG file name)"};
      if (s.alpha_threshold < 0 || s.alpha_threshold > 255) {
        return FieldProblem{
            "alpha_threshold",
            "is out of range: " + std::to_string(s.alpha_threshold) + " is not between 0 and 255"};
      }
      if (!s.pixels.image || s.pixels.image->w <= 0 || s.pixels.image->h <= 0) {
        return FieldProblem{"image", "has no pixels loaded"};
      }
      break;
  }
  if (auto p = scaled_problem(s)) return p;
  if (s.body) {
    if (auto p = body_problem(*s.body)) return p;
    // No area, no mass: a segment or point can be a static body but never a dynamic one.
    if (s.body->type == BodyType::Dynamic && (s.kind == Kind::Segment || s.kind == Kind::Point)) {
      return FieldProblem{"body.type", std::string("must be \"static\" for a ") +
                                           kind_name(s.kind) +
                                           ": it has no area, so no mass to move (use a thin "
                                           "rect or a capsule)"};
    }
  }
  return std::nullopt;
}

std::optional<FieldProblem> body_problem(const BodySpec& b) {
  const auto range = [](const char* field, double v, double lo, double hi, bool open_lo,
                        const char* what) -> std::optional<FieldProblem> {
    if (!std::isfinite(v)) return FieldProblem{field, finite_problem(v)};
    if ((open_lo ? !(v > lo) : !(v >= lo)) || v > hi) {
      return FieldProblem{field, "is out of range: " + number_text(v) + " (" + what + ")"};
    }
    return std::nullopt;
  };
  if (auto p = range("body.density", b.density, kMinDensity, kMaxDensity, false,
                     "mass per square pixel, from 0.000001 to 1e6")) {
    return p;
  }
  if (auto p = range("body.restitution", b.restitution, 0.0, 1.0, false,
                     "0 = no bounce .. 1 = elastic")) {
    return p;
  }
  if (auto p = range("body.friction", b.friction, 0.0, kMaxFriction, false, "0 .. 10")) return p;
  if (auto p =
          range("body.static_friction", b.static_friction, 0.0, kMaxFriction, false, "0 .. 10")) {
    return p;
  }
  for (int i = 0; i < 2; ++i) {
    const double v = i == 0 ? b.velocity.x : b.velocity.y;
    const std::string field = "body.velocity[" + std::to_string(i) + "]";
    if (std::string p = coord_problem(v); !p.empty()) {
      if (std::isfinite(v))
        p = "is out of range: " + number_text(v) + " is beyond +-1e6 pixels per second";
      return FieldProblem{field, p};
    }
  }
  if (!std::isfinite(b.angular_velocity)) {
    return FieldProblem{"body.angular_velocity", finite_problem(b.angular_velocity)};
  }
  if (std::abs(b.angular_velocity) > kMaxAngularVelocity) {
    return FieldProblem{"body.angular_velocity",
                        "is out of range: " + number_text(b.angular_velocity) +
                            " is beyond +-1e5 degrees per second"};
  }
  if (b.type == BodyType::Static && b.velocity != DVec2(0.0, 0.0)) {
    return FieldProblem{"body.velocity",
                        "must be [0, 0] or left out: a static body does not move (make it "
                        "\"dynamic\" to give it a velocity)"};
  }
  if (b.type == BodyType::Static && b.angular_velocity != 0.0) {
    return FieldProblem{"body.angular_velocity",
                        "must be 0 or left out: a static body does not turn (make it "
                        "\"dynamic\" to give it an angular velocity)"};
  }
  return std::nullopt;
}

std::optional<FieldProblem> gravity_problem(DVec2 g) {
  for (int i = 0; i < 2; ++i) {
    const double v = i == 0 ? g.x : g.y;
    const std::string field = "world.gravity[" + std::to_string(i) + "]";
    if (!std::isfinite(v)) return FieldProblem{field, finite_problem(v)};
    if (std::abs(v) > kMaxGravity) {
      return FieldProblem{field, "is out of range: " + number_text(v) +
                                     " is beyond +-1e6 pixels per second squared"};
    }
  }
  return std::nullopt;
}

}  // namespace hitbox
