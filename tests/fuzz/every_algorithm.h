// What the fuzzers run on two posed shapes: every algorithm, untraced and traced, and the
// pixel test when both masks stay small. For any input: no crash, no sanitizer report. For
// shapes a scene can hold (`accepted`: shape_problem passes, as the loader and the window's
// editors require): a traced call gives the same verdict as the untraced one, mtd agrees
// with sat, the time of impact lies in [0, 1], and every answer is finite. Shapes no scene
// can hold (a negative radius, a scale of 0 or -260, vertices near the float limit) are only
// held to the first promise: the fast lane paths and the scalar scan may round such inputs
// apart.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "hitbox/circle_rect.h"
#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/mask.h"
#include "hitbox/shape.h"

namespace hitbox::fuzz {

// A broken promise: print it and abort, so libFuzzer keeps the input as a crash.
[[noreturn]] inline void broken(const char* what) {
  std::fprintf(stderr, "fuzz: %s\n", what);
  std::abort();
}

inline bool finite_body(const Collider& b) {
  return std::isfinite(b.bounds.min.x) && std::isfinite(b.bounds.min.y) &&
         std::isfinite(b.bounds.max.x) && std::isfinite(b.bounds.max.y) && std::isfinite(b.vel.x) &&
         std::isfinite(b.vel.y);
}

// Every algorithm on (a, b). `pixel_accuracy` 0 leaves the pixel test out. `accepted`: both
// shapes passed shape_problem (hitbox/limits.h), so every answer must be a finite number.
inline void every_algorithm(const Collider& a, const Collider& b, float pixel_accuracy,
                            bool accepted = false) {
  const bool finite = finite_body(a) && finite_body(b);
  const bool check = accepted && finite;
  (void)aabb(a, b);
  (void)bounding_circle(a, b);

  SatTrace st;
  const SatResult s0 = sat(a, b);
  const SatResult s1 = sat(a, b, &st);
  const SatResult s2 = sat(a, b, nullptr, /*early_exit=*/false);
  if (check && (s0.hit != s1.hit || s0.hit != s2.hit)) broken("sat: traced and untraced differ");

  SatTrace mt;
  const MtdResult m0 = mtd(a, b);
  const MtdResult m1 = mtd(a, b, &mt);
  if (check && m0.hit != m1.hit) broken("mtd: traced and untraced differ");
  if (check && m0.hit != s0.hit) broken("mtd and sat disagree on overlap");

  SweptTrace wt;
  const SweptResult w0 = swept(a, b);
  const SweptResult w1 = swept(a, b, &wt);
  if (check && w0.hit != w1.hit) broken("swept: traced and untraced differ");
  if (check && w0.hit && !(w0.toi >= 0.0f && w0.toi <= 1.0f)) broken("swept: toi outside [0, 1]");
  if (check && (w0.toi != w1.toi || w0.gave_up != w1.gave_up)) broken("swept: traced toi differs");
  if (check && w0.hit && !std::isfinite(swept_point(a, b, w0).x)) broken("swept: no point");
  SweptTrace lt;
  const SweptResult l0 = swept_linear(a, b);
  const SweptResult l1 = swept_linear(a, b, &lt);
  if (check && l0.hit != l1.hit) broken("swept_linear: traced and untraced differ");
  if (check && !turns(a) && !turns(b) && (l0.hit != w0.hit || l0.toi != w0.toi)) {
    broken("swept_linear and swept differ without spin");
  }

  if (accepted) {
    if (!std::isfinite(s0.overlap) || !std::isfinite(s0.axis.x) || !std::isfinite(s0.axis.y)) {
      broken("sat: a non-finite answer for accepted shapes");
    }
    if (!std::isfinite(m0.depth) || !std::isfinite(m0.vector.x) || !std::isfinite(m0.vector.y)) {
      broken("mtd: a non-finite answer for accepted shapes");
    }
    if (w0.hit && (!std::isfinite(w0.normal.x) || !std::isfinite(w0.normal.y))) {
      broken("swept: a non-finite normal for accepted shapes");
    }
  }

  GjkTrace gt;
  const GjkResult g0 = gjk(a, b);
  if (accepted && (!std::isfinite(g0.distance) || !std::isfinite(g0.depth))) {
    broken("gjk: a non-finite answer for accepted shapes");
  }
  (void)gjk(a, b, &gt);
  (void)gjk_noise(a, b);

  if (circle_rect_supports(a, b)) {
    CircleRectTrace qt;
    (void)quadrant(a, b);
    (void)quadrant(a, b, &qt);
    (void)circle_as_square(a, b);
    (void)circle_as_square(a, b, &qt);
  }

  // The pixel test, as `query` and the window run it: only for masks of bounded size (they
  // refuse larger ones with a named error before building).
  if (pixel_accuracy > 0.0f && finite && mask_cells(a, pixel_accuracy) < 1e6 &&
      mask_cells(b, pixel_accuracy) < 1e6) {
    Mask ma, mb;
    const auto build = [&](const Collider& body, Mask& m) {
      if (body.sprite) {
        build_sprite_mask(body, *body.sprite, body.alpha_threshold, body.scale, pixel_accuracy, m);
      } else {
        build_mask(body, pixel_accuracy, m);
      }
    };
    build(a, ma);
    build(b, mb);
    const PixelResult p0 = pixel_overlap(ma, mb, false);
    const PixelResult p1 = pixel_overlap(ma, mb, true);
    if (p0.hit != p1.hit || p1.hit != (p1.count > 0)) broken("pixel: test and count disagree");
    std::vector<CellRun> runs;
    overlap_runs(ma, mb, runs);
    long long cells = 0;
    for (const CellRun& r : runs) cells += r.x1 - r.x0;
    if (cells != p1.count) broken("pixel: overlap_runs and the count disagree");
  }
}

}  // namespace hitbox::fuzz
