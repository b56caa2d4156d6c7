#include "panels/flow.h"

#include <imgui_internal.h>  // a window's widest line, its tables' columns

#include <algorithm>
#include <cstdarg>
#include <string>
#include <utility>
#include <vector>

#include "util/strf.h"

namespace hitbox::app {

namespace {
bool continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}
}  // namespace

std::size_t utf8_chars(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return !continuation(c); }));
}

const char* utf8_next(const char* p, const char* end) {
  ++p;
  while (p < end && continuation(*p)) ++p;
  return p;
}

void drop_last_char(std::string& text) {
  while (!text.empty() && continuation(text.back())) text.pop_back();
  if (!text.empty()) text.pop_back();
}

namespace {

// The end of the longest prefix of [text, end) that is at most `room` px wide, in whole UTF-8
// characters; at least one character when `at_least_one`.
const char* fitting_end(const char* text, const char* end, float room, bool at_least_one) {
  const char* fit = text;
  for (const char* p = text; p < end;) {
    const char* next = utf8_next(p, end);
    if (ImGui::CalcTextSize(text, next).x > room && !(at_least_one && fit == text)) break;
    fit = p = next;
  }
  return fit;
}

// A segment's words as [begin, end) pointers into its text: split at spaces, or the whole text
// as one word.
std::vector<std::pair<const char*, const char*>> words_of(const FlowSegment& seg) {
  std::vector<std::pair<const char*, const char*>> out;
  const std::string& text = seg.text;
  if (seg.whole) {
    if (!text.empty()) out.emplace_back(text.data(), text.data() + text.size());
    return out;
  }
  for (std::size_t at = text.find_first_not_of(' '); at != std::string::npos;
       at = text.find_first_not_of(' ', at)) {
    std::size_t stop = text.find(' ', at);
    if (stop == std::string::npos) stop = text.size();
    out.emplace_back(text.data() + at, text.data() + stop);
    at = stop;
  }
  return out;
}

}  // namespace

void flow_segments(std::initializer_list<FlowSegment> segments) {
  const float space = ImGui::CalcTextSize(" ").x;
  const float left = ImGui::GetCursorScreenPos().x;
  const float right = content_right();
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(-1.0f);  // each piece below is placed whole
  bool first = true;
  // One piece of text: after the last on this line when it fits there, else on a new line
  // (inside the group a new line starts at the group's left edge).
  const auto place = [&](const char* text, const char* end, bool fits_here) {
    if (!first && fits_here) ImGui::SameLine(0.0f, space);
    ImGui::TextUnformatted(text, end);
    first = false;
  };
  for (const FlowSegment& seg : segments) {
    ImGui::PushStyleColor(ImGuiCol_Text, seg.colour);
    for (const auto& [word, word_end] : words_of(seg)) {
      const float here = first ? left : ImGui::GetItemRectMax().x + space;
      const float w = ImGui::CalcTextSize(word, word_end).x;
      if (here + w <= right || left + w <= right) {
        place(word, word_end, here + w <= right);
        continue;
      }
      // Longer than a whole line (a long shape id): as much as fits where the line ends,
      // then line by line.
      const char* cut = fitting_end(word, word_end, right - here, false);
      const bool here_too = cut != word;
      if (!here_too) cut = fitting_end(word, word_end, right - left, true);
      place(word, cut, here_too);
      while (cut < word_end) {
        const char* next = fitting_end(cut, word_end, right - left, true);
        place(cut, next, false);
        cut = next;
      }
    }
    ImGui::PopStyleColor();
  }
  if (first) ImGui::TextUnformatted("");  // an empty text still takes its line
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

void flow_words(const ImVec4& colour, const std::string& text) {
  flow_segments({FlowSegment{colour, text}});
}

bool begin_combo_fitted(const char* label, const char* id, const char* preview, float preferred) {
  const float avail = ImGui::GetContentRegionAvail().x;
  const float need = combo_width_for(preview);
  const float beside =
      std::min(preferred, avail - ImGui::GetStyle().ItemInnerSpacing.x - text_width(label));
  std::string full = std::string("###") + id;
  if (beside >= need) {
    ImGui::SetNextItemWidth(beside);
    full = label + full;
  } else {
    ImGui::TextUnformatted(label);
    ImGui::SetNextItemWidth(std::min(std::max(std::min(preferred, avail), need), avail));
  }
  return ImGui::BeginCombo(full.c_str(), preview);
}

float cut_off_px(const char* title) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiWindow* w = ImGui::FindWindowByName(title);
  if (!w || !w->Active || w->Hidden) return 0.0f;
  float past = std::max(w->DC.CursorMaxPos.x - w->InnerClipRect.Max.x, 0.0f);
  for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
    const ImGuiTable* t = g.Tables.TryGetMapData(n);
    if (!t || t->LastFrameActive != g.FrameCount || t->OuterWindow->RootWindow != w) continue;
    // A table that scrolls sideways shows a column out of sight by scrolling: its own right
    // edge counts, not where the view clips it.
    const bool scrolls = (t->Flags & ImGuiTableFlags_ScrollX) != 0;
    for (int c = 0; c < t->ColumnsCount; ++c) {
      const ImGuiTableColumn& col = t->Columns[c];
      if (!col.IsEnabled) continue;  // (a column pushed wholly out of sight still counts)
      const float widest =
          std::max({col.ContentMaxXFrozen, col.ContentMaxXUnfrozen, col.ContentMaxXHeadersIdeal});
      past = std::max(past, widest - (scrolls ? col.MaxX : col.ClipRect.Max.x));
    }
  }
  return past;
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
