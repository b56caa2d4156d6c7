// SDL, the OpenGL context and Dear ImGui: started in order for a window run, torn down in
// reverse order however the run ends.
#pragma once

#include <SDL.h>

#include "platform/window.h"

namespace hitbox::app {

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext context = nullptr;
  bool sdl = false;
  bool imgui = false;
  bool imgui_sdl = false;
  bool imgui_gl = false;

  Platform() = default;
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;
  ~Platform();

  // Starts SDL video, opens the window (hidden for --screenshot), creates the GL context
  // (OpenGL 3.3 core; OpenGL ES 3.0 in the browser) and starts ImGui with its SDL2 and
  // OpenGL3 backends. Returns 0 once all of it is up, else the exit status with the reason
  // on stderr: 2 when there is no display to show the window on (with how to run headless)
  // or no GL context, 1 when ImGui's backends do not start.
  int open(const WindowOptions& options);
};

}  // namespace hitbox::app
