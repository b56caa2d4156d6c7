// The page's URL as a command line (web.h).
#include <emscripten.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "platform/web/web.h"

namespace {

// location.search ("?lesson=...&algo=..."), malloc'ed.
EM_JS(char*, hitbox_location_search, (), {
  const text = window.location.search || "";
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// application/x-www-form-urlencoded: '+' is a space, %XX a byte.
std::string decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 &&
               hex_digit(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

namespace hitbox::app::web {

std::vector<std::string> url_args(const std::string& program) {
  char* raw = hitbox_location_search();
  std::string query = raw;
  std::free(raw);
  std::vector<std::string> args{program};
  if (!query.empty() && query[0] == '?') query.erase(0, 1);
  std::size_t at = 0;
  while (at < query.size()) {
    std::size_t end = query.find('&', at);
    if (end == std::string::npos) end = query.size();
    const std::string_view part = std::string_view(query).substr(at, end - at);
    at = end + 1;
    if (part.empty()) continue;
    const std::size_t eq = part.find('=');
    const std::string name = decode(part.substr(0, eq));
    args.push_back("--" + name);
    if (eq == std::string_view::npos) continue;
    std::string value = decode(part.substr(eq + 1));
    if (name == "scene" && value.find('/') == std::string::npos) {
      if (!value.ends_with(".json")) value += ".json";
      value = std::string(kAssetsDir) + "/scenes/" + value;
    }
    args.push_back(value);
  }
  // A shared link's fragment ("#v1=...") opens its scene (--open).
  if (const std::string fragment = page_fragment(); !fragment.empty()) {
    args.push_back("--open");
    args.push_back("#" + fragment);
  }
  return args;
}

}  // namespace hitbox::app::web
