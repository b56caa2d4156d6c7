// Internal to the core (collide.cpp for sat and mtd, swept.cpp for its lane helpers such as
// project_lanes): sat and mtd of a circle and a polygon and of two polygons, with every axis of
// a pair evaluated four at a time and the verdict taken from lanes instead of a branch per
// axis. Traced (kTrace) they record the axes they evaluated, read off their lanes.
//
// The numbers are project()'s, interval_overlap()'s and push_out()'s: each lane does the same
// float operations on one axis, the polygon projections keep project()'s reduction order (four
// running minimums, vertex i in lane i mod 4, then min(min(l0, l1), min(l2, l3))), and the
// least overlap is the first axis of smallest overlap in test order (collide_axes.h's
// for_each_axis), the separating axis the first negative one. A group of four axes is
// evaluated whole (no branch per axis) and `tested` is what an early exit would have tested.
// A circle against a polygon of up to 8 vertices keeps everything in registers (below); larger
// polygons fill an axis table in memory.
#pragma once

#include <bit>
#include <cstring>

#include "collide_axes.h"

namespace hitbox::collide_detail {
namespace {

using detail::select;
using detail::shuffle;

// Axes k..k+3 of a shape's unique axes as x and y lanes, and its own intervals on them. Reads
// up to three entries past axis_count; they lie inside the pose arena (axes is followed by
// self, self by the x and y runs) and the caller masks their lanes out.
inline void load_axes(const Collider& b, int k, f4& x, f4& y, f4& lo, f4& hi) {
  f4 p, q;
  std::memcpy(&p, b.axes + k, sizeof p);
  std::memcpy(&q, b.axes + k + 2, sizeof q);
  x = shuffle<0, 2, 4, 6>(p, q);
  y = shuffle<1, 3, 5, 7>(p, q);
  std::memcpy(&p, b.self + k, sizeof p);
  std::memcpy(&q, b.self + k + 2, sizeof q);
  lo = shuffle<0, 2, 4, 6>(p, q);
  hi = shuffle<1, 3, 5, 7>(p, q);
}

// Lanes k..k+3 that hold one of n axes.
inline i4 live_lanes(int k, int n) {
  const i4 idx = i4{0, 1, 2, 3} + k;
  return idx < n;
}

// The minimum of four lanes in every lane (ties keep either: equal floats).
inline f4 lane_min(f4 v) {
  const f4 m = vmin(v, shuffle<1, 0, 3, 2>(v));
  return vmin(m, shuffle<2, 3, 0, 1>(m));
}

// Per-axis results of one pair, in test order (room for A's and B's axes and one more).
struct AxisTable {
  alignas(16) float x[2 * kMaxPolygonPoints + 8];
  alignas(16) float y[2 * kMaxPolygonPoints + 8];
  alignas(16) float ov[2 * kMaxPolygonPoints + 8];
  int n = 0;  // axes tested by a full scan
};

// The verdict over the table: first separating axis (n on a hit), first least overlap.
struct TableVerdict {
  bool hit;
  int first;
  int least;
};

HITBOX_ALWAYS_INLINE TableVerdict table_verdict(const AxisTable& t, int groups) {
  f4 mn = splat4(kInf);
  for (int g = 0; g < groups; ++g) {
    f4 ov;
    std::memcpy(&ov, t.ov + 4 * g, sizeof ov);
    mn = vmin(ov, mn);
  }
  mn = lane_min(mn);
  int first = t.n, least = t.n;
  // From the last group to the first, so the first index found in order is kept.
  for (int g = groups - 1; g >= 0; --g) {
    f4 ov;
    std::memcpy(&ov, t.ov + 4 * g, sizeof ov);
    const unsigned neg = lane_mask(ov < f4{});
    const unsigned at = lane_mask(ov == mn);
    first = neg ? 4 * g + std::countr_zero(neg) : first;
    least = at ? 4 * g + std::countr_zero(at) : least;
  }
  return TableVerdict{first == t.n, first, least};
}

// Circle against polygon: the polygon's axes (circle intervals c +- r against the polygon's
// own), then the axis from the centre to the polygon's nearest vertex.
struct RoundPolygon {
  AxisTable t;
  int groups = 0;
  Interval va, vb;  // A's and B's intervals on the vertex axis
  int vertex = -1;  // the nearest vertex
};

// Polygon axis k as a trace records it: the circle's interval against the polygon's own.
template <bool kCircleIsA>
inline SatAxis edge_axis(const Collider& circle, const Collider& poly, int k, float overlap) {
  const Vec2 axis = poly.axes[k];
  const float c = dot(circle.pos, axis);
  const Interval ic{c - circle.radius, c + circle.radius};
  const Interval ip = own(poly, k);
  return SatAxis{axis,
                 kCircleIsA ? ic : ip,
                 kCircleIsA ? ip : ic,
                 overlap,
                 kCircleIsA ? AxisSource::EdgeB : AxisSource::EdgeA,
                 poly.axis_edge[k]};
}

// The trace of a circle against a polygon, read off its table.
template <bool kCircleIsA>
inline void record_round_table(SatTrace* trace, const Collider& circle, const Collider& poly,
                               const RoundPolygon& rp, bool early_exit, bool hit, int first) {
  const int m = poly.axis_count;
  record_axes(trace, early_exit, hit, first, rp.t.n, [&](int k) {
    if (k < m) return edge_axis<kCircleIsA>(circle, poly, k, rp.t.ov[k]);
    return SatAxis{Vec2(rp.t.x[k], rp.t.y[k]), rp.va,    rp.vb, rp.t.ov[k],
                   AxisSource::CircleVertex,   rp.vertex};
  });
}

// The polygon's axes alone; returns whether one of them separates (then the vertex axis is
// not needed for an answer that stops at the first separating axis).
template <bool kCircleIsA>
HITBOX_ALWAYS_INLINE bool circle_polygon_edges(const Collider& circle, const Collider& poly,
                                               RoundPolygon& out) {
  AxisTable& t = out.t;
  const int m = poly.axis_count;
  const f4 px = splat4(circle.pos.x), py = splat4(circle.pos.y), r = splat4(circle.radius);
  const f4 inf = splat4(kInf);
  unsigned neg = 0;
  for (int k = 0; k < m; k += 4) {
    f4 x, y, lo, hi;
    load_axes(poly, k, x, y, lo, hi);
    const f4 c = px * x + py * y;
    const f4 cmin = c - r, cmax = c + r;
    // interval_overlap(A, B) = min(A.max - B.min, B.max - A.min), std::min's order.
    const f4 p = kCircleIsA ? cmax - lo : hi - cmin;
    const f4 q = kCircleIsA ? hi - cmin : cmax - lo;
    f4 ov = vmin(q, p);
    ov = select(live_lanes(k, m), ov, inf);
    std::memcpy(t.x + k, &x, sizeof x);
    std::memcpy(t.y + k, &y, sizeof y);
    std::memcpy(t.ov + k, &ov, sizeof ov);
    neg |= lane_mask(ov < f4{});
  }
  t.n = m;
  out.groups = (m + 3) / 4;
  return neg != 0;
}

// Then the vertex axis, appended to the table.
template <bool kCircleIsA>
HITBOX_ALWAYS_INLINE void circle_polygon_vertex(const Collider& circle, const Collider& poly,
                                                RoundPolygon& out) {
  AxisTable& t = out.t;
  const int m = poly.axis_count;
  const f4 px = splat4(circle.pos.x), py = splat4(circle.pos.y);
  const f4 inf = splat4(kInf);
  // The nearest vertex: the first of least squared distance.
  f4 best = inf;
  for (int i = 0; i < poly.padded; i += 4) {
    f4 vx, vy;
    std::memcpy(&vx, poly.vx + i, sizeof vx);
    std::memcpy(&vy, poly.vy + i, sizeof vy);
    const f4 dx = vx - px, dy = vy - py;
    const f4 d2 = dx * dx + dy * dy;
    best = vmin(d2, best);
  }
  best = lane_min(best);
  int j = poly.padded;
  for (int i = poly.padded - 4; i >= 0; i -= 4) {
    f4 vx, vy;
    std::memcpy(&vx, poly.vx + i, sizeof vx);
    std::memcpy(&vy, poly.vy + i, sizeof vy);
    const f4 dx = vx - px, dy = vy - py;
    const unsigned at = lane_mask(dx * dx + dy * dy == best);
    j = at ? i + std::countr_zero(at) : j;
  }
  const Vec2 d = poly.v[j] - circle.pos;
  const float len2 = dot(d, d);
  const Vec2 axis = d / std::sqrt(len2);
  const Interval ip = project(poly, axis);
  const float c = dot(circle.pos, axis);
  const Interval ic{c - circle.radius, c + circle.radius};
  out.va = kCircleIsA ? ic : ip;
  out.vb = kCircleIsA ? ip : ic;
  out.vertex = j;
  const bool has = len2 > 0.0f;  // a centre exactly on a vertex: no vertex axis
  t.x[m] = axis.x;
  t.y[m] = axis.y;
  // Slot m joins its group as one vector store (the verdict loads whole groups, which would
  // wait on a scalar store). The polygon's axes left the group's later lanes at +inf.
  const int g = m & ~3;
  f4 group = inf;
  if (g < m) std::memcpy(&group, t.ov + g, sizeof group);
  const float vov = has ? interval_overlap(out.va, out.vb) : kInf;
  group = select((i4{0, 1, 2, 3} + g) == m, splat4(vov), group);
  std::memcpy(t.ov + g, &group, sizeof group);
  t.n = m + static_cast<int>(has);
  out.groups = m / 4 + 1;
}

template <bool kCircleIsA>
inline void circle_polygon_table(const Collider& circle, const Collider& poly, RoundPolygon& out) {
  circle_polygon_edges<kCircleIsA>(circle, poly, out);
  circle_polygon_vertex<kCircleIsA>(circle, poly, out);
}

// ---- circle against a polygon of at most eight vertices, in registers ----
//
// The same numbers as above with nothing stored: NA groups of the polygon's axes and NV groups
// of its vertices (NA <= NV <= 2), each held in lanes from one load. The nearest vertex is the
// first of least squared distance (its squared distance is the vertex axis's len2: the same
// operations on the same floats), the polygon is projected on the vertex axis from the
// vertex lanes already loaded (project()'s lanes and reduction order), and the answer's
// axis is read back from the shape (a polygon axis) or taken from the vertex axis.

// The polygon's axes against the circle: per lane A.max - B.min (`down`) and B.max - A.min
// (`up`), their interval_overlap (std::min's order) and the separating lanes.
template <bool kCircleIsA, int NA>
struct EdgeLanes {
  f4 ov[NA];
  unsigned neg = 0;  // bit k: axis k separates
};

template <bool kCircleIsA, int NA>
HITBOX_ALWAYS_INLINE EdgeLanes<kCircleIsA, NA> edge_lanes(const Collider& circle,
                                                          const Collider& poly) {
  EdgeLanes<kCircleIsA, NA> e;
  const int m = poly.axis_count;
  const f4 px = splat4(circle.pos.x), py = splat4(circle.pos.y), r = splat4(circle.radius);
  for (int g = 0; g < NA; ++g) {
    f4 x, y, lo, hi;
    load_axes(poly, 4 * g, x, y, lo, hi);
    const f4 c = px * x + py * y;
    const f4 cmin = c - r, cmax = c + r;
    const f4 down = kCircleIsA ? cmax - lo : hi - cmin;
    const f4 up = kCircleIsA ? hi - cmin : cmax - lo;
    f4 ov = vmin(up, down);
    ov = select(live_lanes(4 * g, m), ov, splat4(kInf));
    e.ov[g] = ov;
    e.neg |= lane_mask(ov < f4{}) << (4 * g);
  }
  return e;
}

// One axis and its two ways out (down = A.max - B.min, up = B.max - A.min).
struct AxisOut {
  Vec2 axis;
  float down, up;
};

inline float overlap_of(const AxisOut& o) {
  return o.up < o.down ? o.up : o.down;  // interval_overlap: std::min(down, up)
}

// Polygon axis k again, as a scalar (the same operations as its lane).
template <bool kCircleIsA>
HITBOX_ALWAYS_INLINE AxisOut edge_out(const Collider& circle, const Collider& poly, int k) {
  const Vec2 axis = poly.axes[k];
  const Vec2 own_k = poly.self[k];
  const float c = dot(circle.pos, axis);
  const float cmin = c - circle.radius, cmax = c + circle.radius;
  return kCircleIsA ? AxisOut{axis, cmax - own_k.x, own_k.y - cmin}
                    : AxisOut{axis, own_k.y - cmin, cmax - own_k.x};
}

// The vertex axis: from the centre to the nearest vertex (none with the centre on it).
struct VertexOut {
  AxisOut out;
  float ov;  // +inf without the axis
  bool has;
  int vertex;       // the nearest vertex
  Interval ia, ib;  // A's and B's intervals on the axis (for a trace)
  f4 lanes;         // {axis.x, axis.y, down, up}
  f4 ov4;           // ov in every lane
};

// Lanes of v kept where m is set, zero elsewhere.
inline f4 keep_lanes(f4 v, i4 m) {
  i4 bits;
  std::memcpy(&bits, &v, sizeof v);
  bits &= m;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

template <bool kCircleIsA, int NV>
HITBOX_ALWAYS_INLINE VertexOut vertex_out(const Collider& circle, const Collider& poly) {
  const f4 px = splat4(circle.pos.x), py = splat4(circle.pos.y);
  f4 vx[NV], vy[NV], d2[NV];
  for (int g = 0; g < NV; ++g) {
    std::memcpy(&vx[g], poly.vx + 4 * g, sizeof(f4));
    std::memcpy(&vy[g], poly.vy + 4 * g, sizeof(f4));
    const f4 dx = vx[g] - px, dy = vy[g] - py;
    d2[g] = dx * dx + dy * dy;
  }
  f4 mn = d2[0];
  if constexpr (NV == 2) mn = vmin(d2[1], mn);
  mn = lane_min(mn);
  unsigned bits = lane_mask(d2[0] == mn);
  if constexpr (NV == 2) bits |= lane_mask(d2[1] == mn) << 4;
  // The first vertex at the least distance (the padding repeats v[0], found first); vertex 0
  // when none compares equal (NaN), as nearest_vertex() keeps it.
  const int j = std::countr_zero(bits | 0x100u) & 7;
  const Vec2 d = poly.v[j] - circle.pos;
  const float len2 = mn[0];  // == dot(d, d): the same operations gave lane j
  // d / |d| with one division of both lanes; then each coordinate in every lane.
  const f4 q = f4{d.x, d.y, d.x, d.y} / splat4(detail::sqrt1(len2));
  const f4 ax = shuffle<0, 0, 0, 0>(q), ay = shuffle<1, 1, 1, 1>(q);
  // project(poly, axis) from the loaded vertices.
  f4 lo = vx[0] * ax + vy[0] * ay;
  f4 hi = lo;
  if constexpr (NV == 2) {
    const f4 p1 = vx[1] * ax + vy[1] * ay;
    lo = vmin(p1, lo);
    hi = vmax(p1, hi);
  }
  // std::min(std::min(l0, l1), std::min(l2, l3)), std::min(a, b) = b < a ? b : a (max alike);
  // lane 0 holds it.
  const f4 lo2 = shuffle<1, 0, 3, 2>(lo), hi2 = shuffle<1, 0, 3, 2>(hi);
  lo = vmin(lo2, lo);
  hi = vmax(hi2, hi);
  const f4 lo3 = shuffle<2, 3, 0, 1>(lo), hi3 = shuffle<2, 3, 0, 1>(hi);
  lo = vmin(lo3, lo);
  hi = vmax(hi3, hi);
  // The circle's interval, the two ways out and their overlap (lane 0; the same operations
  // as the scalar dot() and interval_overlap()).
  const f4 c = px * ax + py * ay;
  const f4 r = splat4(circle.radius);
  const f4 cmin = c - r, cmax = c + r;
  const f4 down = kCircleIsA ? cmax - lo : hi - cmin;
  const f4 up = kCircleIsA ? hi - cmin : cmax - lo;
  const f4 ov = vmin(up, down);
  VertexOut v;
  v.has = len2 > 0.0f;
  v.vertex = j;
  const Interval ic{cmin[0], cmax[0]}, ip{lo[0], hi[0]};
  v.ia = kCircleIsA ? ic : ip;
  v.ib = kCircleIsA ? ip : ic;
  v.out = AxisOut{Vec2(ax[0], ay[0]), down[0], up[0]};
  v.ov = v.has ? ov[0] : kInf;
  v.lanes = shuffle<0, 1, 4, 5>(shuffle<0, 4, 0, 4>(ax, ay), shuffle<0, 4, 0, 4>(down, up));
  v.ov4 = select(mn > f4{}, shuffle<0, 0, 0, 0>(ov), splat4(kInf));
  return v;
}

// The first polygon axis of least overlap (m when none compares equal: NaN), and that least.
template <bool kCircleIsA, int NA>
inline int least_edge(const EdgeLanes<kCircleIsA, NA>& e, int m, float& least) {
  f4 mn = e.ov[0];
  if constexpr (NA == 2) mn = vmin(e.ov[1], mn);
  mn = lane_min(mn);
  unsigned at = lane_mask(e.ov[0] == mn);
  if constexpr (NA == 2) at |= lane_mask(e.ov[1] == mn) << 4;
  least = mn[0];
  return std::countr_zero(at | (1u << m));
}

// The trace of a circle against a small polygon, from its lanes: the polygon's axes, then the
// vertex axis when it was evaluated.
template <bool kCircleIsA, int NA>
inline void record_round_small(SatTrace* trace, const Collider& circle, const Collider& poly,
                               const EdgeLanes<kCircleIsA, NA>& e, const VertexOut* v,
                               bool early_exit, bool hit, int first) {
  const int m = poly.axis_count;
  const int total = m + static_cast<int>(v != nullptr && v->has);
  record_axes(trace, early_exit, hit, first, total, [&](int k) {
    if (k < m) return edge_axis<kCircleIsA>(circle, poly, k, e.ov[k >> 2][k & 3]);
    return SatAxis{v->out.axis, v->ia, v->ib, v->ov, AxisSource::CircleVertex, v->vertex};
  });
}

HITBOX_ALWAYS_INLINE AxisOut pick_out(bool c, const AxisOut& x, const AxisOut& y) {
  using detail::pick_bits;
  return AxisOut{pick_bits(c, x.axis, y.axis), pick_bits(c, x.down, y.down),
                 pick_bits(c, x.up, y.up)};
}

template <bool kCircleIsA, int NA, int NV, bool kTrace>
MtdResult mtd_circle_small(const Collider& circle, const Collider& poly, SatTrace* trace) {
  // A polygon axis separates: a miss, without the vertex axis (measured faster than
  // evaluating it branch-free, although hits and misses come in no predictable order).
  const EdgeLanes<kCircleIsA, NA> e = edge_lanes<kCircleIsA, NA>(circle, poly);
  if (e.neg) {
    if constexpr (kTrace) {
      record_round_small(trace, circle, poly, e, nullptr, true, false, std::countr_zero(e.neg));
    }
    return MtdResult{};
  }
  const int m = poly.axis_count;
  float least;
  const int k = least_edge(e, m, least);  // k <= m: axes[m] and self[m] lie in the arena
  const AxisOut eo = edge_out<kCircleIsA>(circle, poly, k);
  const VertexOut v = vertex_out<kCircleIsA, NV>(circle, poly);
  // The least axis as lanes {axis.x, axis.y, down, up}: the vertex axis is last, the least
  // only when strictly less (or when no polygon axis compares equal: NaN).
  const f4 edge = {eo.axis.x, eo.axis.y, eo.down, eo.up};
  const i4 vertex = (v.ov4 < splat4(least)) | (i4{} - static_cast<int>(k == m));
  const f4 o = select(vertex, v.lanes, edge);
  // push_out(): the shorter way out, toward +axis when up < down, or on a tie when A lies on
  // the +axis side of B; then everything zeroed on a miss.
  const Collider& a = kCircleIsA ? circle : poly;
  const Collider& b = kCircleIsA ? poly : circle;
  const float side = dot(a.pos - b.pos, Vec2(o[0], o[1]));
  const f4 dn = shuffle<2, 2, 2, 2>(o), up = shuffle<3, 3, 3, 3>(o);
  const i4 positive = (up < dn) | ((up == dn) & (splat4(side) >= f4{}));
  const f4 depth = select(positive, up, dn);
  const f4 normal = select(positive, o, -o);  // lanes 0 and 1
  const bool hit = !(v.ov < 0.0f);
  const i4 on = ~(v.ov4 < f4{});
  const f4 nz = keep_lanes(normal, on), dz = keep_lanes(depth, on);
  const f4 vec = keep_lanes(normal * depth, on);
  if constexpr (kTrace) record_round_small(trace, circle, poly, e, &v, true, hit, m);
  MtdResult res;
  res.hit = hit;
  res.depth = dz[0];
  res.normal = Vec2(nz[0], nz[1]);
  res.vector = Vec2(vec[0], vec[1]);
  return res;
}

template <bool kCircleIsA, int NA, int NV, bool kTrace>
SatResult sat_circle_small(const Collider& circle, const Collider& poly, bool early_exit,
                           SatTrace* trace) {
  const EdgeLanes<kCircleIsA, NA> e = edge_lanes<kCircleIsA, NA>(circle, poly);
  if (e.neg && early_exit) {
    const int k = std::countr_zero(e.neg);
    const AxisOut o = edge_out<kCircleIsA>(circle, poly, k);
    if constexpr (kTrace) record_round_small(trace, circle, poly, e, nullptr, true, false, k);
    return SatResult{false, o.axis, overlap_of(o), k + 1};
  }
  const VertexOut v = vertex_out<kCircleIsA, NV>(circle, poly);
  const int m = poly.axis_count;
  const int total = m + static_cast<int>(v.has);
  const unsigned neg = e.neg | (static_cast<unsigned>(v.ov < 0.0f) << m);
  if (neg) {  // a miss: the first separating axis
    const int k = std::countr_zero(neg);
    const AxisOut o = k == m ? v.out : edge_out<kCircleIsA>(circle, poly, k);
    if constexpr (kTrace) record_round_small(trace, circle, poly, e, &v, early_exit, false, k);
    return SatResult{false, o.axis, overlap_of(o), early_exit ? k + 1 : total};
  }
  float least;
  const int k = least_edge(e, m, least);
  const bool vertex = (k == m) | (v.ov < least);
  const AxisOut o = pick_out(vertex, v.out, edge_out<kCircleIsA>(circle, poly, vertex ? 0 : k));
  if constexpr (kTrace) record_round_small(trace, circle, poly, e, &v, early_exit, true, m);
  return SatResult{true, o.axis, overlap_of(o), total};
}

inline SatResult sat_from_table(const AxisTable& t, const TableVerdict& v, bool early_exit) {
  const int k = detail::pick_int(v.hit, v.least, v.first);
  const int tested = detail::pick_int(early_exit && !v.hit, v.first + 1, t.n);
  return SatResult{v.hit, Vec2(t.x[k], t.y[k]), t.ov[k], tested};
}

// sat of a circle and a polygon; with kTrace, the axes recorded in the trace.
template <bool kCircleIsA, bool kTrace = false>
SatResult sat_circle_polygon(const Collider& circle, const Collider& poly, bool early_exit,
                             SatTrace* trace = nullptr) {
  if (poly.padded <= 8) {
    if (poly.padded == 4) {
      return sat_circle_small<kCircleIsA, 1, 1, kTrace>(circle, poly, early_exit, trace);
    }
    if (poly.axis_count <= 4) {
      return sat_circle_small<kCircleIsA, 1, 2, kTrace>(circle, poly, early_exit, trace);
    }
    return sat_circle_small<kCircleIsA, 2, 2, kTrace>(circle, poly, early_exit, trace);
  }
  RoundPolygon rp;
  // A polygon axis separates: with an early exit the answer is that axis.
  if (circle_polygon_edges<kCircleIsA>(circle, poly, rp) && early_exit) {
    const TableVerdict v = table_verdict(rp.t, rp.groups);
    if constexpr (kTrace)
      record_round_table<kCircleIsA>(trace, circle, poly, rp, true, false, v.first);
    return sat_from_table(rp.t, v, true);
  }
  circle_polygon_vertex<kCircleIsA>(circle, poly, rp);
  const TableVerdict v = table_verdict(rp.t, rp.groups);
  if constexpr (kTrace) {
    record_round_table<kCircleIsA>(trace, circle, poly, rp, early_exit, v.hit, v.first);
  }
  return sat_from_table(rp.t, v, early_exit);
}

// push_out_select() on the least axis, from its two intervals.
inline MtdResult push_out_fast(bool hit, Vec2 axis, Interval ia, Interval ib, Vec2 a_pos,
                               Vec2 b_pos) {
  return push_out_select(hit, axis, ia.max - ib.min, ib.max - ia.min, a_pos, b_pos);
}

// mtd of a circle and a polygon; with kTrace, the axes recorded in the trace.
template <bool kCircleIsA, bool kTrace = false>
MtdResult mtd_circle_polygon(const Collider& circle, const Collider& poly,
                             SatTrace* trace = nullptr) {
  if (poly.padded <= 8) {
    if (poly.padded == 4) return mtd_circle_small<kCircleIsA, 1, 1, kTrace>(circle, poly, trace);
    if (poly.axis_count <= 4) {
      return mtd_circle_small<kCircleIsA, 1, 2, kTrace>(circle, poly, trace);
    }
    return mtd_circle_small<kCircleIsA, 2, 2, kTrace>(circle, poly, trace);
  }
  RoundPolygon rp;
  if (circle_polygon_edges<kCircleIsA>(circle, poly, rp)) {
    if constexpr (kTrace) {
      const TableVerdict v = table_verdict(rp.t, rp.groups);
      record_round_table<kCircleIsA>(trace, circle, poly, rp, true, false, v.first);
    }
    return MtdResult{};
  }
  circle_polygon_vertex<kCircleIsA>(circle, poly, rp);
  const TableVerdict v = table_verdict(rp.t, rp.groups);
  if constexpr (kTrace)
    record_round_table<kCircleIsA>(trace, circle, poly, rp, true, v.hit, v.first);
  const int k = v.least;
  const Vec2 axis(rp.t.x[k], rp.t.y[k]);
  const Collider& a = kCircleIsA ? circle : poly;
  const Collider& b = kCircleIsA ? poly : circle;
  // The least axis is a polygon axis (the circle's interval against the polygon's own) or the
  // vertex axis (both intervals kept). self[k] at k = axis_count lies inside the arena.
  const bool edge = k < poly.axis_count;
  const float c = dot(circle.pos, axis);
  const Interval ic{c - circle.radius, c + circle.radius};
  const Vec2 own_k = poly.self[k];
  const Interval ip_edge{own_k.x, own_k.y};
  const Interval ia_edge = kCircleIsA ? ic : ip_edge;
  const Interval ib_edge = kCircleIsA ? ip_edge : ic;
  const Interval ia{detail::pick_bits(edge, ia_edge.min, rp.va.min),
                    detail::pick_bits(edge, ia_edge.max, rp.va.max)};
  const Interval ib{detail::pick_bits(edge, ib_edge.min, rp.vb.min),
                    detail::pick_bits(edge, ib_edge.max, rp.vb.max)};
  return push_out_fast(v.hit, axis, ia, ib, a.pos, b.pos);
}

// ---- polygon against polygon ----

// A group of four axes (x and y lanes) projected on a polygon: lane by lane what project()
// computes for one axis, with its reduction order (vertex i into running minimum i mod 4).
inline void project_lanes(const Collider& p, f4 x, f4 y, f4& lo, f4& hi) {
  // The four vertices i..i+3, each on the four axes.
  const auto at = [&](int i, f4 d[4]) {
    f4 vx, vy;
    std::memcpy(&vx, p.vx + i, sizeof vx);
    std::memcpy(&vy, p.vy + i, sizeof vy);
    d[0] = shuffle<0, 0, 0, 0>(vx) * x + shuffle<0, 0, 0, 0>(vy) * y;
    d[1] = shuffle<1, 1, 1, 1>(vx) * x + shuffle<1, 1, 1, 1>(vy) * y;
    d[2] = shuffle<2, 2, 2, 2>(vx) * x + shuffle<2, 2, 2, 2>(vy) * y;
    d[3] = shuffle<3, 3, 3, 3>(vx) * x + shuffle<3, 3, 3, 3>(vy) * y;
  };
  f4 lo4[4], hi4[4];
  at(0, lo4);
  for (int j = 0; j < 4; ++j) hi4[j] = lo4[j];
  for (int i = 4; i < p.padded; i += 4) {
    f4 d[4];
    at(i, d);
    for (int j = 0; j < 4; ++j) {
      lo4[j] = vmin(d[j], lo4[j]);
      hi4[j] = vmax(d[j], hi4[j]);
    }
  }
  // std::min(a, b) is b < a ? b : a; std::max(a, b) is a < b ? b : a.
  const auto mn = [](f4 a, f4 b) { return vmin(b, a); };
  const auto mx = [](f4 a, f4 b) { return vmax(b, a); };
  lo = mn(mn(lo4[0], lo4[1]), mn(lo4[2], lo4[3]));
  hi = mx(mx(hi4[0], hi4[1]), mx(hi4[2], hi4[3]));
}

// The overlaps of one shape's axes k..k+3 (own intervals) against the other polygon, into the
// table at index base + k. own_is_a: the axes are A's (A's interval is the own one).
inline unsigned polygon_axes_group(const Collider& owner, const Collider& other, bool own_is_a,
                                   int k, AxisTable& t, int base) {
  f4 x, y, olo, ohi, plo, phi;
  load_axes(owner, k, x, y, olo, ohi);
  project_lanes(other, x, y, plo, phi);
  // interval_overlap(A, B) = min(A.max - B.min, B.max - A.min), std::min's order.
  const f4 p = own_is_a ? ohi - plo : phi - olo;
  const f4 q = own_is_a ? phi - olo : ohi - plo;
  f4 ov = vmin(q, p);
  ov = select(live_lanes(k, owner.axis_count), ov, splat4(kInf));
  std::memcpy(t.x + base + k, &x, sizeof x);
  std::memcpy(t.y + base + k, &y, sizeof y);
  std::memcpy(t.ov + base + k, &ov, sizeof ov);
  return lane_mask(ov < f4{});
}

// A's axes then B's, four at a time, into the table (A's group padded with +inf lanes, so
// B's axes start at a multiple of four: index ma4 + k). `stop`: return at the first group
// with a separating axis. Returns whether one was found; `index` maps table slots to axes.
struct PolygonTable {
  AxisTable t;
  int ma4 = 0;     // A's axes rounded up to four
  int groups = 0;  // groups filled
};

inline bool polygon_table(const Collider& a, const Collider& b, bool stop, PolygonTable& pt) {
  const int ma = a.axis_count, mb = b.axis_count;
  pt.ma4 = (ma + 3) / 4 * 4;
  pt.groups = 0;
  unsigned neg = 0;
  for (int k = 0; k < ma; k += 4) {
    neg |= polygon_axes_group(a, b, true, k, pt.t, 0);
    ++pt.groups;
    if (stop && neg) return true;
  }
  for (int k = 0; k < mb; k += 4) {
    neg |= polygon_axes_group(b, a, false, k, pt.t, pt.ma4);
    ++pt.groups;
    if (stop && neg) return true;
  }
  return neg != 0;
}

// Table slot -> axis index in test order (A's axes, then B's).
inline int polygon_axis_index(const PolygonTable& pt, int slot, int ma) {
  return slot < pt.ma4 ? slot : ma + (slot - pt.ma4);
}

// The trace of two polygons, read off their table: A's axes (A's own interval), then B's.
inline void record_polygon_table(SatTrace* trace, const Collider& a, const Collider& b,
                                 const PolygonTable& pt, bool early_exit, bool hit, int first) {
  const int ma = a.axis_count;
  record_axes(trace, early_exit, hit, first, ma + b.axis_count, [&](int k) {
    if (k < ma) {
      const Vec2 axis = a.axes[k];
      return SatAxis{axis,       own(a, k),         project(b, axis),
                     pt.t.ov[k], AxisSource::EdgeA, a.axis_edge[k]};
    }
    const int kb = k - ma;
    const Vec2 axis = b.axes[kb];
    return SatAxis{
        axis,           project(a, axis), own(b, kb), pt.t.ov[pt.ma4 + kb], AxisSource::EdgeB,
        b.axis_edge[kb]};
  });
}

// sat of two polygons; with kTrace, the axes recorded in the trace.
template <bool kTrace = false>
inline SatResult sat_polygon_polygon(const Collider& a, const Collider& b, bool early_exit,
                                     SatTrace* trace = nullptr) {
  PolygonTable pt;
  polygon_table(a, b, early_exit, pt);
  pt.t.n = pt.groups * 4;  // a slot past the filled groups: "no separating axis"
  const TableVerdict v = table_verdict(pt.t, pt.groups);
  const int total = a.axis_count + b.axis_count;
  const int k = detail::pick_int(v.hit, v.least, v.first);
  const int first = polygon_axis_index(pt, v.first, a.axis_count);
  const int tested = early_exit && !v.hit ? first + 1 : total;
  if constexpr (kTrace) record_polygon_table(trace, a, b, pt, early_exit, v.hit, first);
  return SatResult{v.hit, Vec2(pt.t.x[k], pt.t.y[k]), pt.t.ov[k], tested};
}

// mtd of two polygons; with kTrace, the axes recorded in the trace.
template <bool kTrace = false>
inline MtdResult mtd_polygon_polygon(const Collider& a, const Collider& b,
                                     SatTrace* trace = nullptr) {
  PolygonTable pt;
  if (polygon_table(a, b, true, pt)) {
    if constexpr (kTrace) {
      pt.t.n = pt.groups * 4;
      const TableVerdict v = table_verdict(pt.t, pt.groups);
      record_polygon_table(trace, a, b, pt, true, false,
                           polygon_axis_index(pt, v.first, a.axis_count));
    }
    return MtdResult{};
  }
  pt.t.n = pt.groups * 4;
  const TableVerdict v = table_verdict(pt.t, pt.groups);
  if constexpr (kTrace) record_polygon_table(trace, a, b, pt, true, true, -1);
  const int k = v.least;
  const Vec2 axis(pt.t.x[k], pt.t.y[k]);
  // The least axis's two intervals, as the scan had them (project() is the same arithmetic
  // as the lanes).
  const bool of_a = k < pt.ma4;
  const Interval ia = of_a ? own(a, k) : project(a, axis);
  const Interval ib = of_a ? project(b, axis) : own(b, k - pt.ma4);
  return push_out_fast(true, axis, ia, ib, a.pos, b.pos);
}

}  // namespace
}  // namespace hitbox::collide_detail
