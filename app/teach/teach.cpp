// Step mode (teach.h): what every algorithm's steps share, the caption and the keys.
#include "teach/teach.h"

#include <SDL.h>

#include <algorithm>
#include <vector>

#include "algos/draw.h"
#include "platform/labels.h"

namespace hitbox::app::teach {
namespace {

// The lines as one label's text. One label of several lines: the label placer moves it as a
// whole (lines placed one by one overlapped by a pixel and were pushed apart, out of order on
// a small window).
std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& s : lines) text += (text.empty() ? "" : "\n") + s;
  return text;
}

// The sentence as short lines for a projector: its head (up to the first ": ") on a line of
// its own, the rest wrapped at spaces to at most kWrapChars characters.
constexpr std::size_t kWrapChars = 52;
std::vector<std::string> two_lines(const std::string& s) {
  std::vector<std::string> out;
  std::string rest = s;
  if (const auto k = s.find(": "); k != std::string::npos && k < kWrapChars) {
    out.push_back(s.substr(0, k + 1));
    rest = s.substr(k + 2);
  }
  while (rest.size() > kWrapChars) {
    auto cut = rest.rfind(' ', kWrapChars);
    if (cut == std::string::npos || cut == 0) cut = kWrapChars;
    out.push_back(rest.substr(0, cut));
    rest = rest.substr(cut + (rest[cut] == ' ' ? 1 : 0));
  }
  if (!rest.empty()) out.push_back(rest);
  return out;
}

}  // namespace

int clamp_step(int step, int count) {
  if (count <= 0) return 0;
  return std::clamp(step, 0, count - 1);
}

// Above the pair (axis lines go below or right of it).
void step_caption(Canvas& c, const Collider& a, const Collider& b, const std::string& title,
                  const std::string& sentence, float px) {
  std::vector<std::string> lines = two_lines(sentence);
  lines.insert(lines.begin(), title);
  const std::string text = joined(lines);
  const float top = std::min(a.bounds.min.y, b.bounds.min.y);
  const float left = std::min(a.bounds.min.x, b.bounds.min.x);
  const float h = label_text_size(text).y;
  label(c, px, Vec2(left, top - (h + 30.0f) * px), Vec2(1.0f, 1.0f), text, kStepText, kStepLabel);
}

// ---- state ----

bool Stepper::any_on() const {
  return std::any_of(modes.begin(), modes.end(), [](const StepMode& m) { return m.on; });
}

void Stepper::clamp(const Counts& counts) {
  for (std::size_t k = 0; k < kAlgoSlots; ++k)
    modes[k].step = clamp_step(modes[k].step, counts.n[k]);
}

bool Stepper::key(std::int32_t sdl_keycode, const Counts& counts) {
  if (!any_on()) return false;
  int delta = 0;
  if (sdl_keycode == SDLK_n || sdl_keycode == SDLK_RIGHT) delta = 1;
  if (sdl_keycode == SDLK_p || sdl_keycode == SDLK_LEFT) delta = -1;
  if (delta == 0) return false;
  for (StepMode& m : modes)
    if (m.on) m.step += delta;
  clamp(counts);
  return true;
}

}  // namespace hitbox::app::teach
