// pixel: both masks, the search rectangle, the overlapping cells and the cell grid; the
// panel's accuracy and mask figures. The cells come from the core's masks.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "algos/algos.h"
#include "algos/draw.h"
#include "hitbox/report.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

// The mask grid shows once a cell is this wide on screen (window px).
constexpr float kMaskGridMinPx = 6.0f;

void draw(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const MaskEntry& ea = s.mask_entry(s.cache.an.pair.a);
  const MaskEntry& eb = s.mask_entry(s.cache.an.pair.b);
  const Mask& ma = ea.mask;
  const Mask& mb = eb.mask;
  const PixelResult& r = s.cache.an.r.pixel;
  const float cell = r.cell;
  const auto world = [cell](int i, int j) {
    return Vec2(static_cast<float>(i) * cell, static_cast<float>(j) * cell);
  };

  // Both masks' outlines, under the overlap so the highlight shows whole.
  draw_segments(c, ea.outline, pal::kTraceA, 1.5f);
  draw_segments(c, eb.outline, pal::kTraceB, 1.5f);

  // Overlapping cells as row runs (rebuilt only when a mask is).
  OverlapRuns& cached = s.cache.overlap_runs;
  if (cached.a != s.cache.an.pair.a || cached.b != s.cache.an.pair.b ||
      cached.gen_a != ea.generation || cached.gen_b != eb.generation) {
    cached = OverlapRuns{s.cache.an.pair.a, s.cache.an.pair.b, ea.generation, eb.generation, {}};
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
    label(c, px, Vec2(box.max.x, box.max.y + 4.0f * px), Vec2(-1.0f, 1.0f),
          strf("search %d x %d cells", r.search.w, r.search.h), pal::kPixelSearch);
  }
  if (r.hit) {
    const Vec2 first = cell_centre(r.first_x, r.first_y, cell);
    c.circle(first, std::max(0.5f * cell, 5.0f * px), none, pal::kPixelFirst, 1.5f);
    const Aabb ob{world(r.overlap.x0, r.overlap.y0),
                  world(r.overlap.x0 + r.overlap.w, r.overlap.y0 + r.overlap.h)};
    label(c, px, Vec2(ob.max.x + 6.0f * px, 0.5f * (ob.min.y + ob.max.y)), Vec2(1.0f, 0.0f),
          strf("%d cell%s overlap", r.count, r.count == 1 ? "" : "s"), pal::kPixelOverlap);
  }
}

void section(SandboxState& s) {
  ImGui::TextUnformatted("accuracy");
  for (std::size_t k = 0; k < std::size(kAccuracies); ++k) {
    same_line_if_fits(check_width(kAccuracyNames[k]));
    if (ImGui::RadioButton(kAccuracyNames[k], s.accuracy == kAccuracies[k]))
      s.accuracy = kAccuracies[k];
  }
  bool offered = false;
  for (const float a : kAccuracies) offered = offered || a == s.accuracy;
  if (!offered) {
    ImGui::SameLine();
    ImGui::TextDisabled("(%s from the command line)", format_float(s.accuracy).c_str());
  }
  const float cell = 1.0f / s.accuracy;
  flow_text_coloured(
      ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
      "Cells are %s x %s world px. A cell belongs to a shape when its centre is inside it (a "
      "sprite: when the texel under the centre has alpha >= its threshold).",
      format_float(cell).c_str(), format_float(cell).c_str());
  if (!s.cache.an.pixel_problem.empty()) {
    flow_text_coloured(to_v4(pal::kOverlap), "Not run: %s.", s.cache.an.pixel_problem.c_str());
    return;
  }
  if (!(s.ran_in_panels() & kAlgoPixel)) return;
  const PixelResult& r = s.cache.an.r.pixel;
  const Mask& ma = s.mask_entry(s.cache.an.pair.a).mask;
  const Mask& mb = s.mask_entry(s.cache.an.pair.b).mask;
  flow_text_coloured(to_v4(pal::kTraceA), "A mask %d x %d cells at (%d, %d)", ma.w, ma.h, ma.x0,
                     ma.y0);
  flow_text_coloured(to_v4(pal::kTraceB), "B mask %d x %d cells at (%d, %d)", mb.w, mb.h, mb.x0,
                     mb.y0);
  if (r.search.w > 0 && r.search.h > 0)
    flow_text_coloured(to_v4(pal::kPixelSearch), "search %d x %d cells at (%d, %d)", r.search.w,
                       r.search.h, r.search.x0, r.search.y0);
  else
    flow_text_coloured(to_v4(pal::kGap), "The masks' bounds do not meet: rejected at once.");
  if (r.hit) {
    flow_text_coloured(to_v4(pal::kPixelOverlap), "%d cell%s overlap (%s world px^2)", r.count,
                       r.count == 1 ? "" : "s",
                       format_float(static_cast<float>(r.count) * cell * cell).c_str());
    flow_text("overlap bounds %d x %d cells; first cell (%d, %d)", r.overlap.w, r.overlap.h,
              r.first_x, r.first_y);
  } else if (r.search.w > 0 && r.search.h > 0) {
    flow_text_coloured(to_v4(pal::kGap), "No cell is in both masks.");
  }
  ImGui::Checkbox("outline all masks", &s.show_mask_outlines);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Outline the mask of every sprite in the scene (the focus pair's\n"
        "masks are drawn by the pixel test itself).");
  ImGui::TextDisabled("Zoom in until a cell is %g px wide to see the grid.", kMaskGridMinPx);
}

const std::string& refused(const SandboxState& s) {
  return s.cache.an.pixel_problem;
}

bool query(const Collider&, const Collider&, const Mask* ma, const Mask* mb) {
  return pixel_overlap(*ma, *mb, false).hit;
}

}  // namespace

extern const AlgoModule pixel_module;
const AlgoModule pixel_module{
    .bit = kAlgoPixel,
    .name = "pixel",
    .colour_rank = 1,
    .on_masks = true,
    .exactness = Exactness::Pixels,
    .draw = draw,
    .section = section,
    .refused = refused,
    .refused_word = "mask too large",
    .query = query,
};

}  // namespace hitbox::app
