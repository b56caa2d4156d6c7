#include "cli/move.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "hitbox/limits.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "platform/image.h"

namespace hitbox::app {

namespace {

constexpr int kMaxSteps = 100000;

constexpr const char* kMoveUsage =
    "usage: hitbox move SCENE --mover ID --by DX,DY [--steps N] [--max-slope DEG]\n"
    "                   [--step-height PX]\n"
    "  Moves the capsule ID through the scene's other shapes N times by (DX, DY) with the\n"
    "  library's move_and_slide (collide, solve, cast; docs/library.md) and prints one line of\n"
    "  JSON: where it ends, whether it stands on ground, the planes it touches there and the\n"
    "  solver's iterations. Opens no window. Every shape but the mover is still.\n"
    "  --mover ID        a capsule in the scene\n"
    "  --by DX,DY        pixels per step, y down: 5,3 walks right and falls\n"
    "  --steps N         1..100000 (default 1)\n"
    "  --max-slope DEG   the steepest ground, 0..90 degrees (default 45): steeper slopes are\n"
    "                    not climbed\n"
    "  --step-height PX  the highest stair edge stepped onto, 0..1000 px (default 0: none)\n";

int fail(const std::string& msg) {
  std::cerr << "hitbox move: " << msg << "\n";
  return 2;
}

std::optional<double> number(std::string_view v) {
  const std::string s(v);
  char* end = nullptr;
  errno = 0;
  const double d = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(d)) {
    return std::nullopt;
  }
  return d;
}

// "DX,DY": two finite numbers within the coordinate range. Empty, or what is wrong.
std::string parse_by(std::string_view text, Vec2* by) {
  const std::size_t comma = text.find(',');
  const std::string shown = "--by: \"" + std::string(text) + "\"";
  if (comma == std::string_view::npos || text.find(',', comma + 1) != std::string_view::npos) {
    return shown + " is not two numbers DX,DY";
  }
  const std::string_view parts[2] = {text.substr(0, comma), text.substr(comma + 1)};
  static const char* const kNames[2] = {"DX", "DY"};
  float v[2];
  for (int i = 0; i < 2; ++i) {
    const auto d = number(parts[i]);
    if (!d) return shown + ": " + kNames[i] + " is not a finite number";
    if (std::fabs(*d) > kMaxCoord) return shown + ": " + kNames[i] + " is beyond +-1e6 pixels";
    v[i] = static_cast<float>(*d);
  }
  *by = Vec2(v[0], v[1]);
  return "";
}

}  // namespace

int move_main(int argc, char** argv) {
  std::optional<std::string> file, mover_id;
  std::optional<Vec2> by;
  int steps = 1;
  MoverConfig config;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const char* v = (i + 1 < argc) ? argv[i + 1] : nullptr;
    if (arg == "--help" || arg == "-h") {
      std::cout << kMoveUsage;
      return 0;
    } else if (arg == "--mover") {
      if (!v) return fail("--mover needs the id of a capsule in the scene");
      ++i;
      mover_id = v;
    } else if (arg == "--by") {
      if (!v) return fail("--by needs DX,DY, e.g. --by 5,3");
      ++i;
      Vec2 d;
      if (const std::string problem = parse_by(v, &d); !problem.empty()) return fail(problem);
      by = d;
    } else if (arg == "--steps") {
      if (!v) return fail("--steps needs a whole number from 1 to 100000");
      ++i;
      const auto n = number(v);
      if (!n || *n != std::floor(*n) || *n < 1.0 || *n > kMaxSteps) {
        return fail("--steps: \"" + std::string(v) + "\" is not a whole number from 1 to 100000");
      }
      steps = static_cast<int>(*n);
    } else if (arg == "--max-slope") {
      if (!v) return fail("--max-slope needs degrees from 0 to 90");
      ++i;
      const auto d = number(v);
      if (!d || *d < 0.0 || *d > 90.0) {
        return fail("--max-slope: \"" + std::string(v) + "\" is not a number from 0 to 90");
      }
      config.max_slope = static_cast<float>(*d);
    } else if (arg == "--step-height") {
      if (!v) return fail("--step-height needs pixels from 0 to 1000");
      ++i;
      const auto d = number(v);
      if (!d || *d < 0.0 || *d > 1000.0) {
        return fail("--step-height: \"" + std::string(v) + "\" is not a number from 0 to 1000");
      }
      config.step_height = static_cast<float>(*d);
    } else if (arg.size() > 1 && arg[0] == '-') {
      return fail("unknown flag \"" + std::string(arg) + "\"\n" + kMoveUsage);
    } else {
      if (file)
        return fail("one scene file only (\"" + *file + "\" and \"" + std::string(arg) + "\")");
      file = std::string(arg);
    }
  }
  if (!file) return fail(std::string("no scene file given\n") + kMoveUsage);
  if (!mover_id) return fail(std::string("--mover ID is required\n") + kMoveUsage);
  if (!by) return fail(std::string("--by DX,DY is required\n") + kMoveUsage);
  // The capsule must stay within the coordinate range whatever it meets.
  const double reach = std::hypot(double(by->x), double(by->y)) * steps;
  if (reach > kMaxCoord) {
    return fail("--by times --steps is " + std::to_string(static_cast<long long>(reach)) +
                " px; at most 1000000 (the scene's coordinate range)");
  }

  Scene scene;
  try {
    scene = load_scene(*file, png_loader());
  } catch (const SceneError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  const int mover = scene.find(*mover_id);
  if (mover < 0) return fail(*file + ": --mover: no shape with id \"" + *mover_id + "\"");
  const Shape& s = scene.shapes[static_cast<std::size_t>(mover)];
  if (s.kind != Kind::Capsule) {
    return fail(*file + ": --mover: \"" + *mover_id + "\" is a " + kind_name(s.kind) +
                ", not a capsule");
  }
  std::cout << scene_move_json(scene, *file, mover, *by, steps, config) << "\n";
  return 0;
}

}  // namespace hitbox::app
