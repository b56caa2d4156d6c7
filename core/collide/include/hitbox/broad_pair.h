// A pair of overlapping boxes, as every broad phase reports it (broad_phase.h, broad_tree.h).
#pragma once

namespace hitbox {

// Two boxes whose closed bounds overlap: indices into the caller's span, a < b.
struct BroadPair {
  int a = 0;
  int b = 0;
  bool operator==(const BroadPair&) const = default;
};

}  // namespace hitbox
