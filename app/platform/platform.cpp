#include "platform/platform.h"

#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "platform/gl.h"

namespace hitbox::app {
namespace {

bool env_set(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0';
}

void print_headless_help() {
  std::cerr << "To run without a display:\n"
               "  one frame to a PNG:         SDL_VIDEODRIVER=offscreen hitbox --screenshot OUT.png"
               " [--scene FILE]\n"
               "  the window on a virtual X:  xvfb-run -a hitbox [--scene FILE]\n"
               "  the numbers, as JSON:       hitbox query FILE\n";
}

int no_window(const std::string& what, const char* sdl_error) {
  std::cerr << "hitbox: " << what << ": " << sdl_error << "\n";
  if (!env_set("DISPLAY") && !env_set("WAYLAND_DISPLAY")) {
    std::cerr << "DISPLAY and WAYLAND_DISPLAY are unset: there is no screen to show a window on.\n";
  }
  print_headless_help();
  return 2;
}

}  // namespace

Platform::~Platform() {
  if (imgui_gl) ImGui_ImplOpenGL3_Shutdown();
  if (imgui_sdl) ImGui_ImplSDL2_Shutdown();
  if (imgui) ImGui::DestroyContext();
  if (context != nullptr) SDL_GL_DeleteContext(context);
  if (window != nullptr) SDL_DestroyWindow(window);
  if (sdl) SDL_Quit();
}

int Platform::open(const WindowSetup& setup) {
  if (SDL_Init(SDL_INIT_VIDEO) != 0) return no_window("cannot start SDL video", SDL_GetError());
  sdl = true;

  // With no display SDL 2.26 may fall back to its offscreen driver, which shows nothing.
  const std::string driver = SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "";
  if (setup.interactive && (driver == "offscreen" || driver == "dummy")) {
    const char* asked = SDL_GetHint(SDL_HINT_VIDEODRIVER);
    if (asked == nullptr || *asked == '\0') {
      return no_window(
          "cannot open a window",
          ("SDL found no display and fell back to its '" + driver + "' driver").c_str());
    }
    std::cerr << "hitbox: SDL_VIDEODRIVER=" << asked
              << " shows nothing: the interactive window needs a display.\n";
    print_headless_help();
    return 2;
  }

#ifdef __EMSCRIPTEN__
  // WebGL 2: OpenGL ES 3.0.
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
#else
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);

  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  if (setup.hidden) flags |= SDL_WINDOW_HIDDEN;
  // "Hitbox" until the first frame is drawn; then the shell names the scene (tests driving the
  // window wait for that title before they send input).
  window = SDL_CreateWindow("Hitbox", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, setup.width,
                            setup.height, flags);
  if (window == nullptr) return no_window("cannot open a window", SDL_GetError());
  context = SDL_GL_CreateContext(window);
  if (context == nullptr) {
    return no_window("cannot create an OpenGL 3.3 core context", SDL_GetError());
  }
  SDL_GL_MakeCurrent(window, context);
  // Interactive: vsync. Screenshots and the benchmark: as fast as the GL goes.
  SDL_GL_SetSwapInterval(setup.interactive ? 1 : 0);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui = true;
  ImGuiIO& io = ImGui::GetIO();
  // Saved panel positions would make screenshots and timings depend on the working directory.
  if (!setup.interactive) io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  imgui_sdl = ImGui_ImplSDL2_InitForOpenGL(window, context);
  imgui_gl = ImGui_ImplOpenGL3_Init(kImGuiGlslVersion);
  if (!imgui_sdl || !imgui_gl) {
    std::cerr << "hitbox: cannot start the ImGui SDL2/OpenGL3 backends\n";
    return 1;
  }
  return 0;
}

}  // namespace hitbox::app
