#include "cli/simulate.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "hitbox/scene.h"
#include "hitbox/simulation.h"
#include "platform/image.h"

namespace hitbox::app {

namespace {

constexpr double kMaxSeconds = 86400.0;
constexpr double kMaxSteps = 1e7;  // about an hour of a 1,000-shape scene: a typo, not a wish

constexpr const char* kSimulateUsage =
    "usage: hitbox simulate --seconds T [--step DT] [--substeps N] [--broad sweep|grid|tree]\n"
    "                       [--no-swept] [--contact-points 1|2] [--no-warm-start]\n"
    "                       [--no-sleep] [--lanes 1|4|8] [--hash] SCENE\n"
    "  Runs play mode without a window for T simulated seconds and prints the scene as it is\n"
    "  then (the same JSON as a scene file: it can be opened or simulated further).\n"
    "  --seconds T    simulated time, 0 <= T <= 86400 (rounded to whole steps; at most\n"
    "                 10,000,000 steps)\n"
    "  --step DT      the fixed step in seconds, 0.00001 <= DT <= 1 (default 1/120)\n"
    "  --substeps N   sub-steps per step, 1..64 (default 4)\n"
    "  --broad M      the broad phase: sweep, grid or tree (default grid; same answers)\n"
    "  --no-swept     turn off the tunnelling guard (fast small shapes may pass thin walls)\n"
    "  --contact-points N  1: only each pair's deeper contact point (default 2)\n"
    "  --no-warm-start     each step's impulses start at zero (default: the last step's)\n"
    "  --no-sleep     keep every body awake (default: an island of bodies resting for 0.5 s\n"
    "                 sleeps until touched; the scene's \"world\": {\"sleep\": false} too)\n"
    "  --lanes N      the contact solver's float lanes: 1, 4 (SSE2) or 8 (AVX2); default the\n"
    "                 widest this processor runs. Every width gives the same bytes.\n"
    "  --hash         print one line with a hash of every shape's position and angle instead\n"
    "                 of the scene (the same on every build and machine: docs/determinism.md)\n"
    "  Gravity comes from the scene's \"world\", motion from each shape's \"body\"\n"
    "  (docs/scene-format.md).\n";

int fail(const std::string& msg) {
  std::cerr << "hitbox simulate: " << msg << "\n";
  return 2;
}

std::optional<double> number(const char* v) {
  char* end = nullptr;
  errno = 0;
  const double d = std::strtod(v, &end);
  if (end == v || *end != '\0' || errno == ERANGE || !std::isfinite(d)) return std::nullopt;
  return d;
}

}  // namespace

int simulate_main(int argc, char** argv) {
  std::optional<double> seconds;
  std::string seconds_text, step_text = "1/120";  // as given, for messages
  SimOptions options;
  bool hash = false;
  std::optional<std::string> file;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const char* v = (i + 1 < argc) ? argv[i + 1] : nullptr;
    if (arg == "--help" || arg == "-h") {
      std::cout << kSimulateUsage;
      return 0;
    } else if (arg == "--seconds") {
      if (!v) return fail("--seconds needs a number of seconds, e.g. --seconds 2");
      ++i;
      const auto t = number(v);
      if (!t || *t < 0.0 || *t > kMaxSeconds) {
        return fail("--seconds: \"" + std::string(v) + "\" is not a number from 0 to 86400");
      }
      seconds = *t;
      seconds_text = v;
    } else if (arg == "--step") {
      if (!v) return fail("--step needs a number of seconds, e.g. --step 0.008333");
      ++i;
      const auto dt = number(v);
      if (!dt || *dt < 1e-5 || *dt > 1.0) {
        return fail("--step: \"" + std::string(v) + "\" is not a number from 0.00001 to 1");
      }
      options.step = *dt;
      step_text = v;
    } else if (arg == "--substeps") {
      if (!v) return fail("--substeps needs a whole number from 1 to 64");
      ++i;
      const auto n = number(v);
      if (!n || *n != std::floor(*n) || *n < 1.0 || *n > 64.0) {
        return fail("--substeps: \"" + std::string(v) + "\" is not a whole number from 1 to 64");
      }
      options.substeps = static_cast<int>(*n);
    } else if (arg == "--broad") {
      if (!v) return fail("--broad needs sweep, grid or tree");
      ++i;
      const std::optional<BroadMethod> m = broad_method_from_name(v);
      if (!m) return fail("--broad: \"" + std::string(v) + "\" is not sweep, grid or tree");
      options.broad = *m;
    } else if (arg == "--no-swept") {
      options.swept = false;
    } else if (arg == "--no-warm-start") {
      options.warm_start = false;
    } else if (arg == "--no-sleep") {
      options.sleep = false;
    } else if (arg == "--hash") {
      hash = true;
    } else if (arg == "--lanes") {
      if (!v) return fail("--lanes needs 1, 4 or 8");
      ++i;
      const std::string_view n = v;
      if (n != "1" && n != "4" && n != "8") {
        return fail("--lanes: \"" + std::string(n) + "\" is not 1, 4 or 8");
      }
      options.lanes = n == "1"   ? SimLaneWidth::One
                      : n == "4" ? SimLaneWidth::Four
                                 : SimLaneWidth::Eight;
    } else if (arg == "--contact-points") {
      if (!v) return fail("--contact-points needs 1 or 2");
      ++i;
      const std::string_view n = v;
      if (n != "1" && n != "2")
        return fail("--contact-points: \"" + std::string(n) + "\" is not 1 or 2");
      options.contact_points = n == "1" ? 1 : 2;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return fail("unknown flag \"" + std::string(arg) + "\"\n" + kSimulateUsage);
    } else {
      if (file)
        return fail("one scene file only (\"" + *file + "\" and \"" + std::string(arg) + "\")");
      file = std::string(arg);
    }
  }
  if (!file) return fail(std::string("no scene file given\n") + kSimulateUsage);
  if (!seconds) return fail(std::string("--seconds T is required\n") + kSimulateUsage);
  if (const std::string problem = sim_options_problem(options); !problem.empty()) {
    return fail(problem);
  }
  if (const double steps = std::round(*seconds / options.step); steps > kMaxSteps) {
    return fail("--seconds " + seconds_text + " at --step " + step_text + " is " +
                std::to_string(static_cast<long long>(steps)) +
                " steps; at most 10000000 (lower --seconds or raise --step)");
  }

  std::string out;
  try {
    Simulation sim = make_simulation(load_scene(*file, png_loader()), options);
    sim_run(&sim, *seconds);
    out = hash ? sim_hash_line(sim) + "\n" : scene_to_json(sim.scene);
  } catch (const SceneError& e) {
    // Errors found by make_simulation carry no file name: add it.
    if (e.file().empty()) {
      std::cerr << *file << ": " << e.what() << "\n";
    } else {
      std::cerr << e.what() << "\n";
    }
    return 2;
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  std::cout << out;
  return 0;
}

}  // namespace hitbox::app
