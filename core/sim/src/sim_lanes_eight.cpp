// The lane solver's kernels eight float lanes wide (sim_lane_kernels.h), in the one file
// compiled with AVX2 (CMakeLists.txt): sim_lanes.cpp calls them only where the processor has
// it. No fused multiply-add (AVX2 alone does not enable it), so they give the other widths'
// bytes.
#include "sim_lane_kernels.h"

namespace hitbox::detail {

const LaneKernels& lane_kernels_eight() {
  static constexpr LaneKernels kEight = Kernels<8>::table();
  return kEight;
}

}  // namespace hitbox::detail
