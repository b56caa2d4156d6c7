#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "algos/algos.h"
#include "hitbox/limits.h"
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
void verdict_text(SandboxState& s, const AlgoModule& m, float column) {
  const auto plain = [&](const ImVec4& colour, const char* text) {
    place_verdict(column, text_width(text));
    ImGui::TextColored(colour, "%s", text);
  };
  const ImVec4 disabled = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  if (m.refused && !m.refused(s).empty()) {
    plain(to_v4(pal::kOverlap), m.refused_word);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", m.refused(s).c_str());
    return;
  }
  if (s.verdicts_hidden() && (s.cache.an.r.ran & s.algos & m.bit)) {
    plain(disabled, "?");  // predict mode: the verdict waits for Reveal
    return;
  }
  if (!(s.ran_in_panels() & m.bit)) {
    plain(disabled, s.cache.an.pair.valid() ? "n/a" : "-");
    return;
  }
  const AlgoAnswer& ans = s.cache.an.r.answer(m.bit);
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
  if (!s.cache.an.pair.valid()) {
    ImGui::TextDisabled("No pair in focus: click a shape (or Ctrl+click two).");
    return;
  }
  flow_segments({{to_v4(pal::kTraceA), "A: " + s.doc.shape(s.cache.an.pair.a).id},
                 {to_v4(pal::kTraceB), "B: " + s.doc.shape(s.cache.an.pair.b).id},
                 {ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
                  s.cache.an.pair.pinned ? "(pinned)" : "(selection + nearest)", true}});
  if (s.cache.an.pair.pinned) {
    if (ImGui::SmallButton("Swap A/B")) s.ask(Ask::SwapPin);
    same_line_if_fits(button_width("Unpin"));
    if (ImGui::SmallButton("Unpin")) s.ask(Ask::Unpin);
  } else if (ImGui::SmallButton("Pin this pair")) {
    s.ask(Request(Ask::Pin, s.ref(s.cache.an.pair.a), s.ref(s.cache.an.pair.b)));
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
  if (s.mover_index() >= 0 && ImGui::CollapsingHeader("Mover", ImGuiTreeNodeFlags_DefaultOpen))
    panel_mover(s);
  ImGui::Separator();
  panel_focus(s);
  ImGui::Separator();
  for (const AlgoModule* m : algo_modules()) {
    bool on = (s.algos & m->bit) != 0;
    if (ImGui::Checkbox(m->name, &on)) s.algos = on ? (s.algos | m->bit) : (s.algos & ~m->bit);
    verdict_text(s, *m, 11.5f * ImGui::GetFontSize());
  }
  {
    const std::uint32_t shown =
        s.cache.an.pair.valid() ? s.verdict_algo(s.cache.an.r.ran & s.algos) : s.pairs_algo();
    const std::string preview =
        s.colour_algo == 0 ? std::string("auto (") + (shown ? algo_name(shown) : "none") + ")"
                           : std::string(algo_name(s.colour_algo));
    if (begin_combo_fitted("hit colour from", "hit_colour", preview.c_str(),
                           13.0f * ImGui::GetFontSize())) {
      if (ImGui::Selectable("auto", s.colour_algo == 0)) s.colour_algo = 0;
      for (const AlgoModule* m : algo_modules())
        if (ImGui::Selectable(m->name, s.colour_algo == m->bit)) s.colour_algo = m->bit;
      ImGui::EndCombo();
    }
  }
  // Each algorithm's section: when it ran, or when it was refused (it says why).
  if (s.cache.an.pair.valid()) {
    for (const AlgoModule* m : algo_modules()) {
      if (!m->section) continue;
      const bool refused = m->refused && !m->refused(s).empty();
      if (((s.ran_in_panels() & m->bit) || refused) &&
          ImGui::CollapsingHeader(m->name, ImGuiTreeNodeFlags_DefaultOpen))
        m->section(s);
    }
  }
  // Its counts of hits are verdicts too: hidden with the rest in predict mode.
  if (!s.verdicts_hidden() &&
      ImGui::CollapsingHeader("broad phase", ImGuiTreeNodeFlags_DefaultOpen))
    panel_broad(s);
  ImGui::PopTextWrapPos();
  ImGui::End();
}
}  // namespace hitbox::app
