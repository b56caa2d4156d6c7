// PNG loading for sprites (stb_image, from Debian's libstb).
#include "platform/image.h"

#include <stb_image.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace hitbox::app {

namespace {

constexpr std::array<unsigned char, 8> kPngSignature = {0x89, 'P',  'N',  'G',
                                                        '\r', '\n', 0x1a, '\n'};

std::shared_ptr<const SpriteImage> failed(std::string* error, const std::string& why) {
  if (error != nullptr) *error = why;
  return nullptr;
}

}  // namespace

std::shared_ptr<const SpriteImage> load_png(const std::string& path, std::string* error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return failed(error, "it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return failed(error, std::string("cannot read the file: ") + std::strerror(errno));
  std::array<unsigned char, 8> head{};
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  const std::streamsize got = in.gcount();
  if (got == 0) return failed(error, "not a PNG file (the file is empty)");
  if (got < static_cast<std::streamsize>(head.size()) || head != kPngSignature) {
    return failed(error, "not a PNG file (it does not start with the PNG signature)");
  }
  in.close();

  int w = 0, h = 0, channels = 0;
  stbi_uc* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (data == nullptr) {
    const char* reason = stbi_failure_reason();
    return failed(error, std::string("cannot decode the PNG: ") + (reason ? reason : "unknown"));
  }
  if (w <= 0 || h <= 0) {
    stbi_image_free(data);
    return failed(
        error, "the image has no pixels (" + std::to_string(w) + " x " + std::to_string(h) + ")");
  }
  auto img = std::make_shared<SpriteImage>();
  img->w = w;
  img->h = h;
  const std::size_t texels = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  img->rgba.assign(data, data + texels * 4);
  stbi_image_free(data);
  img->alpha.resize(texels);
  for (std::size_t i = 0; i < texels; ++i) img->alpha[i] = img->rgba[i * 4 + 3];
  return img;
}

ImageLoader png_loader() {
  return [](const std::string& path, std::string* error) { return load_png(path, error); };
}

}  // namespace hitbox::app
