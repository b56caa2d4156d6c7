// Two shapes' raw numbers (positions, angles, sizes, points, velocities; NaN, infinities, huge
// and tiny values included) straight into pose and every algorithm, skipping the scene
// loader's checks. Whatever the numbers, the core must not crash, hang or do anything
// undefined; for shapes within the ranges (shape_problem), every answer is finite.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "every_algorithm.h"
#include "hitbox/limits.h"
#include "hitbox/shape.h"
#include "reader.h"

namespace {

using hitbox::fuzz::Reader;

hitbox::Shape read_shape(Reader& r, const std::shared_ptr<const hitbox::SpriteImage>& image) {
  hitbox::Shape s;
  s.kind = static_cast<hitbox::Kind>(r.byte() % 7);
  s.pos = {r.number(), r.number()};
  s.angle = r.number();
  s.scale = r.number();
  const std::uint8_t flags = r.byte();
  s.mirror_x = flags & 1;
  s.mirror_y = flags & 2;
  s.vel = {r.number(), r.number()};
  switch (s.kind) {
    case hitbox::Kind::Rect:
      s.size = {r.number(), r.number()};
      break;
    case hitbox::Kind::Circle:
      s.radius = r.number();
      break;
    case hitbox::Kind::Polygon: {
      const int n = 3 + r.byte() % (hitbox::kMaxPolygonPoints - 2);
      for (int i = 0; i < n; ++i) s.points.emplace_back(r.number(), r.number());
      break;
    }
    case hitbox::Kind::Point:
      break;
    case hitbox::Kind::Segment:
      for (int i = 0; i < 2; ++i) s.points.emplace_back(r.number(), r.number());
      break;
    case hitbox::Kind::Capsule:
      for (int i = 0; i < 2; ++i) s.points.emplace_back(r.number(), r.number());
      s.radius = r.number();
      break;
    case hitbox::Kind::Sprite:
      s.pixels.image = image;
      s.image = "fuzz.png";
      s.alpha_threshold = r.byte();
      break;
  }
  s.spin = r.number();  // last, so the corpus's earlier fields keep their bytes
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto image = [] {
    auto img = std::make_shared<hitbox::SpriteImage>();
    img->w = 5;
    img->h = 7;
    for (int i = 0; i < img->w * img->h; ++i)
      img->alpha.push_back(static_cast<std::uint8_t>(i * 37));
    return img;
  }();
  Reader r{data, size};
  const hitbox::Shape sa = read_shape(r, image);
  const hitbox::Shape sb = read_shape(r, image);
  const hitbox::Posed a(sa);
  const hitbox::Posed b(sb);
  // Shapes that shape_problem accepts (as the loader and the window's editors would) must get
  // finite answers; any others must still cause nothing undefined.
  const bool accepted = !hitbox::shape_problem(sa) && !hitbox::shape_problem(sb);
  hitbox::fuzz::every_algorithm(a, b, 0.25f, accepted);
  hitbox::fuzz::every_algorithm(b, a, 0.25f, accepted);
  (void)hitbox::contains(a,
                         hitbox::Vec2(static_cast<float>(sb.pos.x), static_cast<float>(sb.pos.y)));
  (void)hitbox::polygon_problem(sa.points);
  (void)hitbox::convex_hull(sa.points);
  (void)hitbox::to_local(sa, hitbox::to_world(sa, sb.pos));
  return 0;
}
