// Requests (request.h): the edits the panels, keys and tools asked for, applied in the order
// asked at the frame's one edit point, and the two edits only a request makes (a scene
// opened, the comparison table's pair replaced).
#include <utility>

#include "hitbox/limits.h"
#include "sandbox/state.h"

namespace hitbox::app {

void SandboxState::apply_requests() {
  // Taken first: an edit never asks for another, but the list must not move under `r`.
  Requests now;
  now.swap(asked);
  for (Request& r : now) apply(r);
}

void SandboxState::apply(Request& r) {
  switch (r.ask) {
    case Ask::AddRect:
      add_rect();
      break;
    case Ask::AddCircle:
      add_circle();
      break;
    case Ask::AddCapsule:
      add_capsule();
      break;
    case Ask::AddSprite:
      add_sprite(r.text);
      break;
    case Ask::AddSpriteFile:
      add_sprite_file(r.text);
      break;
    case Ask::Duplicate:
      duplicate(doc.locate(r.a));
      break;
    case Ask::Delete:
      erase(doc.locate(r.a));
      break;
    case Ask::Mirror:
      toggle_mirror(doc.locate(r.a), r.flag);
      break;
    case Ask::Undo:
    case Ask::Redo:
      undo_redo(r.ask == Ask::Redo);
      break;
    case Ask::Resolve: {
      Pair p{doc.locate(r.a), doc.locate(r.b)};
      if (p.a == p.b) p = Pair{};
      resolve(p);
      break;
    }
    case Ask::ReplacePair:
      if (r.shapes.size() == 2)
        replace_pair(doc.locate(r.a), r.shapes[0], doc.locate(r.b), r.shapes[1], r.text);
      break;
    case Ask::Pin: {
      const int a = doc.locate(r.a), b = doc.locate(r.b);
      if (a >= 0 && b >= 0 && a != b) {
        pin(a, b);
      }
      break;
    }
    case Ask::Unpin:
      unpin();
      break;
    case Ask::SwapPin:
      std::swap(selection.pin_a, selection.pin_b);
      break;
    case Ask::Inspect:
      if (!r.shapes.empty()) inspect(doc.locate(r.a), r.shapes[0]);
      break;
    case Ask::EndInspect:
      flush_ui_edit();
      break;
    case Ask::PolygonStart:
      start_poly_tool();
      break;
    case Ask::PolygonFinish:
      if (tools.poly_tool) finish_poly_tool();
      break;
    case Ask::PolygonCancel:
      if (tools.poly_tool) cancel_poly_tool();
      break;
    case Ask::Tool:
      set_line_tool(r.flag && tools.line_tool == r.tool ? LineTool::None : r.tool);
      break;
    case Ask::Mover:
      mover_toggle();
      break;
    case Ask::Slice:
      slice_along(r.from, r.to);
      break;
    case Ask::Play:
      play_start();
      break;
    case Ask::Pause:
      play_pause();
      break;
    case Ask::Step:
      play_step();
      break;
    case Ask::Reset:
      play_reset();
      break;
    case Ask::Open:
      if (r.scene) load_scene(std::move(*r.scene), std::move(r.text));
      break;
  }
}

void SandboxState::ask_inspector(const Shape& w) {
  if (selected() < 0) return;
  if (w == doc.shape(selected())) {
    // Typed back to the value the shape holds (after a refused one): nothing is refused now.
    if (insp.refused) insp.error.clear();
    insp.refused = false;
    return;
  }
  if (const auto problem = shape_problem(w)) {  // typed values are refused, never clamped
    insp.error = "Refused: " + problem->field + " " + problem->message;
    insp.refused = true;
    return;
  }
  insp.error.clear();
  insp.refused = false;
  Request r(Ask::Inspect, ref(selected()));
  r.shapes.push_back(w);
  ask(std::move(r));
}

void SandboxState::replace_pair(int a, const Shape& sa, int b, const Shape& sb,
                                const std::string& message) {
  if (!doc.valid(a) || !doc.valid(b) || a == b || tools.drag.kind != DragKind::None) return;
  flush_ui_edit();
  const Scene before = doc.scene;
  doc.shape(a) = sa;
  doc.shape(b) = sb;
  doc.repose(a);
  doc.repose(b);
  commit(before);
  pin(a, b);
  set_pending(-1);
  say(message);
}

void SandboxState::load_scene(Scene s, std::string file) {
  tools.drag = Drag{};
  mover_stop();
  insp.before.reset();
  doc.history = History{};
  doc.scene = std::move(s);
  doc.changed();
  doc.path = std::move(file);
  selection = Selection{};
  tools.poly_tool = false;
  tools.poly_pts.clear();
  set_line_tool(LineTool::None);
  cache.masks.clear();
  insp.error.clear();
  insp.refused = false;
  play_forget();
  forget_analysis();
  // A scene or lesson opens with its own settings: what it does not set is the default, not
  // whatever the previous scene left (algorithms, accuracy, colouring, step mode, resolve).
  algos = start_algos();
  accuracy = 1.0f;
  colour_algo = 0;
  auto_resolve = ResolveMode::Off;
  sat_show_early = false;
  scrub_t = 0.5f;
  stepper = teach::Stepper{};
  doc.repose();
  apply_teaching();
  mark_saved();
  say(doc.path.empty() ? "Scene loaded." : "Opened " + doc.path + ".");
}

}  // namespace hitbox::app
