// Teaching: the main menu bar (File, View, Lessons), the lesson panel, scene files from the
// window (Open, Save, Save As, Recent), presenter mode, Export PNG and Export SVG. The shell
// (shell/shell.h) owns one Teacher next to its Sandbox and calls draw() every frame the panels are
// shown.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "panels/layout.h"
#include "teach/progress.h"
#include "teach/tasks.h"

namespace hitbox::app {

class Renderer;
class Sandbox;

class Teacher {
 public:
  // `persist`: keep the Recent list in hitbox_recent.txt next to imgui.ini and the lessons'
  // progress in the user's data folder (teach/progress.h): interactive runs only; screenshots
  // and benchmarks must not depend on the working directory or the user.
  Teacher(Sandbox& sandbox, Renderer& renderer, bool persist);

  // Presenter mode: larger text (ImGui's global font scale) and every line twice as wide.
  void set_presenter(bool on);
  bool presenter() const { return presenter_; }
  void set_ui_scale(float scale);  // 1.0 .. 2.5, the text size outside presenter mode too
  // How much larger than at scale 1 the text and panels are (UI scale, presenter mode).
  float panel_scale() const;

  // The menu bar and the lesson panel. Call between ImGui::NewFrame and ImGui::Render.
  void draw();
  // Ticks the lesson's current task when its condition holds on the frame's analysis. Call
  // every frame after Sandbox::analyze_frame, panels shown or not. Interactive runs also
  // print "task done: LESSON N of M" on stdout (the window tests wait for it).
  void check_tasks();
  // Whether the lesson panel shows (a lesson is open and its panel not closed), and where it
  // is docked this frame (panels/layout.h).
  bool lesson_shown() const;
  void set_lesson_rect(const ScreenRect& r) { lesson_rect_ = r; }
  // Opens a scene file (the menu's Open, a lesson, Recent); false with the error shown.
  bool open(const std::string& path);

  // True once after a scene was opened: the shell resets its camera to the scene's view.
  bool take_scene_changed();
  // A path once an Export PNG is due: the shell writes the frame it just drew to it and
  // reports back with exported().
  std::string take_export();
  // Whether the export asked for the scene without the panels.
  bool export_without_panels() const { return export_bare_; }
  // A path once an Export SVG is due: the shell writes the canvas of the frame it just drew
  // as SVG (platform/svg_canvas.h) and reports back with exported().
  std::string take_svg_export();
  // File > Save (Ctrl+S): to the open file; a bundled lesson asks for a new name instead.
  void save();
  // Save As: false with the reason in the popup (a bundled lesson, a file not writable).
  bool save_as(const std::string& path);
  void exported(const std::string& path, bool ok);
  // True once after File > Copy link or the browser's Share button: the shell then calls
  // share_link with its camera.
  bool take_link_request();
  // The link to the scene as Save writes it, with `camera` as its view and the bundled lesson
  // open: onto the clipboard (SDL's on the desktop, the page's in the browser) and as
  // "hitbox: link URL" on stdout (the page's console), said in the status line; sprites left
  // out of it (not bundled) are said there and on stderr.
  void share_link(const View& camera);

  // The bundled lesson files (assets/scenes/lessons/*.json), sorted by name.
  static std::vector<std::string> lesson_files();

 private:
  void menu_bar();
  void file_popups();
  void lesson_panel();
  void go_lesson(int delta);
  int current_lesson() const;
  void remember(const std::string& path);
  void save_recent() const;
  void apply_scale();
  bool is_bundled(const std::string& path) const;
  void tasks_section(const Lesson& lesson);
  void report_progress_problem();

  Sandbox& sandbox_;
  Renderer& renderer_;
  bool persist_;
  bool presenter_ = false;
  float ui_scale_ = 1.0f;
  bool show_lesson_ = true;
  ScreenRect lesson_rect_;
  bool scene_changed_ = false;
  std::vector<std::string> lessons_;
  std::vector<std::string> recent_;
  std::string note_;  // the last file operation's result, shown in the File popups
  bool note_error_ = false;
  char path_buf_[1024] = {};
  const char* popup_ = nullptr;  // popup to open after the menu bar
  std::string export_path_;
  std::string svg_path_;  // Export SVG's file, until take_svg_export()
  bool export_bare_ = false;
  bool link_requested_ = false;
  int export_delay_ = 0;  // frames until the export is due (the popup must be gone)
  TaskTracker tasks_;
  Progress progress_;
  bool restart_tasks_ = true;      // a scene was opened: the tasks start over at the next check
  std::uint64_t play_resets_ = 0;  // the sandbox's Reset count the tasks last started at
};

}  // namespace hitbox::app
