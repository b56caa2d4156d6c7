// The Mover tool's section: what the last move did (ground, planes, passes, the solver's
// sweeps), the walking speed, the mistakes switch with its legend, and step mode over the
// last move's passes (collide, solve, cast), all read from the core's MoveResult and trace.
#include "hitbox/mover.h"

#include <imgui.h>

#include <string>

#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace {

// Step k's sentence (pass k / 3, stage k % 3).
std::string step_sentence(const MoverTool& m, int k) {
  const MoverPass& p = m.trace.passes[static_cast<std::size_t>(k / 3)];
  const std::string pass = strf("Pass %d (%s): ", k / 3 + 1, mover_phase_name(p.phase));
  switch (k % 3) {
    case 0:
      return pass + strf("%zu plane%s within the skin of the capsule.", p.planes.size(),
                         p.planes.size() == 1 ? "" : "s");
    case 1:
      return pass + strf(
                        "the solver turns (%.1f, %.1f) into (%.1f, %.1f) in %d sweep%s, "
                        "keeping the capsule on the free side of every plane.",
                        p.target.x, p.target.y, p.delta.x, p.delta.y, p.iterations,
                        p.iterations == 1 ? "" : "s");
    default:
      return pass + (p.hit.hit ? strf("the cast stops at %.0f%% of it: a shape is in the way.",
                                      100.0 * p.hit.fraction)
                               : std::string("the cast meets nothing: the capsule moves it all."));
  }
}

}  // namespace

void panel_mover(SandboxState& s) {
  MoverTool& m = s.mover;
  const int i = s.mover_index();
  if (i < 0) return;
  flow_text("%s: %s, %zu plane%s, %d pass%s, %d solver sweep%s.", s.doc.shape(i).id.c_str(),
            m.run.body.on_ground ? "on the ground" : "in the air", m.run.last.planes.size(),
            m.run.last.planes.size() == 1 ? "" : "s", m.run.last.passes,
            m.run.last.passes == 1 ? "" : "es", m.run.last.iterations,
            m.run.last.iterations == 1 ? "" : "s");
  ImGui::TextDisabled("A / D or Left / Right walk; Space jumps.");
  ImGui::SetNextItemWidth(10.0f * ImGui::GetFontSize());
  ImGui::SliderFloat("walk px/s", &m.walk_speed, kMoverWalkMin, kMoverWalkMax, "%.0f",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  if (ImGui::Checkbox("show the classic mistakes", &m.run.mistakes)) m.run.ghosts_placed = false;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Ghosts moved the wrong way from here, with the same keys.");
  if (m.run.mistakes) {
    flow_text_coloured(to_v4(palette::kMoverGhost[0]),
                       "red: MTD push-out only; jitters in corners");
    flow_text_coloured(to_v4(palette::kMoverGhost[1]),
                       "violet: no cast; fast, it passes thin walls");
    flow_text_coloured(to_v4(palette::kMoverGhost[2]), "blue: no clip; slides down slopes");
    flow_text_coloured(to_v4(palette::kMoverGhost[3]),
                       "amber: velocity zeroed at a touch; sticks to walls");
  }
  const int count = static_cast<int>(m.trace.passes.size()) * 3;
  const std::string sentence =
      count > 0 ? step_sentence(m, teach::clamp_step(m.step.step, count)) : std::string();
  teach::step_controls("mover", m.step, count, sentence, "The mover waits while stepping.");
}

}  // namespace hitbox::app
