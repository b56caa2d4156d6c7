// Writing JSON text (json_write.h).
#include "json_write.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace hitbox::json_write {

std::string float_text(float v) {
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

std::string double_text(double v) {
  if (v == std::trunc(v) && std::abs(v) < 1e15 && !(v == 0.0 && std::signbit(v))) {
    return std::to_string(static_cast<std::int64_t>(v));
  }
  return nlohmann::json(v).dump();
}

void put_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  out += '"';
}

void put_float(std::string& out, float v) {
  out += float_text(v);
}

void put_bool(std::string& out, bool b) {
  out += b ? "true" : "false";
}

void put_vec(std::string& out, Vec2 v) {
  out += '[';
  put_float(out, v.x);
  out += ',';
  put_float(out, v.y);
  out += ']';
}

void put_interval(std::string& out, Interval i) {
  out += '[';
  put_float(out, i.min);
  out += ',';
  put_float(out, i.max);
  out += ']';
}

}  // namespace hitbox::json_write
