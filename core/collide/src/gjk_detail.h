// Internal to gjk.cpp and gjk_fast.cpp: what the general loop (gjk.cpp) and the fast loop
// (gjk_fast.cpp) share: a shape's core, the simplex, the loop itself, the trace's start and
// the overlap tail (EPA, then the radii). Not part of the API.
#pragma once

#include "hitbox/gjk.h"

namespace hitbox::gjk_detail {

// A shape as GJK sees it: a core (a polygon's vertices, a circle's centre as a one-vertex
// polygon, a capsule's two end centres) grown by a radius (zero but for circles and capsules).
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

inline Core core_of(const Collider& b, bool lanes) {
  if (b.geom == Geom::Circle) return Core{&b.pos, 1, b.radius};
  return Core{b.v, b.count, b.radius, b.vx, b.vy, lanes ? b.padded : 0};
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

// The GJK loop of gjk.h, traced when `trace` is given; every pair the fast loop does not take.
// Without `depth`, overlapping cores end as a hit with no EPA (gjk_gap).
GjkResult gjk_loop(const Collider& a, const Collider& b, GjkTrace* trace, bool depth);

// A trace cleared, with the cores' differences and the outline of A - B.
void begin_trace(GjkTrace* t, const Core& a, const Core& b);

// The cores overlap or touch: EPA from the simplex for the depth, then the radii.
void overlap_tail(GjkResult& r, const Simplex& s, const Core& ca, const Core& cb, const Collider& a,
                  const Collider& b, float noise, GjkTrace* trace);

}  // namespace hitbox::gjk_detail
