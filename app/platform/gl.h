// The OpenGL API the window and the renderer draw with: OpenGL 3.3 core on the desktop,
// OpenGL ES 3.0 (WebGL 2) in the browser build. The same calls serve both; only the header
// and the GLSL version line differ (the canvas shaders get theirs at build time, embed.cmake).
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#endif

namespace hitbox::app {

// The version line Dear ImGui's OpenGL3 backend compiles its shaders with.
#ifdef __EMSCRIPTEN__
inline constexpr const char* kImGuiGlslVersion = "#version 300 es";
#else
inline constexpr const char* kImGuiGlslVersion = "#version 330 core";
#endif

}  // namespace hitbox::app
