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
};

struct AlgoInfo {
  Algo bit;
  const char* name;
};
inline constexpr AlgoInfo kAlgorithms[] = {
    {kAlgoAabb, "aabb"}, {kAlgoBoundingCircle, "bounding_circle"}, {kAlgoSat, "sat"},
    {kAlgoMtd, "mtd"},   {kAlgoSwept, "swept"},
};
inline constexpr std::uint32_t kAllAlgos =
    kAlgoAabb | kAlgoBoundingCircle | kAlgoSat | kAlgoMtd | kAlgoSwept;

// Parse "sat,mtd". On an unknown name returns nullopt and sets *bad to it.
std::optional<std::uint32_t> parse_algo_list(std::string_view list, std::string* bad);

// Whether an algorithm answers for this pair of kinds (all do for rect/circle/polygon).
bool algo_supports(Algo algo, Kind a, Kind b);

// Shortest decimal text that reads back as the same float (std::to_chars).
std::string format_float(float v);

// Every pair in file order (i < j).
std::vector<std::pair<int, int>> all_pairs(const Scene& scene);

// One line of JSON (no trailing newline) for a scene: {"scene":..., "pairs":[...]}.
std::string scene_report_json(const Scene& scene, std::string_view scene_name,
                              const std::vector<std::pair<int, int>>& pairs, std::uint32_t algos);

}  // namespace hitbox
