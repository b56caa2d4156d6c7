// The sandbox: the scene being edited, the selection, the enabled algorithms and their
// traces. It owns no window and no GL: the shell (window.cpp) feeds it SDL events with the
// camera, asks it to draw the world into a Canvas, and to draw its ImGui panels.
// All collision answers come from hitbox_core; nothing here computes collision math.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <string>

#include "canvas.h"
#include "hitbox/scene.h"

namespace hitbox::app {

class Sandbox {
 public:
  Sandbox(Scene scene, std::string scene_path);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // Algorithm bits from hitbox/report.h (kAlgoSat | ...).
  void set_algorithms(std::uint32_t algos);
  // The pixel test's accuracy (hitbox/mask.h: cells 1/accuracy world px wide); false (and
  // nothing changed) unless 0 < accuracy <= 1.
  bool set_accuracy(float accuracy);
  // Focus the pair (a, b) by id; false when an id is unknown.
  bool set_focus(const std::string& a, const std::string& b);

  // An SDL event, with the camera that maps window pixels to world. Returns true when the
  // sandbox used it (the shell then does not pan/zoom with it). Left button, keys H, V,
  // Delete, Ctrl+Z/Y, Ctrl+D and the like belong to the sandbox; right/middle drag, space
  // drag, wheel, Home and Tab belong to the shell.
  bool on_event(const SDL_Event& e, const Camera& cam);

  // Shapes, handles and the traces of the enabled algorithms for the pair in focus.
  void draw_world(Canvas& canvas);
  // The ImGui panels: algorithms, inspector, status line, how-to. Called only when the UI
  // is shown (Tab / --no-ui hide it).
  void draw_panels();

  const Scene& scene() const;

  // ---- Added by the window engineer for `hitbox --auto-resolve MODE` (window.cpp, used by
  // tests/window/drag_test.sh); to be defined in sandbox.cpp by the sandbox engineer. ----
  // Sets the auto-resolve mode, as the algorithm panel's control does: while a shape of the
  // focus pair is dragged, the MTD pushes the pair apart. MODE is "off", "move-a", "move-b"
  // or "half". Returns false (and changes nothing) for any other name.
  bool set_auto_resolve(const std::string& mode);

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace hitbox::app
