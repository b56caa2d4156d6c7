// The exact push-out through a concave polygon's pieces (piece_union.h).
//
// Everything here is in double from the pieces' float vertices: the differences, their
// features, the crossings and the coverage tests. M = B - A below is the pushes' space (A moved
// by v overlaps B exactly when v is in M); the trace is drawn in A - B = -M, as gjk's.
#include "piece_union.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace hitbox::piece_union {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kHuge = std::numeric_limits<double>::infinity();

double dot2(DVec2 a, DVec2 b) {
  return a.x * b.x + a.y * b.y;
}
double cross2(DVec2 a, DVec2 b) {
  return a.x * b.y - a.y * b.x;
}
double len(DVec2 a) {
  return std::sqrt(dot2(a, a));
}
DVec2 unit_or(DVec2 d, DVec2 fallback) {
  const double l = len(d);
  return l > 0.0 ? d / l : fallback;
}
// Outward normal of edge direction d in positive-area order (geometry.h's perp_out).
DVec2 out_of(DVec2 d) {
  return unit_or(DVec2(d.y, -d.x), DVec2(0.0));
}

// One piece pair's difference: the convex hull of its cores' differences (positive-area
// order, in `verts` from `first`) grown by r.
struct Difference {
  int first = 0;
  int count = 0;
  std::size_t i = 0, j = 0;
  DVec2 lo, hi;  // its bounds, grown by r
};

// A piece of one difference's boundary: an edge moved out by r (from p0 to p1, outward normal
// n), or, when r > 0, the arc of radius r about a hull vertex c between the normals of the
// edges meeting there (the directions d with dot(d, e_in) >= 0 and dot(d, e_out) <= 0; e_in
// and e_out unit, or zero for a lone point: every direction).
struct Feature {
  int diff = 0;
  bool arc = false;
  DVec2 p0, p1, n;       // edge
  DVec2 c, e_in, e_out;  // arc
  DVec2 n_in, n_out;     // arc: its end directions (the edges' normals)
  DVec2 near;            // its point nearest the origin
  double near_d = 0.0;   // and that distance
  DVec2 lo, hi;          // bounds
};

struct Candidate {
  DVec2 p;
  double d = 0.0;
  int diff = 0;
  bool crossing = false;
};

// The tangent cone of one difference at a point on its boundary: the directions d with
// dot(n[k], d) <= 0 for each of its `count` normals (one on a rounded or straight side, two
// at a corner, more only at a corner sharper than the tolerance).
struct Cone {
  int first = 0;  // into Scratch::cone_normals
  int count = 0;
};

// Reused between calls (no allocation once warm).
struct Scratch {
  std::vector<DVec2> verts, normals, pts, core_a, core_b;
  std::vector<Difference> diffs;
  std::vector<Feature> feats;
  std::vector<Candidate> cands;
  std::vector<int> live;    // the features nearer than the bound
  std::vector<int> active;  // the differences whose outline passes through a candidate
  std::vector<Cone> cones;
  std::vector<DVec2> cone_normals;
  std::size_t holder = 0;  // the difference that last held a candidate
};

// A part's core (a circle's centre, else its vertices) and radius.
void core_points(const Collider& c, std::vector<DVec2>& out) {
  out.clear();
  if (c.geom == Geom::Circle) {
    out.push_back(DVec2(c.pos));
    return;
  }
  for (int k = 0; k < c.count; ++k) out.push_back(DVec2(c.v[k]));
}
double radius_of(const Collider& c) {
  return c.geom == Geom::Circle || c.geom == Geom::Capsule ? static_cast<double>(c.radius) : 0.0;
}

// Andrew's monotone chain over pts (sorted here), collinear points dropped, appended to out:
// positive-area order (geometry.h: cross of consecutive edges > 0). Returns the count.
int hull_append(std::vector<DVec2>& pts, std::vector<DVec2>& out) {
  std::sort(pts.begin(), pts.end(),
            [](DVec2 p, DVec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  const std::size_t base = out.size();
  const int n = static_cast<int>(pts.size());
  if (n <= 2) {
    out.insert(out.end(), pts.begin(), pts.end());
    return n;
  }
  out.resize(base + 2 * static_cast<std::size_t>(n));
  DVec2* h = out.data() + base;
  int k = 0;
  for (int i = 0; i < n; ++i) {
    while (k >= 2 && !(cross2(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) > 0.0)) --k;
    h[k++] = pts[i];
  }
  for (int i = n - 2, lower = k + 1; i >= 0; --i) {
    while (k >= lower && !(cross2(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) > 0.0)) --k;
    h[k++] = pts[i];
  }
  const int count = std::max(k - 1, 1);
  out.resize(base + static_cast<std::size_t>(count));
  return count;
}

// The point of segment a b nearest x.
DVec2 segment_nearest(DVec2 x, DVec2 a, DVec2 b) {
  const DVec2 e = b - a;
  const double l2 = dot2(e, e);
  return a + (l2 > 0.0 ? std::clamp(dot2(x - a, e) / l2, 0.0, 1.0) : 0.0) * e;
}

double point_segment_distance2(DVec2 x, DVec2 a, DVec2 b) {
  const DVec2 q = x - segment_nearest(x, a, b);
  return dot2(q, q);
}

// Signed distance from x to difference D (negative inside): inside the hull, the largest
// edge-plane distance; outside, the distance to the hull's edges; less r either way. Outside,
// once that plane distance exceeds `far` the distance does too, and `far` is returned early.
double signed_distance(const Difference& D, const DVec2* v, const DVec2* n, double r, DVec2 x,
                       double far = kHuge) {
  if (D.count >= 3) {
    double worst = -kHuge;
    for (int k = 0; k < D.count; ++k) worst = std::max(worst, dot2(n[k], x - v[k]));
    if (worst <= 0.0) return worst - r;
    if (worst - r > far) return far;
  }
  if (D.count == 1) return len(x - v[0]) - r;
  // The least squared distance, one root (sqrt is monotone: the same as the least root). Off
  // a convex hull the nearest point is on an edge that faces x, and an edge is no nearer than
  // its line: with an area, the others are skipped.
  double best2 = kHuge;
  for (int k = 0; k < D.count; ++k) {
    if (D.count >= 3) {
      const double h = dot2(n[k], x - v[k]);
      if (h <= 0.0 || h * h >= best2) continue;
    }
    best2 = std::min(best2, point_segment_distance2(x, v[k], v[k + 1 == D.count ? 0 : k + 1]));
  }
  return std::sqrt(best2) - r;
}

// Parameters and cone tests this close past an end still count, so that a crossing exactly
// at a corner (the grid-aligned shapes of a tile map put many there) is not lost to rounding.
constexpr double kEndSlack = 1e-9;

// The point of the hull (`count` vertices from v) nearest x, x outside it.
DVec2 hull_nearest(const DVec2* v, int count, DVec2 x) {
  DVec2 best = v[0];
  double best2 = dot2(x - v[0], x - v[0]);
  for (int k = 0; count >= 2 && k < count; ++k) {
    const DVec2 q = segment_nearest(x, v[k], v[k + 1 == count ? 0 : k + 1]);
    if (dot2(x - q, x - q) < best2) {
      best = q;
      best2 = dot2(x - q, x - q);
    }
  }
  return best;
}

// How far a free direction is looked for beside a cone's edge (radians): gaps narrower than
// this, such as two outlines that float rounding left a hair from parallel, count as closed.
constexpr double kTurn = 1e-6;

// Whether x, a candidate on some difference's boundary, is on the union's boundary: no
// difference holds it deeper than tol, and some direction leaves each difference whose
// boundary passes within tol (their tangent cones at x leave a gap). A gap begins at a cone's
// edge ray, so each edge ray turned by kTurn off that cone is tried; `way`, when asked for,
// gets a free one. A probe a fixed distance along one way out instead misjudged outlines that
// meet at a shallow angle and seams of collinear edges (a tile map's L, U and T shapes): there
// the push came out shorter than the way out, and the shapes still overlapped after it.
bool on_boundary(Scratch& sc, double r, double tol, DVec2 x, DVec2* way) {
  const auto depth = [&](std::size_t d) {
    const Difference& D = sc.diffs[d];
    if (x.x < D.lo.x - tol || x.x > D.hi.x + tol || x.y < D.lo.y - tol || x.y > D.hi.y + tol) {
      return kHuge;
    }
    // Past 2 tol outside, only "neither holds nor touches" matters: cut short there.
    return signed_distance(D, sc.verts.data() + D.first, sc.normals.data() + D.first, r, x,
                           2.0 * tol);
  };
  // Neighbouring candidates tend to lie in the same difference: the last one to hold a
  // candidate is tried first (a rejection either way, so the answer is the same).
  if (sc.holder < sc.diffs.size() && depth(sc.holder) < -tol) return false;
  sc.active.clear();
  for (std::size_t d = 0; d < sc.diffs.size(); ++d) {
    const double s = depth(d);
    if (s < -tol) {
      sc.holder = d;
      return false;
    }
    if (s <= tol) sc.active.push_back(static_cast<int>(d));
  }
  // One outline through x (the usual case): one convex cone leaves half the directions free.
  if (sc.active.size() <= 1 && !way) return true;
  sc.cones.clear();
  sc.cone_normals.clear();
  for (const int d : sc.active) {
    const Difference& D = sc.diffs[static_cast<std::size_t>(d)];
    const DVec2* v = sc.verts.data() + D.first;
    const DVec2* n = sc.normals.data() + D.first;
    Cone c;
    c.first = static_cast<int>(sc.cone_normals.size());
    if (r > 0.0) {
      // Rounded: a smooth outline, one normal, from the core hull's nearest point.
      sc.cone_normals.push_back(unit_or(x - hull_nearest(v, D.count, x), DVec2(0.0)));
    } else if (D.count >= 3) {
      for (int k = 0; k < D.count; ++k) {
        if (dot2(n[k], x - v[k]) >= -tol) sc.cone_normals.push_back(n[k]);
      }
    }
    // (A difference with no area and no radius covers no direction.)
    c.count = static_cast<int>(sc.cone_normals.size()) - c.first;
    if (c.count > 0) sc.cones.push_back(c);
  }
  const auto covered = [&](DVec2 d) {
    for (const Cone& c : sc.cones) {
      bool inside = true;
      for (int k = c.first; k < c.first + c.count && inside; ++k) {
        inside = dot2(sc.cone_normals[static_cast<std::size_t>(k)], d) <= 0.0;
      }
      if (inside) return true;
    }
    return false;
  };
  if (sc.cone_normals.empty()) {
    if (way) *way = unit_or(x, DVec2(1.0, 0.0));
    return true;
  }
  for (const DVec2 n : sc.cone_normals) {
    for (const double side : {1.0, -1.0}) {
      const DVec2 d = side * DVec2(n.y, -n.x) + kTurn * n;
      if (!covered(d)) {
        if (way) *way = unit_or(d, n);
        return true;
      }
    }
  }
  return false;
}

// The nearest of sc.cands nearer than best that is on the union's boundary, into best (and its
// way out). Usually one of the first few is: a heap hands them out nearest first without
// sorting them all.
void nearest_on_boundary(Scratch& sc, double r, double tol, Candidate& best, DVec2& best_way) {
  const auto farther = [](const Candidate& x, const Candidate& y) { return x.d > y.d; };
  std::make_heap(sc.cands.begin(), sc.cands.end(), farther);
  DVec2 way(1.0, 0.0);
  for (auto end = sc.cands.end(); end != sc.cands.begin(); --end) {
    std::pop_heap(sc.cands.begin(), end, farther);
    const Candidate& c = end[-1];
    if (!(c.d < best.d)) return;
    if (on_boundary(sc, r, tol, c.p, c.d > 0.0 ? nullptr : &way)) {
      best = c;
      best_way = way;
      return;
    }
  }
}

// Whether direction d (about `size` long) from an arc's centre is on the arc.
bool in_cone(const Feature& f, DVec2 d, double size) {
  const double slack = kEndSlack * size;
  return dot2(d, f.e_in) >= -slack && dot2(d, f.e_out) <= slack;
}

bool in_unit(double t) {
  return t >= -kEndSlack && t <= 1.0 + kEndSlack;
}

void nearest_on(Feature& f, double r) {
  if (!f.arc) {
    const DVec2 e = f.p1 - f.p0;
    const double l2 = dot2(e, e);
    const double t = l2 > 0.0 ? std::clamp(-dot2(f.p0, e) / l2, 0.0, 1.0) : 0.0;
    f.near = f.p0 + t * e;
  } else {
    // The circle's nearest point when it lies on the arc, else the nearer end.
    const double l = len(f.c);
    const DVec2 toward = l > 0.0 ? -f.c / l : unit_or(f.n_in + f.n_out, DVec2(1.0, 0.0));
    if (in_cone(f, toward, 1.0)) {
      f.near = f.c + r * toward;
    } else {
      const DVec2 a = f.c + r * f.n_in, b = f.c + r * f.n_out;
      f.near = dot2(a, a) <= dot2(b, b) ? a : b;
    }
  }
  f.near_d = len(f.near);
}

// Where features f and g cross (up to two points).
int crossings(const Feature& f, const Feature& g, double r, DVec2* out) {
  int k = 0;
  if (!f.arc && !g.arc) {
    const DVec2 d = f.p1 - f.p0, e = g.p1 - g.p0;
    const double den = cross2(d, e);
    if (den == 0.0) return 0;  // parallel: their ends are other features' points
    const DVec2 w = g.p0 - f.p0;
    const double s = cross2(w, e) / den, t = cross2(w, d) / den;
    if (in_unit(s) && in_unit(t)) out[k++] = f.p0 + std::clamp(s, 0.0, 1.0) * d;
    return k;
  }
  if (f.arc && g.arc) {
    // Two circles of the same radius: on the perpendicular bisector of the centres.
    const DVec2 m = 0.5 * (f.c + g.c), h = g.c - f.c;
    const double half2 = 0.25 * dot2(h, h);
    if (!(half2 > 0.0) || half2 > r * r) return 0;
    const DVec2 side = DVec2(-h.y, h.x) / (2.0 * std::sqrt(half2));
    const double along = std::sqrt(r * r - half2);
    for (const double sgn : {-1.0, 1.0}) {
      const DVec2 p = m + sgn * along * side;
      if (in_cone(f, p - f.c, r) && in_cone(g, p - g.c, r)) out[k++] = p;
    }
    return k;
  }
  // An edge and an arc: the segment against the circle, then the arc's cone.
  const Feature& s = f.arc ? g : f;
  const Feature& a = f.arc ? f : g;
  const DVec2 d = s.p1 - s.p0, q = s.p0 - a.c;
  const double qa = dot2(d, d), qb = 2.0 * dot2(q, d), qc = dot2(q, q) - r * r;
  if (!(qa > 0.0)) return 0;
  const double disc = qb * qb - 4.0 * qa * qc;
  if (disc < 0.0) return 0;
  const double sq = std::sqrt(disc);
  for (const double t : {(-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa)}) {
    if (!in_unit(t)) continue;
    const DVec2 p = s.p0 + std::clamp(t, 0.0, 1.0) * d;
    if (in_cone(a, p - a.c, r)) out[k++] = p;
  }
  return k;
}

bool boxes_meet(DVec2 lo0, DVec2 hi0, DVec2 lo1, DVec2 hi1) {
  return lo0.x <= hi1.x && lo1.x <= hi0.x && lo0.y <= hi1.y && lo1.y <= hi0.y;
}

// ---- the trace: outlines and the union's outline, in A - B space ----

void sample_outline(const Difference& D, const DVec2* v, const DVec2* n, double r,
                    std::vector<Vec2>& out) {
  out.clear();
  const auto put = [&](DVec2 p) { out.push_back(Vec2(-p)); };  // M -> A - B
  if (D.count == 1 && r > 0.0) {
    for (int k = 0; k < kGjkOutlineSamples; ++k) {
      const double th = 2.0 * kPi * k / kGjkOutlineSamples;
      put(v[0] + r * DVec2(std::cos(th), std::sin(th)));
    }
    return;
  }
  for (int k = 0; k < D.count; ++k) {
    const int prev = k == 0 ? D.count - 1 : k - 1;
    if (r > 0.0) {
      // The arc at v[k], from the normal of the edge in to that of the edge out.
      const double a0 = std::atan2(n[prev].y, n[prev].x);
      double a1 = std::atan2(n[k].y, n[k].x);
      // A normal of a degenerate edge (no length) has no direction: the corner alone.
      if (!std::isfinite(a0) || !std::isfinite(a1)) {
        put(v[k]);
        continue;
      }
      // Positive-area order turns the normals by a positive angle (geometry.h).
      while (a1 < a0) a1 += 2.0 * kPi;
      const int steps =
          std::max(1, static_cast<int>(std::ceil((a1 - a0) / (2.0 * kPi) * kGjkOutlineSamples)));
      for (int s = 0; s <= steps; ++s) {
        const double th = a0 + (a1 - a0) * s / steps;
        put(v[k] + r * DVec2(std::cos(th), std::sin(th)));
      }
    } else {
      put(v[k]);
    }
  }
  // (A - B = -M is M turned half a turn: the order stays positive-area.)
}

bool strictly_inside(const std::vector<Vec2>& poly, Vec2 p, float margin) {
  if (poly.size() < 3) return false;
  for (std::size_t k = 0; k < poly.size(); ++k) {
    const Vec2 a = poly[k], b = poly[(k + 1) % poly.size()];
    const Vec2 e = b - a;
    const float l = std::sqrt(e.x * e.x + e.y * e.y);
    if (!(l > 0.0f)) continue;
    // Outward: perp_out in positive-area order.
    if ((e.y * (p.x - a.x) - e.x * (p.y - a.y)) / l > -margin) return false;
  }
  return true;
}

// Each outline's edges split where other outlines cross them; the parts whose midpoint, nudged
// outward, lies in no other outline are the union's outline.
void union_outline(UnionTrace& t, float extent) {
  t.boundary.clear();
  const float margin = 1e-4f * extent;
  std::vector<float> cuts;
  for (std::size_t d = 0; d < t.differences.size(); ++d) {
    const std::vector<Vec2>& P = t.differences[d].outline;
    for (std::size_t k = 0; k < P.size(); ++k) {
      const Vec2 a = P[k], b = P[(k + 1) % P.size()];
      const Vec2 e = b - a;
      cuts.assign({0.0f, 1.0f});
      for (std::size_t o = 0; o < t.differences.size(); ++o) {
        if (o == d) continue;
        const std::vector<Vec2>& Q = t.differences[o].outline;
        for (std::size_t m = 0; m < Q.size(); ++m) {
          const Vec2 c = Q[m], f = Q[(m + 1) % Q.size()] - c;
          const float den = e.x * f.y - e.y * f.x;
          if (den == 0.0f) continue;
          const Vec2 w = c - a;
          const float s = (w.x * f.y - w.y * f.x) / den, u = (w.x * e.y - w.y * e.x) / den;
          if (s > 0.0f && s < 1.0f && u >= 0.0f && u <= 1.0f) cuts.push_back(s);
        }
      }
      std::sort(cuts.begin(), cuts.end());
      const float l = std::sqrt(e.x * e.x + e.y * e.y);
      if (!(l > 0.0f)) continue;
      const Vec2 nudge = Vec2(e.y, -e.x) / l * (2.0f * margin);
      for (std::size_t c = 0; c + 1 < cuts.size(); ++c) {
        if (cuts[c + 1] - cuts[c] <= 0.0f) continue;
        const Vec2 mid = a + e * (0.5f * (cuts[c] + cuts[c + 1])) + nudge;
        bool covered = false;
        for (std::size_t o = 0; o < t.differences.size() && !covered; ++o) {
          covered = o != d && strictly_inside(t.differences[o].outline, mid, margin);
        }
        if (covered) continue;
        t.boundary.push_back(a + e * cuts[c]);
        t.boundary.push_back(a + e * cuts[c + 1]);
      }
    }
  }
}

}  // namespace

Exit exit(std::span<const Collider> pa, std::span<const Collider> pb, UnionTrace* trace) {
  thread_local Scratch sc;
  sc.verts.clear();
  sc.normals.clear();
  sc.diffs.clear();
  sc.feats.clear();
  sc.cands.clear();
  sc.holder = 0;

  // The differences, and how large they are (the probes' scale).
  double r = 0.0;
  double extent = 0.0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    core_points(pa[i], sc.core_a);
    for (std::size_t j = 0; j < pb.size(); ++j) {
      core_points(pb[j], sc.core_b);
      r = radius_of(pa[i]) + radius_of(pb[j]);  // one shape at most has a radius
      sc.pts.clear();
      for (const DVec2 q : sc.core_b) {
        for (const DVec2 p : sc.core_a) sc.pts.push_back(q - p);
      }
      Difference D;
      D.first = static_cast<int>(sc.verts.size());
      D.count = hull_append(sc.pts, sc.verts);
      D.i = i;
      D.j = j;
      D.lo = DVec2(kHuge);
      D.hi = DVec2(-kHuge);
      for (int k = 0; k < D.count; ++k) {
        const DVec2 p = sc.verts[static_cast<std::size_t>(D.first + k)];
        D.lo = glm::min(D.lo, p);
        D.hi = glm::max(D.hi, p);
        extent = std::max({extent, std::fabs(p.x), std::fabs(p.y)});
      }
      D.lo -= DVec2(r);
      D.hi += DVec2(r);
      sc.diffs.push_back(D);
    }
  }
  sc.normals.resize(sc.verts.size());
  for (const Difference& D : sc.diffs) {
    const DVec2* v = sc.verts.data() + D.first;
    DVec2* n = sc.normals.data() + D.first;
    for (int k = 0; k < D.count; ++k) n[k] = out_of(v[k + 1 == D.count ? 0 : k + 1] - v[k]);
  }
  extent += r;
  // A candidate within this of a difference's outline is on it: the rounding of the double
  // arithmetic on float vertices, far below a float step of the differences' size.
  const double tol = 1e-8 * extent + 1e-12;

  // The features and their own nearest points.
  for (int d = 0; d < static_cast<int>(sc.diffs.size()); ++d) {
    const Difference& D = sc.diffs[static_cast<std::size_t>(d)];
    const DVec2* v = sc.verts.data() + D.first;
    const DVec2* n = sc.normals.data() + D.first;
    for (int k = 0; k < D.count; ++k) {
      const int next = k + 1 == D.count ? 0 : k + 1, prev = k == 0 ? D.count - 1 : k - 1;
      if (D.count >= 2) {
        Feature& f = sc.feats.emplace_back();  // built in place: no copy
        f.diff = d;
        f.n = n[k];
        f.p0 = v[k] + r * n[k];
        f.p1 = v[next] + r * n[k];
        f.lo = glm::min(f.p0, f.p1);
        f.hi = glm::max(f.p0, f.p1);
        nearest_on(f, r);
      }
      if (r > 0.0 || D.count == 1) {
        Feature& f = sc.feats.emplace_back();
        f.diff = d;
        f.arc = r > 0.0;
        f.c = v[k];
        // The edges' directions, from their normals (out_of turned back); a lone point:
        // every direction (both tests hold with zero edges).
        f.e_in = D.count >= 2 ? DVec2(-n[prev].y, n[prev].x) : DVec2(0.0);
        f.e_out = D.count >= 2 ? DVec2(-n[k].y, n[k].x) : DVec2(0.0);
        f.n_in = D.count >= 2 ? n[prev] : DVec2(1.0, 0.0);
        f.n_out = D.count >= 2 ? n[k] : DVec2(1.0, 0.0);
        // r == 0 and one point: an edge of no length.
        f.p0 = f.p1 = v[k];
        f.n = f.n_in;
        f.lo = v[k] - DVec2(r);
        f.hi = v[k] + DVec2(r);
        nearest_on(f, r);
      }
    }
  }

  // The nearest feature point on the union's boundary bounds the answer.
  for (const Feature& f : sc.feats) {
    sc.cands.push_back(Candidate{f.near, f.near_d, f.diff, false});
  }
  Candidate best{DVec2(0.0), kHuge, -1, false};
  DVec2 best_way(1.0, 0.0);  // a way out, asked for only at no push
  nearest_on_boundary(sc, r, tol, best, best_way);
  // Crossings nearer than that: a crossing of f and g is no nearer than either's own nearest
  // point, so a feature whose nearest point is not nearer than the bound is skipped.
  sc.cands.clear();
  sc.live.clear();
  for (std::size_t x = 0; x < sc.feats.size(); ++x) {
    if (sc.feats[x].near_d < best.d) sc.live.push_back(static_cast<int>(x));
  }
  for (std::size_t x = 0; x < sc.live.size(); ++x) {
    const Feature& f = sc.feats[static_cast<std::size_t>(sc.live[x])];
    for (std::size_t y = x + 1; y < sc.live.size(); ++y) {
      const Feature& g = sc.feats[static_cast<std::size_t>(sc.live[y])];
      if (g.diff == f.diff || !boxes_meet(f.lo, f.hi, g.lo, g.hi)) continue;
      DVec2 at[2];
      const int k = crossings(f, g, r, at);
      for (int q = 0; q < k; ++q) {
        const double d = len(at[q]);
        if (d < best.d) sc.cands.push_back(Candidate{at[q], d, f.diff, true});
      }
    }
  }
  nearest_on_boundary(sc, r, tol, best, best_way);

  Exit e;
  if (best.diff >= 0) {
    const Difference& D = sc.diffs[static_cast<std::size_t>(best.diff)];
    e.found = true;
    e.i = D.i;
    e.j = D.j;
    e.depth = static_cast<float>(best.d);
    e.push = Vec2(best.p);
    // The way from the origin to the point; touching (no push), the way out there.
    e.normal = Vec2(unit_or(best.p, best_way));
    if (best.d == 0.0) e.normal = Vec2(best_way);
  }

  if (trace) {
    trace->differences.clear();
    for (const Difference& D : sc.diffs) {
      PieceDifference& pd = trace->differences.emplace_back();
      pd.a = static_cast<int>(D.i);
      pd.b = static_cast<int>(D.j);
      sample_outline(D, sc.verts.data() + D.first, sc.normals.data() + D.first, r, pd.outline);
    }
    union_outline(*trace, static_cast<float>(extent));
    // Apart, the nearest boundary point is no push: the window shows none.
    bool inside = false;
    for (const Difference& D : sc.diffs) {
      inside = inside || signed_distance(D, sc.verts.data() + D.first, sc.normals.data() + D.first,
                                         r, DVec2(0.0)) <= 0.0;
    }
    trace->from = e.found && inside ? best.diff : -1;
    trace->exit = -e.push;
    trace->crossing = e.found && best.crossing;
  }
  return e;
}

}  // namespace hitbox::piece_union
