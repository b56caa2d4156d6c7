// The UI font at a scale. At scale 1 Dear ImGui's built-in bitmap font (crisp at 13 px); at
// larger scales (presenter mode, View > UI scale) the font is rebuilt from a TrueType file,
// DejaVu Sans Mono from Debian's fonts-dejavu-core, at the larger pixel size, and every
// padding and spacing of the style is scaled with it, so nothing is cut or blurred. Without
// the file it falls back to scaling the bitmap font.
#pragma once

#include <string>

namespace hitbox::app {

class UiFont {
 public:
  // Rebuilds the font atlas (and the renderer backend's font texture) when `scale` changed.
  // Call between frames: before the backends' NewFrame, never inside a frame.
  void apply(float scale);
  float scale() const { return scale_; }
  // The TrueType file in use ("" at scale 1 or without one).
  const std::string& file() const { return file_; }

 private:
  float scale_ = 0.0f;
  bool have_base_style_ = false;
  std::string file_;
};

// Where the TrueType UI font is: the assets folder's fonts/ (the web build preloads it
// there), else Debian's fonts-dejavu-core; "" when neither exists.
std::string ui_font_file();

}  // namespace hitbox::app
