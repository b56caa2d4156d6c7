// Writing JSON text (json_write.h).
#include "json_write.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <version>

#include "collide/src/number_text.h"

namespace hitbox::json_write {

std::string float_text(float v) {
#if defined(__cpp_lib_to_chars)
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
#else
  // Emscripten's libc++ has no floating-point to_chars (the browser build).
  return float_text_printf(v);
#endif
}

std::string float_text_printf(float v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0.0f ? "-inf" : "inf";
  if (v == 0.0f) return std::signbit(v) ? "-0" : "0";
  // The fewest significant digits that read back as v. "%.*e" rounds v to that many digits;
  // where v's rounding interval is lopsided (next to a power of two) a neighbour of that
  // rounding may read back when it does not, so both neighbours are tried too, and of those
  // that read back the one closest to v is taken, as to_chars does.
  const bool negative = std::signbit(v);
  const float mag = std::fabs(v);
  char buf[48];
  long long best = -1;
  int best_scale = 0;  // v is about best * 10^best_scale
  for (int digits = 1; digits <= 9 && best < 0; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, static_cast<double>(mag));
    const char* e = std::strchr(buf, 'e');
    long long rounded = 0;
    for (const char* c = buf; c < e; ++c) {
      if (*c != '.') rounded = rounded * 10 + (*c - '0');
    }
    const int scale = std::atoi(e + 1) - (digits - 1);
    long double best_distance = 0.0L;
    for (const long long m : {rounded, rounded - 1, rounded + 1}) {
      if (m <= 0) continue;
      std::snprintf(buf, sizeof buf, "%llde%d", m, scale);
      if (std::strtof(buf, nullptr) != mag) continue;
      const long double distance =
          std::fabs(std::strtold(buf, nullptr) - static_cast<long double>(mag));
      if (best < 0 || distance < best_distance) {
        best = m;
        best_scale = scale;
        best_distance = distance;
      }
    }
  }
  while (best % 10 == 0) {
    best /= 10;
    ++best_scale;
  }
  const std::string mantissa = std::to_string(best);
  const int exponent = best_scale + static_cast<int>(mantissa.size()) - 1;
  const int n = static_cast<int>(mantissa.size());
  // Scientific as printf writes it (at least two exponent digits), and fixed notation;
  // to_chars takes the shorter, fixed on a tie. (Strings are appended to, not added to a
  // literal: GCC 12 warns about the latter with -Wrestrict.)
  std::string sci(1, mantissa[0]);
  if (n > 1) {
    sci += '.';
    sci.append(mantissa, 1);
  }
  char exp_text[16];
  std::snprintf(exp_text, sizeof exp_text, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
  sci += exp_text;
  std::string fixed;
  if (exponent < 0) {
    fixed = "0.";
    fixed.append(static_cast<std::size_t>(-exponent - 1), '0');
    fixed += mantissa;
  } else if (n <= exponent + 1) {
    // A whole number: as many characters as the digits padded with zeros, and to_chars
    // then writes the one closest to v, its exact value.
    std::snprintf(buf, sizeof buf, "%.0f", std::fabs(static_cast<double>(v)));
    fixed = buf;
  } else {
    fixed = mantissa.substr(0, static_cast<std::size_t>(exponent + 1));
    fixed += '.';
    fixed.append(mantissa, static_cast<std::size_t>(exponent + 1));
  }
  std::string out = negative ? "-" : "";
  out += fixed.size() <= sci.size() ? fixed : sci;
  return out;
}

std::string double_text(double v) {
  return number_text(v);
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
