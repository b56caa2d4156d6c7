// Drawing the algorithm modules share (app/algos/): bodies and boxes, dashed lines, the axis
// lane a SAT or slab axis is drawn on, the intervals on it, and the one label placer. Drawing
// only: every number comes from a core result or trace.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "hitbox/circle_rect.h"
#include "hitbox/collide.h"
#include "hitbox/shape.h"
#include "platform/canvas.h"

namespace hitbox::app {

inline constexpr float kLongLinePx = 6000.0f;  // window px: "across the scene"

inline float length(Vec2 v) {
  return std::sqrt(dot(v, v));
}

inline Color alpha(Color c, float a) {
  c.a = a;
  return c;
}

inline Vec2 to_f(DVec2 v) {
  return Vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}
inline DVec2 to_d(Vec2 v) {
  return DVec2(v.x, v.y);
}

// A dashed segment; dash lengths in window pixels (px = world pixels per window pixel).
inline void dashed(Canvas& c, Vec2 a, Vec2 b, Color color, float width_px, float dash_px,
                   float px) {
  const Vec2 d = b - a;
  const float len = length(d);
  if (!(len > 0.0f)) return;
  const float dash = dash_px * px;
  const Vec2 u = d / len;
  for (float s = 0.0f; s < len; s += 2.0f * dash)
    c.line(a + u * s, a + u * std::min(s + dash, len), color, width_px);
}

// ---- bodies ----
void draw_body(Canvas& c, const Collider& b, Color fill, Color outline, float outline_px);
void draw_box(Canvas& c, const Aabb& box, Color fill, Color outline, float px_w);
// A sprite's image on its frame, through the shape's own transform.
void draw_sprite(Canvas& c, const Shape& s, Color tint, float opacity);
// World segments (pairs of points) as thin lines.
void draw_segments(Canvas& c, const std::vector<Vec2>& seg, Color col, float width);

// ---- labels ----
// Where a label goes from its anchor, in window pixels: `lift` first; then, by the direction,
// left of it (text width + left), centred, or `right` beyond it; above it (text height *
// tall + up), centred (half of height * tall) or `down` below it. keep_in_view: the text's
// start stays right of the view's left edge and below the menu bar.
struct LabelPlace {
  Vec2 lift{0.0f, 0.0f};
  float left = 0.0f, right = 0.0f;
  float tall = 0.0f;  // 1: the text's height counts, 0: it does not
  float up = 0.0f, down = 0.0f;
  bool keep_in_view = false;
};
// A trace's one-line label beside what it names.
inline constexpr LabelPlace kTraceLabel{Vec2(0.0f, -7.0f), 4.0f, 0.0f, 0.0f, 10.0f, 8.0f, false};
// Step mode's caption and notes (several lines as one label).
inline constexpr LabelPlace kStepLabel{Vec2(0.0f, 0.0f), 6.0f, 6.0f, 1.0f, 4.0f, 4.0f, true};

// The label placer: `text` beyond `at` in direction `dir` (screen-wise), never across it;
// px: world units per window pixel.
void label(Canvas& c, float px, Vec2 at, Vec2 dir, const std::string& text, Color col,
           const LabelPlace& how = kTraceLabel);

// ---- an axis drawn beside the pair ----
// Where a SAT (or slab) axis is drawn: a line beside the pair, like the shadow the pair casts
// on a wall, on the side its perpendicular points to (so axes of different directions spread
// around the pair). Near-parallel axes on the same side get lanes further out.
struct AxisLane {
  Vec2 u{1.0f, 0.0f};  // the axis (unit)
  Vec2 p{0.0f, 1.0f};  // its perpendicular, pointing away from the pair
  float c = 0.0f;      // distance of the line from the world origin along p
  int lane = 0;        // how many near-parallel lanes lie inside this one
  // The world point whose projection on u is s, pushed `off` (world units) further out.
  Vec2 at(float s, float off) const { return u * s + p * (c + off); }
};

// Lane `lane` of `axis` beside bodies a and b; px: world units per window pixel.
AxisLane sat_lane(const Collider& a, const Collider& b, Vec2 axis, float px, int lane = 0);

// One lane per axis of the trace, in its order.
std::vector<AxisLane> sat_lanes(const Collider& a, const Collider& b, const SatTrace& tr, float px);

// The middle of both intervals on their axis.
inline float lane_mid(Interval a, Interval b) {
  return 0.5f * (std::min(a.min, b.min) + std::max(a.max, b.max));
}

// The lane's line across the view, through the intervals' middle.
void draw_lane_line(Canvas& c, const AxisLane& L, Interval a, Interval b, float px, Color col,
                    float width);

// How intervals sit on a lane, in window px: A `bar` inside (toward the pair), B outside;
// the overlap or gap's end ticks from `tick_in` inside to `tick_out` outside, and the span
// between them at `span`.
struct LaneLook {
  float bar = 0.0f, bar_width = 0.0f;
  float tick_in = 0.0f, tick_out = 0.0f, tick_width = 0.0f;
  float span = 0.0f;
};

// A's and B's intervals as bars on the lane.
void draw_lane_bars(Canvas& c, const AxisLane& L, Interval a, Interval b, float px,
                    const LaneLook& look);
// The overlap (overlapping) or gap between A and B: end ticks and the span between them.
void draw_lane_between(Canvas& c, const AxisLane& L, Interval a, Interval b, bool overlapping,
                       float px, const LaneLook& look);
// Dashed guides from each interval's ends back across bodies a and b (A's ends `off` px
// inside the lane, B's outside), in A's and B's colours at `opacity`.
void draw_projection_guides(Canvas& c, const AxisLane& L, const Collider& a, const Collider& b,
                            Interval ia, Interval ib, float px, float off, float opacity);

// ---- quadrant and circle_as_square: what the decision looked at ----
// In the rectangle's frame around the circle's centre: the nearest corner and its distance,
// or the circle's square; `name` starts the label.
void draw_circle_rect(Canvas& c, float px, const CircleRectResult& r, const CircleRectTrace& t,
                      const char* name);

}  // namespace hitbox::app
