#include "panels/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "hitbox/limits.h"
#include "overlays/draw_util.h"
#include "overlays/palette.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

float status_height() {
  return ImGui::GetFrameHeightWithSpacing() + 8.0f;
}

PanelLayout panel_layout() {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const float margin = 8.0f, width = 370.0f;
  const float bottom = ds.y - status_height() - margin;
  const float inspector_h = std::clamp(0.36f * ds.y, 200.0f, 300.0f);
  PanelLayout l;
  // Below the main menu bar (File, View, Lessons).
  const float top = margin + ImGui::GetFrameHeight();
  l.main_pos = ImVec2(std::max(ds.x - width - margin, margin), top);
  l.inspector_pos = ImVec2(l.main_pos.x, bottom - inspector_h);
  l.inspector_size = ImVec2(width, inspector_h);
  l.main_size = ImVec2(width, std::max(l.inspector_pos.y - margin - l.main_pos.y, 200.0f));
  l.help_size = ImVec2(450.0f, 21.0f * ImGui::GetTextLineHeightWithSpacing() + 24.0f);
  l.help_pos = ImVec2(margin, std::max(bottom - l.help_size.y, top));
  return l;
}

void panel_status(SandboxState& s) {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const float h = status_height();
  ImGui::SetNextWindowPos(ImVec2(0.0f, ds.y - h));
  ImGui::SetNextWindowSize(ImVec2(ds.x, h));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  ImGui::SetNextWindowBgAlpha(0.85f);
  if (ImGui::Begin("##status", nullptr, flags)) {
    if (!s.an.pair.valid()) {
      ImGui::TextDisabled(
          "No pair in focus. Click a shape to focus it and its nearest "
          "neighbour, or Ctrl+click two shapes.");
    } else {
      ImGui::TextColored(to_v4(pal::kTraceA), "A: %s", s.shape(s.an.pair.a).id.c_str());
      ImGui::SameLine();
      ImGui::TextColored(to_v4(pal::kTraceB), "B: %s", s.shape(s.an.pair.b).id.c_str());
      if (s.ran_in_panels() == 0) {
        ImGui::SameLine();
        ImGui::TextDisabled(" | no algorithm enabled");
      }
      for (const AlgoInfo& info : kAlgorithms) {
        if (!(s.ran_in_panels() & info.bit)) continue;
        const bool hit = s.an.r.answer(info.bit).hit();
        ImGui::SameLine();
        ImGui::TextDisabled("|");
        ImGui::SameLine();
        ImGui::TextColored(to_v4(hit ? pal::kOverlap : pal::kGap), "%s %s", info.name,
                           hit ? "HIT" : "miss");
        ImGui::SameLine();
        ImGui::TextUnformatted(s.an.r.answer(info.bit).figure.c_str());
      }
    }
  }
  ImGui::End();
}

void panel_help(SandboxState& s) {
  if (!s.show_help) return;
  const PanelLayout lay = panel_layout();
  ImGui::SetNextWindowPos(lay.help_pos, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(lay.help_size, ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(kHelpTitle, &s.show_help)) {
    ImGui::End();
    return;
  }
  const char* lines[][2] = {
      {"Left click", "select the topmost shape; drag to move it"},
      {"Click empty space", "deselect"},
      {"Circle above", "rotate (hold Shift: 15 degree steps)"},
      {"Square at corner", "scale (Shift: steps of 0.1)"},
      {"Green arrow tip", "drag to set the velocity (swept)"},
      {"Ctrl+click x2", "pin two shapes as the focus pair A, B"},
      {"Ctrl+click empty", "unpin (back to selection + nearest)"},
      {"H / V", "mirror the selection in local x / y"},
      {"N / P, Right / Left", "next / previous step (Step through on)"},
      {"+ Sprite", "add the PNG picked in the list beside it"},
      {"Ctrl+D / Delete", "duplicate / delete the selection"},
      {"Ctrl+Z", "undo"},
      {"Ctrl+Y, Ctrl+Shift+Z", "redo"},
      {"Esc while dragging", "cancel the drag"},
      {"Right/middle drag", "pan (also Space+drag); wheel zooms"},
      {"Home / Tab", "reset the view / hide the panels"},
  };
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const auto& l : lines) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(to_v4(pal::kHandle), "%s", l[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(l[1]);
    }
    ImGui::EndTable();
  }
  ImGui::TextWrapped(
      "The focus pair is A (the selection) and B (its nearest shape). Each enabled algorithm "
      "draws its trace for that pair; the pair turns red when the chosen algorithm says hit. "
      "The pixel test compares the two shapes' masks cell by cell: zoom in to see the cells.");
  ImGui::End();
}
}  // namespace hitbox::app
