// manifold: the contact normal and points. In the world: the reference face, the incident
// face, the two side planes it was clipped to, each kept point with its separation and each
// dropped one hollow, and the normal; for a circle the centre line to the nearest feature.
// The panel lists the points; step mode walks the clipping. Everything drawn is read from
// the core's result and trace (hitbox/manifold.h).
#include "hitbox/manifold.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "algos/algos.h"
#include "algos/draw.h"
#include "algos/words.h"
#include "hitbox/analysis.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "teach/teach.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

constexpr Color kNone{0.0f, 0.0f, 0.0f, 0.0f};
constexpr Color kReference = pal::kLeastAxis;  // the reference face
constexpr Color kDropped{0.70f, 0.72f, 0.80f, 0.95f};
constexpr float kSidePlanePx = 70.0f;  // each side plane reaches this far on either side
constexpr float kNormalPx = 44.0f;     // the normal arrow's length
constexpr int kFaceSteps = 5;

const char* shape_letter(bool b) {
  return b ? "B" : "A";
}

// A shape's face `i` (from vertex i to the next), or false when the body cannot say (a circle,
// or a concave polygon whose trace is of one of its pieces).
bool face_of(const Collider& body, int i, Vec2& p0, Vec2& p1) {
  if (body.geom == Geom::Circle || has_pieces(body) || i < 0 || i >= body.count || body.count < 2)
    return false;
  p0 = body.v[i];
  p1 = body.v[(i + 1) % body.count];
  return true;
}

// A side plane: the line through `at` along the reference normal, dashed.
void side_plane(Canvas& c, const ManifoldTrace& t, Vec2 at, float px, Color col) {
  const Vec2 d = t.ref_normal * (kSidePlanePx * px);
  dashed(c, at - d, at + d, col, 1.5f, 5.0f, px);
}

Color separation_colour(float sep) {
  if (std::abs(sep) < kTouchingPx) return pal::kTouching;
  return sep < 0.0f ? pal::kOverlap : pal::kGap;
}

std::string separation_label(float sep) {
  return std::abs(sep) < kTouchingPx ? std::string("touching")
                                     : strf("separation %.2f", shown(sep, 2));
}

// A kept contact point: a filled dot, its separation beside it, away from the other point.
void kept_point(Canvas& c, float px, Vec2 p, float sep, Vec2 away) {
  c.dot(p, 5.0f, separation_colour(sep));
  label(c, px, p + away * (8.0f * px), away, separation_label(sep), separation_colour(sep));
}

// A dropped point: a hollow ring, with its separation (above the reference face).
void dropped_point(Canvas& c, float px, Vec2 p, float sep, Vec2 away) {
  c.circle(p, 5.0f * px, kNone, kDropped, 1.5f);
  label(c, px, p + away * (8.0f * px), away, strf("dropped, %.2f above", sep), kDropped);
}

// Which way a point's label goes: along the face, away from the other point.
Vec2 away_of(const ManifoldTrace& t, int k) {
  Vec2 u = t.ref1 - t.ref0;
  const float l = length(u);
  u = l > 0.0f ? u / l : Vec2(1.0f, 0.0f);
  const Vec2 other = t.clip2[1 - k];
  return dot(t.clip2[k] - other, u) >= 0.0f ? u : -u;
}

void normal_arrow(Canvas& c, float px, const Manifold& m) {
  if (!m.hit) return;
  Vec2 at = m.points[0].point;
  if (m.count == 2) at = 0.5f * (m.points[0].point + m.points[1].point);
  const Vec2 tip = at + m.normal * (kNormalPx * px);
  c.arrow(at, tip, pal::kNormal, 2.5f, 10.0f);
  label(c, px, tip + m.normal * (4.0f * px), m.normal, "normal (A to B)", pal::kNormal);
}

// The faces case up to step `upto` (kFaceSteps - 1: everything).
void draw_faces(const SandboxState& s, Canvas& c, int upto) {
  const ManifoldTrace& t = s.cache.an.r.manifold_trace;
  const Manifold& m = s.cache.an.r.manifold;
  const float px = 1.0f / c.camera().zoom;
  if (t.apart) {
    if (upto > 0) return;
    Vec2 p0, p1;
    if (face_of(s.doc.body(s.cache.an.pair.a), t.face_a, p0, p1)) c.line(p0, p1, pal::kGap, 3.0f);
    if (face_of(s.doc.body(s.cache.an.pair.b), t.face_b, p0, p1)) c.line(p0, p1, pal::kGap, 3.0f);
    return;
  }
  const Color inc_col = t.flip ? pal::kTraceA : pal::kTraceB;
  if (upto == 0) {  // both candidate faces, the other one thin
    Vec2 p0, p1;
    const Collider& other = s.doc.body(t.flip ? s.cache.an.pair.a : s.cache.an.pair.b);
    if (face_of(other, t.flip ? t.face_a : t.face_b, p0, p1)) c.line(p0, p1, inc_col, 2.0f);
  }
  c.line(t.ref0, t.ref1, kReference, 4.0f);
  label(c, px, 0.5f * (t.ref0 + t.ref1) - t.ref_normal * (10.0f * px), -t.ref_normal,
        strf("reference: %s's face %d", shape_letter(t.flip), t.reference), kReference);
  if (upto < 1) return;
  c.line(t.inc0, t.inc1, inc_col, 3.5f);
  c.dot(t.inc0, 3.5f, inc_col);
  c.dot(t.inc1, 3.5f, inc_col);
  if (upto == 1)
    label(c, px, 0.5f * (t.inc0 + t.inc1) + t.ref_normal * (10.0f * px), t.ref_normal,
          strf("incident: %s's edge %d", shape_letter(!t.flip), t.incident), inc_col);
  if (upto < 2) return;
  side_plane(c, t, t.ref0, px, alpha(kReference, 0.9f));
  if (upto == 2) {
    for (int k = 0; k < t.clip1_count; ++k) c.dot(t.clip1[k], 4.0f, teach::kStepAxis);
    return;
  }
  side_plane(c, t, t.ref1, px, alpha(kReference, 0.9f));
  if (upto == 3) {
    for (int k = 0; k < t.clip2_count; ++k) c.dot(t.clip2[k], 4.0f, teach::kStepAxis);
    return;
  }
  int kept = 0;
  for (int k = 0; k < t.clip2_count; ++k) {
    const Vec2 away = away_of(t, k);
    if (t.kept[k] && kept < m.count) {
      const ContactPoint& p = m.points[kept++];
      kept_point(c, px, p.point, p.separation, away);
    } else {
      dropped_point(c, px, t.clip2[k], t.clip_separation[k], away);
    }
  }
  normal_arrow(c, px, m);
}

// Rounded cores a face separates: the two best faces with their gap (step 0), then the line
// between the cores' closest points and the one point on it.
void draw_closest(const SandboxState& s, Canvas& c, int upto) {
  const ManifoldTrace& t = s.cache.an.r.manifold_trace;
  const Manifold& m = s.cache.an.r.manifold;
  const float px = 1.0f / c.camera().zoom;
  Vec2 p0, p1;
  if (upto == 0) {
    if (face_of(s.doc.body(s.cache.an.pair.a), t.face_a, p0, p1)) c.line(p0, p1, pal::kGap, 3.0f);
    if (face_of(s.doc.body(s.cache.an.pair.b), t.face_b, p0, p1)) c.line(p0, p1, pal::kGap, 3.0f);
    return;
  }
  dashed(c, t.closest_a, t.closest_b, pal::kNormal, 1.5f, 5.0f, px);
  c.dot(t.closest_a, 3.5f, pal::kTraceA);
  c.dot(t.closest_b, 3.5f, pal::kTraceB);
  if (!m.hit) return;
  const Vec2 side(-m.normal.y, m.normal.x);
  kept_point(c, px, m.points[0].point, m.points[0].separation, side);
  normal_arrow(c, px, m);
}

// A circle against a face or a vertex, or two circles: the nearest face (step 0), then the
// centre line to the nearest feature and the one point.
void draw_circle(const SandboxState& s, Canvas& c, int upto) {
  const ManifoldTrace& t = s.cache.an.r.manifold_trace;
  const Manifold& m = s.cache.an.r.manifold;
  const float px = 1.0f / c.camera().zoom;
  const Collider& a = s.doc.body(s.cache.an.pair.a);
  const Collider& b = s.doc.body(s.cache.an.pair.b);
  if (t.method == ManifoldMethod::Circles) {
    dashed(c, t.centre_a, t.centre_b, pal::kNormal, 1.5f, 5.0f, px);
  } else {
    const bool circle_a = a.geom == Geom::Circle;
    const Vec2 centre = circle_a ? a.pos : b.pos;
    // The face's ends: the trace's when it got that far, else the shape's own.
    Vec2 p0 = t.ref0, p1 = t.ref1;
    const bool ends = !t.apart || face_of(circle_a ? b : a, t.reference, p0, p1);
    if (ends && (upto == 0 || t.method == ManifoldMethod::CircleFace))
      c.line(p0, p1, kReference, 4.0f);
    if (upto == 0) return;
    if (ends && t.method == ManifoldMethod::CircleVertex && t.vertex >= 0) {
      const Vec2 v = t.vertex == t.reference ? p0 : p1;
      c.dot(v, 5.0f, kReference);
      dashed(c, v, centre, pal::kNormal, 1.5f, 5.0f, px);
    } else if (m.hit) {
      dashed(c, centre, m.points[0].point, pal::kNormal, 1.5f, 5.0f, px);
    }
  }
  if (!m.hit) return;
  const Vec2 side(-m.normal.y, m.normal.x);
  kept_point(c, px, m.points[0].point, m.points[0].separation, side);
  normal_arrow(c, px, m);
}

// The drawing for the method the core took, up to step `upto`.
void draw_upto(const SandboxState& s, Canvas& c, int upto) {
  switch (s.cache.an.r.manifold_trace.method) {
    case ManifoldMethod::Faces:
    case ManifoldMethod::ClippedFaces:
      draw_faces(s, c, upto);
      return;
    case ManifoldMethod::ClosestFeatures:
      draw_closest(s, c, std::min(upto, 1));
      return;
    case ManifoldMethod::CircleFace:
    case ManifoldMethod::CircleVertex:
    case ManifoldMethod::Circles:
      draw_circle(s, c, std::min(upto, 1));
      return;
    case ManifoldMethod::Unsupported:
      return;
  }
}

void draw(const SandboxState& s, Canvas& c) {
  if (s.stepping(kAlgoManifold)) return;
  draw_upto(s, c, kFaceSteps - 1);
}

// ---- step mode ----

int step_count(const ManifoldTrace& t) {
  switch (t.method) {
    case ManifoldMethod::Faces:
      return t.apart ? 1 : kFaceSteps;
    case ManifoldMethod::ClippedFaces:
      return kFaceSteps;
    case ManifoldMethod::ClosestFeatures:
      return t.apart ? 1 : 2;
    case ManifoldMethod::CircleFace:
    case ManifoldMethod::CircleVertex:
      return 2;
    case ManifoldMethod::Circles:
      return 1;
    case ManifoldMethod::Unsupported:
      return 0;
  }
  return 0;
}

std::string face_step_text(const ManifoldTrace& t, const Manifold& m, int step) {
  switch (step) {
    case 0: {
      const std::string both = strf("A's best face %d: %s; B's best face %d: %s", t.face_a,
                                    contact_words(-t.separation_a, 1).c_str(), t.face_b,
                                    contact_words(-t.separation_b, 1).c_str());
      if (t.apart) return "Reference face: " + both + ". A face with a gap separates them: apart.";
      if (t.method == ManifoldMethod::ClippedFaces)
        return "Reference face: " + both +
               strf(
                   ". A face separates the rounded cores; clipped as faces, %s's the "
                   "reference, both points stand by Box2D v3's rule for two points.",
                   shape_letter(t.flip));
      return "Reference face: " + both +
             strf(". The reference is %s's (A's unless B's is greater by %.2f).",
                  shape_letter(t.flip), static_cast<double>(kManifoldFaceTolerance));
    }
    case 1:
      return strf(
          "Incident face: %s's edge %d, the one facing most against the reference normal "
          "(%.2f, %.2f).",
          shape_letter(!t.flip), t.incident, shown(t.ref_normal.x, 2), shown(t.ref_normal.y, 2));
    case 2:
      if (t.clip1_count < 2)
        return "First side plane: clipping the incident face to the plane through the "
               "reference face's first end leaves it beside the face: no contact.";
      return "First side plane: the incident face is cut where it crosses the plane through the "
             "reference face's first end; two points remain.";
    case 3:
      if (t.clip2_count < 2)
        return "Second side plane: nothing of the incident face lies between the two planes: no "
               "contact.";
      return "Second side plane: cut again at the plane through the other end; two points lie "
             "between the planes.";
    default: {
      if (t.clip2_count < 2) return "Keep the points below the face: there are none: no contact.";
      std::string s = "Keep the points at or below the reference face:";
      for (int k = 0; k < 2; ++k)
        s += strf(" point %d %s (%s)%s", k + 1, contact_words(-t.clip_separation[k], 1).c_str(),
                  t.kept[k] ? "kept" : "dropped", k == 0 ? ";" : ".");
      s += m.count == 1 ? " One contact point." : strf(" %d contact points.", m.count);
      return s;
    }
  }
}

std::string step_text(const ManifoldTrace& t, const Manifold& m, int step) {
  const int n = step_count(t);
  if (n == 0) return "A point has no surface to press on: manifold does not answer.";
  step = teach::clamp_step(step, n);
  switch (t.method) {
    case ManifoldMethod::Faces:
    case ManifoldMethod::ClippedFaces:
      return face_step_text(t, m, step);
    case ManifoldMethod::ClosestFeatures:
      if (step == 0)
        return strf(
                   "A face separates the rounded cores (A's best face %d: %s; B's best face "
                   "%d: %s): their closest features decide.",
                   t.face_a, contact_words(-t.separation_a, 1).c_str(), t.face_b,
                   contact_words(-t.separation_b, 1).c_str()) +
               (t.apart ? " The cores are farther apart than the radii: apart." : "");
      return m.hit ? "Closest features: the clipped faces do not keep two points by Box2D "
                     "v3's rule, so one point on the line between the cores' closest points, "
                     "midway between the surfaces, " +
                         contact_words(-m.points[0].separation, 1) + "."
                   : "Closest features: the cores are farther apart than the radii: apart.";
    case ManifoldMethod::Circles:
      return m.hit ? "The centre line: the circles are closer than their radii; one point "
                     "midway between the surfaces, " +
                         contact_words(-m.points[0].separation, 1) + "."
                   : "The centre line: the centres are farther apart than the radii: apart.";
    default:
      break;
  }
  if (step == 0) {
    const std::string head = strf("Nearest face: the shape's face %d, the centre %s from it",
                                  t.reference, contact_words(-t.separation_a, 1).c_str());
    return head + (t.apart && t.method == ManifoldMethod::CircleFace
                       ? "; more than the radius: apart."
                       : "; the centre's side of its ends decides the feature.");
  }
  if (t.method == ManifoldMethod::CircleVertex)
    return m.hit ? strf(
                       "The centre lies beyond the face's end: vertex %d is nearest, the normal "
                       "runs from it to the centre; one point, %s.",
                       t.vertex, contact_words(-m.points[0].separation, 1).c_str())
                 : strf(
                       "The centre lies beyond the face's end, farther from vertex %d than the "
                       "radius: apart.",
                       t.vertex);
  return strf("The centre lies over the face: the normal is the face's; one point, %s.",
              m.hit ? contact_words(-m.points[0].separation, 1).c_str() : "apart");
}

int count_of(const SandboxState& s) {
  return step_count(s.cache.an.r.manifold_trace);
}

void draw_step(const SandboxState& s, Canvas& c) {
  const ManifoldTrace& t = s.cache.an.r.manifold_trace;
  const int n = step_count(t);
  if (n == 0) return;
  const int step = teach::clamp_step(s.stepper.mode(kAlgoManifold).step, n);
  draw_upto(s, c, step);
  teach::step_caption(c, s.doc.body(s.cache.an.pair.a), s.doc.body(s.cache.an.pair.b),
                      strf("Manifold step %d of %d", step + 1, n),
                      step_text(t, s.cache.an.r.manifold, step), 1.0f / c.camera().zoom);
}

constexpr AlgoSteps kSteps{count_of, draw_step, nullptr};

// ---- the panel ----

// "A's face 2, B's vertex 0" from a contact id (hitbox::contact_id's bits).
std::string id_words(int id) {
  const auto feature = [](int type, int index) {
    return strf("%s %d", type == static_cast<int>(FeatureType::Face) ? "face" : "vertex", index);
  };
  return "A's " + feature((id >> 16) & 0xff, id & 0xff) + ", B's " +
         feature((id >> 24) & 0xff, (id >> 8) & 0xff);
}

void section(SandboxState& s) {
  const ManifoldTrace& t = s.cache.an.r.manifold_trace;
  const Manifold& m = s.cache.an.r.manifold;
  teach::StepMode& mode = s.stepper.mode(kAlgoManifold);
  teach::step_controls("manifold_step", mode, step_count(t), step_text(t, m, mode.step),
                       "Steps choose the reference face, find the incident face, clip it to the "
                       "two side planes and keep the points below the face; for rounded cores "
                       "apart, the closest features.");
  ImGui::TextDisabled("method: %s", manifold_method_name(t.method));
  if (!m.hit) {
    ImGui::TextDisabled("Apart: no contact points.");
    return;
  }
  flow_text("normal (%.3f, %.3f), from A toward B", shown(m.normal.x, 3), shown(m.normal.y, 3));
  for (int k = 0; k < m.count; ++k) {
    const ContactPoint& p = m.points[k];
    ImGui::TextColored(to_v4(separation_colour(p.separation)), "point %d (%.1f, %.1f): %s", k + 1,
                       shown(p.point.x, 1), shown(p.point.y, 1),
                       separation_label(p.separation).c_str());
    ImGui::TextDisabled("  id %d: %s", p.id, id_words(p.id).c_str());
  }
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  return manifold(a, b).hit;
}

}  // namespace

extern const AlgoModule manifold_module;
const AlgoModule manifold_module{
    .bit = kAlgoManifold,
    .name = "manifold",
    .traced = true,
    .exactness = Exactness::Approximate,
    .draw = draw,
    .section = section,
    .steps = &kSteps,
    .query = query,
};

}  // namespace hitbox::app
