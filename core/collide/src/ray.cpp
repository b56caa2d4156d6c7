// Ray casts (ray.h): one function per kind of body, and the scene-wide sort.
#include "hitbox/ray.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

#include "hitbox/detail/lanes.h"
#include "hitbox/segment.h"

namespace hitbox {

namespace {

Vec2 unit_or(Vec2 v, Vec2 fallback) {
  const float len2 = dot(v, v);
  return len2 > 0.0f ? v / std::sqrt(len2) : fallback;
}

using detail::ray_hit_at;
using detail::ray_inside_at;

// Cyrus-Beck: the ray's t range [0, 1] cut by each edge's inner half-plane
// dot(n, x - v) <= 0. An edge the ray runs parallel to either keeps all of it or none.
RayHit ray_convex(const Collider& b, Vec2 from, Vec2 d) {
  bool inside = true;
  for (int i = 0; i < b.count && inside; ++i) inside = dot(b.n[i], from - b.v[i]) <= 0.0f;
  if (inside) return ray_inside_at(from);
  float t_in = 0.0f, t_out = 1.0f;
  int edge = -1;
  for (int i = 0; i < b.count; ++i) {
    const float num = dot(b.n[i], from - b.v[i]);  // > 0: the start is outside this edge
    const float den = dot(b.n[i], d);
    if (den == 0.0f) {
      if (num > 0.0f) return {};
      continue;
    }
    const float t = -num / den;
    if (den < 0.0f) {
      if (t > t_in || edge < 0) {
        t_in = std::max(t, t_in);
        edge = i;
      }
    } else {
      t_out = std::min(t_out, t);
    }
    if (t_in > t_out) return {};
  }
  if (edge < 0) return {};
  return ray_hit_at(from, d, t_in, b.n[edge]);
}

// ray_convex() for a polygon of up to 8 vertices, its edges four to a register: every edge's
// numerator, denominator and t at once (the same operations as the loop, lane by lane), then
// the loop's choices from masks. Entering edges (den < 0) raise t_in; the first of them is
// the hit edge until one lies strictly further, so the edge is the first entering edge at the
// largest t when that t is positive, else the first entering edge. Exiting edges lower t_out,
// and a parallel edge with the start outside it misses.
template <int G>
[[gnu::noinline]] RayHit ray_convex_lanes(const Collider& b, Vec2 from, Vec2 d) {
  using detail::f4;
  using detail::i4;
  using detail::lane_mask;
  using detail::select;
  using detail::shuffle;
  using detail::splat4;
  using detail::vmax;
  using detail::vmin;
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const f4 fx = splat4(from.x), fy = splat4(from.y), dx = splat4(d.x), dy = splat4(d.y);
  unsigned outside = 0, parallel_out = 0, entering = 0;
  f4 t[G];
  f4 t_enter = splat4(-kInf), t_exit = splat4(kInf);
  for (int g = 0; g < G; ++g) {
    // Normals 4g..4g+3 (past the last edge: the next run of the pose arena, masked out).
    f4 p, q, vx, vy;
    std::memcpy(&p, b.n + 4 * g, sizeof p);
    std::memcpy(&q, b.n + 4 * g + 2, sizeof q);
    std::memcpy(&vx, b.vx + 4 * g, sizeof vx);
    std::memcpy(&vy, b.vy + 4 * g, sizeof vy);
    const f4 nx = shuffle<0, 2, 4, 6>(p, q), ny = shuffle<1, 3, 5, 7>(p, q);
    const f4 num = nx * (fx - vx) + ny * (fy - vy);
    const f4 den = nx * dx + ny * dy;
    t[g] = -num / den;
    const i4 live = (i4{0, 1, 2, 3} + 4 * g) < b.count;
    const i4 in = live & (den < f4{}), out = live & (den > f4{});
    outside |= lane_mask(live & ~(num <= f4{})) << (4 * g);
    parallel_out |= lane_mask(live & (den == f4{}) & (num > f4{})) << (4 * g);
    entering |= lane_mask(in) << (4 * g);
    t_enter = select(in & (t_enter < t[g]), t[g], t_enter);
    t_exit = select(out & (t[g] < t_exit), t[g], t_exit);
  }
  if (outside == 0) return ray_inside_at(from);
  // The largest entering t and the least exiting t over the lanes.
  f4 m = vmax(shuffle<1, 0, 3, 2>(t_enter), t_enter);
  m = vmax(shuffle<2, 3, 0, 1>(m), m);
  f4 x = vmin(shuffle<1, 0, 3, 2>(t_exit), t_exit);
  x = vmin(shuffle<2, 3, 0, 1>(x), x);
  const float t_max = m[0];
  const float t_in = t_max > 0.0f ? t_max : 0.0f;
  const float t_out = x[0] < 1.0f ? x[0] : 1.0f;
  if (parallel_out != 0 || entering == 0 || !(t_in <= t_out)) return {};
  unsigned at = 0;
  for (int g = 0; g < G; ++g) at |= lane_mask(t[g] == splat4(t_max)) << (4 * g);
  const unsigned first = t_max > 0.0f ? at & entering : entering;
  return ray_hit_at(from, d, t_in, b.n[std::countr_zero(first)]);
}

// A box, in its own frame: the slabs |x| <= half.x and |y| <= half.y cut the t range [0, 1]
// (Kay-Kajiya), without a branch per side; the entry is through the face of the slab whose
// near t is the larger (x on a tie), the normal that face's, against the ray. A ray parallel
// to a slab's faces keeps all of the range or none of it. Closed: a start on the boundary is
// inside.
RayHit ray_box(const Collider& b, Vec2 from, Vec2 d) {
  const Vec2 f = from - b.pos;
  const float fx = dot(f, b.axis_x), fy = dot(f, b.axis_y);
  if (std::fabs(fx) <= b.half.x && std::fabs(fy) <= b.half.y) return ray_inside_at(from);
  const float dx = dot(d, b.axis_x), dy = dot(d, b.axis_y);
  // Near and far t of one slab; a parallel ray inside it: (-inf, +inf), outside it: empty.
  struct Slab {
    float near, far;
  };
  const auto slab = [](float p, float v, float h) {
    constexpr float kInf = std::numeric_limits<float>::infinity();
    if (v == 0.0f) return std::fabs(p) <= h ? Slab{-kInf, kInf} : Slab{kInf, -kInf};
    const float t0 = (-h - p) / v, t1 = (h - p) / v;
    return Slab{std::min(t0, t1), std::max(t0, t1)};
  };
  const Slab sx = slab(fx, dx, b.half.x), sy = slab(fy, dy, b.half.y);
  const bool by_y = sy.near > sx.near;
  const float t_in = std::max(std::max(sx.near, sy.near), 0.0f);
  const float t_out = std::min(std::min(sx.far, sy.far), 1.0f);
  if (!(t_in <= t_out)) return {};
  const Vec2 axis = by_y ? b.axis_y : b.axis_x;
  const float along = by_y ? dy : dx;
  return ray_hit_at(from, d, t_in, along > 0.0f ? -axis : axis);
}

// The orientation of c against the line a -> b, in double (segment.cpp's test).
double orient(Vec2 a, Vec2 b, Vec2 c) {
  const double ax = a.x, ay = a.y;
  return (b.x - ax) * (c.y - ay) - (b.y - ay) * (c.x - ax);
}

// The reverse of the ray's direction, unit. Out of line: the rare normal of a crossing whose
// start lies on the segment's line in float, of a ray along a segment or through a point, and
// of a circle hit whose quick normal cannot be trusted.
[[gnu::noinline]] Vec2 back_of(Vec2 d) {
  return -unit_or(d, Vec2(1.0f, 0.0f));
}

// Segments and points: where the ray's own segment meets them (segment.h), the hit nearest
// the start. Every case; ray_segment() below takes the common ones of a segment first.
[[gnu::noinline]] RayHit ray_thin(const Collider& b, Vec2 from, Vec2 to, Vec2 d) {
  const Vec2 v0 = b.v[0];
  const Vec2 v1 = b.count == 2 ? b.v[1] : b.v[0];
  if (segment_intersection(from, from, v0, v1).count > 0) return ray_inside_at(from);
  const SegmentHits s = segment_intersection(from, to, v0, v1);
  if (s.count == 0) return {};
  const float dd = dot(d, d);
  if (!(dd > 0.0f)) return {};
  float t = 2.0f;
  for (int k = 0; k < s.count; ++k) t = std::min(t, dot(s.p[k] - from, d) / dd);
  t = std::clamp(t, 0.0f, 1.0f);
  Vec2 normal = back_of(d);
  if (b.count == 2 && s.count == 1) {
    // Across the segment: its normal on the start's side (a ray through an end point
    // exactly along the segment's line counts as along it).
    const Vec2 n = b.n[0];
    const float side = dot(n, from - v0);
    if (side != 0.0f) normal = side > 0.0f ? n : -n;
  }
  return ray_hit_at(from, d, t, normal);
}

// A ray crossing a segment with every end strictly apart: segment_intersection's crossing
// point from the two exact orientations of the ray's ends, its t, and the segment's normal on
// the start's side.
RayHit segment_crossing(const Collider& b, Vec2 from, Vec2 to, Vec2 d, double o_from, double o_to) {
  const double s = o_from / (o_from - o_to);
  const Vec2 p(static_cast<float>(from.x + s * (static_cast<double>(to.x) - from.x)),
               static_cast<float>(from.y + s * (static_cast<double>(to.y) - from.y)));
  const float dd = dot(d, d);
  if (!(dd > 0.0f)) return {};
  const float t = std::clamp(dot(p - from, d) / dd, 0.0f, 1.0f);
  const Vec2 n = b.n[0];
  const float side = dot(n, from - b.v[0]);
  const Vec2 normal = side > 0.0f ? n : side < 0.0f ? -n : back_of(d);
  return ray_hit_at(from, d, t, normal);
}

// A segment, the common cases with segment_intersection's own tests and numbers: the start off
// the segment's line, and the ray's ends strictly on one side of it or the segment's ends
// strictly on one side of the ray (a miss), or every end strictly apart (one crossing).
// Anything touching a line takes ray_thin(). The four sign tests are combined without
// branches into one miss test, so a miss costs one branch, not a chain of them on signs that
// come in no predictable order.
[[gnu::noinline]] RayHit ray_segment_exact(const Collider& b, Vec2 from, Vec2 to, Vec2 d) {
  const Vec2 v0 = b.v[0], v1 = b.v[1];
  const double o_from = orient(v0, v1, from), o_to = orient(v0, v1, to);
  const double o_v0 = orient(from, to, v0), o_v1 = orient(from, to, v1);
  const bool apart = ((o_from > 0.0) & (o_to > 0.0)) | ((o_from < 0.0) & (o_to < 0.0)) |
                     ((o_v0 > 0.0) & (o_v1 > 0.0)) | ((o_v0 < 0.0) & (o_v1 < 0.0));
  const bool cross = (o_to != 0.0) & (o_v0 != 0.0) & (o_v1 != 0.0);
  if (apart & (o_from != 0.0)) return {};
  if ((o_from == 0.0) | !cross) [[unlikely]] {
    return ray_thin(b, from, to, d);
  }
  return segment_crossing(b, from, to, d, o_from, o_to);
}

// The same decisions with the four orientations first in float, in one register, each with
// a bound on its rounding (Shewchuk's ccwerrboundA for float, with room to spare): where every
// float sign is certain it is the exact sign (the double orientations are exact up to their
// last rounding, which keeps the sign), so a miss is decided without a double; any uncertain
// sign, or products too small for the bound to hold, takes the exact path above.
RayHit ray_segment(const Collider& b, Vec2 from, Vec2 to, Vec2 d) {
  using detail::f4;
  using detail::shuffle;
  f4 ends;  // {v0.x, v0.y, v1.x, v1.y}
  std::memcpy(&ends, b.v, sizeof ends);
  const f4 ray{from.x, from.y, to.x, to.y};
  // Orientation k of c against a -> b: o_from (v0, v1, from), o_to (v0, v1, to),
  // o_v0 (from, to, v0), o_v1 (from, to, v1).
  const f4 ax = shuffle<0, 0, 4, 4>(ends, ray), ay = shuffle<1, 1, 5, 5>(ends, ray);
  const f4 bx = shuffle<2, 2, 6, 6>(ends, ray), by = shuffle<3, 3, 7, 7>(ends, ray);
  const f4 cx = shuffle<4, 6, 0, 2>(ends, ray), cy = shuffle<5, 7, 1, 3>(ends, ray);
  const f4 left = (bx - ax) * (cy - ay), right = (by - ay) * (cx - ax);
  const f4 det = left - right;
  const f4 sum = detail::abs4(left) + detail::abs4(right);
  // (The bound's floor keeps products too small for it, near underflow, on the exact path.)
  const f4 scaled = sum * detail::splat4(4e-7f), floor = detail::splat4(1e-30f);
  const f4 bound = detail::vmax(scaled, floor);
  if (detail::lane_mask(detail::abs4(det) > bound) != 15u) [[unlikely]] {
    return ray_segment_exact(b, from, to, d);
  }
  // Every sign certain, so nonzero: a pair with equal signs is strictly on one side (a miss);
  // otherwise one crossing.
  const unsigned pos = detail::lane_mask(det > f4{});
  if (((pos ^ pos >> 1) & 5u) != 5u) return {};
  return segment_crossing(b, from, to, d, orient(b.v[0], b.v[1], from), orient(b.v[0], b.v[1], to));
}

}  // namespace

// A concave polygon: the first entry into any piece is on the outline (from outside, the ray
// reaches the union's boundary before any inner diagonal). Out of line, so the convex casts
// below run without this loop's frame.
namespace {
[[gnu::noinline]] RayHit raycast_pieces(const Collider& b, Vec2 from, Vec2 to) {
  RayHit best;
  for (int k = 0; k < b.piece_count; ++k) {
    const RayHit h = raycast(b.pieces[k], from, to);
    if (h.hit && (h.inside || !best.hit || h.t < best.t)) best = h;
    if (h.inside) break;
  }
  return best;
}
}  // namespace

namespace {
// A capsule: a start inside (contains()), else the earliest of the two sides (the core
// segment pushed out by r along +-n, hit from outside) and the two end discs (ray_circle).
RayHit ray_capsule(const Collider& b, Vec2 from, Vec2 d) {
  if (contains(b, from)) return ray_inside_at(from);
  RayHit best;
  const Vec2 e = b.v[1] - b.v[0];
  const float len2 = dot(e, e);
  for (const Vec2 n : {b.n[0], -b.n[0]}) {
    const Vec2 s0 = b.v[0] + b.radius * n;  // the side's line: dot(n, x - s0) = 0
    const float gap = dot(n, from - s0), approach = dot(n, d);
    if (!(gap > 0.0f) || !(approach < 0.0f)) continue;  // behind the side, or not heading in
    const float t = -gap / approach;
    const float along = dot(from + d * t - s0, e);
    if (t <= 1.0f && along >= 0.0f && along <= len2 && (!best.hit || t < best.t)) {
      best = ray_hit_at(from, d, t, n);
    }
  }
  for (int k = 0; k < 2; ++k) {
    Collider end;
    end.pos = b.v[k];
    end.radius = b.radius;
    const RayHit h = detail::ray_circle(end, from, d);
    if (h.hit && (!best.hit || h.t < best.t)) best = h;
  }
  return best;
}

}  // namespace

namespace detail {

[[gnu::noinline]] Vec2 circle_normal_exact(Vec2 p, Vec2 centre, Vec2 d) {
  return unit_or(p - centre, back_of(d));
}

// raycast() takes the circles inline; every other kind comes here.
RayHit raycast_any(const Collider& b, Vec2 from, Vec2 to) {
  assert(b.geom != Geom::Circle);
  if (has_pieces(b)) return raycast_pieces(b, from, to);
  const Vec2 d = to - from;
  if (b.geom == Geom::Box) return ray_box(b, from, d);
  if (b.geom == Geom::Capsule) return ray_capsule(b, from, d);
  if (!has_area(b)) return b.count == 2 ? ray_segment(b, from, to, d) : ray_thin(b, from, to, d);
  if (b.padded == 4) return ray_convex_lanes<1>(b, from, d);
  if (b.padded == 8) return ray_convex_lanes<2>(b, from, d);
  return ray_convex(b, from, d);
}

}  // namespace detail

std::vector<RayHitAt> cast_ray(std::span<const Posed> shapes, Vec2 from, Vec2 to) {
  std::vector<RayHitAt> hits;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const RayHit h = raycast(shapes[i].collider(), from, to);
    if (h.hit) hits.push_back(RayHitAt{static_cast<int>(i), h});
  }
  std::stable_sort(hits.begin(), hits.end(),
                   [](const RayHitAt& x, const RayHitAt& y) { return x.hit.t < y.hit.t; });
  return hits;
}

}  // namespace hitbox
