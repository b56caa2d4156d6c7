// Shapes made in code with Hitbox's collision library, and the four common questions: do
// they overlap, how to push one out, when a moving one hits, where a ray hits. Units are
// pixels, y points down, angles are degrees clockwise (docs/library.md).
#include <hitbox/hitbox.h>

#include <cstdio>

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
  return 0;
}
