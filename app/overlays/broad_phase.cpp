// The broad phase, drawn under the shapes when "show broad phase" is on: the sort-and-sweep's
// x intervals as bars along the bottom of the view (one row per interval that overlaps an
// earlier one still open, so shared x ranges stack up), the grid's occupied cells shaded by
// how many boxes they list, or the tree's fat boxes. Read from the core's BroadTrace
// (sandbox/pairs.cpp).
#include <algorithm>
#include <vector>

#include "algos/draw.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace {

constexpr Color kSweepBar{0.95f, 0.78f, 0.30f, 0.80f};
constexpr Color kSweepBarPair{1.00f, 0.45f, 0.35f, 0.90f};  // compared with a later box
constexpr Color kGridLine{0.95f, 0.78f, 0.30f, 0.55f};
constexpr Color kCandidate{0.95f, 0.78f, 0.30f, 0.55f};
constexpr Color kRefitFill{1.00f, 0.45f, 0.35f, 0.10f};  // a fat box refitted this frame
constexpr int kSweepRows = 12;  // bars stack up to this many rows, then wrap

void draw_sweep(const SandboxState& s, Canvas& c, float px) {
  const SweepTrace& t = s.cache.pairs.trace.sweep;
  // The bars sit just above the bottom of the free area, in world units of the view.
  const ScreenRect& f = s.layout.free;
  const float bottom = s.cam.to_world(Vec2(0.0f, f.empty() ? 600.0f : f.y1)).y;
  const float row_h = 5.0f * px;
  std::vector<float> row_end(kSweepRows, -1e30f);
  for (const SweepInterval& iv : t.intervals) {
    int row = 0;
    while (row < kSweepRows && row_end[static_cast<std::size_t>(row)] >= iv.x.min) ++row;
    if (row == kSweepRows) row = 0;
    row_end[static_cast<std::size_t>(row)] = iv.x.max;
    const float y = bottom - (8.0f * px) - static_cast<float>(row) * row_h;
    c.line(Vec2(iv.x.min, y), Vec2(iv.x.max, y), iv.compared > 0 ? kSweepBarPair : kSweepBar, 3.0f);
  }
}

void draw_grid(const SandboxState& s, Canvas& c, float px) {
  const GridTrace& t = s.cache.pairs.trace.grid;
  if (t.cell <= 0.0f) return;
  std::vector<Aabb> busy, single;
  for (const GridCell& g : t.cells) {
    const Aabb box{
        Vec2(static_cast<float>(g.cx) * t.cell, static_cast<float>(g.cy) * t.cell),
        Vec2(static_cast<float>(g.cx + 1) * t.cell, static_cast<float>(g.cy + 1) * t.cell)};
    (g.count >= 2 ? busy : single).push_back(box);
  }
  c.rects(single, Color{0.95f, 0.78f, 0.30f, 0.06f});
  c.rects(busy, Color{0.95f, 0.78f, 0.30f, 0.18f});
  for (const std::vector<Aabb>* v : {&single, &busy})
    for (const Aabb& b : *v) draw_box(c, b, Color{0, 0, 0, 0}, kGridLine, 1.0f);
  (void)px;
}

// The tree's fat boxes: faint, and brighter for the shapes that left theirs this frame.
void draw_tree(const SandboxState& s, Canvas& c) {
  const TreeTrace& t = s.cache.pairs.trace.tree;
  for (const Aabb& b : t.fat) draw_box(c, b, Color{0, 0, 0, 0}, kGridLine, 1.0f);
  for (const int i : t.refitted) {
    if (i < 0 || static_cast<std::size_t>(i) >= t.fat.size()) continue;
    draw_box(c, t.fat[static_cast<std::size_t>(i)], kRefitFill, kSweepBarPair, 2.0f);
  }
}

}  // namespace

void draw_broad_phase(const SandboxState& s, Canvas& c) {
  if (!s.cache.pairs.show) return;
  const float px = 1.0f / s.cam.zoom;
  switch (s.cache.pairs.broad.method) {
    case BroadMethod::SortAndSweep:
      draw_sweep(s, c, px);
      break;
    case BroadMethod::Grid:
      draw_grid(s, c, px);
      break;
    case BroadMethod::Tree:
      draw_tree(s, c);
      break;
  }
  // The candidate pairs: a faint line between the two boxes' centres.
  if (s.cache.pairs.boxes.size() != static_cast<std::size_t>(s.doc.count())) return;
  for (const BroadPair& p : s.cache.pairs.candidates) {
    const Aabb& a = s.cache.pairs.boxes[static_cast<std::size_t>(p.a)];
    const Aabb& b = s.cache.pairs.boxes[static_cast<std::size_t>(p.b)];
    c.line(0.5f * (a.min + a.max), 0.5f * (b.min + b.max), kCandidate, 1.0f);
  }
}

}  // namespace hitbox::app
