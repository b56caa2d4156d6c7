// The sandbox's state, in parts that say what they own: the document (scene, undo, unsaved
// mark), the selection and focus pair (held by shape id), the tools and drag, the inspector's
// edit, and the frame's caches (masks, the focus pair's analysis, every colliding pair); the
// settings and view stay in SandboxState itself. Its methods change the state (editing.cpp),
// apply the requests the panels, keys and tools asked for (requests.cpp), answer what is in
// focus and run the frame's analysis through the core's dispatcher (focus.cpp), and turn
// mouse and keys into drags and requests (input.cpp). The overlays (app/overlays/) and the
// algorithm modules (app/algos/) draw from it, the panels (app/panels/) show it and ask for
// edits; sandbox.cpp is the facade the shell talks to.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algos/algos.h"
#include "hitbox/analysis.h"
#include "hitbox/mask.h"
#include "hitbox/ray.h"
#include "hitbox/scene.h"
#include "hitbox/shape.h"
#include "panels/layout.h"
#include "platform/canvas.h"
#include "sandbox/mover.h"
#include "sandbox/play.h"
#include "sandbox/request.h"
#include "sandbox/undo.h"
#include "teach/teach.h"

namespace hitbox::app {

// Handle geometry, in window pixels.
inline constexpr float kHandleRadiusPx = 6.5f;
inline constexpr float kHandlePickPx = 11.0f;
inline constexpr float kRotateGapPx = 34.0f;  // rotation handle: this far above the shape's top
inline constexpr float kScaleGapPx = 8.0f;    // scale handle: this far out from the bottom-right
inline constexpr float kVelStubPx = 22.0f;    // zero velocity: the handle sits right of the shape
inline constexpr float kSpinGapPx =
    24.0f;  // spin handle's ring: this far outside the rotation handle

// The pixel test's accuracies offered in the panel (cells 1, 2, 4, 8 world px wide).
inline constexpr float kAccuracies[] = {1.0f, 0.5f, 0.25f, 0.125f};
inline constexpr const char* kAccuracyNames[] = {"1", "1/2", "1/4", "1/8"};

// CapsuleEnd0 / CapsuleEnd1: a capsule's end centre; CapsuleRadius: its radius. Spin: the
// turn over one step, wound round a ring about pos (past a whole turn too).
enum class DragKind {
  None,
  Move,
  Rotate,
  Scale,
  Velocity,
  Spin,
  CapsuleEnd0,
  CapsuleEnd1,
  CapsuleRadius
};
enum class ResolveMode : int { Off = 0, MoveA = 1, MoveB = 2, Half = 3 };

struct Drag {
  DragKind kind = DragKind::None;
  int index = -1;
  Scene before;
  std::uint64_t before_version = 0;  // the version of `before` (Esc puts it back)
  DVec2 offset{0.0, 0.0};            // Move: pos - grab point. Velocity: tip - grab point.
  double start_angle = 0.0;
  double start_scale = 1.0;
  float grab_angle = 0.0f;  // Rotate: direction of the grab point from pos, degrees
  float grab_dist = 1.0f;   // Scale: distance of the grab point from pos
  double start_spin = 0.0;  // Spin: the spin when the drag began
  double wound = 0.0;       // Spin: degrees the pointer has turned about pos since then
  float last_angle = 0.0f;  // Spin: the pointer's direction from pos at the last move
};

struct Pair {
  int a = -1, b = -1;
  bool pinned = false;
  bool valid() const { return a >= 0 && b >= 0; }
};

// The focus pair's analysis for one frame: the core's dispatcher run once with every
// algorithm that any view, panel or the comparison table shows, sat with every axis. The
// early-exit view of the sat trace is read off the same run (sat_early_exit_view).
struct FrameAnalysis {
  Pair pair;
  std::uint32_t asked = 0;  // the algorithm bits the frame asked for
  PairAnalysis r;           // every answer, result and trace (r.ran: the bits that ran)
  SatTrace sat_early;       // the axes an early-exit run tests, and its result
  SatResult sat_early_r;
  std::string pixel_problem;  // why the pixel test did not run (a mask too large), or ""
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

// The settings a scene file holds besides its shapes, as last opened or saved.
struct SavedSettings {
  std::uint32_t algos = 0;
  float accuracy = 0.0f;
  std::string focus_a, focus_b;  // "" without a focus pair
  bool operator==(const SavedSettings&) const = default;
};

// The document: the scene, where it is saved, each shape posed, undo, and the unsaved mark.
// Every state of the scene has a version: an edit gives it a new one (a drag or an inspector
// edit at each step while under way), undo and redo bring back the one stored with their
// snapshot, and play mode's steps give new ones. The title's mark compares it with the
// version last opened or saved, instead of the whole scene each frame.
struct Document {
  Scene scene;
  std::string path;
  std::vector<Posed> posed;  // by shape index
  History history;
  std::uint64_t version = 0;        // the scene as it is now
  std::uint64_t last_version = 0;   // the newest version given out
  std::uint64_t saved_version = 0;  // the scene as last opened or saved
  SavedSettings saved_settings;     // the settings as last opened or saved

  int count() const { return static_cast<int>(scene.shapes.size()); }
  bool valid(int i) const { return i >= 0 && i < count(); }
  const Collider& body(int i) const { return posed[static_cast<std::size_t>(i)].collider(); }
  Shape& shape(int i) { return scene.shapes[static_cast<std::size_t>(i)]; }
  const Shape& shape(int i) const { return scene.shapes[static_cast<std::size_t>(i)]; }
  void repose() {
    posed.clear();
    posed.reserve(scene.shapes.size());
    for (const Shape& s : scene.shapes) posed.emplace_back(s);
  }
  void repose(int i) { posed[static_cast<std::size_t>(i)] = Posed(shape(i)); }
  void changed() { version = ++last_version; }
  // Where the shape `r` names is now: at its index while the id there matches, else the
  // shape with its id; -1 when it is gone.
  int locate(const ShapeRef& r) const {
    if (valid(r.index) && shape(r.index).id == r.id) return r.index;
    return r.id.empty() ? -1 : scene.find(r.id);
  }
  // Shape i as a request names it ({-1, ""} when there is no shape i).
  ShapeRef ref(int i) const { return valid(i) ? ShapeRef{i, shape(i).id} : ShapeRef{}; }
};

// The selection and the focus pair, held by shape id (ShapeRef: the index is only a cache,
// checked against the id), so an edit that moves shapes cannot leave them naming another.
// Read them through SandboxState::selected(), pin_a(), pin_b(), pending_pick().
struct Selection {
  ShapeRef sel;
  ShapeRef pin_a, pin_b;  // the pinned focus pair: both or neither
  ShapeRef pending;       // first Ctrl+click of a pair
};

// The tools: the polygon tool, the ray and slice tools, and the drag under way.
struct Tools {
  bool poly_tool = false;
  std::vector<DVec2> poly_pts;
  bool poly_hull = false;  // the polygon tool keeps the convex hull (else the outline as drawn)
  // The ray and slice tools: press, drag, release along a line from line_a to line_b.
  LineTool line_tool = LineTool::None;
  bool line_dragging = false;
  bool line_shown = false;  // the ray stays drawn after its drag, until the tool closes
  Vec2 line_a{0.0f, 0.0f}, line_b{0.0f, 0.0f};
  std::vector<RayHitAt> ray_hits;  // the ray tool's hits this frame (the core's cast_ray)
  Drag drag;
};

// The inspector's edit under way: the scene before it (one undo step), the id being typed,
// and why a typed value was refused.
struct InspectorEdit {
  std::optional<Scene> before;  // an edit in progress
  std::uint64_t before_version = 0;
  char id_buf[128] = {};
  bool id_active = false;
  std::string error;
  bool refused = false;  // the field being edited holds a value that was refused
};

// What a frame computes and keeps: masks and overlap runs (logically const: they only
// remember what the core built), the focus pair's analysis and every colliding pair.
struct FrameCache {
  mutable std::vector<MaskEntry> masks;  // by shape index
  mutable std::uint64_t mask_generation = 0;
  mutable OverlapRuns overlap_runs;
  FrameAnalysis an;
  std::uint64_t analyses = 0;  // analyze_frame calls so far (tests: one per frame)
  CollidingPairs pairs;
};

// Predict, then reveal (View menu, --predict): every verdict and figure is hidden until
// Reveal, and hidden again once a shape moves.
struct Predict {
  bool on = false;
  bool revealed = false;
  std::vector<Shape> pose;  // the shapes as they were at Reveal
};

struct SandboxState {
  Document doc;
  Selection selection;
  Tools tools;
  InspectorEdit insp;
  FrameCache cache;

  std::uint32_t algos = start_algos();  // the panel's algorithms (a split view: its own sets)
  float accuracy = 1.0f;                // pixel test (mask.h)
  bool show_mask_outlines = true;       // pixel test: outline every sprite's mask
  std::vector<std::string> sprite_files;
  int sprite_choice = 0;
  bool sprites_listed = false;
  std::uint32_t colour_algo = 0;  // 0 = automatic
  ResolveMode auto_resolve = ResolveMode::Off;
  bool sat_show_early = false;
  float scrub_t = 0.5f;
  teach::Stepper stepper;    // step mode (teach/teach.h)
  bool show_help = false;    // the help overlay (F1, "?", View > Help)
  bool show_pieces = false;  // outline each concave polygon's convex pieces
  Vec2 mouse_world{0.0f, 0.0f};

  std::string message;
  bool message_error = false;
  bool save_requested = false;  // the Save button or Ctrl+S: the teacher saves (teach/lessons.h)

  Camera cam;
  Layout layout;  // where the panels are and the free area the scene gets (the shell's)
  std::uint32_t view_algos = 0;  // the algorithms of the viewport being drawn
  PlayState play;
  Predict predict;
  MoverTool mover;  // the Mover tool (sandbox/mover.h)

  // ---- the selection and focus pair (held by id) ----
  // Their shapes' indices now, or -1. The pinned pair is both or neither.
  int selected() const { return doc.locate(selection.sel); }
  int pending_pick() const { return doc.locate(selection.pending); }
  int pin_a() const { return pinned() ? doc.locate(selection.pin_a) : -1; }
  int pin_b() const { return pinned() ? doc.locate(selection.pin_b) : -1; }
  bool pinned() const {
    return doc.locate(selection.pin_a) >= 0 && doc.locate(selection.pin_b) >= 0;
  }
  void select(int i) { selection.sel = doc.ref(i); }
  void set_pending(int i) { selection.pending = doc.ref(i); }
  void pin(int a, int b) {
    selection.pin_a = doc.ref(a);
    selection.pin_b = doc.ref(b);
  }
  void unpin() { pin(-1, -1); }
  // After shapes were removed or replaced: what names a shape that is gone names nothing (an
  // undo bringing the shape back does not bring the selection back), and the cached indices
  // are brought up to date.
  void settle();
  // Shape i is to be renamed `id`: what holds it follows.
  void renamed(int i, const std::string& id);

  // ---- requests (request.h, requests.cpp): edits asked for while a frame is drawn ----
  Requests asked;  // in the order asked, until apply_requests
  void ask(Request r) { asked.push_back(std::move(r)); }
  void ask(Ask a) { asked.emplace_back(a); }
  ShapeRef ref(int i) const { return doc.ref(i); }
  // Applies every request asked so far, in order (the frame's one edit point).
  void apply_requests();
  void apply(Request& r);
  // The inspector changed its working copy `w` of the selected shape: refused here with the
  // field named when a scene file could not hold it, else asked for (Ask::Inspect).
  void ask_inspector(const Shape& w);

  // ---- the unsaved mark (editing.cpp): the document's version, and the settings a scene
  // file holds besides its shapes (algorithms, accuracy, focus pair), compared as they are.
  SavedSettings settings() const;
  void mark_saved();
  bool unsaved() const;

  // ---- editing (editing.cpp); each edit is one undo step ----
  bool edit_shape(int i, const Shape& candidate);
  void say(std::string text, bool error = false);
  // An edit finished: `before` (with its version) becomes an undo step if the scene changed.
  void commit(const Scene& before, std::uint64_t before_version);
  void commit(const Scene& before) { commit(before, doc.version); }
  void flush_ui_edit();
  void undo_redo(bool redo);
  std::string unique_id(const std::string& want) const;
  void add_shape(Shape s);
  DVec2 view_centre() const;
  void add_rect();
  void add_circle();
  void add_capsule();
  void refresh_sprite_files();
  void add_sprite(const std::string& file);  // a PNG in the assets' sprites folder
  void add_sprite_file(const std::string& path);
  void duplicate(int i);
  void erase(int i);
  void toggle_mirror(int i, bool x);
  void translate(int i, Vec2 d);
  bool apply_mtd(const Pair& p, ResolveMode mode);
  void resolve(const Pair& p);  // the mtd panel's Resolve: A moves out of B
  // Replace shapes a and b (new poses) as one undo step, pin them as the focus pair and say
  // `message` (the comparison table's Find).
  void replace_pair(int a, const Shape& sa, int b, const Shape& sb, const std::string& message);
  // Replace the whole scene (File > Open, a lesson): clears the selection, the focus, the
  // undo history and any drag, then applies the scene's algorithms, focus and accuracy.
  void load_scene(Scene s, std::string file);
  Scene scene_to_save() const;
  void apply_teaching();
  void start_poly_tool();
  void cancel_poly_tool();
  void finish_poly_tool();
  void set_line_tool(LineTool t);
  // The slice tool's line was released: every rect or polygon it crosses completely is cut
  // into its pieces (core slice_shape), all in one undo step.
  void slice_along(Vec2 a, Vec2 b);
  // The inspector's change to shape i, checked when asked (ask_inspector): the first change
  // of an edit remembers the scene before it, for one undo step.
  void inspect(int i, const Shape& w);
  // The scene was replaced or shapes were removed: indices in the frame's analysis may be
  // stale, so it is dropped until the next analyze_frame.
  void forget_analysis() { cache.an = FrameAnalysis{}; }

  // ---- focus and the frame's analysis (focus.cpp) ----
  int nearest(int a) const;
  Pair focus_pair() const;
  void ctrl_pick(int i);
  const MaskEntry& mask_entry(int i) const;
  // Runs the core's dispatcher once on the focus pair with `algos` (the union of what every
  // view, panel and the comparison table show this frame) and keeps it in `an`.
  void analyze_frame(std::uint32_t algos);
  // What ran, as the viewport being drawn and as the panels show it.
  // What this view and the panels show of the frame's analysis: nothing while predict mode
  // hides the verdicts, so every walker over the module table draws and prints none.
  bool verdicts_hidden() const { return predict.on && !predict.revealed; }
  std::uint32_t ran_in_view() const { return verdicts_hidden() ? 0 : cache.an.r.ran & view_algos; }
  std::uint32_t ran_in_panels() const { return verdicts_hidden() ? 0 : cache.an.r.ran & algos; }
  // The algorithm whose verdict colours the pair among `ran`.
  std::uint32_t verdict_algo(std::uint32_t ran) const;
  bool stepping(std::uint32_t bit) const;
  teach::Counts step_counts() const;
  const SatTrace& sat_shown() const {
    return sat_show_early ? cache.an.sat_early : cache.an.r.sat_trace;
  }
  const SatResult& sat_shown_result() const {
    return sat_show_early ? cache.an.sat_early_r : cache.an.r.sat;
  }
  // Index (in test order) where early exit stops, or -1 when no axis separates.
  int early_stop() const { return cache.an.r.sat_trace.separating; }

  // ---- every colliding pair (pairs.cpp) and play mode (play.cpp) ----
  // The algorithm the hit colour of every shape comes from: the "hit colour from" choice
  // when it is on, else the most exact enabled one (verdict_algo over the panel's set).
  std::uint32_t pairs_algo() const { return verdict_algo(algos & kAllAlgos); }
  // Broad phase, then the dispatcher on each candidate pair: fills `pairs`. Once per frame.
  void find_pairs();
  bool play_running() const { return play.playing; }
  void play_start();
  void play_pause();
  void play_step();  // one fixed step (pauses first)
  void play_reset();
  // The frame's time: runs as many fixed steps as have accumulated (playing only).
  void play_advance(double seconds);
  // The scene was replaced (File > Open, a lesson): play mode ends, its Reset forgotten.
  void play_forget();
  // Playing: a press on a dynamic body grabs it there (sim_grab); the pointer pulls it and
  // the release throws it. False when the press is not on a dynamic body.
  bool play_grab(Vec2 w);
  void play_grab_move(Vec2 w);
  void play_release();
  // Whether shape i is a body play mode has put to sleep (drawn dimmed).
  bool play_asleep(int i) const;

  // ---- the Mover tool (mover.cpp) ----
  // The capsule that is the mover, or -1 (the tool is off).
  int mover_index() const;
  // Shape i becomes the mover: "" or why not (no such shape, not a capsule).
  std::string mover_start(int i);
  void mover_stop();
  // The tool's button: off when on, else the selected capsule (or a new one) is the mover.
  void mover_toggle();
  // A key down or up while the mover is on: A / D, Left / Right, Space / W / Up. True when used.
  bool mover_key(SDL_Keycode key, bool down);
  void mover_world(int self);               // the world: every shape but `self`
  int mover_shape_of(ShapeHandle h) const;  // a world handle's scene index, or -1
  void mover_tick();                        // one fixed step (kMoverStep)
  void mover_advance(double seconds);       // the frame's time, in fixed steps

  // ---- handles, picking, drags, keys (input.cpp) ----
  Vec2 rotate_handle(int i) const;
  // The spin handle's ring about pos (radius, world units), and the handle on it: straight up
  // at spin 0, turned clockwise by the spin.
  float spin_ring(int i) const;
  Vec2 spin_handle(int i) const;
  // A capsule's handles: its end centres (which 0, 1) and, beside end 1, its radius (2).
  Vec2 capsule_handle(int i, int which) const;
  Vec2 scale_handle(int i) const;
  bool vel_is_stub(int i) const;
  Vec2 vel_handle(int i) const;
  DragKind handle_at(Vec2 w) const;
  int pick(Vec2 w) const;
  void start_drag(DragKind kind, int i, Vec2 w);
  void drag_to(Vec2 w, bool shift);
  void end_drag();
  void cancel_drag();
  bool mouse_down(Vec2 w, int clicks, SDL_Keymod mod);
  bool key_down(const SDL_KeyboardEvent& k);
  bool key_up(const SDL_KeyboardEvent& k);
};

// "1/4" for the offered accuracies, else the number.
std::string accuracy_name(float a);

}  // namespace hitbox::app
