// sat: each shape's interval on every axis beside the pair, the axis lines under the shapes,
// the panel's table of axes, and step mode over the early-exit trace.
#include "algos/sat.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "algos/algos.h"
#include "algos/draw.h"
#include "algos/words.h"
#include "hitbox/concave.h"
#include "hitbox/report.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

// The trace's looks: thinner and closer to the lane than the one axis step mode shows.
constexpr LaneLook kTraceLook{4.0f, 6.0f, 10.0f, 14.0f, 1.5f, 13.0f};
constexpr LaneLook kStepLook{5.0f, 7.0f, 12.0f, 16.0f, 2.0f, 15.0f};

// Which axis gets the projection guides: the separating one, else the least overlap.
int featured_axis(const SandboxState& s, const SatTrace& tr) {
  const int stop = s.early_stop();
  if (stop >= 0 && stop < static_cast<int>(tr.axes.size())) return stop;
  return tr.least;
}

std::vector<AxisLane> lanes_of(const SandboxState& s, const SatTrace& tr) {
  return sat_lanes(s.doc.body(s.cache.an.pair.a), s.doc.body(s.cache.an.pair.b), tr,
                   1.0f / s.cam.zoom);
}

// Under the shapes: every tested axis's line, and the featured one's projection guides.
void under(const SandboxState& s, Canvas& c) {
  if (s.stepping(kAlgoSat)) return;
  const SatTrace& tr = s.sat_shown();
  const std::vector<AxisLane> lanes = lanes_of(s, tr);
  const float px = 1.0f / s.cam.zoom;
  const int stop = s.early_stop();
  const int featured = featured_axis(s, tr);
  for (std::size_t k = 0; k < tr.axes.size(); ++k) {
    const SatAxis& ax = tr.axes[k];
    const AxisLane& L = lanes[k];
    Color col = pal::kAxisLine;
    float w = 1.0f;
    if (static_cast<int>(k) == tr.least && stop < 0) {
      col = pal::kLeastAxis;
      w = 1.5f;
    }
    if (static_cast<int>(k) == stop) {
      col = pal::kSeparatingAxis;
      w = 2.0f;
    }
    draw_lane_line(c, L, ax.a, ax.b, px, col, w);
    if (static_cast<int>(k) == featured)
      draw_projection_guides(c, L, s.doc.body(s.cache.an.pair.a), s.doc.body(s.cache.an.pair.b),
                             ax.a, ax.b, px, kTraceLook.bar, 0.45f);
  }
}

// Over the shapes: both intervals on every axis, the overlap or gap and its length.
void draw(const SandboxState& s, Canvas& c) {
  if (s.stepping(kAlgoSat)) return;
  const SatTrace& tr = s.sat_shown();
  const std::vector<AxisLane> lanes = lanes_of(s, tr);
  const float px = 1.0f / s.cam.zoom;
  const int stop = s.early_stop();
  for (std::size_t k = 0; k < tr.axes.size(); ++k) {
    const SatAxis& ax = tr.axes[k];
    const AxisLane& L = lanes[k];
    const int ki = static_cast<int>(k);
    const bool overlap = ax.overlap >= 0.0f;
    draw_lane_bars(c, L, ax.a, ax.b, px, kTraceLook);
    draw_lane_between(c, L, ax.a, ax.b, overlap, px, kTraceLook);
    std::string text = strf("#%d ", ki + 1) + overlap_words(ax.overlap, 1);
    Color lc = overlap ? pal::kOverlap : pal::kGap;
    if (ki == stop) {
      text += " - separating, early exit stops here";
      lc = pal::kSeparatingAxis;
    } else if (ki == tr.least && stop < 0) {
      text += " - least overlap";
      lc = pal::kLeastAxis;
    }
    // The label sits outside the lane (away from the pair) so it never covers the bars,
    // staggered along the lane so labels of neighbouring parallel lanes do not stack.
    const float mid = lane_mid(ax.a, ax.b);
    const float along = 18.0f * static_cast<float>(L.lane) * px;
    label(c, px, L.at(mid + (L.u.y >= 0.0f ? along : -along), 20.0f * px), L.p, text, lc);
  }
}

// ---- step mode ----

int step_count(const SandboxState& s) {
  return teach::sat_step_count(s.cache.an.sat_early);
}

// The step's axis alone: its line, guides, both intervals, the overlap or gap, and A and B.
void draw_step(const SandboxState& s, Canvas& c) {
  const SatTrace& early = s.cache.an.sat_early;
  const int n = teach::sat_step_count(early);
  if (n == 0) return;
  const int step = teach::clamp_step(s.stepper.mode(kAlgoSat).step, n);
  const Collider& a = s.doc.body(s.cache.an.pair.a);
  const Collider& b = s.doc.body(s.cache.an.pair.b);
  const float px = 1.0f / c.camera().zoom;
  const SatAxis& ax = early.axes[static_cast<std::size_t>(step)];
  const AxisLane L = sat_lane(a, b, ax.axis, px);
  const bool overlap = ax.overlap >= 0.0f;
  draw_lane_line(c, L, ax.a, ax.b, px, overlap ? teach::kStepAxis : pal::kSeparatingAxis, 2.0f);
  draw_projection_guides(c, L, a, b, ax.a, ax.b, px, kStepLook.bar, 0.55f);
  draw_lane_bars(c, L, ax.a, ax.b, px, kStepLook);
  draw_lane_between(c, L, ax.a, ax.b, overlap, px, kStepLook);
  // Letters at the bars' middles: A's on the pair's side, B's on the far side.
  c.text(L.at(0.5f * (ax.a.min + ax.a.max), -30.0f * px), "A", pal::kTraceA);
  c.text(L.at(0.5f * (ax.b.min + ax.b.max), 12.0f * px), "B", pal::kTraceB);
  teach::step_caption(c, a, b, strf("SAT step %d of %d", step + 1, n),
                      teach::sat_step_text(early, step), px);
}

constexpr AlgoSteps kSteps{step_count, draw_step, nullptr};

// ---- the panel ----

// One SAT axis as a number line: A's and B's intervals and their overlap or gap.
void number_line(const SatAxis& ax, bool dim) {
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
  const Color mc = ax.overlap >= 0.0f ? pal::kOverlap : pal::kGap;
  dl->AddRectFilled(ImVec2(x(seg.min), p0.y),
                    ImVec2(std::max(x(seg.max), x(seg.min) + 1.0f), p0.y + h),
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

void section(SandboxState& s) {
  teach::step_controls("sat_step", s.stepper.mode(kAlgoSat),
                       teach::sat_step_count(s.cache.an.sat_early),
                       teach::sat_step_text(s.cache.an.sat_early, s.stepper.mode(kAlgoSat).step),
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
                       stop + 1, s.cache.an.r.sat_trace.axes.size());
  else
    ImGui::TextColored(to_v4(pal::kOverlap), "No axis separates: all %zu overlap, so A and B hit.",
                       s.cache.an.r.sat_trace.axes.size());
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
    row.words =
        contact_words(ax.overlap, 2) + (ki == stop ? " stop" : (row.untested ? " skip" : ""));
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
      number_line(tr.axes[k], row.untested);
    }
    ImGui::EndTable();
  }
  ImGui::PopTextWrapPos();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("'skip': not tested when exiting early. Hover a number line for its values.");
  ImGui::PopStyleColor();
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  PiecePair which;
  return has_pieces(a) || has_pieces(b) ? sat_pieces(a, b, nullptr, true, &which).hit
                                        : sat(a, b).hit;
}

}  // namespace

// ---- step sentences (sat.h) ----

int teach::sat_step_count(const SatTrace& early) {
  const int n = static_cast<int>(early.axes.size());
  if (early.separating >= 0) return std::min(early.separating + 1, n);
  return n;
}

std::string teach::sat_step_text(const SatTrace& early, int step) {
  const int n = sat_step_count(early);
  if (n == 0) return "No axes to test.";
  step = clamp_step(step, n);
  const SatAxis& ax = early.axes[static_cast<std::size_t>(step)];
  const std::string head =
      strf("Axis %d (%s): ", step + 1, source_words(ax.source, ax.feature).c_str());
  if (ax.overlap < 0.0f)
    return head + strf("a gap of %.1f px, so this axis separates them: no collision, stop here.",
                       -ax.overlap);
  if (step + 1 < n)
    return head + strf(
                      "the intervals overlap by %.1f px, so this axis does not separate them: "
                      "keep looking.",
                      ax.overlap);
  std::string s =
      head + strf("overlap %.1f px. Every axis overlaps, so A and B collide", ax.overlap);
  if (early.least >= 0 && early.least < static_cast<int>(early.axes.size()))
    s += strf("; least overlap %.1f px on axis %d.", early.axes[early.least].overlap,
              early.least + 1);
  else
    s += ".";
  return s;
}

extern const AlgoModule sat_module;
const AlgoModule sat_module{
    .bit = kAlgoSat,
    .name = "sat",
    .on_at_start = true,
    .colour_rank = 2,
    .traced = true,
    .exactness = Exactness::Convex,
    .under = under,
    .draw = draw,
    .section = section,
    .steps = &kSteps,
    .query = query,
};

}  // namespace hitbox::app
