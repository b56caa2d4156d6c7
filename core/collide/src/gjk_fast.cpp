// gjk() and its kernels: two circles in closed form, and one loop per pair of core kinds (a
// circle's centre, a polygon padded to 4 or to 8 vertices, and two segments or points searched
// together) that does the general loop's float operations (gjk.cpp) with cheaper bookkeeping.
// Each records its iterations when traced (kTrace). Polygons of more than 8 vertices, and
// shapes far from the origin, take gjk.cpp's loop. Method and sources: gjk.h.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "gjk_detail.h"
#include "hitbox/concave.h"
#include "hitbox/detail/lanes.h"
#include "hitbox/gjk.h"

namespace hitbox {
namespace gjk_detail {
namespace {

// Two circles: GJK's one iteration on the two centres, in closed form. The float operations of
// the general loop (a one-point simplex sums 0 + 1 * w), so its answer, iteration count and
// stop reason; traced, that iteration.
template <bool kTrace>
GjkResult gjk_circles(const Collider& a, const Collider& b, GjkTrace* trace) {
  const float noise = gjk_noise(a, b);
  const float radii = a.radius + b.radius;
  const Vec2 v = Vec2(0.0f) + 1.0f * (a.pos - b.pos);  // the simplex's closest point
  const Vec2 pa = Vec2(0.0f) + 1.0f * a.pos, pb = Vec2(0.0f) + 1.0f * b.pos;
  GjkResult r;
  r.iterations = 1;
  const float vv = dot(v, v);
  GjkVertex centres;  // the one point of A - B
  if constexpr (kTrace) {
    centres.a = a.pos;
    centres.b = b.pos;
    centres.w = a.pos - b.pos;
    begin_trace(trace, core_of(a, false), core_of(b, false));
    GjkStep& st = trace->gjk.emplace_back();
    st.count = 1;
    st.simplex[0] = centres;
    st.closest = v;
  }
  if (!(vv <= noise * noise)) {
    if constexpr (kTrace) {  // the support point along -v is the same point: the search ends
      GjkStep& st = trace->gjk.back();
      st.direction = -v;
      st.has_support = true;
      st.support = centres;
    }
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
  // The centres touch: EPA has no polytope to grow (both cores are points); the centre line.
  r.stop = GjkStop::OriginTouches;
  Simplex s;
  s.count = 1;
  s.v[0].a = a.pos;
  s.v[0].b = b.pos;
  s.v[0].w = a.pos - b.pos;
  overlap_tail(r, s, core_of(a, true), core_of(b, true), a, b, noise, trace);
  return r;
}

// ---- The untraced loop for circles, boxes and polygons of at most 8 vertices ----
//
// The same float operations as gjk_loop, in the same order, so the same result bit for bit
// (tests/fast_path_test.cpp holds it to that); only the bookkeeping is cheaper:
// - a polygon's padded x and y runs stay in registers, and a support point is one lane pass
//   per shape (the dot products, their largest, the first vertex that has it: what
//   farthest_lanes() does for one or two runs of four); a circle's core needs none; two
//   segments or points share one pass (Seg2Pair);
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
  explicit PointCore(const Collider& b) : v(&b.pos) {}
  static int far(f4, f4) { return 0; }
  static int near(f4, f4) { return 0; }
};

struct Poly4Core {  // padded to 4: a box, a triangle, a segment, a point
  const Vec2* v;
  f4 x, y;
  static constexpr bool kRound = false;
  explicit Poly4Core(const Collider& b) : v(b.v) {
    std::memcpy(&x, b.vx, sizeof x);
    std::memcpy(&y, b.vy, sizeof y);
  }
  int far(f4 dx, f4 dy) const {
    const f4 p = x * dx + y * dy;
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(p);
    f4 m = detail::select(p > s1, p, s1);
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = detail::select(m > s2, m, s2);
    return std::countr_zero(detail::lane_mask(p == m)) & 3;  // none equal (NaN): vertex 0
  }
  // far(-d): x (-dx) + y (-dy) is exactly -(x dx + y dy), so the farthest along -d is the
  // first vertex with the least dot product along d.
  int near(f4 dx, f4 dy) const {
    const f4 p = x * dx + y * dy;
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(p);
    f4 m = detail::select(p < s1, p, s1);
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = detail::select(m < s2, m, s2);
    return std::countr_zero(detail::lane_mask(p == m)) & 3;
  }
};

// One or two vertices (a segment, a point), taken only against another such core: the two
// are searched together (Seg2Pair below), so this holds just the vertices the result reads.
struct Seg2Core {
  const Vec2* v;
  static constexpr bool kRound = false;
  explicit Seg2Core(const Collider& b) : v(b.v) {}
};

struct Poly8Core {  // padded to 8: 5 to 8 vertices
  const Vec2* v;
  f4 x0, y0, x1, y1;
  static constexpr bool kRound = false;
  explicit Poly8Core(const Collider& b) : v(b.v) {
    std::memcpy(&x0, b.vx, sizeof x0);
    std::memcpy(&y0, b.vy, sizeof y0);
    std::memcpy(&x1, b.vx + 4, sizeof x1);
    std::memcpy(&y1, b.vy + 4, sizeof y1);
  }
  int far(f4 dx, f4 dy) const {
    const f4 p0 = x0 * dx + y0 * dy;
    const f4 p1 = x1 * dx + y1 * dy;
    f4 m = detail::select(p1 > p0, p1, p0);
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(m);
    m = detail::select(m > s1, m, s1);
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = detail::select(m > s2, m, s2);
    const unsigned eq = detail::lane_mask(p0 == m) | detail::lane_mask(p1 == m) << 4;
    return std::countr_zero(eq) & 7;
  }
  int near(f4 dx, f4 dy) const {  // far(-d), as Poly4Core::near
    const f4 p0 = x0 * dx + y0 * dy;
    const f4 p1 = x1 * dx + y1 * dy;
    f4 m = detail::select(p1 < p0, p1, p0);
    const f4 s1 = detail::shuffle<1, 0, 3, 2>(m);
    m = detail::select(m < s1, m, s1);
    const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
    m = detail::select(m < s2, m, s2);
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

// Two Seg2Cores searched at once: Poly4Core's far and near on the runs {v0, v1, v0, v0}
// give vertex 1 only when it is strictly farther (nearer) than vertex 0 (a point's run
// repeats its vertex, which then always wins), so the four dot products along d, one per
// vertex of both cores, and one compare of each with its neighbour give all four answers. The
// bounds are finite on this path, so no dot product is NaN.
struct Seg2Pair {
  f4 x, y;  // {a0, a1, b0, b1}
  const Vec2 *va, *vb;
  Seg2Pair(const Collider& a, const Collider& b)
      : x{a.vx[0], a.vx[1], b.vx[0], b.vx[1]},
        y{a.vy[0], a.vy[1], b.vy[0], b.vy[1]},
        va(a.v),
        vb(b.v) {}
  // Lane i of the mask is p_i < p_(i^1): lane 0 is A's far (p1 > p0), lane 1 A's near,
  // lane 2 B's far, lane 3 B's near.
  FastPoint support(f4 dx, f4 dy, bool toward) const {
    const f4 p = x * dx + y * dy;
    const unsigned m = detail::lane_mask(p < detail::shuffle<1, 0, 3, 2>(p));
    const unsigned ia = toward ? m >> 1 & 1 : m & 1;
    const unsigned ib = toward ? m >> 2 & 1 : m >> 3 & 1;
    return FastPoint{va[ia].x - vb[ib].x, va[ia].y - vb[ib].y, static_cast<int>(ia | ib << 8)};
  }
};

struct NoPair {  // every other pair of core kinds: one search per core
  NoPair(const Collider&, const Collider&) {}
};

// keep(i, j, wi, wj) of Simplex, or keep(i) when !two: (1, 0) as keep(i) sets.
inline void fast_weights(FastSimplex& s, bool two, float wi, float wj) {
  const float inv = 1.0f / (wi + wj);
  s.l0 = two ? wi * inv : 1.0f;
  s.l1 = two ? wj * inv : 0.0f;
  s.two = two;
}

// solve2 on the segment p q.
HITBOX_ALWAYS_INLINE void fast_solve2(FastSimplex& s, const FastPoint& p, const FastPoint& q) {
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
HITBOX_ALWAYS_INLINE bool fast_solve3(FastSimplex& s, const FastPoint& w, float& a1, float& a2,
                                      float& a3) {
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
                                    float a3, const Collider& a, const Collider& b, float noise,
                                    GjkTrace* trace) {
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
  overlap_tail(r, full, ca, cb, a, b, noise, trace);
}

// The result from the simplex the search ended on, its closest point v, |v| = dc and
// v / dc = (nx, ny); then the radii (zero for a core kind that is not round).
template <bool kRoundA, bool kRoundB>
inline void fast_finish(GjkResult& r, const FastSimplex& s, float vx, float vy, float dc, float nx,
                        float ny, const Vec2* va, const Vec2* vb, const Collider& a,
                        const Collider& b) {
  const float ra = kRoundA ? a.radius : 0.0f;
  const float rb = kRoundB ? b.radius : 0.0f;
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
  const Vec2 pa = Vec2(0.0f) + s.l0 * va[s.p0.key & 0xff] + s.l1 * va[s.p1.key & 0xff];
  const Vec2 pb = Vec2(0.0f) + s.l0 * vb[s.p0.key >> 8] + s.l1 * vb[s.p1.key >> 8];
  r.point_a = pa - ra * n;
  r.point_b = pb + rb * n;
  if (dc > radii) {
    r.distance = dc - radii;
  } else {
    r.hit = true;
    r.depth = radii - dc;
  }
}

template <class CA, class CB, bool kTrace>
GjkResult gjk_fast(const Collider& a, const Collider& b, float noise, GjkTrace* trace, bool depth) {
  const CA A(a);
  const CB B(b);
  // Traced: a simplex point as the general loop records it.
  const auto vertex = [&](const FastPoint& p) {
    GjkVertex g;
    g.ia = p.key & 0xff;
    g.ib = p.key >> 8;
    g.a = A.v[g.ia];
    g.b = B.v[g.ib];
    g.w = Vec2(p.x, p.y);
    return g;
  };
  if constexpr (kTrace) begin_trace(trace, core_of(a, false), core_of(b, false));
  constexpr bool kSeg2 = std::is_same_v<CA, Seg2Core>;
  static_assert(kSeg2 == std::is_same_v<CB, Seg2Core>, "a Seg2Core pairs only with another");
  const std::conditional_t<kSeg2, Seg2Pair, NoPair> pair(a, b);
  // The support point along d, or (toward) along -d; one splat of d serves both shapes.
  const auto support = [&](float dx, float dy, bool toward) {
    const f4 sx = detail::splat4(dx), sy = detail::splat4(dy);
    if constexpr (kSeg2) {
      return pair.support(sx, sy, toward);
    } else {
      const int ia = toward ? A.near(sx, sy) : A.far(sx, sy);
      const int ib = toward ? B.far(sx, sy) : B.near(sx, sy);
      return FastPoint{A.v[ia].x - B.v[ib].x, A.v[ia].y - B.v[ib].y, ia | ib << 8};
    }
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
    if constexpr (kTrace) {  // the simplex after the last solve, and its closest point
      GjkStep& st = trace->gjk.emplace_back();
      st.count = s.two ? 2 : 1;
      st.simplex[0] = vertex(s.p0);
      if (s.two) st.simplex[1] = vertex(s.p1);
      st.closest = Vec2(vx, vy);
    }
    vv = vx * vx + vy * vy;
    // The distance and direction the result takes if the search ends here, worked out
    // while the support point is searched for rather than after (for two segments or points
    // the direction is worked out after the loop instead, which measured faster for them).
    dc = detail::sqrt1(vv);
    if constexpr (!kSeg2) {
      nx = vx / dc;
      ny = vy / dc;
    }
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
    if constexpr (kTrace) {
      GjkStep& st = trace->gjk.back();
      st.direction = Vec2(-vx, -vy);
      st.has_support = true;
      st.support = vertex(w);
    }
    const bool dup =
        kFirst ? w.key == s.p0.key : (w.key == s.p0.key) | (s.two & (w.key == s.p1.key));
    if (dup || vv - (vx * w.x + vy * w.y) <= noise * dc) return true;

    ++r.iterations;
    if (kFirst || !s.two) {
      fast_solve2(s, s.p0, w);
    } else if (!fast_solve3(s, w, a1, a2, a3)) [[unlikely]] {
      stop = GjkStop::ContainsOrigin;
      overlap = true;
      if constexpr (kTrace) {  // the triangle that encloses the origin
        GjkStep& st = trace->gjk.emplace_back();
        st.count = 3;
        st.simplex[0] = vertex(s.p0);
        st.simplex[1] = vertex(s.p1);
        st.simplex[2] = vertex(w);
      }
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
    if (depth) {
      fast_overlap(r, s, w, a1, a2, a3, a, b, noise, trace);
    } else {
      r.hit = true;
    }
    return r;
  }

  if constexpr (kSeg2) {
    nx = vx / dc;
    ny = vy / dc;
  }
  fast_finish<CA::kRound, CB::kRound>(r, s, vx, vy, dc, nx, ny, A.v, B.v, a, b);
  return r;
}

// Every bound finite and within kFastReach; then the noise floor as gjk_noise gives it.
bool fast_noise(const Collider& a, const Collider& b, float& noise) {
  f4 pa, pb;
  static_assert(sizeof(Aabb) == sizeof(f4));
  std::memcpy(&pa, &a.bounds, sizeof pa);
  std::memcpy(&pb, &b.bounds, sizeof pb);
  pa = detail::abs4(pa);
  pb = detail::abs4(pb);
  const f4 reach = detail::splat4(kFastReach);
  if (detail::lane_mask((pa <= reach) & (pb <= reach)) != 0xF) return false;
  f4 m = detail::select(pa > pb, pa, pb);
  const f4 s1 = detail::shuffle<1, 0, 3, 2>(m);
  m = detail::select(m > s1, m, s1);
  const f4 s2 = detail::shuffle<2, 3, 0, 1>(m);
  m = detail::select(m > s2, m, s2);
  noise = 8.0f * FLT_EPSILON * (1.0f + m[0]);
  return true;
}

// The fast loop's instance for a pair: 3 * kind(a) + kind(b), kinds 0 point, 1 padded to 4,
// 2 padded to 8; -1 for none.
int fast_pair(const Collider& a, const Collider& b) {
  const auto kind = [](const Collider& x) {
    if (x.geom == Geom::Circle) return 0;
    if (x.padded == 4) return 1;
    if (x.padded == 8) return 2;
    return -1;
  };
  const int ka = kind(a), kb = kind(b);
  return (ka | kb) < 0 ? -1 : 3 * ka + kb;
}

// The pair's kernel: gjk_circles, the fast loop's instance for its core kinds, or gjk_loop
// (which also takes a capsule: its core segment and radius).
template <bool kTrace>
inline GjkResult gjk_kernel(const Collider& a, const Collider& b, GjkTrace* trace, bool depth) {
  if (a.geom == Geom::Circle && b.geom == Geom::Circle) return gjk_circles<kTrace>(a, b, trace);
  if (is_capsule(a) || is_capsule(b)) return gjk_loop(a, b, trace, depth);
  float noise;
  if (fast_noise(a, b, noise)) {
    switch (fast_pair(a, b)) {
      case 1:
        return gjk_fast<PointCore, Poly4Core, kTrace>(a, b, noise, trace, depth);
      case 2:
        return gjk_fast<PointCore, Poly8Core, kTrace>(a, b, noise, trace, depth);
      case 3:
        return gjk_fast<Poly4Core, PointCore, kTrace>(a, b, noise, trace, depth);
      case 4:
        if (a.count <= 2 && b.count <= 2) {  // two segments or points
          return gjk_fast<Seg2Core, Seg2Core, kTrace>(a, b, noise, trace, depth);
        }
        return gjk_fast<Poly4Core, Poly4Core, kTrace>(a, b, noise, trace, depth);
      case 5:
        return gjk_fast<Poly4Core, Poly8Core, kTrace>(a, b, noise, trace, depth);
      case 6:
        return gjk_fast<Poly8Core, PointCore, kTrace>(a, b, noise, trace, depth);
      case 7:
        return gjk_fast<Poly8Core, Poly4Core, kTrace>(a, b, noise, trace, depth);
      case 8:
        return gjk_fast<Poly8Core, Poly8Core, kTrace>(a, b, noise, trace, depth);
      default:  // a polygon of more than 8 vertices
        break;
    }
  }
  return gjk_loop(a, b, trace, depth);
}

// Traced calls out of line, so the untraced kernels inline into gjk() alone.
[[gnu::noinline]] GjkResult gjk_traced(const Collider& a, const Collider& b, GjkTrace* trace) {
  return gjk_kernel<true>(a, b, trace, true);
}

}  // namespace
}  // namespace gjk_detail

using namespace gjk_detail;  // NOLINT: the kernels' own internal helpers

GjkResult gjk(const Collider& a, const Collider& b, GjkTrace* trace) {
  if (has_pieces(a) || has_pieces(b)) return gjk_pieces(a, b, trace, nullptr);
  if (trace) return gjk_traced(a, b, trace);
  return gjk_kernel<false>(a, b, nullptr, true);
}

GjkResult gjk_gap(const Collider& a, const Collider& b) {
  if (!has_pieces(a) && !has_pieces(b)) return gjk_kernel<false>(a, b, nullptr, false);
  // Concave: the first piece pair that touches, else the least gap.
  const int na = has_pieces(a) ? a.piece_count : 1, nb = has_pieces(b) ? b.piece_count : 1;
  GjkResult best;
  for (int i = 0; i < na; ++i) {
    const Collider& pa = has_pieces(a) ? a.pieces[i] : a;
    for (int j = 0; j < nb; ++j) {
      const Collider& pb = has_pieces(b) ? b.pieces[j] : b;
      const GjkResult g = gjk_kernel<false>(pa, pb, nullptr, false);
      if (g.hit) return g;
      if ((i == 0 && j == 0) || g.distance < best.distance) best = g;
    }
  }
  return best;
}

}  // namespace hitbox
