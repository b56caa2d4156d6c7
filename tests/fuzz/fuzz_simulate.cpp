// A random scene, then up to 200 steps of play mode. Scenes are mostly in range (every kind
// with a body, turning, fixed rotation, any coefficients, with or without gravity); now and
// then a value from anywhere, which make_simulation must refuse with a SceneError. While it
// runs: no NaN, no body past the world's edge (limits.h), and with no gravity, no overlap at
// the start and restitution at most 1, the bodies' kinetic energy never grows.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>

#include "every_algorithm.h"
#include "hitbox/limits.h"
#include "hitbox/manifold.h"
#include "hitbox/simulation.h"
#include "reader.h"

namespace {

using hitbox::fuzz::Reader;

// In range mostly; one byte in 16 asks for a value from anywhere instead.
double value(Reader& r, double lo, double hi) {
  return r.byte() % 16 == 0 ? r.number() : r.in(lo, hi);
}

hitbox::Shape read_shape(Reader& r, int index) {
  hitbox::Shape s;
  s.id = "s" + std::to_string(index);
  const int kinds[] = {0, 1, 2, 6, 5, 4};  // rect, circle, polygon, capsule, segment, point
  s.kind = static_cast<hitbox::Kind>(kinds[r.byte() % 6]);
  s.pos = {value(r, 0.0, 1280.0), value(r, 0.0, 800.0)};
  s.angle = value(r, -360.0, 360.0);
  s.scale = r.byte() % 4 == 0 ? value(r, 0.25, 4.0) : 1.0;
  const std::uint8_t flags = r.byte();
  s.mirror_x = flags & 1;
  s.mirror_y = flags & 2;
  switch (s.kind) {
    case hitbox::Kind::Rect:
      s.size = {value(r, 2.0, 300.0), value(r, 2.0, 300.0)};
      break;
    case hitbox::Kind::Circle:
      s.radius = value(r, 1.0, 150.0);
      break;
    case hitbox::Kind::Polygon: {  // a star-shaped outline: convex or concave
      const int n = 3 + r.byte() % (hitbox::kMaxPolygonPoints - 2);
      for (int i = 0; i < n; ++i) {
        const double a = 2.0 * 3.14159265358979323846 * i / n, d = value(r, 3.0, 120.0);
        s.points.emplace_back(d * std::cos(a), d * std::sin(a));
      }
      break;
    }
    case hitbox::Kind::Capsule:
      s.points = {{value(r, -100.0, 0.0), value(r, -20.0, 20.0)},
                  {value(r, 1.0, 100.0), value(r, -20.0, 20.0)}};
      s.radius = value(r, 1.0, 60.0);
      break;
    case hitbox::Kind::Segment:
      s.points = {{value(r, -200.0, 0.0), 0.0}, {value(r, 1.0, 200.0), value(r, -50.0, 50.0)}};
      break;
    default:
      break;
  }
  const std::uint8_t body = r.byte();
  if (body % 4 != 0) {
    hitbox::BodySpec b;
    b.type = body % 4 == 1 ? hitbox::BodyType::Static : hitbox::BodyType::Dynamic;
    b.density = value(r, 0.01, 10.0);
    b.restitution = value(r, 0.0, 1.0);
    b.friction = value(r, 0.0, 2.0);
    b.static_friction = value(r, 0.0, 2.0);
    b.fixed_rotation = (body & 8) != 0;
    if (b.type == hitbox::BodyType::Dynamic) {
      b.velocity = {value(r, -3000.0, 3000.0), value(r, -3000.0, 3000.0)};
      b.angular_velocity = value(r, -3000.0, 3000.0);
    }
    s.body = b;
  }
  return s;
}

// Kinetic energy of the dynamic bodies: translation of the centre of mass and turning about it.
double kinetic_energy(const hitbox::Scene& sc) {
  double e = 0.0;
  for (const hitbox::Shape& s : sc.shapes) {
    if (!s.body || s.body->type != hitbox::BodyType::Dynamic) continue;
    const hitbox::MassProps m = hitbox::mass_properties(s);
    const double w =
        s.body->fixed_rotation ? 0.0 : s.body->angular_velocity * 3.14159265358979323846 / 180.0;
    const hitbox::DVec2 v = s.body->velocity;
    e += 0.5 * m.mass * (v.x * v.x + v.y * v.y) + 0.5 * m.inertia * w * w;
  }
  return e;
}

bool any_overlap(const hitbox::Scene& sc) {
  std::vector<hitbox::Posed> posed;
  for (const hitbox::Shape& s : sc.shapes) posed.emplace_back(s);
  for (std::size_t i = 0; i < posed.size(); ++i)
    for (std::size_t j = i + 1; j < posed.size(); ++j)
      if (hitbox::manifold(posed[i], posed[j]).hit) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader r{data, size};
  hitbox::Scene scene;
  const int count = 1 + r.byte() % 8;
  for (int i = 0; i < count; ++i) scene.shapes.push_back(read_shape(r, i));
  const std::uint8_t g = r.byte() % 4;
  if (g != 0)
    scene.world = hitbox::World{
        {g == 1 ? 0.0 : value(r, -2000.0, 2000.0), g == 1 ? 980.0 : value(r, -2000.0, 2000.0)}};
  const int steps = r.byte() % 201;

  hitbox::Simulation sim;
  try {
    sim = hitbox::make_simulation(scene);
  } catch (const hitbox::SceneError&) {
    return 0;  // refused, naming the shape and the field
  }
  const bool gravity =
      scene.world && (scene.world->gravity.x != 0.0 || scene.world->gravity.y != 0.0);
  const bool check_energy = !gravity && !any_overlap(scene);
  const double start = kinetic_energy(sim.scene);
  for (int k = 0; k < steps; ++k) {
    hitbox::sim_step(&sim);
    for (const hitbox::Shape& s : sim.scene.shapes) {
      const bool finite =
          std::isfinite(s.pos.x) && std::isfinite(s.pos.y) && std::isfinite(s.angle) &&
          (!s.body || (std::isfinite(s.body->velocity.x) && std::isfinite(s.body->velocity.y) &&
                       std::isfinite(s.body->angular_velocity)));
      if (!finite) hitbox::fuzz::broken("a body's position, angle or velocity is not finite");
      if (std::abs(s.pos.x) > hitbox::kMaxCoord || std::abs(s.pos.y) > hitbox::kMaxCoord)
        hitbox::fuzz::broken("a body left the world (|x| or |y| past kMaxCoord)");
      if (const auto p = hitbox::shape_problem(s)) {
        std::fprintf(stderr, "shape %s, field %s: %s\n", s.id.c_str(), p->field.c_str(),
                     p->message.c_str());
        hitbox::fuzz::broken("a body left the ranges of limits.h");
      }
    }
    // Energy may not grow: 1% and a millionth of the start for the solver's rounding.
    if (check_energy && kinetic_energy(sim.scene) > start * 1.01 + 1e-6 * (1.0 + start))
      hitbox::fuzz::broken("kinetic energy grew with no gravity and restitution at most 1");
  }
  return 0;
}
