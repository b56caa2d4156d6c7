// Posing: Shape (the file's description) -> Collider (world vertices, normals, axes, bounds).
// This is the one place that applies mirror, scale and rotation, and the one place that
// restores the vertex order after a mirror reversed it (geometry.h, "positive area").
#include "hitbox/shape.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "hitbox/concave.h"
#include "hitbox/detail/trig.h"

namespace hitbox {

const char* body_type_name(BodyType t) {
  return t == BodyType::Static ? "static" : "dynamic";
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Rect:
      return "rect";
    case Kind::Circle:
      return "circle";
    case Kind::Polygon:
      return "polygon";
    case Kind::Sprite:
      return "sprite";
    case Kind::Point:
      return "point";
    case Kind::Segment:
      return "segment";
    case Kind::Capsule:
      return "capsule";
  }
  return "?";
}

namespace {

constexpr double kPi = 3.14159265358979323846;

struct DRot {
  double c, s;
};

DRot drot(double degrees) {
  DRot q;
  detail::cos_sin_degrees(degrees, &q.c, &q.s);  // the same bytes with every libm
  return q;
}

DVec2 mirror_scale(const Shape& s, DVec2 local) {
  return DVec2((s.mirror_x ? -local.x : local.x) * s.scale,
               (s.mirror_y ? -local.y : local.y) * s.scale);
}

Vec2 to_f(DVec2 v) {
  return Vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}

int vertex_count(const Shape& s) {
  switch (s.kind) {
    case Kind::Rect:
      return 4;
    case Kind::Circle:
      return 0;
    case Kind::Polygon:
      return static_cast<int>(s.points.size());
    case Kind::Sprite:
      return 4;
    case Kind::Point:
      return 1;
    case Kind::Segment:
    case Kind::Capsule:
      return 2;
  }
  return 0;
}

}  // namespace

DVec2 to_world(const Shape& s, DVec2 local) {
  const DRot q = drot(s.angle);
  const DVec2 m = mirror_scale(s, local);
  return s.pos + DVec2(q.c * m.x - q.s * m.y, q.s * m.x + q.c * m.y);
}

DVec2 to_local(const Shape& s, DVec2 world) {
  const DRot q = drot(s.angle);
  const DVec2 d = world - s.pos;
  DVec2 m(q.c * d.x + q.s * d.y, -q.s * d.x + q.c * d.y);
  m /= s.scale;
  return DVec2(s.mirror_x ? -m.x : m.x, s.mirror_y ? -m.y : m.y);
}

namespace {
// Storage layout of a posed polygon with `count` vertices, in Vec2 slots:
// v, n, axes, self (count each), then the x run and the y run (padded floats each).
int padded_count(int count) {
  return (count + 3) / 4 * 4;
}
}  // namespace

int pose_vec_slots(const Shape& s) {
  const int count = vertex_count(s);
  return count == 0 ? 0 : 4 * count + padded_count(count);
}
int pose_int_slots(const Shape& s) {
  return vertex_count(s);
}

Collider pose_into(const Shape& s, std::span<Vec2> vec_storage, std::span<int> int_storage) {
  Collider b;
  b.pos = to_f(s.pos);
  b.vel = to_f(s.vel);
  b.spin = static_cast<float>(s.spin * (kPi / 180.0));
  b.scale = static_cast<float>(s.scale);
  const DRot q = drot(s.angle);
  const double sx = s.mirror_x ? -1.0 : 1.0;
  const double sy = s.mirror_y ? -1.0 : 1.0;
  b.axis_x = to_f(DVec2(q.c * sx, q.s * sx));
  b.axis_y = to_f(DVec2(-q.s * sy, q.c * sy));

  if (s.kind == Kind::Circle) {
    b.geom = Geom::Circle;
    b.radius = static_cast<float>(s.radius * s.scale);
    b.bound = b.radius;
    b.bounds = Aabb{b.pos - Vec2(b.radius), b.pos + Vec2(b.radius)};
    return b;
  }

  const int count = vertex_count(s);
  Vec2* v = vec_storage.data();
  Vec2* n = v + count;
  Vec2* axes = n + count;
  Vec2* self = axes + count;
  float* vx = &(self + count)->x;  // Vec2 is two packed floats (as glm::value_ptr reads it)
  const int padded = padded_count(count);
  float* vy = vx + padded;
  int* axis_edge = int_storage.data();

  // World vertices in double (a polygon beyond the 64-point limit still poses, on the heap).
  DVec2 small[kMaxPolygonPoints];
  std::vector<DVec2> big;
  DVec2* w = small;
  if (count > kMaxPolygonPoints) {
    big.resize(static_cast<size_t>(count));
    w = big.data();
  }
  if (s.kind == Kind::Rect || s.kind == Kind::Sprite) {
    // A sprite's frame is its image rectangle; without pixels it is a 1 x 1 frame.
    b.geom = Geom::Box;
    DVec2 size = s.size;
    if (s.kind == Kind::Sprite) {
      const SpriteImage* img = s.pixels.image.get();
      size = img ? DVec2(img->w, img->h) : DVec2(1.0, 1.0);
      b.sprite = img;
      b.alpha_threshold = s.alpha_threshold;
    }
    const DVec2 h = size * 0.5;
    b.half = to_f(h * s.scale);
    const DVec2 corners[4] = {{-h.x, -h.y}, {h.x, -h.y}, {h.x, h.y}, {-h.x, h.y}};
    for (int i = 0; i < 4; ++i) w[i] = to_world(s, corners[i]);
  } else if (s.kind == Kind::Point) {
    b.geom = Geom::Polygon;  // one vertex: pos
    w[0] = s.pos;
  } else {
    // A polygon, or a segment's two points; a capsule's core segment, grown by its radius below.
    b.geom = s.kind == Kind::Capsule ? Geom::Capsule : Geom::Polygon;
    b.radius = s.kind == Kind::Capsule ? static_cast<float>(s.radius * s.scale) : 0.0f;
    for (int i = 0; i < count; ++i) w[i] = to_world(s, s.points[static_cast<size_t>(i)]);
    if (s.kind == Kind::Capsule && to_f(w[0]) == to_f(w[1])) {
      // Ends one float apart (a tiny capsule far out): a core of no length has no sides, and
      // the capsule is the disc at its end.
      b.geom = Geom::Circle;
      b.pos = to_f(w[0]);
      b.bound = b.radius;
      b.bounds = Aabb{b.pos - Vec2(b.radius), b.pos + Vec2(b.radius)};
      return b;
    }
  }

  // Restore positive-area order. A mirror (or a file written in the other winding)
  // reverses it; this is the single place that swaps the corners back.
  double area2 = 0.0;
  for (int i = 0; i < count; ++i) {
    const DVec2 p = w[i];
    const DVec2 r = w[(i + 1) % count];
    area2 += p.x * r.y - r.x * p.y;
  }
  if (area2 < 0.0) {
    for (int i = 0, j = count - 1; i < j; ++i, --j) std::swap(w[i], w[j]);
  }

  // Outward unit normals (in double, so parallel edges stay exactly recognisable), bounds,
  // bounding radius about pos.
  Aabb box{to_f(w[0]), to_f(w[0])};
  float bound2 = 0.0f;
  int unique = 0;
  for (int i = 0; i < count; ++i) {
    v[i] = to_f(w[i]);
    const DVec2 d = w[(i + 1) % count] - w[i];
    const double len = std::sqrt(d.x * d.x + d.y * d.y);
    // A point's one "edge" has no length: a zero normal and no axis.
    const DVec2 o = len > 0.0 ? DVec2(d.y, -d.x) / len : DVec2(0.0, 0.0);
    n[i] = to_f(o);
    box.min = glm::min(box.min, v[i]);
    box.max = glm::max(box.max, v[i]);
    const Vec2 r = v[i] - b.pos;
    bound2 = std::max(bound2, dot(r, r));
    if (!(len > 0.0)) continue;
    // Unique axes: parallel (or anti-parallel) edges give one axis, kept at its first edge.
    bool seen = false;
    for (int k = 0; k < unique && !seen; ++k) {
      const DVec2 e = w[(axis_edge[k] + 1) % count] - w[axis_edge[k]];
      seen = std::fabs(d.x * e.y - d.y * e.x) <=
             1e-9 * std::sqrt((d.x * d.x + d.y * d.y) * (e.x * e.x + e.y * e.y));
    }
    if (!seen) {
      axes[unique] = n[i];
      axis_edge[unique] = i;
      ++unique;
    }
  }
  // A capsule's bounds, bounding circle and own intervals are its core's grown by the radius.
  b.bounds = Aabb{box.min - Vec2(b.radius), box.max + Vec2(b.radius)};
  b.bound = std::sqrt(bound2) + b.radius;

  // A box's two axes are its own local x and y directions, exactly as the rotation gives
  // them, so every pair that holds a box projects on the same two numbers. Each is tagged
  // with the edge whose outward normal it is.
  if (b.geom == Geom::Box) {
    axes[0] = b.axis_x;
    axes[1] = b.axis_y;
    for (int k = 0; k < 2; ++k) {
      int best = 0;
      for (int i = 1; i < 4; ++i) {
        if (dot(n[i], axes[k]) > dot(n[best], axes[k])) best = i;
      }
      axis_edge[k] = best;
    }
    unique = 2;
  }

  for (int i = 0; i < padded; ++i) {
    vx[i] = v[i < count ? i : 0].x;
    vy[i] = v[i < count ? i : 0].y;
  }
  // The shape's own extent on each of its axes, once: a SAT query then projects only the
  // other shape on these axes.
  for (int k = 0; k < unique; ++k) {
    float lo = dot(v[0], axes[k]);
    float hi = lo;
    for (int i = 1; i < count; ++i) {
      const float d = dot(v[i], axes[k]);
      lo = d < lo ? d : lo;
      hi = d > hi ? d : hi;
    }
    self[k] = Vec2(lo - b.radius, hi + b.radius);
  }

  b.count = count;
  b.axis_count = unique;
  b.self = self;
  b.vx = vx;
  b.vy = vy;
  b.padded = padded;
  b.v = v;
  b.n = n;
  b.axes = axes;
  b.axis_edge = axis_edge;
  return b;
}

void Posed::Arrays::size_for(const Shape& s) {
  vec_slots = pose_vec_slots(s);
  int_slots = pose_int_slots(s);
  heap_vecs.resize(vec_slots > kInlineVecs ? static_cast<size_t>(vec_slots) : 0);
  heap_ints.resize(int_slots > kInlineVertices ? static_cast<size_t>(int_slots) : 0);
}

std::span<Vec2> Posed::Arrays::vecs() {
  if (vec_slots > kInlineVecs) return heap_vecs;
  return std::span<Vec2>(inline_vecs, static_cast<size_t>(vec_slots));
}

std::span<int> Posed::Arrays::ints() {
  if (int_slots > kInlineVertices) return heap_ints;
  return std::span<int>(inline_ints, static_cast<size_t>(int_slots));
}

Posed::Posed(const Shape& s) {
  repose(s);
}

Posed::Posed(const Posed& o)
    : collider_(o.collider_),
      arrays_(o.arrays_),
      piece_posed_(o.piece_posed_),
      piece_points_(o.piece_points_),
      decomposed_(o.decomposed_) {
  repoint();
}

Posed& Posed::operator=(const Posed& o) {
  if (this != &o) *this = Posed(o);
  return *this;
}

// A move keeps the pieces where they are (their vectors' buffers move whole), so only the
// Collider's own arrays need pointing again, at this object's inline storage.
Posed::Posed(Posed&& o) noexcept
    : collider_(o.collider_),
      arrays_(std::move(o.arrays_)),
      piece_posed_(std::move(o.piece_posed_)),
      piece_colliders_(std::move(o.piece_colliders_)),
      piece_points_(std::move(o.piece_points_)),
      decomposed_(std::move(o.decomposed_)) {
  point_arrays();
}

Posed& Posed::operator=(Posed&& o) noexcept {
  if (this != &o) {
    collider_ = o.collider_;
    arrays_ = std::move(o.arrays_);
    piece_posed_ = std::move(o.piece_posed_);
    piece_colliders_ = std::move(o.piece_colliders_);
    piece_points_ = std::move(o.piece_points_);
    decomposed_ = std::move(o.decomposed_);
    point_arrays();
  }
  return *this;
}

void Posed::repose(const Shape& s) {
  arrays_.size_for(s);
  collider_ = pose_into(s, arrays_.vecs(), arrays_.ints());
  // A simple concave polygon: its convex pieces, posed like the polygon (the same transform
  // of a subset of its local points). Invalid outlines are posed whole.
  const bool concave = s.kind == Kind::Polygon && s.points.size() > 3 &&
                       (s.points == decomposed_ ||
                        (!polygon_is_convex(s.points) && polygon_problem(s.points).empty()));
  if (!concave) {
    piece_posed_.clear();
    piece_points_.clear();
    decomposed_.clear();
    piece_colliders_.clear();
    return;
  }
  if (s.points != decomposed_) {
    piece_points_ = convex_decomposition(s.points);
    decomposed_ = s.points;
    piece_posed_.clear();
  }
  Shape part = s;
  for (std::size_t k = 0; k < piece_points_.size(); ++k) {
    part.points.clear();
    for (const int i : piece_points_[k]) part.points.push_back(s.points[static_cast<size_t>(i)]);
    if (k < piece_posed_.size()) {
      piece_posed_[k].repose(part);
    } else {
      piece_posed_.emplace_back(part);
    }
  }
  repoint();
}

void Posed::repoint() {
  piece_colliders_.clear();
  for (const Posed& p : piece_posed_) piece_colliders_.push_back(p.collider());
  collider_.pieces = piece_colliders_.empty() ? nullptr : piece_colliders_.data();
  collider_.piece_count = static_cast<std::uint8_t>(piece_colliders_.size());  // <= 62 (n - 2)
  point_arrays();
}

void Posed::point_arrays() {
  if (collider_.count == 0) return;
  const std::span<Vec2> vecs = arrays_.vecs();
  collider_.v = vecs.data();
  collider_.n = collider_.v + collider_.count;
  collider_.axes = collider_.n + collider_.count;
  collider_.self = collider_.axes + collider_.count;
  collider_.vx = &(vecs.data() + 4 * collider_.count)->x;
  collider_.vy = collider_.vx + collider_.padded;
  collider_.axis_edge = arrays_.ints().data();
}

bool contains(const Collider& b, Vec2 p) {
  if (has_pieces(b)) {
    for (int k = 0; k < b.piece_count; ++k) {
      if (contains(b.pieces[k], p)) return true;
    }
    return false;
  }
  if (b.geom == Geom::Circle) {
    const Vec2 d = p - b.pos;
    return dot(d, d) <= b.radius * b.radius;
  }
  if (b.geom == Geom::Capsule) {  // within the radius of the core segment
    const Vec2 e = b.v[1] - b.v[0];
    const float t = std::clamp(dot(p - b.v[0], e) / dot(e, e), 0.0f, 1.0f);
    const Vec2 d = p - (b.v[0] + t * e);
    return dot(d, d) <= b.radius * b.radius;
  }
  // Outside the world bounds is outside (this also holds for a shape with no area, whose
  // zero normals would let every point through).
  if (!(p.x >= b.bounds.min.x && p.x <= b.bounds.max.x && p.y >= b.bounds.min.y &&
        p.y <= b.bounds.max.y)) {
    return false;
  }
  for (int i = 0; i < b.count; ++i) {
    if (dot(b.n[i], p - b.v[i]) > 0.0f) return false;
  }
  return true;
}

}  // namespace hitbox

namespace hitbox {
static_assert(offsetof(Collider, count) + sizeof(int) <= 64,
              "a Collider's hot fields fit one cache line");
static_assert(offsetof(Collider, piece_count) < offsetof(Collider, bounds),
              "piece_count sits in padding");
}  // namespace hitbox
