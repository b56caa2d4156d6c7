// Scene files, pass 1 (internal to the core): the JSON text to a tree, with errors that name
// the shape and the field (scene_tree.cpp). Pass 2, the fields, is in scene_read.cpp.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace hitbox::scene_detail {

// The tree of `text`; throws SceneError naming `file`, and the shape and field where it can.
nlohmann::json parse_tree(std::string_view text, const std::string& file);

// How errors name a shape entry: its id, or "#3" (1-based) when it has no usable one.
std::string shape_label(const nlohmann::json& shape, std::size_t index);

}  // namespace hitbox::scene_detail
