// Lines for the page's console that say what the window shows (web.h).
#include <cstdio>
#include <string>

#include "platform/web/web.h"

namespace hitbox::app::web {

void lesson_shown(const std::string& title, const std::string& first_paragraph) {
  static std::string last;
  const std::string line = title + " | " + first_paragraph;
  if (line == last) return;
  last = line;
  std::printf("hitbox: lesson: %s\n", line.c_str());
  std::fflush(stdout);
}

}  // namespace hitbox::app::web
