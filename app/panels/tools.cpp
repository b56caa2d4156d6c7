#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "algos/words.h"
#include "hitbox/limits.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "platform/assets.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

// A toggle button that shows whether it is on.
bool toggle_button(const char* label, bool on) {
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  const bool pressed = ImGui::Button(label);
  if (on) ImGui::PopStyleColor();
  return pressed;
}

// "+ Sprite from file": a PNG anywhere, by path, loaded as the scene loader would.
void own_sprite_popup(SandboxState& s) {
  static char path[1024] = "";
  if (!ImGui::BeginPopup("own_sprite")) return;
  ImGui::TextUnformatted("PNG file (a path; relative to the working folder):");
  ImGui::SetNextItemWidth(24.0f * ImGui::GetFontSize());
  const bool enter =
      ImGui::InputText("##png", path, sizeof path, ImGuiInputTextFlags_EnterReturnsTrue);
  if ((ImGui::Button("Add") || enter) && path[0] != '\0') {
    s.ask(Request::with_text(Ask::AddSpriteFile, path));
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace

void panel_tools(SandboxState& s) {
  // Every button asks (request.h): the edit is applied at the next frame's edit point, so
  // the rest of this frame reads the shapes its analysis was made of.
  if (ImGui::Button("+ Rect")) s.ask(Ask::AddRect);
  same_line_if_fits(button_width("+ Circle"));
  if (ImGui::Button("+ Circle")) s.ask(Ask::AddCircle);
  same_line_if_fits(button_width("+ Capsule"));
  if (ImGui::Button("+ Capsule")) s.ask(Ask::AddCapsule);
  if (s.tools.poly_tool) {
    same_line_if_fits(button_width("Finish polygon"));
    if (ImGui::Button("Finish polygon")) s.ask(Ask::PolygonFinish);
    same_line_if_fits(button_width("Cancel"));
    if (ImGui::Button("Cancel")) s.ask(Ask::PolygonCancel);
  } else {
    same_line_if_fits(button_width("+ Polygon"));
    if (ImGui::Button("+ Polygon")) s.ask(Ask::PolygonStart);
  }
  // The two line tools on a row of their own, not one left over from the shapes' row.
  if (toggle_button("Ray", s.tools.line_tool == LineTool::Ray))
    s.ask(Request::line_tool(LineTool::Ray, true));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Cast a ray: press and drag in the scene.");
  same_line_if_fits(button_width("Slice"));
  if (toggle_button("Slice", s.tools.line_tool == LineTool::Slice))
    s.ask(Request::line_tool(LineTool::Slice, true));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Drag a line right across rectangles or polygons to cut them.");
  // The Mover tool, while it is on (View > Mover tool turns it on): pressed again, it ends.
  if (s.mover_index() >= 0) {
    same_line_if_fits(button_width("Mover"));
    if (toggle_button("Mover", true)) s.ask(Ask::Mover);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("End the Mover tool.");
  }
  // Sprites: a PNG from assets/sprites.
  if (!s.sprites_listed) s.refresh_sprite_files();
  ImGui::BeginDisabled(s.sprite_files.empty());
  if (ImGui::Button("+ Sprite") && !s.sprite_files.empty())
    s.ask(Request::with_text(Ask::AddSprite,
                             s.sprite_files[static_cast<std::size_t>(s.sprite_choice)]));
  ImGui::EndDisabled();
  const char* preview = s.sprite_files.empty()
                            ? "(no PNG files)"
                            : s.sprite_files[static_cast<std::size_t>(s.sprite_choice)].c_str();
  // Beside the button when the file name shows whole there, else on a line of its own.
  const float need = combo_width_for(preview);
  same_line_if_fits(need);
  ImGui::SetNextItemWidth(
      std::min(std::max(12.0f * ImGui::GetFontSize(), need), ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##sprite", preview)) {
    s.refresh_sprite_files();
    for (std::size_t k = 0; k < s.sprite_files.size(); ++k)
      if (ImGui::Selectable(s.sprite_files[k].c_str(), static_cast<int>(k) == s.sprite_choice))
        s.sprite_choice = static_cast<int>(k);
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("PNG files in %s", sprites_dir().string().c_str());
  same_line_if_fits(button_width("Other PNG..."));
  if (ImGui::Button("Other PNG...")) ImGui::OpenPopup("own_sprite");
  own_sprite_popup(s);
  ImGui::BeginDisabled(s.selected() < 0);
  if (ImGui::Button("Duplicate") && s.selected() >= 0)
    s.ask(Request(Ask::Duplicate, s.ref(s.selected())));
  same_line_if_fits(button_width("Delete"));
  if (ImGui::Button("Delete") && s.selected() >= 0)
    s.ask(Request(Ask::Delete, s.ref(s.selected())));
  ImGui::EndDisabled();
  same_line_if_fits(button_width("Undo"));
  ImGui::BeginDisabled(!s.doc.history.can_undo() && !s.insp.before);
  if (ImGui::Button("Undo")) s.ask(Ask::Undo);
  ImGui::EndDisabled();
  same_line_if_fits(button_width("Redo"));
  ImGui::BeginDisabled(!s.doc.history.can_redo());
  if (ImGui::Button("Redo")) s.ask(Ask::Redo);
  ImGui::EndDisabled();
  same_line_if_fits(button_width("Save"));
  ImGui::BeginDisabled(s.doc.path.empty());
  if (ImGui::Button("Save")) s.save_requested = true;
  ImGui::EndDisabled();
  same_line_if_fits(button_width("Help (F1)"));
  if (ImGui::Button("Help (F1)")) s.show_help = !s.show_help;
  bool concave = false;
  for (int i = 0; i < s.doc.count() && !concave; ++i) concave = has_pieces(s.doc.body(i));
  if (concave) {
    ImGui::Checkbox("show the convex pieces", &s.show_pieces);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Outline the convex pieces every concave polygon is tested as.");
  }
  if (s.tools.line_tool == LineTool::Ray && s.tools.line_shown) {
    flow_text_coloured(to_v4(pal::kRayHit), "Ray (%.0f, %.0f) -> (%.0f, %.0f): %zu hit%s",
                       s.tools.line_a.x, s.tools.line_a.y, s.tools.line_b.x, s.tools.line_b.y,
                       s.tools.ray_hits.size(), s.tools.ray_hits.size() == 1 ? "" : "s");
    int order = 0;
    for (const RayHitAt& h : s.tools.ray_hits) {
      const RayHit& r = h.hit;
      if (r.inside)
        flow_text("#%d %s: starts inside, t = 0", ++order, s.doc.shape(h.index).id.c_str());
      else
        flow_text("#%d %s: t = %.3f at (%.1f, %.1f), normal (%.2f, %.2f)", ++order,
                  s.doc.shape(h.index).id.c_str(), r.t, shown(r.point.x, 1), shown(r.point.y, 1),
                  shown(r.normal.x, 2), shown(r.normal.y, 2));
    }
  }

  if (s.tools.poly_tool) {
    ImGui::Checkbox("keep only the convex hull", &s.tools.poly_hull);
    std::size_t kept = s.tools.poly_pts.size();
    if (s.tools.poly_hull && s.tools.poly_pts.size() >= 3)
      kept = convex_hull(s.tools.poly_pts).size();
    ImGui::TextColored(to_v4(pal::kToolPoint), "Polygon tool: %zu point%s placed.",
                       s.tools.poly_pts.size(), s.tools.poly_pts.size() == 1 ? "" : "s");
    if (kept < s.tools.poly_pts.size()) {
      ImGui::TextColored(
          to_v4(pal::kToolDropped), "The convex hull keeps %zu; %zu point%s (red) will be dropped.",
          kept, s.tools.poly_pts.size() - kept, s.tools.poly_pts.size() - kept == 1 ? "" : "s");
    }
    ImGui::TextDisabled("Click: add point. Enter / double-click: finish.");
    ImGui::TextDisabled("Backspace: remove last. Esc: cancel.");
  }
  if (!s.message.empty()) {
    if (s.message_error)
      ImGui::TextColored(to_v4(pal::kOverlap), "%s", s.message.c_str());
    else
      ImGui::TextUnformatted(s.message.c_str());
  }
}
}  // namespace hitbox::app
