#include "cli/print_tasks.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "hitbox/simulation.h"
#include "hitbox/task.h"
#include "platform/assets.h"
#include "platform/image.h"
#include "sandbox/mover.h"
#include "teach/lessons.h"
#include "teach/tasks.h"

namespace hitbox::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: hitbox --lesson NAME --print-tasks [--scene FILE] [--play-seconds T]\n"
    "                                          [--contact-points 1|2] [--no-warm-start]\n"
    "                                          [--no-sleep] [--mover-keys KEYS]\n"

    "  Prints the lesson's tasks as JSON: each task's sentence, its condition and whether it\n"
    "  holds (\"done\") for the lesson as loaded, with no window.\n"
    "  --lesson NAME       a bundled lesson (03_polygon_sat_mtd), or a lesson file (*.json)\n"
    "  --scene FILE        check the tasks on FILE's shapes instead: the same lesson with the\n"
    "                      shapes moved (FILE's focus pair, when it has one, replaces the\n"
    "                      lesson's)\n"
    "  --play-seconds T    run play mode for T simulated seconds first (0 < T <= 3600);\n"
    "                      play.time reads T\n"
    "  --contact-points N  play mode with N contact points per pair (default 2);\n"
    "                      play.points reads N\n"
    "  --no-warm-start     play mode without warm starting; play.warm_start reads 0\n"
    "  --no-sleep          play mode with every body awake; play.sleeping reads 0\n"
    "  --mover-keys KEYS   walk the scene's mover (its \"mover\" key) as the window's Mover\n"
    "                      tool does, 60 steps a second: KEYS is KEY:SECONDS,... with KEY\n"
    "                      left, right or none, +jump to jump at its start (right+jump:0.5),\n"
    "                      'mistakes' (the mistakes' ghosts shown from there on), or\n"
    "                      'walk=V' (walk at V px/s from there on, 50 to 3000; first 220);\n"
    "                      mover.* reads the run\n";

// One part of --mover-keys: the walk held for `steps` steps, a jump at the first; or (steps 0)
// the mistakes switch turned on, or the walk speed set.
struct KeyHold {
  int walk = 0;  // -1 left, 1 right
  bool jump = false;
  int steps = 0;
  bool mistakes = false;  // the ghosts shown from here on
  float speed = 0.0f;     // > 0: the walk speed from here on
};

// Parses --mover-keys' "right:1.5,none+jump:0.2"; "" or what is wrong.
std::string parse_keys(std::string_view text, std::vector<KeyHold>* out) {
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string part(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    if (part == "mistakes") {
      out->push_back(KeyHold{.mistakes = true});
      continue;
    }
    if (part.starts_with("walk=")) {
      const std::string v = part.substr(5);
      char* end = nullptr;
      const double w = std::strtod(v.c_str(), &end);
      if (v.empty() || end != v.c_str() + v.size() || !(w >= kMoverWalkMin && w <= kMoverWalkMax))
        return "'" + part + "': expected walk=V with V from 50 to 3000 px/s";
      out->push_back(KeyHold{.speed = static_cast<float>(w)});
      continue;
    }
    const std::size_t colon = part.find(':');
    if (colon == std::string::npos)
      return "'" + part +
             "' is not KEY:SECONDS (KEY left, right or none, +jump), mistakes or walk=V";
    std::string key = part.substr(0, colon);
    KeyHold h;
    if (key.ends_with("+jump")) {
      h.jump = true;
      key.resize(key.size() - 5);
    }
    if (key == "left" || key == "right") {
      h.walk = key == "left" ? -1 : 1;
    } else if (key != "none") {
      return "unknown key '" + key + "' in '" + part + "' (left, right or none, +jump)";
    }
    const std::string v = part.substr(colon + 1);
    char* end = nullptr;
    errno = 0;
    const double seconds = std::strtod(v.c_str(), &end);
    if (v.empty() || end != v.c_str() + v.size() || errno == ERANGE || !(seconds > 0.0) ||
        seconds > 600.0)
      return "'" + part + "': expected seconds with 0 < T <= 600";
    h.steps = std::max(1, static_cast<int>(std::lround(seconds / kMoverStep)));
    out->push_back(h);
  }
  if (out->empty()) return "expected KEY:SECONDS,...";
  return "";
}

int fail(const std::string& msg) {
  std::cerr << "hitbox: --print-tasks: " << msg << "\n";
  return 2;
}

// A JSON string: quotes, backslashes and control characters escaped.
std::string json_text(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// The lesson file NAME names: a bundled lesson's stem, or a path ending in .json.
std::string lesson_path(std::string_view name, std::string* error) {
  std::error_code ec;
  if (name.ends_with(".json")) {
    if (fs::is_regular_file(fs::path(name), ec)) return std::string(name);
    *error = "--lesson: no file '" + std::string(name) + "'";
    return "";
  }
  const fs::path file = lessons_dir() / (std::string(name) + ".json");
  if (name.find('/') == std::string_view::npos && fs::is_regular_file(file, ec))
    return file.string();
  std::string known;
  for (const std::string& f : Teacher::lesson_files())
    known += (known.empty() ? "" : ", ") + fs::path(f).stem().string();
  *error = "--lesson: no lesson '" + std::string(name) + "' in " + lessons_dir().string() +
           (known.empty() ? " (no lessons found)" : " (known: " + known + ")");
  return "";
}

}  // namespace

bool wants_print_tasks(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--print-tasks") == 0) return true;
  return false;
}

int print_tasks_main(int argc, char** argv) {
  std::string lesson_name, scene_file;
  double play_seconds = 0.0;
  SimOptions options;
  std::vector<KeyHold> keys;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--print-tasks") continue;
    if (arg == "--no-warm-start") {
      options.warm_start = false;
      continue;
    }
    if (arg == "--no-sleep") {
      options.sleep = false;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    }
    if (arg != "--lesson" && arg != "--scene" && arg != "--play-seconds" &&
        arg != "--contact-points" && arg != "--mover-keys")
      return fail("unknown option '" + std::string(arg) +
                  "' (it takes --lesson, --scene, --play-seconds, --contact-points, " +
                  "--no-warm-start, --no-sleep and --mover-keys)");
    if (i + 1 >= argc || argv[i + 1][0] == '\0') return fail(std::string(arg) + " needs a value");
    const std::string v = argv[++i];
    if (arg == "--lesson") {
      lesson_name = v;
    } else if (arg == "--scene") {
      scene_file = v;
    } else if (arg == "--mover-keys") {
      const std::string problem = parse_keys(v, &keys);
      if (!problem.empty()) return fail("--mover-keys: " + problem);
    } else if (arg == "--contact-points") {
      if (v != "1" && v != "2") return fail("--contact-points: expected 1 or 2, got '" + v + "'");
      options.contact_points = v == "1" ? 1 : 2;
    } else {
      char* end = nullptr;
      errno = 0;
      play_seconds = std::strtod(v.c_str(), &end);
      if (end != v.c_str() + v.size() || errno == ERANGE || !(play_seconds > 0.0) ||
          play_seconds > 3600.0)
        return fail("--play-seconds: expected simulated seconds T with 0 < T <= 3600, got '" + v +
                    "'");
    }
  }
  if (lesson_name.empty()) return fail("--lesson NAME is needed (the lesson whose tasks to print)");
  std::string error;
  const std::string path = lesson_path(lesson_name, &error);
  if (path.empty()) return fail(error);

  Scene scene;
  try {
    scene = load_scene(path, png_loader());
    if (!scene.lesson) return fail(path + ": not a lesson (it has no \"lesson\")");
    if (!scene_file.empty()) {
      // The lesson with FILE's shapes (and FILE's focus, when it has one).
      Scene pose = load_scene(scene_file, png_loader());
      if (pose.focus) scene.focus = pose.focus;
      scene.shapes = std::move(pose.shapes);
    }
  } catch (const SceneError& e) {
    std::cerr << "hitbox: " << e.what() << "\n";
    return 2;
  }
  const std::string shown = scene_file.empty() ? path : scene_file;
  if (scene.focus) {
    for (const std::string* id : {&scene.focus->first, &scene.focus->second})
      if (scene.find(*id) < 0)
        return fail(shown + ": focus: no shape with id '" + *id + "' (the lesson's focus pair)");
  }
  const Lesson& lesson = *scene.lesson;
  for (std::size_t i = 0; i < lesson.tasks.size(); ++i) {
    const std::string missing = condition_shape_problem(lesson.tasks[i].condition, scene);
    if (!missing.empty())
      return fail(shown + ": lesson.tasks[" + std::to_string(i) + "].when: " + missing);
  }
  double play_time = 0.0;
  int sleeping = 0;
  if (play_seconds > 0.0) {
    try {
      Simulation sim = make_simulation(scene, options);
      sim_run(&sim, play_seconds);
      scene.shapes = sim.scene.shapes;
      // Whole steps times the step: no drift from summing 1/120 (play.time >= 2 after 2 s).
      play_time = static_cast<double>(sim.steps) * sim.options.step;
      for (std::size_t k = 0; k < sim.scene.shapes.size(); ++k) {
        sleeping += sim_asleep(sim, static_cast<int>(k));
      }
    } catch (const std::exception& e) {
      return fail(shown + ": cannot play: " + e.what());
    }
  }
  // The Mover tool's walk, as the window's (sandbox/mover.cpp): the world is every other shape.
  std::optional<MoverRun> run;
  if (!keys.empty()) {
    const int m = scene.mover ? scene.find(*scene.mover) : -1;
    if (!scene.mover) return fail("--mover-keys: " + path + " has no \"mover\" (a capsule's id)");
    if (m < 0 || scene.shapes[static_cast<std::size_t>(m)].kind != Kind::Capsule)
      return fail("--mover-keys: " + shown + ": the mover '" + *scene.mover +
                  "' is not a capsule in it");
    const ShapeWorld world = scene_world_without(scene, m);
    const MoverWalkConfig config = mover_walk_config(scene);
    Shape& shape = scene.shapes[static_cast<std::size_t>(m)];
    run.emplace();
    run->body.capsule = capsule_of(Posed(shape));
    float walk_speed = kMoverWalkSpeed;
    for (const KeyHold& h : keys) {
      if (h.speed > 0.0f) walk_speed = h.speed;
      if (h.mistakes) run->mistakes = true;
      for (int k = 0; k < h.steps; ++k) {
        const float walk = static_cast<float>(h.walk) * walk_speed;
        shape.pos += DVec2(mover_run_step(world, &*run, walk, h.jump && k == 0, config).delta);
      }
    }
  }

  float accuracy = 1.0f;
  if (scene.accuracy && valid_accuracy(static_cast<float>(*scene.accuracy)))
    accuracy = static_cast<float>(*scene.accuracy);

  TaskInputs play;
  play.play_time = play_time;
  play.play_points = options.contact_points;
  play.play_warm_start = options.warm_start;
  play.play_sleeping = sleeping;
  play.mover = run ? &*run : nullptr;
  const std::vector<bool> done = tasks_holding(lesson, scene, accuracy, play);
  std::string out = "{\"lesson\": " + json_text(fs::path(path).stem().string()) +
                    ", \"scene\": " + json_text(shown) + ", \"tasks\": [";
  for (std::size_t i = 0; i < lesson.tasks.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    out += "  {\"task\": " + json_text(lesson.tasks[i].task) +
           ", \"when\": " + json_text(lesson.tasks[i].when) +
           ", \"done\": " + (done[i] ? "true" : "false") + "}";
  }
  out += lesson.tasks.empty() ? "]}\n" : "\n]}\n";
  std::cout << out;
  return 0;
}

}  // namespace hitbox::app
