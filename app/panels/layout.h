// Where the panels sit and what is left for the scene. Panels are fixed columns docked to the
// window's edges (opaque, never moved or saved by ImGui), so a resize re-anchors them and a
// layout is never off-screen: the main panel (and the Inspector below it, with a selection)
// on the right, the lesson panel on the left (or at the top of the right column when the
// window is narrow), the comparison table along the bottom of the scene, the status line at
// the very bottom. The free area between them is where the camera frames the scene.
#pragma once

#include "platform/screen_rect.h"

namespace hitbox::app {

struct LayoutInput {
  float width = 1280.0f, height = 800.0f;  // the window, in window pixels
  float scale = 1.0f;                      // the UI scale (presenter mode, View > UI scale)
  float menu_h = 19.0f;                    // the main menu bar's height
  float status_h = 30.0f;                  // the status line's height
  bool panels = true;                      // false: Tab hid them (the status line and menu stay)
  bool lesson = false;                     // a lesson's text panel is open
  bool inspector = false;                  // a shape is selected
  bool compare = false;                    // the comparison table is open
};

struct Layout {
  ScreenRect main;       // the "Hitbox" panel
  ScreenRect inspector;  // empty without a selection
  ScreenRect lesson;     // empty without a lesson
  ScreenRect compare;    // empty when the table is closed
  ScreenRect status;
  ScreenRect free;  // what the scene gets
};

// Narrow windows (below this many pixels) stack the lesson over the main panel.
inline constexpr float kWideLayoutPx = 1100.0f;

Layout compute_layout(const LayoutInput& in);

}  // namespace hitbox::app
