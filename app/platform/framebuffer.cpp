#include "platform/framebuffer.h"

#include <stb_image_write.h>

#include <cstddef>
#include <cstring>
#include <iostream>
#include <vector>

namespace hitbox::app {

bool write_png(const std::string& path, int width, int height) {
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  std::vector<unsigned char> pixels(w * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<unsigned char> flipped(pixels.size());
  for (std::size_t row = 0; row < h; ++row) {
    std::memcpy(&flipped[row * w * 3], &pixels[(h - 1 - row) * w * 3], w * 3);
  }
  if (stbi_write_png(path.c_str(), width, height, 3, flipped.data(), width * 3) == 0) {
    std::cerr << "hitbox: cannot write " << path << "\n";
    return false;
  }
  return true;
}

OffscreenTarget::OffscreenTarget(int width, int height) {
  glGenFramebuffers(1, &fbo_);
  glGenRenderbuffers(1, &color_);
  glBindRenderbuffer(GL_RENDERBUFFER, color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  complete_ = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glReadBuffer(GL_COLOR_ATTACHMENT0);
}

OffscreenTarget::~OffscreenTarget() {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteRenderbuffers(1, &color_);
  glDeleteFramebuffers(1, &fbo_);
}

}  // namespace hitbox::app
