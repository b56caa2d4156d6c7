#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "hitbox/limits.h"
#include "overlays/draw_util.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

// Where a verdict `width` px wide goes: beside the checkbox, at `column`, when it fits there;
// else on the next line, under the checkbox's label (a narrow panel).
void place_verdict(float column, float width) {
  if (ImGui::GetWindowPos().x + column + width <= content_right()) {
    ImGui::SameLine(column);
    return;
  }
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetFrameHeight() +
                       ImGui::GetStyle().ItemInnerSpacing.x);
}

// The verdict and figure of one algorithm, placed after its checkbox.
void verdict_text(SandboxState& s, std::uint32_t bit, float column) {
  const auto plain = [&](const ImVec4& colour, const char* text) {
    place_verdict(column, text_width(text));
    ImGui::TextColored(colour, "%s", text);
  };
  const ImVec4 disabled = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  if (!(bit & kDrawnAlgos)) {  // an algorithm the core gained that has no view here yet
    plain(disabled, "(not shown in the sandbox)");
    return;
  }
  if (bit == kAlgoPixel && !s.an.pixel_problem.empty()) {
    plain(to_v4(pal::kOverlap), "mask too large");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.an.pixel_problem.c_str());
    return;
  }
  if (!(s.ran_in_panels() & bit)) {
    plain(disabled, s.an.pair.valid() ? "n/a" : "-");
    return;
  }
  const AlgoAnswer& ans = s.an.r.answer(static_cast<Algo>(bit));
  if (ans.touching) {
    place_verdict(column, text_width(ans.figure.c_str()));
    flow_words(to_v4(pal::kTouching), ans.figure);
    return;
  }
  const bool hit = ans.hit();
  const char* word = hit ? "HIT" : "miss";
  place_verdict(column, text_width(word) + text_width(" ") + text_width(ans.figure.c_str()));
  ImGui::BeginGroup();
  ImGui::TextColored(to_v4(hit ? pal::kOverlap : pal::kGap), "%s", word);
  ImGui::SameLine(0.0f, text_width(" "));
  flow_words(ImGui::GetStyleColorVec4(ImGuiCol_Text), ans.figure);
  ImGui::EndGroup();
}

}  // namespace

void panel_focus(SandboxState& s) {
  if (!s.an.pair.valid()) {
    ImGui::TextDisabled("No pair in focus: click a shape (or Ctrl+click two).");
    return;
  }
  flow_segments({{to_v4(pal::kTraceA), "A: " + s.shape(s.an.pair.a).id},
                 {to_v4(pal::kTraceB), "B: " + s.shape(s.an.pair.b).id},
                 {ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
                  s.an.pair.pinned ? "(pinned)" : "(selection + nearest)", true}});
  if (s.an.pair.pinned) {
    if (ImGui::SmallButton("Swap A/B")) s.ask(Ask::SwapPin);
    same_line_if_fits(button_width("Unpin"));
    if (ImGui::SmallButton("Unpin")) s.ask(Ask::Unpin);
  } else if (ImGui::SmallButton("Pin this pair")) {
    s.ask(Request(Ask::Pin, s.ref(s.an.pair.a), s.ref(s.an.pair.b)));
  }
}

void panel_algorithms(SandboxState& s) {
  if (!begin_docked("Hitbox", s.layout.main)) {
    ImGui::End();
    return;
  }
  // Text wraps at the panel's edge (a narrow window gives the panel about 250 px); the tables
  // in the sections below lay out their own columns.
  ImGui::PushTextWrapPos(0.0f);
  panel_tools(s);
  ImGui::Separator();
  panel_focus(s);
  ImGui::Separator();
  for (const AlgoInfo& info : kAlgorithms) {
    bool on = (s.algos & info.bit) != 0;
    if (ImGui::Checkbox(info.name, &on))
      s.algos = on ? (s.algos | info.bit) : (s.algos & ~info.bit);
    verdict_text(s, info.bit, 11.5f * ImGui::GetFontSize());
  }
  {
    const std::uint32_t shown =
        s.an.pair.valid() ? s.verdict_algo(s.ran_in_panels()) : s.pairs_algo();
    const std::string preview =
        s.colour_algo == 0 ? std::string("auto (") + (shown ? algo_name(shown) : "none") + ")"
                           : std::string(algo_name(s.colour_algo));
    if (begin_combo_fitted("hit colour from", "hit_colour", preview.c_str(),
                           13.0f * ImGui::GetFontSize())) {
      if (ImGui::Selectable("auto", s.colour_algo == 0)) s.colour_algo = 0;
      for (const AlgoInfo& info : kAlgorithms)
        if (ImGui::Selectable(info.name, s.colour_algo == info.bit)) s.colour_algo = info.bit;
      ImGui::EndCombo();
    }
  }
  if (s.an.pair.valid()) {
    const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
    if ((s.ran_in_panels() & kAlgoAabb) && ImGui::CollapsingHeader("aabb", open)) {
      const AabbResult& r = s.an.r.aabb;
      flow_text_coloured(to_v4(pal::kTraceA), "A x [%.1f, %.1f]  y [%.1f, %.1f]", r.a.min.x,
                         r.a.max.x, r.a.min.y, r.a.max.y);
      flow_text_coloured(to_v4(pal::kTraceB), "B x [%.1f, %.1f]  y [%.1f, %.1f]", r.b.min.x,
                         r.b.max.x, r.b.min.y, r.b.max.y);
    }
    if ((s.ran_in_panels() & kAlgoBoundingCircle) &&
        ImGui::CollapsingHeader("bounding_circle", open)) {
      const BoundingCircleResult& r = s.an.r.bounding_circle;
      flow_text("rA %.2f + rB %.2f vs centre distance %.2f", r.ra, r.rb, r.distance);
      flow_text("gap %.2f (<= 0 is a hit)", r.gap);
    }
    if ((s.ran_in_panels() & kAlgoSat) && ImGui::CollapsingHeader("sat", open)) panel_sat(s);
    if ((s.ran_in_panels() & kAlgoMtd) && ImGui::CollapsingHeader("mtd", open)) panel_mtd(s);
    if ((s.ran_in_panels() & kAlgoSwept) && ImGui::CollapsingHeader("swept", open)) panel_swept(s);
    if ((s.ran_in_panels() & kAlgoGjk) && ImGui::CollapsingHeader("gjk", open)) panel_gjk_steps(s);
    if (((s.ran_in_panels() & kAlgoPixel) || !s.an.pixel_problem.empty()) &&
        ImGui::CollapsingHeader("pixel", open))
      panel_pixel(s);
  }
  if (ImGui::CollapsingHeader("broad phase", ImGuiTreeNodeFlags_DefaultOpen)) panel_broad(s);
  ImGui::PopTextWrapPos();
  ImGui::End();
}
}  // namespace hitbox::app
