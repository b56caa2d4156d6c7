// Rigid bodies in play mode (simulation.h): mass properties against hand-worked formulas and
// a numeric integration, the scene's angular velocity fields, and the solver against numbers
// worked out by hand or Box2D's own tolerances.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "hitbox/limits.h"
#include "hitbox/scene.h"
#include "hitbox/simulation.h"

namespace {

using hitbox::DVec2;
using hitbox::Scene;
using hitbox::Shape;
using hitbox::Simulation;

constexpr double kPi = std::numbers::pi;

Scene scene_of(const std::string& text) {
  return hitbox::parse_scene(text, "test.json");
}

std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// ---------------------------------------------------------------- mass properties

// Mass, centre and inertia by cells: the posed shape's area sampled on a fine grid (contains()
// at each cell's centre), a different method from mass_properties' formulas.
struct Numeric {
  double mass = 0.0, inertia = 0.0;
  DVec2 centre{0.0, 0.0};
};
Numeric by_cells(const Shape& s, int cells) {
  const hitbox::Posed p(s);
  const hitbox::Aabb& b = p.collider().bounds;
  const double dx = (b.max.x - b.min.x) / cells, dy = (b.max.y - b.min.y) / cells;
  double area = 0.0, second = 0.0;
  DVec2 first(0.0, 0.0);
  for (int i = 0; i < cells; ++i) {
    for (int j = 0; j < cells; ++j) {
      const DVec2 c(b.min.x + (i + 0.5) * dx, b.min.y + (j + 0.5) * dy);
      if (!hitbox::contains(p.collider(), hitbox::Vec2(c))) continue;
      area += dx * dy;
      first += c * (dx * dy);
      second += glm::dot(c, c) * dx * dy + (dx * dx + dy * dy) / 12.0 * dx * dy;
    }
  }
  Numeric out;
  const double density = s.body ? s.body->density : 1.0;
  out.centre = first / area;
  out.mass = density * area;
  out.inertia = density * (second - area * glm::dot(out.centre, out.centre));
  return out;
}

Shape shape_from(const std::string& json) {
  return scene_of(R"({"version": 1, "shapes": [)" + json + "]}").shapes[0];
}

TEST(RigidBody, BoxMassAndInertiaAreTheTextbookFormulas) {
  // w 30, h 10, scale 2, density 0.5: m = 0.5 * 60 * 20 = 600, I = m (60^2 + 20^2) / 12.
  const Shape s = shape_from(R"({"id": "b", "kind": "rect", "pos": [5, 7], "angle": 33,
    "scale": 2, "mirror": [true, false], "size": [30, 10], "body": {"type": "dynamic", "density": 0.5}})");
  const hitbox::MassProps m = hitbox::mass_properties(s);
  EXPECT_DOUBLE_EQ(m.mass, 600.0);
  EXPECT_DOUBLE_EQ(m.inertia, 600.0 * (3600.0 + 400.0) / 12.0);
  EXPECT_EQ(m.centre, DVec2(0.0, 0.0));
}

TEST(RigidBody, DiscMassAndInertiaAreTheTextbookFormulas) {
  // r 10, scale 1.5: R = 15, m = 2 pi R^2, I = m R^2 / 2.
  const Shape s = shape_from(R"({"id": "c", "kind": "circle", "pos": [1, 2], "radius": 10,
    "scale": 1.5, "body": {"type": "dynamic", "density": 2}})");
  const hitbox::MassProps m = hitbox::mass_properties(s);
  EXPECT_NEAR(m.mass, 2.0 * kPi * 225.0, 1e-9);
  EXPECT_NEAR(m.inertia, m.mass * 225.0 / 2.0, 1e-6);
}

TEST(RigidBody, PolygonsAndCapsulesAgreeWithANumericIntegration) {
  const char* shapes[] = {
      // a convex polygon off its pos, either winding
      R"({"id": "p", "kind": "polygon", "pos": [10, 20], "angle": 20,
          "points": [[0, 0], [60, 10], [50, 40], [10, 30]], "body": {"type": "dynamic"}})",
      R"({"id": "p", "kind": "polygon", "pos": [10, 20], "angle": -70, "scale": 1.5,
          "mirror": [false, true], "points": [[10, 30], [50, 40], [60, 10], [0, 0]],
          "body": {"type": "dynamic", "density": 3}})",
      // a concave L, mirrored and scaled (through its convex pieces)
      R"({"id": "L", "kind": "polygon", "pos": [-5, 3], "angle": 45, "scale": 0.5,
          "mirror": [true, false], "points": [[0, 0], [80, 0], [80, 20], [20, 20], [20, 60], [0, 60]],
          "body": {"type": "dynamic"}})",
      // a capsule off its pos
      R"({"id": "c", "kind": "capsule", "pos": [3, 4], "angle": 30, "radius": 8,
          "points": [[-10, 5], [30, 5]], "body": {"type": "dynamic", "density": 0.25}})",
  };
  for (const char* json : shapes) {
    const Shape s = shape_from(json);
    const hitbox::MassProps m = hitbox::mass_properties(s);
    const Numeric want = by_cells(s, 1500);
    EXPECT_NEAR(m.mass, want.mass, 2e-3 * want.mass) << json;
    EXPECT_NEAR(m.inertia, want.inertia, 3e-3 * want.inertia) << json;
    const DVec2 c = hitbox::to_world(s, m.centre);
    const double size = std::sqrt(want.inertia / want.mass);
    EXPECT_NEAR(c.x, want.centre.x, 2e-3 * size) << json;
    EXPECT_NEAR(c.y, want.centre.y, 2e-3 * size) << json;
  }
}

TEST(RigidBody, SegmentsAndPointsCannotBeDynamic) {
  const char* shapes[] = {
      R"({"id": "s", "kind": "segment", "pos": [0, 0], "points": [[0, 0], [10, 0]],
          "body": {"type": "dynamic"}})",
      R"({"id": "s", "kind": "point", "pos": [0, 0], "body": {"type": "dynamic"}})",
  };
  for (const char* json : shapes) {
    try {
      hitbox::parse_scene(std::string(R"({"version": 1, "shapes": [)") + json + "]}", "bad.json");
      ADD_FAILURE() << json << " was accepted";
    } catch (const hitbox::SceneError& e) {
      EXPECT_EQ(e.file(), "bad.json");
      EXPECT_EQ(e.shape(), "s");
      EXPECT_EQ(e.field(), "body.type") << e.what();
    }
  }
  // As static bodies they are fine.
  EXPECT_NO_THROW(hitbox::parse_scene(R"({"version": 1, "shapes": [{"id": "s", "kind": "segment",
    "pos": [0, 0], "points": [[0, 0], [10, 0]], "body": {"type": "static"}}]})",
                                      "ok.json"));
}

// ---------------------------------------------------------------- scene fields

TEST(RigidBody, AngularVelocityAndFixedRotationRoundTrip) {
  const Scene a = scene_of(R"({"version": 1, "shapes": [
    {"id": "A", "kind": "rect", "pos": [1, 2], "size": [3, 4],
     "body": {"type": "dynamic", "angular_velocity": -90.5}},
    {"id": "B", "kind": "rect", "pos": [1, 2], "size": [3, 4],
     "body": {"type": "dynamic", "fixed_rotation": true}}]})");
  EXPECT_EQ(a.shapes[0].body->angular_velocity, -90.5);
  EXPECT_FALSE(a.shapes[0].body->fixed_rotation);
  EXPECT_TRUE(a.shapes[1].body->fixed_rotation);
  EXPECT_EQ(scene_of(hitbox::scene_to_json(a)), a);
}

TEST(RigidBody, BadAngularFieldsAreNamed) {
  struct Case {
    const char* body;
    const char* field;
  };
  const Case cases[] = {
      {R"({"type": "dynamic", "angular_velocity": "fast"})", "body.angular_velocity"},
      {R"({"type": "dynamic", "angular_velocity": 2e5})", "body.angular_velocity"},
      {R"({"type": "static", "angular_velocity": 10})", "body.angular_velocity"},
      {R"({"type": "dynamic", "fixed_rotation": 1})", "body.fixed_rotation"},
  };
  for (const Case& c : cases) {
    try {
      hitbox::parse_scene(std::string(R"({"version": 1, "shapes": [{"id": "r", "kind": "rect",
        "pos": [0, 0], "size": [4, 4], "body": )") +
                              c.body + "}]}",
                          "bad.json");
      ADD_FAILURE() << c.body << " was accepted";
    } catch (const hitbox::SceneError& e) {
      EXPECT_EQ(e.shape(), "r");
      EXPECT_EQ(e.field(), c.field) << c.body << ": " << e.what();
    }
  }
}

// ---------------------------------------------------------------- scenes

std::string box(const std::string& id, DVec2 pos, double angle, DVec2 size,
                const std::string& body) {
  return R"({"id": ")" + id + R"(", "kind": "rect", "pos": [)" + num(pos.x) + ", " + num(pos.y) +
         R"(], "angle": )" + num(angle) + R"(, "size": [)" + num(size.x) + ", " + num(size.y) +
         R"(], "body": )" + body + "}";
}

Scene world(const std::string& shapes, double gravity = 980.0) {
  return scene_of(R"({"version": 1, "world": {"gravity": [0, )" + num(gravity) +
                  R"(]}, "shapes": [)" + shapes + "]}");
}

const std::string kFloor = R"({"id": "floor", "kind": "rect", "pos": [0, 520], "size": [4000, 40],
  "body": {"type": "static", "friction": 0.6}})";

TEST(RigidBody, StackOfTenBoxesStandsTenSeconds) {
  std::string shapes = kFloor;
  for (int i = 0; i < 10; ++i) {
    shapes += ", " + box("b" + std::to_string(i), DVec2(0.0, 480.0 - 40.0 * i), 0.0,
                         DVec2(40.0, 40.0), R"({"type": "dynamic", "friction": 0.6})");
  }
  Simulation sim = hitbox::make_simulation(world(shapes));
  // The soft contacts settle under the load first (a spring each; Box2D's stacks do too).
  hitbox::sim_run(&sim, 1.0);
  RecordProperty("stack_settle_px", std::to_string(sim.scene.shapes[10].pos.y - 120.0));
  const DVec2 start = sim.scene.shapes[10].pos;
  double worst = 0.0, turned = 0.0;
  for (int k = 0; k < 1200; ++k) {
    hitbox::sim_step(&sim);
    worst = std::max(worst, glm::length(sim.scene.shapes[10].pos - start));
    for (int i = 1; i <= 10; ++i) turned = std::max(turned, std::abs(sim.scene.shapes[i].angle));
  }
  EXPECT_LT(worst, 0.4) << "the top moved " << worst << " px (1% of 40 px: 0.4)";
  EXPECT_LT(turned, 0.1) << "a box turned " << turned << " degrees";
}

TEST(RigidBody, PyramidOfTwentyRowsStandsTenSeconds) {
  std::string shapes = kFloor;
  const double size = 20.0;
  int count = 0;
  for (int row = 0; row < 20; ++row) {
    for (int i = 0; i < 20 - row; ++i) {
      const double x = (i - (19 - row) / 2.0) * size;
      const double y = 500.0 - size / 2.0 - row * size;
      shapes += ", " + box("p" + std::to_string(count++), DVec2(x, y), 0.0, DVec2(size, size),
                           R"({"type": "dynamic", "friction": 0.6})");
    }
  }
  ASSERT_EQ(count, 210);
  Simulation sim = hitbox::make_simulation(world(shapes));
  const Scene placed = sim.scene;
  hitbox::sim_run(&sim, 1.0);  // settling under the load
  const Scene start = sim.scene;
  hitbox::sim_run(&sim, 10.0);
  double worst = 0.0, turned = 0.0;
  for (std::size_t i = 1; i < sim.scene.shapes.size(); ++i) {
    worst = std::max(worst, glm::length(sim.scene.shapes[i].pos - start.shapes[i].pos));
    turned = std::max(turned, std::abs(sim.scene.shapes[i].angle));
  }
  // Standing: no box moved a tenth of its size or turned a degree.
  EXPECT_LT(worst, 0.1 * size) << "a box moved " << worst << " px";
  EXPECT_LT(turned, 1.0) << "a box turned " << turned << " degrees";
  const double top = sim.scene.shapes.back().pos.y - placed.shapes.back().pos.y;
  RecordProperty("pyramid_top_settle_px", std::to_string(top));
}

// A stack of ten boxes of `size` px standing on a floor at x, its lowest box on y = 500.
Scene stack_at(double x, double size) {
  std::string shapes =
      R"({"id": "floor", "kind": "rect", "pos": [)" + num(x) +
      R"(, 520], "size": [4000, 40], "body": {"type": "static", "friction": 0.6}})";
  for (int i = 0; i < 10; ++i) {
    shapes += ", " + box("b" + std::to_string(i), DVec2(x, 500.0 - size / 2.0 - size * i), 0.0,
                         DVec2(size, size), R"({"type": "dynamic", "friction": 0.6})");
  }
  return world(shapes);
}

// Where a user builds it, away from the origin, the stack stands as it does at the origin.
// Before the manifold's ids were made independent of rounding, its top walked 0.73 px from
// 2 s to 10 s at x = 640 and 6 px at x = 5000 (issue 40; Box2D v3: 0.13 px).
TEST(RigidBody, StackOfTenFiftyPixelBoxesStandsWhereverItIsBuilt) {
  for (const double x : {0.0, 640.0, 1920.0, 5000.0}) {
    Simulation sim = hitbox::make_simulation(stack_at(x, 50.0));
    hitbox::sim_run(&sim, 2.0);
    const DVec2 start = sim.scene.shapes[10].pos;
    double moved = 0.0, turned = 0.0;
    for (int k = 0; k < 960; ++k) {
      hitbox::sim_step(&sim);
      moved = std::max(moved, glm::length(sim.scene.shapes[10].pos - start));
      for (int i = 1; i <= 10; ++i) turned = std::max(turned, std::abs(sim.scene.shapes[i].angle));
    }
    EXPECT_LT(moved, 0.5) << "at x = " << x << " the top moved " << moved << " px from 2 s to 10 s";
    EXPECT_LT(turned, 1.0) << "at x = " << x << " a box turned " << turned << " degrees";
  }
}

// Box2D's resting-stack check: ten boxes of 1 m (100 px here) at rest, every speed sampled
// under 0.05 m/s (5 px/s), here for every step from 1 s to 10 s and for the corners' speed.
TEST(RigidBody, RestingStackSpeedsStayUnderBoxTwoDsLimit) {
  Simulation sim = hitbox::make_simulation(stack_at(640.0, 100.0));
  hitbox::sim_run(&sim, 1.0);
  const double half_diagonal = 50.0 * std::sqrt(2.0);
  double fastest = 0.0;
  for (int k = 0; k < 1080; ++k) {
    hitbox::sim_step(&sim);
    for (int i = 1; i <= 10; ++i) {
      const hitbox::BodySpec& b = *sim.scene.shapes[i].body;
      const double corner = std::abs(b.angular_velocity) * kPi / 180.0 * half_diagonal;
      fastest = std::max(fastest, glm::length(b.velocity) + corner);
    }
  }
  EXPECT_LT(fastest, 5.0) << "a box moved at " << fastest << " px/s";
  RecordProperty("resting_stack_peak_px_per_s", std::to_string(fastest));
}

TEST(RigidBody, LessonSixteensStackDriftsUnderHalfAPixelInTenSeconds) {
  Simulation sim = hitbox::make_simulation(
      hitbox::load_scene(HITBOX_SOURCE_DIR "/assets/scenes/lessons/16_why_stacks_stand.json"));
  const std::size_t top = sim.scene.shapes.size() - 1;
  ASSERT_EQ(sim.scene.shapes[top].id, "top");
  const double x0 = sim.scene.shapes[top].pos.x;
  double drift = 0.0;
  for (int k = 0; k < 1200; ++k) {
    hitbox::sim_step(&sim);
    drift = std::max(drift, std::abs(sim.scene.shapes[top].pos.x - x0));
  }
  EXPECT_LT(drift, 0.5) << "the top box went " << drift << " px sideways";
}

// A concave body keeps its convex pieces as it moves: an upside-down U dropped over a peg
// that fits its notch stands on its legs around the peg. (Posed::repose once dropped the
// pieces after the first step, and the U, taken for its whole outline, landed on the peg and
// toppled over.)
TEST(RigidBody, AConcaveBodyLandsAroundAPegInItsNotch) {
  Simulation sim = hitbox::make_simulation(scene_of(R"({"version": 1,
    "world": {"gravity": [0, 980]}, "shapes": [
    {"id": "floor", "kind": "rect", "pos": [0, 520], "size": [400, 40],
     "body": {"type": "static"}},
    {"id": "peg", "kind": "rect", "pos": [0, 492.5], "size": [10, 15], "body": {"type": "static"}},
    {"id": "U", "kind": "polygon", "pos": [0, 400], "points": [[-30, -20], [30, -20], [30, 20],
     [10, 20], [10, 0], [-10, 0], [-10, 20], [-30, 20]], "body": {"type": "dynamic"}}]})"));
  hitbox::sim_run(&sim, 2.0);
  const Shape& u = sim.scene.shapes[2];
  EXPECT_NEAR(u.pos.y, 480.0, 1.0) << "its legs stand on the floor (y 500)";
  EXPECT_LT(std::abs(u.pos.x), 5.0) << "the peg stays inside the notch";
  EXPECT_LT(std::abs(u.angle), 1.0);
}

// A box of `size` lying on the top face of a long slab turned by `deg` (clockwise: the face
// runs down to the right), its centre `along` px down the face from the slab's middle.
Scene on_slope(double deg, DVec2 size, const std::string& coeffs, double along = 0.0) {
  const double t = deg * kPi / 180.0;
  const DVec2 down(std::cos(t), std::sin(t)), out(std::sin(t), -std::cos(t));
  const DVec2 centre = DVec2(0.0, 0.0) + out * (100.0 + size.y / 2.0) + down * along;
  return world(R"({"id": "slope", "kind": "rect", "pos": [0, 0], "angle": )" + num(deg) +
               R"(, "size": [4000, 200], "body": {"type": "static", )" + coeffs + "}}, " +
               box("box", centre, deg, size, R"({"type": "dynamic", )" + coeffs + "}"));
}

TEST(RigidBody, BoxOnAThirtyDegreeSlopeSticksWithMuSevenTenths) {
  Simulation sim = hitbox::make_simulation(
      on_slope(30.0, DVec2(20.0, 20.0), R"("friction": 0.7, "static_friction": 0.7)"));
  hitbox::sim_step(&sim);
  const DVec2 start = sim.scene.shapes[1].pos;
  double worst = 0.0;
  for (int k = 0; k < 1200; ++k) {
    hitbox::sim_step(&sim);
    worst = std::max(worst, glm::length(sim.scene.shapes[1].pos - start));
  }
  EXPECT_LT(worst, 0.2) << "moved " << worst << " px in 10 s";
}

TEST(RigidBody, BoxOnAThirtyDegreeSlopeSlidesWithMuTwoTenths) {
  const double t = 30.0 * kPi / 180.0;
  const double want = 980.0 * (std::sin(t) - 0.2 * std::cos(t));
  Simulation sim = hitbox::make_simulation(
      on_slope(30.0, DVec2(20.0, 20.0), R"("friction": 0.2, "static_friction": 0.2)", -1500.0));
  const DVec2 down(std::cos(t), std::sin(t));
  hitbox::sim_run(&sim, 0.5);
  const double v1 = glm::dot(sim.scene.shapes[1].body->velocity, down);
  hitbox::sim_run(&sim, 1.0);
  const double v2 = glm::dot(sim.scene.shapes[1].body->velocity, down);
  EXPECT_NEAR(v2 - v1, want, 0.02 * want);
  EXPECT_LT(std::abs(sim.scene.shapes[1].angle - 30.0), 0.1) << "it slid, it did not roll";
}

TEST(RigidBody, OnATwentyDegreeFloorATallBoxTipsAndAWideOneDoesNot) {
  // Tipping needs tan 20 deg = 0.36 > w / h: 10 / 60 = 0.17 tips, 60 / 10 = 6 does not.
  // mu 1 > 0.36, so neither slides.
  const std::string coeffs = R"("friction": 1, "static_friction": 1)";
  Simulation tall = hitbox::make_simulation(on_slope(20.0, DVec2(10.0, 60.0), coeffs));
  Simulation wide = hitbox::make_simulation(on_slope(20.0, DVec2(60.0, 10.0), coeffs));
  hitbox::sim_run(&tall, 3.0);
  hitbox::sim_run(&wide, 3.0);
  EXPECT_GT(std::abs(tall.scene.shapes[1].angle - 20.0), 60.0) << tall.scene.shapes[1].angle;
  EXPECT_LT(std::abs(wide.scene.shapes[1].angle - 20.0), 0.1) << wide.scene.shapes[1].angle;
}

TEST(RigidBody, TwentyDominoesToppleInOrder) {
  std::string shapes = kFloor;
  for (int i = 0; i < 20; ++i) {
    // 10 x 60 dominoes 35 px apart. The first starts turning at 2 rad/s (114.6 deg/s) about
    // its lower right corner: its centre moves at 2 (30, -5) px/s.
    const std::string body =
        i == 0 ? R"({"type": "dynamic", "velocity": [60, -10], "angular_velocity": 114.59})"
               : R"({"type": "dynamic"})";
    shapes +=
        ", " + box("d" + std::to_string(i), DVec2(35.0 * i, 470.0), 0.0, DVec2(10.0, 60.0), body);
  }
  Simulation sim = hitbox::make_simulation(world(shapes));
  std::vector<int> fell(20, -1);  // the step each passed 30 degrees
  for (int k = 0; k < 1200; ++k) {
    hitbox::sim_step(&sim);
    for (int i = 0; i < 20; ++i) {
      if (fell[i] < 0 && sim.scene.shapes[std::size_t(i) + 1].angle > 30.0) fell[i] = k;
    }
  }
  for (int i = 0; i < 20; ++i) {
    ASSERT_GE(fell[i], 0) << "domino " << i << " stands";
    if (i > 0) {
      EXPECT_GT(fell[i], fell[i - 1]) << "domino " << i;
    }
  }
}

TEST(RigidBody, BallWithRestitutionOneNeverRisesAboveItsDropHeight) {
  // Box2D's restitution test at 1 m = 50 px: g 9.8 m/s^2 = 490 px/s^2, dropped from 10 m.
  const double r = 25.0, floor_top = 500.0, drop = 500.0;
  Simulation sim = hitbox::make_simulation(scene_of(
      R"({"version": 1, "world": {"gravity": [0, 490]}, "shapes": [
    {"id": "floor", "kind": "rect", "pos": [0, 520], "size": [2000, 40]},
    {"id": "ball", "kind": "circle", "pos": [0, )" +
      num(floor_top - r - drop) + R"(], "radius": 25,
     "body": {"type": "dynamic", "restitution": 1}}]})"));
  std::vector<double> apex;
  double highest = 0.0;  // the height of the ball's bottom above the floor, after a bounce
  bool rising = false;
  for (int k = 0; k < 120 * 20 && apex.size() < 6; ++k) {
    hitbox::sim_step(&sim);
    const double height = floor_top - r - sim.scene.shapes[1].pos.y;
    const double vy = sim.scene.shapes[1].body->velocity.y;
    if (vy < 0.0) {
      rising = true;
      highest = std::max(highest, height);
    } else if (rising) {
      apex.push_back(highest);
      rising = false;
      highest = 0.0;
    }
    ASSERT_LT(height, drop * 1.001) << "step " << k;
  }
  ASSERT_EQ(apex.size(), 6u);
  EXPECT_GT(apex[5], 0.8 * apex[0]) << apex[0] << " then " << apex[5];
  RecordProperty("apexes_px", std::to_string(apex[0]) + " .. " + std::to_string(apex[5]));
}

// A ball falling at 600 px/s along the axis of a V whose point is at (0, 100) and whose walls
// lie 30 degrees either side of the horizontal; it meets both walls at once. No gravity.
Simulation wedge(const std::string& friction) {
  return hitbox::make_simulation(scene_of(R"({"version": 1, "shapes": [
    {"id": "left", "kind": "polygon", "pos": [0, 0],
     "points": [[0, 100], [-200, -15.470054], [-200, 24.529946], [0, 140]]},
    {"id": "right", "kind": "polygon", "pos": [0, 0],
     "points": [[0, 100], [0, 140], [200, 24.529946], [200, -15.470054]]},
    {"id": "ball", "kind": "circle", "pos": [0, 40], "radius": 20,
     "body": {"type": "dynamic", "restitution": 1, "velocity": [0, 600], )" +
                                          friction + "}}]}"));
}

TEST(RigidBody, BallIntoAWedgeWithRestitutionOneLeavesStraightBackAsFastAsItCame) {
  // Without friction, by hand: each wall's normal n has v0.n = -600 cos 30; with e = 1 the
  // ball must leave with v.n = +600 cos 30 on both, and in 2D only v = -v0 does that. (One
  // restitution pass per wall in turn gives (130, -675): 31% more energy.)
  Simulation sim = wedge(R"("friction": 0, "static_friction": 0)");
  hitbox::sim_run(&sim, 0.3);
  const DVec2 v = sim.scene.shapes[2].body->velocity;
  EXPECT_NEAR(v.x, 0.0, 0.01);
  EXPECT_NEAR(v.y, -600.0, 0.01);
  EXPECT_LT(sim.scene.shapes[2].pos.y, 40.0);  // on its way back up
}

TEST(RigidBody, BallIntoAWedgeWithFrictionGainsNoEnergy) {
  // With friction the walls' impulses are solved one after the other, so the ball picks up
  // spin; Newton's restitution then adds energy (Kane's paradox) unless the bounce is limited.
  Simulation sim = wedge(R"("friction": 0.5, "static_friction": 0.5)");
  const hitbox::MassProps m = hitbox::mass_properties(sim.scene.shapes[2]);
  const double e0 = 0.5 * m.mass * 600.0 * 600.0;
  hitbox::sim_run(&sim, 0.3);
  const hitbox::BodySpec& b = *sim.scene.shapes[2].body;
  const double w = b.angular_velocity * kPi / 180.0;
  const double e = 0.5 * m.mass * glm::dot(b.velocity, b.velocity) + 0.5 * m.inertia * w * w;
  EXPECT_LE(e, e0 * (1.0 + 1e-6));
  EXPECT_GT(e, 0.9 * e0);  // still a bounce
  EXPECT_LT(b.velocity.y, -500.0);
}

TEST(RigidBody, FreeBodyKeepsItsAngularMomentumAndTurnsAboutItsCentreOfMass) {
  // A polygon whose centre of mass is far from its pos, thrown and spinning with no gravity.
  Simulation sim = hitbox::make_simulation(scene_of(R"({"version": 1, "shapes": [
    {"id": "p", "kind": "polygon", "pos": [0, 0], "angle": 10,
     "points": [[40, 0], [100, 10], [90, 50], [50, 40]],
     "body": {"type": "dynamic", "velocity": [30, -20], "angular_velocity": 270}}]})"));
  const hitbox::MassProps m = hitbox::mass_properties(sim.scene.shapes[0]);
  const DVec2 c0 = hitbox::to_world(sim.scene.shapes[0], m.centre);
  const double l0 = m.inertia * 270.0;
  for (int k = 0; k < 1200; ++k) hitbox::sim_step(&sim);
  const Shape& s = sim.scene.shapes[0];
  EXPECT_NEAR(m.inertia * s.body->angular_velocity, l0, 1e-3 * std::abs(l0));
  // The motion is single precision: each step adds four float products v h (h = 1/480 s, itself
  // rounded) to a double position, so a distance or angle is off by at most about six float
  // roundings of it, 6 x 2^-24. Measured: 6e-6 px in y, 7.5e-5 degrees.
  const double rel = 6.0 / (1 << 24);
  const DVec2 c = hitbox::to_world(s, m.centre);
  EXPECT_NEAR(c.x, c0.x + 300.0, rel * 300.0);
  EXPECT_NEAR(c.y, c0.y - 200.0, rel * 200.0);
  // 270 deg/s for 10 s: 2700 degrees, wrapped to within a turn.
  EXPECT_NEAR(std::remainder(s.angle - 10.0 - 2700.0, 360.0), 0.0, rel * 2700.0);
}

TEST(RigidBody, ABarHitAtOneEndTurnsTheWayTheImpulseSays) {
  // No gravity. A 200 x 10 bar; a ball moving up (-y) hits its right end from below. The push
  // on the bar is up at x = +95: counter-clockwise on screen, negative angular velocity.
  Simulation sim = hitbox::make_simulation(scene_of(R"({"version": 1, "shapes": [
    {"id": "bar", "kind": "rect", "pos": [0, 0], "size": [200, 10], "body": {"type": "dynamic"}},
    {"id": "ball", "kind": "circle", "pos": [95, 30], "radius": 10,
     "body": {"type": "dynamic", "velocity": [0, -200], "restitution": 0.5}}]})"));
  const double mb = hitbox::mass_properties(sim.scene.shapes[0]).mass;
  const double ib = hitbox::mass_properties(sim.scene.shapes[0]).inertia;
  const double mc = hitbox::mass_properties(sim.scene.shapes[1]).mass;
  hitbox::sim_run(&sim, 0.5);
  const Shape& bar = sim.scene.shapes[0];
  const Shape& ball = sim.scene.shapes[1];
  EXPECT_LT(bar.body->angular_velocity, -1.0);
  EXPECT_LT(bar.body->velocity.y, 0.0);
  // Momentum and angular momentum about the origin are kept.
  EXPECT_NEAR(mb * bar.body->velocity.y + mc * ball.body->velocity.y, mc * -200.0, 1e-6 * mc * 200);
  const auto cross = [](DVec2 a, DVec2 b) { return a.x * b.y - a.y * b.x; };
  const double l = ib * bar.body->angular_velocity * kPi / 180.0 +
                   mb * cross(bar.pos, bar.body->velocity) +
                   mc * cross(ball.pos, ball.body->velocity);
  const double l0 = mc * cross(DVec2(95.0, 30.0), DVec2(0.0, -200.0));
  EXPECT_NEAR(l, l0, 1e-3 * std::abs(l0));
}

// A thin bar thrown spinning at a thin wall: 500 random speeds (up to 20,000 px/s), spins (up
// to 1,800 deg/s), angles and heights. The contacts are found a step ahead with the reach of
// the turn, and the sweep (with spin) catches the rest, so the bar's centre almost never
// crosses the wall's middle. Known limit, kept visible: in a few of the 500 (2 built by GCC, 4
// by Clang: which ones depends on rounding) the first hit itself spins the bar beyond 10,000
// deg/s while it touches the wall, and its far end swings through between the contact's points
// (the sweep starts touching and stops nothing).
TEST(RigidBody, FastSpinningBarAlmostNeverPassesAThinWall) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int crossed = 0;
  for (int c = 0; c < 500; ++c) {
    Scene s;
    Shape wall;
    wall.id = "wall";
    wall.kind = hitbox::Kind::Rect;
    wall.size = DVec2(8.0, 200000.0);
    s.shapes.push_back(wall);
    Shape bar;
    bar.id = "bar";
    bar.kind = hitbox::Kind::Rect;
    bar.size = DVec2(40.0 + 60.0 * u(rng), 3.0);
    bar.pos = DVec2(-(bar.size.x / 2.0 + 10.0 + 400.0 * u(rng)), -500.0 + 1000.0 * u(rng));
    bar.angle = 360.0 * u(rng);
    bar.body = hitbox::BodySpec{};
    bar.body->velocity = DVec2(20000.0 * u(rng), -2000.0 + 4000.0 * u(rng));
    bar.body->angular_velocity = -1800.0 + 3600.0 * u(rng);
    s.shapes.push_back(bar);
    Simulation sim = hitbox::make_simulation(s);
    bool through = false;
    for (int k = 0; k < 30; ++k) {
      hitbox::sim_step(&sim);
      through = through || sim.scene.shapes[1].pos.x >= 0.0;
    }
    crossed += through ? 1 : 0;
  }
  EXPECT_LE(crossed, 5);  // 1%
}

TEST(RigidBody, FixedRotationKeepsABoxFromTipping) {
  // The tall box that tips above, with fixed_rotation: it stays at its angle.
  Scene s = on_slope(20.0, DVec2(10.0, 60.0), R"("friction": 1, "static_friction": 1)");
  s.shapes[1].body->fixed_rotation = true;
  Simulation sim = hitbox::make_simulation(s);
  hitbox::sim_run(&sim, 3.0);
  EXPECT_EQ(sim.scene.shapes[1].angle, 20.0);
  EXPECT_EQ(sim.scene.shapes[1].body->angular_velocity, 0.0);
}

}  // namespace
