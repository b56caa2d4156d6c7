// Shape makers and a seeded generator of random shapes (every kind, rotated, scaled,
// mirrored, moving) shared by the tests of the core's modules.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numbers>
#include <random>

#include "hitbox/concave.h"
#include "hitbox/shape.h"

namespace hitbox::test_support {

inline Shape rect(DVec2 pos, DVec2 size, double angle = 0.0) {
  Shape s;
  s.id = "r";
  s.kind = Kind::Rect;
  s.pos = pos;
  s.size = size;
  s.angle = angle;
  return s;
}

inline Shape circle(DVec2 pos, double r) {
  Shape s;
  s.id = "c";
  s.kind = Kind::Circle;
  s.pos = pos;
  s.radius = r;
  return s;
}

// A regular n-gon of circumradius r, as local points.
inline Shape polygon(DVec2 pos, int n, double r, double angle = 0.0) {
  Shape s;
  s.id = "p";
  s.kind = Kind::Polygon;
  s.pos = pos;
  s.angle = angle;
  for (int i = 0; i < n; ++i) {
    const double t = 2.0 * std::numbers::pi * i / n;
    s.points.emplace_back(r * std::cos(t), r * std::sin(t));
  }
  return s;
}

// A random simple polygon that is not convex, 5 to `max_corners` corners: star-shaped about
// its origin (radii at jittered, increasing angles), either winding, turned, scaled and
// mirrored at random.
inline Shape random_star(std::mt19937& rng, DVec2 pos, int max_corners) {
  std::uniform_real_distribution<double> rad(15.0, 60.0), jit(0.0, 0.6), ang(-180.0, 180.0),
      sc(0.6, 1.6);
  std::bernoulli_distribution coin(0.5);
  std::uniform_int_distribution<int> count(5, max_corners);
  Shape s;
  s.id = "star";
  s.kind = Kind::Polygon;
  s.pos = pos;
  for (;;) {
    s.points.clear();
    const int n = count(rng);
    for (int k = 0; k < n; ++k) {
      const double a = (k + jit(rng)) * 2.0 * std::numbers::pi / n;
      const double r = coin(rng) ? rad(rng) : rad(rng) * 0.4;
      s.points.emplace_back(r * std::cos(a), r * std::sin(a));
    }
    if (polygon_problem(s.points).empty() && !polygon_is_convex(s.points)) break;
  }
  if (coin(rng)) std::reverse(s.points.begin(), s.points.end());
  s.angle = ang(rng);
  s.scale = sc(rng);
  s.mirror_x = coin(rng);
  s.mirror_y = coin(rng);
  return s;
}

// A w x h sprite whose texels are solid inside the inscribed ellipse.
inline Shape sprite(DVec2 pos, int w, int h) {
  auto img = std::make_shared<SpriteImage>();
  img->w = w;
  img->h = h;
  img->alpha.resize(static_cast<size_t>(w * h));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const double u = (x + 0.5) / w - 0.5, v = (y + 0.5) / h - 0.5;
      img->alpha[static_cast<size_t>(y * w + x)] = u * u + v * v <= 0.25 ? 255 : 0;
    }
  }
  Shape s;
  s.id = "s";
  s.kind = Kind::Sprite;
  s.pos = pos;
  s.image = "ellipse.png";
  s.pixels.image = img;
  return s;
}

// A capsule whose core runs from (-half, 0) to (half, 0) about pos, grown by r.
inline Shape capsule(DVec2 pos, double half, double r, double angle = 0.0) {
  Shape s;
  s.id = "k";
  s.kind = Kind::Capsule;
  s.pos = pos;
  s.angle = angle;
  s.points = {DVec2(-half, 0.0), DVec2(half, 0.0)};
  s.radius = r;
  return s;
}

class Random {
 public:
  explicit Random(std::uint32_t seed) : rng_(seed) {}
  double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  Shape shape(DVec2 pos) {
    Shape s;
    switch (integer(0, 3)) {
      case 0:
        s = rect(pos, {uni(10.0, 120.0), uni(10.0, 120.0)});
        break;
      case 1:
        s = circle(pos, uni(5.0, 60.0));
        break;
      case 2:
        s = polygon(pos, integer(3, 8), uni(10.0, 60.0));
        break;
      default:
        s = sprite(pos, integer(8, 40), integer(8, 40));
        break;
    }
    s.angle = uni(-180.0, 180.0);
    s.scale = uni(0.5, 2.0);
    s.mirror_x = integer(0, 1) == 1;
    s.vel = {uni(-80.0, 80.0), uni(-80.0, 80.0)};
    return s;
  }

  // A capsule with its core off centre (end centres anywhere within 60 px of pos), posed,
  // scaled, mirrored on either axis and moving like shape()'s.
  Shape capsule_shape(DVec2 pos) {
    Shape s = capsule(pos, 1.0, uni(4.0, 40.0));
    s.points = {DVec2(uni(-60.0, 60.0), uni(-30.0, 30.0)),
                DVec2(uni(-60.0, 60.0), uni(-30.0, 30.0))};
    if (length(s.points[1] - s.points[0]) < 2.0) s.points[1] += DVec2(4.0, 0.0);
    s.angle = uni(-180.0, 180.0);
    s.scale = uni(0.5, 2.0);
    s.mirror_x = integer(0, 1) == 1;
    s.mirror_y = integer(0, 2) == 1;
    s.vel = {uni(-80.0, 80.0), uni(-80.0, 80.0)};
    return s;
  }

  // Every kind with area, capsules among them (a fifth).
  Shape shape_or_capsule(DVec2 pos) { return integer(0, 4) == 4 ? capsule_shape(pos) : shape(pos); }

 private:
  std::mt19937 rng_;
};

}  // namespace hitbox::test_support
