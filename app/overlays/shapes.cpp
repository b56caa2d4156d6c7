#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "algos/algos.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

// Every shape shows its id and local axes once its bounding radius is this wide on screen.
constexpr float kDetailMinPx = 40.0f;

void draw_shapes(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const std::uint32_t va = s.verdict_algo(s.ran_in_view());
  // A pair that only touches (panels: "touching") is not coloured as a hit.
  const bool pair_hit = s.cache.an.pair.valid() && va != 0 &&
                        s.cache.an.r.answer(static_cast<Algo>(va)).hit() &&
                        !s.cache.an.r.answer(static_cast<Algo>(va)).touching;
  const int hovered = s.pick(s.mouse_world);
  for (int i = 0; i < s.doc.count(); ++i) {
    const Collider& b = s.doc.body(i);
    const bool in_pair =
        s.cache.an.pair.valid() && (i == s.cache.an.pair.a || i == s.cache.an.pair.b);
    // Every shape that overlaps another by the "hit colour from" algorithm (sandbox/pairs.cpp),
    // and the focus pair by this view's verdict.
    const bool any_hit = !s.verdicts_hidden() &&
                         s.cache.pairs.hit.size() == static_cast<std::size_t>(s.doc.count()) &&
                         s.cache.pairs.hit[static_cast<std::size_t>(i)] != 0;
    const bool hit = (in_pair && pair_hit) || any_hit;
    // Ids and local axes for the shapes the user is working with, and for every shape once
    // it is drawn large enough to carry them without crowding the view.
    const bool detail = in_pair || i == s.selected() || i == hovered || i == s.pending_pick() ||
                        b.bound * s.cam.zoom >= kDetailMinPx;
    Color fill = pal::kFillIdle, outline = pal::kOutlineIdle;
    float width = 1.5f;
    if (i == s.selected()) fill = pal::kFillSelected;
    if (hit) {
      fill = pal::kFillHit;
      outline = pal::kOutlineHit;
    }
    if (in_pair) width = 2.0f;
    if (in_pair && i != s.selected()) outline = pal::kOutlineFocus;
    if (i == s.selected()) {
      outline = pal::kOutlineSelected;
      width = 2.5f;
    }
    // A sleeping body (play mode) is dimmed until something wakes it.
    if (s.play_asleep(i)) {
      fill = alpha(fill, fill.a * pal::kAsleepDim);
      outline = alpha(outline, outline.a * pal::kAsleepDim);
    }
    if (s.doc.shape(i).kind == Kind::Sprite) {
      // The image, with a light tint of the state's fill on its texels, and the frame
      // outlined in the state's colour (faintly when idle).
      Color tint{1.0f, 1.0f, 1.0f, 0.0f};
      if (hit)
        tint = alpha(pal::kFillHit, pal::kSpriteTintHit);
      else if (i == s.selected())
        tint = alpha(pal::kFillSelected, pal::kSpriteTintSelected);
      draw_sprite(c, s.doc.shape(i), tint, 1.0f);
      const bool idle = !in_pair && i != s.selected();
      draw_body(c, b, Color{0.0f, 0.0f, 0.0f, 0.0f}, idle ? pal::kSpriteFrameIdle : outline,
                idle ? 1.0f : width);
    } else {
      draw_body(c, b, fill, outline, width);
      if (s.show_pieces && has_pieces(b)) {
        for (int k = 0; k < b.piece_count; ++k) {
          const Collider& p = b.pieces[k];
          for (int e = 0; e < p.count; ++e)
            dashed(c, p.v[e], p.v[(e + 1) % p.count], alpha(pal::kPieces, 0.9f), 1.0f, 4.0f, px);
        }
      }
    }

    // Velocity (when set).
    if (i != s.selected() && length(b.vel) * s.cam.zoom >= 1.0f)
      c.arrow(b.pos, b.pos + b.vel, alpha(pal::kVelocity, 0.55f), 1.5f, 8.0f);

    if (!detail) continue;
    // Local axes: +x arrow and a shorter +y tick, so rotation and mirroring show.
    float lx = 0.0f, ly = 0.0f;
    if (b.geom == Geom::Circle) {
      lx = 0.7f * b.radius;
      ly = 0.4f * b.radius;
    } else if (b.geom == Geom::Box) {
      lx = 0.7f * b.half.x;
      ly = 0.6f * b.half.y;
    } else {
      lx = 0.5f * b.bound;
      ly = 0.3f * b.bound;
    }
    lx = std::max(lx, 12.0f * px);
    ly = std::max(ly, 7.0f * px);
    c.arrow(b.pos, b.pos + b.axis_x * lx, pal::kAxisX, 2.0f, 7.0f);
    c.line(b.pos, b.pos + b.axis_y * ly, pal::kAxisY, 2.0f);
    c.dot(b.pos, 3.0f, pal::kOrigin);

    // Label: id, with A/B for the focus pair.
    std::string label = s.doc.shape(i).id;
    Color lc = pal::kLabel;
    if (i == s.cache.an.pair.a) {
      label = "A: " + label;
      lc = pal::kTraceA;
    } else if (i == s.cache.an.pair.b) {
      label = "B: " + label;
      lc = pal::kTraceB;
    } else if (i == s.pending_pick()) {
      label = "A? " + label + "  (Ctrl+click B)";
      lc = pal::kTraceA;
    }
    c.text(Vec2(b.bounds.min.x, b.bounds.min.y - 18.0f * px), label, lc);
  }
}

// The outlines of every sprite's mask while an algorithm on masks is on (the focus pair's
// are drawn with that algorithm's trace).
void draw_sprite_masks(const SandboxState& s, Canvas& c) {
  const std::uint32_t on_masks = s.algos & mask_algos();
  if (!on_masks || !s.show_mask_outlines) return;
  for (int i = 0; i < s.doc.count(); ++i) {
    if (s.doc.shape(i).kind != Kind::Sprite) continue;
    if (s.cache.an.pair.valid() && (i == s.cache.an.pair.a || i == s.cache.an.pair.b) &&
        (s.ran_in_view() & on_masks))
      continue;
    draw_segments(c, s.mask_entry(i).outline, pal::kMaskOutline, 1.0f);
  }
}

namespace {

// The spin: an arc from straight up, clockwise by the spin (a whole turn at most), ending at
// its handle; "spin" beside the handle at 0, the value while dragging or past a whole turn.
void draw_spin_handle(const SandboxState& s, Canvas& c) {
  const int i = s.selected();
  const float px = 1.0f / s.cam.zoom;
  const Vec2 pos = s.doc.body(i).pos;
  const float ring = s.spin_ring(i);
  const double spin = s.doc.shape(i).spin;
  const Vec2 hh = s.spin_handle(i);
  const double sweep = std::clamp(spin, -360.0, 360.0);
  const int steps = std::max(2, static_cast<int>(std::abs(sweep) / 6.0));
  const auto at = [&](double deg) {
    const double a = (deg - 90.0) * 3.14159265358979323846 / 180.0;
    return pos + ring * Vec2(static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a)));
  };
  if (std::abs(spin) >= 0.05) {
    for (int k = 0; k + 1 < steps; ++k)
      c.line(at(sweep * k / steps), at(sweep * (k + 1) / steps), pal::kVelocity, 2.0f);
    c.arrow(at(sweep * (steps - 1) / steps), at(sweep), pal::kVelocity, 2.0f, 10.0f);
  }
  c.circle(hh, kHandleRadiusPx * px, pal::kHandleFill, pal::kVelocity, 2.0f);
  const bool dragging = s.tools.drag.kind == DragKind::Spin && s.tools.drag.index == i;
  if (dragging || std::abs(spin) >= 360.0)
    c.text(hh + Vec2(10.0f, -8.0f) * px, strf("spin %.1f deg", spin), pal::kVelocity);
  else if (std::abs(spin) < 0.05)
    c.text(hh + Vec2(10.0f, -8.0f) * px, "spin", pal::kVelocity);
}

}  // namespace

void draw_handles(const SandboxState& s, Canvas& c) {
  if (s.selected() < 0) return;
  const float px = 1.0f / s.cam.zoom;
  const Collider& b = s.doc.body(s.selected());
  const Vec2 rh = s.rotate_handle(s.selected());
  c.line(Vec2(b.pos.x, b.bounds.min.y), rh, pal::kHandle, 1.0f);
  c.circle(rh, kHandleRadiusPx * px, pal::kHandleFill, pal::kHandle, 2.0f);
  const Vec2 sh = s.scale_handle(s.selected());
  const float hs = 5.5f * px;
  const Vec2 sq[4] = {sh + Vec2(-hs, -hs), sh + Vec2(hs, -hs), sh + Vec2(hs, hs),
                      sh + Vec2(-hs, hs)};
  c.polygon(sq, pal::kHandleFill, pal::kHandle, 2.0f);
  if (s.doc.shape(s.selected()).kind == Kind::Capsule) {
    // The two end centres (dots in rings) and the radius (a diamond on the radius line).
    const Vec2 e1 = s.capsule_handle(s.selected(), 1), rh2 = s.capsule_handle(s.selected(), 2);
    for (int k = 0; k < 2; ++k) {
      const Vec2 e = s.capsule_handle(s.selected(), k);
      c.circle(e, kHandleRadiusPx * px, pal::kHandleFill, pal::kHandle, 2.0f);
      c.dot(e, 2.5f, pal::kHandle);
    }
    c.line(e1, rh2, pal::kHandle, 1.0f);
    const float hd = 6.0f * px;
    const Vec2 dia[4] = {rh2 + Vec2(0, -hd), rh2 + Vec2(hd, 0), rh2 + Vec2(0, hd),
                         rh2 + Vec2(-hd, 0)};
    c.polygon(dia, pal::kHandleFill, pal::kHandle, 2.0f);
    if (s.tools.drag.kind == DragKind::CapsuleRadius && s.tools.drag.index == s.selected())
      c.text(rh2 + Vec2(10.0f, 4.0f) * px, strf("radius %.1f", s.doc.shape(s.selected()).radius),
             pal::kHandle);
  }
  draw_spin_handle(s, c);
  const Vec2 vh = s.vel_handle(s.selected());
  if (s.vel_is_stub(s.selected())) {
    dashed(c, Vec2(b.bounds.max.x, b.pos.y), vh, alpha(pal::kVelocity, 0.7f), 1.0f, 3.0f, px);
    c.text(vh + Vec2(8.0f, -6.0f) * px, "vel", pal::kVelocity);
  } else {
    c.arrow(b.pos, vh, pal::kVelocity, 2.0f, 10.0f);
  }
  c.circle(vh, kHandleRadiusPx * px, pal::kHandleFill, pal::kVelocity, 2.0f);
  // While rotating or scaling, the value being set, beside its handle.
  if (s.tools.drag.kind == DragKind::Rotate && s.tools.drag.index == s.selected())
    c.text(rh + Vec2(12.0f, -8.0f) * px, strf("angle %.1f deg", s.doc.shape(s.selected()).angle),
           pal::kHandle);
  else if (s.tools.drag.kind == DragKind::Scale && s.tools.drag.index == s.selected())
    c.text(sh + Vec2(10.0f, 4.0f) * px, strf("scale %.2f", s.doc.shape(s.selected()).scale),
           pal::kHandle);
}

void draw_poly_tool(const SandboxState& s, Canvas& c) {
  if (!s.tools.poly_tool) return;
  const float px = 1.0f / s.cam.zoom;
  std::vector<DVec2> hull;
  if (s.tools.poly_hull && s.tools.poly_pts.size() >= 3) hull = convex_hull(s.tools.poly_pts);
  if (!s.tools.poly_hull && s.tools.poly_pts.size() >= 3) {
    // The outline as drawn (closing back to the first point), which may be concave.
    dashed(c, to_f(s.tools.poly_pts.back()), to_f(s.tools.poly_pts.front()),
           alpha(pal::kToolPoint, 0.35f), 1.0f, 4.0f, px);
  }
  if (hull.size() >= 3) {
    std::vector<Vec2> h;
    for (const DVec2& q : hull) h.push_back(to_f(q));
    c.polygon(h, pal::kToolHullFill, pal::kToolPoint, 1.5f);
  }
  for (std::size_t k = 0; k + 1 < s.tools.poly_pts.size(); ++k)
    dashed(c, to_f(s.tools.poly_pts[k]), to_f(s.tools.poly_pts[k + 1]),
           alpha(pal::kToolPoint, 0.6f), 1.0f, 4.0f, px);
  if (!s.tools.poly_pts.empty())
    dashed(c, to_f(s.tools.poly_pts.back()), s.mouse_world, alpha(pal::kToolPoint, 0.6f), 1.0f,
           4.0f, px);
  for (const DVec2& q : s.tools.poly_pts) {
    const bool kept = !s.tools.poly_hull || s.tools.poly_pts.size() < 3 ||
                      std::find(hull.begin(), hull.end(), q) != hull.end();
    c.dot(to_f(q), 4.0f, kept ? pal::kToolPoint : pal::kToolDropped);
  }
  c.text(s.mouse_world + Vec2(12.0f, 10.0f) * px,
         strf("%zu point%s - Enter to finish", s.tools.poly_pts.size(),
              s.tools.poly_pts.size() == 1 ? "" : "s"),
         pal::kToolPoint);
}

// The ray tool: the ray from its start to its end, and every hit the core's cast_ray found,
// nearest first: the point, the normal (facing the start) and t. The slice tool: its line.
void draw_line_tool(const SandboxState& s, Canvas& c) {
  if (s.tools.line_tool == LineTool::None || (!s.tools.line_dragging && !s.tools.line_shown))
    return;
  const float px = 1.0f / s.cam.zoom;
  if (s.tools.line_tool == LineTool::Slice) {
    dashed(c, s.tools.line_a, s.tools.line_b, pal::kToolPoint, 2.0f, 6.0f, px);
    c.dot(s.tools.line_a, 4.0f, pal::kToolPoint);
    c.dot(s.tools.line_b, 4.0f, pal::kToolPoint);
    c.text(s.tools.line_b + Vec2(10.0f, 6.0f) * px, "release to slice", pal::kToolPoint);
    return;
  }
  c.arrow(s.tools.line_a, s.tools.line_b, pal::kRay, 2.0f, 10.0f);
  c.dot(s.tools.line_a, 4.0f, pal::kRay);
  int order = 0;
  for (const RayHitAt& h : s.tools.ray_hits) {
    ++order;
    const RayHit& r = h.hit;
    const std::string& id = s.doc.shape(h.index).id;
    if (!r.inside) c.arrow(r.point, r.point + r.normal * (28.0f * px), pal::kNormal, 2.0f, 8.0f);
    c.dot(r.point, 5.0f, pal::kRayHit);  // over the normal's foot
    if (r.inside) {
      c.text(r.point + Vec2(8.0f, 6.0f) * px,
             strf("#%d %s: starts inside (t=0)", order, id.c_str()), pal::kRayHit);
      continue;
    }
    c.text(r.point + Vec2(8.0f, 6.0f) * px, strf("#%d %s t=%.3f", order, id.c_str(), r.t),
           pal::kRayHit);
  }
}

}  // namespace hitbox::app
