// gjk: GJK distance on the Minkowski difference of the shapes' cores, EPA for the depth of
// an overlap, radii added at the end. Method and sources: gjk.h.
#include "hitbox/gjk.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "gjk_detail.h"
#include "hitbox/concave.h"

namespace hitbox {

const char* gjk_stop_name(GjkStop s) {
  switch (s) {
    case GjkStop::ClosestFound:
      return "closest_found";
    case GjkStop::ContainsOrigin:
      return "contains_origin";
    case GjkStop::OriginTouches:
      return "origin_touches";
    case GjkStop::MaxIterations:
      return "max_iterations";
  }
  return "?";
}

const char* epa_stop_name(EpaStop s) {
  switch (s) {
    case EpaStop::NotRun:
      return "not_run";
    case EpaStop::Converged:
      return "converged";
    case EpaStop::MaxIterations:
      return "max_iterations";
  }
  return "?";
}

float gjk_noise(const Collider& a, const Collider& b) {
  float m = 0.0f;
  for (const Aabb& box : {a.bounds, b.bounds}) {
    m = std::max({m, std::fabs(box.min.x), std::fabs(box.min.y), std::fabs(box.max.x),
                  std::fabs(box.max.y)});
  }
  return 8.0f * FLT_EPSILON * (1.0f + m);
}

namespace gjk_detail {

// farthest() in lanes: lane by lane the same dot products (x * d.x + y * d.y), the largest of
// them, then the first vertex that has it: the vertex the loop below picks. The padding
// repeats vertex 0, which ties with it and comes later.
int farthest_lanes(const Core& c, Vec2 d) {
  using detail::f4;
  const f4 dx = detail::splat4(d.x), dy = detail::splat4(d.y);
  f4 x, y;
  std::memcpy(&x, c.vx, sizeof x);
  std::memcpy(&y, c.vy, sizeof y);
  f4 best = x * dx + y * dy;
  for (int i = 4; i < c.padded; i += 4) {
    std::memcpy(&x, c.vx + i, sizeof x);
    std::memcpy(&y, c.vy + i, sizeof y);
    const f4 p = x * dx + y * dy;
    best = detail::vmax(p, best);
  }
  const f4 s1 = detail::shuffle<1, 0, 3, 2>(best);
  f4 m = detail::vmax(best, s1);
  const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
  m = detail::vmax(m, s2);
  int at = 0;
  for (int i = c.padded - 4; i >= 0; i -= 4) {
    std::memcpy(&x, c.vx + i, sizeof x);
    std::memcpy(&y, c.vy + i, sizeof y);
    const unsigned eq = detail::lane_mask(x * dx + y * dy == m);
    at = eq ? i + std::countr_zero(eq) : at;
  }
  return at;
}

// The core vertex farthest along d (the first one on ties).
int farthest(const Core& c, Vec2 d) {
  if (c.padded) return farthest_lanes(c, d);
  int best = 0;
  float best_d = dot(c.v[0], d);
  for (int i = 1; i < c.count; ++i) {
    const float p = dot(c.v[i], d);
    if (p > best_d) {
      best_d = p;
      best = i;
    }
  }
  return best;
}

// The support point of the cores' difference A - B in direction d.
GjkVertex support(const Core& a, const Core& b, Vec2 d) {
  GjkVertex s;
  s.ia = farthest(a, d);
  s.ib = farthest(b, -d);
  s.a = a.v[s.ia];
  s.b = b.v[s.ib];
  s.w = s.a - s.b;
  return s;
}

bool same(const GjkVertex& p, const GjkVertex& q) {
  return p.ia == q.ia && p.ib == q.ib;
}

// Segment w1 w2: the origin projects before w1, after w2, or between them. The weights of
// the projection w1 + t (w2 - w1) are (1 - t, t) = (dot(w2, e), -dot(w1, e)) / |e|^2.
void solve2(Simplex& s) {
  const Vec2 w1 = s.v[0].w, w2 = s.v[1].w;
  const Vec2 e = w2 - w1;
  const float u = dot(w2, e);   // weight of w1
  const float t = -dot(w1, e);  // weight of w2
  if (t <= 0.0f) {
    s.keep(0);
  } else if (u <= 0.0f) {
    s.keep(1);
  } else {
    s.keep(0, 1, u, t);
  }
}

// Triangle w1 w2 w3 (Ericson 5.1.5): the origin lies in the Voronoi region of a vertex, of
// an edge, or inside. Edge weights as in solve2; the inside weights are the signed areas of
// the triangles the origin makes with each edge, signed by the triangle's own orientation.
void solve3(Simplex& s) {
  const Vec2 w1 = s.v[0].w, w2 = s.v[1].w, w3 = s.v[2].w;
  const Vec2 e12 = w2 - w1, e13 = w3 - w1, e23 = w3 - w2;
  const float u12 = dot(w2, e12), t12 = -dot(w1, e12);
  const float u13 = dot(w3, e13), t13 = -dot(w1, e13);
  const float u23 = dot(w3, e23), t23 = -dot(w2, e23);
  const float n = cross(e12, e13);
  const float a1 = n * cross(w2, w3);  // weight of w1
  const float a2 = n * cross(w3, w1);  // weight of w2
  const float a3 = n * cross(w1, w2);  // weight of w3

  if (t12 <= 0.0f && t13 <= 0.0f) return s.keep(0);
  if (u12 > 0.0f && t12 > 0.0f && a3 <= 0.0f) return s.keep(0, 1, u12, t12);
  if (u13 > 0.0f && t13 > 0.0f && a2 <= 0.0f) return s.keep(0, 2, u13, t13);
  if (u12 <= 0.0f && t23 <= 0.0f) return s.keep(1);
  if (u13 <= 0.0f && u23 <= 0.0f) return s.keep(2);
  if (u23 > 0.0f && t23 > 0.0f && a1 <= 0.0f) return s.keep(1, 2, u23, t23);
  const float sum = a1 + a2 + a3;  // = n * n
  if (!(sum > 0.0f)) {
    // A flat (collinear) triangle no region claimed: fall back to its first edge.
    s.count = 2;
    return solve2(s);
  }
  s.l[0] = a1 / sum;
  s.l[1] = a2 / sum;
  s.l[2] = a3 / sum;
  s.encloses = true;
}

void solve(Simplex& s) {
  s.encloses = false;
  if (s.count == 1) {
    s.l[0] = 1.0f;
  } else if (s.count == 2) {
    solve2(s);
  } else {
    solve3(s);
  }
}

// Points in lexicographic (x, then y) order, as the monotone chain reads them.
template <class P, class Pos>
bool lex_less(const P& p, const P& q, Pos pos) {
  const Vec2 a = pos(p), b = pos(q);
  return a.x < b.x || (a.x == b.x && a.y < b.y);
}

// Andrew's monotone chain on n points in lex_less order into out (room for 2n):
// positive-area order, collinear and repeated points dropped. Returns the hull's size.
template <class P, class Pos>
int hull_into(const P* pts, int n, P* out, Pos pos) {
  if (n < 3) {
    for (int i = 0; i < n; ++i) out[i] = pts[i];
    return n;
  }
  auto turns_left = [&](const P& o, const P& p, const P& q) {
    return cross(pos(p) - pos(o), pos(q) - pos(o)) > 0.0f;
  };
  int k = 0;
  for (int i = 0; i < n; ++i) {
    while (k >= 2 && !turns_left(out[k - 2], out[k - 1], pts[i])) --k;
    out[k++] = pts[i];
  }
  for (int i = n - 2, lower = k + 1; i >= 0; --i) {
    while (k >= lower && !turns_left(out[k - 2], out[k - 1], pts[i])) --k;
    out[k++] = pts[i];
  }
  return k - 1;  // the last point is the first again
}

void begin_trace(GjkTrace* t, const Core& a, const Core& b) {
  t->radius_a = a.radius;
  t->radius_b = b.radius;
  t->differences.clear();
  t->outline.clear();
  t->gjk.clear();
  t->epa.clear();
  t->pieces = UnionTrace{};  // gjk_pieces fills it after the steps
  for (int i = 0; i < a.count; ++i) {
    for (int j = 0; j < b.count; ++j) t->differences.push_back(a.v[i] - b.v[j]);
  }
  const float r = a.radius + b.radius;
  t->outline_sampled = r > 0.0f;
  std::vector<Vec2> pts;
  if (r > 0.0f) {
    for (const Vec2 p : t->differences) {
      for (int k = 0; k < kGjkOutlineSamples; ++k) {
        const double th = 2.0 * 3.14159265358979323846 * k / kGjkOutlineSamples;
        pts.push_back(p +
                      r * Vec2(static_cast<float>(std::cos(th)), static_cast<float>(std::sin(th))));
      }
    }
  } else {
    pts = t->differences;
  }
  const auto pos = [](Vec2 p) { return p; };
  std::sort(pts.begin(), pts.end(), [&](Vec2 p, Vec2 q) { return lex_less(p, q, pos); });
  t->outline.resize(2 * pts.size());
  const int n = hull_into(pts.data(), static_cast<int>(pts.size()), t->outline.data(), pos);
  t->outline.resize(static_cast<size_t>(n));
}

void record(GjkTrace* t, const Simplex& s) {
  GjkStep& step = t->gjk.emplace_back();
  step.count = s.count;
  for (int i = 0; i < s.count; ++i) step.simplex[i] = s.v[i];
  step.closest = s.encloses ? Vec2(0.0f) : s.closest();
}

// ---- EPA ----

constexpr int kEpaCapacity = kEpaMaxIterations + 8;

struct Polytope {
  GjkVertex p[kEpaCapacity];
  int n = 0;
};

// The polytope EPA starts from. A triangle that encloses the origin is used as it is. When
// the origin lies on a segment or a point of the simplex (touching), support points on both
// sides of it are added and the hull of them all is taken: the origin is then inside it or
// on its boundary.
void initial_polytope(const Simplex& s, const Core& a, const Core& b, Polytope& poly) {
  if (s.encloses) {
    poly.n = 3;
    for (int i = 0; i < 3; ++i) poly.p[i] = s.v[i];
    if (cross(poly.p[1].w - poly.p[0].w, poly.p[2].w - poly.p[0].w) < 0.0f) {
      std::swap(poly.p[1], poly.p[2]);
    }
    return;
  }
  GjkVertex cand[6];
  int n = 0;
  for (int i = 0; i < s.count; ++i) cand[n++] = s.v[i];
  Vec2 dirs[4];
  int nd = 0;
  if (s.count == 2) {
    const Vec2 e = s.v[1].w - s.v[0].w;
    dirs[nd++] = perp_out(e);
    dirs[nd++] = -perp_out(e);
  }
  if (s.count == 1 || dot(dirs[0], dirs[0]) == 0.0f) {
    nd = 0;
    dirs[nd++] = Vec2(1.0f, 0.0f);
    dirs[nd++] = Vec2(-1.0f, 0.0f);
    dirs[nd++] = Vec2(0.0f, 1.0f);
    dirs[nd++] = Vec2(0.0f, -1.0f);
  }
  for (int k = 0; k < nd && n < 6; ++k) {
    const GjkVertex w = support(a, b, dirs[k]);
    bool dup = false;
    for (int i = 0; i < n; ++i) dup = dup || same(cand[i], w);
    if (!dup) cand[n++] = w;
  }
  const auto pos = [](const GjkVertex& v) { return v.w; };
  for (int i = 1; i < n; ++i) {  // insertion sort: at most 6 points
    for (int j = i; j > 0 && lex_less(cand[j], cand[j - 1], pos); --j)
      std::swap(cand[j], cand[j - 1]);
  }
  GjkVertex out[12];
  poly.n = hull_into(cand, n, out, pos);
  for (int i = 0; i < poly.n; ++i) poly.p[i] = out[i];
}

struct EpaEdge {
  int index = -1;  // edge p[index] -> p[index + 1]
  Vec2 normal{0.0f, 0.0f};
  float distance = 0.0f;
};

EpaEdge nearest_edge(const Polytope& poly) {
  EpaEdge best;
  for (int i = 0; i < poly.n; ++i) {
    const Vec2 p = poly.p[i].w;
    const Vec2 e = poly.p[(i + 1) % poly.n].w - p;
    const float len2 = dot(e, e);
    if (!(len2 > 0.0f)) continue;
    const Vec2 nrm = perp_out(e) / std::sqrt(len2);
    const float dist = dot(nrm, p);
    if (best.index < 0 || dist < best.distance) best = EpaEdge{i, nrm, dist};
  }
  return best;
}

struct EpaOut {
  bool ok = false;
  float distance = 0.0f;              // of the origin from the cores' A - B (>= 0)
  Vec2 face_normal{0.0f, 0.0f};       // outward normal of A - B there (from A toward B)
  Vec2 a{0.0f, 0.0f}, b{0.0f, 0.0f};  // the deepest core points
  int iterations = 0;
  EpaStop stop = EpaStop::NotRun;
};

EpaOut epa(const Simplex& s, const Core& a, const Core& b, float noise, GjkTrace* trace) {
  Polytope poly;
  initial_polytope(s, a, b, poly);
  EpaOut out;
  if (poly.n < 3) return out;  // the cores' difference has no area (two points)
  EpaEdge edge;
  for (;;) {
    ++out.iterations;
    edge = nearest_edge(poly);
    const GjkVertex w = support(a, b, edge.normal);
    if (trace) {
      EpaStep& step = trace->epa.emplace_back();
      for (int i = 0; i < poly.n; ++i) step.polytope.push_back(poly.p[i].w);
      step.edge = edge.index;
      step.normal = edge.normal;
      step.distance = edge.distance;
      step.support = w.w;
    }
    bool dup = false;
    for (int i = 0; i < poly.n; ++i) dup = dup || same(poly.p[i], w);
    if (dup || dot(w.w, edge.normal) - edge.distance <= noise) {
      out.stop = EpaStop::Converged;
      break;
    }
    if (out.iterations >= kEpaMaxIterations || poly.n >= kEpaCapacity) {
      out.stop = EpaStop::MaxIterations;
      break;
    }
    // Insert w between the edge's ends: it lies beyond the edge, so the polytope stays convex.
    for (int i = poly.n; i > edge.index + 1; --i) poly.p[i] = poly.p[i - 1];
    poly.p[edge.index + 1] = w;
    ++poly.n;
  }
  // The point of the edge nearest the origin, and the core points it came from.
  const GjkVertex& p = poly.p[edge.index];
  const GjkVertex& q = poly.p[(edge.index + 1) % poly.n];
  const Vec2 e = q.w - p.w;
  const float t = std::clamp(-dot(p.w, e) / dot(e, e), 0.0f, 1.0f);
  out.ok = true;
  out.distance = std::max(edge.distance, 0.0f);
  out.face_normal = edge.normal;
  out.a = p.a + t * (q.a - p.a);
  out.b = p.b + t * (q.b - p.b);
  return out;
}

// The loop. One named result, returned from every exit, so it is built in the caller's slot
// (no copy through the stack, whose mixed-width stores stall the load that reads them back).
GjkResult gjk_loop(const Collider& a, const Collider& b, GjkTrace* trace, bool depth) {
  const Core ca = core_of(a, !trace), cb = core_of(b, !trace);
  const float noise = gjk_noise(a, b);
  if (trace) begin_trace(trace, ca, cb);

  // Start from the support point towards the origin as seen from A - B's middle.
  Vec2 d0 = b.pos - a.pos;
  if (!(dot(d0, d0) > 0.0f)) d0 = Vec2(1.0f, 0.0f);
  Simplex s;
  s.v[0] = support(ca, cb, d0);
  s.count = 1;

  GjkResult r;
  GjkStop stop = GjkStop::ClosestFound;
  bool touching = false;
  for (;;) {
    ++r.iterations;
    solve(s);
    if (trace) record(trace, s);
    if (s.encloses) {
      stop = GjkStop::ContainsOrigin;
      break;
    }
    const Vec2 v = s.closest();
    const float vv = dot(v, v);
    if (vv <= noise * noise) {
      stop = GjkStop::OriginTouches;
      touching = true;
      break;
    }
    if (r.iterations >= kGjkMaxIterations) {
      stop = GjkStop::MaxIterations;
      break;
    }
    const GjkVertex w = support(ca, cb, -v);
    if (trace) {
      GjkStep& step = trace->gjk.back();
      step.direction = -v;
      step.has_support = true;
      step.support = w;
    }
    bool dup = false;
    for (int i = 0; i < s.count; ++i) dup = dup || same(s.v[i], w);
    // w is no closer to the origin along v than the simplex is: v is the distance vector.
    if (dup || vv - dot(v, w.w) <= noise * std::sqrt(vv)) break;
    s.v[s.count++] = w;
  }
  r.stop = stop;

  const float radii = ca.radius + cb.radius;
  if (!s.encloses && !touching) {
    // The cores are apart: grow them by the radii.
    const Vec2 v = s.closest();
    const float dc = std::sqrt(dot(v, v));
    Vec2 n = v / dc;  // from B's core toward A's
    if (s.count == 2) {
      // The nearest feature is an edge of A - B: its normal is better conditioned than v.
      const Vec2 e = s.v[1].w - s.v[0].w;
      const Vec2 p = perp_out(e) / std::sqrt(dot(e, e));
      n = dot(p, v) >= 0.0f ? p : -p;
    }
    r.normal = n;
    r.point_a = s.point_a() - ca.radius * n;
    r.point_b = s.point_b() + cb.radius * n;
    if (dc > radii) {
      r.distance = dc - radii;
    } else {
      r.hit = true;
      r.depth = radii - dc;
    }
    return r;
  }

  if (depth) {
    overlap_tail(r, s, ca, cb, a, b, noise, trace);
  } else {
    r.hit = true;
  }
  return r;
}

// The cores overlap or touch: EPA for the depth, then the radii.
void overlap_tail(GjkResult& r, const Simplex& s, const Core& ca, const Core& cb, const Collider& a,
                  const Collider& b, float noise, GjkTrace* trace) {
  const float radii = ca.radius + cb.radius;
  r.hit = true;
  const EpaOut e = epa(s, ca, cb, noise, trace);
  r.epa_iterations = e.iterations;
  r.epa_stop = e.stop;
  Vec2 pa = s.point_a(), pb = s.point_b();
  if (e.ok) {
    r.normal = -e.face_normal;
    r.depth = e.distance + radii;
    pa = e.a;
    pb = e.b;
  } else {
    // Both cores are points (two circles, centres within the noise): the centre line, or
    // (1, 0) for one centre, as mtd does.
    const Vec2 d = a.pos - b.pos;
    const float len = std::sqrt(dot(d, d));
    r.normal = len > 0.0f ? d / len : Vec2(1.0f, 0.0f);
    r.depth = std::max(radii - len, 0.0f);
  }
  r.point_a = pa - ca.radius * r.normal;
  r.point_b = pb + cb.radius * r.normal;
}

}  // namespace gjk_detail

}  // namespace hitbox
