#include "panels/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "hitbox/limits.h"
#include "overlays/draw_util.h"
#include "platform/assets.h"
#include "overlays/palette.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

void panel_tools(SandboxState& s) {
  if (ImGui::Button("+ Rect")) s.add_rect();
  ImGui::SameLine();
  if (ImGui::Button("+ Circle")) s.add_circle();
  ImGui::SameLine();
  if (s.poly_tool) {
    if (ImGui::Button("Finish polygon")) s.finish_poly_tool();
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) s.cancel_poly_tool();
  } else if (ImGui::Button("+ Polygon")) {
    s.start_poly_tool();
  }
  // Sprites: a PNG from assets/sprites.
  if (!s.sprites_listed) s.refresh_sprite_files();
  ImGui::BeginDisabled(s.sprite_files.empty());
  if (ImGui::Button("+ Sprite") && !s.sprite_files.empty())
    s.add_sprite(s.sprite_files[static_cast<std::size_t>(s.sprite_choice)]);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(12.0f * ImGui::GetFontSize());
  const char* preview = s.sprite_files.empty()
                            ? "(no PNG files)"
                            : s.sprite_files[static_cast<std::size_t>(s.sprite_choice)].c_str();
  if (ImGui::BeginCombo("##sprite", preview)) {
    s.refresh_sprite_files();
    for (std::size_t k = 0; k < s.sprite_files.size(); ++k)
      if (ImGui::Selectable(s.sprite_files[k].c_str(), static_cast<int>(k) == s.sprite_choice))
        s.sprite_choice = static_cast<int>(k);
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("PNG files in %s", sprites_dir().string().c_str());
  ImGui::BeginDisabled(!s.valid(s.sel));
  if (ImGui::Button("Duplicate")) s.duplicate();
  ImGui::SameLine();
  if (ImGui::Button("Delete")) s.erase_selected();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.history.can_undo() && !s.ui_before);
  if (ImGui::Button("Undo")) s.undo_redo(false);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.history.can_redo());
  if (ImGui::Button("Redo")) s.undo_redo(true);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(s.path.empty());
  if (ImGui::Button("Save")) s.save_requested = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Help (F1)")) s.show_help = !s.show_help;

  if (s.poly_tool) {
    std::size_t kept = s.poly_pts.size();
    if (s.poly_pts.size() >= 3) kept = convex_hull(s.poly_pts).size();
    ImGui::TextColored(to_v4(pal::kToolPoint), "Polygon tool: %zu point%s placed.",
                       s.poly_pts.size(), s.poly_pts.size() == 1 ? "" : "s");
    if (kept < s.poly_pts.size()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(to_v4(pal::kToolDropped),
                         "The convex hull keeps %zu; %zu point%s (red) will be dropped.", kept,
                         s.poly_pts.size() - kept, s.poly_pts.size() - kept == 1 ? "" : "s");
      ImGui::PopTextWrapPos();
    }
    ImGui::TextDisabled("Click: add point. Enter / double-click: finish.");
    ImGui::TextDisabled("Backspace: remove last. Esc: cancel.");
  }
  if (!s.message.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    if (s.message_error)
      ImGui::TextColored(to_v4(pal::kOverlap), "%s", s.message.c_str());
    else
      ImGui::TextUnformatted(s.message.c_str());
    ImGui::PopTextWrapPos();
  }
}
}  // namespace hitbox::app
