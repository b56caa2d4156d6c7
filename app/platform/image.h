// Loading sprite images: PNG files through stb_image. The core never opens an image; it asks
// an ImageLoader (hitbox/scene.h), and this is the one the program passes.
#pragma once

#include <memory>
#include <string>

#include "hitbox/scene.h"
#include "hitbox/shape.h"

namespace hitbox::app {

// Reads a PNG file as 8-bit RGBA (row 0 at the top) and its alpha channel. On failure returns
// nullptr and sets *error (when error is not null) to the reason: the file is missing or
// unreadable, is not a PNG file (no PNG signature), cannot be decoded (stb_image's reason), or
// has no pixels.
std::shared_ptr<const SpriteImage> load_png(const std::string& path, std::string* error);

// An ImageLoader that calls load_png.
ImageLoader png_loader();

}  // namespace hitbox::app
