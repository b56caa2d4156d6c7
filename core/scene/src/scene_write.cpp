// Scene files, writing: exact saving (numbers read back as the same doubles). The format:
// docs/scene-format.md. Reading is in scene_read.cpp.
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "hitbox/algorithms.h"
#include "hitbox/scene.h"
#include "json_write.h"

namespace hitbox {
namespace {

using json = nlohmann::json;
using json_write::double_text;

// ---------------------------------------------------------------- writing

// "#3": how errors name the shape entry at `index` (0-based) when it has no id. Built by
// appending: GCC 12 warns (-Wrestrict, a false positive) on "#" + std::to_string(...) here.
std::string entry_label(std::size_t index) {
  std::string label(1, '#');
  label += std::to_string(index + 1);
  return label;
}

class Writer {
 public:
  explicit Writer(const std::string& file) : file_(file) {}

  std::string scene(const Scene& sc) {
    std::string out = "{\n  \"version\": " + std::to_string(sc.version);
    if (sc.view) {
      shape_.clear();
      out += ",\n  \"view\": {\"origin\": " + pair(sc.view->origin, "view.origin") +
             ", \"zoom\": " + num(sc.view->zoom, "view.zoom") + "}";
    }
    shape_.clear();
    if (sc.algorithms) {
      out += ",\n  \"algorithms\": [";
      bool first = true;
      for (const AlgoInfo& info : kAlgorithms) {
        if ((*sc.algorithms & info.bit) == 0) continue;
        out += first ? "\"" : ", \"";
        out += std::string(info.name) + "\"";
        first = false;
      }
      if ((*sc.algorithms & ~kAllAlgos) != 0) {
        throw SceneError(file_, "", "algorithms", "holds bits of no known algorithm; cannot save");
      }
      out += "]";
    }
    if (sc.focus) {
      out += ",\n  \"focus\": [" + str(sc.focus->first, "focus[0]") + ", " +
             str(sc.focus->second, "focus[1]") + "]";
    }
    if (sc.accuracy) out += ",\n  \"accuracy\": " + num(*sc.accuracy, "accuracy");
    if (sc.mover) out += ",\n  \"mover\": " + str(*sc.mover, "mover");
    if (sc.world) {
      out += ",\n  \"world\": {\"gravity\": " + pair(sc.world->gravity, "world.gravity") +
             (sc.world->sleep ? "}" : ", \"sleep\": false}");
    }
    if (sc.lesson) {
      const Lesson& l = *sc.lesson;
      out += ",\n  \"lesson\": {\n    \"title\": " + str(l.title, "lesson.title") +
             ",\n    \"text\": [";
      for (std::size_t i = 0; i < l.text.size(); ++i) {
        out += i == 0 ? "\n      " : ",\n      ";
        out += str(l.text[i], "lesson.text");
      }
      out += l.text.empty() ? "]" : "\n    ]";
      if (!l.try_this.empty()) out += ",\n    \"try\": " + str(l.try_this, "lesson.try");
      if (!l.tasks.empty()) {
        out += ",\n    \"tasks\": [";
        for (std::size_t i = 0; i < l.tasks.size(); ++i) {
          const LessonTask& t = l.tasks[i];
          out += i == 0 ? "\n      " : ",\n      ";
          out += "{\"task\": " + str(t.task, "lesson.tasks.task") +
                 ", \"when\": " + str(t.when, "lesson.tasks.when") +
                 ", \"why\": " + str(t.why, "lesson.tasks.why") + "}";
        }
        out += "\n    ]";
      }
      out += "\n  }";
    }
    out += ",\n  \"shapes\": [";
    for (std::size_t i = 0; i < sc.shapes.size(); ++i) {
      out += i == 0 ? "\n    " : ",\n    ";
      out += shape(sc.shapes[i], i);
    }
    out += sc.shapes.empty() ? "]" : "\n  ]";
    out += "\n}\n";
    return out;
  }

 private:
  std::string num(double v, const char* field) const {
    if (!std::isfinite(v)) throw SceneError(file_, shape_, field, "is not finite; cannot save");
    return double_text(v);
  }

  std::string str(const std::string& v, const char* field) const {
    try {
      return json(v).dump();
    } catch (const json::exception&) {
      throw SceneError(file_, "", field, "is not valid UTF-8");
    }
  }

  std::string pair(DVec2 v, const char* field) const {
    std::string out(1, '[');
    out += num(v.x, field);
    out += ", ";
    out += num(v.y, field);
    out += ']';
    return out;
  }

  std::string shape(const Shape& s, std::size_t index) {
    shape_ = s.id.empty() ? entry_label(index) : s.id;
    std::string id;
    try {
      id = json(s.id).dump();
    } catch (const json::exception&) {
      throw SceneError(file_, entry_label(index), "id", "is not valid UTF-8");
    }
    std::string out = "{\"id\": " + id + ", \"kind\": \"" + kind_name(s.kind) + "\"";
    out += ", \"pos\": " + pair(s.pos, "pos");
    if (s.angle != 0.0) out += ", \"angle\": " + num(s.angle, "angle");
    if (s.scale != 1.0) out += ", \"scale\": " + num(s.scale, "scale");
    if (s.mirror_x || s.mirror_y) {
      out += std::string(", \"mirror\": [") + (s.mirror_x ? "true" : "false") + ", " +
             (s.mirror_y ? "true" : "false") + "]";
    }
    if (s.vel != DVec2(0.0, 0.0)) out += ", \"vel\": " + pair(s.vel, "vel");
    if (s.spin != 0.0) out += ", \"spin\": " + num(s.spin, "spin");
    switch (s.kind) {
      case Kind::Rect:
        out += ", \"size\": " + pair(s.size, "size");
        break;
      case Kind::Circle:
        out += ", \"radius\": " + num(s.radius, "radius");
        break;
      case Kind::Point:
        break;  // pos only
      case Kind::Polygon:
      case Kind::Segment:
      case Kind::Capsule: {
        out += ", \"points\": [";
        for (std::size_t i = 0; i < s.points.size(); ++i) {
          if (i > 0) out += ", ";
          out += pair(s.points[i], "points");
        }
        out += "]";
        if (s.kind == Kind::Capsule) out += ", \"radius\": " + num(s.radius, "radius");
        break;
      }
      case Kind::Sprite: {
        try {
          out += ", \"image\": " + json(s.image).dump();
        } catch (const json::exception&) {
          throw SceneError(file_, shape_, "image", "is not valid UTF-8");
        }
        if (s.alpha_threshold != 128) {
          out += ", \"alpha_threshold\": " + std::to_string(s.alpha_threshold);
        }
        break;
      }
    }
    if (s.body) {
      const BodySpec& b = *s.body;
      out += std::string(", \"body\": {\"type\": \"") + body_type_name(b.type) + "\"";
      out += ", \"density\": " + num(b.density, "body.density");
      out += ", \"restitution\": " + num(b.restitution, "body.restitution");
      out += ", \"friction\": " + num(b.friction, "body.friction");
      out += ", \"static_friction\": " + num(b.static_friction, "body.static_friction");
      if (b.velocity != DVec2(0.0, 0.0))
        out += ", \"velocity\": " + pair(b.velocity, "body.velocity");
      if (b.angular_velocity != 0.0)
        out += ", \"angular_velocity\": " + num(b.angular_velocity, "body.angular_velocity");
      if (b.fixed_rotation) out += ", \"fixed_rotation\": true";
      out += "}";
    }
    return out + "}";
  }

  const std::string& file_;
  std::string shape_;
};

}  // namespace

std::string scene_to_json(const Scene& scene) {
  static const std::string kNoFile;
  return Writer(kNoFile).scene(scene);
}

void save_scene(const Scene& scene, const std::string& path) {
  const std::string text = Writer(path).scene(scene);
  // Write a temporary file next to the target and rename it over, so a failed save never
  // leaves a half-written scene behind.
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw SceneError(path, "", "", std::string("cannot write the file: ") + std::strerror(errno));
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      const int err = errno;
      out.close();
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw SceneError(path, "", "", std::string("cannot write the file: ") + std::strerror(err));
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw SceneError(path, "", "", "cannot write the file: " + ec.message());
  }
}

Scene rebase_image_paths(Scene scene, const std::string& from_file, const std::string& to_file) {
  namespace fs = std::filesystem;
  // A file with no folder is in the working directory (fs::absolute refuses an empty path).
  const auto folder = [](const std::string& file) {
    const fs::path dir = fs::path(file).parent_path();
    std::error_code ec;
    return fs::absolute(dir.empty() ? fs::path(".") : dir, ec).lexically_normal();
  };
  const fs::path from_dir = folder(from_file);
  const fs::path to_dir = folder(to_file);
  for (Shape& s : scene.shapes) {
    if (s.kind != Kind::Sprite || s.image.empty()) continue;
    const fs::path image(s.image);
    if (image.is_absolute()) continue;
    const fs::path full = (from_dir / image).lexically_normal();
    const fs::path rel = full.lexically_relative(to_dir);
    s.image = (rel.empty() ? full : rel).generic_string();
  }
  return scene;
}

}  // namespace hitbox
