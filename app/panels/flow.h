// Rows of widgets that fit a narrow panel: the next item stays on the current line when it
// fits there and starts a new line when it does not, so an 800 px wide window shows every
// button and label whole instead of cutting them at the panel's edge. The widths are Dear
// ImGui's own for each kind of item (style padding and spacing included).
#pragma once

#include <imgui.h>

#include <algorithm>
#include <initializer_list>
#include <string>

namespace hitbox::app {

inline float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

// A checkbox or a radio button with its label.
inline float check_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
         ImGui::CalcTextSize(label, nullptr, true).x;
}

inline float text_width(const char* text) {
  return ImGui::CalcTextSize(text).x;
}

// The right edge, in screen pixels, of where items go: the panel's, or the table column's.
inline float content_right() {
  return ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
}

// Call between two items: keeps the next one, `width` px wide, on this line when it fits.
inline void same_line_if_fits(float width) {
  const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  if (right <= content_right()) ImGui::SameLine();
}

// The next labelled widget's width: at most `preferred`, less when the panel is narrow, so
// that its label (drawn to its right) still shows whole.
inline void fit_next_item(const char* label, float preferred) {
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemInnerSpacing.x -
                     ImGui::CalcTextSize(label, nullptr, true).x;
  ImGui::SetNextItemWidth(std::max(std::min(preferred, room), 4.0f * ImGui::GetFontSize()));
}

// A table `width` px wide (its columns' texts and padding) whose `rows` rows (the header
// included) are `row_h` px tall: in a narrower panel it scrolls sideways (ScrollX is added to
// `flags`) and the size returned for BeginTable holds the rows and the scroll bar; else it
// lays out as usual (size 0).
inline ImVec2 sideways_table(float width, int rows, float row_h, ImGuiTableFlags* flags) {
  if (width <= ImGui::GetContentRegionAvail().x) return ImVec2(0.0f, 0.0f);
  *flags |= ImGuiTableFlags_ScrollX;
  return ImVec2(0.0f,
                static_cast<float>(rows) * (row_h + 1.0f) + ImGui::GetStyle().ScrollbarSize + 4.0f);
}

// The width a combo box needs to show `preview` whole (its arrow button and padding included).
inline float combo_width_for(const char* preview) {
  return ImGui::CalcTextSize(preview).x + ImGui::GetFrameHeight() +
         2.0f * ImGui::GetStyle().FramePadding.x;
}

// A combo box that shows its preview whole: its label to its right when both fit in
// `preferred` px (and the panel), else the label on a line of its own above a combo of
// `preferred` px, or wider when its preview needs it (never wider than the panel). `id` keeps
// the combo the same widget either way (an open list stays open when the layout switches).
// EndCombo() as usual when it returns true.
bool begin_combo_fitted(const char* label, const char* id, const char* preview, float preferred);

// UTF-8 text a character at a time (a character and its continuation bytes).
std::size_t utf8_chars(const std::string& text);
const char* utf8_next(const char* p, const char* end);  // the character after the one at p
void drop_last_char(std::string& text);

// How far the window named `title` cut a line off at its right edge this frame, in px (0 when
// every line shows whole, or the window is not shown): its widest line against its visible
// edge, and each column of its tables (which keep their columns inside their own width): the
// widest cell or header against the column's edge (in a table that scrolls sideways, the
// column's own edge, not where the view clips it). Not seen: text cut inside a widget's frame.
float cut_off_px(const char* title);

// Text that breaks only at spaces, word by word, each new line starting where the text began
// (a group, so a tooltip can ask IsItemHovered() of the whole). Dear ImGui's own wrapping also
// breaks after '.' and ',', which splits a figure such as "186.0" or "(-1.000, 0.000)". A
// word wider than the whole line (a long shape id) is broken between characters.
void flow_words(const ImVec4& colour, const std::string& text);

// The same for text in several colours, one after another on the same lines; a segment marked
// `whole` is placed as one word (broken between characters only when wider than a line).
struct FlowSegment {
  ImVec4 colour;
  std::string text;
  bool whole = false;
};
void flow_segments(std::initializer_list<FlowSegment> segments);
void flow_text(const char* fmt, ...) IM_FMTARGS(1);
void flow_text_coloured(const ImVec4& colour, const char* fmt, ...) IM_FMTARGS(2);

}  // namespace hitbox::app
