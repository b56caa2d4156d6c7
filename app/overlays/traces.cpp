#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "overlays/draw_util.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

namespace {
constexpr Color kNone{0.0f, 0.0f, 0.0f, 0.0f};
}  // namespace

void draw_body(Canvas& c, const Collider& b, Color fill, Color outline, float outline_px) {
  if (b.geom == Geom::Circle) {
    c.circle(b.pos, b.radius, fill, outline, outline_px);
  } else if (b.count == 1) {  // a point: a dot with a ring, so it reads at any zoom
    c.dot(b.v[0], 3.0f, outline);
    c.circle(b.v[0], 7.0f / c.camera().zoom, Color{0.0f, 0.0f, 0.0f, 0.0f}, outline, outline_px);
  } else if (b.count == 2) {  // a segment: a thick line with its end points
    c.line(b.v[0], b.v[1], outline, std::max(outline_px, 2.5f));
    c.dot(b.v[0], 3.5f, outline);
    c.dot(b.v[1], 3.5f, outline);
  } else if (has_pieces(b)) {
    // A concave polygon: each convex piece filled, then the outline of the whole shape.
    const Color none{0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < b.piece_count; ++k) {
      const Collider& p = b.pieces[k];
      c.polygon(std::span<const Vec2>(p.v, static_cast<std::size_t>(p.count)), fill, none, 0.0f);
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

void label_toward(Canvas& c, float px, Vec2 at, Vec2 dir, const std::string& text, Color col) {
  float w = 7.0f * static_cast<float>(text.size());
  if (ImGui::GetCurrentContext() && ImGui::GetFont()) w = ImGui::CalcTextSize(text.c_str()).x;
  Vec2 p = at + Vec2(0.0f, -7.0f) * px;
  if (dir.x < -0.3f)
    p.x -= (w + 4.0f) * px;
  else if (dir.x <= 0.3f)
    p.x -= 0.5f * w * px;
  if (dir.y < -0.3f)
    p.y -= 10.0f * px;
  else if (dir.y > 0.3f)
    p.y += 8.0f * px;
  c.text(p, text, col);
}

void draw_traces(const SandboxState& s, Canvas& c) {
  if (!s.an.pair.valid()) return;
  const std::uint32_t ran = s.ran_in_view();
  if (ran & kAlgoAabb) draw_aabb(s, c);
  if (ran & kAlgoBoundingCircle) draw_bounding_circle(s, c);
  if (s.stepping(kAlgoSat)) {
    teach::draw_sat_step(c, s.body(s.an.pair.a), s.body(s.an.pair.b), s.an.sat_early,
                         s.stepper.sat.step);
  } else if (ran & kAlgoSat) {
    draw_sat(s, c);
  }
  if (ran & kAlgoMtd) draw_mtd(s, c);
  if (ran & kAlgoSwept) draw_swept(s, c);
  if (ran & kAlgoPixel) draw_pixel(s, c);
  if (ran & kAlgoGjk) draw_gjk(s, c);
  if (s.stepping(kAlgoSwept))
    teach::draw_swept_step(c, s.body(s.an.pair.a), s.body(s.an.pair.b), s.an.r.swept_trace,
                           s.an.r.swept, s.stepper.swept.step);
  if (s.stepping(kAlgoGjk))
    teach::draw_gjk_step(c, s.body(s.an.pair.a), s.body(s.an.pair.b), s.an.r.gjk_trace, s.an.r.gjk,
                         s.stepper.gjk.step);
  if (ran & kAlgoQuadrant) draw_quadrant(s, c);
  if (ran & kAlgoCircleAsSquare) draw_circle_as_square(s, c);
}

void draw_aabb(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const AabbResult& r = s.an.r.aabb;
  draw_box(c, r.a, kNone, pal::kTraceA, 1.5f);
  draw_box(c, r.b, kNone, pal::kTraceB, 1.5f);
  if (r.hit) draw_box(c, r.overlap, alpha(pal::kOverlap, 0.35f), pal::kOverlap, 1.0f);
  c.text(Vec2(r.a.min.x, r.a.max.y + 4.0f * px), "AABB A", pal::kTraceA);
  c.text(Vec2(r.b.min.x, r.b.max.y + 4.0f * px), "AABB B", pal::kTraceB);
}

void draw_bounding_circle(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const BoundingCircleResult& r = s.an.r.bounding_circle;
  c.circle(r.ca, r.ra, kNone, pal::kTraceA, 1.5f);
  c.circle(r.cb, r.rb, kNone, pal::kTraceB, 1.5f);
  const Color gc = r.hit ? pal::kOverlap : pal::kGap;
  dashed(c, r.ca, r.cb, alpha(gc, 0.8f), 1.5f, 5.0f, px);
  c.text(0.5f * (r.ca + r.cb) + Vec2(6.0f, 6.0f) * px,
         r.hit ? strf("circles overlap %.1f (hit)", -r.gap) : strf("circles: gap %.1f", r.gap), gc);
}

void draw_mtd(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const MtdResult& m = s.an.r.mtd;
  if (!m.hit) return;
  const Collider& A = s.body(s.an.pair.a);
  Shape moved = s.shape(s.an.pair.a);
  moved.pos += to_d(m.vector);
  const Posed ghost(moved);
  draw_body(c, ghost.collider(), kNone, alpha(pal::kMtd, 0.8f), 1.5f);
  c.arrow(A.pos, A.pos + m.vector, pal::kMtd, 3.0f, 11.0f);
  label_toward(c, px, A.pos + m.vector + m.normal * (10.0f * px), m.normal,
               strf("MTD depth %.2f", m.depth), pal::kMtd);
}

}  // namespace hitbox::app
