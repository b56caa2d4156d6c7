#include "teach/lessons.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "hitbox/link.h"
#include "hitbox/scene.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "platform/assets.h"
#include "platform/image.h"
#include "platform/renderer.h"
#include "sandbox/sandbox.h"
#ifdef __EMSCRIPTEN__
#include "platform/web/web.h"
#endif

namespace hitbox::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kRecentFile = "hitbox_recent.txt";
constexpr std::size_t kMaxRecent = 8;
constexpr float kPresenterFont = 1.5f;   // presenter mode multiplies the UI scale by this
constexpr float kPresenterLines = 2.0f;  // and every line width by this

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return !a.empty() && !b.empty() && fs::equivalent(a, b, ec) && !ec;
}

}  // namespace

Teacher::Teacher(Sandbox& sandbox, Renderer& renderer, bool persist)
    : sandbox_(sandbox),
      renderer_(renderer),
      persist_(persist),
      lessons_(lesson_files()),
      progress_(persist ? Progress::default_path() : std::string()) {
  std::snprintf(path_buf_, sizeof path_buf_, "%s", sandbox_.path().c_str());
  if (persist_) {
    std::ifstream in(kRecentFile);
    std::string line;
    while (recent_.size() < kMaxRecent && std::getline(in, line)) {
      if (!line.empty()) recent_.push_back(line);
    }
  }
}

std::vector<std::string> Teacher::lesson_files() {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(lessons_dir(), ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".json") out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void Teacher::set_presenter(bool on) {
  presenter_ = on;
  apply_scale();
}

void Teacher::set_ui_scale(float scale) {
  ui_scale_ = std::clamp(scale, 1.0f, 2.5f);
  apply_scale();
}

float Teacher::panel_scale() const {
  return ui_scale_ * (presenter_ ? kPresenterFont : 1.0f);
}

// The text and panels follow panel_scale() (the shell rebuilds the font between frames,
// platform/fonts.h); the world's lines thicken here.
void Teacher::apply_scale() {
  renderer_.set_line_scale(presenter_ ? kPresenterLines : 1.0f);
}

bool Teacher::open(const std::string& path) {
  try {
    // Read now (an error shows in the popup at once); the sandbox takes the scene at the next
    // frame's edit point.
    sandbox_.ask(Request::open(load_scene(path, png_loader()), path));
  } catch (const SceneError& e) {
    note_ = e.what();
    note_error_ = true;
    return false;
  }
  note_ = "Opened " + path;
  note_error_ = false;
  scene_changed_ = true;
  restart_tasks_ = true;  // reopening a lesson starts its tasks over too
  show_lesson_ = true;
  std::snprintf(path_buf_, sizeof path_buf_, "%s", path.c_str());
  remember(path);
  return true;
}

bool Teacher::take_scene_changed() {
  const bool changed = scene_changed_;
  scene_changed_ = false;
  return changed;
}

std::string Teacher::take_export() {
  if (export_path_.empty() || export_delay_ > 0) return "";
  std::string path;
  path.swap(export_path_);
  return path;
}

std::string Teacher::take_svg_export() {
  if (svg_path_.empty() || export_delay_ > 0) return "";
  std::string path;
  path.swap(svg_path_);
  return path;
}

void Teacher::exported(const std::string& path, bool ok) {
  note_ = ok ? "Exported " + path : "Cannot write " + path;
  note_error_ = !ok;
  sandbox_.notify(note_, !ok);
#ifdef __EMSCRIPTEN__
  if (ok) web::download(path);  // the browser's file is in memory: hand it to the user
#endif
}

bool Teacher::take_link_request() {
  const bool asked = link_requested_;
  link_requested_ = false;
  return asked;
}

void Teacher::share_link(const View& camera) {
  LinkState state;
  state.scene = sandbox_.scene_to_save();
  state.scene.view = camera;
  if (const int cur = current_lesson(); cur >= 0)
    state.lesson = fs::path(lessons_[static_cast<std::size_t>(cur)]).stem().string();
  EncodedLink link;
  try {
    link = encode_link(state, sandbox_.path(), link_assets());
  } catch (const LinkError& e) {
    note_ = std::string("No link: ") + e.what();
    note_error_ = true;
    sandbox_.notify(note_, true);
    return;
  }
  const std::string url = link_url(link_base(), link.fragment);
#ifdef __EMSCRIPTEN__
  web::share_link(url);
#else
  SDL_SetClipboardText(url.c_str());
  std::printf("hitbox: link %s\n", url.c_str());  // as the browser's console line
  std::fflush(stdout);
#endif
  note_ = "Link copied to the clipboard (" + std::to_string(url.size()) + " characters)";
  note_error_ = false;
  if (!link.dropped.empty()) {
    // Only the bundled sprites travel: an image of the user's own has no place in a link.
    std::string ids;
    for (const std::string& id : link.dropped) ids += (ids.empty() ? "\"" : ", \"") + id + "\"";
    note_ += "; left out: sprite " + ids + " (its image is not a bundled sprite)";
    note_error_ = true;
    std::fprintf(stderr, "hitbox: link: left out sprite %s: its image is not a bundled sprite\n",
                 ids.c_str());
  }
  sandbox_.notify(note_, note_error_);
}

bool Teacher::is_bundled(const std::string& path) const {
  return std::any_of(lessons_.begin(), lessons_.end(),
                     [&](const std::string& l) { return same_file(l, path); });
}

void Teacher::save() {
  const std::string path = sandbox_.path();
  if (path.empty()) {
    popup_ = "Save scene as";
    return;
  }
  if (is_bundled(path)) {
    // The bundled lessons stay as shipped: the edit goes to a new file.
    note_ = "This is a bundled lesson: save your version under a new name.";
    note_error_ = false;
    std::snprintf(path_buf_, sizeof path_buf_, "%s", fs::path(path).filename().string().c_str());
    popup_ = "Save scene as";
    return;
  }
  try {
    save_scene(sandbox_.scene_to_save(), path);
    sandbox_.mark_saved();
    note_ = "Saved " + path;
    note_error_ = false;
    sandbox_.notify(note_);
#ifdef __EMSCRIPTEN__
    web::download(path);  // the browser's file is in memory: hand it to the user
#endif
    remember(path);
  } catch (const SceneError& e) {
    note_ = e.what();
    note_error_ = true;
    sandbox_.notify(note_, true);
    popup_ = "Save scene as";
  }
}

bool Teacher::save_as(const std::string& path) {
  if (is_bundled(path)) {
    note_ = "That is a bundled lesson: choose another name.";
    note_error_ = true;
    return false;
  }
  try {
    // Sprite images are written relative to the new file's folder, so they still load.
    const std::string old_path = sandbox_.path();
    save_scene(rebase_image_paths(sandbox_.scene_to_save(), old_path, path), path);
    sandbox_.set_path(path);
    sandbox_.set_image_paths(rebase_image_paths(sandbox_.scene(), old_path, path));
    sandbox_.mark_saved();
    note_ = "Saved " + path;
    note_error_ = false;
    sandbox_.notify(note_);
#ifdef __EMSCRIPTEN__
    web::download(path);
#endif
    remember(path);
    return true;
  } catch (const SceneError& e) {
    note_ = e.what();
    note_error_ = true;
    return false;
  }
}

void Teacher::remember(const std::string& path) {
  if (lessons_.end() != std::find(lessons_.begin(), lessons_.end(), path)) return;
  recent_.erase(std::remove(recent_.begin(), recent_.end(), path), recent_.end());
  recent_.insert(recent_.begin(), path);
  if (recent_.size() > kMaxRecent) recent_.resize(kMaxRecent);
  save_recent();
}

void Teacher::save_recent() const {
  if (!persist_) return;
  std::ofstream out(kRecentFile, std::ios::trunc);
  for (const std::string& r : recent_) out << r << "\n";
}

int Teacher::current_lesson() const {
  for (std::size_t i = 0; i < lessons_.size(); ++i) {
    if (same_file(lessons_[i], sandbox_.path())) return static_cast<int>(i);
  }
  return -1;
}

void Teacher::go_lesson(int delta) {
  if (lessons_.empty()) return;
  const int n = static_cast<int>(lessons_.size());
  const int cur = current_lesson();
  const int next = cur < 0 ? (delta > 0 ? 0 : n - 1) : std::clamp(cur + delta, 0, n - 1);
  open(lessons_[static_cast<std::size_t>(next)]);
}

void Teacher::check_tasks() {
  report_progress_problem();  // from reading the store, at the first frame
  const Scene& scene = sandbox_.scene();
  const std::size_t n = scene.lesson ? scene.lesson->tasks.size() : 0;
  if (restart_tasks_ || sandbox_.play_resets() != play_resets_ ||
      static_cast<std::size_t>(tasks_.count()) != n) {
    // A scene opened (its request applied at this frame's edit point), play mode's Reset, or
    // a scene whose lesson has other tasks than the ones being checked.
    restart_tasks_ = false;
    play_resets_ = sandbox_.play_resets();
    tasks_.start(scene.lesson ? &*scene.lesson : nullptr);
  }
  // Predict mode: a tick would tell the answer, so the tasks wait for Reveal too.
  if (tasks_.done() >= tasks_.count() || sandbox_.verdicts_hidden()) return;
  int ia = -1, ib = -1;
  TaskInputs in;
  in.analysis = sandbox_.frame_analysis(&ia, &ib);
  if (in.analysis) {
    in.a = &scene.shapes[static_cast<std::size_t>(ia)];
    in.b = &scene.shapes[static_cast<std::size_t>(ib)];
  }
  in.scene = &scene;
  in.play_time = sandbox_.play_time();
  in.play_points = sandbox_.play_contact_points();
  in.play_warm_start = sandbox_.play_warm_start();
  in.play_sleeping = sandbox_.play_sleeping();
  in.mover = sandbox_.mover_run();
  const int met = tasks_.check(in);
  if (met < 0) return;
  const LessonTask& task = scene.lesson->tasks[static_cast<std::size_t>(met)];
  sandbox_.notify("Task done: " + task.task);
  const int cur = current_lesson();
  const std::string name = cur >= 0
                               ? fs::path(lessons_[static_cast<std::size_t>(cur)]).stem().string()
                               : fs::path(sandbox_.path()).stem().string();
  if (cur >= 0) {
    // Kept for the bundled lessons, which the Lessons menu lists.
    progress_.record(name, tasks_.done(), tasks_.count());
    report_progress_problem();
  }
  if (persist_) {
    std::printf("task done: %s %d of %d\n", name.c_str(), met + 1, tasks_.count());
    std::fflush(stdout);
  }
}

// A corrupt or unwritable progress store: said once in the status line and on stderr.
void Teacher::report_progress_problem() {
  const std::string problem = progress_.take_problem();
  if (problem.empty()) return;
  sandbox_.notify(problem, true);
  std::fprintf(stderr, "hitbox: %s\n", problem.c_str());
}

bool Teacher::lesson_shown() const {
  return show_lesson_ && sandbox_.scene().lesson.has_value();
}

void Teacher::draw() {
  if (export_delay_ > 0) --export_delay_;
  if (sandbox_.take_save_request()) save();
#ifdef __EMSCRIPTEN__
  // File > Open in the browser is an upload (web.h); the file arrives a few frames later.
  if (const std::string up = web::take_upload(); !up.empty() && !open(up)) popup_ = "Open scene";
#endif
  menu_bar();
  file_popups();
  lesson_panel();
}

// The one place for menu entries (other panels add theirs here).
void Teacher::menu_bar() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
#ifdef __EMSCRIPTEN__
    if (ImGui::MenuItem("Open...")) web::pick_scene_file();
#else
    if (ImGui::MenuItem("Open...")) popup_ = "Open scene";
#endif
    if (ImGui::MenuItem("Save", "Ctrl+S", false, !sandbox_.path().empty())) save();
    if (ImGui::MenuItem("Save As...")) popup_ = "Save scene as";
    if (ImGui::BeginMenu("Recent", !recent_.empty())) {
      for (const std::string& r : recent_) {
        if (ImGui::MenuItem(r.c_str())) {
          const std::string path = r;  // open() reorders recent_
          if (!open(path)) popup_ = "Open scene";
          break;
        }
      }
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Copy link")) link_requested_ = true;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "A link to this scene, its view, algorithms, focus pair and lesson, onto the\n"
          "clipboard: it opens in the browser, or with hitbox --open LINK.");
    ImGui::Separator();
    if (ImGui::MenuItem("Export PNG...")) popup_ = "Export PNG";
    if (ImGui::MenuItem("Export SVG...")) popup_ = "Export SVG";
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The scene without the panels as vectors (shapes, sprites, traces,\n"
          "labels), for slides; presenter mode's line widths carry over.");
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Presenter mode", "F11", presenter_)) set_presenter(!presenter_);
    float scale = ui_scale_;
    ImGui::SetNextItemWidth(12.0f * ImGui::GetFontSize());
    if (ImGui::SliderFloat("UI scale", &scale, 1.0f, 2.5f, "%.2f")) set_ui_scale(scale);
    ImGui::MenuItem("Lesson panel", nullptr, &show_lesson_);
    if (ImGui::MenuItem("Predict, then reveal", nullptr, sandbox_.predict()))
      sandbox_.set_predict(!sandbox_.predict());
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Lessons")) {
    const int cur = current_lesson();
    if (ImGui::MenuItem("Next lesson", nullptr, false, cur + 1 < static_cast<int>(lessons_.size())))
      go_lesson(1);
    if (ImGui::MenuItem("Previous lesson", nullptr, false, cur > 0)) go_lesson(-1);
    ImGui::Separator();
    for (std::size_t i = 0; i < lessons_.size(); ++i) {
      const std::string name = fs::path(lessons_[i]).stem().string();
      // The tasks met so far, the most ever ("3 of 4"), where the shortcut would go.
      const int of = progress_.count(name);
      const std::string done =
          of > 0 ? std::to_string(progress_.done(name)) + " of " + std::to_string(of) : "";
      if (ImGui::MenuItem(name.c_str(), done.empty() ? nullptr : done.c_str(),
                          static_cast<int>(i) == cur))
        open(lessons_[i]);
    }
    ImGui::EndMenu();
  }
#ifdef __EMSCRIPTEN__
  // The browser's Share: the link onto the clipboard (File > Copy link does the same).
  if (ImGui::Button("Share")) link_requested_ = true;
#endif
  // Predict mode's Reveal, beside the menus (a tap of Space does the same).
  if (sandbox_.predict()) {
    ImGui::BeginDisabled(!sandbox_.verdicts_hidden());
    if (ImGui::Button(sandbox_.verdicts_hidden() ? "Reveal (Space)" : "Revealed"))
      sandbox_.reveal();
    ImGui::EndDisabled();
  }
  ImGui::EndMainMenuBar();
}

void Teacher::file_popups() {
  if (popup_ != nullptr) {
    if (std::strcmp(popup_, "Save scene as") == 0 || std::strcmp(popup_, "Open scene") == 0) {
      if (path_buf_[0] == '\0') std::snprintf(path_buf_, sizeof path_buf_, "scene.json");
    }
    if (std::strcmp(popup_, "Export PNG") == 0) {
      std::snprintf(path_buf_, sizeof path_buf_, "hitbox.png");
    }
    if (std::strcmp(popup_, "Export SVG") == 0) {
      std::snprintf(path_buf_, sizeof path_buf_, "hitbox.svg");
    }
    ImGui::OpenPopup(popup_);
    popup_ = nullptr;
  }
  const auto note = [this] {
    if (note_.empty()) return;
    const ImVec4 col =
        note_error_ ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f);
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextColored(col, "%s", note_.c_str());
    ImGui::PopTextWrapPos();
  };
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize;
  if (ImGui::BeginPopupModal("Open scene", nullptr, flags)) {
    ImGui::TextUnformatted("Scene file (JSON):");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30.0f);
    const bool enter = ImGui::InputText("##path", path_buf_, sizeof path_buf_,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button("Open") || enter) {
      if (open(path_buf_)) ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    note();
    ImGui::EndPopup();
  }
  if (ImGui::BeginPopupModal("Save scene as", nullptr, flags)) {
    ImGui::TextUnformatted("Save to (keeps the algorithms, focus pair and accuracy):");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30.0f);
    const bool enter = ImGui::InputText("##path", path_buf_, sizeof path_buf_,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button("Save") || enter) {
      if (save_as(path_buf_)) ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    note();
    ImGui::EndPopup();
  }
  if (ImGui::BeginPopupModal("Export SVG", nullptr, flags)) {
    ImGui::TextUnformatted("Write the scene, without the panels, to an SVG file:");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30.0f);
    const bool enter = ImGui::InputText("##path", path_buf_, sizeof path_buf_,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
    if ((ImGui::Button("Export") || enter) && path_buf_[0] != '\0') {
      svg_path_ = path_buf_;
      export_delay_ = 2;  // as Export PNG: written once the popup is gone
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    note();
    ImGui::EndPopup();
  }
  if (ImGui::BeginPopupModal("Export PNG", nullptr, flags)) {
    ImGui::TextUnformatted("Write the current view to a PNG file:");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30.0f);
    const bool enter = ImGui::InputText("##path", path_buf_, sizeof path_buf_,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::Checkbox("without the panels (the scene only)", &export_bare_);
    if ((ImGui::Button("Export") || enter) && path_buf_[0] != '\0') {
      export_path_ = path_buf_;
      export_delay_ = 2;  // this frame still shows the popup; the next one does not
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    note();
    ImGui::EndPopup();
  }
}

void Teacher::lesson_panel() {
  const Scene& scene = sandbox_.scene();
  if (!show_lesson_ || !scene.lesson) return;
  const Lesson& lesson = *scene.lesson;
  if (lesson_rect_.empty()) return;
  if (!begin_docked("Lesson", lesson_rect_, &show_lesson_)) {
    ImGui::End();
    return;
  }
#ifdef __EMSCRIPTEN__
  web::lesson_shown(lesson.title, lesson.text.empty() ? std::string() : lesson.text.front());
#endif
  const int cur = current_lesson();
  const int n = static_cast<int>(lessons_.size());
  ImGui::BeginDisabled(cur <= 0);
  if (ImGui::Button("< Prev")) go_lesson(-1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  const float combo_w = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Next >").x -
                        3.0f * ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(combo_w);
  // The lesson's file name, or "8 of 12" where the name would be cut (the title is below).
  std::string shown = cur >= 0 ? fs::path(lessons_[static_cast<std::size_t>(cur)]).stem().string()
                               : std::string("(not a bundled lesson)");
  if (cur >= 0 && combo_width_for(shown.c_str()) > combo_w)
    shown = std::to_string(cur + 1) + " of " + std::to_string(n);
  if (ImGui::BeginCombo("##lesson", shown.c_str())) {
    for (int i = 0; i < n; ++i) {
      const std::string name = fs::path(lessons_[static_cast<std::size_t>(i)]).stem().string();
      if (ImGui::Selectable(name.c_str(), i == cur)) open(lessons_[static_cast<std::size_t>(i)]);
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(cur + 1 >= n);
  if (ImGui::Button("Next >")) go_lesson(1);
  ImGui::EndDisabled();
  ImGui::Separator();

  ImGui::SetWindowFontScale(1.3f);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.45f, 1.0f));
  ImGui::TextWrapped("%s", lesson.title.c_str());
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  ImGui::Spacing();
  for (const std::string& p : lesson.text) {
    ImGui::TextWrapped("%s", p.c_str());
    ImGui::Spacing();
  }
  if (!lesson.try_this.empty()) {
    ImGui::Separator();
    ImGui::TextColored(ImVec4(0.55f, 0.85f, 1.0f, 1.0f), "Try this");
    ImGui::TextWrapped("%s", lesson.try_this.c_str());
  }
  tasks_section(lesson);
  ImGui::End();
}

// The tasks: each one met with a tick and its explanation, the current one, the rest dim.
void Teacher::tasks_section(const Lesson& lesson) {
  if (lesson.tasks.empty() || tasks_.count() != static_cast<int>(lesson.tasks.size())) return;
  ImGui::Separator();
  const int done = tasks_.done(), n = tasks_.count();
  ImGui::TextColored(ImVec4(0.55f, 0.85f, 1.0f, 1.0f), "Tasks: %d of %d done", done, n);
  const ImVec4 green(0.6f, 0.9f, 0.6f, 1.0f), dim(0.55f, 0.55f, 0.6f, 1.0f);
  for (int i = 0; i < n; ++i) {
    const LessonTask& t = lesson.tasks[static_cast<std::size_t>(i)];
    if (i < done) {
      ImGui::PushStyleColor(ImGuiCol_Text, green);
      ImGui::TextWrapped("[x] %s", t.task.c_str());
      ImGui::PopStyleColor();
      ImGui::Indent();
      ImGui::TextWrapped("%s", t.why.c_str());
      ImGui::Unindent();
    } else {
      if (i > done) ImGui::PushStyleColor(ImGuiCol_Text, dim);
      ImGui::TextWrapped("[ ] %s", t.task.c_str());
      if (i > done) ImGui::PopStyleColor();
    }
  }
  if (done == n) ImGui::TextColored(green, "Every task done.");
  ImGui::BeginDisabled(done == 0);
  if (ImGui::Button("Start over")) tasks_.start(&lesson);
  ImGui::EndDisabled();
}

}  // namespace hitbox::app
