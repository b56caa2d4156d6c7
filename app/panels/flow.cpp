#include "panels/flow.h"

#include <cstdarg>
#include <string>

#include "overlays/draw_util.h"

namespace hitbox::app {
void flow_words(const ImVec4& colour, const std::string& text) {
  const float space = ImGui::CalcTextSize(" ").x;
  const float right = content_right();
  ImGui::BeginGroup();
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(-1.0f);  // a word longer than the line runs past it, not split
  bool first = true;
  std::size_t at = 0;
  while (true) {
    at = text.find_first_not_of(' ', at);
    if (at == std::string::npos) break;
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const char* word = text.c_str() + at;
    const char* word_end = text.c_str() + end;
    // Inside the group a new line starts at the group's left edge.
    if (!first &&
        ImGui::GetItemRectMax().x + space + ImGui::CalcTextSize(word, word_end).x <= right)
      ImGui::SameLine(0.0f, space);
    ImGui::TextUnformatted(word, word_end);
    first = false;
    at = end;
  }
  if (first) ImGui::TextUnformatted("");  // an empty text still takes its line
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  ImGui::EndGroup();
}

void flow_text(const char* fmt, ...) {
  std::va_list args;
  va_start(args, fmt);
  const std::string text = vstrf(fmt, args);
  va_end(args);
  flow_words(ImGui::GetStyleColorVec4(ImGuiCol_Text), text);
}

void flow_text_coloured(const ImVec4& colour, const char* fmt, ...) {
  std::va_list args;
  va_start(args, fmt);
  const std::string text = vstrf(fmt, args);
  va_end(args);
  flow_words(colour, text);
}

}  // namespace hitbox::app
