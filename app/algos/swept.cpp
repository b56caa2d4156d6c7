// swept: ghosts of the pair at t = 0, 1, the scrubbed t and the impact, the relative
// velocity; the panel's times and records; step mode over the trace's records.
#include "algos/swept.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "algos/algos.h"
#include "algos/draw.h"
#include "algos/words.h"
#include "hitbox/concave.h"
#include "hitbox/report.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr LaneLook kStepLook{5.0f, 7.0f, 0.0f, 0.0f, 0.0f, 0.0f};  // bars only
constexpr Color kNone{0.0f, 0.0f, 0.0f, 0.0f};

}  // namespace

// A and B moved (and turned) to time t of the step. A shape that does not move has no ghosts
// (they would all sit on the shape itself).
void draw_ghost_pair(const SandboxState& s, Canvas& c, float t, Color col, const std::string& tag,
                     float width, bool tag_below, bool slide) {
  const float px = 1.0f / s.cam.zoom;
  for (int which = 0; which < 2; ++which) {
    const int i = which == 0 ? s.cache.an.pair.a : s.cache.an.pair.b;
    const bool turning = !slide && turns(s.doc.body(i));
    if (length(s.doc.body(i).vel) * s.cam.zoom < 0.5f && !turning) continue;
    Shape moved = s.doc.shape(i);
    moved.pos += moved.vel * static_cast<double>(t);
    if (turning) moved.angle += moved.spin * static_cast<double>(t);
    const Posed g(moved);
    if (moved.kind == Kind::Sprite) draw_sprite(c, moved, Color{1.0f, 1.0f, 1.0f, 0.0f}, 0.3f);
    draw_body(c, g.collider(), alpha(col, 0.06f), col, width);
    c.dot(g.collider().pos, 2.5f, col);
    if (!tag.empty()) {
      const Aabb& bb = g.collider().bounds;
      const std::string text = std::string(which == 0 ? "A " : "B ") + tag;
      if (tag_below)
        c.text(Vec2(bb.min.x, bb.max.y + 2.0f * px), text, col);
      else  // right-aligned over the ghost, clear of the shape's id label on the left
        label(c, px, Vec2(bb.max.x, bb.min.y - 18.0f * px), Vec2(-1.0f, -1.0f), text, col);
    }
  }
}

namespace {

void draw(const SandboxState& s, Canvas& c) {
  const Collider& A = s.doc.body(s.cache.an.pair.a);
  const Collider& B = s.doc.body(s.cache.an.pair.b);
  const float px = 1.0f / s.cam.zoom;
  const SweptResult& r = s.cache.an.r.swept;
  const SweptTrace& tr = s.cache.an.r.swept_trace;
  // The relative-velocity axis through A: the line A travels along as seen from B.
  const float rl = length(tr.rel_vel);
  if (rl > 0.0f) {
    const Vec2 u = tr.rel_vel / rl;
    const float far = kLongLinePx * px;
    dashed(c, A.pos - u * far, A.pos + u * far, alpha(pal::kRelVel, 0.4f), 1.0f, 8.0f, px);
    // Label ahead of where A ends the step, just above the line.
    label(c, px, A.pos + tr.rel_vel + u * (A.bound + 14.0f * px) + Vec2(0.0f, -10.0f * px), u,
          "v_rel axis", alpha(pal::kRelVel, 0.9f));
    if (length(B.vel) * s.cam.zoom >= 0.5f)
      c.arrow(A.pos, A.pos + tr.rel_vel, pal::kRelVel, 2.0f, 10.0f);
  }
  draw_ghost_pair(s, c, 0.0f, pal::kGhostStart, "", 1.0f);
  draw_ghost_pair(s, c, 1.0f, pal::kGhostEnd, "t=1", 1.0f, true);
  draw_ghost_pair(s, c, s.scrub_t, pal::kGhostScrub, "", 1.5f);
  if (r.hit) {
    draw_ghost_pair(s, c, r.toi, pal::kGhostImpact,
                    r.initially_overlapping ? "overlap at t=0" : strf("impact t=%.3f", r.toi),
                    2.0f);
    if (length(r.normal) > 0.0f) {
      // From B's centre at impact toward A (for a circle B it ends at the contact).
      const Vec2 base = B.pos + B.vel * r.toi;
      const float len = std::min(48.0f * px, 0.9f * B.bound);
      c.arrow(base, base + r.normal * len, pal::kNormal, 2.5f, 9.0f);
      label(c, px, base - r.normal * (8.0f * px), -r.normal, "normal", pal::kNormal);
    }
    c.dot(s.cache.an.r.swept_point, 4.0f, pal::kGhostImpact);
  }
  // Velocities over the step, on top of the ghosts.
  if (length(A.vel) * s.cam.zoom >= 0.5f) c.arrow(A.pos, A.pos + A.vel, pal::kTraceA, 2.0f, 9.0f);
  if (length(B.vel) * s.cam.zoom >= 0.5f) c.arrow(B.pos, B.pos + B.vel, pal::kTraceB, 2.0f, 9.0f);
  const int mover = length(A.vel) >= length(B.vel) ? s.cache.an.pair.a : s.cache.an.pair.b;
  if (length(s.doc.body(mover).vel) * s.cam.zoom >= 0.5f) {
    const Collider& m = s.doc.body(mover);
    const Vec2 at = m.pos + m.vel * s.scrub_t;
    c.text(Vec2(at.x - 16.0f * px, at.y + m.bound + 4.0f * px), strf("t=%.2f", s.scrub_t),
           pal::kGhostScrub);
  }
}

// ---- step mode ----

std::string verdict_words(const SweptTrace& tr, const SweptResult& r) {
  if (r.initially_overlapping) return " They already overlap at t = 0: impact at t = 0.";
  if (r.hit) return strf(" Impact at t = %.3f.", r.toi);
  switch (tr.miss) {
    case SweptMiss::Disjoint:
      return " Entry comes after exit: they never overlap on all axes at once, a miss.";
    case SweptMiss::Before:
      return " They stopped overlapping before t = 0: a miss.";
    case SweptMiss::After:
      return " They would meet only after t = 1: no impact this step.";
    case SweptMiss::Receding:
      return " No point can approach the other shape any more: no impact this step.";
    case SweptMiss::GaveUp:
      return strf(" Out of advances (%d) at t = %.3f: no contact before it, the rest unknown.",
                  kSweptMaxAdvances, r.toi);
    case SweptMiss::NotReached:
    case SweptMiss::None:
      break;
  }
  return " Nothing is reached by t = 1: no impact this step.";
}

const Collider& polygon_of(const Collider& a, const Collider& b) {
  return a.geom == Geom::Circle ? b : a;
}
const Collider& circle_of(const Collider& a, const Collider& b) {
  return a.geom == Geom::Circle ? a : b;
}

int step_count(const SandboxState& s) {
  return teach::swept_step_count(s.cache.an.r.swept_trace);
}

void draw_step(const SandboxState& s, Canvas& c) {
  const SweptTrace& tr = s.cache.an.r.swept_trace;
  const SweptResult& r = s.cache.an.r.swept;
  const Collider& a = s.doc.body(s.cache.an.pair.a);
  const Collider& b = s.doc.body(s.cache.an.pair.b);
  const int n = teach::swept_step_count(tr);
  const int step = teach::clamp_step(s.stepper.mode(kAlgoSwept).step, n);
  const float px = 1.0f / c.camera().zoom;
  const std::string title = strf("swept step %d of %d", step + 1, n);
  const std::string sentence = teach::swept_step_text(tr, r, step);
  const Color axis = teach::kStepAxis;
  if (tr.method == SweptMethod::ConservativeAdvancement && !tr.advances.empty()) {
    // The pair posed at this advance's time, and the closest points the distance is between.
    const SweptAdvance& ad = tr.advances[static_cast<std::size_t>(step)];
    draw_ghost_pair(s, c, ad.t, pal::kGhostScrub, strf("t=%.3f", ad.t), 2.0f);
    c.line(ad.point_a, ad.point_b, axis, 2.5f);
    c.dot(ad.point_a, 3.5f, pal::kTraceA);
    c.dot(ad.point_b, 3.5f, pal::kTraceB);
    label(c, px, (ad.point_a + ad.point_b) * 0.5f, ad.normal, strf("d = %.1f", ad.distance), axis);
    teach::step_caption(c, a, b, title, sentence, px);
    return;
  }
  if (tr.method == SweptMethod::Quadratic) {
    // A's centre relative to B travels p + t v_rel; contact when it reaches the circle of
    // radius rA + rB about B's centre.
    c.circle(b.pos, a.radius + b.radius, kNone, axis, 2.0f);
    c.arrow(a.pos, a.pos + tr.rel_vel, axis, 2.0f, 10.0f);
    if (r.hit) c.dot(a.pos + tr.rel_vel * r.toi, 5.0f, pal::kGhostImpact);
    c.text(b.pos + Vec2(0.0f, a.radius + b.radius + 4.0f * px), "rA + rB about B", axis);
    teach::step_caption(c, a, b, title, sentence, px);
    return;
  }
  if (tr.steps.empty()) {
    teach::step_caption(c, a, b, title, sentence, px);
    return;
  }
  const SweptStep& st = tr.steps[static_cast<std::size_t>(step)];
  if (tr.method == SweptMethod::RoundedPolygon) {
    const Collider& poly = polygon_of(a, b);
    const Collider& circ = circle_of(a, b);
    const int i = st.feature;
    const float grown = circ.radius + poly.radius;  // a capsule's core grows by both radii
    if (st.source == AxisSource::CircleVertex) {
      if (i >= 0 && i < poly.count) c.circle(poly.v[i], grown, kNone, axis, 2.0f);
    } else if (i >= 0 && i < poly.count) {
      const Vec2 v0 = poly.v[i], v1 = poly.v[(i + 1) % poly.count];
      c.line(v0, v1, axis, 4.0f);
      const Vec2 off = poly.n[i] * grown;
      dashed(c, v0 + off, v1 + off, axis, 2.0f, 6.0f, px);
    }
    // The circle's centre path relative to the polygon, and where it is at this feature's time.
    const Vec2 u = circ.vel - poly.vel;
    dashed(c, circ.pos, circ.pos + u, alpha(axis, 0.8f), 1.5f, 5.0f, px);
    if (st.t_enter <= 1.0f && st.t_enter >= 0.0f)
      c.circle(circ.pos + u * st.t_enter, circ.radius, kNone, pal::kGhostImpact, 1.5f);
    teach::step_caption(c, a, b, title, sentence, px);
    return;
  }
  if (tr.method == SweptMethod::RoundedDifference) {
    // The features are the cores' difference's, not either shape's: A's path relative to B and
    // where A is at this feature's time.
    dashed(c, a.pos, a.pos + tr.rel_vel, alpha(axis, 0.8f), 1.5f, 5.0f, px);
    if (st.t_enter <= 1.0f && st.t_enter >= 0.0f)
      c.dot(a.pos + tr.rel_vel * st.t_enter, 5.0f, pal::kGhostImpact);
    teach::step_caption(c, a, b, title, sentence, px);
    return;
  }
  // Slabs: this axis's intervals at t = 0, and A's interval at the entry and exit times.
  const AxisLane L = sat_lane(a, b, st.axis, px);
  draw_lane_line(c, L, st.a, st.b, px, axis, 2.0f);
  draw_lane_bars(c, L, st.a, st.b, px, kStepLook);
  for (const auto& [t, col] :
       {std::pair{st.t_enter, pal::kGhostImpact}, std::pair{st.t_exit, pal::kGhostEnd}}) {
    if (!std::isfinite(t)) continue;
    const float shift = st.speed * t;
    c.line(L.at(st.a.min + shift, -14.0f * px), L.at(st.a.max + shift, -14.0f * px), col, 3.0f);
  }
  teach::step_caption(c, a, b, title, sentence, px);
}

constexpr AlgoSteps kSteps{step_count, draw_step, nullptr};

// ---- the panel ----

void section(SandboxState& s) {
  teach::step_controls("swept_step", s.stepper.mode(kAlgoSwept),
                       teach::swept_step_count(s.cache.an.r.swept_trace),
                       teach::swept_step_text(s.cache.an.r.swept_trace, s.cache.an.r.swept,
                                              s.stepper.mode(kAlgoSwept).step),
                       "Steps walk the trace's records in order, with the running times.");
  const SweptResult& r = s.cache.an.r.swept;
  const SweptTrace& tr = s.cache.an.r.swept_trace;
  flow_text("method: %s   v_rel = (%.1f, %.1f)", swept_method_name(tr.method), tr.rel_vel.x,
            tr.rel_vel.y);
  flow_text("enters at %s, leaves at %s", time_words(tr.t_enter).c_str(),
            time_words(tr.t_exit).c_str());
  if (r.initially_overlapping)
    flow_text_coloured(to_v4(pal::kOverlap), "Overlapping at t = 0 (MTD depth %.2f).", r.mtd.depth);
  else if (r.hit)
    flow_text_coloured(to_v4(pal::kOverlap), "Impact at t = %.3f, normal (%.3f, %.3f).", r.toi,
                       shown(r.normal.x, 3), shown(r.normal.y, 3));
  else
    flow_text_coloured(to_v4(pal::kGap), "No impact during the step.");
  fit_next_item("t (yellow ghosts)", ImGui::CalcItemWidth());
  ImGui::SliderFloat("t (yellow ghosts)", &s.scrub_t, 0.0f, 1.0f, "%.2f",
                     ImGuiSliderFlags_AlwaysClamp);
  if (tr.method == SweptMethod::Quadratic)
    flow_text("%.2f t^2 + %.2f t + %.2f = 0", tr.qa, tr.qb, tr.qc);
  if (!tr.advances.empty() && ImGui::TreeNode("advances", "%zu advances", tr.advances.size())) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
    ImGui::PushTextWrapPos(-1.0f);
    if (ImGui::BeginTable("swept_advances", 4, flags)) {
      ImGui::TableSetupColumn("#");
      ImGui::TableSetupColumn("t");
      ImGui::TableSetupColumn("distance");
      ImGui::TableSetupColumn("bound");
      ImGui::TableHeadersRow();
      for (std::size_t k = 0; k < tr.advances.size(); ++k) {
        const SweptAdvance& ad = tr.advances[k];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", k + 1);
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", ad.t);
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", ad.distance);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", ad.bound);
      }
      ImGui::EndTable();
    }
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  if (!tr.steps.empty() && ImGui::TreeNode("steps", "%zu steps", tr.steps.size())) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
    ImGui::PushTextWrapPos(-1.0f);  // the columns fit their text
    if (ImGui::BeginTable("swept_steps", 4, flags)) {
      ImGui::TableSetupColumn("#");
      ImGui::TableSetupColumn("axis from");
      ImGui::TableSetupColumn("t enter");
      ImGui::TableSetupColumn("t exit");
      ImGui::TableHeadersRow();
      for (std::size_t k = 0; k < tr.steps.size(); ++k) {
        const SweptStep& st = tr.steps[k];
        const bool entry = static_cast<int>(k) == tr.entry_step;
        const ImVec4 col =
            entry ? to_v4(pal::kGhostImpact) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%zu", k + 1);
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%s %d", axis_source_name(st.source), st.feature);
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%s", time_words(st.t_enter).c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(col, "%s%s", time_words(st.t_exit).c_str(), entry ? "  <- impact" : "");
      }
      ImGui::EndTable();
    }
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  PiecePair which;
  return has_pieces(a) || has_pieces(b) ? swept_pieces(a, b, nullptr, &which).hit : swept(a, b).hit;
}

}  // namespace

// ---- step sentences (swept.h) ----

int teach::swept_step_count(const SweptTrace& tr) {
  // The quadratic records no steps, and an overlap at t = 0 may stop before any: one step
  // then states the answer.
  if (tr.method == SweptMethod::ConservativeAdvancement)
    return std::max(1, static_cast<int>(tr.advances.size()));
  return std::max(1, static_cast<int>(tr.steps.size()));
}

teach::SweptRunning teach::swept_running(const SweptTrace& tr, int step) {
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

std::string teach::swept_step_text(const SweptTrace& tr, const SweptResult& r, int step) {
  const int n = swept_step_count(tr);
  step = clamp_step(step, n);
  const bool last = step == n - 1;
  const SweptRunning run = swept_running(tr, step);
  if (tr.method == SweptMethod::Quadratic) {
    return strf("Circles: |d + t v| = rA + rB gives %.1f t^2 + %.1f t + %.1f = 0.", tr.qa, tr.qb,
                tr.qc) +
           verdict_words(tr, r);
  }
  if (tr.method == SweptMethod::ConservativeAdvancement) {
    if (tr.advances.empty()) return "Nothing to advance." + verdict_words(tr, r);
    const SweptAdvance& ad = tr.advances[static_cast<std::size_t>(step)];
    std::string text =
        strf("Advance %d: at t = %.3f the shapes are %.2f px apart. ", step + 1, ad.t, ad.distance);
    if (ad.distance <= kSweptTolerance)
      text += strf("That is within %.2f px: they touch.", kSweptTolerance);
    else if (ad.bound <= 0.0f)
      text += "Along the gap no point can approach any more.";
    else
      text += strf(
          "No point closes the gap faster than %.1f px per step, so they cannot touch "
          "before t = %.3f.",
          ad.bound, ad.t + (ad.distance - kSweptTarget) / ad.bound);
    if (last) text += verdict_words(tr, r);
    return text;
  }
  if (tr.steps.empty()) return "No features to test." + verdict_words(tr, r);
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
  } else if (tr.method == SweptMethod::RoundedDifference) {
    // A capsule: the ray of A's motion relative to B against the cores' difference B - A.
    if (s.source == AxisSource::CircleVertex)
      text = strf("Vertex %d of the cores' difference B - A (a disc of rA + rB): ", s.feature);
    else
      text = strf("Edge %d of the cores' difference B - A pushed out by rA + rB: ", s.feature);
    text += s.t_enter == kInf ? std::string("A's relative path misses it.")
                              : "A's relative path reaches it at " + time_words(s.t_enter) + ".";
    text += run.enter == kInf ? std::string(" Earliest so far: none yet.")
                              : " Earliest so far: " + time_words(run.enter) + ".";
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
  if (last) text += verdict_words(tr, r);
  return text;
}

extern const AlgoModule swept_module;
const AlgoModule swept_module{
    .bit = kAlgoSwept,
    .name = "swept",
    .colour_rank = 6,
    .traced = true,
    .exactness = Exactness::OverTheStep,
    .draw = draw,
    .section = section,
    .steps = &kSteps,
    .query = query,
};

}  // namespace hitbox::app
