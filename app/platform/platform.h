// SDL, the OpenGL context and Dear ImGui: started in order for a window run, torn down in
// reverse order however the run ends.
#pragma once

#include <SDL.h>

#include <string>

namespace hitbox::app {

// How the window opens (the shell's WindowOptions say it for each run).
struct WindowSetup {
  int width = 1280;  // window size in pixels
  int height = 800;
  bool hidden = false;      // never shown (--screenshot)
  bool interactive = true;  // a person uses it: a real display and vsync (else as fast as GL goes)
};

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

  // Starts SDL video, opens the window (hidden when setup says so), creates the GL context
  // (OpenGL 3.3 core; OpenGL ES 3.0 in the browser) and starts ImGui with its SDL2 and
  // OpenGL3 backends. Returns 0 once all of it is up, else the exit status with the reason
  // on stderr: 2 when there is no display to show the window on (with how to run headless)
  // or no GL context, 1 when ImGui's backends do not start.
  int open(const WindowSetup& setup);
};

}  // namespace hitbox::app
