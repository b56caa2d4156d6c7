// Text labels of the world layer, placed so they stay readable: none overlaps another, and
// each stays inside the area the scene is shown in (clamped to its edge when what it names is
// off-screen or under a panel). The renderer and the split views collect their labels during
// a frame and place them all at once, in the order they were drawn (earlier labels keep their
// place; later ones move).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "platform/canvas.h"
#include "platform/screen_rect.h"

namespace hitbox::app {

struct PlacedLabel {
  ScreenRect box;  // window pixels: where the text goes (its size from the font)
  std::string text;
  Color color;
};

// Moves each label, in order, to the nearest place (stepping down and up by its height, then
// sideways) where it overlaps no earlier label, inside `area`. A label that finds no free place
// within a few steps stays at its clamped place.
void place_labels(std::vector<PlacedLabel>& labels, const ScreenRect& area);

// The window-pixel size of a label's text: measured with the UI font (its presenter and UI
// scale included), or 7 x 13 px a character without an ImGui frame (headless tests).
Vec2 label_text_size(std::string_view text);

// The room kept around a label's text, inside its box (the backing drawn behind it).
inline constexpr float kLabelPadPx = 2.0f;

// Collects labels for one area and draws them on ImGui's background list.
class LabelBoard {
 public:
  // A label whose top-left corner would be `at` (window pixels).
  void add(Vec2 at, std::string_view text, Color color);
  // Places and draws every label collected, then forgets them.
  void flush(const ScreenRect& area);
  // Places every label collected and hands them over without drawing (the SVG writer).
  std::vector<PlacedLabel> take_placed(const ScreenRect& area);
  const std::vector<PlacedLabel>& last() const { return last_; }

 private:
  std::vector<PlacedLabel> labels_;
  std::vector<PlacedLabel> last_;  // the last flush's placed labels (tests, --print-layout)
};

}  // namespace hitbox::app
