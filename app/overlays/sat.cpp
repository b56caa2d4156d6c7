#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "overlays/draw_util.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "overlays/sat_lane.h"
#include "sandbox/state.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

// Which SAT axis gets the projection guides: the separating one, else the least overlap.
int sat_featured(const SandboxState& s, const SatTrace& tr) {
  const int stop = s.early_stop();
  if (stop >= 0 && stop < static_cast<int>(tr.axes.size())) return stop;
  return tr.least;
}

std::vector<AxisLane> lanes_of(const SandboxState& s, const SatTrace& tr) {
  return sat_lanes(s.body(s.an.pair.a), s.body(s.an.pair.b), tr, 1.0f / s.cam.zoom);
}

}  // namespace

void draw_sat_lines(const SandboxState& s, Canvas& c) {
  if (!s.an.pair.valid() || !(s.ran_in_view() & kAlgoSat) || s.stepping(kAlgoSat)) return;
  const SatTrace& tr = s.sat_shown();
  const std::vector<AxisLane> lanes = lanes_of(s, tr);
  const float px = 1.0f / s.cam.zoom;
  const float far = kLongLinePx * px;
  const int stop = s.early_stop();
  const int featured = sat_featured(s, tr);
  const Collider& A = s.body(s.an.pair.a);
  const Collider& B = s.body(s.an.pair.b);
  for (std::size_t k = 0; k < tr.axes.size(); ++k) {
    const SatAxis& ax = tr.axes[k];
    const AxisLane& L = lanes[k];
    const float mid = 0.5f * (std::min(ax.a.min, ax.b.min) + std::max(ax.a.max, ax.b.max));
    Color col = pal::kAxisLine;
    float w = 1.0f;
    if (static_cast<int>(k) == tr.least && stop < 0) {
      col = pal::kLeastAxis;
      w = 1.5f;
    }
    if (static_cast<int>(k) == stop) {
      col = pal::kSeparatingAxis;
      w = 2.0f;
    }
    c.line(L.at(mid - far, 0.0f), L.at(mid + far, 0.0f), col, w);
    if (static_cast<int>(k) == featured) {
      // Projection guides from each interval's ends back across the shapes.
      const float ca = dot(A.pos, L.p) - L.c, cb = dot(B.pos, L.p) - L.c;
      const Color ga = alpha(pal::kTraceA, 0.45f), gb = alpha(pal::kTraceB, 0.45f);
      dashed(c, L.at(ax.a.min, -4.0f * px), L.at(ax.a.min, ca), ga, 1.0f, 6.0f, px);
      dashed(c, L.at(ax.a.max, -4.0f * px), L.at(ax.a.max, ca), ga, 1.0f, 6.0f, px);
      dashed(c, L.at(ax.b.min, 4.0f * px), L.at(ax.b.min, cb), gb, 1.0f, 6.0f, px);
      dashed(c, L.at(ax.b.max, 4.0f * px), L.at(ax.b.max, cb), gb, 1.0f, 6.0f, px);
    }
  }
}

void draw_sat(const SandboxState& s, Canvas& c) {
  const SatTrace& tr = s.sat_shown();
  const std::vector<AxisLane> lanes = lanes_of(s, tr);
  const float px = 1.0f / s.cam.zoom;
  const int stop = s.early_stop();
  for (std::size_t k = 0; k < tr.axes.size(); ++k) {
    const SatAxis& ax = tr.axes[k];
    const AxisLane& L = lanes[k];
    const int ki = static_cast<int>(k);
    c.line(L.at(ax.a.min, -4.0f * px), L.at(ax.a.max, -4.0f * px), pal::kTraceA, 6.0f);
    c.line(L.at(ax.b.min, 4.0f * px), L.at(ax.b.max, 4.0f * px), pal::kTraceB, 6.0f);
    // The overlap (or gap) between the intervals, with end ticks and its length.
    const Interval seg = interval_between(ax.a, ax.b);
    const float lo = seg.min;
    const float hi = seg.max;
    const bool overlap = ax.overlap >= 0.0f;
    const Color mc = overlap ? pal::kOverlap : pal::kGap;
    c.line(L.at(lo, -10.0f * px), L.at(lo, 14.0f * px), mc, 1.5f);
    c.line(L.at(hi, -10.0f * px), L.at(hi, 14.0f * px), mc, 1.5f);
    c.line(L.at(lo, 13.0f * px), L.at(hi, 13.0f * px), mc, 3.0f);
    std::string label = strf("#%d %s %.1f", ki + 1, overlap ? "overlap" : "gap",
                             overlap ? ax.overlap : -ax.overlap);
    Color lc = mc;
    if (ki == stop) {
      label += " - separating, early exit stops here";
      lc = pal::kSeparatingAxis;
    } else if (ki == tr.least && stop < 0) {
      label += " - least overlap";
      lc = pal::kLeastAxis;
    }
    // The label sits outside the lane (away from the pair) so it never covers the bars.
    const float mid = 0.5f * (std::min(ax.a.min, ax.b.min) + std::max(ax.a.max, ax.b.max));
    // Stagger along the lane so labels of neighbouring parallel lanes do not stack.
    const float along = 18.0f * static_cast<float>(L.lane) * px;
    label_toward(c, px, L.at(mid + (L.u.y >= 0.0f ? along : -along), 20.0f * px), L.p, label, lc);
  }
}
}  // namespace hitbox::app
