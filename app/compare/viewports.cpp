#include "compare/viewports.h"

#include <imgui.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <string>

#include "hitbox/report.h"

namespace hitbox::app {

ViewRect view_rect(int n, int i, int width, int height) {
  const int half_w = width / 2, half_h = height / 2;
  switch (n) {
    case 2:
      return i == 0 ? ViewRect{0, 0, half_w, height} : ViewRect{half_w, 0, width - half_w, height};
    case 4: {
      const int col = i % 2, row = i / 2;
      return ViewRect{col == 0 ? 0 : half_w, row == 0 ? 0 : half_h,
                      col == 0 ? half_w : width - half_w, row == 0 ? half_h : height - half_h};
    }
    default:
      return ViewRect{0, 0, width, height};
  }
}

int view_at(int n, Vec2 p, int width, int height) {
  for (int i = 0; i < n; ++i) {
    if (view_rect(n, i, width, height).contains(p)) return i;
  }
  return 0;
}

Vec2 view_offset(const ViewRect& r, int width, int height) {
  return Vec2(
      static_cast<float>(r.x) + 0.5f * static_cast<float>(r.w) - 0.5f * static_cast<float>(width),
      static_cast<float>(r.y) + 0.5f * static_cast<float>(r.h) - 0.5f * static_cast<float>(height));
}

Camera view_camera(const Camera& shared, const ViewRect& r, int width, int height) {
  Camera c = shared;
  c.origin = shared.origin - view_offset(r, width, height) / shared.zoom;
  return c;
}

Camera local_camera(const Camera& shared, const ViewRect& r, int width, int height) {
  Camera c = view_camera(shared, r, width, height);
  c.origin = c.to_world(Vec2(static_cast<float>(r.x), static_cast<float>(r.y)));
  return c;
}

void ViewCanvas::text(Vec2 at, std::string_view s, Color color) {
  if (s.empty()) return;
  // As the renderer places a label (4 px right and down of the point), in window pixels.
  const Vec2 p = inner_.camera().to_screen(at) +
                 Vec2(static_cast<float>(r_.x) + 4.0f, static_cast<float>(r_.y) + 4.0f);
  if (!r_.contains(p)) return;
  const auto byte = [](float v) {
    return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
  };
  ImGui::GetBackgroundDrawList()->AddText(
      ImVec2(p.x, p.y), IM_COL32(byte(color.r), byte(color.g), byte(color.b), byte(color.a)),
      s.data(), s.data() + s.size());
}

std::string algo_label(std::uint32_t algos) {
  std::string s;
  for (const AlgoInfo& info : kAlgorithms) {
    if ((algos & info.bit) == 0) continue;
    if (!s.empty()) s += ", ";
    s += info.name;
  }
  return s.empty() ? "no algorithm" : s;
}

void init_split(SplitState& s, std::uint32_t sandbox_algos) {
  if (s.initialised) return;
  s.initialised = true;
  s.algos = {sandbox_algos, kAlgoAabb, kAlgoBoundingCircle, kAlgoPixel};
}

void draw_view_frames(const SplitState& s, int width, int height) {
  if (s.count <= 1) return;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImU32 line = ImGui::ColorConvertFloat4ToU32(
      ImVec4(kViewSeparator.r, kViewSeparator.g, kViewSeparator.b, kViewSeparator.a));
  const float half = 0.5f * kViewSeparatorPx;
  const auto fw = static_cast<float>(width), fh = static_cast<float>(height);
  const auto mx = static_cast<float>(width / 2), my = static_cast<float>(height / 2);
  dl->AddRectFilled(ImVec2(mx - half, 0.0f), ImVec2(mx + half, fh), line);
  if (s.count == 4) dl->AddRectFilled(ImVec2(0.0f, my - half), ImVec2(fw, my + half), line);
  for (int i = 0; i < s.count; ++i) {
    const ViewRect r = view_rect(s.count, i, width, height);
    const std::string label =
        "View " + std::to_string(i + 1) + ": " + algo_label(s.algos[static_cast<std::size_t>(i)]);
    // Top row: below the main menu bar.
    const float top = r.y == 0 ? ImGui::GetFrameHeight() + 8.0f : static_cast<float>(r.y) + 8.0f;
    const ImVec2 at(static_cast<float>(r.x) + 10.0f, top);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    dl->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 2.0f),
                      ImVec2(at.x + size.x + 4.0f, at.y + size.y + 2.0f), IM_COL32(0, 0, 0, 170),
                      3.0f);
    dl->AddText(at, IM_COL32(235, 238, 245, 255), label.c_str());
  }
}

void draw_views_window(SplitState& s, bool& compare_open, std::uint32_t sandbox_algos, float x,
                       float y) {
  ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowCollapsed(s.count <= 1 && !compare_open, ImGuiCond_FirstUseEver);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (!ImGui::Begin("Views", nullptr, flags)) {
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted("Viewports:");
  for (const int n : {1, 2, 4}) {
    ImGui::SameLine();
    const bool current = s.count == n;
    if (current)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(std::to_string(n).c_str(), ImVec2(28.0f, 0.0f))) {
      s.count = n;
      init_split(s, sandbox_algos);
    }
    if (current) ImGui::PopStyleColor();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Split the window: every viewport shows the same shapes (drag in any of "
        "them) with its own algorithms. Same camera, centred in each viewport.");
  }
  ImGui::Checkbox("Compare algorithms", &compare_open);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "A table of every algorithm's answer, cost and error on the pair in focus, "
        "and a search for poses where two of them disagree.");
  }
  if (s.count > 1 && ImGui::BeginTable("viewalgos", s.count + 1,
                                       ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("algorithm");
    for (int i = 0; i < s.count; ++i) {
      ImGui::TableSetupColumn(("View " + std::to_string(i + 1)).c_str());
    }
    ImGui::TableHeadersRow();
    for (const AlgoInfo& info : kAlgorithms) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(info.name);
      for (int i = 0; i < s.count; ++i) {
        ImGui::TableNextColumn();
        std::uint32_t& bits = s.algos[static_cast<std::size_t>(i)];
        bool on = (bits & info.bit) != 0;
        ImGui::PushID(i * 64 + static_cast<int>(std::countr_zero(static_cast<unsigned>(info.bit))));
        if (ImGui::Checkbox("##on", &on)) bits = on ? (bits | info.bit) : (bits & ~info.bit);
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace hitbox::app
