#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/limits.h"
#include "hitbox/report.h"
#include "overlays/draw_util.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

// A time on the step in words: "t = 0.420", "never" for +infinity, "always" for -infinity
// (the shapes were already within that axis's slab for all time).
std::string time_words(float t) {
  if (std::isinf(t)) return t > 0.0f ? "never" : "always";
  return strf("t = %.3f", t);
}

// An axis's signed overlap in words: "overlap 12.50", "gap 3.20", "touching".
std::string overlap_words(float overlap) {
  if (std::abs(overlap) < kTouchingPx) return "touching";
  return overlap > 0.0f ? strf("overlap %.2f", overlap) : strf("gap %.2f", -overlap);
}

// One SAT axis as a number line: A's and B's intervals and their overlap or gap.
void sat_number_line(const SatAxis& ax, bool dim) {
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float w = std::max(ImGui::GetContentRegionAvail().x, 60.0f);
  const float h = ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float lo = std::min(ax.a.min, ax.b.min), hi = std::max(ax.a.max, ax.b.max);
  const float span = std::max(hi - lo, 1e-6f);
  auto x = [&](float s) { return p0.x + 4.0f + (s - lo) / span * (w - 8.0f); };
  const float k = dim ? 0.35f : 1.0f;
  dl->AddLine(ImVec2(p0.x, p0.y + 0.5f * h), ImVec2(p0.x + w, p0.y + 0.5f * h),
              to_u32(alpha(pal::kAxisLine, 0.6f * k)));
  const Interval seg = interval_between(ax.a, ax.b);
  const float olo = seg.min;
  const float ohi = seg.max;
  const Color mc = ax.overlap >= 0.0f ? pal::kOverlap : pal::kGap;
  dl->AddRectFilled(ImVec2(x(olo), p0.y), ImVec2(std::max(x(ohi), x(olo) + 1.0f), p0.y + h),
                    to_u32(alpha(mc, 0.35f * k)));
  dl->AddRectFilled(ImVec2(x(ax.a.min), p0.y + 1.0f), ImVec2(x(ax.a.max), p0.y + 0.5f * h - 1.0f),
                    to_u32(alpha(pal::kTraceA, k)));
  dl->AddRectFilled(ImVec2(x(ax.b.min), p0.y + 0.5f * h + 1.0f),
                    ImVec2(x(ax.b.max), p0.y + h - 1.0f), to_u32(alpha(pal::kTraceB, k)));
  ImGui::Dummy(ImVec2(w, h));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("axis (%.3f, %.3f)\nA [%.2f, %.2f]\nB [%.2f, %.2f]\n%s %.2f",
                      shown(ax.axis.x, 3), shown(ax.axis.y, 3), shown(ax.a.min, 2),
                      shown(ax.a.max, 2), shown(ax.b.min, 2), shown(ax.b.max, 2),
                      ax.overlap >= 0.0f ? "overlap" : "gap", std::abs(ax.overlap));
}

}  // namespace

void panel_sat(SandboxState& s) {
  teach::step_controls("sat_step", s.stepper.sat, teach::sat_step_count(s.an.sat_early),
                       teach::sat_step_text(s.an.sat_early, s.stepper.sat.step),
                       "Steps walk the axes in test order and stop where early exit does.");
  ImGui::Checkbox("early exit", &s.sat_show_early);
  ImGui::SameLine();
  ImGui::TextDisabled(s.sat_show_early ? "(showing the axes tested until the first gap)"
                                       : "(showing every axis)");
  const SatTrace& tr = s.sat_shown();
  const int stop = s.early_stop();
  if (stop >= 0)
    ImGui::TextColored(to_v4(pal::kSeparatingAxis),
                       "Axis #%d separates: early exit stops there (%d of %zu tested).", stop + 1,
                       stop + 1, s.an.r.sat_trace.axes.size());
  else
    ImGui::TextColored(to_v4(pal::kOverlap), "No axis separates: all %zu overlap, so A and B hit.",
                       s.an.r.sat_trace.axes.size());
  if (tr.least >= 0 && stop < 0)
    ImGui::TextColored(to_v4(pal::kLeastAxis), "Least overlap: axis #%d (the MTD axis).",
                       tr.least + 1);
  // One row per axis: its number, where it comes from, its overlap or gap, and the two
  // intervals on a number line. When the words and a line of 6 em (and its header) do not fit
  // side by side (a narrow panel), the line goes under the words, in one column.
  struct Row {
    std::string from, words;
    ImVec4 col;
    bool untested;
  };
  std::vector<Row> rows;
  float from_w = text_width("axis from"), words_w = text_width("overlap or gap");
  for (std::size_t k = 0; k < tr.axes.size(); ++k) {
    const SatAxis& ax = tr.axes[k];
    const int ki = static_cast<int>(k);
    Row row;
    row.untested = stop >= 0 && ki > stop;
    row.col = ImGui::GetStyleColorVec4(row.untested ? ImGuiCol_TextDisabled : ImGuiCol_Text);
    if (ki == tr.least && stop < 0) row.col = to_v4(pal::kLeastAxis);
    if (ki == stop) row.col = to_v4(pal::kSeparatingAxis);
    row.from = strf("%s %d", axis_source_name(ax.source), ax.feature);
    row.words = overlap_words(ax.overlap) + (ki == stop ? " stop" : (row.untested ? " skip" : ""));
    from_w = std::max(from_w, text_width(row.from.c_str()));
    words_w = std::max(words_w, text_width(row.words.c_str()));
    rows.push_back(std::move(row));
  }
  const char* line_header = "A (top), B";
  const float line_w = std::max(6.0f * ImGui::GetFontSize(), text_width(line_header));
  const float need =
      text_width("00") + from_w + words_w + line_w + 8.0f * ImGui::GetStyle().CellPadding.x;
  const bool narrow = ImGui::GetContentRegionAvail().x < need;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  ImGui::PushTextWrapPos(-1.0f);  // the fixed columns take their text's width
  if (ImGui::BeginTable("sat_axes", narrow ? 2 : 4, flags)) {
    ImGui::TableSetupColumn("#");
    if (narrow) {
      ImGui::TableSetupColumn("axis: overlap or gap", ImGuiTableColumnFlags_WidthStretch);
    } else {
      ImGui::TableSetupColumn("axis from");
      ImGui::TableSetupColumn("overlap or gap");
      ImGui::TableSetupColumn(line_header, ImGuiTableColumnFlags_WidthStretch);
    }
    ImGui::TableHeadersRow();
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const Row& row = rows[k];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(row.col, "%zu", k + 1);
      ImGui::TableNextColumn();
      if (narrow) {
        flow_words(row.col, row.from + ": " + row.words);
      } else {
        ImGui::TextColored(row.col, "%s", row.from.c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(row.col, "%s", row.words.c_str());
        ImGui::TableNextColumn();
      }
      sat_number_line(tr.axes[k], row.untested);
    }
    ImGui::EndTable();
  }
  ImGui::PopTextWrapPos();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("'skip': not tested when exiting early. Hover a number line for its values.");
  ImGui::PopStyleColor();
}

void panel_mtd(SandboxState& s) {
  const MtdResult& m = s.an.r.mtd;
  if (m.hit)
    flow_text("push A by (%.2f, %.2f): depth %.2f along (%.3f, %.3f)", shown(m.vector.x, 2),
              shown(m.vector.y, 2), shown(m.depth, 2), shown(m.normal.x, 3), shown(m.normal.y, 3));
  else
    ImGui::TextDisabled("No overlap: nothing to push out.");
  ImGui::BeginDisabled(!m.hit);
  if (ImGui::Button("Resolve (move A)"))
    s.ask(Request(Ask::Resolve, s.ref(s.an.pair.a), s.ref(s.an.pair.b)));
  ImGui::EndDisabled();
  ImGui::TextUnformatted("Auto-resolve while dragging:");
  int mode = static_cast<int>(s.auto_resolve);
  ImGui::RadioButton("off", &mode, 0);
  same_line_if_fits(check_width("move A"));
  ImGui::RadioButton("move A", &mode, 1);
  same_line_if_fits(check_width("move B"));
  ImGui::RadioButton("move B", &mode, 2);
  same_line_if_fits(check_width("half each"));
  ImGui::RadioButton("half each", &mode, 3);
  s.auto_resolve = static_cast<ResolveMode>(mode);
}

void panel_swept(SandboxState& s) {
  teach::step_controls(
      "swept_step", s.stepper.swept, teach::swept_step_count(s.an.r.swept_trace),
      teach::swept_step_text(s.an.r.swept_trace, s.an.r.swept, s.stepper.swept.step),
      "Steps walk the trace's records in order, with the running times.");
  const SweptResult& r = s.an.r.swept;
  const SweptTrace& tr = s.an.r.swept_trace;
  flow_text("method: %s   v_rel = (%.1f, %.1f)", swept_method_name(tr.method), tr.rel_vel.x,
            tr.rel_vel.y);
  flow_text("enters at %s, leaves at %s", time_words(tr.t_enter).c_str(),
            time_words(tr.t_exit).c_str());
  if (r.initially_overlapping)
    flow_text_coloured(to_v4(pal::kOverlap), "Overlapping at t = 0 (MTD depth %.2f).", r.mtd.depth);
  else if (r.hit)
    flow_text_coloured(to_v4(pal::kOverlap), "Impact at t = %.3f, normal (%.3f, %.3f).", r.toi,
                       shown(r.normal.x, 3), shown(r.normal.y, 3));
  else
    flow_text_coloured(to_v4(pal::kGap), "No impact during the step.");
  fit_next_item("t (yellow ghosts)", ImGui::CalcItemWidth());
  ImGui::SliderFloat("t (yellow ghosts)", &s.scrub_t, 0.0f, 1.0f, "%.2f",
                     ImGuiSliderFlags_AlwaysClamp);
  if (tr.method == SweptMethod::Quadratic)
    flow_text("%.2f t^2 + %.2f t + %.2f = 0", tr.qa, tr.qb, tr.qc);
  if (!tr.steps.empty() && ImGui::TreeNode("steps", "%zu steps", tr.steps.size())) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
    ImGui::PushTextWrapPos(-1.0f);  // the columns fit their text
    if (ImGui::BeginTable("swept_steps", 4, flags)) {
      ImGui::TableSetupColumn("#");
      ImGui::TableSetupColumn("axis from");
      ImGui::TableSetupColumn("t enter");
      ImGui::TableSetupColumn("t exit");
      ImGui::TableHeadersRow();
      for (std::size_t k = 0; k < tr.steps.size(); ++k) {
        const SweptStep& st = tr.steps[k];
        const bool entry = static_cast<int>(k) == tr.entry_step;
        const ImVec4 col =
            entry ? to_v4(pal::kGhostImpact) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%zu", k + 1);
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%s %d", axis_source_name(st.source), st.feature);
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%s", time_words(st.t_enter).c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%s%s", time_words(st.t_exit).c_str(), entry ? "  <- impact" : "");
      }
      ImGui::EndTable();
    }
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
}

void panel_pixel(SandboxState& s) {
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
  if (!s.an.pixel_problem.empty()) {
    flow_text_coloured(to_v4(pal::kOverlap), "Not run: %s.", s.an.pixel_problem.c_str());
    return;
  }
  if (!(s.ran_in_panels() & kAlgoPixel)) return;
  const PixelResult& r = s.an.r.pixel;
  const Mask& ma = s.mask_entry(s.an.pair.a).mask;
  const Mask& mb = s.mask_entry(s.an.pair.b).mask;
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

void panel_gjk_steps(SandboxState& s) {
  teach::step_controls("gjk_step", s.stepper.gjk, teach::gjk_step_count(s.an.r.gjk_trace),
                       teach::gjk_step_text(s.an.r.gjk_trace, s.an.r.gjk, s.stepper.gjk.step),
                       "A - B is drawn right of the pair, moved so that its origin is the white "
                       "cross labelled 'origin': the origin inside A - B means A and B overlap.");
  if (!s.stepper.gjk.on)
    ImGui::TextDisabled("Step through shows A - B, its origin and the simplex per iteration.");
}
}  // namespace hitbox::app
