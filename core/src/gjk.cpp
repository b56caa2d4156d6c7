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

float gjk_noise(const Body& a, const Body& b) {
  float m = 0.0f;
  for (const Aabb& box : {a.bounds, b.bounds}) {
    m = std::max({m, std::fabs(box.min.x), std::fabs(box.min.y), std::fabs(box.max.x),
                  std::fabs(box.max.y)});
  }
  return 8.0f * FLT_EPSILON * (1.0f + m);
}

namespace {

// A shape as GJK sees it: a core (a polygon's vertices, or a circle's centre as a
// one-vertex polygon) grown by a radius.
struct Core {
  const Vec2* v = nullptr;
  int count = 0;
  float radius = 0.0f;
  // Untraced calls search a polygon's vertices four at a time in its padded x and y runs;
  // traced calls keep the plain loop, which the tests hold the lanes to.
  const float* vx = nullptr;
  const float* vy = nullptr;
  int padded = 0;
};

Core core_of(const Body& b, bool lanes) {
  if (b.geom == Geom::Circle) return Core{&b.pos, 1, b.radius};
  return Core{b.v, b.count, 0.0f, b.vx, b.vy, lanes ? b.padded : 0};
}

#if HITBOX_LANES
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
    best = p > best ? p : best;
  }
  f4 m = best > detail::shuffle<1, 0, 3, 2>(best) ? best : detail::shuffle<1, 0, 3, 2>(best);
  m = m > detail::shuffle<2, 3, 0, 1>(m) ? m : detail::shuffle<2, 3, 0, 1>(m);
  int at = 0;
  for (int i = c.padded - 4; i >= 0; i -= 4) {
    std::memcpy(&x, c.vx + i, sizeof x);
    std::memcpy(&y, c.vy + i, sizeof y);
    const unsigned eq = detail::lane_mask(x * dx + y * dy == m);
    at = eq ? i + std::countr_zero(eq) : at;
  }
  return at;
}
#endif

// The core vertex farthest along d (the first one on ties).
int farthest(const Core& c, Vec2 d) {
#if HITBOX_LANES
  if (c.padded) return farthest_lanes(c, d);
#endif
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

// The simplex and the barycentric weights of its point nearest the origin.
struct Simplex {
  GjkVertex v[3];
  float l[3] = {1.0f, 0.0f, 0.0f};
  int count = 0;
  bool encloses = false;  // a triangle with the origin inside (or on it)

  Vec2 closest() const {
    Vec2 p(0.0f);
    for (int i = 0; i < count; ++i) p += l[i] * v[i].w;
    return p;
  }
  Vec2 point_a() const {
    Vec2 p(0.0f);
    for (int i = 0; i < count; ++i) p += l[i] * v[i].a;
    return p;
  }
  Vec2 point_b() const {
    Vec2 p(0.0f);
    for (int i = 0; i < count; ++i) p += l[i] * v[i].b;
    return p;
  }
  void keep(int i) {
    v[0] = v[i];
    l[0] = 1.0f;
    count = 1;
  }
  // Keep vertices i and j with unnormalised weights wi, wj (both > 0).
  void keep(int i, int j, float wi, float wj) {
    const GjkVertex vi = v[i], vj = v[j];
    v[0] = vi;
    v[1] = vj;
    const float inv = 1.0f / (wi + wj);
    l[0] = wi * inv;
    l[1] = wj * inv;
    count = 2;
  }
};

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

// Two circles without a trace: GJK's one iteration on the two centres, in closed form. The
// same float operations as the loop below takes for them (a one-point simplex sums 0 + 1 * w),
// so the same answer, iteration count and stop reason.
GjkResult gjk_circles(const Body& a, const Body& b) {
  const float noise = gjk_noise(a, b);
  const float radii = a.radius + b.radius;
  const Vec2 v = Vec2(0.0f) + 1.0f * (a.pos - b.pos);  // the simplex's closest point
  const Vec2 pa = Vec2(0.0f) + 1.0f * a.pos, pb = Vec2(0.0f) + 1.0f * b.pos;
  GjkResult r;
  r.iterations = 1;
  const float vv = dot(v, v);
  if (!(vv <= noise * noise)) {
    r.stop = GjkStop::ClosestFound;
    const float dc = std::sqrt(dot(v, v));
    const Vec2 n = v / dc;
    r.normal = n;
    r.point_a = pa - a.radius * n;
    r.point_b = pb + b.radius * n;
    if (dc > radii) {
      r.distance = dc - radii;
    } else {
      r.hit = true;
      r.depth = radii - dc;
    }
    return r;
  }
  // The centres touch: EPA has no polytope to grow (both cores are points).
  r.stop = GjkStop::OriginTouches;
  r.hit = true;
  const Vec2 d = a.pos - b.pos;
  const float len = std::sqrt(dot(d, d));
  r.normal = len > 0.0f ? d / len : Vec2(1.0f, 0.0f);
  r.depth = std::max(radii - len, 0.0f);
  r.point_a = pa - a.radius * r.normal;
  r.point_b = pb + b.radius * r.normal;
  return r;
}

void overlap_tail(GjkResult& r, const Simplex& s, const Core& ca, const Core& cb, const Body& a,
                  const Body& b, float noise, GjkTrace* trace);

// The loop. One named result, returned from every exit, so it is built in the caller's slot
// (no copy through the stack, whose mixed-width stores stall the load that reads them back).
GjkResult gjk_loop(const Body& a, const Body& b, GjkTrace* trace) {
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

  overlap_tail(r, s, ca, cb, a, b, noise, trace);
  return r;
}

// The cores overlap or touch: EPA for the depth, then the radii.
void overlap_tail(GjkResult& r, const Simplex& s, const Core& ca, const Core& cb, const Body& a,
                  const Body& b, float noise, GjkTrace* trace) {
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

#if HITBOX_LANES
// ---- The untraced loop for circles, boxes and polygons of at most 8 vertices ----
//
// The same float operations as gjk_loop, in the same order, so the same result bit for bit
// (tests/fast_path_test.cpp holds it to that); only the bookkeeping is cheaper:
// - a polygon's padded x and y runs stay in registers, and a support point is one lane pass
//   per shape (the dot products, their largest, the first vertex that has it: what
//   farthest_lanes() does for one or two runs of four); a circle's core needs none;
// - between iterations the simplex is one point or a segment (a solve that keeps three has
//   enclosed the origin, which ends the loop), held as two points with their weights and
//   vertex indices in registers, not as GjkVertex arrays in memory;
// - the solvers find the Voronoi region from all their tests at once, then pick the kept
//   points and weights, instead of a chain of branches;
// - the distance and direction of the result are worked out while the next support point is
//   searched for, and one function per pair of core kinds is inlined into gjk().
// Touching or overlapping cores hand the simplex to the traced loop's EPA (fast_overlap).
//
// Taken only when every bound is finite and within kFastReach of the origin: the solvers
// then see only finite numbers, so a point that left the simplex may stay with weight 0
// (0 + l0 w0 is never -0, and adding a zero to it changes nothing).
constexpr float kFastReach = 1.0e8f;

using detail::f4;

struct PointCore {  // a circle's centre
  const Vec2* v;
  static constexpr bool kRound = true;
  explicit PointCore(const Body& b) : v(&b.pos) {}
  static int far(f4, f4) { return 0; }
  static int near(f4, f4) { return 0; }
};

struct Poly4Core {  // padded to 4: a box, a triangle, a segment, a point
  const Vec2* v;
  f4 x, y;
  static constexpr bool kRound = false;
  explicit Poly4Core(const Body& b) : v(b.v) {
    std::memcpy(&x, b.vx, sizeof x);
    std::memcpy(&y, b.vy, sizeof y);
  }
  int far(f4 dx, f4 dy) const {
    const f4 p = x * dx + y * dy;
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(p);
    f4 m = p > s1 ? p : s1;
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = m > s2 ? m : s2;
    return std::countr_zero(detail::lane_mask(p == m)) & 3;  // none equal (NaN): vertex 0
  }
  // far(-d): x (-dx) + y (-dy) is exactly -(x dx + y dy), so the farthest along -d is the
  // first vertex with the least dot product along d.
  int near(f4 dx, f4 dy) const {
    const f4 p = x * dx + y * dy;
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(p);
    f4 m = p < s1 ? p : s1;
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = m < s2 ? m : s2;
    return std::countr_zero(detail::lane_mask(p == m)) & 3;
  }
};

struct Poly8Core {  // padded to 8: 5 to 8 vertices
  const Vec2* v;
  f4 x0, y0, x1, y1;
  static constexpr bool kRound = false;
  explicit Poly8Core(const Body& b) : v(b.v) {
    std::memcpy(&x0, b.vx, sizeof x0);
    std::memcpy(&y0, b.vy, sizeof y0);
    std::memcpy(&x1, b.vx + 4, sizeof x1);
    std::memcpy(&y1, b.vy + 4, sizeof y1);
  }
  int far(f4 dx, f4 dy) const {
    const f4 p0 = x0 * dx + y0 * dy;
    const f4 p1 = x1 * dx + y1 * dy;
    f4 m = p1 > p0 ? p1 : p0;
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(m);
    m = m > s1 ? m : s1;
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = m > s2 ? m : s2;
    const unsigned eq = detail::lane_mask(p0 == m) | detail::lane_mask(p1 == m) << 4;
    return std::countr_zero(eq) & 7;
  }
  int near(f4 dx, f4 dy) const {  // far(-d), as Poly4Core::near
    const f4 p0 = x0 * dx + y0 * dy;
    const f4 p1 = x1 * dx + y1 * dy;
    f4 m = p1 < p0 ? p1 : p0;
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(m);
    m = m < s1 ? m : s1;
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = m < s2 ? m : s2;
    const unsigned eq = detail::lane_mask(p0 == m) | detail::lane_mask(p1 == m) << 4;
    return std::countr_zero(eq) & 7;
  }
};

// v with its bits XOR-ed with `bits` (memcpy: Emscripten's standard library has no
// std::bit_cast).
inline float xor_bits(float v, std::uint32_t bits) {
  std::uint32_t u;
  std::memcpy(&u, &v, sizeof u);
  u ^= bits;
  std::memcpy(&v, &u, sizeof v);
  return v;
}

// A simplex point: w = A.v[ia] - B.v[ib], with key = ia | ib << 8 (both below 64).
struct FastPoint {
  float x = 0.0f, y = 0.0f;
  int key = 0;
};

inline FastPoint pick(bool c, const FastPoint& p, const FastPoint& q) {
  return FastPoint{c ? p.x : q.x, c ? p.y : q.y, c ? p.key : q.key};
}

// The simplex after a solve: p0 alone (weights 1, 0) or the segment p0 p1. p1 is always a
// finite point, so its weight 0 may be carried.
struct FastSimplex {
  FastPoint p0, p1;
  float l0 = 1.0f, l1 = 0.0f;
  bool two = false;
};

// keep(i, j, wi, wj) of Simplex, or keep(i) when !two: (1, 0) as keep(i) sets.
inline void fast_weights(FastSimplex& s, bool two, float wi, float wj) {
  const float inv = 1.0f / (wi + wj);
  s.l0 = two ? wi * inv : 1.0f;
  s.l1 = two ? wj * inv : 0.0f;
  s.two = two;
}

// solve2 on the segment p q.
inline void fast_solve2(FastSimplex& s, const FastPoint& p, const FastPoint& q) {
  const float ex = q.x - p.x, ey = q.y - p.y;
  const float u = q.x * ex + q.y * ey;     // weight of p
  const float t = -(p.x * ex + p.y * ey);  // weight of q
  const bool keep_p = t <= 0.0f;
  const bool keep_q = !keep_p & (u <= 0.0f);
  s.p0 = pick(keep_q, q, p);
  s.p1 = q;
  fast_weights(s, !keep_p & !keep_q, u, t);
}

// solve3 on the triangle p0 p1 w; false when it encloses the origin (s untouched: the
// weights are then a1, a2, a3 over their sum, which the caller takes).
inline bool fast_solve3(FastSimplex& s, const FastPoint& w, float& a1, float& a2, float& a3) {
  const FastPoint p = s.p0, q = s.p1;
  const Vec2 w1(p.x, p.y), w2(q.x, q.y), w3(w.x, w.y);
  const Vec2 e12 = w2 - w1, e13 = w3 - w1, e23 = w3 - w2;
  const float u12 = dot(w2, e12), t12 = -dot(w1, e12);
  const float u13 = dot(w3, e13), t13 = -dot(w1, e13);
  const float u23 = dot(w3, e23), t23 = -dot(w2, e23);
  const float n = cross(e12, e13);
  a1 = n * cross(w2, w3);
  a2 = n * cross(w3, w1);
  a3 = n * cross(w1, w2);
  // The regions in solve3's order; the first that holds wins.
  const unsigned bits = static_cast<unsigned>((t12 <= 0.0f) & (t13 <= 0.0f)) |
                        static_cast<unsigned>((u12 > 0.0f) & (t12 > 0.0f) & (a3 <= 0.0f)) << 1 |
                        static_cast<unsigned>((u13 > 0.0f) & (t13 > 0.0f) & (a2 <= 0.0f)) << 2 |
                        static_cast<unsigned>((u12 <= 0.0f) & (t23 <= 0.0f)) << 3 |
                        static_cast<unsigned>((u13 <= 0.0f) & (u23 <= 0.0f)) << 4 |
                        static_cast<unsigned>((u23 > 0.0f) & (t23 > 0.0f) & (a1 <= 0.0f)) << 5 |
                        1u << 6;
  const int r = std::countr_zero(bits);
  if (r == 6) [[unlikely]] {
    if (a1 + a2 + a3 > 0.0f) return false;
    fast_solve2(s, p, q);  // flat: the first edge
    return true;
  }
  // Region r keeps: 0 p, 1 p q, 2 p w, 3 q, 4 w, 5 q w.
  const bool first_q = (r == 3) | (r == 5), first_w = r == 4;
  s.p0 = pick(first_q, q, pick(first_w, w, p));
  s.p1 = pick(r == 1, q, w);
  const bool e12_kept = r == 1, e13_kept = r == 2;
  const float wi = e12_kept ? u12 : (e13_kept ? u13 : u23);
  const float wj = e12_kept ? t12 : (e13_kept ? t13 : t23);
  const bool two = (r == 1) | (r == 2) | (r == 5);
  fast_weights(s, two, wi, wj);
  return true;
}

// The cores overlap or touch (rare on this path): the simplex as the traced loop holds it
// (the triangle p0 p1 w with weights a_i over their sum when it encloses the origin), then
// the traced loop's EPA and radii. Kept out of line, so the loop keeps its registers.
[[gnu::noinline]] void fast_overlap(GjkResult& r, FastSimplex s, FastPoint w, float a1, float a2,
                                    float a3, const Body& a, const Body& b, float noise) {
  const Core ca = core_of(a, true), cb = core_of(b, true);
  Simplex full;
  const FastPoint pts[3] = {s.p0, s.p1, w};
  if (r.stop == GjkStop::ContainsOrigin) {
    const float sum = a1 + a2 + a3;
    full.count = 3;
    full.encloses = true;
    full.l[0] = a1 / sum;
    full.l[1] = a2 / sum;
    full.l[2] = a3 / sum;
  } else {
    full.count = s.two ? 2 : 1;
    full.l[0] = s.l0;
    full.l[1] = s.l1;
  }
  for (int i = 0; i < full.count; ++i) {
    GjkVertex& v = full.v[i];
    v.ia = pts[i].key & 0xff;
    v.ib = pts[i].key >> 8;
    v.a = ca.v[v.ia];
    v.b = cb.v[v.ib];
    v.w = Vec2(pts[i].x, pts[i].y);
  }
  overlap_tail(r, full, ca, cb, a, b, noise, nullptr);
}

template <class CA, class CB>
GjkResult gjk_fast(const Body& a, const Body& b, float noise) {
  const CA A(a);
  const CB B(b);
  // The support point along d, or (toward) along -d; one splat of d serves both shapes.
  const auto support = [&](float dx, float dy, bool toward) {
    const f4 sx = detail::splat4(dx), sy = detail::splat4(dy);
    const int ia = toward ? A.near(sx, sy) : A.far(sx, sy);
    const int ib = toward ? B.far(sx, sy) : B.near(sx, sy);
    return FastPoint{A.v[ia].x - B.v[ib].x, A.v[ia].y - B.v[ib].y, ia | ib << 8};
  };

  Vec2 d0 = b.pos - a.pos;
  if (!(dot(d0, d0) > 0.0f)) d0 = Vec2(1.0f, 0.0f);
  FastSimplex s;
  s.p0 = support(d0.x, d0.y, false);

  GjkResult r;
  GjkStop stop = GjkStop::ClosestFound;
  bool overlap = false;
  FastPoint w;
  float a1 = 0.0f, a2 = 0.0f, a3 = 0.0f;
  // The first iteration's closest point: 0 + 1 * w, and the empty slot's 0 * 0 adds nothing.
  float vx = 0.0f + s.p0.x, vy = 0.0f + s.p0.y, vv, dc, nx, ny;
  r.iterations = 1;
  // One iteration; true when the search ends. The first is spelled out on its own (one point,
  // solve2 next): its exit, which follows no pattern, then has a branch of its own.
  const auto step = [&](auto first) -> bool {
    constexpr bool kFirst = decltype(first)::value;
    vv = vx * vx + vy * vy;
    // The distance and direction the result takes if the search ends here, worked out
    // while the support point is searched for rather than after.
    dc = detail::sqrt1(vv);
    nx = vx / dc;
    ny = vy / dc;
    if (vv <= noise * noise) [[unlikely]] {
      stop = GjkStop::OriginTouches;
      overlap = true;
      return true;
    }
    if (!kFirst && r.iterations >= kGjkMaxIterations) [[unlikely]] {
      stop = GjkStop::MaxIterations;
      return true;
    }
    w = support(vx, vy, true);  // along -v
    const bool dup =
        kFirst ? w.key == s.p0.key : (w.key == s.p0.key) | (s.two & (w.key == s.p1.key));
    if (dup || vv - (vx * w.x + vy * w.y) <= noise * dc) return true;

    ++r.iterations;
    if (kFirst || !s.two) {
      fast_solve2(s, s.p0, w);
    } else if (!fast_solve3(s, w, a1, a2, a3)) [[unlikely]] {
      stop = GjkStop::ContainsOrigin;
      overlap = true;
      return true;
    }
    vx = 0.0f + s.l0 * s.p0.x + s.l1 * s.p1.x;
    vy = 0.0f + s.l0 * s.p0.y + s.l1 * s.p1.y;
    return false;
  };
  if (!step(std::true_type{})) {
    while (!step(std::false_type{})) {
    }
  }
  r.stop = stop;

  if (overlap) [[unlikely]] {
    fast_overlap(r, s, w, a1, a2, a3, a, b, noise);
    return r;
  }

  const float ra = CA::kRound ? a.radius : 0.0f;
  const float rb = CB::kRound ? b.radius : 0.0f;
  const float radii = ra + rb;
  const Vec2 v(vx, vy);
  Vec2 n(nx, ny);  // v / dc
  if (s.two) {
    const Vec2 e(s.p1.x - s.p0.x, s.p1.y - s.p0.y);
    const Vec2 p = perp_out(e) / detail::sqrt1(dot(e, e));
    // p, or -p (its sign bits flipped), without a branch: the side follows no pattern.
    const std::uint32_t flip = dot(p, v) >= 0.0f ? 0u : 0x80000000u;
    n = Vec2(xor_bits(p.x, flip), xor_bits(p.y, flip));
  }
  r.normal = n;
  const Vec2 pa = Vec2(0.0f) + s.l0 * A.v[s.p0.key & 0xff] + s.l1 * A.v[s.p1.key & 0xff];
  const Vec2 pb = Vec2(0.0f) + s.l0 * B.v[s.p0.key >> 8] + s.l1 * B.v[s.p1.key >> 8];
  r.point_a = pa - ra * n;
  r.point_b = pb + rb * n;
  if (dc > radii) {
    r.distance = dc - radii;
  } else {
    r.hit = true;
    r.depth = radii - dc;
  }
  return r;
}

// Every bound finite and within kFastReach; then the noise floor as gjk_noise gives it.
bool fast_noise(const Body& a, const Body& b, float& noise) {
  f4 pa, pb;
  static_assert(sizeof(Aabb) == sizeof(f4));
  std::memcpy(&pa, &a.bounds, sizeof pa);
  std::memcpy(&pb, &b.bounds, sizeof pb);
  pa = detail::abs4(pa);
  pb = detail::abs4(pb);
  const f4 reach = detail::splat4(kFastReach);
  if (detail::lane_mask((pa <= reach) & (pb <= reach)) != 0xF) return false;
  f4 m = pa > pb ? pa : pb;
  const f4 s1 = detail::shuffle<1, 0, 3, 2>(m);
  m = m > s1 ? m : s1;
  const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
  m = m > s2 ? m : s2;
  noise = 8.0f * FLT_EPSILON * (1.0f + m[0]);
  return true;
}

// The fast loop's instance for a pair: 3 * kind(a) + kind(b), kinds 0 point, 1 padded to 4,
// 2 padded to 8; -1 for none.
int fast_pair(const Body& a, const Body& b) {
  const auto kind = [](const Body& x) {
    if (x.geom == Geom::Circle) return 0;
    if (x.padded == 4) return 1;
    if (x.padded == 8) return 2;
    return -1;
  };
  const int ka = kind(a), kb = kind(b);
  return (ka | kb) < 0 ? -1 : 3 * ka + kb;
}
#endif

}  // namespace

GjkResult gjk(const Body& a, const Body& b, GjkTrace* trace) {
  if (has_pieces(a) || has_pieces(b)) return gjk_pieces(a, b, trace, nullptr);
  if (!trace && a.geom == Geom::Circle && b.geom == Geom::Circle) return gjk_circles(a, b);
#if HITBOX_LANES
  float noise;
  if (!trace && fast_noise(a, b, noise)) {
    switch (fast_pair(a, b)) {
      case 1:
        return gjk_fast<PointCore, Poly4Core>(a, b, noise);
      case 2:
        return gjk_fast<PointCore, Poly8Core>(a, b, noise);
      case 3:
        return gjk_fast<Poly4Core, PointCore>(a, b, noise);
      case 4:
        return gjk_fast<Poly4Core, Poly4Core>(a, b, noise);
      case 5:
        return gjk_fast<Poly4Core, Poly8Core>(a, b, noise);
      case 6:
        return gjk_fast<Poly8Core, PointCore>(a, b, noise);
      case 7:
        return gjk_fast<Poly8Core, Poly4Core>(a, b, noise);
      case 8:
        return gjk_fast<Poly8Core, Poly8Core>(a, b, noise);
      default:  // two circles (taken above) or a polygon of more than 8 vertices
        break;
    }
  }
#endif
  return gjk_loop(a, b, trace);
}

}  // namespace hitbox
