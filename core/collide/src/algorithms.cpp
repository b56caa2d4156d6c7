// The algorithm catalogue (algorithms.h): names, parsing and which kinds each covers.
#include "hitbox/algorithms.h"

#include <cassert>

#include "hitbox/circle_rect.h"

namespace hitbox {

std::optional<std::uint32_t> parse_algo_list(std::string_view list, std::string* bad) {
  std::uint32_t bits = 0;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = list.find(',', start);
    const size_t end = comma == std::string_view::npos ? list.size() : comma;
    const std::string_view name = list.substr(start, end - start);
    bool found = false;
    for (const AlgoInfo& info : kAlgorithms) {
      if (name == info.name) {
        bits |= info.bit;
        found = true;
      }
    }
    if (!found) {
      if (bad) *bad = std::string(name);
      return std::nullopt;
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return bits;
}

const char* algo_name(Algo bit) {
  for (const AlgoInfo& info : kAlgorithms) {
    if (info.bit == bit) return info.name;
  }
  assert(false && "not an algorithm bit");
  return "?";
}

std::string algo_name_list() {
  std::string names;
  for (const AlgoInfo& info : kAlgorithms) {
    if (!names.empty()) names += ", ";
    names += info.name;
  }
  return names;
}

bool algo_supports(Algo algo, Kind a, Kind b) {
  // quadrant and circle_as_square are circle-rectangle methods; the others answer for
  // every pair of kinds.
  if (algo == kAlgoQuadrant || algo == kAlgoCircleAsSquare) return circle_rect_supports(a, b);
  // pixel counts covered cells: a point or a segment has no area to rasterise.
  const auto area = [](Kind k) { return k != Kind::Point && k != Kind::Segment; };
  if (algo == kAlgoPixel) return area(a) && area(b);
  // manifold needs a surface to press on: a point has none.
  if (algo == kAlgoManifold) return a != Kind::Point && b != Kind::Point;
  // Every other algorithm answers for every pair of kinds (the geometric tests use a sprite's
  // frame, the pixel test its texels). New kinds or algorithms that do not cover a pair
  // return false here and print "unsupported".
  return true;
}

bool algo_supports(Algo algo, const Collider& a, const Collider& b) {
  if (algo == kAlgoQuadrant || algo == kAlgoCircleAsSquare) return circle_rect_supports(a, b);
  if (algo == kAlgoPixel) return has_area(a) && has_area(b);
  if (algo == kAlgoManifold) return !is_point(a) && !is_point(b);
  return true;
}

}  // namespace hitbox
