// The world layer: what each algorithm did, drawn for the pair in focus from the frame's
// analysis (SandboxState::an, the core's dispatcher output), plus the shapes, handles and
// tools. One function per algorithm's trace; draw_traces is the index that calls each one
// the viewport shows (or step mode's drawing, teach/teach.h, when its step mode is on).
// Nothing here computes collision math: every number comes from a core result or trace.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hitbox/algorithms.h"
#include "hitbox/shape.h"
#include "platform/canvas.h"

namespace hitbox::app {

struct SandboxState;

// The algorithms that have an overlay here (a bit the core gains without one shows as "not
// shown in the sandbox" in the panel).
inline constexpr std::uint32_t kDrawnAlgos = kAlgoAabb | kAlgoBoundingCircle | kAlgoSat | kAlgoMtd |
                                             kAlgoSwept | kAlgoPixel | kAlgoGjk | kAlgoQuadrant |
                                             kAlgoCircleAsSquare;

// ---- the layer, in drawing order (sandbox.cpp calls these) ----
void draw_broad_phase(const SandboxState& s, Canvas& c);  // sweep intervals or grid cells
void draw_sat_lines(const SandboxState& s, Canvas& c);    // the axis lines, under the shapes
void draw_shapes(const SandboxState& s, Canvas& c);       // fills, outlines, local axes, ids
void draw_sprite_masks(const SandboxState& s, Canvas& c);
void draw_traces(const SandboxState& s, Canvas& c);  // every algorithm's overlay below
void draw_poly_tool(const SandboxState& s, Canvas& c);
void draw_line_tool(const SandboxState& s, Canvas& c);  // the ray and slice tools
void draw_handles(const SandboxState& s, Canvas& c);

// ---- one overlay per algorithm (the focus pair; s.an holds the results) ----
void draw_aabb(const SandboxState& s, Canvas& c);             // both boxes and their overlap
void draw_bounding_circle(const SandboxState& s, Canvas& c);  // both circles and the gap
void draw_sat(const SandboxState& s, Canvas& c);              // each shape's interval on every axis
void draw_mtd(const SandboxState& s, Canvas& c);    // the push-out vector and A pushed out
void draw_swept(const SandboxState& s, Canvas& c);  // ghosts at t = 0, 1, the scrub t, impact
void draw_pixel(const SandboxState& s, Canvas& c);  // masks, search rectangle, overlap cells
void draw_gjk(const SandboxState& s, Canvas& c);    // closest points, or EPA's depth
void draw_quadrant(const SandboxState& s, Canvas& c);
void draw_circle_as_square(const SandboxState& s, Canvas& c);

// The pixel overlay draws the mask grid once a cell is this wide on screen (window px).
inline constexpr float kMaskGridMinPx = 6.0f;

// ---- shared pieces ----
void draw_body(Canvas& c, const Collider& b, Color fill, Color outline, float outline_px);
void draw_box(Canvas& c, const Aabb& box, Color fill, Color outline, float px_w);
// A sprite's image on its frame, through the shape's own transform.
void draw_sprite(Canvas& c, const Shape& s, Color tint, float opacity);
// World segments (pairs of points) as thin lines.
void draw_segments(Canvas& c, const std::vector<Vec2>& seg, Color col, float width);
// A text label placed beyond `at` in direction `dir` (screen-wise), never across it;
// px: world units per window pixel.
void label_toward(Canvas& c, float px, Vec2 at, Vec2 dir, const std::string& text, Color col);

inline Vec2 to_f(DVec2 v) {
  return Vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}
inline DVec2 to_d(Vec2 v) {
  return DVec2(v.x, v.y);
}

}  // namespace hitbox::app
