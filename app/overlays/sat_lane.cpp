#include "overlays/sat_lane.h"

#include <algorithm>

namespace hitbox::app {
namespace {
constexpr float kLaneGapPx = 30.0f;     // the first lane: this far beyond the pair
constexpr float kLaneStepPx = 56.0f;    // each further lane: this much further out
constexpr float kNearParallel = 0.96f;  // cosine above which two axes share a side
}  // namespace

AxisLane sat_lane(const Collider& a, const Collider& b, Vec2 axis, float px, int lane) {
  AxisLane L;
  L.u = axis;
  L.p = Vec2(-axis.y, axis.x);
  const float outer = std::max(dot(a.pos, L.p) + a.bound, dot(b.pos, L.p) + b.bound);
  L.c = outer + (kLaneGapPx + kLaneStepPx * static_cast<float>(lane)) * px;
  L.lane = lane;
  return L;
}

std::vector<AxisLane> sat_lanes(const Collider& a, const Collider& b, const SatTrace& tr,
                                float px) {
  std::vector<AxisLane> lanes;
  lanes.reserve(tr.axes.size());
  for (std::size_t k = 0; k < tr.axes.size(); ++k) {
    int lane = 0;
    for (std::size_t j = 0; j < k; ++j)
      if (dot(tr.axes[j].axis, tr.axes[k].axis) > kNearParallel) ++lane;
    lanes.push_back(sat_lane(a, b, tr.axes[k].axis, px, lane));
  }
  return lanes;
}

}  // namespace hitbox::app
