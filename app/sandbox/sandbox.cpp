// The sandbox facade: what the shell (shell/shell.h) asks of the editor. The state
// and its methods are in state.h (editing.cpp, focus.cpp, input.cpp); the world layer is
// drawn by app/overlays/, the panels by app/panels/.
#include "sandbox/sandbox.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "algos/algos.h"
#include "hitbox/report.h"
#include "overlays/overlays.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "teach/tasks.h"
#include "teach/teach.h"

namespace hitbox::app {

struct Sandbox::Impl : SandboxState {};

Sandbox::Sandbox(Scene scene, std::string scene_path) : impl_(std::make_unique<Impl>()) {
  impl_->doc.scene = std::move(scene);
  impl_->doc.path = std::move(scene_path);
  impl_->doc.repose();
  impl_->apply_teaching();
  impl_->mark_saved();
}

Sandbox::~Sandbox() = default;

void Sandbox::set_algorithms(std::uint32_t algos) {
  impl_->algos = algos & kAllAlgos;
}

bool Sandbox::set_accuracy(float accuracy) {
  if (!valid_accuracy(accuracy)) return false;
  impl_->accuracy = accuracy;
  return true;
}

bool Sandbox::set_focus(const std::string& a, const std::string& b) {
  const int ia = impl_->doc.scene.find(a), ib = impl_->doc.scene.find(b);
  if (ia < 0 || ib < 0 || ia == ib) return false;
  impl_->pin(ia, ib);
  impl_->set_pending(-1);
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
      if (m.tools.line_dragging) {
        m.tools.line_b = w;
        return true;
      }
      if (m.play.grabbing) {
        m.play_grab_move(w);
        return true;
      }
      if (m.tools.drag.kind == DragKind::None) return false;
      m.drag_to(w, (SDL_GetModState() & KMOD_SHIFT) != 0);
      return true;
    }
    case SDL_MOUSEBUTTONUP:
      if (e.button.button == SDL_BUTTON_LEFT && m.tools.line_dragging) {
        m.tools.line_dragging = false;
        if (m.tools.line_tool == LineTool::Slice)
          m.ask(Request::slice(m.tools.line_a, m.tools.line_b));
        return true;
      }
      if (e.button.button == SDL_BUTTON_LEFT && m.play.grabbing) {
        m.play_release();  // the body keeps its velocity: a quick drag throws it
        return true;
      }
      if (e.button.button != SDL_BUTTON_LEFT || m.tools.drag.kind == DragKind::None) return false;
      m.end_drag();
      return true;
    case SDL_KEYDOWN:
      if (imgui && ImGui::GetIO().WantCaptureKeyboard) return false;
      return m.key_down(e.key);
    case SDL_KEYUP:  // always: a key let go over a panel is let go
      return m.key_up(e.key);
    default:
      return false;
  }
}

void Sandbox::ask(Request r) {
  impl_->ask(std::move(r));
}

ShapeRef Sandbox::ref(int i) const {
  return impl_->ref(i);
}

void Sandbox::apply_requests() {
  impl_->apply_requests();
}

void Sandbox::set_predict(bool on) {
  impl_->predict = Predict{};
  impl_->predict.on = on;
}

bool Sandbox::predict() const {
  return impl_->predict.on;
}

void Sandbox::reveal() {
  if (!impl_->predict.on) return;
  impl_->predict.revealed = true;
  impl_->predict.pose = impl_->doc.scene.shapes;
}

bool Sandbox::verdicts_hidden() const {
  return impl_->verdicts_hidden();
}

void Sandbox::analyze_frame(std::uint32_t extra_algos) {
  // Predict mode: a moved shape (a drag, play mode, an edit, undo) hides the answers again.
  Predict& p = impl_->predict;
  if (p.on && p.revealed && p.pose != impl_->doc.scene.shapes) p.revealed = false;
  // The lesson's tasks read their algorithms whatever the panel shows (teach/tasks.h).
  const std::uint32_t tasks = lesson_task_algos(impl_->doc.scene);
  impl_->analyze_frame((impl_->algos | extra_algos | tasks) & kAllAlgos);
  impl_->find_pairs();
}

void Sandbox::set_playing(bool on) {
  if (on)
    impl_->play_start();
  else
    impl_->play_pause();
}

bool Sandbox::playing() const {
  return impl_->play.playing;
}

double Sandbox::play_time() const {
  // Whole steps times the step, not the summed time: 240 steps of 1/120 s read 2 exactly.
  const auto& sim = impl_->play.sim;
  return sim ? static_cast<double>(sim->steps) * sim->options.step : 0.0;
}

int Sandbox::play_contact_points() const {
  return impl_->play.contact_points;
}

bool Sandbox::play_warm_start() const {
  return impl_->play.warm_start;
}

int Sandbox::play_sleeping() const {
  return impl_->play.stats.sleeping;
}

const MoverRun* Sandbox::mover_run() const {
  return impl_->mover_index() >= 0 ? &impl_->mover.run : nullptr;
}

std::uint64_t Sandbox::play_resets() const {
  return impl_->play.resets;
}

void Sandbox::advance(double seconds) {
  impl_->mover_advance(seconds);  // first: play's sync then sees where the mover went
  impl_->play_advance(seconds);
}

void Sandbox::set_fixed_steps(int steps) {
  impl_->play.fixed_steps_per_frame = steps > 0 ? steps : 0;
  impl_->mover.fixed_steps_per_frame = steps > 0 ? 1 : 0;
}

bool Sandbox::mover_on() const {
  return impl_->mover_index() >= 0;
}

std::string Sandbox::set_mover(const std::string& id) {
  const int i = impl_->doc.scene.find(id);
  if (i < 0) return "no shape with id \"" + id + "\"";
  return impl_->mover_start(i);
}

bool Sandbox::run_seconds(double seconds) {
  Impl& m = *impl_;
  const bool was = m.play.playing;
  m.play_start();
  if (!m.play.playing) return false;
  const int fixed = m.play.fixed_steps_per_frame;
  m.play.fixed_steps_per_frame = static_cast<int>(std::lround(seconds / m.play.sim->options.step));
  m.play_advance(0.0);
  m.play.fixed_steps_per_frame = fixed;
  if (!was) m.play_pause();
  return true;
}

std::string Sandbox::play_hash_line() const {
  const auto& sim = impl_->play.sim;
  return sim ? sim_hash_line(*sim) : "";
}

void Sandbox::set_show_contacts(bool on) {
  impl_->play.show_contacts = on;
}

bool Sandbox::contacts_shown() const {
  return impl_->play.show_contacts;
}

void Sandbox::draw_world(Canvas& canvas) {
  draw_world(canvas, impl_->algos);
}

void Sandbox::draw_world(Canvas& canvas, std::uint32_t algos) {
  Impl& m = *impl_;
  m.cam = canvas.camera();
  m.view_algos = algos & kAllAlgos;
  draw_broad_phase(m, canvas);
  draw_under_shapes(m, canvas);
  draw_shapes(m, canvas);
  draw_sprite_masks(m, canvas);
  draw_traces(m, canvas);
  draw_play(m, canvas);
  draw_mover(m, canvas);
  draw_poly_tool(m, canvas);
  draw_line_tool(m, canvas);
  draw_handles(m, canvas);
}

void Sandbox::draw_panels() {
  if (!ImGui::GetCurrentContext()) return;
  Impl& m = *impl_;
  panel_algorithms(m);
  panel_inspector(m);
  panel_help(m);
  panel_status(m);
  // An inspector edit is one undo step: from the first change until no widget is active.
  const bool inspecting = m.insp.before || m.insp.refused ||
                          std::any_of(m.asked.begin(), m.asked.end(),
                                      [](const Request& r) { return r.ask == Ask::Inspect; });
  if (inspecting && !ImGui::IsAnyItemActive()) m.ask(Ask::EndInspect);
}

void Sandbox::draw_play_bar() {
  if (ImGui::GetCurrentContext()) panel_play(*impl_);
}

const Scene& Sandbox::scene() const {
  return impl_->doc.scene;
}

void Sandbox::set_layout(const Layout& layout) {
  impl_->layout = layout;
}

bool Sandbox::has_selection() const {
  return impl_->selected() >= 0;
}

std::optional<Aabb> Sandbox::world_bounds() const {
  const SandboxState& m = *impl_;
  if (m.doc.count() == 0) return std::nullopt;
  Aabb box = m.doc.body(0).bounds;
  for (int i = 0; i < m.doc.count(); ++i) {
    const Collider& b = m.doc.body(i);
    box.min = glm::min(box.min, b.bounds.min);
    box.max = glm::max(box.max, b.bounds.max);
    // Where the swept test's step ends (the t = 1 ghost).
    box.min = glm::min(box.min, b.bounds.min + b.vel);
    box.max = glm::max(box.max, b.bounds.max + b.vel);
  }
  return box;
}

std::optional<std::pair<Vec2, float>> Sandbox::focus_extent() const {
  const Pair p = impl_->focus_pair();
  if (!p.valid()) return std::nullopt;
  const Collider& a = impl_->doc.body(p.a);
  const Collider& b = impl_->doc.body(p.b);
  const Vec2 c = 0.5f * (a.pos + b.pos);
  const float r = std::max(glm::length(a.pos - c) + a.bound, glm::length(b.pos - c) + b.bound);
  return std::make_pair(c, r);
}

std::optional<Aabb> Sandbox::step_extent(float zoom) const {
  // The last frame's analysis, read before this frame's: a step drawing that leaves the pair
  // (gjk's A - B) says how much room it takes.
  const SandboxState& m = *impl_;
  for (const AlgoModule* a : algo_modules())
    if (a->steps && a->steps->extent && m.stepping(a->bit)) return a->steps->extent(m, zoom);
  return std::nullopt;
}

bool Sandbox::help_shown() const {
  return impl_->show_help;
}

void Sandbox::show_help(bool on) {
  impl_->show_help = on;
}

bool Sandbox::set_step(const std::string& spec) {
  Algo algo{};
  int step = 0;
  if (!parse_step_flag(spec, &algo, &step)) return false;
  Impl& m = *impl_;
  m.algos |= algo;
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

const PairAnalysis* Sandbox::frame_analysis(int* a, int* b) const {
  const FrameAnalysis& an = impl_->cache.an;
  *a = an.pair.valid() ? an.pair.a : -1;
  *b = an.pair.valid() ? an.pair.b : -1;
  return an.pair.valid() ? &an.r : nullptr;
}

std::uint64_t Sandbox::analyses() const {
  return impl_->cache.analyses;
}

bool Sandbox::focus_pair(int* a, int* b) const {
  const Pair p = impl_->focus_pair();
  *a = p.valid() ? p.a : -1;
  *b = p.valid() ? p.b : -1;
  return p.valid();
}

std::uint32_t Sandbox::algorithms() const {
  return impl_->algos;
}

float Sandbox::accuracy() const {
  return impl_->accuracy;
}

Scene Sandbox::scene_to_save() const {
  return impl_->scene_to_save();
}

const std::string& Sandbox::path() const {
  return impl_->doc.path;
}

void Sandbox::set_path(std::string path) {
  impl_->doc.path = std::move(path);
}

bool Sandbox::unsaved() const {
  return impl_->unsaved();
}

void Sandbox::mark_saved() {
  impl_->mark_saved();
}

void Sandbox::set_image_paths(const Scene& rebased) {
  SandboxState& m = *impl_;
  if (rebased.shapes.size() != m.doc.scene.shapes.size()) return;
  for (std::size_t i = 0; i < rebased.shapes.size(); ++i)
    m.doc.scene.shapes[i].image = rebased.shapes[i].image;
}

bool Sandbox::take_save_request() {
  const bool asked = impl_->save_requested;
  impl_->save_requested = false;
  return asked;
}

void Sandbox::notify(const std::string& message, bool error) {
  impl_->say(message, error);
}

}  // namespace hitbox::app
