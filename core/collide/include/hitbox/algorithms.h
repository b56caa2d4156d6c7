// The algorithm catalogue: every collision algorithm Hitbox runs, as a bit, with its name (as
// `query --algo`, scene files and the window spell it), which pairs of kinds it covers, and
// parsing and listing names. The dispatcher (analysis.h) runs them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "hitbox/shape.h"

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
  kAlgoManifold = 1u << 9,
  kAlgoSweptLinear = 1u << 10,  // swept with spin ignored: the classic mistake
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
    {kAlgoManifold, "manifold"},
    {kAlgoSweptLinear, "swept_linear"},
};
inline constexpr std::uint32_t kAllAlgos = kAlgoAabb | kAlgoBoundingCircle | kAlgoSat | kAlgoMtd |
                                           kAlgoSwept | kAlgoPixel | kAlgoGjk | kAlgoQuadrant |
                                           kAlgoCircleAsSquare | kAlgoManifold | kAlgoSweptLinear;

// The name of one algorithm bit ("sat").
const char* algo_name(Algo bit);

// "aabb, bounding_circle, ...": every algorithm name, in order, for messages.
std::string algo_name_list();

// Parse "sat,mtd". On an unknown name returns nullopt and sets *bad to it.
std::optional<std::uint32_t> parse_algo_list(std::string_view list, std::string* bad);

// Whether an algorithm answers for this pair of kinds: quadrant and circle_as_square only for
// a circle and a rect or sprite, pixel only for two shapes with area, manifold for every pair
// without a point, every other one for every pair (sprites included).
bool algo_supports(Algo algo, Kind a, Kind b);

// The same question about posed shapes (a sprite poses as a box, like a rect).
bool algo_supports(Algo algo, const Collider& a, const Collider& b);

}  // namespace hitbox
