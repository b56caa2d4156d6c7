// Broad phase: which of many boxes overlap at all, without testing every pair.
//
// Three methods, each returning exactly the pairs whose closed boxes overlap (aabb_overlaps),
// so the narrow phase (sat, mtd, ...) runs only on those:
//
//   * Sort and sweep (Baraff 1992; Ericson 7.5.2): the boxes sorted by min x; each box is
//     compared with the boxes after it until their min x passes its max x. The order is kept
//     between calls (SweepState), so a scene that moved a little is re-sorted by insertion
//     sort in about n steps. Cost grows with how many boxes share an x range.
//   * Uniform grid (Ericson 7.1): square cells; each box is listed in every cell it covers,
//     the lists are built by a counting sort over a hash of the cell, and a pair is reported
//     only in the cell holding the min corner of the two boxes' overlap, so no pair comes
//     twice. Boxes that cover more than kGridMaxCellsPerBox cells (a floor) are kept aside
//     and compared with every box.
//   * Dynamic tree (Box2D's b2DynamicTree and b2BroadPhase): each box has a fat box, a little
//     larger, in a bounding-volume tree; a box that stays inside its fat box costs one test,
//     and the pairs of fat boxes are kept from call to call (TreeState).
//
// Box2D-style input and output: the caller passes the boxes (any order, indices are the
// box's position in the span), a state that keeps scratch memory between calls, and the
// output vector; a trace is filled only when passed (the window draws it).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "hitbox/broad_pair.h"
#include "hitbox/broad_tree.h"
#include "hitbox/geometry.h"

namespace hitbox {

enum class BroadMethod : std::uint8_t { SortAndSweep, Grid, Tree };
inline constexpr BroadMethod kBroadMethods[] = {BroadMethod::SortAndSweep, BroadMethod::Grid,
                                                BroadMethod::Tree};
const char* broad_method_name(BroadMethod m);  // "sweep", "grid", "tree"
// The method with that name, or none.
std::optional<BroadMethod> broad_method_from_name(std::string_view name);

// What a call did, for the window's counts and the benchmark.
struct BroadStats {
  int boxes = 0;
  std::int64_t all_pairs = 0;   // n (n - 1) / 2: what testing every pair costs
  std::int64_t box_tests = 0;   // box-against-box comparisons the method made
  std::int64_t candidates = 0;  // pairs returned (boxes that overlap)
};

// ---- sort and sweep on the x axis ----
struct SweepState {
  std::vector<int> order;  // box indices by min x, kept between calls
  // Scratch: the boxes in sweep order (min x, max x, min y, max y) and their indices.
  std::vector<float> keys;
};

// One box's interval on the sweep axis, in sweep order (the window draws these as bars).
struct SweepInterval {
  int box = 0;
  Interval x;
  int compared = 0;  // boxes after it whose min x lay within this interval
};
struct SweepTrace {
  std::vector<SweepInterval> intervals;  // sorted by x.min
};

BroadStats sweep_pairs(std::span<const Aabb> boxes, SweepState* state, std::vector<BroadPair>* out,
                       SweepTrace* trace = nullptr);

// ---- uniform grid ----
inline constexpr int kGridMaxCellsPerBox = 64;

struct GridOptions {
  // Cell side in pixels; <= 0 picks twice the mean of the boxes' larger side (boxes larger
  // than kGridMaxCellsPerBox cells are left out of that mean's effect: they are kept aside).
  float cell = 0.0f;
};

namespace detail {
struct GridEntry {
  Aabb box;
  std::int32_t cx = 0, cy = 0;  // the cell
  std::int32_t index = 0;       // the box
  std::uint32_t bucket = 0;     // hash of the cell, masked
};
}  // namespace detail

struct GridState {
  // Scratch kept between calls (no allocation once the sizes settle).
  std::vector<detail::GridEntry> entries, sorted;
  std::vector<std::int32_t> bucket_start;
  std::vector<int> big;
  std::vector<std::uint8_t> is_big;
};

// One occupied cell: integer cell coordinates (the cell covers [cx, cx+1) * cell on x) and
// how many boxes are listed in it.
struct GridCell {
  int cx = 0, cy = 0;
  int count = 0;
};
struct GridTrace {
  float cell = 0.0f;
  std::vector<GridCell> cells;
  std::vector<int> big;  // boxes kept aside (compared with every box)
};

BroadStats grid_pairs(std::span<const Aabb> boxes, GridOptions options, GridState* state,
                      std::vector<BroadPair>* out, GridTrace* trace = nullptr);

// ---- dynamic tree, pairs kept between calls ----
// Box i is key i of a BroadTree (broad_tree.h): its fat box is refitted only when box i
// leaves it, and only those boxes are looked up again. The pairs whose fat boxes overlap are
// kept between calls; the ones whose boxes overlap are returned, sorted by (a, b). Cost grows
// with how many boxes left their fat boxes, not with how many there are.
struct TreeState {
  BroadTree tree;
  std::vector<BroadPair> kept;      // every pair whose fat boxes overlap, sorted
  std::vector<Aabb> fat;            // each box's fat box (the tree's, copied out)
  std::vector<BroadPair> fresh;     // scratch: the pairs begun this call, then the merge
  std::vector<std::uint8_t> refit;  // scratch: the boxes refitted this call
};
struct TreeTrace {
  std::vector<Aabb> fat;      // each box's fat box, by index
  std::vector<int> refitted;  // the boxes that left their fat box this call
  int kept = 0;               // pairs whose fat boxes overlap
};

BroadStats tree_pairs(std::span<const Aabb> boxes, TreeState* state, std::vector<BroadPair>* out,
                      TreeTrace* trace = nullptr);

// ---- any of them, switched at run time (the window's choice, the simulation's option) ----
struct BroadPhase {
  BroadMethod method = BroadMethod::Grid;
  GridOptions grid_options;
  SweepState sweep;
  GridState grid;
  TreeState tree;
};
struct BroadTrace {
  SweepTrace sweep;  // filled when the method is SortAndSweep
  GridTrace grid;    // filled when the method is Grid
  TreeTrace tree;    // filled when the method is Tree
};

BroadStats broad_pairs(std::span<const Aabb> boxes, BroadPhase* bp, std::vector<BroadPair>* out,
                       BroadTrace* trace = nullptr);

}  // namespace hitbox
