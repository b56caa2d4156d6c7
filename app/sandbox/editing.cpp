// Editing: every change to the scene (adding, duplicating, deleting, mirroring, moving,
// resolving, the polygon tool, the inspector, undo and redo, saving). Each is one undo step,
// and every numeric change is checked against the ranges a scene file can hold. Besides a
// drag, they run from apply_requests (requests.cpp), the frame's one edit point.
#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/limits.h"
#include "hitbox/report.h"
#include "hitbox/slice.h"
#include "overlays/overlays.h"
#include "platform/assets.h"
#include "platform/image.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace {

// New shapes.
constexpr double kNewRectW = 140.0, kNewRectH = 90.0, kNewCircleR = 55.0;
constexpr double kNewCapsuleHalf = 60.0, kNewCapsuleR = 30.0;
constexpr double kDuplicateOffset = 24.0;

// The PNG files in `dir`, sorted by name.
std::vector<std::string> list_sprites(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".png" && it->is_regular_file(ec))
      names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// A polygon through world points `pts`, its origin at their mean.
Shape polygon_at_centroid(const std::vector<DVec2>& pts) {
  DVec2 c(0.0, 0.0);
  for (const DVec2& q : pts) c += q;
  c /= static_cast<double>(pts.size());
  Shape s;
  s.id = "poly";
  s.kind = Kind::Polygon;
  s.pos = c;
  for (const DVec2& q : pts) s.points.push_back(q - c);
  return s;
}

}  // namespace

// Every numeric edit of a shape (drags, the inspector, moves) goes through here. A value a
// scene file could not hold (hitbox/limits.h: a position beyond 1e6, a negative size, a
// scale of 0) is refused with its field named, and the shape stays as it was.
bool SandboxState::edit_shape(int i, const Shape& candidate) {
  if (const auto problem = shape_problem(candidate)) {
    say(strf("Refused: %s, field \"%s\": %s", candidate.id.c_str(), problem->field.c_str(),
             problem->message.c_str()),
        true);
    return false;
  }
  if (candidate.id != doc.shape(i).id) renamed(i, candidate.id);
  doc.shape(i) = candidate;
  doc.repose(i);
  return true;
}

void SandboxState::say(std::string text, bool error) {
  message = std::move(text);
  message_error = error;
}

// The undo step is recorded with the version `before` had. An edit made at once gets a new
// version here; a drag or inspector edit already has one from its steps; a scene that ended
// as it was gets its old version back.
void SandboxState::commit(const Scene& before, std::uint64_t before_version) {
  if (before != doc.scene) {
    doc.history.record(before, before_version);
    if (doc.version == before_version) doc.changed();
  } else {
    doc.version = before_version;
  }
}

SavedSettings SandboxState::settings() const {
  SavedSettings out{algos, accuracy, "", ""};
  const Pair p = focus_pair();
  if (p.valid()) {
    out.focus_a = doc.shape(p.a).id;
    out.focus_b = doc.shape(p.b).id;
  }
  return out;
}

void SandboxState::mark_saved() {
  doc.saved_version = doc.version;
  doc.saved_settings = settings();
}

bool SandboxState::unsaved() const {
  return doc.version != doc.saved_version || settings() != doc.saved_settings;
}

// An inspector edit ended. When it ended on a refused value, the values taken on the way
// there were only what the field held while it was typed ("1e3" on the way to "1e30", as
// Dear ImGui applies a typed number at every keystroke), so the shape goes back to where
// the edit started, and the message says so.
void SandboxState::flush_ui_edit() {
  if (insp.before && insp.refused) {
    if (*insp.before != doc.scene) {
      // The same shapes by index: the edit may have renamed one.
      const int s = selected(), a = pin_a(), b = pin_b(), p = pending_pick();
      doc.scene = *insp.before;
      doc.repose();
      select(s);
      pin(a, b);
      set_pending(p);
      insp.error += "; back at the value before the edit.";
    }
    doc.version = insp.before_version;
  } else if (insp.before) {
    commit(*insp.before, insp.before_version);
  }
  insp.before.reset();
  insp.refused = false;
}

// What names a gone shape is dropped (a pinned pair as a whole), so that a later edit bringing
// a shape with that id back does not bring it back; the others' cached indices are renewed.
void SandboxState::settle() {
  for (ShapeRef* r : {&selection.sel, &selection.pin_a, &selection.pin_b, &selection.pending})
    *r = doc.ref(doc.locate(*r));
  if (selection.pin_a.index < 0 || selection.pin_b.index < 0) unpin();
}

void SandboxState::renamed(int i, const std::string& id) {
  for (ShapeRef* r : {&selection.sel, &selection.pin_a, &selection.pin_b, &selection.pending})
    if (i >= 0 && doc.locate(*r) == i) *r = ShapeRef{i, id};
}

void SandboxState::undo_redo(bool redo) {
  if (tools.drag.kind != DragKind::None) return;
  flush_ui_edit();
  const bool ok =
      redo ? doc.history.redo(doc.scene, doc.version) : doc.history.undo(doc.scene, doc.version);
  if (!ok) {
    say(redo ? "Nothing to redo." : "Nothing to undo.");
    return;
  }
  doc.repose();
  settle();  // the selection and focus stay on their ids
  say(redo ? "Redone." : "Undone.");
}

std::string SandboxState::unique_id(const std::string& want) const {
  if (!want.empty() && doc.scene.find(want) < 0) return want;
  std::string base = want.empty() ? std::string("shape") : want;
  // "box_3" -> "box"
  const std::size_t us = base.rfind('_');
  if (us != std::string::npos && us + 1 < base.size() &&
      base.find_first_not_of("0123456789", us + 1) == std::string::npos)
    base.resize(us);
  for (int n = 2;; ++n) {
    std::string id = base + "_" + std::to_string(n);
    if (doc.scene.find(id) < 0) return id;
  }
}

// ---- edits (each one undo step) ----
void SandboxState::add_shape(Shape s) {
  flush_ui_edit();
  const Scene before = doc.scene;
  s.id = unique_id(s.id);
  doc.scene.shapes.push_back(std::move(s));
  doc.repose();
  select(doc.count() - 1);
  commit(before);
}

// Where a new shape goes: the middle of the free area the panels leave (the whole window
// before the first layout), moved down and right while a shape's origin is already there.
DVec2 SandboxState::view_centre() const {
  Vec2 centre(640.0f, 400.0f);
  if (!layout.free.empty()) {
    centre =
        Vec2(0.5f * (layout.free.x0 + layout.free.x1), 0.5f * (layout.free.y0 + layout.free.y1));
  } else if (ImGui::GetCurrentContext()) {
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    if (d.x > 0 && d.y > 0) centre = Vec2(0.5f * d.x, 0.5f * d.y);
  }
  DVec2 at = to_d(cam.to_world(centre));
  const double step = kDuplicateOffset / static_cast<double>(cam.zoom);
  for (int tries = 0; tries < 50; ++tries) {
    const bool taken =
        std::any_of(doc.scene.shapes.begin(), doc.scene.shapes.end(), [&](const Shape& o) {
          return std::abs(o.pos.x - at.x) < 0.5 * step && std::abs(o.pos.y - at.y) < 0.5 * step;
        });
    if (!taken) break;
    at += DVec2(step, step);
  }
  return at;
}

void SandboxState::add_rect() {
  Shape s;
  s.id = "rect";
  s.kind = Kind::Rect;
  s.pos = view_centre();
  s.size = DVec2(kNewRectW, kNewRectH);
  add_shape(std::move(s));
  say("Added " + doc.shape(selected()).id + ".");
}

void SandboxState::add_circle() {
  Shape s;
  s.id = "circle";
  s.kind = Kind::Circle;
  s.pos = view_centre();
  s.radius = kNewCircleR;
  add_shape(std::move(s));
  say("Added " + doc.shape(selected()).id + ".");
}

void SandboxState::add_capsule() {
  Shape s;
  s.id = "capsule";
  s.kind = Kind::Capsule;
  s.pos = view_centre();
  s.points = {DVec2(-kNewCapsuleHalf, 0.0), DVec2(kNewCapsuleHalf, 0.0)};
  s.radius = kNewCapsuleR;
  add_shape(std::move(s));
  say("Added " + doc.shape(selected()).id + ".");
}

void SandboxState::refresh_sprite_files() {
  sprite_files = list_sprites(sprites_dir());
  sprites_listed = true;
  sprite_choice =
      std::clamp(sprite_choice, 0, std::max(static_cast<int>(sprite_files.size()) - 1, 0));
}

// A sprite from assets/sprites at the view centre. Its image path is written relative to
// the scene file's directory (as scene files have it), or absolute without a scene file.
void SandboxState::add_sprite(const std::string& file) {
  add_sprite_file((sprites_dir() / file).string());
}

// A PNG by path (the user's own, or a bundled one): loaded as a scene file's sprite would be;
// an unreadable file or one too large for a scene is refused with the reason.
void SandboxState::add_sprite_file(const std::string& file) {
  namespace fs = std::filesystem;
  const fs::path full(file);
  std::string error;
  std::shared_ptr<const SpriteImage> img = png_loader()(full.string(), &error);
  if (!img) {
    say("Cannot add the sprite " + full.string() + ": " + error, true);
    return;
  }
  std::error_code ec;
  fs::path image = fs::absolute(full, ec);
  if (ec) image = full;
  if (!doc.path.empty()) {
    const fs::path rel =
        fs::proximate(image, fs::absolute(fs::path(doc.path), ec).parent_path(), ec);
    if (!ec && !rel.empty()) image = rel;
  }
  Shape s;
  s.id = full.stem().string();
  if (s.id.empty()) s.id = "sprite";
  s.kind = Kind::Sprite;
  s.pos = view_centre();
  s.image = image.generic_string();
  s.pixels.image = std::move(img);
  if (const auto problem = shape_problem(s)) {
    say("Cannot add the sprite " + full.string() + ": " + problem->field + " " + problem->message,
        true);
    return;
  }
  add_shape(std::move(s));
  say("Added " + doc.shape(selected()).id + " (" + doc.shape(selected()).image + ").");
}

void SandboxState::duplicate(int i) {
  if (!doc.valid(i) || tools.drag.kind != DragKind::None) return;
  Shape s = doc.shape(i);
  s.pos += DVec2(kDuplicateOffset, kDuplicateOffset);
  const std::string from = s.id;
  add_shape(std::move(s));
  say("Duplicated " + from + " as " + doc.shape(selected()).id + ".");
}

void SandboxState::erase(int gone) {
  if (!doc.valid(gone) || tools.drag.kind != DragKind::None) return;
  flush_ui_edit();
  const Scene before = doc.scene;
  const std::string id = doc.shape(gone).id;
  doc.scene.shapes.erase(doc.scene.shapes.begin() + gone);
  doc.repose();
  settle();
  commit(before);
  say("Deleted " + id + ".");
}

void SandboxState::toggle_mirror(int i, bool x) {
  if (!doc.valid(i) || tools.drag.kind != DragKind::None) return;
  flush_ui_edit();
  const Scene before = doc.scene;
  Shape& s = doc.shape(i);
  (x ? s.mirror_x : s.mirror_y) = !(x ? s.mirror_x : s.mirror_y);
  doc.repose(i);
  commit(before);
  say(strf("%s: mirror %s %s.", s.id.c_str(), x ? "x" : "y",
           (x ? s.mirror_x : s.mirror_y) ? "on" : "off"));
}

void SandboxState::translate(int i, Vec2 d) {
  Shape s = doc.shape(i);
  s.pos += to_d(d);
  edit_shape(i, s);
}

// Apply an MTD to the focus pair: A moves by the vector, B by minus it, or half each.
bool SandboxState::apply_mtd(const Pair& p, ResolveMode mode) {
  if (!p.valid() || !algo_supports(kAlgoMtd, doc.shape(p.a).kind, doc.shape(p.b).kind))
    return false;
  const MtdResult m = hitbox::mtd(doc.body(p.a), doc.body(p.b));
  if (!m.hit) return false;
  switch (mode) {
    case ResolveMode::Off:
      return false;
    case ResolveMode::MoveA:
      translate(p.a, m.vector);
      break;
    case ResolveMode::MoveB:
      translate(p.b, -m.vector);
      break;
    case ResolveMode::Half:
      translate(p.a, m.vector * 0.5f);
      translate(p.b, -m.vector * 0.5f);
      break;
  }
  return true;
}

void SandboxState::resolve(const Pair& p) {
  flush_ui_edit();
  const Scene before = doc.scene;
  if (apply_mtd(p, ResolveMode::MoveA)) {
    commit(before);
    say("Resolved: moved " + doc.shape(p.a).id + " out of " + doc.shape(p.b).id + ".");
  } else {
    say("Nothing to resolve: the pair does not overlap.");
  }
}

// The scene with the window's teaching state: algorithms, focus pair, accuracy, mover.
Scene SandboxState::scene_to_save() const {
  Scene out = doc.scene;
  out.algorithms = algos;
  out.focus.reset();
  const Pair p = focus_pair();
  if (p.valid()) out.focus = std::make_pair(doc.shape(p.a).id, doc.shape(p.b).id);
  out.accuracy = static_cast<double>(accuracy);
  out.mover.reset();
  if (const int m = mover_index(); m >= 0) out.mover = doc.shape(m).id;
  return out;
}

// A scene's own algorithms, focus, accuracy and mover, when it has them.
void SandboxState::apply_teaching() {
  if (doc.scene.algorithms) algos = *doc.scene.algorithms & kAllAlgos;
  if (doc.scene.accuracy && valid_accuracy(static_cast<float>(*doc.scene.accuracy)))
    accuracy = static_cast<float>(*doc.scene.accuracy);
  if (doc.scene.focus) {
    // The scene's pair: A selected, and pinned only when B is not A's nearest shape anyway
    // (a plain click elsewhere then moves the focus, as everywhere else).
    const int a = doc.scene.find(doc.scene.focus->first),
              b = doc.scene.find(doc.scene.focus->second);
    if (a >= 0 && b >= 0 && a != b) {
      select(a);
      if (nearest(a) != b) pin(a, b);
    }
  }
  if (doc.scene.mover) mover_start(doc.scene.find(*doc.scene.mover));
}

// ---- polygon tool ----
void SandboxState::start_poly_tool() {
  if (tools.drag.kind != DragKind::None) return;
  tools.poly_tool = true;
  tools.poly_pts.clear();
  message.clear();
}

void SandboxState::cancel_poly_tool() {
  tools.poly_tool = false;
  tools.poly_pts.clear();
  say("Polygon cancelled.");
}

void SandboxState::finish_poly_tool() {
  const std::vector<DVec2> pts = tools.poly_pts;
  tools.poly_tool = false;
  tools.poly_pts.clear();
  if (pts.size() < 3) {
    say(strf("Polygon rejected: it needs at least 3 points (got %zu).", pts.size()), true);
    return;
  }
  if (!tools.poly_hull) {
    // The outline as drawn, concave or not; a crossing outline is refused with its edges.
    const std::string problem = polygon_problem(pts);
    if (!problem.empty()) {
      say("Polygon rejected: " + problem, true);
      return;
    }
    add_shape(polygon_at_centroid(pts));
    const bool concave = has_pieces(doc.body(selected()));
    say(strf("Added %s with %zu points%s.", doc.shape(selected()).id.c_str(), pts.size(),
             concave ? strf(", concave: %d convex pieces", doc.body(selected()).piece_count).c_str()
                     : ""));
    return;
  }
  const std::vector<DVec2> hull = convex_hull(pts);
  const std::string problem = polygon_problem(hull);
  if (!problem.empty()) {
    if (hull.size() < pts.size())
      say(strf("Polygon rejected: the convex hull of the %zu points keeps %zu (inside, "
               "collinear or repeated points go), and then: %s",
               pts.size(), hull.size(), problem.c_str()),
          true);
    else
      say("Polygon rejected: " + problem, true);
    return;
  }
  add_shape(polygon_at_centroid(hull));
  const std::size_t dropped = pts.size() - hull.size();
  if (dropped > 0)
    say(
        strf("Added %s with %zu points: %zu point%s dropped because the convex hull keeps "
             "only %zu (inside or collinear points go).",
             doc.shape(selected()).id.c_str(), hull.size(), dropped,
             dropped == 1 ? " was" : "s were", hull.size()));
  else
    say(strf("Added %s with %zu points.", doc.shape(selected()).id.c_str(), hull.size()));
}

void SandboxState::set_line_tool(LineTool t) {
  tools.line_tool = t;
  tools.line_dragging = false;
  tools.line_shown = false;
  tools.ray_hits.clear();
  if (t != LineTool::None) {
    tools.poly_tool = false;
    tools.poly_pts.clear();
  }
  if (t == LineTool::Ray) say("Ray tool: press and drag from where the ray starts. Esc closes it.");
  if (t == LineTool::Slice)
    say("Slice tool: drag a line right across rectangles or polygons to cut them. Esc closes it.");
}

void SandboxState::slice_along(Vec2 a, Vec2 b) {
  flush_ui_edit();
  const Scene before = doc.scene;
  std::vector<Shape> out;
  int cut = 0, pieces = 0;
  for (const Shape& sh : doc.scene.shapes) {
    std::vector<Shape> parts;
    if (sh.kind == Kind::Rect || sh.kind == Kind::Polygon)
      parts = slice_shape(sh, to_d(a), to_d(b));
    if (parts.size() <= 1) {
      out.push_back(sh);
      continue;
    }
    ++cut;
    pieces += static_cast<int>(parts.size());
    for (Shape& p : parts) out.push_back(std::move(p));
  }
  if (cut == 0) {
    say("Nothing sliced: the line must cross a rectangle or polygon completely.");
    return;
  }
  doc.scene.shapes = std::move(out);
  // Ids stay unique: a piece whose id another shape already has gets a fresh one.
  for (std::size_t i = 0; i < doc.scene.shapes.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (doc.scene.shapes[j].id == doc.scene.shapes[i].id) {
        Shape& s = doc.scene.shapes[i];
        std::string id = s.id;
        s.id.clear();
        s.id = unique_id(id);
        break;
      }
    }
  }
  selection = Selection{};
  forget_analysis();
  cache.masks.clear();
  doc.repose();
  commit(before);
  say(strf("Sliced %d shape%s into %d pieces (Ctrl+Z brings %s back).", cut, cut == 1 ? "" : "s",
           pieces, cut == 1 ? "it" : "them"));
}

void SandboxState::inspect(int i, const Shape& w) {
  if (!doc.valid(i) || shape_problem(w)) return;
  if (!insp.before) {
    insp.before = doc.scene;
    insp.before_version = doc.version;
  }
  if (w.id != doc.shape(i).id) renamed(i, w.id);
  doc.shape(i) = w;
  doc.repose(i);
  doc.changed();
}

}  // namespace hitbox::app
