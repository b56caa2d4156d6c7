#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "overlays/draw_util.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

// The pixel test for the focus pair: both masks outlined in A's and B's colours, the search
// rectangle (where both masks' bounds meet), the overlapping cells filled, and the cell
// grid once a cell is big enough on screen. The cells come from the core's masks.
void draw_pixel(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const MaskEntry& ea = s.mask_entry(s.an.pair.a);
  const MaskEntry& eb = s.mask_entry(s.an.pair.b);
  const Mask& ma = ea.mask;
  const Mask& mb = eb.mask;
  const PixelResult& r = s.an.r.pixel;
  const float cell = r.cell;
  const auto world = [cell](int i, int j) {
    return Vec2(static_cast<float>(i) * cell, static_cast<float>(j) * cell);
  };

  // Both masks' outlines, under the overlap so the highlight shows whole.
  draw_segments(c, ea.outline, pal::kTraceA, 1.5f);
  draw_segments(c, eb.outline, pal::kTraceB, 1.5f);

  // Overlapping cells as row runs (rebuilt only when a mask is).
  OverlapRuns& cached = s.overlap_runs;
  if (cached.a != s.an.pair.a || cached.b != s.an.pair.b || cached.gen_a != ea.generation ||
      cached.gen_b != eb.generation) {
    cached = OverlapRuns{s.an.pair.a, s.an.pair.b, ea.generation, eb.generation, {}};
    // The core reads the overlapping cells off the masks' words; the window only turns
    // its runs into world rectangles.
    std::vector<CellRun> cell_runs;
    hitbox::overlap_runs(ma, mb, cell_runs);
    cached.runs.reserve(cell_runs.size());
    for (const CellRun& run : cell_runs) {
      cached.runs.push_back(Aabb{world(run.x0, run.y), world(run.x1, run.y + 1)});
    }
  }
  if (r.hit) c.rects(cached.runs, pal::kPixelOverlap);

  // The grid over both masks' bounds (on top of the overlap, so its cells show), clipped to
  // the view, when cells are wide enough.
  if (cell * s.cam.zoom >= kMaskGridMinPx && (!ma.empty() || !mb.empty())) {
    int x0 = std::min(ma.empty() ? mb.x0 : ma.x0, mb.empty() ? ma.x0 : mb.x0);
    int y0 = std::min(ma.empty() ? mb.y0 : ma.y0, mb.empty() ? ma.y0 : mb.y0);
    int x1 = std::max(ma.empty() ? mb.x0 + mb.w : ma.x0 + ma.w,
                      mb.empty() ? ma.x0 + ma.w : mb.x0 + mb.w);
    int y1 = std::max(ma.empty() ? mb.y0 + mb.h : ma.y0 + ma.h,
                      mb.empty() ? ma.y0 + ma.h : mb.y0 + mb.h);
    Vec2 view_size(1280.0f, 800.0f);
    if (ImGui::GetCurrentContext()) {
      const ImVec2 d = ImGui::GetIO().DisplaySize;
      if (d.x > 0 && d.y > 0) view_size = Vec2(d.x, d.y);
    }
    const Vec2 lo = s.cam.to_world(Vec2(0.0f, 0.0f));
    const Vec2 hi = s.cam.to_world(view_size);
    x0 = std::max(x0, static_cast<int>(std::floor(lo.x / cell)));
    y0 = std::max(y0, static_cast<int>(std::floor(lo.y / cell)));
    x1 = std::min(x1, static_cast<int>(std::ceil(hi.x / cell)));
    y1 = std::min(y1, static_cast<int>(std::ceil(hi.y / cell)));
    std::vector<Aabb> lines;
    for (int i = x0; i <= x1 && y1 > y0; ++i)
      lines.push_back(
          Aabb{world(i, y0) - Vec2(0.5f * px, 0.0f), world(i, y1) + Vec2(0.5f * px, 0.0f)});
    for (int j = y0; j <= y1 && x1 > x0; ++j)
      lines.push_back(
          Aabb{world(x0, j) - Vec2(0.0f, 0.5f * px), world(x1, j) + Vec2(0.0f, 0.5f * px)});
    c.rects(lines, pal::kMaskGrid);
  }

  // The search rectangle: the only cells the test reads.
  const Color none{0.0f, 0.0f, 0.0f, 0.0f};
  if (r.search.w > 0 && r.search.h > 0) {
    const Aabb box{world(r.search.x0, r.search.y0),
                   world(r.search.x0 + r.search.w, r.search.y0 + r.search.h)};
    const Vec2 corners[4] = {box.min, Vec2(box.max.x, box.min.y), box.max,
                             Vec2(box.min.x, box.max.y)};
    for (int k = 0; k < 4; ++k)
      dashed(c, corners[k], corners[(k + 1) % 4], pal::kPixelSearch, 1.5f, 5.0f, px);
    label_toward(c, px, Vec2(box.max.x, box.max.y + 4.0f * px), Vec2(-1.0f, 1.0f),
                 strf("search %d x %d cells", r.search.w, r.search.h), pal::kPixelSearch);
  }
  if (r.hit) {
    const Vec2 first = cell_centre(r.first_x, r.first_y, cell);
    c.circle(first, std::max(0.5f * cell, 5.0f * px), none, pal::kPixelFirst, 1.5f);
    const Aabb ob{world(r.overlap.x0, r.overlap.y0),
                  world(r.overlap.x0 + r.overlap.w, r.overlap.y0 + r.overlap.h)};
    label_toward(c, px, Vec2(ob.max.x + 6.0f * px, 0.5f * (ob.min.y + ob.max.y)), Vec2(1.0f, 0.0f),
                 strf("%d cell%s overlap", r.count, r.count == 1 ? "" : "s"), pal::kPixelOverlap);
  }
}
}  // namespace hitbox::app
