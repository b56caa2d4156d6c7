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
  shape(i) = candidate;
  repose(i);
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
  if (before != scene) {
    history.record(before, before_version);
    if (version == before_version) changed();
  } else {
    version = before_version;
  }
}

SandboxState::SavedSettings SandboxState::settings() const {
  SavedSettings out{algos, accuracy, "", ""};
  const Pair p = focus_pair();
  if (p.valid()) {
    out.focus_a = shape(p.a).id;
    out.focus_b = shape(p.b).id;
  }
  return out;
}

void SandboxState::mark_saved() {
  saved_version = version;
  saved_settings = settings();
}

bool SandboxState::unsaved() const {
  return version != saved_version || settings() != saved_settings;
}

// An inspector edit ended. When it ended on a refused value, the values taken on the way
// there were only what the field held while it was typed ("1e3" on the way to "1e30", as
// Dear ImGui applies a typed number at every keystroke), so the shape goes back to where
// the edit started, and the message says so.
void SandboxState::flush_ui_edit() {
  if (ui_before && inspector_refused) {
    if (*ui_before != scene) {
      scene = *ui_before;
      repose();
      inspector_error += "; back at the value before the edit.";
    }
    version = ui_before_version;
  } else if (ui_before) {
    commit(*ui_before, ui_before_version);
  }
  ui_before.reset();
  inspector_refused = false;
}

// Replace the scene (undo/redo), keeping selection and focus on the same ids.
void SandboxState::restore_ids(const std::string& sel_id, const std::string& a_id,
                               const std::string& b_id, const std::string& pend_id, bool had_sel,
                               bool had_a, bool had_b, bool had_pend) {
  sel = had_sel ? scene.find(sel_id) : -1;
  pin_a = had_a ? scene.find(a_id) : -1;
  pin_b = had_b ? scene.find(b_id) : -1;
  pending_pick = had_pend ? scene.find(pend_id) : -1;
  if (pin_a < 0 || pin_b < 0) pin_a = pin_b = -1;
}

void SandboxState::undo_redo(bool redo) {
  if (drag.kind != DragKind::None) return;
  flush_ui_edit();
  const bool hs = valid(sel), ha = valid(pin_a), hb = valid(pin_b), hp = valid(pending_pick);
  const std::string s = hs ? shape(sel).id : "", a = ha ? shape(pin_a).id : "",
                    b = hb ? shape(pin_b).id : "", p = hp ? shape(pending_pick).id : "";
  const bool ok = redo ? history.redo(scene, version) : history.undo(scene, version);
  if (!ok) {
    say(redo ? "Nothing to redo." : "Nothing to undo.");
    return;
  }
  repose();
  restore_ids(s, a, b, p, hs, ha, hb, hp);
  say(redo ? "Redone." : "Undone.");
}

// Indices after erasing shape `gone`.
void SandboxState::after_erase(int& i, int gone) {
  if (i == gone)
    i = -1;
  else if (i > gone)
    --i;
}

std::string SandboxState::unique_id(const std::string& want) const {
  if (!want.empty() && scene.find(want) < 0) return want;
  std::string base = want.empty() ? std::string("shape") : want;
  // "box_3" -> "box"
  const std::size_t us = base.rfind('_');
  if (us != std::string::npos && us + 1 < base.size() &&
      base.find_first_not_of("0123456789", us + 1) == std::string::npos)
    base.resize(us);
  for (int n = 2;; ++n) {
    std::string id = base + "_" + std::to_string(n);
    if (scene.find(id) < 0) return id;
  }
}

// ---- edits (each one undo step) ----
void SandboxState::add_shape(Shape s) {
  flush_ui_edit();
  const Scene before = scene;
  s.id = unique_id(s.id);
  scene.shapes.push_back(std::move(s));
  repose();
  sel = count() - 1;
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
    const bool taken = std::any_of(scene.shapes.begin(), scene.shapes.end(), [&](const Shape& o) {
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
  say("Added " + shape(sel).id + ".");
}

void SandboxState::add_circle() {
  Shape s;
  s.id = "circle";
  s.kind = Kind::Circle;
  s.pos = view_centre();
  s.radius = kNewCircleR;
  add_shape(std::move(s));
  say("Added " + shape(sel).id + ".");
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
  if (!path.empty()) {
    const fs::path rel = fs::proximate(image, fs::absolute(fs::path(path), ec).parent_path(), ec);
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
  say("Added " + shape(sel).id + " (" + shape(sel).image + ").");
}

void SandboxState::duplicate(int i) {
  if (!valid(i) || drag.kind != DragKind::None) return;
  Shape s = shape(i);
  s.pos += DVec2(kDuplicateOffset, kDuplicateOffset);
  const std::string from = s.id;
  add_shape(std::move(s));
  say("Duplicated " + from + " as " + shape(sel).id + ".");
}

void SandboxState::erase(int gone) {
  if (!valid(gone) || drag.kind != DragKind::None) return;
  flush_ui_edit();
  const Scene before = scene;
  const std::string id = shape(gone).id;
  scene.shapes.erase(scene.shapes.begin() + gone);
  repose();
  after_erase(sel, gone);
  after_erase(pin_a, gone);
  after_erase(pin_b, gone);
  after_erase(pending_pick, gone);
  if (pin_a < 0 || pin_b < 0) pin_a = pin_b = -1;
  commit(before);
  say("Deleted " + id + ".");
}

void SandboxState::toggle_mirror(int i, bool x) {
  if (!valid(i) || drag.kind != DragKind::None) return;
  flush_ui_edit();
  const Scene before = scene;
  Shape& s = shape(i);
  (x ? s.mirror_x : s.mirror_y) = !(x ? s.mirror_x : s.mirror_y);
  repose(i);
  commit(before);
  say(strf("%s: mirror %s %s.", s.id.c_str(), x ? "x" : "y",
           (x ? s.mirror_x : s.mirror_y) ? "on" : "off"));
}

void SandboxState::translate(int i, Vec2 d) {
  Shape s = shape(i);
  s.pos += to_d(d);
  edit_shape(i, s);
}

// Apply an MTD to the focus pair: A moves by the vector, B by minus it, or half each.
bool SandboxState::apply_mtd(const Pair& p, ResolveMode mode) {
  if (!p.valid() || !algo_supports(kAlgoMtd, shape(p.a).kind, shape(p.b).kind)) return false;
  const MtdResult m = hitbox::mtd(body(p.a), body(p.b));
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
  const Scene before = scene;
  if (apply_mtd(p, ResolveMode::MoveA)) {
    commit(before);
    say("Resolved: moved " + shape(p.a).id + " out of " + shape(p.b).id + ".");
  } else {
    say("Nothing to resolve: the pair does not overlap.");
  }
}

// The scene with the window's teaching state: algorithms, focus pair, accuracy.
Scene SandboxState::scene_to_save() const {
  Scene out = scene;
  out.algorithms = algos;
  out.focus.reset();
  const Pair p = focus_pair();
  if (p.valid()) out.focus = std::make_pair(shape(p.a).id, shape(p.b).id);
  out.accuracy = static_cast<double>(accuracy);
  return out;
}

// A scene's own algorithms, focus and accuracy, when it has them.
void SandboxState::apply_teaching() {
  if (scene.algorithms) algos = *scene.algorithms & kAllAlgos;
  if (scene.accuracy && valid_accuracy(static_cast<float>(*scene.accuracy)))
    accuracy = static_cast<float>(*scene.accuracy);
  if (scene.focus) {
    // The scene's pair: A selected, and pinned only when B is not A's nearest shape anyway
    // (a plain click elsewhere then moves the focus, as everywhere else).
    const int a = scene.find(scene.focus->first), b = scene.find(scene.focus->second);
    if (a >= 0 && b >= 0 && a != b) {
      sel = a;
      if (nearest(a) != b) {
        pin_a = a;
        pin_b = b;
      }
    }
  }
}

// ---- polygon tool ----
void SandboxState::start_poly_tool() {
  if (drag.kind != DragKind::None) return;
  poly_tool = true;
  poly_pts.clear();
  message.clear();
}

void SandboxState::cancel_poly_tool() {
  poly_tool = false;
  poly_pts.clear();
  say("Polygon cancelled.");
}

void SandboxState::finish_poly_tool() {
  const std::vector<DVec2> pts = poly_pts;
  poly_tool = false;
  poly_pts.clear();
  if (pts.size() < 3) {
    say(strf("Polygon rejected: it needs at least 3 points (got %zu).", pts.size()), true);
    return;
  }
  if (!poly_hull) {
    // The outline as drawn, concave or not; a crossing outline is refused with its edges.
    const std::string problem = polygon_problem(pts);
    if (!problem.empty()) {
      say("Polygon rejected: " + problem, true);
      return;
    }
    add_shape(polygon_at_centroid(pts));
    const bool concave = has_pieces(body(sel));
    say(strf("Added %s with %zu points%s.", shape(sel).id.c_str(), pts.size(),
             concave ? strf(", concave: %d convex pieces", body(sel).piece_count).c_str() : ""));
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
             shape(sel).id.c_str(), hull.size(), dropped, dropped == 1 ? " was" : "s were",
             hull.size()));
  else
    say(strf("Added %s with %zu points.", shape(sel).id.c_str(), hull.size()));
}

void SandboxState::set_line_tool(LineTool t) {
  line_tool = t;
  line_dragging = false;
  line_shown = false;
  ray_hits.clear();
  if (t != LineTool::None) {
    poly_tool = false;
    poly_pts.clear();
  }
  if (t == LineTool::Ray) say("Ray tool: press and drag from where the ray starts. Esc closes it.");
  if (t == LineTool::Slice)
    say("Slice tool: drag a line right across rectangles or polygons to cut them. Esc closes it.");
}

void SandboxState::slice_along(Vec2 a, Vec2 b) {
  flush_ui_edit();
  const Scene before = scene;
  std::vector<Shape> out;
  int cut = 0, pieces = 0;
  for (const Shape& sh : scene.shapes) {
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
  scene.shapes = std::move(out);
  // Ids stay unique: a piece whose id another shape already has gets a fresh one.
  for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (scene.shapes[j].id == scene.shapes[i].id) {
        Shape& s = scene.shapes[i];
        std::string id = s.id;
        s.id.clear();
        s.id = unique_id(id);
        break;
      }
    }
  }
  sel = pin_a = pin_b = pending_pick = -1;
  forget_analysis();
  masks.clear();
  repose();
  commit(before);
  say(strf("Sliced %d shape%s into %d pieces (Ctrl+Z brings %s back).", cut, cut == 1 ? "" : "s",
           pieces, cut == 1 ? "it" : "them"));
}

void SandboxState::inspect(int i, const Shape& w) {
  if (!valid(i) || shape_problem(w)) return;
  if (!ui_before) {
    ui_before = scene;
    ui_before_version = version;
  }
  shape(i) = w;
  repose(i);
  changed();
}

}  // namespace hitbox::app
