// shape_problem (hitbox/limits.h), which the window's editors ask before they change a shape,
// against the scene loader reading the same shape from its file: both accept it, or both name
// the same field. And hand-made cases for each range.
#include "hitbox/limits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "hitbox/scene.h"

namespace {

using hitbox::DVec2;
using hitbox::Kind;
using hitbox::Shape;

Shape rect(double w, double h) {
  Shape s;
  s.id = "R";
  s.kind = Kind::Rect;
  s.size = DVec2(w, h);
  return s;
}

TEST(ShapeProblem, AcceptsAPlainShapeOfEachKind) {
  EXPECT_EQ(hitbox::shape_problem(rect(10, 20)), std::nullopt);
  Shape c;
  c.kind = Kind::Circle;
  c.radius = 5;
  EXPECT_EQ(hitbox::shape_problem(c), std::nullopt);
  Shape p;
  p.kind = Kind::Polygon;
  p.points = {{0, 0}, {10, 0}, {0, 10}};
  EXPECT_EQ(hitbox::shape_problem(p), std::nullopt);
}

TEST(ShapeProblem, NamesTheFieldOutOfRange) {
  Shape s = rect(10, 20);
  s.pos.y = 2e6;
  EXPECT_EQ(hitbox::shape_problem(s)->field, "pos[1]");
  s = rect(10, 20);
  s.vel.x = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(hitbox::shape_problem(s), (hitbox::FieldProblem{"vel[0]", "must be a finite number"}));
  s = rect(10, 20);
  s.scale = 0.0;
  EXPECT_EQ(hitbox::shape_problem(s)->field, "scale");
  s = rect(-5, 20);  // a typed radius or size of -5 is refused, not turned into 0.5
  EXPECT_EQ(hitbox::shape_problem(s)->field, "size");
  s = rect(10, 1e9);  // nor is 1e9 turned into 1e5
  EXPECT_EQ(hitbox::shape_problem(s)->message,
            "is out of range: 1000000000 is not between 1e-6 and 1e6 (must be [width, height] "
            "with both > 0)");
  s = rect(1e5, 10);
  s.scale = 100;  // 1e7 pixels wide once scaled
  EXPECT_EQ(hitbox::shape_problem(s)->field, "scale");
  s = rect(10, 10);
  s.angle = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(hitbox::shape_problem(s)->field, "angle");
  Shape p;
  p.kind = Kind::Polygon;
  p.points = {{0, 0}, {10, 0}, {20, 0}, {0, 10}};  // three collinear in a row
  EXPECT_EQ(hitbox::shape_problem(p)->field.rfind("points", 0), 0u);
  Shape sprite;
  sprite.kind = Kind::Sprite;
  sprite.image = "a.png";
  sprite.alpha_threshold = 300;
  EXPECT_EQ(hitbox::shape_problem(sprite)->field, "alpha_threshold");
}

// Random shapes, a third of their numbers pushed out of range, written as scene text and
// loaded: the loader refuses exactly the shapes shape_problem refuses, on the same field.
TEST(ShapeProblem, AgreesWithTheSceneLoaderOnRandomShapes) {
  std::mt19937 rng(424242);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const auto value = [&](double good) {
    const double r = u(rng);
    if (r < 0.06) return good * 1e7;   // too large
    if (r < 0.09) return -good;        // negative
    if (r < 0.11) return 0.0;          // zero
    if (r < 0.13) return good * 1e-9;  // too small
    return good;
  };
  int refused = 0, accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    Shape s;
    s.id = "S";
    s.kind = static_cast<Kind>(i % 3);  // rect, circle, polygon
    s.pos = DVec2(value(300.0 * u(rng) + 1), value(200.0 * u(rng) + 1));
    s.angle = value(90.0 * u(rng) + 1);
    s.scale = value(0.5 + 2 * u(rng));
    s.mirror_x = u(rng) < 0.5;
    s.vel = DVec2(value(40.0 * u(rng) + 1), value(1.0 + u(rng)));
    if (s.kind == Kind::Rect) s.size = DVec2(value(10 + 90 * u(rng)), value(10 + 90 * u(rng)));
    if (s.kind == Kind::Circle) s.radius = value(5 + 50 * u(rng));
    if (s.kind == Kind::Polygon) {
      const double r = value(30.0);
      s.points = {{-r, -r}, {r, -r}, {r, r}, {-r * 0.5, r * 1.5}};
    }
    hitbox::Scene scene;
    scene.shapes.push_back(s);
    const std::string text = hitbox::scene_to_json(scene);
    const auto problem = hitbox::shape_problem(s);
    try {
      const hitbox::Scene loaded = hitbox::parse_scene(text, "random.json");
      EXPECT_EQ(problem, std::nullopt) << text;
      ++accepted;
    } catch (const hitbox::SceneError& e) {
      ASSERT_TRUE(problem.has_value()) << e.what();
      EXPECT_EQ(e.field(), problem->field) << e.what();
      EXPECT_NE(std::string(e.what()).find(problem->message), std::string::npos) << e.what();
      ++refused;
    }
  }
  EXPECT_GT(refused, 500);
  EXPECT_GT(accepted, 500);
}

}  // namespace
