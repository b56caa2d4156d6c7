// Play mode's toolbar, the broad phase section and a shape's body fields (the inspector).
// Every button asks for the sandbox's play methods (sandbox/play.cpp), which run the core's
// simulation; every body field goes through ask_inspector, so shape_problem refuses a bad
// value with its field named, as for every other field.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>

#include "hitbox/broad_phase.h"
#include "hitbox/simulation.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

// Play / Pause, Step, Reset, the simulated time, the tunnelling guard and the solver menu
// (contact points, warm starting, sleeping): a toolbar in the main menu bar (always in view while
// the panels are), centred over the free area.
void panel_play(SandboxState& s) {
  if (!ImGui::BeginMainMenuBar()) return;
  PlayState& p = s.play;
  const ScreenRect& f = s.layout.free;
  // Play to the swept guard: the window tests click these at fixed places.
  const float width = 24.0f * ImGui::GetFontSize();
  ImGui::SetCursorPosX(
      std::max(0.5f * (f.x0 + f.x1) - 0.5f * width, ImGui::GetCursorPosX() + 16.0f));
  if (p.playing) {
    if (ImGui::Button("Pause")) s.ask(Ask::Pause);
  } else if (ImGui::Button(" Play ")) {
    s.ask(Ask::Play);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Run the scene: shapes with a dynamic body fall, bounce, slide and rest.");
  if (ImGui::Button("Step")) s.ask(Ask::Step);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One fixed step (1/120 s), then pause.");
  ImGui::BeginDisabled(!p.before.has_value());
  if (ImGui::Button("Reset")) s.ask(Ask::Reset);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Back to the scene as it was before Play (one undo step).");
  const double t = p.sim ? p.sim->time : 0.0;
  if (p.playing)
    ImGui::TextColored(to_v4(pal::kGap), "t %.2f s", t);
  else
    ImGui::TextDisabled("t %.2f s", t);
  ImGui::Checkbox("swept guard", &p.swept);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Fast small shapes are swept against the static shapes they pass over, so they\n"
        "cannot tunnel through a thin wall. Off: a fast shape may pass through.");
  if (ImGui::BeginMenu("solver")) {
    bool two = p.contact_points == 2;
    if (ImGui::MenuItem("two contact points", nullptr, &two)) p.contact_points = two ? 2 : 1;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Each touching pair is pushed apart at both of its manifold's points.\n"
          "Off: only at the deeper one, so a box rests on one corner at a time.");
    ImGui::MenuItem("warm starting", nullptr, &p.warm_start);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Each step's impulses start from the last step's, so a stack carries its\n"
          "weight at once. Off: they start at zero and the stack sinks into itself.");
    ImGui::MenuItem("sleeping", nullptr, &p.sleep);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "An island of touching bodies that has rested for half a second falls asleep:\n"
          "drawn dimmed, it costs nothing until something touches, moves or grabs it.\n"
          "Off: every body stays awake. A scene turns it off with \"sleep\": false.");
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

// The broad phase: the method, "show broad phase", and its counts for this frame.
void panel_broad(SandboxState& s) {
  CollidingPairs& p = s.cache.pairs;
  const std::pair<BroadMethod, const char*> methods[] = {
      {BroadMethod::SortAndSweep, "sort and sweep (x)"},
      {BroadMethod::Grid, "uniform grid"},
      {BroadMethod::Tree, "dynamic tree"}};
  const char* current = std::find_if(std::begin(methods), std::end(methods), [&](const auto& m) {
                          return m.first == p.broad.method;
                        })->second;
  if (begin_combo_fitted("method", "broad_method", current, 11.0f * ImGui::GetFontSize())) {
    for (const auto& [m, name] : methods)
      if (ImGui::Selectable(name, p.broad.method == m)) p.broad.method = m;
    ImGui::EndCombo();
  }
  same_line_if_fits(check_width("show"));
  ImGui::Checkbox("show", &p.show);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", p.broad.method == BroadMethod::SortAndSweep
                                ? "Each shape's x interval as a bar at the bottom; a line joins\n"
                                  "every candidate pair (boxes overlap)."
                            : p.broad.method == BroadMethod::Grid
                                ? "The grid's occupied cells (darker: two or more boxes); a line\n"
                                  "joins every candidate pair (boxes overlap)."
                                : "Each shape's fat box, a little larger than the shape; only a\n"
                                  "shape that leaves it (drawn brighter) is looked up again.\n"
                                  "A line joins every candidate pair (boxes overlap).");
  const std::int64_t all = p.stats.all_pairs;
  const auto count = [](long long n, const char* one, const char* many) {
    return strf("%lld %s", n, n == 1 ? one : many);
  };
  flow_text("%s of %s, %s, %s", count(p.stats.candidates, "candidate", "candidates").c_str(),
            count(all, "pair", "pairs").c_str(), count(p.narrow_tests, "test", "tests").c_str(),
            count(static_cast<long long>(p.hits.size()), "hit", "hits").c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "n(n-1)/2 = %lld pairs; the broad phase made %lld box comparisons and passed %lld\n"
        "pairs whose boxes overlap to the narrow phase (%s, %d ran: the others are kinds it\n"
        "does not cover); %zu of them collide.",
        static_cast<long long>(all), static_cast<long long>(p.stats.box_tests),
        static_cast<long long>(p.stats.candidates), p.algo ? algo_name(p.algo) : "none",
        p.narrow_tests, p.hits.size());
}

// A shape's "body": static or dynamic, density, restitution, friction, static friction,
// velocity (px/s), angular velocity (deg/s), fixed rotation and, in play mode, whether it
// sleeps. Edits `w`; the inspector asks for
// it through ask_inspector.
void panel_body(SandboxState& s, Shape& w) {
  ImGui::Separator();
  bool has = w.body.has_value();
  if (ImGui::Checkbox("body (play mode)", &has)) {
    if (has)
      w.body = BodySpec{};
    else
      w.body.reset();
  }
  if (!w.body) {
    same_line_if_fits(text_width("none: static"));
    ImGui::TextDisabled("none: static");
    return;
  }
  BodySpec& b = *w.body;
  int type = b.type == BodyType::Dynamic ? 1 : 0;
  if (ImGui::Combo("type", &type, "static\0dynamic\0")) {
    b.type = type == 1 ? BodyType::Dynamic : BodyType::Static;
    if (b.type == BodyType::Static) b.velocity = DVec2(0.0, 0.0), b.angular_velocity = 0.0;
  }
  // Typed values (Ctrl+click) are taken as typed; shape_problem refuses what is out of range.
  ImGui::DragScalar("density", ImGuiDataType_Double, &b.density, 0.01f, nullptr, nullptr, "%.3f");
  ImGui::DragScalar("restitution", ImGuiDataType_Double, &b.restitution, 0.01f, nullptr, nullptr,
                    "%.2f");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("0: no bounce .. 1: elastic");
  ImGui::DragScalar("friction", ImGuiDataType_Double, &b.friction, 0.01f, nullptr, nullptr, "%.2f");
  ImGui::DragScalar("static_friction", ImGuiDataType_Double, &b.static_friction, 0.01f, nullptr,
                    nullptr, "%.2f");
  ImGui::BeginDisabled(b.type == BodyType::Static);
  ImGui::DragScalarN("velocity", ImGuiDataType_Double, &b.velocity.x, 2, 1.0f, nullptr, nullptr,
                     "%.1f");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(
        "Pixels per second, for play mode. Not the same as vel, which is the displacement\n"
        "over one step that the swept test looks at.");
  ImGui::BeginDisabled(b.type == BodyType::Static || b.fixed_rotation);
  ImGui::DragScalar("angular_vel", ImGuiDataType_Double, &b.angular_velocity, 1.0f, nullptr,
                    nullptr, "%.1f deg/s");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(
        "body.angular_velocity: degrees per second, clockwise positive like angle, the\n"
        "body's turn in play mode.\n"
        "Not the same as spin, the turn over one step that the swept test looks at.");
  ImGui::BeginDisabled(b.type == BodyType::Static);
  if (ImGui::Checkbox("fixed_rotation", &b.fixed_rotation) && b.fixed_rotation)
    b.angular_velocity = 0.0;
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("The body never turns (infinite inertia): it only slides.");
  // Play mode's sleep state of the selected body.
  if (b.type == BodyType::Dynamic && s.play.sim) {
    ImGui::TextDisabled("play mode: %s", s.play_asleep(s.selected()) ? "asleep" : "awake");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Bodies that touch form an island; an island at rest for half a second falls\n"
          "asleep (dimmed) until something touches, moves or grabs it.");
  }
}

}  // namespace hitbox::app
