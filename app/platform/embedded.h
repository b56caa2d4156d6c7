// Files built into the hitbox executable (generated from app/embed.cmake at build time), so
// a fresh clone runs from anywhere: the default scene and the canvas shaders.
#pragma once

#include <string_view>

namespace hitbox::app::embedded {

std::string_view default_scene();  // assets/scenes/default.json
std::string_view canvas_vert();    // shaders/canvas.vert.glsl
std::string_view canvas_frag();    // shaders/canvas.frag.glsl

}  // namespace hitbox::app::embedded
