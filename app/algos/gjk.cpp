// gjk: the closest points and their distance, or EPA's way out of the overlap; the panel's
// step controls; step mode over GJK's and EPA's iterations on the Minkowski difference.
#include "algos/gjk.h"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "algos/algos.h"
#include "algos/draw.h"
#include "hitbox/concave.h"
#include "overlays/palette.h"
#include "platform/labels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;
using namespace teach;

namespace {

constexpr float kFrameGapPx = 90.0f;  // the Minkowski difference: this far right of the pair
// Centred above the drawing, on two lines so that it is not much wider than A - B.
constexpr const char* kMinkowskiCaption = "A - B\n(Minkowski difference)";
constexpr float kMinkowskiCaptionGapPx = 10.0f;  // between the caption and the drawing
constexpr const char* kOriginLabel = "origin";
constexpr const char* kSupportLabel = "support";
constexpr Vec2 kSupportLabelAt{8.0f, -18.0f};  // px from the support point
constexpr float kSearchArrowPx = 60.0f;        // the search direction's arrow

void draw(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const GjkResult& g = s.cache.an.r.gjk;
  if (g.hit) {
    c.dot(g.point_a, 4.0f, pal::kGjk);
    if (g.depth > 0.0f) c.arrow(g.point_a, g.point_a + g.normal * g.depth, pal::kGjk, 2.0f, 9.0f);
    label(c, px, g.point_a + g.normal * (g.depth + 10.0f * px), g.normal,
          strf("EPA depth %.2f", g.depth), pal::kGjk);
    return;
  }
  c.line(g.point_a, g.point_b, pal::kGjk, 2.0f);
  c.dot(g.point_a, 4.0f, pal::kGjk);
  c.dot(g.point_b, 4.0f, pal::kGjk);
  const Vec2 side(-g.normal.y, g.normal.x);
  label(c, px, 0.5f * (g.point_a + g.point_b) + side * (24.0f * px), side,
        strf("GJK distance %.2f", g.distance), pal::kGjk);
}

// ---- step mode ----

// With a concave polygon in the pair: A - B is the union of the piece pairs' differences.
constexpr const char* kUnionCaption =
    "A - B: every piece pair's difference\n(the union's outline bold)";
constexpr const char* kExitLabel = "nearest exit";

bool has_union(const GjkTrace& tr) {
  return !tr.pieces.differences.empty();
}

const char* caption(const GjkTrace& tr) {
  return has_union(tr) ? kUnionCaption : kMinkowskiCaption;
}

// Every point of A - B the step drawing outlines: the one difference, or the whole union.
template <class F>
void for_each_outline_point(const GjkTrace& tr, F&& f) {
  for (const Vec2 w : tr.outline) f(w);
  for (const PieceDifference& d : tr.pieces.differences) {
    for (const Vec2 w : d.outline) f(w);
  }
}

// The drawn A - B's box (with its origin) for the frame f.
Aabb minkowski_box(const GjkFrame& f, const GjkTrace& tr) {
  Aabb box{f.origin, f.origin};
  for_each_outline_point(tr, [&](Vec2 w) {
    box.min = glm::min(box.min, f.origin + w);
    box.max = glm::max(box.max, f.origin + w);
  });
  return box;
}

// Where the caption's top-left corner goes above the drawn A - B's box.
Vec2 minkowski_caption_at(const Aabb& box, const char* text, float px) {
  const Vec2 size = label_text_size(text) * px;
  return Vec2(0.5f * (box.min.x + box.max.x - size.x),
              box.min.y - size.y - kMinkowskiCaptionGapPx * px);
}

int step_count(const SandboxState& s) {
  return gjk_step_count(s.cache.an.r.gjk_trace);
}

void draw_step(const SandboxState& s, Canvas& c) {
  const GjkTrace& tr = s.cache.an.r.gjk_trace;
  const GjkResult& r = s.cache.an.r.gjk;
  const Collider& a = s.doc.body(s.cache.an.pair.a);
  const Collider& b = s.doc.body(s.cache.an.pair.b);
  const int n = gjk_step_count(tr);
  if (n == 0 || tr.outline.empty()) return;
  const int step = clamp_step(s.stepper.mode(kAlgoGjk).step, n);
  const float px = 1.0f / c.camera().zoom;
  const GjkFrame f = gjk_frame(a, b, tr, px);
  const Vec2 o = f.origin;
  std::vector<Vec2> outline;
  for (const Vec2 w : tr.outline) outline.push_back(o + w);
  const Aabb box = minkowski_box(f, tr);
  if (has_union(tr)) {
    // Each piece pair's difference faintly, the union's outline bold over them, and the
    // steps' own piece pair a little brighter than the rest.
    std::vector<Vec2> piece;
    for (const PieceDifference& d : tr.pieces.differences) {
      piece.clear();
      for (const Vec2 w : d.outline) piece.push_back(o + w);
      c.polygon(piece, kMinkowskiFill, alpha(kMinkowskiOutline, 0.3f), 1.0f);
    }
    c.polygon(outline, Color{0.0f, 0.0f, 0.0f, 0.0f}, alpha(kMinkowskiOutline, 0.55f), 1.5f);
    const std::vector<Vec2>& edge = tr.pieces.boundary;
    for (std::size_t k = 0; k + 1 < edge.size(); k += 2) {
      c.line(o + edge[k], o + edge[k + 1], kMinkowskiOutline, 2.5f);
    }
  } else {
    c.polygon(outline, kMinkowskiFill, kMinkowskiOutline, 1.5f);
    for (const Vec2 w : tr.differences) c.dot(o + w, 2.0f, alpha(kMinkowskiOutline, 0.7f));
  }
  c.text(minkowski_caption_at(box, caption(tr), px), caption(tr), kMinkowskiOutline);

  const int ng = static_cast<int>(tr.gjk.size());
  if (step < ng) {
    const GjkStep& g = tr.gjk[static_cast<std::size_t>(step)];
    std::vector<Vec2> pts;
    for (int i = 0; i < g.count; ++i) pts.push_back(o + g.simplex[i].w);
    if (g.count == 3) c.polygon(pts, alpha(kSimplex, 0.18f), kSimplex, 2.5f);
    if (g.count == 2) c.line(pts[0], pts[1], kSimplex, 3.0f);
    for (const Vec2 p : pts) c.dot(p, 5.0f, kSimplex);
    if (g.count < 3) dashed(c, o, o + g.closest, alpha(pal::kGjk, 0.9f), 1.5f, 4.0f, px);
    // With one point the closest point is that point.
    if (g.count == 2) c.dot(o + g.closest, 4.0f, pal::kGjk);
    if (g.has_support) {
      const float dl = length(g.direction);
      if (dl > 0.0f)
        c.arrow(o + g.closest, o + g.closest + g.direction / dl * (kSearchArrowPx * px), pal::kGjk,
                2.0f, 9.0f);
      c.dot(o + g.support.w, 6.0f, kSupport);
      c.text(o + g.support.w + kSupportLabelAt * px, kSupportLabel, kSupport);
    }
  } else {
    const EpaStep& e = tr.epa[static_cast<std::size_t>(step - ng)];
    std::vector<Vec2> poly;
    for (const Vec2 w : e.polytope) poly.push_back(o + w);
    if (poly.size() >= 3) c.polygon(poly, alpha(kSimplex, 0.12f), kSimplex, 2.0f);
    const std::size_t m = poly.size();
    if (m >= 2) {
      const std::size_t i = static_cast<std::size_t>(e.edge) % m;
      c.line(poly[i], poly[(i + 1) % m], kSupport, 4.0f);
    }
    c.arrow(o, o + e.normal * e.distance, pal::kGjk, 2.0f, 9.0f);
    c.dot(o + e.support, 6.0f, kSupport);
    c.text(o + e.support + kSupportLabelAt * px, kSupportLabel, kSupport);
  }
  if (has_union(tr) && tr.pieces.from >= 0) {
    // The union's boundary point nearest the origin: mtd's push moves A - B by minus it.
    const Vec2 e = o + tr.pieces.exit;
    if (length(tr.pieces.exit) > 0.0f) c.arrow(o, e, palette::kMtd, 2.0f, 9.0f);
    c.dot(e, 5.0f, palette::kMtd);
    // The label beside the point, across the arrow (on the lower side), clear of the origin.
    const float el = length(tr.pieces.exit);
    const Vec2 dir = el > 0.0f ? tr.pieces.exit / el : Vec2(1.0f, 0.0f);
    const Vec2 side = dir.x >= 0.0f ? Vec2(-dir.y, dir.x) : Vec2(dir.y, -dir.x);
    label(c, px, e + side * (8.0f * px), side, strf("%s %.1f", kExitLabel, el), palette::kMtd);
  }
  // The origin, on top: A - B reaches it exactly when A touches B.
  const float k = 9.0f * px;
  c.line(o - Vec2(k, 0.0f), o + Vec2(k, 0.0f), pal::kOrigin, 2.0f);
  c.line(o - Vec2(0.0f, k), o + Vec2(0.0f, k), pal::kOrigin, 2.0f);
  c.text(o + Vec2(8.0f, 4.0f) * px, kOriginLabel, pal::kOrigin);
  step_caption(c, a, b, strf("GJK/EPA step %d of %d", step + 1, n), gjk_step_text(tr, r, step), px);
}

// The view holds A - B while stepping (the last frame's analysis, while it is still of the
// pair in focus: a deleted shape or an undo can have moved the indices since).
std::optional<Aabb> extent(const SandboxState& s, float zoom) {
  const GjkTrace& tr = s.cache.an.r.gjk_trace;
  if (tr.outline.empty() || !(zoom > 0.0f) || !s.cache.an.pair.valid()) return std::nullopt;
  const Pair now = s.focus_pair();
  if (!s.doc.valid(s.cache.an.pair.a) || !s.doc.valid(s.cache.an.pair.b) ||
      now.a != s.cache.an.pair.a || now.b != s.cache.an.pair.b)
    return std::nullopt;
  return gjk_step_box(s.doc.body(s.cache.an.pair.a), s.doc.body(s.cache.an.pair.b), tr,
                      1.0f / zoom);
}

constexpr AlgoSteps kSteps{step_count, draw_step, extent};

void section(SandboxState& s) {
  step_controls(
      "gjk_step", s.stepper.mode(kAlgoGjk), gjk_step_count(s.cache.an.r.gjk_trace),
      gjk_step_text(s.cache.an.r.gjk_trace, s.cache.an.r.gjk, s.stepper.mode(kAlgoGjk).step),
      "A - B is drawn right of the pair, moved so that its origin is the white "
      "cross labelled 'origin': the origin inside A - B means A and B overlap.");
  if (!s.stepper.mode(kAlgoGjk).on)
    ImGui::TextDisabled("Step through shows A - B, its origin and the simplex per iteration.");
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  PiecePair which;
  return has_pieces(a) || has_pieces(b) ? gjk_pieces(a, b, nullptr, &which).hit : gjk(a, b).hit;
}

}  // namespace

// ---- step sentences and placement (gjk.h) ----

int teach::gjk_step_count(const GjkTrace& tr) {
  return static_cast<int>(tr.gjk.size() + tr.epa.size());
}

std::string teach::gjk_step_text(const GjkTrace& tr, const GjkResult& r, int step) {
  const int n = gjk_step_count(tr);
  if (n == 0) return "No iterations.";
  step = clamp_step(step, n);
  const int ng = static_cast<int>(tr.gjk.size());
  if (step < ng) {
    const GjkStep& g = tr.gjk[static_cast<std::size_t>(step)];
    const bool last = step == ng - 1;
    std::string s = strf("GJK %d: ", step + 1);
    if (g.count == 3) {
      s += "the triangle encloses the origin, so the shapes overlap; EPA finds the way out.";
      return s;
    }
    const float d = length(g.closest);
    s += g.count == 1 ? strf("one point, %.1f px from the origin.", d)
                      : strf("a segment; its closest point is %.1f px from the origin.", d);
    if (!g.has_support) {
      s += r.hit ? " The origin is on it: touching." : " The search ends here.";
    } else if (last && r.stop != GjkStop::ContainsOrigin) {
      s += r.hit ? " The new support point gets no closer: the cores are this far apart, less "
                   "than the radii, so they overlap."
                 : strf(" The new support point gets no closer: distance %.1f px, no collision.",
                        r.distance);
    } else {
      s += " Search toward the origin and add the support point found.";
    }
    return s;
  }
  const int k = step - ng;
  const EpaStep& e = tr.epa[static_cast<std::size_t>(k)];
  std::string s =
      strf("EPA %d: the nearest edge of the polygon is %.1f px from the origin", k + 1, e.distance);
  if (step == n - 1)
    s += strf("; it is an edge of A - B: depth %.1f px, the way out.", r.depth);
  else
    s += "; push it out to the support point beyond it.";
  return s;
}

GjkFrame teach::gjk_frame(const Collider& a, const Collider& b, const GjkTrace& tr, float px) {
  Vec2 lo(0.0f, 0.0f), hi(0.0f, 0.0f);  // the origin is always in the box
  for_each_outline_point(tr, [&](Vec2 w) {
    lo = Vec2(std::min(lo.x, w.x), std::min(lo.y, w.y));
    hi = Vec2(std::max(hi.x, w.x), std::max(hi.y, w.y));
  });
  const float right = std::max(a.bounds.max.x, b.bounds.max.x);
  const float mid_y =
      0.5f * (std::min(a.bounds.min.y, b.bounds.min.y) + std::max(a.bounds.max.y, b.bounds.max.y));
  GjkFrame f;
  f.origin = Vec2(right + kFrameGapPx * px - lo.x, mid_y - 0.5f * (lo.y + hi.y));
  return f;
}

Aabb teach::gjk_step_box(const Collider& a, const Collider& b, const GjkTrace& tr, float px) {
  const GjkFrame f = gjk_frame(a, b, tr, px);
  const Vec2 o = f.origin;
  Aabb box = minkowski_box(f, tr);
  // Every step's support label and search arrow (draw_step's places), so that stepping
  // through keeps the drawing inside the box the view was framed for.
  const Vec2 support = label_text_size(kSupportLabel) * px;
  const auto take = [&](Vec2 p) {
    box.min = glm::min(box.min, p);
    box.max = glm::max(box.max, p);
  };
  const auto take_support = [&](Vec2 w) {
    const Vec2 at = o + w + kSupportLabelAt * px;
    take(at);
    take(at + support);
  };
  for (const GjkStep& g : tr.gjk) {
    if (!g.has_support) continue;
    take_support(g.support.w);
    const float dl = length(g.direction);
    if (dl > 0.0f) take(o + g.closest + g.direction / dl * (kSearchArrowPx * px));
  }
  for (const EpaStep& e : tr.epa) take_support(e.support);
  // The caption above, and the origin's label right of the origin (draw_step's places).
  const Vec2 caption_at = minkowski_caption_at(box, caption(tr), px);
  const Vec2 caption_size = label_text_size(caption(tr)) * px;
  const Vec2 origin = label_text_size(kOriginLabel) * px;
  box.min = glm::min(box.min, caption_at);
  box.max.x =
      std::max({box.max.x, caption_at.x + caption_size.x, f.origin.x + 8.0f * px + origin.x});
  box.max.y = std::max(box.max.y, f.origin.y + 4.0f * px + origin.y);
  return box;
}

extern const AlgoModule gjk_module;
const AlgoModule gjk_module{
    .bit = kAlgoGjk,
    .name = "gjk",
    .exactness = Exactness::Approximate,
    .draw = draw,
    .section = section,
    .steps = &kSteps,
    .query = query,
};

}  // namespace hitbox::app
