// Input: the selection's handles, picking, drags (move, rotate, scale, velocity, spin) and the
// sandbox's keys. The shell hands over SDL events with the camera (Sandbox::on_event). A
// press selects and a drag moves its shape at once; the edits keys and tools make are
// requests (request.h), applied at the frame's edit point.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "algos/draw.h"
#include "hitbox/limits.h"
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

float SandboxState::spin_ring(int i) const {
  const Collider& b = doc.body(i);
  return b.pos.y - b.bounds.min.y + (kRotateGapPx + kSpinGapPx) / cam.zoom;
}

Vec2 SandboxState::spin_handle(int i) const {
  const double a = (doc.shape(i).spin - 90.0) * kPi / 180.0;  // up, turned clockwise by spin
  return doc.body(i).pos +
         spin_ring(i) * Vec2(static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a)));
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

Vec2 SandboxState::capsule_handle(int i, int which) const {
  const Shape& s = doc.shape(i);
  const Vec2 e0 = to_f(to_world(s, s.points[0])), e1 = to_f(to_world(s, s.points[1]));
  if (which < 2) return which == 0 ? e0 : e1;
  const Vec2 d = e1 - e0;
  const Vec2 n = Vec2(-d.y, d.x) / std::max(length(d), 1e-6f);
  return e1 + n * static_cast<float>(s.radius * s.scale);
}

DragKind SandboxState::handle_at(Vec2 w) const {
  if (selected() < 0) return DragKind::None;
  const float r = kHandlePickPx / cam.zoom;
  if (doc.shape(selected()).kind == Kind::Capsule) {
    if (length(w - capsule_handle(selected(), 2)) <= r) return DragKind::CapsuleRadius;
    if (length(w - capsule_handle(selected(), 0)) <= r) return DragKind::CapsuleEnd0;
    if (length(w - capsule_handle(selected(), 1)) <= r) return DragKind::CapsuleEnd1;
  }
  if (length(w - vel_handle(selected())) <= r) return DragKind::Velocity;
  if (length(w - rotate_handle(selected())) <= r) return DragKind::Rotate;
  if (length(w - spin_handle(selected())) <= r) return DragKind::Spin;
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
    case DragKind::Spin:
      tools.drag.start_spin = s.spin;
      tools.drag.last_angle = angle_deg(w - b.pos);
      break;
    case DragKind::CapsuleEnd0:
    case DragKind::CapsuleEnd1:
    case DragKind::CapsuleRadius: {
      // Where the handle sits against the pointer, so a press does not jump it.
      const int which = kind == DragKind::CapsuleEnd0 ? 0 : kind == DragKind::CapsuleEnd1 ? 1 : 2;
      tools.drag.offset = to_d(capsule_handle(i, which) - w);
      break;
    }
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
    case DragKind::Spin: {
      // Wound, not read off the ring: each move adds the pointer's turn (under half a turn),
      // so going round twice gives 720.
      const float now = angle_deg(w - to_f(s.pos));
      tools.drag.wound += std::remainder(static_cast<double>(now - tools.drag.last_angle), 360.0);
      tools.drag.last_angle = now;
      double v = tools.drag.start_spin + tools.drag.wound;
      if (shift) v = std::round(v / 15.0) * 15.0;
      s.spin = std::clamp(v, -kMaxSpin, kMaxSpin);
      break;
    }
    case DragKind::CapsuleEnd0:
    case DragKind::CapsuleEnd1:
      s.points[tools.drag.kind == DragKind::CapsuleEnd0 ? 0 : 1] =
          to_local(s, to_d(w) + tools.drag.offset);
      break;
    case DragKind::CapsuleRadius: {
      // The handle's distance from the core segment, in local units.
      const DVec2 p = to_local(s, to_d(w) + tools.drag.offset);
      const DVec2 a = s.points[0], e = s.points[1] - s.points[0];
      const double t = std::clamp(glm::dot(p - a, e) / std::max(glm::dot(e, e), 1e-12), 0.0, 1.0);
      double r = glm::length(p - (a + t * e));
      if (shift) r = std::max(std::round(r), 1.0);
      s.radius = r;
      break;
    }
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
  if (play.grabbing) return true;
  if (play_grab(w)) return true;  // playing: a dynamic body is grabbed, not moved
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
  // The mover's keys come before step mode's Left / Right (N / P still step).
  if (mover_key(key, true)) return true;
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
    case SDLK_m:  // the Mover tool: on with the selected capsule (or a new one), or off
      if (!k.repeat) ask(Ask::Mover);
      return true;
    default:
      return false;
  }
}

bool SandboxState::key_up(const SDL_KeyboardEvent& k) {
  return mover_key(k.keysym.sym, false);
}

}  // namespace hitbox::app
