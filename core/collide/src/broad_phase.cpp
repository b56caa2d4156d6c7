// Broad phase: sort and sweep on x, a hashed uniform grid and the dynamic tree. Each returns
// exactly the pairs whose closed boxes overlap (aabb_overlaps); hitbox/broad_phase.h says how.
#include "hitbox/broad_phase.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace hitbox {
namespace {

inline void emit(std::vector<BroadPair>* out, int i, int j) {
  out->push_back(i < j ? BroadPair{i, j} : BroadPair{j, i});
}

inline std::int64_t all_pairs_of(std::size_t n) {
  const auto m = static_cast<std::int64_t>(n);
  return m * (m - 1) / 2;
}

}  // namespace

const char* broad_method_name(BroadMethod m) {
  switch (m) {
    case BroadMethod::SortAndSweep:
      return "sweep";
    case BroadMethod::Grid:
      return "grid";
    case BroadMethod::Tree:
      return "tree";
  }
  return "?";
}

std::optional<BroadMethod> broad_method_from_name(std::string_view name) {
  for (const BroadMethod m : kBroadMethods) {
    if (name == broad_method_name(m)) return m;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- sort and sweep

BroadStats sweep_pairs(std::span<const Aabb> boxes, SweepState* state, std::vector<BroadPair>* out,
                       SweepTrace* trace) {
  const std::size_t n = boxes.size();
  out->clear();
  BroadStats stats;
  stats.boxes = static_cast<int>(n);
  stats.all_pairs = all_pairs_of(n);

  // Keep the order of the last call when it is for the same number of boxes: after a small
  // move it is nearly sorted, and insertion sort finishes in about n steps.
  // A fresh order, or one that insertion sort would take too long over (the boxes were
  // shuffled, not moved), is sorted from scratch instead.
  std::vector<int>& order = state->order;
  const auto by_min_x = [&](int a, int b) { return boxes[a].min.x < boxes[b].min.x; };
  if (order.size() != n) {
    order.resize(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), by_min_x);
  } else {
    std::size_t budget = 16 * n + 64;  // element moves allowed before giving up
    for (std::size_t i = 1; i < n; ++i) {
      const int moving = order[i];
      const float key = boxes[moving].min.x;
      std::size_t j = i;
      while (j > 0 && boxes[order[j - 1]].min.x > key) {
        order[j] = order[j - 1];
        --j;
      }
      order[j] = moving;
      budget -= std::min(budget, i - j);
      if (budget == 0) {
        std::sort(order.begin(), order.end(), by_min_x);
        break;
      }
    }
  }

  // The boxes in sweep order, packed: the inner loop reads one run of memory.
  std::vector<float>& keys = state->keys;
  keys.resize(n * 4);
  for (std::size_t i = 0; i < n; ++i) {
    const Aabb& b = boxes[order[i]];
    keys[4 * i + 0] = b.min.x;
    keys[4 * i + 1] = b.max.x;
    keys[4 * i + 2] = b.min.y;
    keys[4 * i + 3] = b.max.y;
  }
  if (trace) {
    trace->intervals.clear();
    trace->intervals.reserve(n);
  }
  std::int64_t tests = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const float max_x = keys[4 * i + 1];
    const float min_y = keys[4 * i + 2];
    const float max_y = keys[4 * i + 3];
    std::size_t j = i + 1;
    // Every later box has min x >= this box's min x, so x overlaps exactly while its min x
    // is <= this max x; then only y is left to compare.
    for (; j < n && keys[4 * j] <= max_x; ++j) {
      // Both comparisons, no branch between them (& on ints: hits come in no order).
      const int y_overlap =
          static_cast<int>(keys[4 * j + 2] <= max_y) & static_cast<int>(min_y <= keys[4 * j + 3]);
      if (y_overlap != 0) emit(out, order[i], order[j]);
    }
    tests += static_cast<std::int64_t>(j - i - 1);
    if (trace) {
      trace->intervals.push_back(
          SweepInterval{order[i], Interval{keys[4 * i], max_x}, static_cast<int>(j - i - 1)});
    }
  }
  stats.box_tests = tests;
  stats.candidates = static_cast<std::int64_t>(out->size());
  return stats;
}

// ---------------------------------------------------------------- uniform grid

namespace {

constexpr double kCellLimit = 1073741824.0;  // 2^30: cell coordinates stay well inside int32

// The cell holding coordinate v. Monotone in v, so a box covers the cells from cell_of(min)
// to cell_of(max), and every box's cells are found by the same rule.
inline std::int32_t cell_of(float v, double inv) {
  const double c = std::floor(static_cast<double>(v) * inv);
  return static_cast<std::int32_t>(std::clamp(c, -kCellLimit, kCellLimit));
}

inline std::uint32_t cell_hash(std::int32_t cx, std::int32_t cy) {
  return (static_cast<std::uint32_t>(cx) * 73856093u) ^
         (static_cast<std::uint32_t>(cy) * 19349663u);
}

float auto_cell(std::span<const Aabb> boxes) {
  if (boxes.empty()) return 1.0f;
  double sum = 0.0;
  for (const Aabb& b : boxes) {
    sum += std::max(static_cast<double>(b.max.x) - b.min.x, static_cast<double>(b.max.y) - b.min.y);
  }
  const double cell = 2.0 * sum / static_cast<double>(boxes.size());
  if (!(cell > 1e-3) || !std::isfinite(cell)) return 1.0f;
  return static_cast<float>(cell);
}

}  // namespace

BroadStats grid_pairs(std::span<const Aabb> boxes, GridOptions options, GridState* state,
                      std::vector<BroadPair>* out, GridTrace* trace) {
  using detail::GridEntry;
  const std::size_t n = boxes.size();
  out->clear();
  BroadStats stats;
  stats.boxes = static_cast<int>(n);
  stats.all_pairs = all_pairs_of(n);

  const float cell = options.cell > 0.0f ? options.cell : auto_cell(boxes);
  const double inv = 1.0 / static_cast<double>(cell);

  // 1. Every box into every cell it covers; boxes covering too many cells kept aside.
  std::vector<GridEntry>& entries = state->entries;
  entries.clear();
  state->big.clear();
  state->is_big.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const Aabb& b = boxes[i];
    const std::int32_t x0 = cell_of(b.min.x, inv), x1 = cell_of(b.max.x, inv);
    const std::int32_t y0 = cell_of(b.min.y, inv), y1 = cell_of(b.max.y, inv);
    const std::int64_t covered =
        (static_cast<std::int64_t>(x1) - x0 + 1) * (static_cast<std::int64_t>(y1) - y0 + 1);
    if (covered > kGridMaxCellsPerBox) {
      state->big.push_back(static_cast<int>(i));
      state->is_big[i] = 1;
      continue;
    }
    for (std::int32_t cy = y0; cy <= y1; ++cy) {
      for (std::int32_t cx = x0; cx <= x1; ++cx) {
        entries.push_back(GridEntry{b, cx, cy, static_cast<std::int32_t>(i), 0});
      }
    }
  }

  // 2. Counting sort by the cell's hash bucket.
  const std::size_t m = entries.size();
  const std::size_t buckets = std::bit_ceil(std::max<std::size_t>(16, 2 * m));
  const std::uint32_t mask = static_cast<std::uint32_t>(buckets - 1);
  std::vector<std::int32_t>& start = state->bucket_start;
  start.assign(buckets + 1, 0);
  for (GridEntry& e : entries) {
    e.bucket = cell_hash(e.cx, e.cy) & mask;
    ++start[e.bucket + 1];
  }
  for (std::size_t k = 0; k < buckets; ++k) start[k + 1] += start[k];
  std::vector<GridEntry>& sorted = state->sorted;
  sorted.resize(m);
  {
    // start[k] is used as the write cursor of bucket k, then restored.
    for (const GridEntry& e : entries) sorted[static_cast<std::size_t>(start[e.bucket]++)] = e;
    for (std::size_t k = buckets; k > 0; --k) start[k] = start[k - 1];
    start[0] = 0;
  }

  // 3. Pairs within each cell. A pair shares every cell its overlap covers; it is reported
  // only in the cell of the overlap's min corner, so exactly once.
  std::int64_t tests = 0;
  for (std::size_t k = 0; k < buckets; ++k) {
    const std::int32_t s = start[k], e = start[k + 1];
    if (e - s < 2) continue;
    for (std::int32_t i = s; i < e; ++i) {
      const GridEntry& p = sorted[static_cast<std::size_t>(i)];
      for (std::int32_t j = i + 1; j < e; ++j) {
        const GridEntry& q = sorted[static_cast<std::size_t>(j)];
        if (p.cx != q.cx || p.cy != q.cy) continue;  // another cell, same bucket
        ++tests;
        if (!aabb_overlaps(p.box, q.box)) continue;
        const float ox = std::max(p.box.min.x, q.box.min.x);
        const float oy = std::max(p.box.min.y, q.box.min.y);
        if (cell_of(ox, inv) == p.cx && cell_of(oy, inv) == p.cy) emit(out, p.index, q.index);
      }
    }
  }

  // 4. The boxes kept aside against every box (a pair of two of them once).
  for (const int b : state->big) {
    for (std::size_t j = 0; j < n; ++j) {
      const int jj = static_cast<int>(j);
      if (jj == b || (state->is_big[j] != 0 && jj < b)) continue;
      ++tests;
      if (aabb_overlaps(boxes[b], boxes[j])) emit(out, b, jj);
    }
  }

  if (trace) {
    trace->cell = cell;
    trace->cells.clear();
    trace->big = state->big;
    for (std::size_t k = 0; k < buckets; ++k) {
      for (std::int32_t i = start[k]; i < start[k + 1]; ++i) {
        const GridEntry& p = sorted[static_cast<std::size_t>(i)];
        bool first = true;
        for (std::int32_t j = start[k]; j < i && first; ++j) {
          const GridEntry& q = sorted[static_cast<std::size_t>(j)];
          first = (p.cx != q.cx) || (p.cy != q.cy);
        }
        if (!first) continue;
        int count = 0;
        for (std::int32_t j = i; j < start[k + 1]; ++j) {
          const GridEntry& q = sorted[static_cast<std::size_t>(j)];
          count += (p.cx == q.cx && p.cy == q.cy) ? 1 : 0;
        }
        trace->cells.push_back(GridCell{p.cx, p.cy, count});
      }
    }
  }
  stats.box_tests = tests;
  stats.candidates = static_cast<std::int64_t>(out->size());
  return stats;
}

// ---------------------------------------------------------------- either

// ---------------------------------------------------------------- dynamic tree

BroadStats tree_pairs(std::span<const Aabb> boxes, TreeState* state, std::vector<BroadPair>* out,
                      TreeTrace* trace) {
  const int n = static_cast<int>(boxes.size());
  const std::size_t un = boxes.size();
  BroadTree& bt = state->tree;
  out->clear();
  BroadStats stats;
  stats.boxes = n;
  stats.all_pairs = all_pairs_of(un);
  if (trace) trace->refitted.clear();
  // Keys past the boxes' count lose their proxies, and their pairs go; new keys are added.
  for (int k = static_cast<int>(bt.keys.size()) - 1; k >= n; --k) {
    if (broad_tree_has(bt, k)) broad_tree_remove(&bt, k);
  }
  std::erase_if(state->kept, [n](BroadPair p) { return p.b >= n; });
  std::vector<std::uint8_t>& refit = state->refit;
  refit.assign(un, 0);
  state->fat.resize(un);
  for (int i = 0; i < n; ++i) {
    const std::size_t ui = static_cast<std::size_t>(i);
    if (!broad_tree_has(bt, i)) {
      broad_tree_add(&bt, i, boxes[ui]);
    } else if (!broad_tree_move(&bt, i, boxes[ui])) {
      continue;
    }
    refit[ui] = 1;
    state->fat[ui] = broad_tree_fat_box(bt, i);
    if (trace) trace->refitted.push_back(i);
  }
  stats.box_tests = n;  // each box against its fat box
  // The pairs begun (fat boxes newly overlapping) merged into those kept, less the ended ones:
  // only a pair with a refitted side can have ended.
  std::vector<BroadPair>& fresh = state->fresh;
  broad_tree_update_pairs(&bt, &fresh);
  const std::vector<Aabb>& fat = state->fat;
  std::erase_if(state->kept, [&](BroadPair p) {
    const std::size_t a = static_cast<std::size_t>(p.a), b = static_cast<std::size_t>(p.b);
    if (!refit[a] && !refit[b]) return false;
    ++stats.box_tests;
    return !aabb_overlaps(fat[a], fat[b]);
  });
  const std::size_t begun = fresh.size();
  fresh.insert(fresh.end(), state->kept.begin(), state->kept.end());
  std::inplace_merge(fresh.begin(), fresh.begin() + static_cast<std::ptrdiff_t>(begun), fresh.end(),
                     [](BroadPair p, BroadPair q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
  state->kept.swap(fresh);
  for (const BroadPair& p : state->kept) {
    if (aabb_overlaps(boxes[static_cast<std::size_t>(p.a)], boxes[static_cast<std::size_t>(p.b)]))
      out->push_back(p);
  }
  stats.box_tests += static_cast<std::int64_t>(state->kept.size());
  stats.candidates = static_cast<std::int64_t>(out->size());
  if (trace) {
    trace->fat.assign(fat.begin(), fat.end());
    trace->kept = static_cast<int>(state->kept.size());
  }
  return stats;
}

BroadStats broad_pairs(std::span<const Aabb> boxes, BroadPhase* bp, std::vector<BroadPair>* out,
                       BroadTrace* trace) {
  switch (bp->method) {
    case BroadMethod::SortAndSweep:
      return sweep_pairs(boxes, &bp->sweep, out, trace ? &trace->sweep : nullptr);
    case BroadMethod::Tree:
      return tree_pairs(boxes, &bp->tree, out, trace ? &trace->tree : nullptr);
    case BroadMethod::Grid:
      break;
  }
  return grid_pairs(boxes, bp->grid_options, &bp->grid, out, trace ? &trace->grid : nullptr);
}

}  // namespace hitbox
