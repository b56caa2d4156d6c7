// What the user asked the sandbox to change: a panel's button, a key, a tool, a file opened,
// the comparison table's Find. Nothing edits the scene while a frame is drawn: the panels,
// keys and tools ask, and the shell applies every request at one point of the frame, before
// the layout and the analysis (Sandbox::apply_requests), so no code reads the analysis's
// shape indices after an edit in the same frame. A drag under way and play mode's steps
// move shapes outside it; neither adds, removes or reorders them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/geometry.h"
#include "hitbox/scene.h"
#include "hitbox/shape.h"

namespace hitbox::app {

enum class LineTool { None, Ray, Slice };

enum class Ask : std::uint8_t {
  AddRect,
  AddCircle,
  AddCapsule,
  AddSprite,      // text: a PNG in the assets' sprites folder
  AddSpriteFile,  // text: a PNG's path
  Duplicate,      // shape a
  Delete,         // shape a
  Mirror,         // shape a; flag: in x (else in y)
  Undo,
  Redo,
  Resolve,      // the pair a, b: A moves out of B by the MTD
  ReplacePair,  // a and b take shapes[0] and shapes[1], one undo step; text: the message
  Pin,          // the focus pair is a, b
  Unpin,
  SwapPin,
  Inspect,     // shape a takes shapes[0] (an inspector field changed; checked when asked)
  EndInspect,  // the inspector's edit ended: one undo step, or back where it began
  PolygonStart,
  PolygonFinish,
  PolygonCancel,
  Tool,   // tool: the ray or slice tool, or none; flag: a toggle (the tool again closes it)
  Slice,  // the line from -> to cuts what it crosses
  Play,
  Pause,
  Step,
  Reset,
  Open,   // scene, from the file at text (File > Open, a lesson)
  Mover,  // the Mover tool on (the selected capsule, or a new one) or off
};

// A shape named by a request or held by the selection: its index when named and its id, so
// that it is found when an edit has moved it (Document::locate).
struct ShapeRef {
  int index = -1;
  std::string id;
};

struct Request {
  Request() = default;
  explicit Request(Ask what, ShapeRef first = {}, ShapeRef second = {})
      : ask(what), a(std::move(first)), b(std::move(second)) {}
  static Request with_text(Ask what, std::string text) {
    Request r(what);
    r.text = std::move(text);
    return r;
  }
  static Request mirror(ShapeRef s, bool x) {
    Request r(Ask::Mirror, std::move(s));
    r.flag = x;
    return r;
  }
  static Request line_tool(LineTool t, bool toggle) {
    Request r(Ask::Tool);
    r.tool = t;
    r.flag = toggle;
    return r;
  }
  static Request slice(Vec2 from, Vec2 to) {
    Request r(Ask::Slice);
    r.from = from;
    r.to = to;
    return r;
  }
  static Request open(Scene scene, std::string path) {
    Request r = with_text(Ask::Open, std::move(path));
    r.scene = std::move(scene);
    return r;
  }

  Ask ask = Ask::Undo;
  ShapeRef a, b;
  std::vector<Shape> shapes;
  std::string text;
  Vec2 from{0.0f, 0.0f}, to{0.0f, 0.0f};
  bool flag = false;
  LineTool tool = LineTool::None;
  std::optional<Scene> scene;
};

using Requests = std::vector<Request>;

}  // namespace hitbox::app
