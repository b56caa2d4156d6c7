// Scene files (JSON, version 1). Format and errors: docs/scene-format.md.
//
// Loading is strict: every problem is a SceneError naming the file, the shape id and the
// field. Nothing is fixed up silently. save -> load gives the same shapes exactly.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hitbox/shape.h"
#include "hitbox/task.h"

namespace hitbox {

// What the window shows: the world point at the window's top-left corner and the zoom
// (window pixels per world pixel). The default view is origin (0,0), zoom 1.
struct View {
  DVec2 origin{0.0, 0.0};
  double zoom = 1.0;
  bool operator==(const View&) const = default;
};

// One thing a lesson asks the learner to do: the sentence, the condition the window checks
// on the pair in focus (task.h), and what it says once the condition holds.
struct LessonTask {
  std::string task;  // "task": non-empty
  std::string when;  // "when": the condition as written
  std::string why;   // "why": non-empty
  Condition condition;
  bool operator==(const LessonTask&) const = default;
};

// A lesson: the text a teaching scene shows beside the canvas (docs/scene-format.md).
struct Lesson {
  std::string title;              // non-empty
  std::vector<std::string> text;  // paragraphs, in order (at least one, none empty)
  std::string try_this;           // "try": a suggested thing to do; "" when absent
  std::vector<LessonTask> tasks;  // "tasks", in order
  bool operator==(const Lesson&) const = default;
};

// The world play mode runs in: "world": {"gravity": [gx, gy]} (pixels per second squared,
// y down, so [0, 980] falls). A scene without "world" has no gravity.
struct World {
  DVec2 gravity{0.0, 0.0};
  bool sleep = true;  // bodies at rest fall asleep (simulation.h); "sleep": false keeps them awake
  bool operator==(const World&) const = default;
};

struct Scene {
  int version = 1;
  std::vector<Shape> shapes;
  std::optional<View> view;
  // The algorithms the window enables, as bits of hitbox/algorithms.h (kAlgoSat | ...).
  std::optional<std::uint32_t> algorithms;
  // The pair in focus, by id: both exist and differ.
  std::optional<std::pair<std::string, std::string>> focus;
  // The pixel test's accuracy: 0 < accuracy <= 1 (valid_accuracy in hitbox/report.h).
  std::optional<double> accuracy;
  std::optional<Lesson> lesson;
  std::optional<World> world;
  // The Mover tool's character, by id: a capsule the window walks with the keys (mover.h).
  std::optional<std::string> mover;
  bool operator==(const Scene&) const = default;

  // Index of the shape with this id, or -1.
  int find(std::string_view id) const;
};

class SceneError : public std::runtime_error {
 public:
  SceneError(std::string file, std::string shape, std::string field, const std::string& what);
  const std::string& file() const { return file_; }
  const std::string& shape() const { return shape_; }  // id, "#3" when it has none, or ""
  const std::string& field() const { return field_; }  // e.g. "size", "points[2]", or ""

 private:
  std::string file_, shape_, field_;
};

// Loads a sprite's image. `path` is the image path resolved against the scene file's
// directory. Returns the pixels, or nullptr with *error set to the reason. The core never
// opens images itself; the app passes one (app/image.h, png_loader()).
using ImageLoader =
    std::function<std::shared_ptr<const SpriteImage>(const std::string& path, std::string* error)>;

// Parse scene text; `file` is used in error messages and its directory is where sprite image
// paths are resolved from. Sprites need `loader`; without one a sprite is an error. Throws
// SceneError.
Scene parse_scene(std::string_view text, const std::string& file, const ImageLoader& loader = {});
// Read and parse a file. Throws SceneError (also when the file cannot be read).
Scene load_scene(const std::string& path, const ImageLoader& loader = {});

// Serialise; numbers are written so that parse_scene gives back the same doubles.
std::string scene_to_json(const Scene& scene);
// Write to a file. Throws SceneError when it cannot be written.
void save_scene(const Scene& scene, const std::string& path);

// The scene with every sprite's image path rewritten for a file saved at `to_file`: paths are
// relative to their scene file's folder, so a scene read from `from_file` and saved into
// another folder must point back at the same images (absolute paths stay absolute; with no
// `from_file` the paths are taken as relative to the working directory).
Scene rebase_image_paths(Scene scene, const std::string& from_file, const std::string& to_file);

}  // namespace hitbox
