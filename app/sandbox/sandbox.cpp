// The sandbox: editing state, interaction, world drawing of shapes and traces, ImGui panels.
// Every collision answer shown here comes from hitbox_core (results and traces); this file
// only lays them out on screen.
#include "sandbox/sandbox.h"

#include <imgui.h>
#include <imgui_internal.h>  // FindWindowSettings: is this the first start?

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "overlays/draw_util.h"
#include "hitbox/circle_rect.h"
#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/limits.h"
#include "hitbox/mask.h"
#include "hitbox/report.h"
#include "hitbox/shape.h"
#include "platform/assets.h"
#include "platform/image.h"
#include "overlays/palette.h"
#include "sandbox/undo.h"
#include "teach/teach.h"

namespace hitbox::app {
namespace {

namespace pal = palette;

constexpr double kPi = 3.14159265358979323846;

// Handle geometry, in window pixels.
constexpr float kHandleRadiusPx = 6.5f;
constexpr float kHandlePickPx = 11.0f;
constexpr float kRotateGapPx = 34.0f;   // rotation handle: this far above the shape's top
constexpr float kScaleGapPx = 8.0f;     // scale handle: this far out from the bottom-right
constexpr float kVelStubPx = 22.0f;     // zero velocity: the handle sits right of the shape
constexpr float kLongLinePx = 6000.0f;  // "across the scene"

// New shapes.
constexpr double kNewRectW = 140.0, kNewRectH = 90.0, kNewCircleR = 55.0;
constexpr double kDuplicateOffset = 24.0;

constexpr const char* kHelpTitle = "How to use";

// The algorithms this file runs and draws (report.h may list more).
constexpr std::uint32_t kSandboxAlgos = kAlgoAabb | kAlgoBoundingCircle | kAlgoSat | kAlgoMtd |
                                        kAlgoSwept | kAlgoPixel | kAlgoGjk | kAlgoQuadrant |
                                        kAlgoCircleAsSquare;

// The pixel test's accuracies offered in the panel (cells 1, 2, 4, 8 world px wide).
constexpr float kAccuracies[] = {1.0f, 0.5f, 0.25f, 0.125f};
constexpr const char* kAccuracyNames[] = {"1", "1/2", "1/4", "1/8"};
// The mask grid shows once a cell is this wide on screen (window px).
constexpr float kMaskGridMinPx = 6.0f;

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

Vec2 to_f(DVec2 v) {
  return Vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}
DVec2 to_d(Vec2 v) {
  return DVec2(v.x, v.y);
}
ImVec4 to_v4(Color c) {
  return ImVec4(c.r, c.g, c.b, c.a);
}
ImU32 to_u32(Color c) {
  return ImGui::ColorConvertFloat4ToU32(to_v4(c));
}

float angle_deg(Vec2 d) {
  return static_cast<float>(std::atan2(d.y, d.x) * 180.0 / kPi);
}

const char* algo_name(std::uint32_t bit) {
  for (const AlgoInfo& info : kAlgorithms)
    if (info.bit == bit) return info.name;
  return "?";
}

// Draw a posed body (any geometry) through the canvas.
void draw_body(Canvas& c, const Body& b, Color fill, Color outline, float outline_px) {
  if (b.geom == Geom::Circle) {
    c.circle(b.pos, b.radius, fill, outline, outline_px);
  } else if (b.count >= 3) {
    c.polygon(std::span<const Vec2>(b.v, static_cast<std::size_t>(b.count)), fill, outline,
              outline_px);
  }
}

// The outline of an axis-aligned box.
void draw_box(Canvas& c, const Aabb& box, Color fill, Color outline, float px_w) {
  const Vec2 pts[4] = {box.min, Vec2(box.max.x, box.min.y), box.max, Vec2(box.min.x, box.max.y)};
  c.polygon(pts, fill, outline, px_w);
}

enum class DragKind { None, Move, Rotate, Scale, Velocity };
enum class ResolveMode : int { Off = 0, MoveA = 1, MoveB = 2, Half = 3 };

struct Drag {
  DragKind kind = DragKind::None;
  int index = -1;
  Scene before;
  DVec2 offset{0.0, 0.0};  // Move: pos - grab point. Velocity: tip - grab point.
  double start_angle = 0.0;
  double start_scale = 1.0;
  float grab_angle = 0.0f;  // Rotate: direction of the grab point from pos, degrees
  float grab_dist = 1.0f;   // Scale: distance of the grab point from pos
};

struct Pair {
  int a = -1, b = -1;
  bool pinned = false;
  bool valid() const { return a >= 0 && b >= 0; }
};

// Results and traces of the enabled algorithms for the pair in focus.
struct Analysis {
  Pair pair;
  std::uint32_t ran = 0;  // algorithms that ran (enabled and supported for the kinds)
  AabbResult aabb_r;
  BoundingCircleResult bc_r;
  SatResult sat_full_r, sat_early_r;
  SatTrace sat_full, sat_early;
  MtdResult mtd_r;
  SweptResult swept_r;
  SweptTrace swept_trace;
  PixelResult pixel_r;
  std::string pixel_problem;  // why the pixel test did not run (a mask too large), or ""
  GjkResult gjk_r;
  CircleRectResult quad_r, cas_r;
  CircleRectTrace quad_trace, cas_trace;
};

// A shape's pixel mask, kept until the shape (its pose, size or pixels) or the accuracy
// changes, with the outline of its cells for drawing.
struct MaskEntry {
  bool built = false;
  Shape shape;
  float accuracy = 0.0f;
  std::string problem;  // too large to build: pixel_mask_problem's words
  Mask mask;
  std::vector<Vec2> outline;     // pairs of world points: the boundary between set and clear cells
  std::uint64_t generation = 0;  // a new number at every rebuild
};

// The focus pair's overlapping cells as row runs (world rectangles), kept while neither mask
// is rebuilt.
struct OverlapRuns {
  int a = -1, b = -1;
  std::uint64_t gen_a = 0, gen_b = 0;
  std::vector<Aabb> runs;
};

// The boundary of a mask's set cells as merged horizontal and vertical segments (world).
std::vector<Vec2> mask_outline(const Mask& m) {
  std::vector<Vec2> out;
  if (m.empty()) return out;
  const float c = m.cell;
  const auto at = [c](int i, int j) {
    return Vec2(static_cast<float>(i) * c, static_cast<float>(j) * c);
  };
  for (int j = m.y0; j <= m.y0 + m.h; ++j) {  // the line above row j
    int start = 0;
    bool open = false;
    for (int i = m.x0; i <= m.x0 + m.w; ++i) {
      const bool edge = i < m.x0 + m.w && m.get(i, j - 1) != m.get(i, j);
      if (edge && !open) {
        start = i;
        open = true;
      } else if (!edge && open) {
        out.push_back(at(start, j));
        out.push_back(at(i, j));
        open = false;
      }
    }
  }
  for (int i = m.x0; i <= m.x0 + m.w; ++i) {  // the line left of column i
    int start = 0;
    bool open = false;
    for (int j = m.y0; j <= m.y0 + m.h; ++j) {
      const bool edge = j < m.y0 + m.h && m.get(i - 1, j) != m.get(i, j);
      if (edge && !open) {
        start = j;
        open = true;
      } else if (!edge && open) {
        out.push_back(at(i, start));
        out.push_back(at(i, j));
        open = false;
      }
    }
  }
  return out;
}

// "1/4" for the offered accuracies, else the number.
std::string accuracy_name(float a) {
  for (std::size_t k = 0; k < std::size(kAccuracies); ++k)
    if (a == kAccuracies[k]) return kAccuracyNames[k];
  return format_float(a);
}

// Where a SAT axis is laid out in the world: points u * s + p * c, s = projection value.
struct SatLane {
  Vec2 u{1.0f, 0.0f};
  Vec2 p{0.0f, 1.0f};
  float c = 0.0f;
  int lane = 0;  // how many near-parallel lanes lie inside this one
  Vec2 at(float s, float c_off) const { return u * s + p * (c + c_off); }
};

}  // namespace

struct Sandbox::Impl {
  Scene scene;
  std::string path;
  std::vector<Posed> posed;
  History history;

  std::uint32_t algos = kAlgoSat;
  float accuracy = 1.0f;           // pixel test (mask.h)
  bool show_mask_outlines = true;  // pixel test: outline every sprite's mask
  std::vector<MaskEntry> masks;    // by shape index
  std::uint64_t mask_generation = 0;
  OverlapRuns overlap_runs;
  std::vector<std::string> sprite_files;
  int sprite_choice = 0;
  bool sprites_listed = false;
  std::uint32_t colour_algo = 0;  // 0 = automatic
  int sel = -1;
  int pin_a = -1, pin_b = -1;
  int pending_pick = -1;  // first Ctrl+click of a pair

  Drag drag;
  ResolveMode auto_resolve = ResolveMode::Off;
  bool sat_show_early = false;
  float scrub_t = 0.5f;
  teach::Stepper stepper;  // step mode (teach.h)
  bool show_help = true;
  bool help_decided = false;

  bool poly_tool = false;
  std::vector<DVec2> poly_pts;
  Vec2 mouse_world{0.0f, 0.0f};

  std::string message;
  bool message_error = false;
  std::string inspector_error;

  Camera cam;
  Analysis an;
  std::optional<Scene> ui_before;  // inspector edit in progress
  char id_buf[128] = {};
  bool id_active = false;

  // ---- scene state ----
  int count() const { return static_cast<int>(scene.shapes.size()); }
  bool valid(int i) const { return i >= 0 && i < count(); }
  const Body& body(int i) const { return posed[static_cast<std::size_t>(i)].body(); }
  Shape& shape(int i) { return scene.shapes[static_cast<std::size_t>(i)]; }
  const Shape& shape(int i) const { return scene.shapes[static_cast<std::size_t>(i)]; }

  void repose() {
    posed.clear();
    posed.reserve(scene.shapes.size());
    for (const Shape& s : scene.shapes) posed.emplace_back(s);
  }
  void repose(int i) { posed[static_cast<std::size_t>(i)] = Posed(shape(i)); }

  // Every numeric edit of a shape (drags, the inspector, moves) goes through here. A value a
  // scene file could not hold (hitbox/limits.h: a position beyond 1e6, a negative size, a
  // scale of 0) is refused with its field named, and the shape stays as it was.
  bool edit_shape(int i, const Shape& candidate) {
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

  void say(std::string text, bool error = false) {
    message = std::move(text);
    message_error = error;
  }

  // An edit finished: record the scene as it was before, if anything changed.
  void commit(const Scene& before) {
    if (before != scene) history.record(before);
  }
  void flush_ui_edit() {
    if (ui_before) {
      commit(*ui_before);
      ui_before.reset();
    }
  }

  // Replace the scene (undo/redo), keeping selection and focus on the same ids.
  void restore_ids(const std::string& sel_id, const std::string& a_id, const std::string& b_id,
                   const std::string& pend_id, bool had_sel, bool had_a, bool had_b,
                   bool had_pend) {
    sel = had_sel ? scene.find(sel_id) : -1;
    pin_a = had_a ? scene.find(a_id) : -1;
    pin_b = had_b ? scene.find(b_id) : -1;
    pending_pick = had_pend ? scene.find(pend_id) : -1;
    if (pin_a < 0 || pin_b < 0) pin_a = pin_b = -1;
  }
  void undo_redo(bool redo) {
    if (drag.kind != DragKind::None) return;
    flush_ui_edit();
    const bool hs = valid(sel), ha = valid(pin_a), hb = valid(pin_b), hp = valid(pending_pick);
    const std::string s = hs ? shape(sel).id : "", a = ha ? shape(pin_a).id : "",
                      b = hb ? shape(pin_b).id : "", p = hp ? shape(pending_pick).id : "";
    const bool ok = redo ? history.redo(scene) : history.undo(scene);
    if (!ok) {
      say(redo ? "Nothing to redo." : "Nothing to undo.");
      return;
    }
    repose();
    restore_ids(s, a, b, p, hs, ha, hb, hp);
    say(redo ? "Redone." : "Undone.");
  }

  // Indices after erasing shape `gone`.
  static void after_erase(int& i, int gone) {
    if (i == gone)
      i = -1;
    else if (i > gone)
      --i;
  }

  std::string unique_id(const std::string& want) const {
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
  void add_shape(Shape s) {
    flush_ui_edit();
    const Scene before = scene;
    s.id = unique_id(s.id);
    scene.shapes.push_back(std::move(s));
    repose();
    sel = count() - 1;
    commit(before);
  }

  DVec2 view_centre() const {
    Vec2 size(1280.0f, 800.0f);
    if (ImGui::GetCurrentContext()) {
      const ImVec2 d = ImGui::GetIO().DisplaySize;
      if (d.x > 0 && d.y > 0) size = Vec2(d.x, d.y);
    }
    return to_d(cam.to_world(size * 0.5f));
  }

  void add_rect() {
    Shape s;
    s.id = "rect";
    s.kind = Kind::Rect;
    s.pos = view_centre();
    s.size = DVec2(kNewRectW, kNewRectH);
    add_shape(std::move(s));
    say("Added " + shape(sel).id + ".");
  }
  void add_circle() {
    Shape s;
    s.id = "circle";
    s.kind = Kind::Circle;
    s.pos = view_centre();
    s.radius = kNewCircleR;
    add_shape(std::move(s));
    say("Added " + shape(sel).id + ".");
  }

  void refresh_sprite_files() {
    sprite_files = list_sprites(sprites_dir());
    sprites_listed = true;
    sprite_choice =
        std::clamp(sprite_choice, 0, std::max(static_cast<int>(sprite_files.size()) - 1, 0));
  }

  // A sprite from assets/sprites at the view centre. Its image path is written relative to
  // the scene file's directory (as scene files have it), or absolute without a scene file.
  void add_sprite(const std::string& file) {
    namespace fs = std::filesystem;
    const fs::path full = sprites_dir() / file;
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
    s.id = fs::path(file).stem().string();
    s.kind = Kind::Sprite;
    s.pos = view_centre();
    s.image = image.generic_string();
    s.pixels.image = std::move(img);
    add_shape(std::move(s));
    say("Added " + shape(sel).id + " (" + shape(sel).image + ").");
  }

  void duplicate() {
    if (!valid(sel) || drag.kind != DragKind::None) return;
    Shape s = shape(sel);
    s.pos += DVec2(kDuplicateOffset, kDuplicateOffset);
    const std::string from = s.id;
    add_shape(std::move(s));
    say("Duplicated " + from + " as " + shape(sel).id + ".");
  }

  void erase_selected() {
    if (!valid(sel) || drag.kind != DragKind::None) return;
    flush_ui_edit();
    const Scene before = scene;
    const int gone = sel;
    const std::string id = shape(gone).id;
    scene.shapes.erase(scene.shapes.begin() + gone);
    repose();
    sel = -1;
    after_erase(pin_a, gone);
    after_erase(pin_b, gone);
    after_erase(pending_pick, gone);
    if (pin_a < 0 || pin_b < 0) pin_a = pin_b = -1;
    commit(before);
    say("Deleted " + id + ".");
  }

  void toggle_mirror(bool x) {
    if (!valid(sel) || drag.kind != DragKind::None) return;
    flush_ui_edit();
    const Scene before = scene;
    Shape& s = shape(sel);
    (x ? s.mirror_x : s.mirror_y) = !(x ? s.mirror_x : s.mirror_y);
    repose(sel);
    commit(before);
    say(strf("%s: mirror %s %s.", s.id.c_str(), x ? "x" : "y",
             (x ? s.mirror_x : s.mirror_y) ? "on" : "off"));
  }

  void translate(int i, Vec2 d) {
    Shape s = shape(i);
    s.pos += to_d(d);
    edit_shape(i, s);
  }

  // Apply an MTD to the focus pair: A moves by the vector, B by minus it, or half each.
  bool apply_mtd(const Pair& p, ResolveMode mode) {
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

  void resolve_button() {
    flush_ui_edit();
    const Scene before = scene;
    const Pair p = focus_pair();
    if (apply_mtd(p, ResolveMode::MoveA)) {
      commit(before);
      say("Resolved: moved " + shape(p.a).id + " out of " + shape(p.b).id + ".");
    } else {
      say("Nothing to resolve: the pair does not overlap.");
    }
  }

  // The scene with the window's teaching state: algorithms, focus pair, accuracy.
  Scene scene_to_save() {
    Scene out = scene;
    out.algorithms = algos;
    out.focus.reset();
    const Pair p = focus_pair();
    if (p.valid()) out.focus = std::make_pair(shape(p.a).id, shape(p.b).id);
    out.accuracy = static_cast<double>(accuracy);
    return out;
  }

  // A scene's own algorithms, focus and accuracy, when it has them.
  void apply_teaching() {
    if (scene.algorithms) algos = *scene.algorithms & kAllAlgos;
    if (scene.accuracy && valid_accuracy(static_cast<float>(*scene.accuracy)))
      accuracy = static_cast<float>(*scene.accuracy);
    if (scene.focus) {
      const int a = scene.find(scene.focus->first), b = scene.find(scene.focus->second);
      if (a >= 0 && b >= 0 && a != b) {
        pin_a = a;
        pin_b = b;
      }
    }
  }

  void save() {
    if (path.empty()) {
      say("No scene file to save to.", true);
      return;
    }
    try {
      save_scene(scene_to_save(), path);
      say("Saved " + path + ".");
    } catch (const SceneError& e) {
      say(std::string("Save failed: ") + e.what(), true);
    }
  }

  // ---- polygon tool ----
  void start_poly_tool() {
    if (drag.kind != DragKind::None) return;
    poly_tool = true;
    poly_pts.clear();
    message.clear();
  }
  void cancel_poly_tool() {
    poly_tool = false;
    poly_pts.clear();
    say("Polygon cancelled.");
  }
  void finish_poly_tool() {
    const std::vector<DVec2> pts = poly_pts;
    poly_tool = false;
    poly_pts.clear();
    if (pts.size() < 3) {
      say(strf("Polygon rejected: it needs at least 3 points (got %zu).", pts.size()), true);
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
    DVec2 centre(0.0, 0.0);
    for (const DVec2& q : hull) centre += q;
    centre /= static_cast<double>(hull.size());
    Shape s;
    s.id = "poly";
    s.kind = Kind::Polygon;
    s.pos = centre;
    for (const DVec2& q : hull) s.points.push_back(q - centre);
    add_shape(std::move(s));
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

  // ---- focus ----
  // The shape nearest to `a`, ranked by SAT: overlapping pairs first (deepest first), then
  // the largest separation SAT found over all its axes; position distance breaks ties.
  // The shape nearest to shape a, by the core's GJK: the deepest overlap first, then the
  // smallest distance between the outlines (ties: the nearer origin).
  int nearest(int a) {
    int best = -1;
    float best_key = 0.0f, best_dist = 0.0f;
    for (int j = 0; j < count(); ++j) {
      if (j == a) continue;
      const GjkResult g = hitbox::gjk(body(a), body(j));
      const float key = g.hit ? -g.depth : g.distance;
      const float dist = length(body(j).pos - body(a).pos);
      if (best < 0 || key < best_key || (key == best_key && dist < best_dist)) {
        best = j;
        best_key = key;
        best_dist = dist;
      }
    }
    return best;
  }

  Pair focus_pair() {
    if (valid(pin_a) && valid(pin_b) && pin_a != pin_b) return Pair{pin_a, pin_b, true};
    if (valid(sel) && count() >= 2) return Pair{sel, nearest(sel), false};
    return {};
  }

  void ctrl_pick(int i) {
    if (i < 0) {
      const bool had = pin_a >= 0 || pending_pick >= 0;
      pin_a = pin_b = pending_pick = -1;
      if (had) say("Focus unpinned: the selection and its nearest shape again.");
    } else if (pending_pick < 0) {
      pending_pick = i;
      say("Focus A = " + shape(i).id + ". Ctrl+click a second shape for B.");
    } else if (pending_pick == i) {
      pending_pick = -1;
      say("Focus pick cancelled.");
    } else {
      pin_a = pending_pick;
      pin_b = i;
      pending_pick = -1;
      say("Focus pinned: A = " + shape(pin_a).id + ", B = " + shape(pin_b).id +
          ". Ctrl+click empty space to unpin.");
    }
  }

  // Shape i's mask at the current accuracy (cached); nullptr with *problem set when the mask
  // would be too large. Keep no pointer across a change of the shape count.
  const MaskEntry& mask_entry(int i) {
    if (masks.size() != scene.shapes.size()) masks.resize(scene.shapes.size());
    MaskEntry& e = masks[static_cast<std::size_t>(i)];
    if (e.built && e.accuracy == accuracy && e.shape == shape(i)) return e;
    e.built = true;
    e.generation = ++mask_generation;
    e.shape = shape(i);
    e.accuracy = accuracy;
    e.problem = pixel_mask_problem(scene, {{i, i}}, accuracy);
    e.outline.clear();
    if (e.problem.empty()) {
      build_mask(body(i), accuracy, e.mask);
      e.outline = mask_outline(e.mask);
    } else {
      e.mask = Mask{};
    }
    return e;
  }

  void analyze() {
    an = Analysis{};
    an.pair = focus_pair();
    if (!an.pair.valid()) return;
    const Body& A = body(an.pair.a);
    const Body& B = body(an.pair.b);
    const Kind ka = shape(an.pair.a).kind, kb = shape(an.pair.b).kind;
    auto runs = [&](Algo bit) { return (algos & bit) != 0 && algo_supports(bit, ka, kb); };
    if (runs(kAlgoAabb)) {
      an.aabb_r = hitbox::aabb(A, B);
      an.ran |= kAlgoAabb;
    }
    if (runs(kAlgoBoundingCircle)) {
      an.bc_r = hitbox::bounding_circle(A, B);
      an.ran |= kAlgoBoundingCircle;
    }
    if (runs(kAlgoSat)) {
      an.sat_full_r = hitbox::sat(A, B, &an.sat_full, false);
      an.sat_early_r = hitbox::sat(A, B, &an.sat_early, true);
      an.ran |= kAlgoSat;
    }
    if (runs(kAlgoMtd)) {
      an.mtd_r = hitbox::mtd(A, B);
      an.ran |= kAlgoMtd;
    }
    if (runs(kAlgoSwept)) {
      an.swept_r = hitbox::swept(A, B, &an.swept_trace);
      an.ran |= kAlgoSwept;
    }
    if (runs(kAlgoPixel)) {
      mask_entry(an.pair.a);  // both built before taking references (the cache may grow)
      mask_entry(an.pair.b);
      const MaskEntry& ma = mask_entry(an.pair.a);
      const MaskEntry& mb = mask_entry(an.pair.b);
      an.pixel_problem = !ma.problem.empty() ? ma.problem : mb.problem;
      if (an.pixel_problem.empty()) {
        an.pixel_r = pixel_overlap(ma.mask, mb.mask, true);
        an.ran |= kAlgoPixel;
      }
    }
    if (runs(kAlgoGjk)) {
      an.gjk_r = hitbox::gjk(A, B);
      an.ran |= kAlgoGjk;
    }
    if (runs(kAlgoQuadrant)) {
      an.quad_r = hitbox::quadrant(A, B, &an.quad_trace);
      an.ran |= kAlgoQuadrant;
    }
    if (runs(kAlgoCircleAsSquare)) {
      an.cas_r = hitbox::circle_as_square(A, B, &an.cas_trace);
      an.ran |= kAlgoCircleAsSquare;
    }
    refresh_gjk_trace();
  }

  // The algorithm whose verdict colours the pair: the user's choice, else the most exact
  // enabled one (pixel, which sees a sprite's texels, then sat, mtd, bounding_circle, aabb,
  // then swept).
  std::uint32_t verdict_algo() const {
    if (colour_algo != 0 && (an.ran & colour_algo) != 0) return colour_algo;
    for (std::uint32_t bit :
         {kAlgoPixel, kAlgoSat, kAlgoMtd, kAlgoBoundingCircle, kAlgoAabb, kAlgoSwept})
      if (an.ran & bit) return bit;
    return 0;
  }
  bool verdict(std::uint32_t bit) const {
    switch (bit) {
      case kAlgoAabb:
        return an.aabb_r.hit;
      case kAlgoBoundingCircle:
        return an.bc_r.hit;
      case kAlgoSat:
        return an.sat_full_r.hit;
      case kAlgoMtd:
        return an.mtd_r.hit;
      case kAlgoSwept:
        return an.swept_r.hit;
      case kAlgoPixel:
        return an.pixel_r.hit;
      case kAlgoGjk:
        return an.gjk_r.hit;
      case kAlgoQuadrant:
        return an.quad_r.hit;
      case kAlgoCircleAsSquare:
        return an.cas_r.hit;
      default:
        return false;
    }
  }
  std::string figure(std::uint32_t bit) const {
    switch (bit) {
      case kAlgoAabb:
        return an.aabb_r.hit ? strf("boxes overlap %.2f", an.aabb_r.depth)
                             : strf("boxes apart, gap %.2f", -an.aabb_r.depth);
      case kAlgoBoundingCircle:
        return strf("gap %.2f", an.bc_r.gap);
      case kAlgoSat: {
        const SatResult& r = sat_shown_result();
        if (r.hit) return strf("overlap %.2f, %d axes tested", r.overlap, r.tested);
        return strf("gap %.2f, %d axes tested", -r.overlap, r.tested);
      }
      case kAlgoMtd:
        return strf("depth %.2f", an.mtd_r.depth);
      case kAlgoSwept:
        if (an.swept_r.initially_overlapping) return "overlapping at t=0";
        if (an.swept_r.hit) return strf("toi %.3f", an.swept_r.toi);
        return "no impact in [0,1]";
      case kAlgoPixel: {
        const std::string acc = accuracy_name(accuracy);
        if (an.pixel_r.hit)
          return strf("%d cell%s, accuracy %s", an.pixel_r.count, an.pixel_r.count == 1 ? "" : "s",
                      acc.c_str());
        return strf("0 cells, accuracy %s", acc.c_str());
      }
      case kAlgoGjk:
        if (an.gjk_r.hit) return strf("EPA depth %.2f", an.gjk_r.depth);
        return strf("distance %.2f", an.gjk_r.distance);
      case kAlgoQuadrant:
        return an.quad_r.decided_by == CircleRectCase::Corner ? "one quadrant: corner distance"
                                                              : "spans an axis: circle's square";
      case kAlgoCircleAsSquare:
        return "the circle's square (flawed near corners)";
      default:
        return "";
    }
  }
  // ---- step mode (teach.h): the core's traces replayed one record at a time ----
  bool stepping(std::uint32_t bit) const {
    if (!(an.ran & bit)) return false;
    if (bit == kAlgoSat) return stepper.sat.on;
    if (bit == kAlgoSwept) return stepper.swept.on;
    return bit == kAlgoGjk && stepper.gjk.on;
  }
  // analyze() runs gjk without a trace; step mode asks for one.
  void refresh_gjk_trace() {
    stepper.gjk_trace = GjkTrace{};
    if (stepping(kAlgoGjk)) hitbox::gjk(body(an.pair.a), body(an.pair.b), &stepper.gjk_trace);
  }
  teach::Counts step_counts() const {
    return {teach::sat_step_count(an.sat_early), teach::swept_step_count(an.swept_trace),
            teach::gjk_step_count(stepper.gjk_trace)};
  }
  const SatTrace& sat_shown() const { return sat_show_early ? an.sat_early : an.sat_full; }
  const SatResult& sat_shown_result() const {
    return sat_show_early ? an.sat_early_r : an.sat_full_r;
  }
  // Index (in test order) where early exit stops, or -1 when no axis separates.
  int early_stop() const { return an.sat_early.separating; }

  // ---- handles ----
  Vec2 rotate_handle(int i) const {
    const Body& b = body(i);
    return Vec2(b.pos.x, b.bounds.min.y - kRotateGapPx / cam.zoom);
  }
  Vec2 scale_handle(int i) const {
    return body(i).bounds.max + Vec2(kScaleGapPx, kScaleGapPx) / cam.zoom;
  }
  bool vel_is_stub(int i) const { return length(body(i).vel) * cam.zoom < kVelStubPx; }
  Vec2 vel_handle(int i) const {
    const Body& b = body(i);
    if (vel_is_stub(i)) return Vec2(b.bounds.max.x + kVelStubPx / cam.zoom, b.pos.y);
    return b.pos + b.vel;
  }
  DragKind handle_at(Vec2 w) const {
    if (!valid(sel)) return DragKind::None;
    const float r = kHandlePickPx / cam.zoom;
    if (length(w - vel_handle(sel)) <= r) return DragKind::Velocity;
    if (length(w - rotate_handle(sel)) <= r) return DragKind::Rotate;
    if (length(w - scale_handle(sel)) <= r) return DragKind::Scale;
    return DragKind::None;
  }

  int pick(Vec2 w) const {
    for (int i = count() - 1; i >= 0; --i)
      if (contains(body(i), w)) return i;
    return -1;
  }

  // ---- dragging ----
  void start_drag(DragKind kind, int i, Vec2 w) {
    flush_ui_edit();
    drag = Drag{};
    drag.kind = kind;
    drag.index = i;
    drag.before = scene;
    const Shape& s = shape(i);
    const Body& b = body(i);
    drag.start_angle = s.angle;
    drag.start_scale = s.scale;
    switch (kind) {
      case DragKind::Move:
        drag.offset = s.pos - to_d(w);
        break;
      case DragKind::Velocity:
        drag.offset = vel_is_stub(i) ? DVec2(0.0, 0.0) : to_d(b.pos + b.vel - w);
        break;
      case DragKind::Rotate:
        drag.grab_angle = angle_deg(w - b.pos);
        break;
      case DragKind::Scale:
        drag.grab_dist = std::max(length(w - b.pos), 1e-3f);
        break;
      case DragKind::None:
        break;
    }
  }

  void drag_to(Vec2 w, bool shift) {
    if (!valid(drag.index)) {
      drag.kind = DragKind::None;
      return;
    }
    Shape s = shape(drag.index);
    switch (drag.kind) {
      case DragKind::Move:
        s.pos = to_d(w) + drag.offset;
        break;
      case DragKind::Rotate: {
        double a = drag.start_angle + (angle_deg(w - to_f(s.pos)) - drag.grab_angle);
        if (shift) a = std::round(a / 15.0) * 15.0;
        a = std::fmod(a, 360.0);
        if (a < 0.0) a += 360.0;
        s.angle = a;
        break;
      }
      case DragKind::Scale: {
        double k = drag.start_scale * length(w - to_f(s.pos)) / drag.grab_dist;
        if (shift) k = std::round(k * 10.0) / 10.0;
        s.scale = std::max(k, 0.05);
        break;
      }
      case DragKind::Velocity:
        s.vel = to_d(w) + drag.offset - s.pos;
        break;
      case DragKind::None:
        return;
    }
    if (!edit_shape(drag.index, s)) return;
    if (auto_resolve != ResolveMode::Off) {
      const Pair p = focus_pair();
      if (p.a == drag.index || p.b == drag.index) apply_mtd(p, auto_resolve);
    }
  }

  void end_drag() {
    if (drag.kind == DragKind::None) return;
    commit(drag.before);
    drag = Drag{};
  }
  void cancel_drag() {
    if (drag.kind == DragKind::None) return;
    scene = drag.before;
    repose();
    drag = Drag{};
    say("Drag cancelled.");
  }

  // ---- events ----
  bool mouse_down(Vec2 w, int clicks, SDL_Keymod mod) {
    const bool ctrl = (mod & (KMOD_CTRL | KMOD_GUI)) != 0;
    if (poly_tool) {
      if (clicks >= 2)
        finish_poly_tool();
      else
        poly_pts.push_back(to_d(w));
      return true;
    }
    if (drag.kind != DragKind::None) return true;
    if (ctrl) {
      ctrl_pick(pick(w));
      return true;
    }
    const DragKind h = handle_at(w);
    if (h != DragKind::None) {
      start_drag(h, sel, w);
      return true;
    }
    const int i = pick(w);
    sel = i;
    if (i >= 0) start_drag(DragKind::Move, i, w);
    return true;
  }

  bool key_down(const SDL_KeyboardEvent& k) {
    const SDL_Keycode key = k.keysym.sym;
    const bool ctrl = (k.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
    const bool shift = (k.keysym.mod & KMOD_SHIFT) != 0;
    if (poly_tool) {
      switch (key) {
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
          finish_poly_tool();
          return true;
        case SDLK_ESCAPE:
          cancel_poly_tool();
          return true;
        case SDLK_BACKSPACE:
          if (!poly_pts.empty()) poly_pts.pop_back();
          return true;
        default:
          break;
      }
    }
    if (key == SDLK_ESCAPE && drag.kind != DragKind::None) {
      cancel_drag();
      return true;
    }
    if (ctrl) {
      switch (key) {
        case SDLK_z:
          undo_redo(shift);
          return true;
        case SDLK_y:
          undo_redo(true);
          return true;
        case SDLK_d:
          if (!k.repeat) duplicate();
          return true;
        default:
          return false;
      }
    }
    if (stepper.key(key, step_counts())) return true;
    switch (key) {
      case SDLK_DELETE:
        if (!k.repeat) erase_selected();
        return true;
      case SDLK_h:
      case SDLK_v:
        if (!k.repeat) toggle_mirror(key == SDLK_h);
        return true;
      default:
        return false;
    }
  }

  // ---- world drawing ----
  void draw_shapes(Canvas& c) {
    const float px = 1.0f / cam.zoom;
    const std::uint32_t va = verdict_algo();
    const bool pair_hit = an.pair.valid() && va != 0 && verdict(va);
    for (int i = 0; i < count(); ++i) {
      const Body& b = body(i);
      const bool in_pair = an.pair.valid() && (i == an.pair.a || i == an.pair.b);
      const bool hit = in_pair && pair_hit;
      Color fill = pal::kFillIdle, outline = pal::kOutlineIdle;
      float width = 1.5f;
      if (i == sel) fill = pal::kFillSelected;
      if (hit) {
        fill = pal::kFillHit;
        outline = pal::kOutlineHit;
      }
      if (in_pair) width = 2.0f;
      if (in_pair && i != sel) outline = pal::kOutlineFocus;
      if (i == sel) {
        outline = pal::kOutlineSelected;
        width = 2.5f;
      }
      if (shape(i).kind == Kind::Sprite) {
        // The image, with a light tint of the state's fill on its texels, and the frame
        // outlined in the state's colour (faintly when idle).
        Color tint{1.0f, 1.0f, 1.0f, 0.0f};
        if (hit)
          tint = alpha(pal::kFillHit, pal::kSpriteTintHit);
        else if (i == sel)
          tint = alpha(pal::kFillSelected, pal::kSpriteTintSelected);
        draw_sprite(c, i, tint, 1.0f);
        const bool idle = !in_pair && i != sel;
        draw_body(c, b, Color{0.0f, 0.0f, 0.0f, 0.0f}, idle ? pal::kSpriteFrameIdle : outline,
                  idle ? 1.0f : width);
      } else {
        draw_body(c, b, fill, outline, width);
      }

      // Local axes: +x arrow and a shorter +y tick, so rotation and mirroring show.
      float lx = 0.0f, ly = 0.0f;
      if (b.geom == Geom::Circle) {
        lx = 0.7f * b.radius;
        ly = 0.4f * b.radius;
      } else if (b.geom == Geom::Box) {
        lx = 0.7f * b.half.x;
        ly = 0.6f * b.half.y;
      } else {
        lx = 0.5f * b.bound;
        ly = 0.3f * b.bound;
      }
      lx = std::max(lx, 12.0f * px);
      ly = std::max(ly, 7.0f * px);
      c.arrow(b.pos, b.pos + b.axis_x * lx, pal::kAxisX, 2.0f, 7.0f);
      c.line(b.pos, b.pos + b.axis_y * ly, pal::kAxisY, 2.0f);
      c.dot(b.pos, 3.0f, pal::kOrigin);

      // Velocity (when set).
      if (i != sel && length(b.vel) * cam.zoom >= 1.0f)
        c.arrow(b.pos, b.pos + b.vel, alpha(pal::kVelocity, 0.55f), 1.5f, 8.0f);

      // Label: id, with A/B for the focus pair.
      std::string label = shape(i).id;
      Color lc = pal::kLabel;
      if (i == an.pair.a) {
        label = "A: " + label;
        lc = pal::kTraceA;
      } else if (i == an.pair.b) {
        label = "B: " + label;
        lc = pal::kTraceB;
      } else if (i == pending_pick) {
        label = "A? " + label + "  (Ctrl+click B)";
        lc = pal::kTraceA;
      }
      c.text(Vec2(b.bounds.min.x, b.bounds.min.y - 18.0f * px), label, lc);
    }
  }

  // A sprite's image on its frame: the image corners (texel order) through the shape's own
  // transform, so rotation, scale and mirror match the frame and the mask.
  void draw_sprite(Canvas& c, int i, Color tint, float opacity) {
    draw_sprite(c, shape(i), tint, opacity);
  }
  static void draw_sprite(Canvas& c, const Shape& s, Color tint, float opacity) {
    const SpriteImage* img = s.pixels.image.get();
    if (img == nullptr) return;
    const double hw = 0.5 * img->w, hh = 0.5 * img->h;
    const Vec2 corners[4] = {to_f(to_world(s, DVec2(-hw, -hh))), to_f(to_world(s, DVec2(hw, -hh))),
                             to_f(to_world(s, DVec2(hw, hh))), to_f(to_world(s, DVec2(-hw, hh)))};
    c.image(s.pixels.image, corners, tint, opacity);
  }

  // World segments (pairs of points) as thin lines.
  static void draw_segments(Canvas& c, const std::vector<Vec2>& seg, Color col, float width) {
    for (std::size_t k = 0; k + 1 < seg.size(); k += 2) c.line(seg[k], seg[k + 1], col, width);
  }

  // The outlines of every sprite's mask (the focus pair's are drawn with the pixel trace).
  void draw_sprite_masks(Canvas& c) {
    if (!(algos & kAlgoPixel) || !show_mask_outlines) return;
    for (int i = 0; i < count(); ++i) {
      if (shape(i).kind != Kind::Sprite) continue;
      if (an.pair.valid() && (i == an.pair.a || i == an.pair.b) && (an.ran & kAlgoPixel)) continue;
      draw_segments(c, mask_entry(i).outline, pal::kMaskOutline, 1.0f);
    }
  }

  // The pixel test for the focus pair: both masks outlined in A's and B's colours, the search
  // rectangle (where both masks' bounds meet), the overlapping cells filled, and the cell
  // grid once a cell is big enough on screen. The cells come from the core's masks.
  void draw_pixel(Canvas& c) {
    const float px = 1.0f / cam.zoom;
    const MaskEntry& ea = mask_entry(an.pair.a);
    const MaskEntry& eb = mask_entry(an.pair.b);
    const Mask& ma = ea.mask;
    const Mask& mb = eb.mask;
    const PixelResult& r = an.pixel_r;
    const float cell = r.cell;
    const auto world = [cell](int i, int j) {
      return Vec2(static_cast<float>(i) * cell, static_cast<float>(j) * cell);
    };

    // Both masks' outlines, under the overlap so the highlight shows whole.
    draw_segments(c, ea.outline, pal::kTraceA, 1.5f);
    draw_segments(c, eb.outline, pal::kTraceB, 1.5f);

    // Overlapping cells as row runs (rebuilt only when a mask is).
    OverlapRuns& cached = overlap_runs;
    if (cached.a != an.pair.a || cached.b != an.pair.b || cached.gen_a != ea.generation ||
        cached.gen_b != eb.generation) {
      cached = OverlapRuns{an.pair.a, an.pair.b, ea.generation, eb.generation, {}};
      // The core reads the overlapping cells off the masks' words; the window only turns
      // its runs into world rectangles.
      std::vector<CellRun> cell_runs;
      hitbox::overlap_runs(ma, mb, cell_runs);
      cached.runs.reserve(cell_runs.size());
      for (const CellRun& run : cell_runs) {
        cached.runs.push_back(Aabb{world(run.x0, run.y), world(run.x1, run.y + 1)});
      }
    }
    if (r.hit) c.rects(cached.runs, pal::kPixelOverlap);

    // The grid over both masks' bounds (on top of the overlap, so its cells show), clipped to
    // the view, when cells are wide enough.
    if (cell * cam.zoom >= kMaskGridMinPx && (!ma.empty() || !mb.empty())) {
      int x0 = std::min(ma.empty() ? mb.x0 : ma.x0, mb.empty() ? ma.x0 : mb.x0);
      int y0 = std::min(ma.empty() ? mb.y0 : ma.y0, mb.empty() ? ma.y0 : mb.y0);
      int x1 = std::max(ma.empty() ? mb.x0 + mb.w : ma.x0 + ma.w,
                        mb.empty() ? ma.x0 + ma.w : mb.x0 + mb.w);
      int y1 = std::max(ma.empty() ? mb.y0 + mb.h : ma.y0 + ma.h,
                        mb.empty() ? ma.y0 + ma.h : mb.y0 + mb.h);
      Vec2 view_size(1280.0f, 800.0f);
      if (ImGui::GetCurrentContext()) {
        const ImVec2 d = ImGui::GetIO().DisplaySize;
        if (d.x > 0 && d.y > 0) view_size = Vec2(d.x, d.y);
      }
      const Vec2 lo = cam.to_world(Vec2(0.0f, 0.0f));
      const Vec2 hi = cam.to_world(view_size);
      x0 = std::max(x0, static_cast<int>(std::floor(lo.x / cell)));
      y0 = std::max(y0, static_cast<int>(std::floor(lo.y / cell)));
      x1 = std::min(x1, static_cast<int>(std::ceil(hi.x / cell)));
      y1 = std::min(y1, static_cast<int>(std::ceil(hi.y / cell)));
      std::vector<Aabb> lines;
      for (int i = x0; i <= x1 && y1 > y0; ++i)
        lines.push_back(
            Aabb{world(i, y0) - Vec2(0.5f * px, 0.0f), world(i, y1) + Vec2(0.5f * px, 0.0f)});
      for (int j = y0; j <= y1 && x1 > x0; ++j)
        lines.push_back(
            Aabb{world(x0, j) - Vec2(0.0f, 0.5f * px), world(x1, j) + Vec2(0.0f, 0.5f * px)});
      c.rects(lines, pal::kMaskGrid);
    }

    // The search rectangle: the only cells the test reads.
    const Color none{0.0f, 0.0f, 0.0f, 0.0f};
    if (r.search.w > 0 && r.search.h > 0) {
      const Aabb box{world(r.search.x0, r.search.y0),
                     world(r.search.x0 + r.search.w, r.search.y0 + r.search.h)};
      const Vec2 corners[4] = {box.min, Vec2(box.max.x, box.min.y), box.max,
                               Vec2(box.min.x, box.max.y)};
      for (int k = 0; k < 4; ++k)
        dashed(c, corners[k], corners[(k + 1) % 4], pal::kPixelSearch, 1.5f, 5.0f, px);
      label_toward(c, Vec2(box.max.x, box.max.y + 4.0f * px), Vec2(-1.0f, 1.0f),
                   strf("search %d x %d cells", r.search.w, r.search.h), pal::kPixelSearch);
    }
    if (r.hit) {
      const Vec2 first = cell_centre(r.first_x, r.first_y, cell);
      c.circle(first, std::max(0.5f * cell, 5.0f * px), none, pal::kPixelFirst, 1.5f);
      const Aabb ob{world(r.overlap.x0, r.overlap.y0),
                    world(r.overlap.x0 + r.overlap.w, r.overlap.y0 + r.overlap.h)};
      label_toward(c, Vec2(ob.max.x + 6.0f * px, 0.5f * (ob.min.y + ob.max.y)), Vec2(1.0f, 0.0f),
                   strf("%d cell%s overlap", r.count, r.count == 1 ? "" : "s"), pal::kPixelOverlap);
    }
  }

  std::vector<SatLane> sat_lanes(const SatTrace& tr) const {
    const float px = 1.0f / cam.zoom;
    const Body& A = body(an.pair.a);
    const Body& B = body(an.pair.b);
    std::vector<SatLane> lanes;
    for (std::size_t k = 0; k < tr.axes.size(); ++k) {
      SatLane L;
      L.u = tr.axes[k].axis;
      L.p = Vec2(-L.u.y, L.u.x);
      // The line runs beside the pair like a shadow on a wall, on the side the axis's
      // perpendicular points to, so differently oriented axes spread around the pair.
      const float outer = std::max(dot(A.pos, L.p) + A.bound, dot(B.pos, L.p) + B.bound);
      int lane = 0;  // near-parallel axes on the same side get their own lane further out
      for (std::size_t j = 0; j < k; ++j)
        if (dot(tr.axes[j].axis, L.u) > 0.96f) ++lane;
      L.c = outer + (30.0f + 56.0f * static_cast<float>(lane)) * px;
      L.lane = lane;
      lanes.push_back(L);
    }
    return lanes;
  }

  // Which SAT axis gets the projection guides: the separating one, else the least overlap.
  int sat_featured(const SatTrace& tr) const {
    const int stop = early_stop();
    if (stop >= 0 && stop < static_cast<int>(tr.axes.size())) return stop;
    return tr.least;
  }

  void draw_sat_lines(Canvas& c) {
    const SatTrace& tr = sat_shown();
    const std::vector<SatLane> lanes = sat_lanes(tr);
    const float px = 1.0f / cam.zoom;
    const float far = kLongLinePx * px;
    const int stop = early_stop();
    const int featured = sat_featured(tr);
    const Body& A = body(an.pair.a);
    const Body& B = body(an.pair.b);
    for (std::size_t k = 0; k < tr.axes.size(); ++k) {
      const SatAxis& ax = tr.axes[k];
      const SatLane& L = lanes[k];
      const float mid = 0.5f * (std::min(ax.a.min, ax.b.min) + std::max(ax.a.max, ax.b.max));
      Color col = pal::kAxisLine;
      float w = 1.0f;
      if (static_cast<int>(k) == tr.least && stop < 0) {
        col = pal::kLeastAxis;
        w = 1.5f;
      }
      if (static_cast<int>(k) == stop) {
        col = pal::kSeparatingAxis;
        w = 2.0f;
      }
      c.line(L.at(mid - far, 0.0f), L.at(mid + far, 0.0f), col, w);
      if (static_cast<int>(k) == featured) {
        // Projection guides from each interval's ends back across the shapes.
        const float ca = dot(A.pos, L.p) - L.c, cb = dot(B.pos, L.p) - L.c;
        const Color ga = alpha(pal::kTraceA, 0.45f), gb = alpha(pal::kTraceB, 0.45f);
        dashed(c, L.at(ax.a.min, -4.0f * px), L.at(ax.a.min, ca), ga, 1.0f, 6.0f, px);
        dashed(c, L.at(ax.a.max, -4.0f * px), L.at(ax.a.max, ca), ga, 1.0f, 6.0f, px);
        dashed(c, L.at(ax.b.min, 4.0f * px), L.at(ax.b.min, cb), gb, 1.0f, 6.0f, px);
        dashed(c, L.at(ax.b.max, 4.0f * px), L.at(ax.b.max, cb), gb, 1.0f, 6.0f, px);
      }
    }
  }

  void draw_sat_bars(Canvas& c) {
    const SatTrace& tr = sat_shown();
    const std::vector<SatLane> lanes = sat_lanes(tr);
    const float px = 1.0f / cam.zoom;
    const int stop = early_stop();
    for (std::size_t k = 0; k < tr.axes.size(); ++k) {
      const SatAxis& ax = tr.axes[k];
      const SatLane& L = lanes[k];
      const int ki = static_cast<int>(k);
      c.line(L.at(ax.a.min, -4.0f * px), L.at(ax.a.max, -4.0f * px), pal::kTraceA, 6.0f);
      c.line(L.at(ax.b.min, 4.0f * px), L.at(ax.b.max, 4.0f * px), pal::kTraceB, 6.0f);
      // The overlap (or gap) between the intervals, with end ticks and its length.
      const Interval seg = interval_between(ax.a, ax.b);
      const float lo = seg.min;
      const float hi = seg.max;
      const bool overlap = ax.overlap >= 0.0f;
      const Color mc = overlap ? pal::kOverlap : pal::kGap;
      c.line(L.at(lo, -10.0f * px), L.at(lo, 14.0f * px), mc, 1.5f);
      c.line(L.at(hi, -10.0f * px), L.at(hi, 14.0f * px), mc, 1.5f);
      c.line(L.at(lo, 13.0f * px), L.at(hi, 13.0f * px), mc, 3.0f);
      std::string label = strf("#%d %s %.1f", ki + 1, overlap ? "overlap" : "gap",
                               overlap ? ax.overlap : -ax.overlap);
      Color lc = mc;
      if (ki == stop) {
        label += " - separating, early exit stops here";
        lc = pal::kSeparatingAxis;
      } else if (ki == tr.least && stop < 0) {
        label += " - least overlap";
        lc = pal::kLeastAxis;
      }
      // The label sits outside the lane (away from the pair) so it never covers the bars.
      const float mid = 0.5f * (std::min(ax.a.min, ax.b.min) + std::max(ax.a.max, ax.b.max));
      // Stagger along the lane so labels of neighbouring parallel lanes do not stack.
      const float along = 18.0f * static_cast<float>(L.lane) * px;
      label_toward(c, L.at(mid + (L.u.y >= 0.0f ? along : -along), 20.0f * px), L.p, label, lc);
    }
  }

  void draw_traces(Canvas& c) {
    if (!an.pair.valid()) return;
    const float px = 1.0f / cam.zoom;
    const Body& A = body(an.pair.a);
    const Body& B = body(an.pair.b);
    const Color none{0.0f, 0.0f, 0.0f, 0.0f};

    if (an.ran & kAlgoAabb) {
      const AabbResult& r = an.aabb_r;
      draw_box(c, r.a, none, pal::kTraceA, 1.5f);
      draw_box(c, r.b, none, pal::kTraceB, 1.5f);
      if (r.hit) draw_box(c, r.overlap, alpha(pal::kOverlap, 0.35f), pal::kOverlap, 1.0f);
      c.text(Vec2(r.a.min.x, r.a.max.y + 4.0f * px), "AABB A", pal::kTraceA);
      c.text(Vec2(r.b.min.x, r.b.max.y + 4.0f * px), "AABB B", pal::kTraceB);
    }

    if (an.ran & kAlgoBoundingCircle) {
      const BoundingCircleResult& r = an.bc_r;
      c.circle(r.ca, r.ra, none, pal::kTraceA, 1.5f);
      c.circle(r.cb, r.rb, none, pal::kTraceB, 1.5f);
      const Color gc = r.hit ? pal::kOverlap : pal::kGap;
      dashed(c, r.ca, r.cb, alpha(gc, 0.8f), 1.5f, 5.0f, px);
      c.text(0.5f * (r.ca + r.cb) + Vec2(6.0f, 6.0f) * px,
             strf("circles: gap %.1f%s", r.gap, r.hit ? " (hit)" : ""), gc);
    }

    if (stepping(kAlgoSat))
      teach::draw_sat_step(c, A, B, an.sat_early, stepper.sat.step);
    else if (an.ran & kAlgoSat)
      draw_sat_bars(c);

    if (an.ran & kAlgoMtd) {
      const MtdResult& m = an.mtd_r;
      if (m.hit) {
        Shape moved = shape(an.pair.a);
        moved.pos += to_d(m.vector);
        const Posed ghost(moved);
        draw_body(c, ghost.body(), none, alpha(pal::kMtd, 0.8f), 1.5f);
        c.arrow(A.pos, A.pos + m.vector, pal::kMtd, 3.0f, 11.0f);
        label_toward(c, A.pos + m.vector + m.normal * (10.0f * px), m.normal,
                     strf("MTD depth %.2f", m.depth), pal::kMtd);
      }
    }

    if (an.ran & kAlgoSwept) draw_swept(c, A, B);
    if (an.ran & kAlgoPixel) draw_pixel(c);
    if (an.ran & kAlgoGjk) draw_gjk(c);
    if (stepping(kAlgoSwept))
      teach::draw_swept_step(c, A, B, an.swept_trace, an.swept_r, stepper.swept.step);
    if (stepping(kAlgoGjk))
      teach::draw_gjk_step(c, A, B, stepper.gjk_trace, an.gjk_r, stepper.gjk.step);
    if (an.ran & kAlgoQuadrant) draw_circle_rect(c, an.quad_r, an.quad_trace, "quadrant");
    if (an.ran & kAlgoCircleAsSquare) {
      draw_circle_rect(c, an.cas_r, an.cas_trace, "circle as square");
    }
  }

  // gjk: the closest points and the gap between them, or EPA's way out of the overlap.
  void draw_gjk(Canvas& c) const {
    const float px = 1.0f / cam.zoom;
    const GjkResult& g = an.gjk_r;
    if (g.hit) {
      c.dot(g.point_a, 4.0f, pal::kGjk);
      if (g.depth > 0.0f) c.arrow(g.point_a, g.point_a + g.normal * g.depth, pal::kGjk, 2.0f, 9.0f);
      label_toward(c, g.point_a + g.normal * (g.depth + 10.0f * px), g.normal,
                   strf("EPA depth %.2f", g.depth), pal::kGjk);
      return;
    }
    c.line(g.point_a, g.point_b, pal::kGjk, 2.0f);
    c.dot(g.point_a, 4.0f, pal::kGjk);
    c.dot(g.point_b, 4.0f, pal::kGjk);
    const Vec2 side(-g.normal.y, g.normal.x);
    label_toward(c, 0.5f * (g.point_a + g.point_b) + side * (24.0f * px), side,
                 strf("GJK distance %.2f", g.distance), pal::kGjk);
  }

  // quadrant / circle_as_square: what the decision looked at, in the rectangle's frame
  // around the circle's centre: the nearest corner and its distance, or the circle's square.
  void draw_circle_rect(Canvas& c, const CircleRectResult& r, const CircleRectTrace& t,
                        const char* name) const {
    const float px = 1.0f / cam.zoom;
    auto world = [&](Vec2 f) { return t.origin + t.axis_x * f.x + t.axis_y * f.y; };
    const Color col = r.hit ? pal::kOverlap : pal::kGap;
    if (r.decided_by == CircleRectCase::Corner) {
      const Vec2 corner = world(t.corner);
      dashed(c, t.origin, corner, alpha(col, 0.9f), 1.5f, 5.0f, px);
      c.dot(corner, 4.0f, col);
      // Beside the circle, right of its centre, clear of the corner and the shape labels.
      c.text(
          t.origin + Vec2(t.radius + 10.0f * px, -6.0f * px),
          strf("%s: corner %.2f %s r %.2f", name, t.corner_distance, r.hit ? "<=" : ">", t.radius),
          col);
      return;
    }
    if (r.decided_by != CircleRectCase::Square) return;
    const Vec2 q[4] = {world(t.square_min), world(Vec2(t.square_max.x, t.square_min.y)),
                       world(t.square_max), world(Vec2(t.square_min.x, t.square_max.y))};
    for (int k = 0; k < 4; ++k) dashed(c, q[k], q[(k + 1) % 4], alpha(col, 0.9f), 1.5f, 6.0f, px);
    // Under the circle, clear of the corner and the shape labels.
    c.text(t.origin + Vec2(-t.radius, t.radius + 6.0f * px),
           strf("%s: square %s", name, r.hit ? "overlaps (hit)" : "misses"), col);
  }

  // A and B moved to time t of the step. A shape that does not move has no ghosts (they
  // would all sit on the shape itself). The label goes above A's ghost.
  // A text label placed beyond `at` in direction `dir` (screen-wise), never across it.
  void label_toward(Canvas& c, Vec2 at, Vec2 dir, const std::string& s, Color col) const {
    const float px = 1.0f / cam.zoom;
    float w = 7.0f * static_cast<float>(s.size());
    if (ImGui::GetCurrentContext() && ImGui::GetFont()) w = ImGui::CalcTextSize(s.c_str()).x;
    Vec2 p = at + Vec2(0.0f, -7.0f) * px;
    if (dir.x < -0.3f)
      p.x -= (w + 4.0f) * px;
    else if (dir.x <= 0.3f)
      p.x -= 0.5f * w * px;
    if (dir.y < -0.3f)
      p.y -= 10.0f * px;
    else if (dir.y > 0.3f)
      p.y += 8.0f * px;
    c.text(p, s, col);
  }

  void draw_ghost_pair(Canvas& c, float t, Color col, const std::string& tag, float width,
                       bool tag_below = false) {
    const float px = 1.0f / cam.zoom;
    for (int which = 0; which < 2; ++which) {
      const int i = which == 0 ? an.pair.a : an.pair.b;
      if (length(body(i).vel) * cam.zoom < 0.5f) continue;
      Shape s = shape(i);
      s.pos += s.vel * static_cast<double>(t);
      const Posed g(s);
      if (s.kind == Kind::Sprite) draw_sprite(c, s, Color{1.0f, 1.0f, 1.0f, 0.0f}, 0.3f);
      draw_body(c, g.body(), alpha(col, 0.06f), col, width);
      c.dot(g.body().pos, 2.5f, col);
      if (!tag.empty()) {
        const Aabb& bb = g.body().bounds;
        const std::string label = std::string(which == 0 ? "A " : "B ") + tag;
        if (tag_below)
          c.text(Vec2(bb.min.x, bb.max.y + 2.0f * px), label, col);
        else  // right-aligned over the ghost, clear of the shape's id label on the left
          label_toward(c, Vec2(bb.max.x, bb.min.y - 18.0f * px), Vec2(-1.0f, -1.0f), label, col);
      }
    }
  }

  void draw_swept(Canvas& c, const Body& A, const Body& B) {
    const float px = 1.0f / cam.zoom;
    const SweptResult& r = an.swept_r;
    const SweptTrace& tr = an.swept_trace;
    // The relative-velocity axis through A: the line A travels along as seen from B.
    const float rl = length(tr.rel_vel);
    if (rl > 0.0f) {
      const Vec2 u = tr.rel_vel / rl;
      const float far = kLongLinePx * px;
      dashed(c, A.pos - u * far, A.pos + u * far, alpha(pal::kRelVel, 0.4f), 1.0f, 8.0f, px);
      // Label ahead of where A ends the step, just above the line.
      label_toward(c, A.pos + tr.rel_vel + u * (A.bound + 14.0f * px) + Vec2(0.0f, -10.0f * px), u,
                   "v_rel axis", alpha(pal::kRelVel, 0.9f));
      if (length(B.vel) * cam.zoom >= 0.5f)
        c.arrow(A.pos, A.pos + tr.rel_vel, pal::kRelVel, 2.0f, 10.0f);
    }
    draw_ghost_pair(c, 0.0f, pal::kGhostStart, "", 1.0f);
    draw_ghost_pair(c, 1.0f, pal::kGhostEnd, "t=1", 1.0f, true);
    draw_ghost_pair(c, scrub_t, pal::kGhostScrub, "", 1.5f);
    if (r.hit) {
      draw_ghost_pair(c, r.toi, pal::kGhostImpact,
                      r.initially_overlapping ? "overlap at t=0" : strf("impact t=%.3f", r.toi),
                      2.0f);
      if (length(r.normal) > 0.0f) {
        // From B's centre at impact toward A (for a circle B it ends at the contact).
        const Vec2 base = B.pos + B.vel * r.toi;
        const float len = std::min(48.0f * px, 0.9f * B.bound);
        c.arrow(base, base + r.normal * len, pal::kNormal, 2.5f, 9.0f);
        label_toward(c, base - r.normal * (8.0f * px), -r.normal, "normal", pal::kNormal);
      }
    }
    // Velocities over the step, on top of the ghosts.
    if (length(A.vel) * cam.zoom >= 0.5f) c.arrow(A.pos, A.pos + A.vel, pal::kTraceA, 2.0f, 9.0f);
    if (length(B.vel) * cam.zoom >= 0.5f) c.arrow(B.pos, B.pos + B.vel, pal::kTraceB, 2.0f, 9.0f);
    const int mover = length(A.vel) >= length(B.vel) ? an.pair.a : an.pair.b;
    if (length(body(mover).vel) * cam.zoom >= 0.5f) {
      const Body& m = body(mover);
      const Vec2 at = m.pos + m.vel * scrub_t;
      c.text(Vec2(at.x - 16.0f * px, at.y + m.bound + 4.0f * px), strf("t=%.2f", scrub_t),
             pal::kGhostScrub);
    }
  }

  void draw_handles(Canvas& c) {
    if (!valid(sel)) return;
    const float px = 1.0f / cam.zoom;
    const Body& b = body(sel);
    const Vec2 rh = rotate_handle(sel);
    c.line(Vec2(b.pos.x, b.bounds.min.y), rh, pal::kHandle, 1.0f);
    c.circle(rh, kHandleRadiusPx * px, pal::kHandleFill, pal::kHandle, 2.0f);
    const Vec2 sh = scale_handle(sel);
    const float hs = 5.5f * px;
    const Vec2 sq[4] = {sh + Vec2(-hs, -hs), sh + Vec2(hs, -hs), sh + Vec2(hs, hs),
                        sh + Vec2(-hs, hs)};
    c.polygon(sq, pal::kHandleFill, pal::kHandle, 2.0f);
    const Vec2 vh = vel_handle(sel);
    if (vel_is_stub(sel)) {
      dashed(c, Vec2(b.bounds.max.x, b.pos.y), vh, alpha(pal::kVelocity, 0.7f), 1.0f, 3.0f, px);
      c.text(vh + Vec2(8.0f, -6.0f) * px, "vel", pal::kVelocity);
    } else {
      c.arrow(b.pos, vh, pal::kVelocity, 2.0f, 10.0f);
    }
    c.circle(vh, kHandleRadiusPx * px, pal::kHandleFill, pal::kVelocity, 2.0f);
  }

  void draw_poly_tool(Canvas& c) {
    if (!poly_tool) return;
    const float px = 1.0f / cam.zoom;
    std::vector<DVec2> hull;
    if (poly_pts.size() >= 3) hull = convex_hull(poly_pts);
    if (hull.size() >= 3) {
      std::vector<Vec2> h;
      for (const DVec2& q : hull) h.push_back(to_f(q));
      c.polygon(h, pal::kToolHullFill, pal::kToolPoint, 1.5f);
    }
    for (std::size_t k = 0; k + 1 < poly_pts.size(); ++k)
      dashed(c, to_f(poly_pts[k]), to_f(poly_pts[k + 1]), alpha(pal::kToolPoint, 0.6f), 1.0f, 4.0f,
             px);
    if (!poly_pts.empty())
      dashed(c, to_f(poly_pts.back()), mouse_world, alpha(pal::kToolPoint, 0.6f), 1.0f, 4.0f, px);
    for (const DVec2& q : poly_pts) {
      const bool kept = poly_pts.size() < 3 || std::find(hull.begin(), hull.end(), q) != hull.end();
      c.dot(to_f(q), 4.0f, kept ? pal::kToolPoint : pal::kToolDropped);
    }
    c.text(mouse_world + Vec2(12.0f, 10.0f) * px,
           strf("%zu point%s - Enter to finish", poly_pts.size(), poly_pts.size() == 1 ? "" : "s"),
           pal::kToolPoint);
  }

  // ---- panels ----
  void verdict_text(std::uint32_t bit) {
    if (!(bit & kSandboxAlgos)) {  // an algorithm the core gained that has no view here yet
      ImGui::TextDisabled("(not shown in the sandbox)");
      return;
    }
    if (bit == kAlgoPixel && !an.pixel_problem.empty()) {
      ImGui::TextColored(to_v4(pal::kOverlap), "mask too large");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", an.pixel_problem.c_str());
      return;
    }
    if (!(an.ran & bit)) {
      ImGui::TextDisabled(an.pair.valid() ? "n/a" : "-");
      return;
    }
    const bool hit = verdict(bit);
    ImGui::TextColored(to_v4(hit ? pal::kOverlap : pal::kGap), "%s", hit ? "HIT" : "miss");
    ImGui::SameLine();
    ImGui::TextUnformatted(figure(bit).c_str());
  }

  void panel_tools() {
    if (ImGui::Button("+ Rect")) add_rect();
    ImGui::SameLine();
    if (ImGui::Button("+ Circle")) add_circle();
    ImGui::SameLine();
    if (poly_tool) {
      if (ImGui::Button("Finish polygon")) finish_poly_tool();
      ImGui::SameLine();
      if (ImGui::Button("Cancel")) cancel_poly_tool();
    } else if (ImGui::Button("+ Polygon")) {
      start_poly_tool();
    }
    // Sprites: a PNG from assets/sprites.
    if (!sprites_listed) refresh_sprite_files();
    ImGui::BeginDisabled(sprite_files.empty());
    if (ImGui::Button("+ Sprite") && !sprite_files.empty())
      add_sprite(sprite_files[static_cast<std::size_t>(sprite_choice)]);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::SetNextItemWidth(160.0f);
    const char* preview = sprite_files.empty()
                              ? "(no PNG files)"
                              : sprite_files[static_cast<std::size_t>(sprite_choice)].c_str();
    if (ImGui::BeginCombo("##sprite", preview)) {
      refresh_sprite_files();
      for (std::size_t k = 0; k < sprite_files.size(); ++k)
        if (ImGui::Selectable(sprite_files[k].c_str(), static_cast<int>(k) == sprite_choice))
          sprite_choice = static_cast<int>(k);
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("PNG files in %s", sprites_dir().string().c_str());
    ImGui::BeginDisabled(!valid(sel));
    if (ImGui::Button("Duplicate")) duplicate();
    ImGui::SameLine();
    if (ImGui::Button("Delete")) erase_selected();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!history.can_undo() && !ui_before);
    if (ImGui::Button("Undo")) undo_redo(false);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!history.can_redo());
    if (ImGui::Button("Redo")) undo_redo(true);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(path.empty());
    if (ImGui::Button("Save")) save();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Help")) show_help = true;

    if (poly_tool) {
      std::size_t kept = poly_pts.size();
      if (poly_pts.size() >= 3) kept = convex_hull(poly_pts).size();
      ImGui::TextColored(to_v4(pal::kToolPoint), "Polygon tool: %zu point%s placed.",
                         poly_pts.size(), poly_pts.size() == 1 ? "" : "s");
      if (kept < poly_pts.size()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(to_v4(pal::kToolDropped),
                           "The convex hull keeps %zu; %zu point%s (red) will be dropped.", kept,
                           poly_pts.size() - kept, poly_pts.size() - kept == 1 ? "" : "s");
        ImGui::PopTextWrapPos();
      }
      ImGui::TextDisabled("Click: add point. Enter / double-click: finish.");
      ImGui::TextDisabled("Backspace: remove last. Esc: cancel.");
    }
    if (!message.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      if (message_error)
        ImGui::TextColored(to_v4(pal::kOverlap), "%s", message.c_str());
      else
        ImGui::TextUnformatted(message.c_str());
      ImGui::PopTextWrapPos();
    }
  }

  void panel_focus() {
    if (!an.pair.valid()) {
      ImGui::TextDisabled("No pair in focus: click a shape (or Ctrl+click two).");
      return;
    }
    ImGui::TextColored(to_v4(pal::kTraceA), "A: %s", shape(an.pair.a).id.c_str());
    ImGui::SameLine();
    ImGui::TextColored(to_v4(pal::kTraceB), "B: %s", shape(an.pair.b).id.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled(an.pair.pinned ? "(pinned)" : "(selection + nearest)");
    if (an.pair.pinned) {
      if (ImGui::SmallButton("Swap A/B")) std::swap(pin_a, pin_b);
      ImGui::SameLine();
      if (ImGui::SmallButton("Unpin")) pin_a = pin_b = -1;
    } else if (ImGui::SmallButton("Pin this pair")) {
      pin_a = an.pair.a;
      pin_b = an.pair.b;
    }
  }

  void sat_number_line(const SatAxis& ax, bool dim) {
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float w = std::max(ImGui::GetContentRegionAvail().x, 60.0f);
    const float h = ImGui::GetTextLineHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float lo = std::min(ax.a.min, ax.b.min), hi = std::max(ax.a.max, ax.b.max);
    const float span = std::max(hi - lo, 1e-6f);
    auto x = [&](float s) { return p0.x + 4.0f + (s - lo) / span * (w - 8.0f); };
    const float k = dim ? 0.35f : 1.0f;
    dl->AddLine(ImVec2(p0.x, p0.y + 0.5f * h), ImVec2(p0.x + w, p0.y + 0.5f * h),
                to_u32(alpha(pal::kAxisLine, 0.6f * k)));
    const Interval seg = interval_between(ax.a, ax.b);
    const float olo = seg.min;
    const float ohi = seg.max;
    const Color mc = ax.overlap >= 0.0f ? pal::kOverlap : pal::kGap;
    dl->AddRectFilled(ImVec2(x(olo), p0.y), ImVec2(std::max(x(ohi), x(olo) + 1.0f), p0.y + h),
                      to_u32(alpha(mc, 0.35f * k)));
    dl->AddRectFilled(ImVec2(x(ax.a.min), p0.y + 1.0f), ImVec2(x(ax.a.max), p0.y + 0.5f * h - 1.0f),
                      to_u32(alpha(pal::kTraceA, k)));
    dl->AddRectFilled(ImVec2(x(ax.b.min), p0.y + 0.5f * h + 1.0f),
                      ImVec2(x(ax.b.max), p0.y + h - 1.0f), to_u32(alpha(pal::kTraceB, k)));
    ImGui::Dummy(ImVec2(w, h));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("axis (%.3f, %.3f)\nA [%.2f, %.2f]\nB [%.2f, %.2f]\n%s %.2f", ax.axis.x,
                        ax.axis.y, ax.a.min, ax.a.max, ax.b.min, ax.b.max,
                        ax.overlap >= 0.0f ? "overlap" : "gap", std::abs(ax.overlap));
  }

  void panel_gjk_steps() {
    teach::step_controls("gjk_step", stepper.gjk, teach::gjk_step_count(stepper.gjk_trace),
                         teach::gjk_step_text(stepper.gjk_trace, an.gjk_r, stepper.gjk.step),
                         "A - B is drawn right of the pair, moved so that its origin is the white "
                         "cross labelled 'origin': the origin inside A - B means A and B overlap.");
    if (!stepper.gjk.on)
      ImGui::TextDisabled("Step through shows A - B, its origin and the simplex per iteration.");
  }

  void panel_sat() {
    teach::step_controls("sat_step", stepper.sat, teach::sat_step_count(an.sat_early),
                         teach::sat_step_text(an.sat_early, stepper.sat.step),
                         "Steps walk the axes in test order and stop where early exit does.");
    ImGui::Checkbox("early exit", &sat_show_early);
    ImGui::SameLine();
    ImGui::TextDisabled(sat_show_early ? "(showing the axes tested until the first gap)"
                                       : "(showing every axis)");
    const SatTrace& tr = sat_shown();
    const int stop = early_stop();
    ImGui::PushTextWrapPos(0.0f);
    if (stop >= 0)
      ImGui::TextColored(to_v4(pal::kSeparatingAxis),
                         "Axis #%d separates: early exit stops there (%d of %zu tested).", stop + 1,
                         stop + 1, an.sat_full.axes.size());
    else
      ImGui::TextColored(to_v4(pal::kOverlap),
                         "No axis separates: all %zu overlap, so A and B hit.",
                         an.sat_full.axes.size());
    ImGui::PopTextWrapPos();
    if (tr.least >= 0 && stop < 0)
      ImGui::TextColored(to_v4(pal::kLeastAxis), "Least overlap: axis #%d (the MTD axis).",
                         tr.least + 1);
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("sat_axes", 4, flags)) {
      ImGui::TableSetupColumn("#");
      ImGui::TableSetupColumn("axis from");
      ImGui::TableSetupColumn("overlap");
      ImGui::TableSetupColumn("A (top) and B on the axis", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableHeadersRow();
      for (std::size_t k = 0; k < tr.axes.size(); ++k) {
        const SatAxis& ax = tr.axes[k];
        const int ki = static_cast<int>(k);
        const bool untested = stop >= 0 && ki > stop;
        ImVec4 col = ImGui::GetStyleColorVec4(ImGuiCol_Text);
        if (untested) col = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
        if (ki == tr.least && stop < 0) col = to_v4(pal::kLeastAxis);
        if (ki == stop) col = to_v4(pal::kSeparatingAxis);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%d", ki + 1);
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%s %d", axis_source_name(ax.source), ax.feature);
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%+.2f%s", ax.overlap,
                           ki == stop ? " stop" : (untested ? " skip" : ""));
        ImGui::TableNextColumn();
        sat_number_line(ax, untested);
      }
      ImGui::EndTable();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "overlap < 0 is a gap. 'skip': not tested when exiting early. Hover a "
        "number line for its values.");
    ImGui::PopStyleColor();
  }

  void panel_mtd() {
    const MtdResult& m = an.mtd_r;
    if (m.hit)
      ImGui::Text("push A by (%.2f, %.2f): depth %.2f along (%.3f, %.3f)", m.vector.x, m.vector.y,
                  m.depth, m.normal.x, m.normal.y);
    else
      ImGui::TextDisabled("No overlap: nothing to push out.");
    ImGui::BeginDisabled(!m.hit);
    if (ImGui::Button("Resolve (move A)")) resolve_button();
    ImGui::EndDisabled();
    ImGui::TextUnformatted("Auto-resolve while dragging:");
    int mode = static_cast<int>(auto_resolve);
    ImGui::RadioButton("off", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("move A", &mode, 1);
    ImGui::SameLine();
    ImGui::RadioButton("move B", &mode, 2);
    ImGui::SameLine();
    ImGui::RadioButton("half each", &mode, 3);
    auto_resolve = static_cast<ResolveMode>(mode);
  }

  void panel_swept() {
    teach::step_controls("swept_step", stepper.swept, teach::swept_step_count(an.swept_trace),
                         teach::swept_step_text(an.swept_trace, an.swept_r, stepper.swept.step),
                         "Steps walk the trace's records in order, with the running times.");
    const SweptResult& r = an.swept_r;
    const SweptTrace& tr = an.swept_trace;
    ImGui::Text("method: %s   v_rel = (%.1f, %.1f)", swept_method_name(tr.method), tr.rel_vel.x,
                tr.rel_vel.y);
    ImGui::Text("enter t = %.3f, exit t = %.3f", tr.t_enter, tr.t_exit);
    if (r.initially_overlapping)
      ImGui::TextColored(to_v4(pal::kOverlap), "Overlapping at t = 0 (MTD depth %.2f).",
                         r.mtd.depth);
    else if (r.hit)
      ImGui::TextColored(to_v4(pal::kOverlap), "Impact at t = %.3f, normal (%.3f, %.3f).", r.toi,
                         r.normal.x, r.normal.y);
    else
      ImGui::TextColored(to_v4(pal::kGap), "No impact during the step.");
    ImGui::SliderFloat("t (yellow ghosts)", &scrub_t, 0.0f, 1.0f, "%.2f",
                       ImGuiSliderFlags_AlwaysClamp);
    if (tr.method == SweptMethod::Quadratic)
      ImGui::Text("%.2f t^2 + %.2f t + %.2f = 0", tr.qa, tr.qb, tr.qc);
    if (!tr.steps.empty() && ImGui::TreeNode("steps", "%zu steps", tr.steps.size())) {
      const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
      if (ImGui::BeginTable("swept_steps", 4, flags)) {
        ImGui::TableSetupColumn("#");
        ImGui::TableSetupColumn("axis from");
        ImGui::TableSetupColumn("t enter");
        ImGui::TableSetupColumn("t exit");
        ImGui::TableHeadersRow();
        for (std::size_t k = 0; k < tr.steps.size(); ++k) {
          const SweptStep& st = tr.steps[k];
          const bool entry = static_cast<int>(k) == tr.entry_step;
          const ImVec4 col =
              entry ? to_v4(pal::kGhostImpact) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::TextColored(col, "%zu", k + 1);
          ImGui::TableNextColumn();
          ImGui::TextColored(col, "%s %d", axis_source_name(st.source), st.feature);
          ImGui::TableNextColumn();
          ImGui::TextColored(col, "%.3f", st.t_enter);
          ImGui::TableNextColumn();
          ImGui::TextColored(col, "%.3f%s", st.t_exit, entry ? "  <- impact" : "");
        }
        ImGui::EndTable();
      }
      ImGui::TreePop();
    }
  }

  void panel_pixel() {
    ImGui::TextUnformatted("accuracy");
    for (std::size_t k = 0; k < std::size(kAccuracies); ++k) {
      ImGui::SameLine();
      if (ImGui::RadioButton(kAccuracyNames[k], accuracy == kAccuracies[k]))
        accuracy = kAccuracies[k];
    }
    bool offered = false;
    for (const float a : kAccuracies) offered = offered || a == accuracy;
    if (!offered) {
      ImGui::SameLine();
      ImGui::TextDisabled("(%s from the command line)", format_float(accuracy).c_str());
    }
    const float cell = 1.0f / accuracy;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "Cells are %s x %s world px. A cell belongs to a shape when its centre is inside it (a "
        "sprite: when the texel under the centre has alpha >= its threshold).",
        format_float(cell).c_str(), format_float(cell).c_str());
    ImGui::PopTextWrapPos();
    if (!an.pixel_problem.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(to_v4(pal::kOverlap), "Not run: %s.", an.pixel_problem.c_str());
      ImGui::PopTextWrapPos();
      return;
    }
    if (!(an.ran & kAlgoPixel)) return;
    const PixelResult& r = an.pixel_r;
    const Mask& ma = mask_entry(an.pair.a).mask;
    const Mask& mb = mask_entry(an.pair.b).mask;
    ImGui::TextColored(to_v4(pal::kTraceA), "A mask %d x %d cells at (%d, %d)", ma.w, ma.h, ma.x0,
                       ma.y0);
    ImGui::TextColored(to_v4(pal::kTraceB), "B mask %d x %d cells at (%d, %d)", mb.w, mb.h, mb.x0,
                       mb.y0);
    if (r.search.w > 0 && r.search.h > 0)
      ImGui::TextColored(to_v4(pal::kPixelSearch), "search %d x %d cells at (%d, %d)", r.search.w,
                         r.search.h, r.search.x0, r.search.y0);
    else
      ImGui::TextColored(to_v4(pal::kGap), "The masks' bounds do not meet: rejected at once.");
    if (r.hit) {
      ImGui::TextColored(to_v4(pal::kPixelOverlap), "%d cell%s overlap (%s world px^2)", r.count,
                         r.count == 1 ? "" : "s",
                         format_float(static_cast<float>(r.count) * cell * cell).c_str());
      ImGui::Text("overlap bounds %d x %d cells; first cell (%d, %d)", r.overlap.w, r.overlap.h,
                  r.first_x, r.first_y);
    } else if (r.search.w > 0 && r.search.h > 0) {
      ImGui::TextColored(to_v4(pal::kGap), "No cell is in both masks.");
    }
    ImGui::Checkbox("outline every sprite's mask", &show_mask_outlines);
    ImGui::TextDisabled("Zoom in until a cell is %g px wide to see the grid.", kMaskGridMinPx);
  }

  void panel_algorithms() {
    const PanelLayout lay = layout();
    ImGui::SetNextWindowPos(lay.main_pos, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(lay.main_size, ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Hitbox")) {
      ImGui::End();
      return;
    }
    panel_tools();
    ImGui::Separator();
    panel_focus();
    ImGui::Separator();
    for (const AlgoInfo& info : kAlgorithms) {
      bool on = (algos & info.bit) != 0;
      if (ImGui::Checkbox(info.name, &on)) algos = on ? (algos | info.bit) : (algos & ~info.bit);
      ImGui::SameLine(150.0f);
      verdict_text(info.bit);
    }
    {
      const std::uint32_t shown = verdict_algo();
      const std::string preview =
          colour_algo == 0 ? std::string("auto (") + (shown ? algo_name(shown) : "none") + ")"
                           : std::string(algo_name(colour_algo));
      ImGui::SetNextItemWidth(170.0f);
      if (ImGui::BeginCombo("hit colour from", preview.c_str())) {
        if (ImGui::Selectable("auto", colour_algo == 0)) colour_algo = 0;
        for (const AlgoInfo& info : kAlgorithms)
          if (ImGui::Selectable(info.name, colour_algo == info.bit)) colour_algo = info.bit;
        ImGui::EndCombo();
      }
    }
    if (an.pair.valid()) {
      const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
      if ((an.ran & kAlgoAabb) && ImGui::CollapsingHeader("aabb", open)) {
        const AabbResult& r = an.aabb_r;
        ImGui::TextColored(to_v4(pal::kTraceA), "A x [%.1f, %.1f]  y [%.1f, %.1f]", r.a.min.x,
                           r.a.max.x, r.a.min.y, r.a.max.y);
        ImGui::TextColored(to_v4(pal::kTraceB), "B x [%.1f, %.1f]  y [%.1f, %.1f]", r.b.min.x,
                           r.b.max.x, r.b.min.y, r.b.max.y);
      }
      if ((an.ran & kAlgoBoundingCircle) && ImGui::CollapsingHeader("bounding_circle", open)) {
        const BoundingCircleResult& r = an.bc_r;
        ImGui::Text("rA %.2f + rB %.2f vs centre distance %.2f", r.ra, r.rb, r.distance);
        ImGui::Text("gap %.2f (<= 0 is a hit)", r.gap);
      }
      if ((an.ran & kAlgoSat) && ImGui::CollapsingHeader("sat", open)) panel_sat();
      if ((an.ran & kAlgoMtd) && ImGui::CollapsingHeader("mtd", open)) panel_mtd();
      if ((an.ran & kAlgoSwept) && ImGui::CollapsingHeader("swept", open)) panel_swept();
      if ((an.ran & kAlgoGjk) && ImGui::CollapsingHeader("gjk", open)) panel_gjk_steps();
      if (((an.ran & kAlgoPixel) || !an.pixel_problem.empty()) &&
          ImGui::CollapsingHeader("pixel", open))
        panel_pixel();
    }
    ImGui::End();
  }

  // One inspector widget changed the working copy `w` of the selected shape: apply it.
  void apply_inspector(const Shape& w) {
    if (w == shape(sel)) return;
    if (const auto problem = shape_problem(w)) {  // typed values are refused, never clamped
      inspector_error = "Refused: " + problem->field + " " + problem->message;
      return;
    }
    inspector_error.clear();
    if (!ui_before) ui_before = scene;
    shape(sel) = w;
    repose(sel);
  }

  void panel_inspector() {
    const PanelLayout lay = layout();
    ImGui::SetNextWindowPos(lay.inspector_pos, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(lay.inspector_size, ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Inspector")) {
      ImGui::End();
      return;
    }
    if (!valid(sel)) {
      ImGui::TextDisabled("Nothing selected: click a shape.");
      id_active = false;
      ImGui::End();
      return;
    }
    Shape w = shape(sel);
    ImGui::Text("%s", kind_name(w.kind));

    if (!id_active) std::snprintf(id_buf, sizeof id_buf, "%s", w.id.c_str());
    ImGui::InputText("id", id_buf, sizeof id_buf);
    id_active = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivatedAfterEdit()) {
      const std::string id = id_buf;
      if (id.empty()) {
        inspector_error = "An id cannot be empty.";
      } else if (id != w.id && scene.find(id) >= 0) {
        inspector_error = "The id '" + id + "' is taken.";
      } else {
        inspector_error.clear();
        w.id = id;
        apply_inspector(w);
      }
    }

    // Drags stay within these ranges; a value typed in (Ctrl+click) is taken as typed and
    // refused with a message by apply_inspector when it is out of range.
    const ImGuiSliderFlags clamp = ImGuiSliderFlags_None;
    ImGui::DragScalarN("pos", ImGuiDataType_Double, &w.pos.x, 2, 1.0f, nullptr, nullptr, "%.2f");
    ImGui::DragScalar("angle", ImGuiDataType_Double, &w.angle, 0.5f, nullptr, nullptr, "%.2f deg");
    const double smin = 0.01, smax = 100.0;
    ImGui::DragScalar("scale", ImGuiDataType_Double, &w.scale, 0.01f, &smin, &smax, "%.3f", clamp);
    ImGui::Checkbox("mirror x (H)", &w.mirror_x);
    ImGui::SameLine();
    ImGui::Checkbox("mirror y (V)", &w.mirror_y);
    const double lmin = 0.5, lmax = 100000.0;
    // (if/else rather than a switch: kinds other than these have no size field here)
    if (w.kind == Kind::Rect)
      ImGui::DragScalarN("size", ImGuiDataType_Double, &w.size.x, 2, 0.5f, &lmin, &lmax, "%.2f",
                         clamp);
    else if (w.kind == Kind::Circle)
      ImGui::DragScalar("radius", ImGuiDataType_Double, &w.radius, 0.5f, &lmin, &lmax, "%.2f",
                        clamp);
    if (w.kind == Kind::Sprite) {
      const SpriteImage* img = w.pixels.image.get();
      ImGui::LabelText("image", "%s", w.image.c_str());
      if (ImGui::IsItemHovered() && img != nullptr)
        ImGui::SetTooltip("%s\n%d x %d px", w.image.c_str(), img->w, img->h);
      ImGui::SliderInt("alpha threshold", &w.alpha_threshold, 0, 255, "%d", clamp);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Texels with alpha >= this are solid for the pixel test.");
    }
    ImGui::DragScalarN("vel", ImGuiDataType_Double, &w.vel.x, 2, 1.0f, nullptr, nullptr, "%.2f");
    apply_inspector(w);

    if (w.kind == Kind::Polygon) {
      ImGui::Separator();
      ImGui::Text("points (local, %zu)", w.points.size());
      int remove = -1;
      std::vector<DVec2> pts = w.points;
      bool edited = false;
      if (ImGui::BeginTable("points", 3,
                            ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableSetupColumn("x, y", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
        for (std::size_t k = 0; k < pts.size(); ++k) {
          ImGui::PushID(static_cast<int>(k));
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::Text("%zu", k);
          ImGui::TableNextColumn();
          ImGui::SetNextItemWidth(-FLT_MIN);
          if (ImGui::DragScalarN("##p", ImGuiDataType_Double, &pts[k].x, 2, 0.5f, nullptr, nullptr,
                                 "%.2f"))
            edited = true;
          ImGui::TableNextColumn();
          if (ImGui::SmallButton("x")) remove = static_cast<int>(k);
          ImGui::PopID();
        }
        ImGui::EndTable();
      }
      if (remove >= 0) {
        pts.erase(pts.begin() + remove);
        edited = true;
      }
      if (edited) {
        const std::string problem = polygon_problem(pts);
        if (problem.empty()) {
          inspector_error.clear();
          w.points = pts;
          apply_inspector(w);
        } else {
          inspector_error = "Rejected: " + problem;
        }
      }
    }
    if (!inspector_error.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(to_v4(pal::kOverlap), "%s", inspector_error.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::End();
  }

  // Where the panels start: a column on the right (the scenes' shapes tend to sit left of
  // centre), the help at the bottom left, the status line along the bottom.
  struct PanelLayout {
    ImVec2 main_pos, main_size, inspector_pos, inspector_size, help_pos, help_size;
  };
  static float status_height() { return ImGui::GetFrameHeightWithSpacing() + 8.0f; }
  static PanelLayout layout() {
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const float margin = 8.0f, width = 370.0f;
    const float bottom = ds.y - status_height() - margin;
    const float inspector_h = std::clamp(0.36f * ds.y, 200.0f, 300.0f);
    PanelLayout l;
    // Below the main menu bar (File, View, Lessons).
    const float top = margin + ImGui::GetFrameHeight();
    l.main_pos = ImVec2(std::max(ds.x - width - margin, margin), top);
    l.inspector_pos = ImVec2(l.main_pos.x, bottom - inspector_h);
    l.inspector_size = ImVec2(width, inspector_h);
    l.main_size = ImVec2(width, std::max(l.inspector_pos.y - margin - l.main_pos.y, 200.0f));
    l.help_size = ImVec2(450.0f, 21.0f * ImGui::GetTextLineHeightWithSpacing() + 24.0f);
    l.help_pos = ImVec2(margin, std::max(bottom - l.help_size.y, top));
    return l;
  }

  void panel_status() {
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const float h = status_height();
    ImGui::SetNextWindowPos(ImVec2(0.0f, ds.y - h));
    ImGui::SetNextWindowSize(ImVec2(ds.x, h));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    ImGui::SetNextWindowBgAlpha(0.85f);
    if (ImGui::Begin("##status", nullptr, flags)) {
      if (!an.pair.valid()) {
        ImGui::TextDisabled(
            "No pair in focus. Click a shape to focus it and its nearest "
            "neighbour, or Ctrl+click two shapes.");
      } else {
        ImGui::TextColored(to_v4(pal::kTraceA), "A: %s", shape(an.pair.a).id.c_str());
        ImGui::SameLine();
        ImGui::TextColored(to_v4(pal::kTraceB), "B: %s", shape(an.pair.b).id.c_str());
        if (an.ran == 0) {
          ImGui::SameLine();
          ImGui::TextDisabled(" | no algorithm enabled");
        }
        for (const AlgoInfo& info : kAlgorithms) {
          if (!(an.ran & info.bit)) continue;
          const bool hit = verdict(info.bit);
          ImGui::SameLine();
          ImGui::TextDisabled("|");
          ImGui::SameLine();
          ImGui::TextColored(to_v4(hit ? pal::kOverlap : pal::kGap), "%s %s", info.name,
                             hit ? "HIT" : "miss");
          ImGui::SameLine();
          ImGui::TextUnformatted(figure(info.bit).c_str());
        }
      }
    }
    ImGui::End();
  }

  void panel_help() {
    if (!show_help) return;
    const PanelLayout lay = layout();
    ImGui::SetNextWindowPos(lay.help_pos, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(lay.help_size, ImGuiCond_FirstUseEver);
    if (!ImGui::Begin(kHelpTitle, &show_help)) {
      ImGui::End();
      return;
    }
    const char* lines[][2] = {
        {"Left click", "select the topmost shape; drag to move it"},
        {"Click empty space", "deselect"},
        {"Circle above", "rotate (hold Shift: 15 degree steps)"},
        {"Square at corner", "scale (Shift: steps of 0.1)"},
        {"Green arrow tip", "drag to set the velocity (swept)"},
        {"Ctrl+click x2", "pin two shapes as the focus pair A, B"},
        {"Ctrl+click empty", "unpin (back to selection + nearest)"},
        {"H / V", "mirror the selection in local x / y"},
        {"N / P, Right / Left", "next / previous step (Step through on)"},
        {"+ Sprite", "add the PNG picked in the list beside it"},
        {"Ctrl+D / Delete", "duplicate / delete the selection"},
        {"Ctrl+Z", "undo"},
        {"Ctrl+Y, Ctrl+Shift+Z", "redo"},
        {"Esc while dragging", "cancel the drag"},
        {"Right/middle drag", "pan (also Space+drag); wheel zooms"},
        {"Home / Tab", "reset the view / hide the panels"},
    };
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
      for (const auto& l : lines) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(to_v4(pal::kHandle), "%s", l[0]);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(l[1]);
      }
      ImGui::EndTable();
    }
    ImGui::TextWrapped(
        "The focus pair is A (the selection) and B (its nearest shape). Each enabled algorithm "
        "draws its trace for that pair; the pair turns red when the chosen algorithm says hit. "
        "The pixel test compares the two shapes' masks cell by cell: zoom in to see the cells.");
    ImGui::End();
  }
};

Sandbox::Sandbox(Scene scene, std::string scene_path) : impl_(new Impl) {
  impl_->scene = std::move(scene);
  impl_->path = std::move(scene_path);
  impl_->repose();
  impl_->apply_teaching();
}

Sandbox::~Sandbox() {
  delete impl_;
}

void Sandbox::set_algorithms(std::uint32_t algos) {
  impl_->algos = algos & kAllAlgos;
}

bool Sandbox::set_accuracy(float accuracy) {
  if (!valid_accuracy(accuracy)) return false;
  impl_->accuracy = accuracy;
  return true;
}

bool Sandbox::set_focus(const std::string& a, const std::string& b) {
  const int ia = impl_->scene.find(a), ib = impl_->scene.find(b);
  if (ia < 0 || ib < 0 || ia == ib) return false;
  impl_->pin_a = ia;
  impl_->pin_b = ib;
  impl_->pending_pick = -1;
  return true;
}

bool Sandbox::on_event(const SDL_Event& e, const Camera& cam) {
  Impl& m = *impl_;
  m.cam = cam;
  const bool imgui = ImGui::GetCurrentContext() != nullptr;
  switch (e.type) {
    case SDL_MOUSEBUTTONDOWN: {
      if (e.button.button != SDL_BUTTON_LEFT) return false;
      if (imgui && ImGui::GetIO().WantCaptureMouse) return false;
      const Uint8* keys = SDL_GetKeyboardState(nullptr);
      if (keys && keys[SDL_SCANCODE_SPACE]) return false;  // space+drag pans (the shell's)
      const Vec2 w = cam.to_world(Vec2(static_cast<float>(e.button.x), e.button.y));
      m.mouse_world = w;
      return m.mouse_down(w, e.button.clicks, SDL_GetModState());
    }
    case SDL_MOUSEMOTION: {
      const Vec2 w = cam.to_world(Vec2(static_cast<float>(e.motion.x), e.motion.y));
      m.mouse_world = w;
      if (m.drag.kind == DragKind::None) return false;
      m.drag_to(w, (SDL_GetModState() & KMOD_SHIFT) != 0);
      return true;
    }
    case SDL_MOUSEBUTTONUP:
      if (e.button.button != SDL_BUTTON_LEFT || m.drag.kind == DragKind::None) return false;
      m.end_drag();
      return true;
    case SDL_KEYDOWN:
      if (imgui && ImGui::GetIO().WantCaptureKeyboard) return false;
      return m.key_down(e.key);
    default:
      return false;
  }
}

void Sandbox::draw_world(Canvas& canvas) {
  Impl& m = *impl_;
  m.cam = canvas.camera();
  m.analyze();
  const bool pair = m.an.pair.valid();
  if (pair && (m.an.ran & kAlgoSat) && !m.stepping(kAlgoSat)) m.draw_sat_lines(canvas);
  m.draw_shapes(canvas);
  m.draw_sprite_masks(canvas);
  m.draw_traces(canvas);
  m.draw_poly_tool(canvas);
  m.draw_handles(canvas);
}

void Sandbox::draw_panels() {
  if (!ImGui::GetCurrentContext()) return;
  Impl& m = *impl_;
  m.analyze();
  if (!m.help_decided) {
    // "How to use" opens on the first start: once ImGui has saved settings for it (the
    // window's entry in imgui.ini), later starts leave it closed (the Help button opens it).
    m.help_decided = true;
    if (ImGui::GetIO().IniFilename && ImGui::FindWindowSettings(ImHashStr(kHelpTitle)))
      m.show_help = false;
    // A lesson brings its own text panel; the Help button still opens "How to use".
    if (m.scene.lesson) m.show_help = false;
  }
  m.panel_algorithms();
  m.panel_inspector();
  m.panel_help();
  m.panel_status();
  // An inspector edit is one undo step: from the first change until no widget is active.
  if (m.ui_before && !ImGui::IsAnyItemActive()) m.flush_ui_edit();
}

const Scene& Sandbox::scene() const {
  return impl_->scene;
}

bool Sandbox::set_step(const std::string& spec) {
  teach::Algo algo{};
  int step = 0;
  if (!teach::parse_step_flag(spec, &algo, &step)) return false;
  Impl& m = *impl_;
  m.algos |= algo == teach::Algo::Sat     ? kAlgoSat
             : algo == teach::Algo::Swept ? kAlgoSwept
                                          : kAlgoGjk;
  m.stepper.mode(algo) = teach::StepMode{true, step};
  return true;
}

bool Sandbox::set_auto_resolve(const std::string& mode) {
  static constexpr std::pair<const char*, ResolveMode> kModes[] = {
      {"off", ResolveMode::Off},
      {"move-a", ResolveMode::MoveA},
      {"move-b", ResolveMode::MoveB},
      {"half", ResolveMode::Half},
  };
  for (const auto& [name, value] : kModes) {
    if (mode == name) {
      impl_->auto_resolve = value;
      return true;
    }
  }
  return false;
}

bool Sandbox::focus_pair(int* a, int* b) const {
  const Pair p = impl_->focus_pair();
  *a = p.valid() ? p.a : -1;
  *b = p.valid() ? p.b : -1;
  return p.valid();
}

void Sandbox::draw_world(Canvas& canvas, std::uint32_t algos) {
  const std::uint32_t saved = impl_->algos;
  impl_->algos = algos & kAllAlgos;
  draw_world(canvas);
  impl_->algos = saved;
}

std::uint32_t Sandbox::algorithms() const {
  return impl_->algos;
}

float Sandbox::accuracy() const {
  return impl_->accuracy;
}

void Sandbox::replace_pair(int a, const Shape& sa, int b, const Shape& sb,
                           const std::string& message) {
  Impl& m = *impl_;
  if (!m.valid(a) || !m.valid(b) || a == b || m.drag.kind != DragKind::None) return;
  m.flush_ui_edit();
  const Scene before = m.scene;
  m.shape(a) = sa;
  m.shape(b) = sb;
  m.repose(a);
  m.repose(b);
  m.commit(before);
  m.pin_a = a;
  m.pin_b = b;
  m.pending_pick = -1;
  m.say(message);
}

void Sandbox::load_scene(Scene scene, std::string path) {
  Impl& m = *impl_;
  m.drag = Drag{};
  m.ui_before.reset();
  m.history = History{};
  m.scene = std::move(scene);
  m.path = std::move(path);
  m.sel = m.pin_a = m.pin_b = m.pending_pick = -1;
  m.poly_tool = false;
  m.poly_pts.clear();
  m.masks.clear();
  m.inspector_error.clear();
  m.repose();
  m.apply_teaching();
  m.say(m.path.empty() ? "Scene loaded." : "Opened " + m.path + ".");
}

Scene Sandbox::scene_to_save() const {
  return impl_->scene_to_save();
}

const std::string& Sandbox::path() const {
  return impl_->path;
}

void Sandbox::set_path(std::string path) {
  impl_->path = std::move(path);
}

}  // namespace hitbox::app
