#include "algos/draw.h"

#include <span>

#include "overlays/palette.h"
#include "platform/labels.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {
constexpr Color kNone{0.0f, 0.0f, 0.0f, 0.0f};
constexpr float kLaneGapPx = 30.0f;     // the first lane: this far beyond the pair
constexpr float kLaneStepPx = 56.0f;    // each further lane: this much further out
constexpr float kNearParallel = 0.96f;  // cosine above which two axes share a side
}  // namespace

// ---- bodies ----

void draw_body(Canvas& c, const Collider& b, Color fill, Color outline, float outline_px) {
  if (b.geom == Geom::Circle) {
    c.circle(b.pos, b.radius, fill, outline, outline_px);
  } else if (b.geom == Geom::Capsule) {
    c.capsule(b.v[0], b.v[1], b.radius, fill, outline, outline_px);
  } else if (b.count == 1) {  // a point: a dot with a ring, so it reads at any zoom
    c.dot(b.v[0], 3.0f, outline);
    c.circle(b.v[0], 7.0f / c.camera().zoom, kNone, outline, outline_px);
  } else if (b.count == 2) {  // a segment: a thick line with its end points
    c.line(b.v[0], b.v[1], outline, std::max(outline_px, 2.5f));
    c.dot(b.v[0], 3.5f, outline);
    c.dot(b.v[1], 3.5f, outline);
  } else if (has_pieces(b)) {
    // A concave polygon: each convex piece filled, then the outline of the whole shape.
    for (int k = 0; k < b.piece_count; ++k) {
      const Collider& p = b.pieces[k];
      c.polygon(std::span<const Vec2>(p.v, static_cast<std::size_t>(p.count)), fill, kNone, 0.0f);
    }
    for (int k = 0; k < b.count; ++k) c.line(b.v[k], b.v[(k + 1) % b.count], outline, outline_px);
  } else if (b.count >= 3) {
    c.polygon(std::span<const Vec2>(b.v, static_cast<std::size_t>(b.count)), fill, outline,
              outline_px);
  }
}

void draw_box(Canvas& c, const Aabb& box, Color fill, Color outline, float px_w) {
  const Vec2 pts[4] = {box.min, Vec2(box.max.x, box.min.y), box.max, Vec2(box.min.x, box.max.y)};
  c.polygon(pts, fill, outline, px_w);
}

// The image corners (texel order) go through the shape's own transform, so rotation, scale
// and mirror match the frame and the mask.
void draw_sprite(Canvas& c, const Shape& sh, Color tint, float opacity) {
  const SpriteImage* img = sh.pixels.image.get();
  if (img == nullptr) return;
  const double hw = 0.5 * img->w, hh = 0.5 * img->h;
  const Vec2 corners[4] = {to_f(to_world(sh, DVec2(-hw, -hh))), to_f(to_world(sh, DVec2(hw, -hh))),
                           to_f(to_world(sh, DVec2(hw, hh))), to_f(to_world(sh, DVec2(-hw, hh)))};
  c.image(sh.pixels.image, corners, tint, opacity);
}

void draw_segments(Canvas& c, const std::vector<Vec2>& seg, Color col, float width) {
  for (std::size_t k = 0; k + 1 < seg.size(); k += 2) c.line(seg[k], seg[k + 1], col, width);
}

// ---- labels ----

void label(Canvas& c, float px, Vec2 at, Vec2 dir, const std::string& text, Color col,
           const LabelPlace& how) {
  const Vec2 size = label_text_size(text);  // window pixels, in the label font
  const float w = size.x, h = how.tall * size.y;
  Vec2 p = at + how.lift * px;
  if (dir.x < -0.3f)
    p.x -= (w + how.left) * px;
  else if (dir.x <= 0.3f)
    p.x -= 0.5f * w * px;
  else
    p.x += how.right * px;
  if (dir.y < -0.3f)
    p.y -= (h + how.up) * px;
  else if (dir.y <= 0.3f)
    p.y -= 0.5f * h * px;
  else
    p.y += how.down * px;
  if (how.keep_in_view) {
    const Vec2 sp = c.camera().to_screen(p);
    if (sp.x < 8.0f) p.x += (8.0f - sp.x) * px;
    if (sp.y < 28.0f) p.y += (28.0f - sp.y) * px;
  }
  c.text(p, text, col);
}

// ---- lanes ----

AxisLane sat_lane(const Collider& a, const Collider& b, Vec2 axis, float px, int lane) {
  AxisLane L;
  L.u = axis;
  L.p = Vec2(-axis.y, axis.x);
  const float outer = std::max(dot(a.pos, L.p) + a.bound, dot(b.pos, L.p) + b.bound);
  L.c = outer + (kLaneGapPx + kLaneStepPx * static_cast<float>(lane)) * px;
  L.lane = lane;
  return L;
}

std::vector<AxisLane> sat_lanes(const Collider& a, const Collider& b, const SatTrace& tr,
                                float px) {
  std::vector<AxisLane> lanes;
  lanes.reserve(tr.axes.size());
  for (std::size_t k = 0; k < tr.axes.size(); ++k) {
    int lane = 0;
    for (std::size_t j = 0; j < k; ++j)
      if (dot(tr.axes[j].axis, tr.axes[k].axis) > kNearParallel) ++lane;
    lanes.push_back(sat_lane(a, b, tr.axes[k].axis, px, lane));
  }
  return lanes;
}

void draw_lane_line(Canvas& c, const AxisLane& L, Interval a, Interval b, float px, Color col,
                    float width) {
  const float far = kLongLinePx * px;
  const float mid = lane_mid(a, b);
  c.line(L.at(mid - far, 0.0f), L.at(mid + far, 0.0f), col, width);
}

void draw_lane_bars(Canvas& c, const AxisLane& L, Interval a, Interval b, float px,
                    const LaneLook& look) {
  c.line(L.at(a.min, -look.bar * px), L.at(a.max, -look.bar * px), pal::kTraceA, look.bar_width);
  c.line(L.at(b.min, look.bar * px), L.at(b.max, look.bar * px), pal::kTraceB, look.bar_width);
}

void draw_lane_between(Canvas& c, const AxisLane& L, Interval a, Interval b, bool overlapping,
                       float px, const LaneLook& look) {
  const Interval seg = interval_between(a, b);
  const Color mc = overlapping ? pal::kOverlap : pal::kGap;
  c.line(L.at(seg.min, -look.tick_in * px), L.at(seg.min, look.tick_out * px), mc, look.tick_width);
  c.line(L.at(seg.max, -look.tick_in * px), L.at(seg.max, look.tick_out * px), mc, look.tick_width);
  c.line(L.at(seg.min, look.span * px), L.at(seg.max, look.span * px), mc, 3.0f);
}

void draw_projection_guides(Canvas& c, const AxisLane& L, const Collider& a, const Collider& b,
                            Interval ia, Interval ib, float px, float off, float opacity) {
  const float ca = dot(a.pos, L.p) - L.c, cb = dot(b.pos, L.p) - L.c;
  const Color ga = alpha(pal::kTraceA, opacity), gb = alpha(pal::kTraceB, opacity);
  dashed(c, L.at(ia.min, -off * px), L.at(ia.min, ca), ga, 1.0f, 6.0f, px);
  dashed(c, L.at(ia.max, -off * px), L.at(ia.max, ca), ga, 1.0f, 6.0f, px);
  dashed(c, L.at(ib.min, off * px), L.at(ib.min, cb), gb, 1.0f, 6.0f, px);
  dashed(c, L.at(ib.max, off * px), L.at(ib.max, cb), gb, 1.0f, 6.0f, px);
}

// ---- quadrant and circle_as_square ----

void draw_circle_rect(Canvas& c, float px, const CircleRectResult& r, const CircleRectTrace& t,
                      const char* name) {
  auto world = [&](Vec2 f) { return t.origin + t.axis_x * f.x + t.axis_y * f.y; };
  const Color col = r.hit ? pal::kOverlap : pal::kGap;
  if (r.decided_by == CircleRectCase::Corner) {
    const Vec2 corner = world(t.corner);
    dashed(c, t.origin, corner, alpha(col, 0.9f), 1.5f, 5.0f, px);
    c.dot(corner, 4.0f, col);
    // Beside the circle, right of its centre, clear of the corner and the shape labels.
    c.text(t.origin + Vec2(t.radius + 10.0f * px, -6.0f * px),
           strf("%s: corner %.2f %s r %.2f", name, t.corner_distance, r.hit ? "<=" : ">", t.radius),
           col);
    return;
  }
  if (r.decided_by != CircleRectCase::Square) return;
  const Vec2 q[4] = {world(t.square_min), world(Vec2(t.square_max.x, t.square_min.y)),
                     world(t.square_max), world(Vec2(t.square_min.x, t.square_max.y))};
  for (int k = 0; k < 4; ++k) dashed(c, q[k], q[(k + 1) % 4], alpha(col, 0.9f), 1.5f, 6.0f, px);
  // Under the circle, clear of the corner and the shape labels.
  c.text(t.origin + Vec2(-t.radius, t.radius + 6.0f * px),
         strf("%s: square %s", name, r.hit ? "overlaps (hit)" : "misses"), col);
}

}  // namespace hitbox::app
