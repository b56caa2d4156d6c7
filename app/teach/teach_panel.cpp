// Step mode's panel controls (teach.h): Dear ImGui, kept apart from teach.cpp so the step
// logic links into tests without ImGui.
#include <imgui.h>

#include <string>

#include "panels/flow.h"
#include "teach/teach.h"

namespace hitbox::app::teach {

void step_controls(const char* id, StepMode& m, int count, const std::string& sentence,
                   const char* note) {
  ImGui::PushID(id);
  ImGui::Checkbox("Step through", &m.on);
  if (m.on) {
    m.step = clamp_step(m.step, count);
    same_line_if_fits(button_width("< Prev"));
    ImGui::BeginDisabled(m.step <= 0);
    if (ImGui::Button("< Prev")) m.step = clamp_step(m.step - 1, count);
    ImGui::EndDisabled();
    const std::string where =
        "step " + std::to_string(count > 0 ? m.step + 1 : 0) + " of " + std::to_string(count);
    same_line_if_fits(text_width(where.c_str()));
    ImGui::TextUnformatted(where.c_str());
    same_line_if_fits(button_width("Next >"));
    ImGui::BeginDisabled(m.step + 1 >= count);
    if (ImGui::Button("Next >")) m.step = clamp_step(m.step + 1, count);
    ImGui::EndDisabled();
    flow_words(ImGui::GetStyleColorVec4(ImGuiCol_Text), sentence);
    flow_text_coloured(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
                       "%s Keys: N / P or Right / Left.", note != nullptr ? note : "");
    ImGui::Separator();
  }
  ImGui::PopID();
}

}  // namespace hitbox::app::teach
