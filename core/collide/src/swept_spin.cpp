// swept_turning: the time of impact of shapes that move and turn over one step, by
// conservative advancement on GJK distances (collide.h has the method and its constants), and
// the shapes posed at a time of the step (moved_into, at_time, swept_point).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/concave.h"
#include "hitbox/detail/trig.h"
#include "hitbox/gjk.h"

namespace hitbox {

Collider moved_into(const Collider& c, Vec2 move, float angle, std::span<Vec2> vec_storage) {
  Collider m = c;
  m.pieces = nullptr;
  m.piece_count = 0;
  m.pos = c.pos + move;
  float cs, sn;
  detail::cos_sin(angle, &cs, &sn);  // the same bytes with every libm (play mode's guard)
  // Clockwise on screen with y down, as the pose's own rotation (shape.cpp).
  const auto rot = [&](Vec2 v) { return Vec2(cs * v.x - sn * v.y, sn * v.x + cs * v.y); };
  m.axis_x = rot(c.axis_x);
  m.axis_y = rot(c.axis_y);
  if (c.geom == Geom::Circle || c.count == 0) {
    m.bounds = Aabb{m.pos - Vec2(c.radius), m.pos + Vec2(c.radius)};
    return m;
  }
  const int count = c.count;
  Vec2* v = vec_storage.data();
  Vec2* n = v + count;
  Vec2* axes = n + count;
  Vec2* self = axes + count;
  float* vx = &(self + count)->x;
  float* vy = vx + c.padded;
  Aabb box{m.pos, m.pos};
  for (int i = 0; i < count; ++i) {
    v[i] = m.pos + rot(c.v[i] - c.pos);
    n[i] = rot(c.n[i]);
    box.min = i == 0 ? v[i] : glm::min(box.min, v[i]);
    box.max = i == 0 ? v[i] : glm::max(box.max, v[i]);
  }
  if (c.geom == Geom::Box) {
    axes[0] = m.axis_x;
    axes[1] = m.axis_y;
  } else {
    for (int k = 0; k < c.axis_count; ++k) axes[k] = rot(c.axes[k]);
  }
  // A rigid motion keeps each extent's offset from pos along the axis that turns with it.
  for (int k = 0; k < c.axis_count; ++k) {
    const float shift = dot(axes[k], m.pos) - dot(c.axes[k], c.pos);
    self[k] = c.self[k] + Vec2(shift);
  }
  for (int i = 0; i < c.padded; ++i) {
    vx[i] = v[i < count ? i : 0].x;
    vy[i] = v[i < count ? i : 0].y;
  }
  if (c.geom == Geom::Capsule) {  // the core's box grown by the radius
    box.min -= Vec2(c.radius);
    box.max += Vec2(c.radius);
  }
  m.bounds = box;
  m.v = v;
  m.n = n;
  m.axes = axes;
  m.self = self;
  m.vx = vx;
  m.vy = vy;
  return m;
}

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

std::span<const Collider> parts(const Collider& b) {
  if (has_pieces(b)) return {b.pieces, static_cast<std::size_t>(b.piece_count)};
  return {&b, 1};
}

// Storage for one convex part posed at a time (pose_vec_slots: 4 per vertex plus the padded
// runs), on the stack up to the polygon limit.
struct PartStore {
  static constexpr int kInline = 4 * kMaxPolygonPoints + kMaxPolygonPoints;
  Vec2 inline_vecs[kInline];
  std::vector<Vec2> heap;
  std::span<Vec2> for_part(const Collider& c) {
    const int slots = 4 * c.count + c.padded;
    if (slots <= kInline) return {inline_vecs, static_cast<std::size_t>(slots)};
    heap.resize(static_cast<std::size_t>(slots));
    return heap;
  }
};

// How fast a shape's spin can move its points: the farthest core point from pos (a circle's
// core is its centre).
float reach(const Collider& c) {
  return c.geom == Geom::Circle ? 0.0f : c.bound;
}

// The pair's closest piece pair at one time and the shortest safe advance over all pairs.
struct Probe {
  GjkResult closest;  // the piece pair nearest each other
  int ca = 0, cb = 0;
  float distance = 0.0f;
  SweptAdvance limit;  // the piece pair that allows the shortest advance
  float dt = 0.0f;     // that advance (+inf: no pair can approach any more)
};

template <bool kTrace>
SweptResult turning(const Collider& a, const Collider& b, SweptTrace* trace, PiecePair* which) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  const Vec2 rel = a.vel - b.vel;
  const float spin_a = turns(a) ? std::abs(a.spin) : 0.0f;
  const float spin_b = turns(b) ? std::abs(b.spin) : 0.0f;
  const float turn_speed = spin_a * reach(a) + spin_b * reach(b);
  if constexpr (kTrace) {
    trace->steps.clear();
    trace->advances.clear();
    trace->entry_step = -1;
    trace->rel_vel = rel;
    trace->qa = trace->qb = trace->qc = 0.0f;
    trace->miss = SweptMiss::None;
    trace->method = SweptMethod::ConservativeAdvancement;
    trace->t_enter = kInf;
    trace->t_exit = kInf;
  }
  PartStore sa, sb;
  const auto probe = [&](float t) {
    Probe p;
    p.distance = kInf;
    p.dt = kInf;
    bool have_limit = false;
    for (std::size_t i = 0; i < pa.size(); ++i) {
      const Collider ai = t == 0.0f ? pa[i] : at_time(pa[i], t, sa.for_part(pa[i]));
      for (std::size_t j = 0; j < pb.size(); ++j) {
        const Collider bj = t == 0.0f ? pb[j] : at_time(pb[j], t, sb.for_part(pb[j]));
        // At t = 0 an overlap ends the search with mtd(): no depth needed from GJK.
        const GjkResult g = t == 0.0f ? gjk_gap(ai, bj) : gjk(ai, bj);
        const float d = g.hit ? 0.0f : g.distance;
        // The normal points from B toward A; A approaches B along -normal.
        const float bound = -dot(rel, g.normal) + turn_speed;
        const float dt = bound > 0.0f ? (d - kSweptTarget) / bound : kInf;
        if (d < p.distance) {
          p.distance = d;
          p.closest = g;
          p.ca = static_cast<int>(i);
          p.cb = static_cast<int>(j);
        }
        if (!have_limit || dt < p.dt) {
          have_limit = true;
          p.dt = dt;
          p.limit = SweptAdvance{t,
                                 d,
                                 bound,
                                 g.normal,
                                 g.point_a,
                                 g.point_b,
                                 static_cast<int>(i),
                                 static_cast<int>(j)};
        }
      }
    }
    return p;
  };
  const auto name_pair = [&](int i, int j) {
    if (which && (has_pieces(a) || has_pieces(b))) *which = PiecePair{i, j};
  };

  SweptResult r;
  float t = 0.0f;
  for (int k = 0; k < kSweptMaxAdvances; ++k) {
    const Probe p = probe(t);
    if constexpr (kTrace) trace->advances.push_back(p.limit);
    if (k == 0 && p.closest.hit) {
      // Overlapping at t = 0: toi 0 and the push-out, as the other methods.
      r.hit = true;
      r.initially_overlapping = true;
      r.mtd = has_pieces(a) || has_pieces(b) ? mtd_pieces(a, b, nullptr, nullptr) : mtd(a, b);
      r.normal = r.mtd.normal;
      name_pair(p.ca, p.cb);
      if constexpr (kTrace) trace->t_enter = 0.0f;
      return r;
    }
    if (p.distance <= kSweptTolerance) {
      r.hit = true;
      r.toi = t;
      r.normal = p.closest.normal;
      name_pair(p.ca, p.cb);
      if constexpr (kTrace) trace->t_enter = t;
      return r;
    }
    name_pair(p.limit.piece_a, p.limit.piece_b);
    if (!(p.dt < kInf)) {
      if constexpr (kTrace) trace->miss = SweptMiss::Receding;
      return r;
    }
    // Each advance is at least (kSweptTolerance - kSweptTarget) / bound > 0.
    t += p.dt;
    if (t > 1.0f) {
      if constexpr (kTrace) trace->miss = SweptMiss::NotReached;
      return r;
    }
  }
  r.gave_up = true;
  r.toi = t;
  if constexpr (kTrace) trace->miss = SweptMiss::GaveUp;
  return r;
}

}  // namespace

SweptResult swept_turning(const Collider& a, const Collider& b, SweptTrace* trace,
                          PiecePair* which) {
  return trace ? turning<true>(a, b, trace, which) : turning<false>(a, b, nullptr, which);
}

Vec2 swept_point(const Collider& a, const Collider& b, const SweptResult& r) {
  const std::span<const Collider> pa = parts(a), pb = parts(b);
  PartStore sa, sb;
  GjkResult best;
  bool have = false;
  for (const Collider& pi : pa) {
    const Collider ai = at_time(pi, r.toi, sa.for_part(pi));
    for (const Collider& pj : pb) {
      const Collider bj = at_time(pj, r.toi, sb.for_part(pj));
      const GjkResult g = gjk(ai, bj);
      const bool better = !have || (g.hit && !best.hit) ||
                          (g.hit && best.hit && g.depth > best.depth) ||
                          (!g.hit && !best.hit && g.distance < best.distance);
      if (better) {
        best = g;
        have = true;
      }
    }
  }
  return (best.point_a + best.point_b) * 0.5f;
}

}  // namespace hitbox
