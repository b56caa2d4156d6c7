#include "cli/query.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algos/algos.h"
#include "hitbox/limits.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "platform/image.h"

namespace hitbox::app {

namespace {

constexpr const char* kQueryUsage =
    "usage: hitbox query [--algo LIST] [--pairs A:B,...] [--accuracy A] SCENE...\n"
    "       hitbox query --ray X0,Y0,X1,Y1 SCENE...\n"
    "  Prints one JSON object per scene file, one per line, with every algorithm's answer\n"
    "  for every pair of shapes (file order, A before B). Opens no window.\n"
    "  --algo LIST    comma list of algorithm names (default: all of them):\n"
    "                 aabb, bounding_circle, sat, mtd, swept, pixel, gjk, quadrant,\n"
    "                 circle_as_square (the last two only for circle-rectangle pairs)\n"
    "  --pairs LIST   comma list of id pairs A:B (default: every pair)\n"
    "  --accuracy A   pixel test cells per world pixel, 0 < A <= 1 (default 1: cells are\n"
    "                 1 pixel; 0.25: cells are 4 x 4 pixels)\n"
    "  --ray X0,Y0,X1,Y1  instead: cast a ray from (X0,Y0) to (X1,Y1) and print every shape\n"
    "                 it hits, nearest first (t = 0 at the start, 1 at the end)\n"
    "  Sprite images are PNG files, found relative to the scene file's directory.\n";

int fail(const std::string& msg) {
  std::cerr << "hitbox query: " << msg << "\n";
  return 2;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t at = s.find(sep, start);
    parts.emplace_back(s.substr(start, at == std::string_view::npos ? s.npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return parts;
}

// "X0,Y0,X1,Y1": four finite numbers within the scene coordinate range, start != end.
// Returns an empty string, or what is wrong.
std::string parse_ray(const char* text, Vec2& from, Vec2& to) {
  const std::vector<std::string> parts = split(text, ',');
  std::string shown = "\"";
  shown += text;
  shown += "\"";
  if (parts.size() != 4) {
    return shown + " is not four numbers X0,Y0,X1,Y1 (it has " + std::to_string(parts.size()) +
           (parts.size() == 1 ? " part)" : " parts)");
  }
  static const char* const kNames[4] = {"X0", "Y0", "X1", "Y1"};
  float v[4];
  for (int i = 0; i < 4; ++i) {
    const std::string& p = parts[static_cast<std::size_t>(i)];
    char* end = nullptr;
    errno = 0;
    const double d = std::strtod(p.c_str(), &end);
    if (p.empty() || end != p.c_str() + p.size() || errno == ERANGE || !std::isfinite(d)) {
      return std::string(kNames[i]) + " \"" + p + "\" is not a number";
    }
    if (std::fabs(d) > kMaxCoord) {
      return std::string(kNames[i]) + " " + p + " is beyond +-1e6 pixels";
    }
    v[i] = static_cast<float>(d);
  }
  from = Vec2(v[0], v[1]);
  to = Vec2(v[2], v[3]);
  if (from == to) return "the start and the end are the same point; a ray needs a direction";
  return "";
}

}  // namespace

int query_main(int argc, char** argv) {
  std::uint32_t algos = kAllAlgos;
  std::vector<std::pair<std::string, std::string>> wanted;
  bool pairs_given = false;
  std::vector<std::string> files;
  float accuracy = 1.0f;
  bool ray_given = false;
  bool algo_given = false;
  Vec2 ray_from{0.0f, 0.0f}, ray_to{0.0f, 0.0f};

  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) return nullptr;
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      std::cout << kQueryUsage;
      return 0;
    } else if (arg == "--algo") {
      const char* v = value();
      if (!v) return fail("--algo needs a comma list, e.g. --algo sat,mtd");
      std::string bad;
      const auto bits = parse_algo_list(v, &bad);
      if (!bits) {
        return fail("--algo: unknown algorithm \"" + bad + "\" (known: " + algo_name_list() + ")");
      }
      algos = *bits;
      algo_given = true;
    } else if (arg == "--accuracy") {
      const char* v = value();
      if (!v) return fail("--accuracy needs a number A with 0 < A <= 1, e.g. --accuracy 0.5");
      char* end = nullptr;
      errno = 0;
      const double a = std::strtod(v, &end);
      const float af = static_cast<float>(a);
      if (end == v || *end != '\0' || errno == ERANGE || !(a > 0.0 && a <= 1.0) ||
          !valid_accuracy(af)) {
        return fail("--accuracy: \"" + std::string(v) +
                    "\" is not a number A with 0 < A <= 1 (cells are 1/A world pixels wide)");
      }
      accuracy = af;
    } else if (arg == "--pairs") {
      const char* v = value();
      if (!v) return fail("--pairs needs a comma list of A:B, e.g. --pairs A:B,A:C");
      pairs_given = true;
      for (const std::string& p : split(v, ',')) {
        const auto ab = split(p, ':');
        if (ab.size() != 2 || ab[0].empty() || ab[1].empty()) {
          return fail("--pairs: \"" + p + "\" is not of the form A:B");
        }
        if (ab[0] == ab[1]) return fail("--pairs: \"" + p + "\" pairs a shape with itself");
        wanted.emplace_back(ab[0], ab[1]);
      }
    } else if (arg == "--ray") {
      const char* v = value();
      if (!v) return fail("--ray needs X0,Y0,X1,Y1, e.g. --ray 0,0,400,300");
      const std::string problem = parse_ray(v, ray_from, ray_to);
      if (!problem.empty()) return fail("--ray: " + problem);
      ray_given = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return fail("unknown flag \"" + std::string(arg) + "\"\n" + kQueryUsage);
    } else {
      files.emplace_back(arg);
    }
  }
  if (files.empty()) return fail(std::string("no scene file given\n") + kQueryUsage);
  if (ray_given && (algo_given || pairs_given)) {
    return fail("--ray casts against every shape; it takes no --algo or --pairs");
  }

  // Load and check everything before printing anything.
  std::vector<std::string> lines;
  for (const std::string& file : files) {
    Scene scene;
    try {
      scene = load_scene(file, png_loader());
    } catch (const SceneError& e) {
      std::cerr << e.what() << "\n";
      return 2;
    }
    if (ray_given) {
      lines.push_back(scene_ray_json(scene, file, ray_from, ray_to));
      continue;
    }
    std::vector<std::pair<int, int>> pairs;
    if (pairs_given) {
      for (const auto& [a, b] : wanted) {
        const int ia = scene.find(a);
        const int ib = scene.find(b);
        if (ia < 0 || ib < 0) {
          return fail(file + ": --pairs " + a + ":" + b + ": no shape with id \"" +
                      (ia < 0 ? a : b) + "\" in this scene");
        }
        pairs.emplace_back(ia, ib);
      }
    } else {
      pairs = all_pairs(scene);
    }
    if (algos & mask_algos()) {
      const std::string problem = pixel_mask_problem(scene, pairs, accuracy);
      if (!problem.empty()) {
        return fail(file + ": " + problem + "; lower --accuracy or leave pixel out of --algo");
      }
    }
    lines.push_back(scene_report_json(scene, file, pairs, algos, accuracy));
  }
  for (const std::string& line : lines) std::cout << line << "\n";
  return 0;
}

}  // namespace hitbox::app
