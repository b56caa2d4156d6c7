// manifold: the contact normal and points of two shapes (method and conventions: manifold.h).
// One function per pair family, traced or not (template <bool kTrace>).
#include "hitbox/manifold.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "collide_fast.h"
#include "hitbox/concave.h"

namespace hitbox {

using namespace collide_detail;  // NOLINT: the lane helpers shared with sat (collide_fast.h)

const char* manifold_method_name(ManifoldMethod m) {
  switch (m) {
    case ManifoldMethod::Faces:
      return "faces";
    case ManifoldMethod::ClippedFaces:
      return "clipped_faces";
    case ManifoldMethod::ClosestFeatures:
      return "closest_features";
    case ManifoldMethod::CircleFace:
      return "circle_face";
    case ManifoldMethod::CircleVertex:
      return "circle_vertex";
    case ManifoldMethod::Circles:
      return "circles";
    case ManifoldMethod::Unsupported:
      return "unsupported";
  }
  return "?";
}

namespace {

// A shape as the manifold sees it: a core (vertices and their edges' outward normals; a
// circle's centre alone; a capsule's core segment) grown by a radius.
struct Core {
  const Vec2* v = nullptr;
  const Vec2* n = nullptr;  // null for a circle's centre
  int count = 0;
  float radius = 0.0f;
};

Core core_of(const Collider& c) {
  if (c.geom == Geom::Circle) return Core{&c.pos, nullptr, 1, c.radius};
  return Core{c.v, c.n, c.count, c.radius};
}

inline int next(int i, int count) {
  return i + 1 == count ? 0 : i + 1;
}

// The face of p of greatest separation from q: over p's edges, the least signed distance of
// q's core vertices from the edge's line (q's least projection on the edge's normal minus the
// edge's own); the largest of those, the first on ties. Four edges at a time: each group's
// normals and first vertices as x and y lanes (reading up to three entries past the last
// edge, inside the pose's storage: v is followed by n, n by the axes), q's vertices
// projected on them as the static test projects (project_lanes).
float max_separation(const Collider& p, const Collider& q, int& face) {
  const f4 neg = splat4(-FLT_MAX);
  f4 best = neg;
  alignas(16) float seps[kMaxPolygonPoints + 4];
  for (int k = 0; k < p.count; k += 4) {
    f4 a, b;
    std::memcpy(&a, p.n + k, sizeof a);
    std::memcpy(&b, p.n + k + 2, sizeof b);
    const f4 nx = shuffle<0, 2, 4, 6>(a, b), ny = shuffle<1, 3, 5, 7>(a, b);
    std::memcpy(&a, p.v + k, sizeof a);
    std::memcpy(&b, p.v + k + 2, sizeof b);
    const f4 own = nx * shuffle<0, 2, 4, 6>(a, b) + ny * shuffle<1, 3, 5, 7>(a, b);
    f4 lo, hi;
    project_lanes(q, nx, ny, lo, hi);
    f4 sep = lo - own;
    sep = select(live_lanes(k, p.count), sep, neg);
    best = vmax(sep, best);
    std::memcpy(seps + k, &sep, sizeof sep);
  }
  // The largest, in every lane; then the first edge that has it.
  best = vmax(best, shuffle<1, 0, 3, 2>(best));
  best = vmax(best, shuffle<2, 3, 0, 1>(best));
  face = 0;
  for (int k = 0; k < p.count; k += 4) {
    f4 sep;
    std::memcpy(&sep, seps + k, sizeof sep);
    const unsigned at = lane_mask(sep == best);
    if (at) {
      face = k + std::countr_zero(at);
      break;
    }
  }
  return best[0];
}

// The face of p whose line the point c lies farthest beyond, the first on ties; the same
// sums as max_separation's. Without the trace, stops at the first face beyond `stop` (the
// pair is apart). One edge at a time: for a single point the lanes' gather costs more.
template <bool kAll>
HITBOX_ALWAYS_INLINE float centre_separation(const Collider& p, Vec2 c, float stop, int& face) {
  float best = -FLT_MAX;
  face = 0;
  for (int i = 0; i < p.count; ++i) {
    const Vec2 n = p.n[i], v = p.v[i];
    const float s = (n.x * c.x + n.y * c.y) - (n.x * v.x + n.y * v.y);
    if (!kAll && s > stop) {
      face = i;
      return s;
    }
    if (s > best) {
      best = s;
      face = i;
    }
  }
  return best;
}

// The edge of p whose outward normal is most against n (the first on ties).
int most_against(const Collider& p, Vec2 n) {
  const f4 nx = splat4(n.x), ny = splat4(n.y), inf = splat4(FLT_MAX);
  f4 least = inf;
  alignas(16) float ds[kMaxPolygonPoints + 4];
  for (int k = 0; k < p.count; k += 4) {
    f4 a, b;
    std::memcpy(&a, p.n + k, sizeof a);
    std::memcpy(&b, p.n + k + 2, sizeof b);
    f4 d = shuffle<0, 2, 4, 6>(a, b) * nx + shuffle<1, 3, 5, 7>(a, b) * ny;
    d = select(live_lanes(k, p.count), d, inf);
    least = vmin(d, least);
    std::memcpy(ds + k, &d, sizeof d);
  }
  least = vmin(least, shuffle<1, 0, 3, 2>(least));
  least = vmin(least, shuffle<2, 3, 0, 1>(least));
  for (int k = 0; k < p.count; k += 4) {
    f4 d;
    std::memcpy(&d, ds + k, sizeof d);
    const unsigned at = lane_mask(d == least);
    if (at) return k + std::countr_zero(at);
  }
  return 0;
}

// max_separation and most_against for a segment core p (its two sides), in scalars: the same
// sums, the first side on ties. q_count is q.count (a constant where q is known a segment).
HITBOX_ALWAYS_INLINE float side_separation(const Collider& p, const Collider& q, int q_count,
                                           int& face) {
  float sep[2];
  for (int k = 0; k < 2; ++k) {
    const Vec2 n = p.n[k], v = p.v[k];
    float lo = FLT_MAX;
    for (int i = 0; i < q_count; ++i) lo = std::min(lo, n.x * q.v[i].x + n.y * q.v[i].y);
    sep[k] = lo - (n.x * v.x + n.y * v.y);
  }
  face = sep[1] > sep[0] ? 1 : 0;
  return sep[face];
}
inline int side_against(const Collider& p, Vec2 n) {
  return dot(p.n[1], n) < dot(p.n[0], n) ? 1 : 0;
}

// A point of the incident face while it is clipped, with the features that made it, in the
// reference shape's terms (index_r on the reference shape, index_i on the incident one).
struct ClipPoint {
  Vec2 v;
  int index_r;
  FeatureType type_r;
  int index_i;
  FeatureType type_i;
};

// Keeps the part of segment in[0] in[1] where dot(side, x) <= offset (Sutherland-Hodgman on
// one plane). A point made by the cut keeps the features of the end it replaces (Box2D v3):
// a point's id then does not depend on which side of a plane rounding put an end that lies
// on it, as it does for two equal boxes stacked edge to edge, so warm starting holds.
// Returns how many points are left (0 to 2).
HITBOX_ALWAYS_INLINE int clip_to_side(const ClipPoint in[2], ClipPoint out[2], Vec2 side,
                                      float offset) {
  const float d0 = dot(side, in[0].v) - offset;
  const float d1 = dot(side, in[1].v) - offset;
  int n = 0;
  if (d0 <= 0.0f) out[n++] = in[0];
  if (d1 <= 0.0f) out[n++] = in[1];
  if (d0 * d1 < 0.0f) {
    const float t = d0 / (d0 - d1);
    const ClipPoint& cut = d0 > 0.0f ? in[0] : in[1];
    out[n++] = ClipPoint{in[0].v + t * (in[1].v - in[0].v), cut.index_r, cut.type_r, cut.index_i,
                         cut.type_i};
  }
  return n;
}

// One contact point from the features' ids in reference / incident terms.
int id_of(const ClipPoint& p, bool flip) {
  return flip ? contact_id(p.index_i, p.type_i, p.index_r, p.type_r)
              : contact_id(p.index_r, p.type_r, p.index_i, p.type_i);
}

// The nearest points of segments p0 p1 and q0 q1 as fractions s along p and t along q (Ericson
// 5.1.9). A segment whose ends are one float (a capsule's core that short) is its first end.
HITBOX_ALWAYS_INLINE void segment_fractions(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1, float& s,
                                            float& t) {
  const Vec2 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const float a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r), c = dot(d1, r);
  if (!(a > 0.0f) || !(e > 0.0f)) {
    s = a > 0.0f ? std::clamp(-c / a, 0.0f, 1.0f) : 0.0f;
    t = e > 0.0f ? std::clamp(f / e, 0.0f, 1.0f) : 0.0f;
    return;
  }
  const float b = dot(d1, d2), denom = a * e - b * b;
  s = denom > 0.0f ? std::clamp((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
  t = (b * s + f) / e;
  if (t < 0.0f) {
    t = 0.0f;
    s = std::clamp(-c / a, 0.0f, 1.0f);
  } else if (t > 1.0f) {
    t = 1.0f;
    s = std::clamp((b - c) / a, 0.0f, 1.0f);
  }
}

// The reference face i1 of `ref` against the incident face i2 of `inc`: the incident face is
// clipped to the reference face's two side planes, and the clipped points at or below the
// reference surface (within `spec`) are kept. Each point lies midway between the surfaces
// above and below it along the reference normal: the reference core's face grown by its
// radius, the incident core's point less its radius.
template <bool kTrace>
Manifold clip_faces(const Core& ref, int i1, const Core& inc, int i2, bool flip,
                    ManifoldMethod method, ManifoldTrace* t, float spec) {
  Manifold m;
  const Vec2 v11 = ref.v[i1], v12 = ref.v[next(i1, ref.count)];
  const Vec2 n1 = ref.n[i1];
  const int i2b = next(i2, inc.count);
  const ClipPoint start[2] = {{inc.v[i2], i1, FeatureType::Face, i2, FeatureType::Vertex},
                              {inc.v[i2b], i1, FeatureType::Face, i2b, FeatureType::Vertex}};
  // Along the reference face; from its normal when its ends are one float (a tiny shape far out).
  const Vec2 e = v12 - v11;
  const float e2 = dot(e, e);
  const Vec2 tangent = e2 > 0.0f ? e / std::sqrt(e2) : Vec2(-n1.y, n1.x);
  ClipPoint c1[2], c2[2];
  // The side planes pass through the reference face's ends (Box2D v3): a rounded core's
  // points beyond them would lie beyond its surface.
  const int n_1 = clip_to_side(start, c1, -tangent, -dot(tangent, v11));
  const int n_2 = n_1 < 2 ? 0 : clip_to_side(c1, c2, tangent, dot(tangent, v12));
  if constexpr (kTrace) {
    t->method = method;
    t->flip = flip;
    t->reference = i1;
    t->ref0 = v11;
    t->ref1 = v12;
    t->ref_normal = n1;
    t->incident = i2;
    t->inc0 = start[0].v;
    t->inc1 = start[1].v;
    t->radius_a = flip ? inc.radius : ref.radius;
    t->radius_b = flip ? ref.radius : inc.radius;
    t->clip1_count = n_1;
    for (int k = 0; k < n_1; ++k) t->clip1[k] = c1[k].v;
    t->clip2_count = n_2 < 2 ? 0 : 2;
  }
  m.normal = (flip ? -n1 : n1) + Vec2(0.0f);  // + 0: no -0 in the answer
  if (n_2 < 2) return m;                      // the incident face lies beside the reference face
  const float front = dot(n1, v11);
  for (int k = 0; k < 2; ++k) {
    const Vec2 cv = c2[k].v;
    const float core_gap = dot(n1, cv) - front;
    const float separation = core_gap - ref.radius - inc.radius;
    const bool keep = separation <= spec;
    if constexpr (kTrace) {
      t->clip2[k] = cv;
      t->clip_separation[k] = separation;
      t->kept[k] = keep;
    }
    if (!keep) continue;
    // The reference surface above cv and the incident surface below it, along n1.
    const Vec2 on_ref = cv + (ref.radius - core_gap) * n1, on_inc = cv - inc.radius * n1;
    m.points[m.count++] = ContactPoint{0.5f * (on_ref + on_inc), separation, id_of(c2[k], flip)};
  }
  m.hit = m.count > 0;
  return m;
}

inline int edge_count(const Core& c) {
  return c.count == 2 ? 1 : c.count;  // a segment's or capsule's core is one edge
}

inline bool at_end(float f) {
  return f == 0.0f || f == 1.0f;
}

// Whether segment core p reaches over q's span: some of it projects between q's ends.
inline bool reaches_over(const Core& p, const Core& q) {
  const Vec2 e = q.v[1] - q.v[0];
  const float len2 = dot(e, e);
  const float a = dot(p.v[0] - q.v[0], e), b = dot(p.v[1] - q.v[0], e);
  // & and |, not && and ||: one unpredictable branch at the caller instead of four here.
  return !(((a <= 0.0f) & (b <= 0.0f)) | ((a >= len2) & (b >= len2)));
}

// Whether the reference face's clipped points `two` (both kept, the reference ref's face i1,
// the incident inc's face i2) stand by Box2D v3's rule for rounded cores apart, the cores'
// closest points `closest` apart in separation (manifold.h). Two segment cores have already
// been found to reach over each other's spans.
bool keeps_two(const Core& ref, int i1, const Core& inc, int i2, const Manifold& two,
               float closest) {
  const float least = std::min(two.points[0].separation, two.points[1].separation);
  // b2CollideCapsules: the nearer clipped end lies within the slop of the closest points.
  if (ref.count == 2 && inc.count == 2) return least <= closest + kManifoldLinearSlop;
  // b2CollidePolygons: the clipped points, unless the two faces are nearest at a vertex of
  // each and those vertices are nearer than the clipped points by a tenth of the slop. Their
  // gap is at least the cores' distance, so only clipped points that far need the test.
  if (!(closest + 0.1f * kManifoldLinearSlop < least)) return true;
  const Vec2 r0 = ref.v[i1], r1 = ref.v[next(i1, ref.count)];
  const Vec2 c0 = inc.v[i2], c1 = inc.v[next(i2, inc.count)];
  float s, u;
  segment_fractions(r0, r1, c0, c1, s, u);
  if (!at_end(s) || !at_end(u)) return true;
  const Vec2 d = (c0 + u * (c1 - c0)) - (r0 + s * (r1 - r0));
  return !(std::sqrt(dot(d, d)) - ref.radius - inc.radius + 0.1f * kManifoldLinearSlop < least);
}

// Whether segment core q lies wholly behind edge i of polygon core p, so that the edge holds
// no closest point of the two (its ends are its neighbours' too): a polygon's edges facing
// away from a capsule are not searched.
inline bool behind(const Core& q, const Core& p, int i) {
  if (p.count == 2 || q.count != 2) return false;
  const Vec2 n = p.n[i], v = p.v[i];
  return dot(n, q.v[0] - v) <= 0.0f && dot(n, q.v[1] - v) <= 0.0f;
}

// Rounded cores apart (a capsule): the closest features of the two cores, and the reference
// face ref's i1 clipped against the incident face inc's i2 as the Faces path would. Two
// points when the clipping keeps both and they stand by Box2D v3's rule (keeps_two);
// otherwise one point on the line between the closest points, midway between the surfaces.
// kSegments: both cores are segments (one edge each), known at compile time.
template <bool kTrace, bool kSegments>
Manifold closest_features(const Core& a, const Core& b, const Core& ref, int i1, const Core& inc,
                          int i2, bool flip, ManifoldTrace* t, float spec) {
  Manifold m;
  float best = INFINITY, fa = 0.0f, fb = 0.0f;
  int ea = 0, eb = 0;
  const int edges_a = kSegments ? 1 : edge_count(a), edges_b = kSegments ? 1 : edge_count(b);
  for (int i = 0; i < edges_a; ++i) {
    if (!kSegments && behind(b, a, i)) continue;
    const Vec2 a0 = a.v[i], a1 = a.v[kSegments ? 1 : next(i, a.count)];
    for (int j = 0; j < edges_b; ++j) {
      if (!kSegments && behind(a, b, j)) continue;
      const Vec2 b0 = b.v[j], b1 = b.v[kSegments ? 1 : next(j, b.count)];
      float s, u;
      segment_fractions(a0, a1, b0, b1, s, u);
      const Vec2 d = (b0 + u * (b1 - b0)) - (a0 + s * (a1 - a0));
      const float d2 = dot(d, d);
      if (d2 < best) {
        best = d2;
        ea = i;
        eb = j;
        fa = s;
        fb = u;
      }
    }
  }
  const Vec2 pa = a.v[ea] + fa * (a.v[next(ea, a.count)] - a.v[ea]);
  const Vec2 pb = b.v[eb] + fb * (b.v[next(eb, b.count)] - b.v[eb]);
  const float dist = std::sqrt(best);
  const float total = a.radius + b.radius;
  if constexpr (kTrace) {
    t->method = ManifoldMethod::ClosestFeatures;
    t->closest_a = pa;
    t->closest_b = pb;
    t->radius_a = a.radius;
    t->radius_b = b.radius;
    t->apart = !(dist <= total + spec);
  }
  if (!(dist <= total + spec) || !(dist > 0.0f)) return m;
  // Two segment cores (b2CollideCapsules) clip only when each reaches over the other's span.
  // Both spans computed, then one branch (& on bools, not &&).
  const bool spans = !kSegments || (static_cast<int>(reaches_over(ref, inc)) &
                                    static_cast<int>(reaches_over(inc, ref)));
  if (spans) {
    const Manifold two =
        clip_faces<kTrace>(ref, i1, inc, i2, flip, ManifoldMethod::ClippedFaces, t, spec);
    if (two.count == 2 && keeps_two(ref, i1, inc, i2, two, dist - total)) return two;
    if constexpr (kTrace) t->method = ManifoldMethod::ClosestFeatures;
  }
  const auto feature = [](const Core& c, int e, float f, int& index) {
    if (f > 0.0f && f < 1.0f) {
      index = e;
      return FeatureType::Face;
    }
    index = f == 0.0f ? e : next(e, c.count);
    return FeatureType::Vertex;
  };
  int ia, ib;
  const FeatureType ta = feature(a, ea, fa, ia), tb = feature(b, eb, fb, ib);
  const Vec2 n = (pb - pa) / dist;  // from A's core toward B's
  m.normal = n + Vec2(0.0f);
  m.count = 1;
  m.points[0] = ContactPoint{0.5f * ((pa + a.radius * n) + (pb - b.radius * n)), dist - total,
                             contact_id(ia, ta, ib, tb)};
  m.hit = true;
  return m;
}

// Two cores with edges; kSegments: both are segments (capsules, segments).
template <bool kTrace, bool kSegments>
[[gnu::noinline]] Manifold faces(const Collider& ca, const Collider& cb, ManifoldTrace* t,
                                 float spec) {
  const Core a = core_of(ca), b = core_of(cb);
  int face_a, face_b;
  const float sep_a = kSegments || ca.count == 2
                          ? side_separation(ca, cb, kSegments ? 2 : cb.count, face_a)
                          : max_separation(ca, cb, face_a);
  const float sep_b = kSegments || cb.count == 2
                          ? side_separation(cb, ca, kSegments ? 2 : ca.count, face_b)
                          : max_separation(cb, ca, face_b);
  const float total = a.radius + b.radius;
  if constexpr (kTrace) {
    t->method = ManifoldMethod::Faces;
    t->face_a = face_a;
    t->face_b = face_b;
    t->separation_a = sep_a;
    t->separation_b = sep_b;
  }
  if (sep_a > total + spec || sep_b > total + spec) {
    if constexpr (kTrace) t->apart = true;
    return Manifold{};
  }
  // The reference face (A's unless B's separates by more than the tolerance) and the
  // incident face against it.
  const bool flip = sep_b > sep_a + kManifoldFaceTolerance;
  const Core& ref = flip ? b : a;
  const Core& inc = flip ? a : b;
  const int i1 = flip ? face_b : face_a;
  const Collider& against = flip ? ca : cb;
  const int i2 = kSegments || against.count == 2 ? side_against(against, ref.n[i1])
                                                 : most_against(against, ref.n[i1]);
  if (std::max(sep_a, sep_b) > 0.0f) {
    // A face separates rounded cores: their closest features decide.
    if (total > 0.0f)
      return closest_features<kTrace, kSegments>(a, b, ref, i1, inc, i2, flip, t, spec);
    // Plain cores apart whose two faces are nearest at a corner of each (Box2D's vertex-vertex
    // case): the clipped points would measure the gap along the reference normal, too far (or,
    // the incident face beside the reference face, not at all).
    float fr, fi;
    segment_fractions(ref.v[i1], ref.v[next(i1, ref.count)], inc.v[i2], inc.v[next(i2, inc.count)],
                      fr, fi);
    if ((fr == 0.0f || fr == 1.0f) && (fi == 0.0f || fi == 1.0f)) {
      return closest_features<kTrace, kSegments>(a, b, ref, i1, inc, i2, flip, t, spec);
    }
  }
  return clip_faces<kTrace>(ref, i1, inc, i2, flip, ManifoldMethod::Faces, t, spec);
}

// A circle (centre c, radius rc) against a core with edges; the circle is A or B.
template <bool kTrace>
HITBOX_ALWAYS_INLINE Manifold circle_edges(const Collider& shape, const Collider& circle,
                                           bool circle_is_a, ManifoldTrace* t, float spec) {
  const Core poly = core_of(shape);
  const Vec2 c = circle.pos;
  const float rc = circle.radius;
  Manifold m;
  const float total = rc + poly.radius;
  int face = 0;
  const float separation = centre_separation<kTrace>(shape, c, total + spec, face);
  if constexpr (kTrace) {
    t->method = ManifoldMethod::CircleFace;
    t->reference = face;
    t->separation_a = separation;
    t->radius_a = circle_is_a ? rc : poly.radius;
    t->radius_b = circle_is_a ? poly.radius : rc;
  }
  if (separation > total + spec) {
    if constexpr (kTrace) t->apart = true;
    return m;
  }
  const int j = next(face, poly.count);
  const Vec2 v1 = poly.v[face], v2 = poly.v[j];
  int vertex = -1;                  // the nearest feature is this vertex, else the face
  if (separation >= FLT_EPSILON) {  // the centre outside the core: its face, or a vertex
    if (dot(c - v1, v2 - v1) <= 0.0f) {
      vertex = face;
    } else if (dot(c - v2, v1 - v2) <= 0.0f) {
      vertex = j;
    }
  }
  Vec2 n = poly.n[face];
  Vec2 on_poly;
  if (vertex >= 0) {
    const Vec2 d = c - poly.v[vertex];
    const float d2 = dot(d, d);
    if (d2 > (total + spec) * (total + spec)) {
      if constexpr (kTrace) {
        t->method = ManifoldMethod::CircleVertex;
        t->vertex = vertex;
        t->apart = true;
      }
      return m;
    }
    n = d / std::sqrt(d2);
    on_poly = poly.v[vertex] + poly.radius * n;
  } else {
    on_poly = c + (poly.radius - dot(c - v1, n)) * n;
  }
  const Vec2 on_circle = c - rc * n;
  const float sep = dot(on_circle - on_poly, n);
  if constexpr (kTrace) {
    if (vertex >= 0) t->method = ManifoldMethod::CircleVertex;
    t->vertex = vertex;
    t->ref0 = v1;
    t->ref1 = v2;
    t->ref_normal = n;
    t->centre_a = circle_is_a ? c : Vec2(0.0f);
    t->centre_b = circle_is_a ? Vec2(0.0f) : c;
  }
  const FeatureType pt = vertex >= 0 ? FeatureType::Vertex : FeatureType::Face;
  const int pi = vertex >= 0 ? vertex : face;
  m.hit = true;
  m.normal = (circle_is_a ? -n : n) + Vec2(0.0f);  // n: from the core toward the circle
  m.count = 1;
  m.points[0] = ContactPoint{0.5f * (on_poly + on_circle), sep,
                             circle_is_a ? contact_id(0, FeatureType::Vertex, pi, pt)
                                         : contact_id(pi, pt, 0, FeatureType::Vertex)};
  return m;
}

template <bool kTrace>
Manifold circles(const Collider& a, const Collider& b, ManifoldTrace* t, float spec) {
  Manifold m;
  const Vec2 d = b.pos - a.pos;
  const float total = a.radius + b.radius;
  const float d2 = dot(d, d);
  if constexpr (kTrace) {
    t->method = ManifoldMethod::Circles;
    t->centre_a = a.pos;
    t->centre_b = b.pos;
    t->radius_a = a.radius;
    t->radius_b = b.radius;
  }
  if (d2 > (total + spec) * (total + spec)) {
    if constexpr (kTrace) t->apart = true;
    return m;
  }
  const float dist = std::sqrt(d2);
  const Vec2 n = dist > 0.0f ? d / dist : Vec2(1.0f, 0.0f);
  const Vec2 on_a = a.pos + a.radius * n, on_b = b.pos - b.radius * n;
  m.hit = true;
  m.normal = n;
  m.count = 1;
  m.points[0] = ContactPoint{0.5f * (on_a + on_b), dist - total,
                             contact_id(0, FeatureType::Vertex, 0, FeatureType::Vertex)};
  return m;
}

template <bool kTrace>
Manifold convex_pair(const Collider& a, const Collider& b, ManifoldTrace* t, float spec) {
  if constexpr (kTrace) *t = ManifoldTrace{};
  if (is_point(a) || is_point(b)) {
    if constexpr (kTrace) t->method = ManifoldMethod::Unsupported;
    Manifold m;
    m.supported = false;
    return m;
  }
  const bool ca = a.geom == Geom::Circle, cb = b.geom == Geom::Circle;
  if (ca && cb) return circles<kTrace>(a, b, t, spec);
  if (ca) return circle_edges<kTrace>(b, a, true, t, spec);
  if (cb) return circle_edges<kTrace>(a, b, false, t, spec);
  if (a.count == 2 && b.count == 2) return faces<kTrace, true>(a, b, t, spec);
  return faces<kTrace, false>(a, b, t, spec);
}

// The deepest point's separation (+inf without points).
float deepest(const Manifold& m) {
  float s = INFINITY;
  for (int k = 0; k < m.count; ++k) s = std::min(s, m.points[k].separation);
  return s;
}

// A concave polygon: each pair of convex pieces, and the one that presses deepest.
template <bool kTrace>
Manifold pieces(const Collider& a, const Collider& b, ManifoldTrace* t, float spec) {
  const int na = has_pieces(a) ? a.piece_count : 1;
  const int nb = has_pieces(b) ? b.piece_count : 1;
  Manifold best;
  ManifoldTrace scratch;
  bool found = false;
  for (int i = 0; i < na; ++i) {
    const Collider& pa = has_pieces(a) ? a.pieces[i] : a;
    for (int j = 0; j < nb; ++j) {
      const Collider& pb = has_pieces(b) ? b.pieces[j] : b;
      const Aabb grown{pa.bounds.min - Vec2(spec), pa.bounds.max + Vec2(spec)};
      if (!aabb_overlaps(grown, pb.bounds)) continue;
      const Manifold m = convex_pair<kTrace>(pa, pb, kTrace ? &scratch : nullptr, spec);
      if (!m.supported) return m;
      if (m.hit && (!found || deepest(m) < deepest(best))) {
        best = m;
        found = true;
        if constexpr (kTrace) *t = scratch;
      }
    }
  }
  if constexpr (kTrace) {
    if (!found) {
      *t = ManifoldTrace{};
      t->apart = true;
    }
  }
  return best;
}

}  // namespace

Manifold manifold(const Collider& a, const Collider& b, ManifoldTrace* trace, float speculative) {
  const float spec = std::max(speculative, 0.0f);
  if (has_pieces(a) || has_pieces(b)) {
    return trace ? pieces<true>(a, b, trace, spec) : pieces<false>(a, b, nullptr, spec);
  }
  return trace ? convex_pair<true>(a, b, trace, spec) : convex_pair<false>(a, b, nullptr, spec);
}

}  // namespace hitbox
