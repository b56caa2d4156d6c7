// Rays through a scene (ray.h's cast_ray, report.h's scene_ray_json): nearest first, sprites
// by their frame. Apart from ray_test.cpp, which needs only the collision library and is also
// run on its scalar lane build (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "hitbox/ray.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "support/named_shapes.h"

namespace hitbox {
namespace {

using named_shapes::circle;
using named_shapes::rect;

TEST(Ray, SceneNearestFirstAndSpritesByTheirFrame) {
  Scene sc;
  sc.shapes = {rect("far", {300, 0}, {20, 20}), circle("near", {100, 0}, 10),
               rect("off", {100, 100}, {10, 10})};
  Shape sprite;
  sprite.id = "spr";
  sprite.kind = Kind::Sprite;
  sprite.pos = DVec2(200, 0);
  auto img = std::make_shared<SpriteImage>();
  img->w = 8;
  img->h = 4;
  img->alpha.assign(32, 0);  // fully transparent: the frame still counts
  sprite.pixels.image = img;
  sc.shapes.push_back(sprite);
  std::vector<Posed> posed;
  for (const Shape& s : sc.shapes) posed.emplace_back(s);
  const auto hits = cast_ray(posed, {0, 0}, {400, 0});
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].index, 1);
  EXPECT_EQ(hits[1].index, 3);
  EXPECT_FLOAT_EQ(hits[1].hit.t, 196.0f / 400.0f);
  EXPECT_EQ(hits[2].index, 0);
  EXPECT_EQ(scene_ray_json(sc, "s.json", {0, 0}, {400, 0}),
            R"({"scene":"s.json","ray":{"from":[0,0],"to":[400,0],"hits":[)"
            R"({"id":"near","t":0.225,"point":[90,0],"normal":[-1,0]},)"
            R"({"id":"spr","t":0.49,"point":[196,0],"normal":[-1,0]},)"
            R"({"id":"far","t":0.725,"point":[290,0],"normal":[-1,0]}]}})");
}

}  // namespace
}  // namespace hitbox
