// `hitbox --screenshot OUT --print-layout` prints the frame's layout as JSON: the docked
// panels, the free area, the camera, each shape's box and each placed label's box, all in
// window pixels, and how far each panel's widest line, or widest cell or header in one of its
// tables, runs past the panel's or the column's edge. This reads it back for the window tests.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "panels/layout.h"
#include "platform/canvas.h"

namespace hitbox::window_test {

struct FrameLayout {
  app::ScreenRect window, free, main, inspector, lesson, compare, status;
  app::Camera camera;
  struct Item {
    std::string name;  // a shape's id, or a label's text
    app::ScreenRect box;
  };
  std::vector<Item> shapes, labels;
  // Per docked panel ("main", "inspector", "lesson", "compare", "status"): how many px its widest
  // line runs past the panel's visible right edge.
  std::vector<std::pair<std::string, float>> clipped;
  // Where step mode's drawing beside the pair is (GJK's Minkowski difference), when it is.
  std::optional<app::ScreenRect> step;
};

inline app::ScreenRect rect_of(const nlohmann::json& j) {
  return app::ScreenRect{j.at(0).get<float>(), j.at(1).get<float>(), j.at(2).get<float>(),
                         j.at(3).get<float>()};
}

// The last line of `out` that holds the layout object.
inline FrameLayout parse_layout(const std::string& out) {
  const std::size_t at = out.rfind("{\"window\"");
  const nlohmann::json j = nlohmann::json::parse(out.substr(at == std::string::npos ? 0 : at));
  FrameLayout l;
  l.window = rect_of(j.at("window"));
  l.free = rect_of(j.at("free"));
  l.main = rect_of(j.at("main"));
  l.inspector = rect_of(j.at("inspector"));
  l.lesson = rect_of(j.at("lesson"));
  l.compare = rect_of(j.at("compare"));
  l.status = rect_of(j.at("status"));
  l.camera.origin = Vec2(j.at("camera").at("origin").at(0).get<float>(),
                         j.at("camera").at("origin").at(1).get<float>());
  l.camera.zoom = j.at("camera").at("zoom").get<float>();
  for (const auto& s : j.at("shapes")) l.shapes.push_back({s.at("id"), rect_of(s.at("box"))});
  for (const auto& s : j.at("labels")) l.labels.push_back({s.at("text"), rect_of(s.at("box"))});
  if (j.contains("step")) l.step = rect_of(j.at("step"));
  for (const auto& [panel, px] : j.at("clipped").items())
    l.clipped.emplace_back(panel, px.get<float>());
  return l;
}

}  // namespace hitbox::window_test
