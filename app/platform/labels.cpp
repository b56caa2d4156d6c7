#include "platform/labels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace hitbox::app {
namespace {

constexpr float kPadPx = kLabelPadPx;
constexpr int kTries = 12;  // places tried above and below before going sideways

bool overlaps(const ScreenRect& a, const ScreenRect& b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

ScreenRect clamped(ScreenRect r, const ScreenRect& area) {
  const float w = r.w(), h = r.h();
  const float x0 = std::clamp(r.x0, area.x0, std::max(area.x0, area.x1 - w));
  const float y0 = std::clamp(r.y0, area.y0, std::max(area.y0, area.y1 - h));
  return ScreenRect{x0, y0, x0 + w, y0 + h};
}

ScreenRect moved(const ScreenRect& r, float dx, float dy) {
  return ScreenRect{r.x0 + dx, r.y0 + dy, r.x1 + dx, r.y1 + dy};
}

int to_byte(float v) {
  return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}

}  // namespace

void place_labels(std::vector<PlacedLabel>& labels, const ScreenRect& area) {
  std::vector<ScreenRect> placed;
  placed.reserve(labels.size());
  for (PlacedLabel& l : labels) {
    const ScreenRect home = clamped(l.box, area);
    const float step = home.h() + 1.0f;
    ScreenRect best = home;
    bool found = false;
    for (int side = 0; side < 3 && !found; ++side) {
      // Straight above and below first, then shifted right, then left, by half a width.
      const float dx = side == 0 ? 0.0f : (side == 1 ? 0.5f : -0.5f) * home.w();
      for (int k = 0; k <= kTries && !found; ++k) {
        for (const float sign : {1.0f, -1.0f}) {
          if (k == 0 && sign < 0.0f) continue;
          const ScreenRect c = clamped(moved(home, dx, sign * static_cast<float>(k) * step), area);
          const bool free = std::none_of(placed.begin(), placed.end(),
                                         [&](const ScreenRect& p) { return overlaps(c, p); });
          if (free) {
            best = c;
            found = true;
            break;
          }
        }
      }
    }
    l.box = best;
    placed.push_back(best);
  }
}

Vec2 label_text_size(std::string_view text) {
  if (ImGui::GetCurrentContext() != nullptr && ImGui::GetFont() != nullptr) {
    const ImVec2 s = ImGui::CalcTextSize(text.data(), text.data() + text.size());
    return Vec2(s.x, s.y);
  }
  std::size_t lines = 1, longest = 0, run = 0;
  for (const char c : text) {
    if (c == '\n') {
      ++lines;
      run = 0;
    } else {
      longest = std::max(longest, ++run);
    }
  }
  return Vec2(7.0f * static_cast<float>(longest), 13.0f * static_cast<float>(lines));
}

void LabelBoard::add(Vec2 at, std::string_view text, Color color) {
  if (text.empty()) return;
  const Vec2 size = label_text_size(text);
  labels_.push_back(PlacedLabel{
      ScreenRect{at.x - kPadPx, at.y - kPadPx, at.x + size.x + kPadPx, at.y + size.y + kPadPx},
      std::string(text), color});
}

std::vector<PlacedLabel> LabelBoard::take_placed(const ScreenRect& area) {
  place_labels(labels_, area);
  std::vector<PlacedLabel> out = std::move(labels_);
  labels_.clear();
  return out;
}

void LabelBoard::flush(const ScreenRect& area) {
  place_labels(labels_, area);
  if (ImGui::GetCurrentContext() != nullptr) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    for (const PlacedLabel& l : labels_) {
      dl->AddRectFilled(ImVec2(l.box.x0, l.box.y0), ImVec2(l.box.x1, l.box.y1),
                        IM_COL32(14, 16, 22, 150), 3.0f);
      dl->AddText(
          ImVec2(l.box.x0 + kPadPx, l.box.y0 + kPadPx),
          IM_COL32(to_byte(l.color.r), to_byte(l.color.g), to_byte(l.color.b), to_byte(l.color.a)),
          l.text.c_str());
    }
  }
  last_ = std::move(labels_);
  labels_.clear();
}

}  // namespace hitbox::app
