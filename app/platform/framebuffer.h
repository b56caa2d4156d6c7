// The drawn frame read back from GL: written to a PNG (--screenshot, --screenshot-on-exit,
// File > Export PNG), and the offscreen target a headless screenshot draws into.
#pragma once

#include <string>

#include "platform/gl.h"

namespace hitbox::app {

// Reads the bound read framebuffer (drawable pixels, bottom row first) and writes it as an
// RGB PNG, top row first. False (with a message on stderr) when the file cannot be written.
bool write_png(const std::string& path, int width, int height);

// An offscreen colour target for --screenshot: a hidden window's default framebuffer may
// hold nothing (pixel ownership), a framebuffer object always holds what was drawn.
class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);  // the target bound for drawing and reading
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  bool complete() const { return complete_; }

 private:
  GLuint fbo_ = 0;
  GLuint color_ = 0;
  bool complete_ = false;
};

}  // namespace hitbox::app
