// PNG bytes -> the app's image loader (app/image.h, stb_image) -> a sprite's pixel mask at a
// few poses. A file is either loaded or refused with a reason; a loaded image always has
// pixels, and its mask is built and compared with itself.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "every_algorithm.h"
#include "hitbox/limits.h"
#include "platform/image.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/hitbox-fuzz-png-" + std::to_string(getpid()) + ".png";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);

  std::string error;
  const auto image = hitbox::app::load_png(path, &error);
  if (!image) {
    if (error.empty()) hitbox::fuzz::broken("an image refused without a reason");
    return 0;
  }
  if (image->w <= 0 || image->h <= 0 ||
      image->alpha.size() != static_cast<std::size_t>(image->w) * image->h) {
    hitbox::fuzz::broken("a loaded image without consistent pixels");
  }
  if (static_cast<double>(image->w) * image->h > 1 << 20) return 0;  // bounded mask sizes

  hitbox::Shape s;
  s.kind = hitbox::Kind::Sprite;
  s.pixels.image = image;
  s.pos = {40.0, 30.0};
  s.angle = size % 360;
  s.mirror_x = size & 1;
  s.alpha_threshold = size > 0 ? data[0] : 128;
  const hitbox::Posed a(s);
  s.pos = {45.5, 31.25};
  s.angle = 0.0;
  const hitbox::Posed b(s);
  hitbox::fuzz::every_algorithm(a, b, 1.0f, /*accepted=*/!hitbox::shape_problem(s));
  return 0;
}
