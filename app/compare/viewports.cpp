#include "compare/viewports.h"

#include <imgui.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <iterator>
#include <string>

#include "algos/algos.h"
#include "hitbox/report.h"
#include "panels/flow.h"

namespace hitbox::app {

ViewRect view_rect(int n, int i, const ViewRect& area) {
  const int half_w = area.w / 2, half_h = area.h / 2;
  const int x = area.x, y = area.y, width = area.w, height = area.h;
  switch (n) {
    case 2:
      return i == 0 ? ViewRect{x, y, half_w, height}
                    : ViewRect{x + half_w, y, width - half_w, height};
    case 4: {
      const int col = i % 2, row = i / 2;
      return ViewRect{col == 0 ? x : x + half_w, row == 0 ? y : y + half_h,
                      col == 0 ? half_w : width - half_w, row == 0 ? half_h : height - half_h};
    }
    default:
      return area;
  }
}

int view_at(int n, Vec2 p, const ViewRect& area) {
  for (int i = 0; i < n; ++i) {
    if (view_rect(n, i, area).contains(p)) return i;
  }
  return 0;
}

Vec2 view_offset(const ViewRect& r, const ViewRect& area) {
  return Vec2(static_cast<float>(r.x) + 0.5f * static_cast<float>(r.w) -
                  (static_cast<float>(area.x) + 0.5f * static_cast<float>(area.w)),
              static_cast<float>(r.y) + 0.5f * static_cast<float>(r.h) -
                  (static_cast<float>(area.y) + 0.5f * static_cast<float>(area.h)));
}

Camera view_camera(const Camera& shared, const ViewRect& r, const ViewRect& area) {
  Camera c = shared;
  c.origin = shared.origin - view_offset(r, area) / shared.zoom;
  return c;
}

Camera local_camera(const Camera& shared, const ViewRect& r, const ViewRect& area) {
  Camera c = view_camera(shared, r, area);
  c.origin = c.to_world(Vec2(static_cast<float>(r.x), static_cast<float>(r.y)));
  return c;
}

void ViewCanvas::text(Vec2 at, std::string_view s, Color color) {
  // As the renderer places a label (4 px right and down of the point), in window pixels.
  labels_.add(inner_.camera().to_screen(at) +
                  Vec2(static_cast<float>(r_.x) + 4.0f, static_cast<float>(r_.y) + 4.0f),
              s, color);
}

void ViewCanvas::place_labels() {
  // Below the viewport's own label ("View 2: ...") at its top-left corner.
  const float top = static_cast<float>(r_.y) + ImGui::GetTextLineHeightWithSpacing() + 12.0f;
  labels_.flush(ScreenRect{static_cast<float>(r_.x), std::min(top, static_cast<float>(r_.y + r_.h)),
                           static_cast<float>(r_.x + r_.w), static_cast<float>(r_.y + r_.h)});
}

std::string algo_label(std::uint32_t algos) {
  std::string s;
  for (const AlgoModule* m : algo_modules()) {
    if ((algos & m->bit) == 0) continue;
    if (!s.empty()) s += ", ";
    s += m->name;
  }
  return s.empty() ? "no algorithm" : s;
}

void init_split(SplitState& s, std::uint32_t sandbox_algos) {
  if (s.initialised) return;
  s.initialised = true;
  s.algos = {sandbox_algos, kAlgoAabb, kAlgoBoundingCircle, kAlgoPixel};
}

void draw_view_frames(const SplitState& s, const ViewRect& area) {
  if (s.count <= 1) return;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImU32 line = ImGui::ColorConvertFloat4ToU32(
      ImVec4(kViewSeparator.r, kViewSeparator.g, kViewSeparator.b, kViewSeparator.a));
  const float half = 0.5f * kViewSeparatorPx;
  const auto x0 = static_cast<float>(area.x), y0 = static_cast<float>(area.y);
  const auto x1 = static_cast<float>(area.x + area.w), y1 = static_cast<float>(area.y + area.h);
  const auto mx = static_cast<float>(area.x + area.w / 2);
  const auto my = static_cast<float>(area.y + area.h / 2);
  dl->AddRectFilled(ImVec2(mx - half, y0), ImVec2(mx + half, y1), line);
  if (s.count == 4) dl->AddRectFilled(ImVec2(x0, my - half), ImVec2(x1, my + half), line);
  for (int i = 0; i < s.count; ++i) {
    const ViewRect r = view_rect(s.count, i, area);
    const std::string label =
        "View " + std::to_string(i + 1) + ": " + algo_label(s.algos[static_cast<std::size_t>(i)]);
    const ImVec2 at(static_cast<float>(r.x) + 10.0f, static_cast<float>(r.y) + 8.0f);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    dl->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 2.0f),
                      ImVec2(at.x + size.x + 4.0f, at.y + size.y + 2.0f), IM_COL32(0, 0, 0, 170),
                      3.0f);
    dl->AddText(at, IM_COL32(235, 238, 245, 255), label.c_str());
  }
}

void views_menu(SplitState& s, bool& compare_open, std::uint32_t sandbox_algos) {
  for (const int n : {1, 2, 4}) {
    const std::string label = n == 1 ? "One view" : std::to_string(n) + " views side by side";
    if (ImGui::MenuItem(label.c_str(), nullptr, s.count == n)) {
      s.count = n;
      init_split(s, sandbox_algos);
    }
  }
  ImGui::MenuItem("Compare algorithms", nullptr, &compare_open);
}

void views_section(SplitState& s) {
  if (s.count <= 1) return;
  // A column of checkboxes per view, headed "View N"; in a panel too narrow for those
  // headers (four views at 800 px wide), headed by the view's number alone; narrower still
  // (presenter mode), the table scrolls sideways.
  const ImGuiStyle& st = ImGui::GetStyle();
  float name_w = 0.0f;
  for (const AlgoModule* m : algo_modules()) name_w = std::max(name_w, text_width(m->name));
  const auto width = [&](const char* header) {
    const float cell = std::max(text_width(header), ImGui::GetFrameHeight());
    return name_w + static_cast<float>(s.count) * (cell + 2.0f * st.CellPadding.x) +
           2.0f * st.CellPadding.x;
  };
  const bool numbers = ImGui::GetContentRegionAvail().x < width("View 4");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled(numbers ? "Each view shows the same shapes with its own algorithms "
                                "(columns 1 to %d: the views)."
                              : "Each view shows the same shapes with its own algorithms.",
                      s.count);
  ImGui::PopTextWrapPos();
  ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
  const ImVec2 size = sideways_table(width("4"), static_cast<int>(algo_modules().size()) + 1,
                                     ImGui::GetFrameHeight() + 2.0f * st.CellPadding.y, &flags);
  if (ImGui::BeginTable("viewalgos", s.count + 1, flags, size)) {
    ImGui::TableSetupColumn("algorithm");
    for (int i = 0; i < s.count; ++i) {
      ImGui::TableSetupColumn(((numbers ? "" : "View ") + std::to_string(i + 1)).c_str());
    }
    ImGui::TableHeadersRow();
    for (const AlgoModule* m : algo_modules()) {
      const std::uint32_t bit = m->bit;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(m->name);
      for (int i = 0; i < s.count; ++i) {
        ImGui::TableNextColumn();
        std::uint32_t& bits = s.algos[static_cast<std::size_t>(i)];
        bool on = (bits & bit) != 0;
        ImGui::PushID(i * 64 + static_cast<int>(std::countr_zero(static_cast<unsigned>(bit))));
        if (ImGui::Checkbox("##on", &on)) bits = on ? (bits | bit) : (bits & ~bit);
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace hitbox::app
