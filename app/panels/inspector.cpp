#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "hitbox/limits.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

// The next field, of n values printed with fmt: the panel's field width, or wider when its
// values would be cut in it (a narrow panel in presenter mode), as far as its own label
// still shows whole.
void fit_values(const char* label, const double* v, int n, const char* fmt) {
  const ImGuiStyle& st = ImGui::GetStyle();
  float widest = 0.0f;
  for (int i = 0; i < n; ++i) widest = std::max(widest, text_width(strf(fmt, v[i]).c_str()));
  const float need = static_cast<float>(n) * (widest + 2.0f * st.FramePadding.x) +
                     static_cast<float>(n - 1) * st.ItemInnerSpacing.x;
  fit_next_item(label, std::max(ImGui::CalcItemWidth(), need));
}

}  // namespace

// The selected shape's fields; shown only with a selection (docked under the main panel).
void panel_inspector(SandboxState& s) {
  if (s.selected() < 0 || s.layout.inspector.empty()) {
    s.insp.id_active = false;
    return;
  }
  if (!begin_docked("Inspector", s.layout.inspector)) {
    ImGui::End();
    return;
  }
  Shape w = s.doc.shape(s.selected());
  // Every field ends where the longest label ("alpha threshold", "static_friction") still
  // shows whole to its right, at any panel width.
  ImGui::PushItemWidth(-std::max(text_width("alpha threshold"), text_width("static_friction")) -
                       ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("%s", kind_name(w.kind));

  if (!s.insp.id_active) std::snprintf(s.insp.id_buf, sizeof s.insp.id_buf, "%s", w.id.c_str());
  ImGui::InputText("id", s.insp.id_buf, sizeof s.insp.id_buf);
  s.insp.id_active = ImGui::IsItemActive();
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    const std::string id = s.insp.id_buf;
    if (id.empty()) {
      s.insp.error = "An id cannot be empty.";
    } else if (id != w.id && s.doc.scene.find(id) >= 0) {
      s.insp.error = "The id '" + id + "' is taken.";
    } else {
      s.insp.error.clear();
      w.id = id;
      s.ask_inspector(w);
    }
  }

  // Drags stay within these ranges; a value typed in (Ctrl+click) is taken as typed and
  // refused with a message by ask_inspector when it is out of range.
  const ImGuiSliderFlags clamp = ImGuiSliderFlags_None;
  fit_values("pos", &w.pos.x, 2, "%.2f");
  ImGui::DragScalarN("pos", ImGuiDataType_Double, &w.pos.x, 2, 1.0f, nullptr, nullptr, "%.2f");
  fit_values("angle", &w.angle, 1, "%.2f deg");
  ImGui::DragScalar("angle", ImGuiDataType_Double, &w.angle, 0.5f, nullptr, nullptr, "%.2f deg");
  const double smin = 0.01, smax = 100.0;
  fit_values("scale", &w.scale, 1, "%.3f");
  ImGui::DragScalar("scale", ImGuiDataType_Double, &w.scale, 0.01f, &smin, &smax, "%.3f", clamp);
  ImGui::Checkbox("mirror x (H)", &w.mirror_x);
  same_line_if_fits(check_width("mirror y (V)"));
  ImGui::Checkbox("mirror y (V)", &w.mirror_y);
  const double lmin = 0.5, lmax = 100000.0;
  // (if/else rather than a switch: kinds other than these have no size field here)
  if (w.kind == Kind::Rect) {
    fit_values("size", &w.size.x, 2, "%.2f");
    ImGui::DragScalarN("size", ImGuiDataType_Double, &w.size.x, 2, 0.5f, &lmin, &lmax, "%.2f",
                       clamp);
  } else if (w.kind == Kind::Circle) {
    fit_values("radius", &w.radius, 1, "%.2f");
    ImGui::DragScalar("radius", ImGuiDataType_Double, &w.radius, 0.5f, &lmin, &lmax, "%.2f", clamp);
  } else if (w.kind == Kind::Capsule && w.points.size() == 2) {
    // The two end centres (local) and the radius about them.
    fit_values("end 0", &w.points[0].x, 2, "%.2f");
    ImGui::DragScalarN("end 0", ImGuiDataType_Double, &w.points[0].x, 2, 0.5f, nullptr, nullptr,
                       "%.2f");
    fit_values("end 1", &w.points[1].x, 2, "%.2f");
    ImGui::DragScalarN("end 1", ImGuiDataType_Double, &w.points[1].x, 2, 0.5f, nullptr, nullptr,
                       "%.2f");
    fit_values("radius", &w.radius, 1, "%.2f");
    ImGui::DragScalar("radius", ImGuiDataType_Double, &w.radius, 0.5f, &lmin, &lmax, "%.2f", clamp);
  }
  if (w.kind == Kind::Sprite) {
    const SpriteImage* img = w.pixels.image.get();
    ImGui::LabelText("image", "%s", w.image.c_str());
    if (ImGui::IsItemHovered() && img != nullptr)
      ImGui::SetTooltip("%s\n%d x %d px", w.image.c_str(), img->w, img->h);
    ImGui::SliderInt("alpha threshold", &w.alpha_threshold, 0, 255, "%d", clamp);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Texels with alpha >= this are solid for the pixel test.");
  }
  fit_values("vel", &w.vel.x, 2, "%.2f");
  ImGui::DragScalarN("vel", ImGuiDataType_Double, &w.vel.x, 2, 1.0f, nullptr, nullptr, "%.2f");
  fit_values("spin", &w.spin, 1, "%.1f deg");
  ImGui::DragScalar("spin", ImGuiDataType_Double, &w.spin, 0.5f, nullptr, nullptr, "%.1f deg");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Turn over one step, clockwise (swept).");
  panel_body(s, w);
  s.ask_inspector(w);

  if (w.kind == Kind::Polygon) {
    ImGui::Separator();
    ImGui::Text("points (local, %zu)", w.points.size());
    int remove = -1;
    std::vector<DVec2> pts = w.points;
    bool edited = false;
    ImGui::PushTextWrapPos(-1.0f);  // the columns fit their text
    if (ImGui::BeginTable("points", 3, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
      ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("x, y", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
      for (std::size_t k = 0; k < pts.size(); ++k) {
        ImGui::PushID(static_cast<int>(k));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", k);
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-FLT_MIN);
        if (ImGui::DragScalarN("##p", ImGuiDataType_Double, &pts[k].x, 2, 0.5f, nullptr, nullptr,
                               "%.2f"))
          edited = true;
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("x")) remove = static_cast<int>(k);
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
    ImGui::PopTextWrapPos();
    if (remove >= 0) {
      pts.erase(pts.begin() + remove);
      edited = true;
    }
    if (edited) {
      const std::string problem = polygon_problem(pts);
      if (problem.empty()) {
        s.insp.error.clear();
        w.points = pts;
        s.ask_inspector(w);
      } else {
        s.insp.error = "Rejected: " + problem;
        s.insp.refused = true;
      }
    }
  }
  if (!s.insp.error.empty()) ImGui::TextColored(to_v4(pal::kOverlap), "%s", s.insp.error.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopItemWidth();
  ImGui::End();
}
}  // namespace hitbox::app
