// Links in the browser (web.h): the page's address and fragment, and the clipboard.
#include <emscripten.h>

#include <cstdlib>
#include <string>

#include "platform/web/web.h"

namespace {

// The JavaScript below is kept as written.
// clang-format off
// location.origin + location.pathname, malloc'ed.
EM_JS(char*, hitbox_page_address, (), {
  const text = window.location.origin + window.location.pathname;
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});

// location.hash without its '#', malloc'ed.
EM_JS(char*, hitbox_page_fragment, (), {
  const text = (window.location.hash || "").replace(/^#/, "");
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});

EM_JS(void, hitbox_share_link, (const char* url), {
  const text = UTF8ToString(url);
  console.log("hitbox: link " + text);
  if (!navigator.clipboard || !navigator.clipboard.writeText) {
    console.log("hitbox: clipboard: this page cannot write to the clipboard");
    return;
  }
  navigator.clipboard.writeText(text).then(
    () => console.log("hitbox: clipboard: link copied"),
    (e) => console.log("hitbox: clipboard: " + e));
});
// clang-format on

std::string take(char* raw) {
  std::string s = raw;
  std::free(raw);
  return s;
}

}  // namespace

namespace hitbox::app::web {

std::string page_address() {
  return take(hitbox_page_address());
}

std::string page_fragment() {
  return take(hitbox_page_fragment());
}

void share_link(const std::string& url) {
  hitbox_share_link(url.c_str());
}

}  // namespace hitbox::app::web
