// Step mode (teach.h): counts, sentences and drawings, all read from the core's traces.
#include "teach/teach.h"

#include <SDL.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <limits>
#include <vector>

#include "overlays/draw_util.h"
#include "overlays/palette.h"
#include "platform/labels.h"

namespace hitbox::app::teach {
namespace {

namespace pal = palette;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kFar = 6000.0f;       // window px: "across the view"
constexpr float kFrameGapPx = 90.0f;  // the Minkowski difference: this far right of the pair

// A time for a sentence: "t = 0.250", or words for the infinities.
std::string time_words(float t) {
  if (t == kInf) return "never";
  if (t == -kInf) return "always";
  return strf("t = %.3f", t);
}

std::string source_words(AxisSource s, int feature) {
  switch (s) {
    case AxisSource::EdgeA:
      return strf("edge %d of A", feature);
    case AxisSource::EdgeB:
      return strf("edge %d of B", feature);
    case AxisSource::CircleVertex:
      return strf("circle centre to vertex %d", feature);
    case AxisSource::CentreLine:
      return "the centre line";
    case AxisSource::Velocity:
      return "across the relative velocity";
    case AxisSource::SegmentDirection:
      return feature == 0 ? "along segment A" : "along segment B";
  }
  return "";
}

// The lines as one label's text. One label of several lines: the label placer moves it as a
// whole (lines placed one by one overlapped by a pixel and were pushed apart, out of order on
// a small window).
std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& s : lines) text += (text.empty() ? "" : "\n") + s;
  return text;
}

// Lines of text beyond `at` in direction `dir` (screen-wise), never across it.
void label(Canvas& c, Vec2 at, Vec2 dir, const std::vector<std::string>& lines, Color col,
           float px) {
  const std::string text = joined(lines);
  const Vec2 size = label_text_size(text);  // window pixels, in the label font
  const float w = size.x, h = size.y;
  Vec2 p = at;
  if (dir.x < -0.3f)
    p.x -= (w + 6.0f) * px;
  else if (dir.x <= 0.3f)
    p.x -= 0.5f * w * px;
  else
    p.x += 6.0f * px;
  if (dir.y < -0.3f)
    p.y -= (h + 4.0f) * px;
  else if (dir.y <= 0.3f)
    p.y -= 0.5f * h * px;
  else
    p.y += 4.0f * px;
  // Keep the start of the text in the view (its left edge, and below the menu bar).
  const Vec2 sp = c.camera().to_screen(p);
  if (sp.x < 8.0f) p.x += (8.0f - sp.x) * px;
  if (sp.y < 28.0f) p.y += (28.0f - sp.y) * px;
  c.text(p, text, col);
}

// The sentence as short lines for a projector: its head (up to the first ": ") on a line of
// its own, the rest wrapped at spaces to at most kWrapChars characters.
constexpr std::size_t kWrapChars = 52;
std::vector<std::string> two_lines(const std::string& s) {
  std::vector<std::string> out;
  std::string rest = s;
  if (const auto k = s.find(": "); k != std::string::npos && k < kWrapChars) {
    out.push_back(s.substr(0, k + 1));
    rest = s.substr(k + 2);
  }
  while (rest.size() > kWrapChars) {
    auto cut = rest.rfind(' ', kWrapChars);
    if (cut == std::string::npos || cut == 0) cut = kWrapChars;
    out.push_back(rest.substr(0, cut));
    rest = rest.substr(cut + (rest[cut] == ' ' ? 1 : 0));
  }
  if (!rest.empty()) out.push_back(rest);
  return out;
}

// The step's caption: always in the same place, above the pair and left-aligned with it, so
// it does not jump about while stepping (axis lines go below or right of the pair).
void caption(Canvas& c, const Collider& a, const Collider& b, const std::vector<std::string>& lines,
             float px) {
  const float top = std::min(a.bounds.min.y, b.bounds.min.y);
  const float left = std::min(a.bounds.min.x, b.bounds.min.x);
  const float h = label_text_size(joined(lines)).y;
  label(c, Vec2(left, top - (h + 30.0f) * px), Vec2(1.0f, 1.0f), lines, kStepText, px);
}

const Collider& polygon_of(const Collider& a, const Collider& b) {
  return a.geom == Geom::Circle ? b : a;
}
const Collider& circle_of(const Collider& a, const Collider& b) {
  return a.geom == Geom::Circle ? a : b;
}

}  // namespace

// ---- counts ----

int sat_step_count(const SatTrace& early) {
  const int n = static_cast<int>(early.axes.size());
  if (early.separating >= 0) return std::min(early.separating + 1, n);
  return n;
}

int swept_step_count(const SweptTrace& tr) {
  // The quadratic records no steps, and an overlap at t = 0 may stop before any: one step
  // then states the answer.
  return std::max(1, static_cast<int>(tr.steps.size()));
}

int gjk_step_count(const GjkTrace& tr) {
  return static_cast<int>(tr.gjk.size() + tr.epa.size());
}

int clamp_step(int step, int count) {
  if (count <= 0) return 0;
  return std::clamp(step, 0, count - 1);
}

SweptRunning swept_running(const SweptTrace& tr, int step) {
  // The core records the reduction after every step; the step just reads it.
  SweptRunning run;
  const bool slabs = tr.method == SweptMethod::Slabs;
  run.enter = slabs ? -kInf : kInf;
  run.exit = kInf;
  const int last = std::min(step, static_cast<int>(tr.steps.size()) - 1);
  if (last < 0) return run;
  const SweptStep& s = tr.steps[static_cast<std::size_t>(last)];
  run.enter = s.run_enter;
  run.exit = s.run_exit;
  run.entry_step = s.run_entry_step;
  return run;
}

// ---- sentences ----

std::string sat_step_text(const SatTrace& early, int step) {
  const int n = sat_step_count(early);
  if (n == 0) return "No axes to test.";
  step = clamp_step(step, n);
  const SatAxis& ax = early.axes[static_cast<std::size_t>(step)];
  const std::string head =
      strf("Axis %d (%s): ", step + 1, source_words(ax.source, ax.feature).c_str());
  if (ax.overlap < 0.0f)
    return head + strf("a gap of %.1f px, so this axis separates them: no collision, stop here.",
                       -ax.overlap);
  if (step + 1 < n)
    return head + strf(
                      "the intervals overlap by %.1f px, so this axis does not separate them: "
                      "keep looking.",
                      ax.overlap);
  std::string s =
      head + strf("overlap %.1f px. Every axis overlaps, so A and B collide", ax.overlap);
  if (early.least >= 0 && early.least < static_cast<int>(early.axes.size()))
    s += strf("; least overlap %.1f px on axis %d.", early.axes[early.least].overlap,
              early.least + 1);
  else
    s += ".";
  return s;
}

namespace {

std::string swept_verdict(const SweptTrace& tr, const SweptResult& r) {
  if (r.initially_overlapping) return " They already overlap at t = 0: impact at t = 0.";
  if (r.hit) return strf(" Impact at t = %.3f.", r.toi);
  switch (tr.miss) {
    case SweptMiss::Disjoint:
      return " Entry comes after exit: they never overlap on all axes at once, a miss.";
    case SweptMiss::Before:
      return " They stopped overlapping before t = 0: a miss.";
    case SweptMiss::After:
      return " They would meet only after t = 1: no impact this step.";
    case SweptMiss::NotReached:
    case SweptMiss::None:
      break;
  }
  return " Nothing is reached by t = 1: no impact this step.";
}

}  // namespace

std::string swept_step_text(const SweptTrace& tr, const SweptResult& r, int step) {
  const int n = swept_step_count(tr);
  step = clamp_step(step, n);
  const bool last = step == n - 1;
  const SweptRunning run = swept_running(tr, step);
  if (tr.method == SweptMethod::Quadratic) {
    return strf("Circles: |d + t v| = rA + rB gives %.1f t^2 + %.1f t + %.1f = 0.", tr.qa, tr.qb,
                tr.qc) +
           swept_verdict(tr, r);
  }
  if (tr.steps.empty()) return "No features to test." + swept_verdict(tr, r);
  const SweptStep& s = tr.steps[static_cast<std::size_t>(step)];
  std::string text;
  if (tr.method == SweptMethod::Slabs) {
    text = strf("Axis %d (%s): ", step + 1, source_words(s.source, s.feature).c_str());
    if (s.t_enter == -kInf && s.t_exit == kInf)
      text += "no motion along it and the intervals overlap, so it never limits the contact.";
    else if (s.t_enter == kInf)
      text += "no motion along it and the intervals are apart, so they never meet.";
    else
      text += strf("the intervals meet at %s and part at %s.", time_words(s.t_enter).c_str(),
                   time_words(s.t_exit).c_str());
    text += strf(" So far: latest entry %s, earliest exit %s.", time_words(run.enter).c_str(),
                 time_words(run.exit).c_str());
  } else {
    if (s.source == AxisSource::CircleVertex)
      text = strf("Vertex %d (a disc of the circle's radius): ", s.feature);
    else
      text = strf("Edge %d pushed out by the radius: ", s.feature);
    text += s.t_enter == kInf ? std::string("the centre's path misses it.")
                              : "the centre reaches it at " + time_words(s.t_enter) + ".";
    text += run.enter == kInf ? std::string(" Earliest so far: none yet.")
                              : " Earliest so far: " + time_words(run.enter) + ".";
  }
  if (last) text += swept_verdict(tr, r);
  return text;
}

std::string gjk_step_text(const GjkTrace& tr, const GjkResult& r, int step) {
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

// ---- placement ----

GjkFrame gjk_frame(const Collider& a, const Collider& b, const GjkTrace& tr, float px) {
  Vec2 lo(0.0f, 0.0f), hi(0.0f, 0.0f);  // the origin is always in the box
  for (const Vec2 w : tr.outline) {
    lo = Vec2(std::min(lo.x, w.x), std::min(lo.y, w.y));
    hi = Vec2(std::max(hi.x, w.x), std::max(hi.y, w.y));
  }
  const float right = std::max(a.bounds.max.x, b.bounds.max.x);
  const float mid_y =
      0.5f * (std::min(a.bounds.min.y, b.bounds.min.y) + std::max(a.bounds.max.y, b.bounds.max.y));
  GjkFrame f;
  f.origin = Vec2(right + kFrameGapPx * px - lo.x, mid_y - 0.5f * (lo.y + hi.y));
  return f;
}

namespace {

// Centred above the drawing, on two lines so that it is not much wider than A - B.
constexpr const char* kMinkowskiCaption = "A - B\n(Minkowski difference)";
constexpr float kMinkowskiCaptionGapPx = 10.0f;  // between the caption and the drawing
constexpr const char* kOriginLabel = "origin";
constexpr const char* kSupportLabel = "support";
constexpr Vec2 kSupportLabelAt{8.0f, -18.0f};  // px from the support point
constexpr float kSearchArrowPx = 60.0f;        // the search direction's arrow

// The drawn A - B's box (with its origin) for the frame f.
Aabb minkowski_box(const GjkFrame& f, const GjkTrace& tr) {
  Aabb box{f.origin, f.origin};
  for (const Vec2 w : tr.outline) {
    box.min = glm::min(box.min, f.origin + w);
    box.max = glm::max(box.max, f.origin + w);
  }
  return box;
}

// Where the caption's top-left corner goes above the drawn A - B's box.
Vec2 minkowski_caption_at(const Aabb& box, float px) {
  const Vec2 size = label_text_size(kMinkowskiCaption) * px;
  return Vec2(0.5f * (box.min.x + box.max.x - size.x),
              box.min.y - size.y - kMinkowskiCaptionGapPx * px);
}

}  // namespace

Aabb gjk_step_box(const Collider& a, const Collider& b, const GjkTrace& tr, float px) {
  const GjkFrame f = gjk_frame(a, b, tr, px);
  const Vec2 o = f.origin;
  Aabb box = minkowski_box(f, tr);
  // Every step's support label and search arrow (draw_gjk_step's places), so that stepping
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
  // The caption above, and the origin's label right of the origin (draw_gjk_step's places).
  const Vec2 caption = minkowski_caption_at(box, px);
  const Vec2 caption_size = label_text_size(kMinkowskiCaption) * px;
  const Vec2 origin = label_text_size(kOriginLabel) * px;
  box.min = glm::min(box.min, caption);
  box.max.x = std::max({box.max.x, caption.x + caption_size.x, f.origin.x + 8.0f * px + origin.x});
  box.max.y = std::max(box.max.y, f.origin.y + 4.0f * px + origin.y);
  return box;
}

// ---- drawing ----

void draw_sat_step(Canvas& c, const Collider& a, const Collider& b, const SatTrace& early,
                   int step) {
  const int n = sat_step_count(early);
  if (n == 0) return;
  step = clamp_step(step, n);
  const float px = 1.0f / c.camera().zoom;
  const SatAxis& ax = early.axes[static_cast<std::size_t>(step)];
  const AxisLane L = sat_lane(a, b, ax.axis, px);
  const bool gap = ax.overlap < 0.0f;
  const Color line = gap ? pal::kSeparatingAxis : kStepAxis;
  const float far = kFar * px;
  const float mid = 0.5f * (std::min(ax.a.min, ax.b.min) + std::max(ax.a.max, ax.b.max));
  c.line(L.at(mid - far, 0.0f), L.at(mid + far, 0.0f), line, 2.0f);
  // Projection guides from each interval's ends back across the shapes.
  const float ca = dot(a.pos, L.p) - L.c, cb = dot(b.pos, L.p) - L.c;
  const Color ga = alpha(pal::kTraceA, 0.55f), gb = alpha(pal::kTraceB, 0.55f);
  dashed(c, L.at(ax.a.min, -5.0f * px), L.at(ax.a.min, ca), ga, 1.0f, 6.0f, px);
  dashed(c, L.at(ax.a.max, -5.0f * px), L.at(ax.a.max, ca), ga, 1.0f, 6.0f, px);
  dashed(c, L.at(ax.b.min, 5.0f * px), L.at(ax.b.min, cb), gb, 1.0f, 6.0f, px);
  dashed(c, L.at(ax.b.max, 5.0f * px), L.at(ax.b.max, cb), gb, 1.0f, 6.0f, px);
  // The two projections, A inside (toward the pair) and B outside.
  c.line(L.at(ax.a.min, -5.0f * px), L.at(ax.a.max, -5.0f * px), pal::kTraceA, 7.0f);
  c.line(L.at(ax.b.min, 5.0f * px), L.at(ax.b.max, 5.0f * px), pal::kTraceB, 7.0f);
  // The overlap or gap between them, with end ticks.
  const Interval seg = interval_between(ax.a, ax.b);
  const float lo = seg.min;
  const float hi = seg.max;
  const Color mc = gap ? pal::kGap : pal::kOverlap;
  c.line(L.at(lo, -12.0f * px), L.at(lo, 16.0f * px), mc, 2.0f);
  c.line(L.at(hi, -12.0f * px), L.at(hi, 16.0f * px), mc, 2.0f);
  c.line(L.at(lo, 15.0f * px), L.at(hi, 15.0f * px), mc, 3.0f);
  // Letters at the bars' middles: A's on the pair's side, B's on the far side.
  c.text(L.at(0.5f * (ax.a.min + ax.a.max), -30.0f * px), "A", pal::kTraceA);
  c.text(L.at(0.5f * (ax.b.min + ax.b.max), 12.0f * px), "B", pal::kTraceB);
  std::vector<std::string> lines = two_lines(sat_step_text(early, step));
  lines.insert(lines.begin(), strf("SAT step %d of %d", step + 1, n));
  caption(c, a, b, lines, px);
}

void draw_swept_step(Canvas& c, const Collider& a, const Collider& b, const SweptTrace& tr,
                     const SweptResult& r, int step) {
  const int n = swept_step_count(tr);
  step = clamp_step(step, n);
  const float px = 1.0f / c.camera().zoom;
  std::vector<std::string> lines = two_lines(swept_step_text(tr, r, step));
  lines.insert(lines.begin(), strf("swept step %d of %d", step + 1, n));
  if (tr.method == SweptMethod::Quadratic) {
    // A's centre relative to B travels p + t v_rel; contact when it reaches the circle of
    // radius rA + rB about B's centre.
    c.circle(b.pos, a.radius + b.radius, Color{0.0f, 0.0f, 0.0f, 0.0f}, kStepAxis, 2.0f);
    c.arrow(a.pos, a.pos + tr.rel_vel, kStepAxis, 2.0f, 10.0f);
    if (r.hit) c.dot(a.pos + tr.rel_vel * r.toi, 5.0f, pal::kGhostImpact);
    c.text(b.pos + Vec2(0.0f, a.radius + b.radius + 4.0f * px), "rA + rB about B", kStepAxis);
    caption(c, a, b, lines, px);
    return;
  }
  if (tr.steps.empty()) {
    caption(c, a, b, lines, px);
    return;
  }
  const SweptStep& s = tr.steps[static_cast<std::size_t>(step)];
  if (tr.method == SweptMethod::RoundedPolygon) {
    const Collider& poly = polygon_of(a, b);
    const Collider& circ = circle_of(a, b);
    const int i = s.feature;
    if (s.source == AxisSource::CircleVertex) {
      if (i >= 0 && i < poly.count)
        c.circle(poly.v[i], circ.radius, Color{0.0f, 0.0f, 0.0f, 0.0f}, kStepAxis, 2.0f);
    } else if (i >= 0 && i < poly.count) {
      const Vec2 v0 = poly.v[i], v1 = poly.v[(i + 1) % poly.count];
      c.line(v0, v1, kStepAxis, 4.0f);
      const Vec2 off = poly.n[i] * circ.radius;
      dashed(c, v0 + off, v1 + off, kStepAxis, 2.0f, 6.0f, px);
    }
    // The circle's centre path relative to the polygon, and where it is at this feature's time.
    const Vec2 u = circ.vel - poly.vel;
    dashed(c, circ.pos, circ.pos + u, alpha(kStepAxis, 0.8f), 1.5f, 5.0f, px);
    if (s.t_enter <= 1.0f && s.t_enter >= 0.0f)
      c.circle(circ.pos + u * s.t_enter, circ.radius, Color{0.0f, 0.0f, 0.0f, 0.0f},
               pal::kGhostImpact, 1.5f);
    caption(c, a, b, lines, px);
    return;
  }
  // Slabs: this axis's intervals at t = 0, and A's interval at the entry and exit times.
  const AxisLane L = sat_lane(a, b, s.axis, px);
  const float far = kFar * px;
  const float mid = 0.5f * (std::min(s.a.min, s.b.min) + std::max(s.a.max, s.b.max));
  c.line(L.at(mid - far, 0.0f), L.at(mid + far, 0.0f), kStepAxis, 2.0f);
  c.line(L.at(s.a.min, -5.0f * px), L.at(s.a.max, -5.0f * px), pal::kTraceA, 7.0f);
  c.line(L.at(s.b.min, 5.0f * px), L.at(s.b.max, 5.0f * px), pal::kTraceB, 7.0f);
  for (const auto& [t, col] :
       {std::pair{s.t_enter, pal::kGhostImpact}, std::pair{s.t_exit, pal::kGhostEnd}}) {
    if (!std::isfinite(t)) continue;
    const float shift = s.speed * t;
    c.line(L.at(s.a.min + shift, -14.0f * px), L.at(s.a.max + shift, -14.0f * px), col, 3.0f);
  }
  caption(c, a, b, lines, px);
}

void draw_gjk_step(Canvas& c, const Collider& a, const Collider& b, const GjkTrace& tr,
                   const GjkResult& r, int step) {
  const int n = gjk_step_count(tr);
  if (n == 0 || tr.outline.empty()) return;
  step = clamp_step(step, n);
  const float px = 1.0f / c.camera().zoom;
  const GjkFrame f = gjk_frame(a, b, tr, px);
  const Vec2 o = f.origin;
  std::vector<Vec2> outline;
  for (const Vec2 w : tr.outline) outline.push_back(o + w);
  const Aabb box = minkowski_box(f, tr);
  c.polygon(outline, kMinkowskiFill, kMinkowskiOutline, 1.5f);
  for (const Vec2 w : tr.differences) c.dot(o + w, 2.0f, alpha(kMinkowskiOutline, 0.7f));
  c.text(minkowski_caption_at(box, px), kMinkowskiCaption, kMinkowskiOutline);

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
  // The origin, on top: A - B reaches it exactly when A touches B.
  const float k = 9.0f * px;
  c.line(o - Vec2(k, 0.0f), o + Vec2(k, 0.0f), pal::kOrigin, 2.0f);
  c.line(o - Vec2(0.0f, k), o + Vec2(0.0f, k), pal::kOrigin, 2.0f);
  c.text(o + Vec2(8.0f, 4.0f) * px, kOriginLabel, pal::kOrigin);
  std::vector<std::string> lines = two_lines(gjk_step_text(tr, r, step));
  lines.insert(lines.begin(), strf("GJK/EPA step %d of %d", step + 1, n));
  caption(c, a, b, lines, px);
}

// ---- state ----

void Stepper::clamp(const Counts& counts) {
  sat.step = clamp_step(sat.step, counts.sat);
  swept.step = clamp_step(swept.step, counts.swept);
  gjk.step = clamp_step(gjk.step, counts.gjk);
}

bool Stepper::key(std::int32_t sdl_keycode, const Counts& counts) {
  if (!any_on()) return false;
  int delta = 0;
  if (sdl_keycode == SDLK_n || sdl_keycode == SDLK_RIGHT) delta = 1;
  if (sdl_keycode == SDLK_p || sdl_keycode == SDLK_LEFT) delta = -1;
  if (delta == 0) return false;
  for (StepMode* m : {&sat, &swept, &gjk})
    if (m->on) m->step += delta;
  clamp(counts);
  return true;
}

bool parse_step_flag(std::string_view text, StepAlgo* algo, int* step) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view name = text.substr(0, colon);
  const std::string_view num = text.substr(colon + 1);
  if (name == "sat")
    *algo = StepAlgo::Sat;
  else if (name == "swept")
    *algo = StepAlgo::Swept;
  else if (name == "gjk")
    *algo = StepAlgo::Gjk;
  else
    return false;
  int n = 0;
  const auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), n);
  if (ec != std::errc() || ptr != num.data() + num.size() || n < 1 || n > 1000) return false;
  *step = n - 1;
  return true;
}

}  // namespace hitbox::app::teach
