// Seeded shape pairs for comparing Hitbox with Box2D 2.4 on the same questions: the side-by-side
// benchmark (box2d_bench.cpp) and the agreement test (tests/box2d_agree_test.cpp) build the
// same pairs from here, so the benchmark cannot time two different questions. Segments are
// Box2D's two-sided b2EdgeShape.
//
// Each pair kind has a pool of shapes placed at random in a square (400 px, 150 px for two
// segments), kept once per library in an array of its own; the stream of pairs is balanced
// to exactly half overlapping (by Hitbox's sat) and shuffled with a fixed seed. Shapes are
// 20-100 px across, turned by any angle, not mirrored (Box2D has no mirroring); segments are
// 20-100 px long. Every shape also gets a velocity of up to 60 px a step on each axis, the
// same for both libraries (the swept test, and the ray casts, which start at A's position and
// run three steps of A's velocity against B). Box2D gets the same local outline and the same
// transform: Hitbox's R(angle) (y down, clockwise degrees) is Box2D's b2Rot(radians) matrix.
// Box2D's polygons and edges carry a skin of b2_polygonRadius = 0.01 (2 * b2_linearSlop); at
// pixel sizes that is negligible, and the agreement test leaves a band of 0.05 px around
// touching.
#pragma once

#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_time_of_impact.h>
#include <box2d/box2d.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hitbox/collide.h"
#include "hitbox/shape.h"

namespace hitbox::b2pairs {

enum class PairKind : int {
  RectRect,
  OctagonOctagon,
  CircleRect,
  CircleOctagon,
  CircleCircle,
  RectSegment,
  CircleSegment,
  SegmentSegment
};
inline constexpr std::array<PairKind, 8> kPairKinds = {
    PairKind::RectRect,      PairKind::OctagonOctagon, PairKind::CircleRect,
    PairKind::CircleOctagon, PairKind::CircleCircle,   PairKind::RectSegment,
    PairKind::CircleSegment, PairKind::SegmentSegment};

inline const char* pair_name(PairKind k) {
  switch (k) {
    case PairKind::RectRect:
      return "rect_rect";
    case PairKind::OctagonOctagon:
      return "octagon_octagon";
    case PairKind::CircleRect:
      return "circle_rect";
    case PairKind::CircleOctagon:
      return "circle_octagon";
    case PairKind::CircleCircle:
      return "circle_circle";
    case PairKind::RectSegment:
      return "rect_segment";
    case PairKind::CircleSegment:
      return "circle_segment";
    case PairKind::SegmentSegment:
      return "segment_segment";
  }
  return "?";
}

// One shape as Box2D stores it: the shape, its transform, and the velocity the time of impact
// and the ray casts read.
struct Box2dShape {
  b2PolygonShape poly;
  b2CircleShape circle;
  b2EdgeShape edge;
  bool is_circle = false;
  bool is_edge = false;
  b2Transform xf;
  b2Vec2 vel{0.0f, 0.0f};
  float spin = 0.0f;  // radians over one step (Hitbox's spin), for the rotating sweep
  const b2Shape* b2() const {
    if (is_circle) return &circle;
    if (is_edge) return &edge;
    return &poly;
  }
};

// The shape as Box2D sees it: the same local outline, transform and velocity.
inline Box2dShape to_box2d(const Shape& s) {
  Box2dShape b;
  b.vel = b2Vec2(static_cast<float>(s.vel.x), static_cast<float>(s.vel.y));
  b.spin = static_cast<float>(s.spin * (3.14159265358979323846 / 180.0));
  const double rad = s.angle * (3.14159265358979323846 / 180.0);
  b.xf.Set(b2Vec2(static_cast<float>(s.pos.x), static_cast<float>(s.pos.y)),
           static_cast<float>(rad));
  switch (s.kind) {
    case Kind::Circle:
      b.is_circle = true;
      b.circle.m_p.Set(0.0f, 0.0f);
      b.circle.m_radius = static_cast<float>(s.radius * s.scale);
      break;
    case Kind::Rect:
      b.poly.SetAsBox(static_cast<float>(0.5 * s.size.x * s.scale),
                      static_cast<float>(0.5 * s.size.y * s.scale));
      break;
    case Kind::Segment: {
      b.is_edge = true;
      const auto at = [&](std::size_t i) {
        return b2Vec2(static_cast<float>(s.points[i].x * s.scale),
                      static_cast<float>(s.points[i].y * s.scale));
      };
      b.edge.SetTwoSided(at(0), at(1));
      break;
    }
    default: {
      b2Vec2 pts[b2_maxPolygonVertices];
      const int n = std::min<int>(static_cast<int>(s.points.size()), b2_maxPolygonVertices);
      for (int i = 0; i < n; ++i) {
        pts[i].Set(static_cast<float>(s.points[static_cast<std::size_t>(i)].x * s.scale),
                   static_cast<float>(s.points[static_cast<std::size_t>(i)].y * s.scale));
      }
      b.poly.Set(pts, n);
      break;
    }
  }
  return b;
}

// Shape i of the pool is hitbox_pool[i] for Hitbox and box2d_pool[i] for Box2D: each library's
// shapes in an array of their own, as in that library's own storage.
struct PairSet {
  std::vector<Posed> hitbox_pool;
  std::vector<Box2dShape> box2d_pool;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // half overlap, shuffled
  std::vector<std::pair<std::uint32_t, std::uint32_t>> apart;  // separated pairs only
};

// The pool of one kind pair: shapes of kind A at even indices, of kind B at odd ones.
inline PairSet make_pairs(PairKind kind, std::size_t count, std::uint32_t seed = 0x48697462) {
  std::mt19937 rng(seed + static_cast<std::uint32_t>(kind));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  // Two segments cross rarely: a smaller square keeps the search for hits short.
  const double side = kind == PairKind::SegmentSegment ? 150.0 : 400.0;
  const auto make = [&](Kind k) {
    Shape s;
    s.kind = k;
    s.pos = DVec2(side * unit(rng), side * unit(rng));
    s.angle = 360.0 * unit(rng);
    if (k == Kind::Rect) s.size = DVec2(20.0 + 80.0 * unit(rng), 20.0 + 80.0 * unit(rng));
    if (k == Kind::Circle) s.radius = 10.0 + 40.0 * unit(rng);
    if (k == Kind::Segment) {
      const double half = 10.0 + 40.0 * unit(rng);
      s.points = {DVec2(-half, 0.0), DVec2(half, 0.0)};
    }
    if (k == Kind::Polygon) {
      const double r = 10.0 + 40.0 * unit(rng);
      for (int i = 0; i < 8; ++i) {
        const double a = (i + 0.3 * unit(rng)) * (6.283185307179586 / 8.0);
        s.points.emplace_back(r * std::cos(a), r * std::sin(a));
      }
    }
    return s;
  };
  Kind ka = Kind::Rect, kb = Kind::Rect;
  switch (kind) {
    case PairKind::RectRect:
      break;
    case PairKind::OctagonOctagon:
      ka = kb = Kind::Polygon;
      break;
    case PairKind::CircleRect:
      ka = Kind::Circle;
      break;
    case PairKind::CircleOctagon:
      ka = Kind::Circle;
      kb = Kind::Polygon;
      break;
    case PairKind::CircleCircle:
      ka = kb = Kind::Circle;
      break;
    case PairKind::RectSegment:
      kb = Kind::Segment;
      break;
    case PairKind::CircleSegment:
      ka = Kind::Circle;
      kb = Kind::Segment;
      break;
    case PairKind::SegmentSegment:
      ka = kb = Kind::Segment;
      break;
  }
  PairSet set;
  // 1024 shapes: Hitbox's array is 721 KB (704-B Poseds, of which a query reads at most 512 B:
  // the Collider's lines and an 8-gon's inline arrays), Box2D's 279 KB; each inside a 1 MB L2.
  constexpr std::uint32_t kPool = 1024;
  std::vector<Shape> shapes;
  for (std::uint32_t i = 0; i < kPool; ++i) shapes.push_back(make(i % 2 ? kb : ka));
  // Velocities, from their own seeded stream so the shapes do not depend on them.
  std::mt19937 vrng(7);
  std::uniform_real_distribution<double> v(-60.0, 60.0);
  // Spins of up to 90 degrees a step, from their own stream too (the toi_spin rows).
  std::mt19937 srng(11);
  std::uniform_real_distribution<double> spin(-90.0, 90.0);
  for (Shape& s : shapes) {
    s.vel = DVec2(v(vrng), v(vrng));
    s.spin = spin(srng);
    set.hitbox_pool.emplace_back(s);
    set.box2d_pool.push_back(to_box2d(s));
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> hit, miss;
  std::uniform_int_distribution<std::uint32_t> half(0, kPool / 2 - 1);
  while (hit.size() < count / 2 || miss.size() < count - count / 2) {
    const std::uint32_t a = 2 * half(rng), b = 2 * half(rng) + 1;
    const bool h = sat(set.hitbox_pool[a], set.hitbox_pool[b]).hit;
    auto& bucket = h ? hit : miss;
    if (bucket.size() < (h ? count / 2 : count - count / 2)) bucket.emplace_back(a, b);
  }
  set.apart = miss;
  set.pairs = hit;
  set.pairs.insert(set.pairs.end(), miss.begin(), miss.end());
  std::shuffle(set.pairs.begin(), set.pairs.end(), rng);
  std::shuffle(set.apart.begin(), set.apart.end(), rng);
  return set;
}

}  // namespace hitbox::b2pairs
