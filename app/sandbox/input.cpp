// Input: the selection's handles, picking, drags (move, rotate, scale, velocity) and the
// sandbox's keys. The shell hands over SDL events with the camera (Sandbox::on_event). A
// press selects and a drag moves its shape at once; the edits keys and tools make are
// requests (request.h), applied at the frame's edit point.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "algos/draw.h"
#include "overlays/overlays.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace {

constexpr double kPi = 3.14159265358979323846;

float angle_deg(Vec2 d) {
  return static_cast<float>(std::atan2(d.y, d.x) * 180.0 / kPi);
}

}  // namespace

Vec2 SandboxState::rotate_handle(int i) const {
  const Collider& b = doc.body(i);
  return Vec2(b.pos.x, b.bounds.min.y - kRotateGapPx / cam.zoom);
}

Vec2 SandboxState::scale_handle(int i) const {
  return doc.body(i).bounds.max + Vec2(kScaleGapPx, kScaleGapPx) / cam.zoom;
}

bool SandboxState::vel_is_stub(int i) const {
  return length(doc.body(i).vel) * cam.zoom < kVelStubPx;
}

Vec2 SandboxState::vel_handle(int i) const {
  const Collider& b = doc.body(i);
  if (vel_is_stub(i)) return Vec2(b.bounds.max.x + kVelStubPx / cam.zoom, b.pos.y);
  return b.pos + b.vel;
}

DragKind SandboxState::handle_at(Vec2 w) const {
  if (selected() < 0) return DragKind::None;
  const float r = kHandlePickPx / cam.zoom;
  if (length(w - vel_handle(selected())) <= r) return DragKind::Velocity;
  if (length(w - rotate_handle(selected())) <= r) return DragKind::Rotate;
  if (length(w - scale_handle(selected())) <= r) return DragKind::Scale;
  return DragKind::None;
}

int SandboxState::pick(Vec2 w) const {
  for (int i = doc.count() - 1; i >= 0; --i)
    if (contains(doc.body(i), w)) return i;
  return -1;
}

// ---- dragging ----
void SandboxState::start_drag(DragKind kind, int i, Vec2 w) {
  flush_ui_edit();
  tools.drag = Drag{};
  tools.drag.kind = kind;
  tools.drag.index = i;
  tools.drag.before = doc.scene;
  tools.drag.before_version = doc.version;
  const Shape& s = doc.shape(i);
  const Collider& b = doc.body(i);
  tools.drag.start_angle = s.angle;
  tools.drag.start_scale = s.scale;
  switch (kind) {
    case DragKind::Move:
      tools.drag.offset = s.pos - to_d(w);
      break;
    case DragKind::Velocity:
      tools.drag.offset = vel_is_stub(i) ? DVec2(0.0, 0.0) : to_d(b.pos + b.vel - w);
      break;
    case DragKind::Rotate:
      tools.drag.grab_angle = angle_deg(w - b.pos);
      break;
    case DragKind::Scale:
      tools.drag.grab_dist = std::max(length(w - b.pos), 1e-3f);
      break;
    case DragKind::None:
      break;
  }
}

void SandboxState::drag_to(Vec2 w, bool shift) {
  if (!doc.valid(tools.drag.index)) {
    tools.drag.kind = DragKind::None;
    return;
  }
  Shape s = doc.shape(tools.drag.index);
  switch (tools.drag.kind) {
    case DragKind::Move:
      s.pos = to_d(w) + tools.drag.offset;
      break;
    case DragKind::Rotate: {
      double a = tools.drag.start_angle + (angle_deg(w - to_f(s.pos)) - tools.drag.grab_angle);
      if (shift) a = std::round(a / 15.0) * 15.0;
      a = std::fmod(a, 360.0);
      if (a < 0.0) a += 360.0;
      s.angle = a;
      break;
    }
    case DragKind::Scale: {
      double k = tools.drag.start_scale * length(w - to_f(s.pos)) / tools.drag.grab_dist;
      if (shift) k = std::round(k * 10.0) / 10.0;
      s.scale = std::max(k, 0.05);
      break;
    }
    case DragKind::Velocity:
      s.vel = to_d(w) + tools.drag.offset - s.pos;
      break;
    case DragKind::None:
      return;
  }
  if (!edit_shape(tools.drag.index, s)) return;
  if (auto_resolve != ResolveMode::Off) {
    const Pair p = focus_pair();
    if (p.a == tools.drag.index || p.b == tools.drag.index) apply_mtd(p, auto_resolve);
  }
  doc.changed();
}

void SandboxState::end_drag() {
  if (tools.drag.kind == DragKind::None) return;
  commit(tools.drag.before, tools.drag.before_version);
  tools.drag = Drag{};
}

void SandboxState::cancel_drag() {
  if (tools.drag.kind == DragKind::None) return;
  doc.scene = tools.drag.before;
  doc.version = tools.drag.before_version;
  doc.repose();
  tools.drag = Drag{};
  say("Drag cancelled.");
}

// ---- events ----
bool SandboxState::mouse_down(Vec2 w, int clicks, SDL_Keymod mod) {
  const bool ctrl = (mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  if (tools.poly_tool) {
    if (clicks >= 2)
      ask(Ask::PolygonFinish);
    else
      tools.poly_pts.push_back(to_d(w));
    return true;
  }
  if (tools.drag.kind != DragKind::None) return true;
  if (tools.line_tool != LineTool::None) {
    tools.line_a = tools.line_b = w;
    tools.line_dragging = true;
    tools.line_shown = tools.line_tool == LineTool::Ray;
    return true;
  }
  if (ctrl) {
    ctrl_pick(pick(w));
    return true;
  }
  const DragKind h = handle_at(w);
  if (h != DragKind::None) {
    start_drag(h, selected(), w);
    return true;
  }
  const int i = pick(w);
  select(i);
  if (i >= 0) start_drag(DragKind::Move, i, w);
  return true;
}

bool SandboxState::key_down(const SDL_KeyboardEvent& k) {
  if (k.keysym.sym == SDLK_F1 || k.keysym.sym == SDLK_QUESTION ||
      (k.keysym.sym == SDLK_SLASH && (k.keysym.mod & KMOD_SHIFT) != 0)) {
    if (!k.repeat) show_help = !show_help;
    return true;
  }
  if (k.keysym.sym == SDLK_ESCAPE && show_help && tools.drag.kind == DragKind::None) {
    show_help = false;
    return true;
  }
  if (k.keysym.sym == SDLK_ESCAPE && tools.line_tool != LineTool::None) {
    ask(Request::line_tool(LineTool::None, false));
    return true;
  }
  const SDL_Keycode key = k.keysym.sym;
  const bool ctrl = (k.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
  const bool shift = (k.keysym.mod & KMOD_SHIFT) != 0;
  if (tools.poly_tool) {
    switch (key) {
      case SDLK_RETURN:
      case SDLK_KP_ENTER:
        ask(Ask::PolygonFinish);
        return true;
      case SDLK_ESCAPE:
        ask(Ask::PolygonCancel);
        return true;
      case SDLK_BACKSPACE:
        if (!tools.poly_pts.empty()) tools.poly_pts.pop_back();
        return true;
      default:
        break;
    }
  }
  if (key == SDLK_ESCAPE && tools.drag.kind != DragKind::None) {
    cancel_drag();
    return true;
  }
  if (ctrl) {
    switch (key) {
      case SDLK_z:
        ask(shift ? Ask::Redo : Ask::Undo);
        return true;
      case SDLK_y:
        ask(Ask::Redo);
        return true;
      case SDLK_d:
        if (!k.repeat && selected() >= 0) ask(Request(Ask::Duplicate, ref(selected())));
        return true;
      default:
        return false;
    }
  }
  if (stepper.key(key, step_counts())) return true;
  switch (key) {
    case SDLK_DELETE:
      if (!k.repeat && selected() >= 0) ask(Request(Ask::Delete, ref(selected())));
      return true;
    case SDLK_h:
    case SDLK_v:
      if (!k.repeat && selected() >= 0) ask(Request::mirror(ref(selected()), key == SDLK_h));
      return true;
    case SDLK_r:  // the ray tool
      if (!k.repeat) ask(Request::line_tool(LineTool::Ray, true));
      return true;
    case SDLK_c:  // the slice ("cut") tool
      if (!k.repeat) ask(Request::line_tool(LineTool::Slice, true));
      return true;
    default:
      return false;
  }
}

}  // namespace hitbox::app
