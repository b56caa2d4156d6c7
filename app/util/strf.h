// printf into a std::string, for labels, sentences and panel text.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

namespace hitbox::app {

// printf into a std::string (511 characters at most).
inline std::string vstrf(const char* fmt, va_list args) {
  char buf[512];
  std::vsnprintf(buf, sizeof buf, fmt, args);
  return buf;
}
inline std::string strf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
inline std::string strf(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string out = vstrf(fmt, args);
  va_end(args);
  return out;
}

}  // namespace hitbox::app
