// The sandbox's ImGui panels, one function per panel or section (Dear ImGui demo style):
//   panel_algorithms  the main "Hitbox" panel: tools, the focus pair, one checkbox and
//                     verdict per algorithm, then the section of each algorithm that ran
//                     (its module's, app/algos/)
//   panel_inspector   the selected shape's fields
//   panel_status      the status line: every verdict and figure of the focus pair, or as
//                     much of them as fits its width
//   panel_help        "How to use"
// Verdicts and figures are the core dispatcher's (FrameCache::an). The panels edit nothing
// while they draw: their buttons ask (SandboxState::ask, sandbox/request.h), and the edit is
// applied at the next frame's edit point, checked and undoable like a drag.
#pragma once

#include <imgui.h>

#include <cstdint>

#include "hitbox/shape.h"
#include "panels/layout.h"
#include "platform/canvas.h"

namespace hitbox::app {

struct SandboxState;

inline constexpr const char* kHelpTitle = "How to use";

void panel_algorithms(SandboxState& s);
void panel_tools(SandboxState& s);
void panel_focus(SandboxState& s);
void panel_inspector(SandboxState& s);
// Play mode and the broad phase (panels/play.cpp).
void panel_play(SandboxState& s);   // Play / Pause, Step, Reset: in the menu bar, centred
void panel_broad(SandboxState& s);  // broad phase method, "show", candidate/test/hit counts
void panel_body(SandboxState& s, Shape& w);  // the inspector's body fields
void panel_mover(SandboxState& s);           // the Mover tool (panels/mover.cpp)
void panel_status(SandboxState& s);
void panel_help(SandboxState& s);

// The status line's height at the current font.
float status_height();

// Begins an ImGui window docked at `r` (panels/layout.h): fixed there every frame, opaque,
// never moved, resized or saved to imgui.ini. Pair with ImGui::End() as Begin.
bool begin_docked(const char* name, const ScreenRect& r, bool* open = nullptr,
                  ImGuiWindowFlags extra = 0);

inline ImVec4 to_v4(Color c) {
  return ImVec4(c.r, c.g, c.b, c.a);
}
inline ImU32 to_u32(Color c) {
  return ImGui::ColorConvertFloat4ToU32(to_v4(c));
}

}  // namespace hitbox::app
