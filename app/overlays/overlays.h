// The world layer: the shapes, handles and tools, the broad phase, and what each algorithm
// did for the pair in focus, from the frame's analysis (FrameCache::an, the core's
// dispatcher output). The algorithms' own drawing is in their modules (app/algos/);
// draw_under_shapes and draw_traces walk the module table and call each one the viewport
// shows, and its step mode's drawing when that is on.
// Nothing here computes collision math: every number comes from a core result or trace.
#pragma once

#include "algos/draw.h"
#include "platform/canvas.h"

namespace hitbox::app {

struct SandboxState;

// ---- the layer, in drawing order (sandbox.cpp calls these) ----
void draw_broad_phase(const SandboxState& s, Canvas& c);   // sweep intervals or grid cells
void draw_under_shapes(const SandboxState& s, Canvas& c);  // e.g. sat's axis lines
void draw_shapes(const SandboxState& s, Canvas& c);        // fills, outlines, local axes, ids
void draw_sprite_masks(const SandboxState& s, Canvas& c);
void draw_traces(const SandboxState& s, Canvas& c);  // every algorithm's drawing
void draw_play(const SandboxState& s, Canvas& c);    // the grab's line and play's contacts
void draw_mover(const SandboxState& s, Canvas& c);   // the mover's planes, ghosts, step mode
void draw_poly_tool(const SandboxState& s, Canvas& c);
void draw_line_tool(const SandboxState& s, Canvas& c);  // the ray and slice tools
void draw_handles(const SandboxState& s, Canvas& c);

}  // namespace hitbox::app
