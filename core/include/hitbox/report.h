// The `query` report: one JSON object per scene, one line each, built from the same
// results the window draws. Format: README.md, "hitbox query".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hitbox/scene.h"

namespace hitbox {

// The algorithms, as bits. New algorithms append here and to kAlgorithms.
enum Algo : std::uint32_t {
  kAlgoAabb = 1u << 0,
  kAlgoBoundingCircle = 1u << 1,
  kAlgoSat = 1u << 2,
  kAlgoMtd = 1u << 3,
  kAlgoSwept = 1u << 4,
  kAlgoPixel = 1u << 5,
  kAlgoGjk = 1u << 6,
  kAlgoQuadrant = 1u << 7,
  kAlgoCircleAsSquare = 1u << 8,
};

struct AlgoInfo {
  Algo bit;
  const char* name;
};
inline constexpr AlgoInfo kAlgorithms[] = {
    {kAlgoAabb, "aabb"},
    {kAlgoBoundingCircle, "bounding_circle"},
    {kAlgoSat, "sat"},
    {kAlgoMtd, "mtd"},
    {kAlgoSwept, "swept"},
    {kAlgoPixel, "pixel"},
    {kAlgoGjk, "gjk"},
    {kAlgoQuadrant, "quadrant"},
    {kAlgoCircleAsSquare, "circle_as_square"},
};
inline constexpr std::uint32_t kAllAlgos = kAlgoAabb | kAlgoBoundingCircle | kAlgoSat | kAlgoMtd |
                                           kAlgoSwept | kAlgoPixel | kAlgoGjk | kAlgoQuadrant |
                                           kAlgoCircleAsSquare;

// The largest pixel mask the report builds, in cells (bounding rectangle of a shape at the
// asked accuracy); a larger shape is refused by pixel_mask_problem instead of allocated.
inline constexpr double kMaxMaskCells = 64.0 * 1024.0 * 1024.0;

// "aabb, bounding_circle, ...": every algorithm name, in order, for messages.
std::string algo_name_list();

// Parse "sat,mtd". On an unknown name returns nullopt and sets *bad to it.
std::optional<std::uint32_t> parse_algo_list(std::string_view list, std::string* bad);

// Whether an algorithm answers for this pair of kinds (all do, sprites included).
bool algo_supports(Algo algo, Kind a, Kind b);

// Shortest decimal text that reads back as the same float (std::to_chars).
std::string format_float(float v);

// Every pair in file order (i < j).
std::vector<std::pair<int, int>> all_pairs(const Scene& scene);

// Whether `accuracy` is one the pixel test takes: 0 < accuracy <= 1, not NaN, and with a
// finite cell size 1 / accuracy.
bool valid_accuracy(float accuracy);

// Empty when every shape in `pairs` can be rasterised at `accuracy` within kMaxMaskCells;
// otherwise what is too large, naming the shape.
std::string pixel_mask_problem(const Scene& scene, const std::vector<std::pair<int, int>>& pairs,
                               float accuracy);

// One line of JSON (no trailing newline) for a scene: {"scene":..., "pairs":[...]}.
// `accuracy` is the pixel test's (mask.h); each shape's mask is built once per call. Throws
// std::invalid_argument when pixel is asked with an invalid accuracy or too large a shape
// (check with valid_accuracy and pixel_mask_problem first).
std::string scene_report_json(const Scene& scene, std::string_view scene_name,
                              const std::vector<std::pair<int, int>>& pairs, std::uint32_t algos,
                              float accuracy = 1.0f);

}  // namespace hitbox
