// The sandbox: the scene being edited, the selection, the enabled algorithms and the
// frame's analysis of the pair in focus. It owns no window and no GL: the shell
// (shell/shell.h) feeds it SDL events with the camera, has it apply what the user asked
// for (request.h) at one point of each frame, then asks it to analyse the focus pair, to draw
// the world into each viewport's Canvas and to draw its ImGui panels, all from that one
// analysis. Every collision answer comes from hitbox_core's dispatcher (hitbox/analysis.h);
// nothing here computes collision math.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "hitbox/analysis.h"
#include "hitbox/mover.h"
#include "hitbox/scene.h"
#include "panels/layout.h"
#include "platform/canvas.h"
#include "sandbox/request.h"

namespace hitbox::app {

class Sandbox {
 public:
  Sandbox(Scene scene, std::string scene_path);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // Algorithm bits from hitbox/algorithms.h, OR'ed together.
  void set_algorithms(std::uint32_t algos);
  // The pixel test's accuracy (hitbox/mask.h: cells 1/accuracy world px wide); false (and
  // nothing changed) unless 0 < accuracy <= 1.
  bool set_accuracy(float accuracy);
  // Focus the pair (a, b) by id; false when an id is unknown.
  bool set_focus(const std::string& a, const std::string& b);

  // An SDL event, with the camera that maps window pixels to world. Returns true when the
  // sandbox used it (the shell then does not pan/zoom with it). Left button, keys H, V,
  // Delete, Ctrl+Z/Y, Ctrl+D and the like belong to the sandbox; right/middle drag, space
  // drag, wheel, Home and Tab belong to the shell. A drag moves its shape at once; the edits
  // keys and tools make are asked for, as the panels' are, and wait for apply_requests.
  bool on_event(const SDL_Event& e, const Camera& cam);

  // ---- Requests (request.h) ----
  // An edit the shell asks for (a scene opened, the comparison table's Find), queued after
  // what the panels, keys and tools asked.
  void ask(Request r);
  // Shape i as a request names it.
  ShapeRef ref(int i) const;
  // Applies every request asked since the last call, in order: the frame's one edit point.
  // The shell calls it first in each frame, before the layout and analyze_frame, so nothing
  // the frame draws reads shape indices from before an edit.
  void apply_requests();

  // The frame's one analysis: the core's dispatcher on the focus pair with the panel's
  // algorithms plus `extra_algos` (what the split views and the comparison table show).
  // Call once per frame, after apply_requests and before draw_world and draw_panels, which
  // read it.
  void analyze_frame(std::uint32_t extra_algos = 0);
  // The frame's analysis (every algorithm asked for, sat with every axis) and its pair as
  // scene indices; nullptr (and -1s) when no pair is in focus.
  const PairAnalysis* frame_analysis(int* a, int* b) const;
  // How many times analyze_frame ran (tests: once per frame, whatever the views).
  std::uint64_t analyses() const;

  // Shapes, handles and the traces of the enabled algorithms for the pair in focus, from
  // the frame's analysis.
  void draw_world(Canvas& canvas);
  // The ImGui panels: algorithms, inspector, status line, how-to. Called only when the UI
  // is shown (Tab / --no-ui hide it). Their buttons ask for edits (request.h).
  void draw_panels();
  // Play mode's toolbar (Play / Pause, Step, Reset) in the main menu bar, after the menus;
  // its buttons ask too.
  void draw_play_bar();

  const Scene& scene() const;

  // ---- Layout and view (the shell's) ----
  // Where the panels are docked and the free area the scene gets, this frame.
  void set_layout(const Layout& layout);
  bool has_selection() const;
  // The world box that holds every shape and its velocity's end (nullopt: no shapes).
  std::optional<Aabb> world_bounds() const;
  // The circle around the focus pair that its traces' axis lines are laid around (centre and
  // radius, world); nullopt without a pair.
  std::optional<std::pair<Vec2, float>> focus_extent() const;
  // What step mode draws beside the focus pair at `zoom` (GJK's Minkowski difference, from
  // the last frame's trace), as a world box; nullopt when it draws nothing there.
  std::optional<Aabb> step_extent(float zoom) const;
  // The help overlay (F1, "?", View > Help; Esc closes it).
  bool help_shown() const;
  void show_help(bool on);

  // `hitbox --auto-resolve MODE`: sets the auto-resolve mode, as the mtd panel's control
  // does: while a shape of the focus pair is dragged, the MTD pushes the pair apart. MODE is
  // "off", "move-a", "move-b" or "half". Returns false (and changes nothing) for any other.
  bool set_auto_resolve(const std::string& mode);

  // ---- Play mode (sandbox/play.cpp; the core's hitbox/simulation.h) ----
  // Play (true) or pause (false), as the toolbar's buttons do.
  void set_playing(bool on);
  void set_show_contacts(bool on);  // the contact overlay (View > Play contacts)
  bool contacts_shown() const;
  bool playing() const;
  // Simulated seconds since Play (0 before Play and after Reset): a task's play.time.
  double play_time() const;
  int play_contact_points() const;  // the Play bar's solver menu (SimOptions)
  bool play_warm_start() const;
  int play_sleeping() const;  // bodies asleep after the last step
  // The Mover tool's character and ghosts (a task's mover.*); nullptr while the tool is off.
  const MoverRun* mover_run() const;
  // How many times Reset put the scene back (a lesson's tasks start over).
  std::uint64_t play_resets() const;
  // The frame's time in seconds: while playing, runs the fixed steps that have accumulated
  // (at most kMaxStepsPerFrame). Call once per frame, before analyze_frame.
  void advance(double seconds);
  // Headless runs (screenshots, the frame benchmark): every frame runs exactly `steps` fixed
  // steps, whatever the time, so the pictures and timings repeat. 0: real time.
  void set_fixed_steps(int steps);
  // `hitbox --mover ID`: the Mover tool on with capsule ID as the character. "" or why not
  // (no such shape, not a capsule).
  std::string set_mover(const std::string& id);
  bool mover_on() const;  // View > Mover tool's mark (the menu asks Ask::Mover)
  // Runs `seconds` of simulated time at once (rounded to whole steps), playing or not;
  // for `--play-seconds`. False (message in the status line) when the scene cannot run.
  bool run_seconds(double seconds);
  // sim_hash_line of play mode's simulation ("" before the first Play or Step).
  std::string play_hash_line() const;

  // ---- Predict, then reveal (View menu, --predict) ----
  // On: every verdict and figure (world labels and traces, the panels' verdicts, the status
  // line, the comparison table, the hit colours) is hidden until reveal(); it hides again
  // at the next frame that finds a shape moved.
  void set_predict(bool on);
  bool predict() const;
  void reveal();
  bool verdicts_hidden() const;

  // ---- Step mode (app/teach/teach.h), for `hitbox --step ALGO:N` ----
  // "sat:2", "swept:1" or "gjk:3": turns that algorithm and its step mode on and shows step
  // N (1-based; past the last step shows the last). False (nothing changed) for other text.
  bool set_step(const std::string& spec);

  // ---- Hooks for the comparison table and split view (app/compare/) ----
  // The pair in focus as scene indices; false (and -1s) when there is none.
  bool focus_pair(int* a, int* b) const;
  // draw_world with these algorithm bits instead of the panel's (one viewport of a split;
  // the frame's analysis must have asked for them).
  void draw_world(Canvas& canvas, std::uint32_t algos);
  std::uint32_t algorithms() const;
  float accuracy() const;

  // ---- Hooks for scene files, lessons and presenter mode (app/teach/lessons.h) ----
  // (A scene opens through a request, Ask::Open.)
  // The scene as Save writes it: the shapes plus the algorithms that are on, the focus pair
  // (when there is one) and the accuracy.
  Scene scene_to_save() const;
  // Where Save writes ("" for none); Save As sets it.
  const std::string& path() const;
  void set_path(std::string path);
  // The scene differs from the one last opened or saved (the window title's mark).
  bool unsaved() const;
  void mark_saved();
  // Save As into another folder: the sprites' image paths as the new file must write them.
  void set_image_paths(const Scene& rebased);
  // True once after the Save button or Ctrl+S (the teacher does the saving).
  bool take_save_request();
  // A line in the status message (file operations report there).
  void notify(const std::string& message, bool error = false);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hitbox::app
