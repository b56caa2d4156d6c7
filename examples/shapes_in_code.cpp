// Shapes made in code with Hitbox's collision library, and the four common questions: do
// they overlap, how to push one out, when a moving one hits, where a ray hits; then a world
// of shapes queried by handle, and a capsule walked through it. Units are pixels, y points down,
// angles are degrees clockwise (docs/library.md).
#include <hitbox/hitbox.h>
#include <hitbox/mover.h>
#include <hitbox/world.h>

#include <cstdio>
#include <vector>

int main() {
  // A crate 60 x 40 centred on (100, 100), turned 30 degrees; a ball of radius 15 beside it.
  const hitbox::Posed crate = hitbox::make_box({60, 40}, {100, 100}, 30);
  const hitbox::Posed ball = hitbox::make_circle(15, {135, 100});
  // A ramp: three points around (300, 100). A wall: a segment from one point to another.
  const hitbox::Posed ramp = hitbox::make_polygon({{-50, 20}, {50, 20}, {50, -20}}, {300, 100});
  const hitbox::Posed wall = hitbox::make_segment({400, 0}, {400, 200});

  std::printf("crate and ball overlap: %s\n", hitbox::overlaps(crate, ball) ? "yes" : "no");

  // The shortest move of the ball that leaves it touching the crate.
  const hitbox::MtdResult out = hitbox::push_out(ball, crate);
  std::printf("push the ball by (%.2f, %.2f): %.2f px\n", out.vector.x, out.vector.y, out.depth);

  // The ball rolls 300 px right over one step: when does it first touch the wall?
  const hitbox::SweptResult hit = hitbox::time_of_impact(ball, {300, 0}, wall, {0, 0});
  std::printf("the ball meets the wall at t = %.3f, normal (%.0f, %.0f)\n", hit.toi,
              hit.normal.x + 0.0f, hit.normal.y + 0.0f);  // + 0 writes -0 as 0

  // A ray from (200, 100) to (400, 100) against the ramp's slope.
  const hitbox::RayHit ray = hitbox::raycast(ramp, {200, 100}, {400, 100});
  std::printf("the ray hits the ramp at (%.1f, %.1f), t = %.2f\n", ray.point.x, ray.point.y, ray.t);

  std::printf("gap between the crate and the ramp: %.2f px\n", hitbox::distance(crate, ramp));

  // A world of shapes to query by handle: the ramp, the wall, and a coin in category 2.
  hitbox::ShapeWorld world;
  hitbox::world_add(&world, ramp);
  const hitbox::ShapeHandle wall_h = hitbox::world_add(&world, wall);
  const hitbox::ShapeHandle coin =
      hitbox::world_add(&world, hitbox::make_circle(5, {350, 60}), {.category = 0x2});
  const hitbox::WorldRayHit first = hitbox::world_ray_cast(world, {200, 60}, {500, 60});
  std::printf("a ray along y = 60 first hits the %s at x = %.1f\n",
              first.shape == coin ? "coin" : "something else", first.point.x);
  // The same ray seeing category 1 only, and a ball cast toward the wall.
  const hitbox::QueryFilter solid{.mask = 0x1};
  const hitbox::WorldRayHit solid_hit = hitbox::world_ray_cast(world, {200, 60}, {500, 60}, solid);
  std::printf("seeing category 1 only, it hits the %s at x = %.1f\n",
              solid_hit.shape == wall_h ? "wall" : "something else", solid_hit.point.x);
  const hitbox::WorldCastHit cast =
      hitbox::world_shape_cast(world, hitbox::make_circle(10, {200, 60}), {300, 0}, solid);
  std::printf("a ball of radius 10 cast 300 px right stops at t = %.3f\n", cast.fraction);
  std::vector<hitbox::ShapeHandle> near;
  hitbox::world_overlap_box(world, {{240, 50}, {360, 70}}, &near);
  std::printf("shapes in the box (240, 50)-(360, 70): %zu\n", near.size());
  hitbox::world_remove(&world, coin);
  std::printf("after removing the coin, its handle is %s\n",
              hitbox::world_valid(world, coin) ? "valid" : "stale");

  // A capsule (end centres, radius) walked right 30 px at a time, above the ramp: it stops
  // half the mover's skin (0.25 px) short of the wall.
  hitbox::Capsule hero{{200, 20}, {200, 40}, 10};
  for (int i = 0; i < 10; ++i) {
    hero = hitbox::moved(hero, hitbox::move_and_slide(world, hero, {30, 0}).delta);
  }
  std::printf("a capsule walked right stops at x = %.2f\n", hero.center1.x);
  return 0;
}
