// The algorithms through a concave polygon's convex pieces (concave.h).
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "collide_axes.h"
#include "hitbox/concave.h"

namespace hitbox {

using namespace collide_detail;  // NOLINT: the algorithms' own internal helpers

namespace {

std::span<const Collider> parts(const Collider& b) {
  if (has_pieces(b)) return {b.pieces, static_cast<std::size_t>(b.piece_count)};
  return {&b, 1};
}

void name(PiecePair* which, std::size_t i, std::size_t j) {
  if (which) *which = PiecePair{static_cast<int>(i), static_cast<int>(j)};
}

struct Range {
  float lo = -kInf;
  float hi = kInf;
  bool empty() const { return !(lo <= hi); }
};

// The line x(t) = p + t u against the half-plane dot(n, x) <= d: cut the range.
void cut(Range& r, Vec2 n, float d, Vec2 p, Vec2 u) {
  const float s = dot(n, u);
  const float g = d - dot(n, p);  // >= 0: p inside
  if (s == 0.0f) {
    if (g < 0.0f) r = Range{kInf, -kInf};
    return;
  }
  const float t = g / s;
  if (s > 0.0f) {
    r.hi = std::min(r.hi, t);
  } else {
    r.lo = std::max(r.lo, t);
  }
}

// Where along the push t * n (applied to A) two convex shapes overlap (closed), as a range
// of t (empty when never). Polygon pairs: the slabs on both shapes' axes (exact: they hold
// every edge normal of the Minkowski difference). Circle against polygon: the centre's line
// against the polygon grown by r, as the union of the polygon, the discs at its vertices and
// the edges' outward bands (each convex; their union is convex, so the range runs from the
// first entry to the last exit).
Range rounded_range(Vec2 p, Vec2 u, float rad, const Collider& poly);

Range overlap_range(const Collider& a, const Collider& b, Vec2 n) {
  const bool ca = a.geom == Geom::Circle, cb = b.geom == Geom::Circle;
  if (is_capsule(a) || is_capsule(b)) {
    // A's core pushed by t n comes within rA + rB of B's core: the origin's line t n against
    // the cores' difference grown by the radii.
    const CoreDifference d(a, b);
    return rounded_range(Vec2(0.0f), n, a.radius + b.radius, d.shape);
  }
  if (!ca && !cb) {
    Range r;
    auto slab = [&](Vec2 axis) {
      const Interval ia = project(a, axis), ib = project(b, axis);
      const float s = dot(n, axis);
      if (s == 0.0f) {
        if (interval_overlap(ia, ib) < 0.0f) r = Range{kInf, -kInf};
        return;
      }
      float t0 = (ib.min - ia.max) / s, t1 = (ib.max - ia.min) / s;
      if (t0 > t1) std::swap(t0, t1);
      r.lo = std::max(r.lo, t0);
      r.hi = std::min(r.hi, t1);
    };
    for (int k = 0; k < a.axis_count; ++k) slab(a.axes[k]);
    for (int k = 0; k < b.axis_count; ++k) slab(b.axes[k]);
    return r;
  }
  const Collider& circle = ca ? a : b;
  const Collider& poly = ca ? b : a;
  // The centre's motion relative to the polygon.
  return rounded_range(circle.pos, ca ? n : -n, circle.radius, poly);
}

// The range of t for which p + t u lies in `poly` grown by rad.
Range rounded_range(Vec2 p, Vec2 u, float rad, const Collider& poly) {
  Range total{kInf, -kInf};
  auto take = [&](const Range& r) {
    if (r.empty()) return;
    total.lo = std::min(total.lo, r.lo);
    total.hi = std::max(total.hi, r.hi);
  };
  Range inside;  // the polygon itself
  for (int i = 0; i < poly.count; ++i) cut(inside, poly.n[i], dot(poly.n[i], poly.v[i]), p, u);
  take(inside);
  for (int i = 0; i < poly.count; ++i) {
    // The band outside edge i: 0 <= n.(x - v0) <= r, 0 <= e.(x - v0) <= |e|^2.
    const Vec2 v0 = poly.v[i], v1 = poly.v[(i + 1) % poly.count];
    const Vec2 e = v1 - v0;
    Range band;
    cut(band, poly.n[i], dot(poly.n[i], v0) + rad, p, u);
    cut(band, -poly.n[i], -dot(poly.n[i], v0), p, u);
    cut(band, e, dot(e, v1), p, u);
    cut(band, -e, -dot(e, v0), p, u);
    take(band);
    // The disc at v0: |p + t u - v0|^2 <= r^2.
    const Vec2 d = p - v0;
    const float qa = dot(u, u), qb = 2.0f * dot(d, u), qc = dot(d, d) - rad * rad;
    if (qa > 0.0f) {
      const float disc = qb * qb - 4.0f * qa * qc;
      if (disc >= 0.0f) {
        const float sq = std::sqrt(disc);
        take(Range{(-qb - sq) / (2.0f * qa), (-qb + sq) / (2.0f * qa)});
      }
    } else if (qc <= 0.0f) {
      take(Range{});
    }
  }
  return total;
}

// The push of a point (A or B) out of the other shape's outline, which holds it: to the
// nearest point of the outline's edges.
MtdResult point_out_of_outline(const Collider& a, const Collider& b) {
  const bool point_is_a = is_point(a);
  const Vec2 p = point_is_a ? a.pos : b.pos;
  const Collider& shape = point_is_a ? b : a;
  Vec2 nearest = p;
  float best = kInf;
  for (int k = 0; k < shape.count; ++k) {
    const Vec2 v0 = shape.v[k], v1 = shape.v[k + 1 == shape.count ? 0 : k + 1];
    const Vec2 e = v1 - v0;
    const float len2 = dot(e, e);
    const float t = len2 > 0.0f ? std::clamp(dot(p - v0, e) / len2, 0.0f, 1.0f) : 0.0f;
    const Vec2 q = v0 + t * e;
    const float d2 = dot(q - p, q - p);
    if (d2 < best) {
      best = d2;
      nearest = q;
    }
  }
  MtdResult m;
  m.hit = true;
  m.depth = std::sqrt(best);
  // A (the point, or the shape) leaves along the way from the point to the outline.
  const Vec2 out = m.depth > 0.0f ? (nearest - p) / m.depth : Vec2(1.0f, 0.0f);
  m.normal = point_is_a ? out : -out;
  m.vector = m.normal * m.depth;
  return m;
}

}  // namespace

SatResult sat_pieces(const Collider& a, const Collider& b, SatTrace* trace, bool early_exit,
                     PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  SatResult best;
  std::size_t bi = 0, bj = 0;
  bool have = false;
  int tested = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      const SatResult r = sat(pa[i], pb[j], nullptr, early_exit);
      tested += r.tested;
      if (r.hit || !have || r.overlap > best.overlap) {
        best = r;
        bi = i;
        bj = j;
        have = true;
      }
      if (r.hit) goto done;
    }
  }
done:
  name(which, bi, bj);
  if (trace) best = sat(pa[bi], pb[bj], trace, early_exit);
  best.tested = tested;
  return best;
}

MtdResult mtd_pieces(const Collider& a, const Collider& b, SatTrace* trace, PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  // Candidate directions from every overlapping piece pair, with the pair they came from.
  struct Candidate {
    Vec2 n;
    std::size_t i, j;
  };
  std::vector<Candidate> cands;
  SatTrace t;
  bool overlapping = false;  // some piece pair overlaps (it may offer no direction at all)
  std::size_t first_i = 0, first_j = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      if (!sat(pa[i], pb[j], &t, /*early_exit=*/false).hit) continue;
      if (!overlapping) {
        overlapping = true;
        first_i = i;
        first_j = j;
      }
      for (const SatAxis& ax : t.axes) {
        cands.push_back({ax.axis, i, j});
        cands.push_back({-ax.axis, i, j});
      }
      const MtdResult m = mtd(pa[i], pb[j]);
      if (m.hit && dot(m.normal, m.normal) > 0.0f) cands.push_back({m.normal, i, j});
    }
  }
  if (overlapping && (is_point(a) || is_point(b))) {
    // A point inside the outline leaves it by the nearest point of the outline (which can
    // lie past a piece the point is not in, or be a reflex corner that no piece's axis
    // points to).
    name(which, first_i, first_j);
    if (trace) mtd(pa[first_i], pb[first_j], trace);
    return point_out_of_outline(a, b);
  }
  if (cands.empty()) {
    // Overlapping pieces with no axis between them (degenerate pieces on one spot): their own
    // push, which is zero, so mtd agrees with sat that the shapes touch.
    if (overlapping) {
      name(which, first_i, first_j);
      return mtd(pa[first_i], pb[first_j], trace);
    }
    name(which, 0, 0);
    if (trace) mtd(pa[0], pb[0], trace);
    return MtdResult{};
  }
  float best = kInf;
  const Candidate* win = &cands[0];
  std::vector<Range> ranges;
  for (const Candidate& c : cands) {
    ranges.clear();
    for (const Collider& x : pa) {
      for (const Collider& y : pb) {
        const Range r = overlap_range(x, y, c.n);
        if (!r.empty() && r.hi > 0.0f) ranges.push_back(r);
      }
    }
    // The smallest push >= 0 inside no open range: step past each range that holds it.
    float push = 0.0f;
    for (bool moved = true; moved;) {
      moved = false;
      for (const Range& r : ranges) {
        if (r.lo < push && push < r.hi) {
          push = r.hi;
          moved = true;
        }
      }
    }
    if (push < best) {  // (a push that never ends, +inf, never wins)
      best = push;
      win = &c;
    }
  }
  if (!(best < kInf)) {
    // No candidate leaves the pieces apart (only float trouble gets here): the first
    // overlapping pair's own push.
    name(which, cands[0].i, cands[0].j);
    return mtd(pa[cands[0].i], pb[cands[0].j], trace);
  }
  name(which, win->i, win->j);
  if (trace) mtd(pa[win->i], pb[win->j], trace);
  MtdResult m;
  m.hit = true;
  m.normal = win->n;
  m.depth = best;
  m.vector = win->n * best;
  return m;
}

SweptResult swept_pieces(const Collider& a, const Collider& b, SweptTrace* trace,
                         PiecePair* which) {
  if (turns(a) || turns(b)) return swept_turning(a, b, trace, which);
  return swept_pieces_linear(a, b, trace, which);
}

SweptResult swept_pieces_linear(const Collider& a, const Collider& b, SweptTrace* trace,
                                PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  SweptResult best;
  std::size_t bi = 0, bj = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      const SweptResult r = swept_linear(pa[i], pb[j]);
      if (r.hit && (!best.hit || r.toi < best.toi)) {
        best = r;
        bi = i;
        bj = j;
      }
    }
  }
  name(which, bi, bj);
  if (trace) swept_linear(pa[bi], pb[bj], trace);
  if (best.hit && best.initially_overlapping) {
    best.mtd = mtd_pieces(a, b, nullptr, nullptr);
    best.normal = best.mtd.normal;
  }
  return best;
}

GjkResult gjk_pieces(const Collider& a, const Collider& b, GjkTrace* trace, PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  GjkResult best;
  std::size_t bi = 0, bj = 0;
  bool have = false;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      const GjkResult g = gjk(pa[i], pb[j]);
      const bool better = !have || (g.hit && !best.hit) ||
                          (g.hit && best.hit && g.depth > best.depth) ||
                          (!g.hit && !best.hit && g.distance < best.distance);
      if (better) {
        best = g;
        bi = i;
        bj = j;
        have = true;
      }
    }
  }
  name(which, bi, bj);
  if (trace) best = gjk(pa[bi], pb[bj], trace);
  return best;
}

}  // namespace hitbox
