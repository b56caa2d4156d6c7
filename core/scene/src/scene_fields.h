// Scene files, pass 2 (internal to the core): what the readers of a scene's fields share,
// scene_read.cpp (shapes, views, the scene) and scene_lesson.cpp (the lesson and its tasks).
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "hitbox/geometry.h"
#include "hitbox/limits.h"
#include "hitbox/scene.h"

namespace hitbox::scene_detail {

using json = nlohmann::json;

// What a JSON value is, for messages: "a string", "an array", "true"...
inline std::string describe(const json& j) {
  switch (j.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return j.get<bool>() ? "true" : "false";
    case json::value_t::string:
      return "a string";
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    default:
      return j.is_number() ? "a number" : "something else";
  }
}

// Reads fields and throws a SceneError naming the file, the shape being read and the field.
class Checker {
 public:
  explicit Checker(const std::string& file) : file_(file) {}

  void set_shape(std::string label) { shape_ = std::move(label); }

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw SceneError(file_, shape_, field, what);
  }

  // Any finite JSON number.
  double number(const json& j, const std::string& field) const {
    if (!j.is_number()) fail(field, "must be a number, not " + describe(j));
    const double v = j.get<double>();
    if (!std::isfinite(v)) fail(field, "must be a finite number");
    return v;
  }

  // A coordinate in world pixels: |v| <= 1e6.
  double coord(const json& j, const std::string& field) const {
    const double v = number(j, field);
    if (const std::string problem = coord_problem(v); !problem.empty()) fail(field, problem);
    return v;
  }

  // [x, y] of coordinates.
  DVec2 point(const json& j, const std::string& field) const {
    if (!j.is_array() || j.size() != 2) fail(field, "must be [x, y], not " + shape_of(j));
    // x first: function arguments have no order of evaluation, and the first bad one is named.
    const double x = coord(j[0], field + "[0]");
    const double y = coord(j[1], field + "[1]");
    return DVec2(x, y);
  }

  static std::string shape_of(const json& j) {
    if (j.is_array()) return "an array of " + std::to_string(j.size());
    return describe(j);
  }

 private:
  const std::string& file_;
  std::string shape_;
};

// "lesson": {"title", "text", "try", "tasks"} (scene_lesson.cpp).
Lesson read_lesson(Checker& c, const json& j);

}  // namespace hitbox::scene_detail
