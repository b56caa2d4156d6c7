// number_text (number_text.h).
#include "number_text.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <version>

namespace hitbox {
namespace {

// The fewest significant digits that read back as mag (> 0, finite) and the decimal
// exponent of the first of them: mag is about 0.d1d2...dk * 10^point.
void shortest_digits(double mag, bool use_printf, std::string* digits, int* point) {
  char buf[64];
#if defined(__cpp_lib_to_chars)
  if (!use_printf) {
    const auto res = std::to_chars(buf, buf + sizeof buf - 1, mag, std::chars_format::scientific);
    *res.ptr = '\0';
  }
#else
  use_printf = true;  // Emscripten's libc++ has no floating-point to_chars
#endif
  // "%.*e" with more digits until the text reads back: printf rounds correctly, so the first
  // that does is the closest of the shortest.
  for (int p = 0; use_printf && p <= 16; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p, mag);
    if (std::strtod(buf, nullptr) == mag) break;
  }
  const char* e = std::strchr(buf, 'e');
  digits->clear();
  for (const char* c = buf; c < e; ++c) {
    if (*c != '.') *digits += *c;
  }
  while (digits->size() > 1 && digits->back() == '0') digits->pop_back();
  *point = std::atoi(e + 1) + 1;
}

std::string format(double v, bool use_printf) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0.0 ? "-inf" : "inf";
  if (v == std::trunc(v) && std::abs(v) < 1e15 && !(v == 0.0 && std::signbit(v))) {
    return std::to_string(static_cast<std::int64_t>(v));
  }
  std::string out = std::signbit(v) ? "-" : "";
  if (v == 0.0) return out + "0.0";
  std::string digits;
  int n = 0;
  shortest_digits(std::fabs(v), use_printf, &digits, &n);
  const int k = static_cast<int>(digits.size());
  if (k <= n && n <= 15) {  // whole, beyond what the integer form above takes
    out += digits;
    out.append(static_cast<std::size_t>(n - k), '0');
    out += ".0";
  } else if (0 < n && n <= 15) {
    out.append(digits, 0, static_cast<std::size_t>(n));
    out += '.';
    out.append(digits, static_cast<std::size_t>(n));
  } else if (-4 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-n), '0');
    out += digits;
  } else {
    out += digits[0];
    if (k > 1) {
      out += '.';
      out.append(digits, 1);
    }
    char exp_text[16];
    std::snprintf(exp_text, sizeof exp_text, "e%c%02d", n - 1 < 0 ? '-' : '+', std::abs(n - 1));
    out += exp_text;
  }
  return out;
}

}  // namespace

std::string number_text(double v) {
  return format(v, false);
}

std::string number_text_printf(double v) {
  return format(v, true);
}

}  // namespace hitbox
