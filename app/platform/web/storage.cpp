// The browser's localStorage, for what the desktop keeps in files (web.h).
#include <emscripten.h>

#include <cctype>
#include <string>

#include "platform/web/web.h"

namespace hitbox::app::web {

// localStorage can throw (storage off, private mode, quota): every call is guarded. The key
// is written into the script, so it must be a plain name (letters, digits, '.', '_', '-').
std::string storage_get(const std::string& key, bool* ok) {
  *ok = false;
  for (const char c : key)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') return "";
  // "+" and the value, "" when unset, or "!" when the storage cannot be read.
  const std::string script = "(function(){try{var v=window.localStorage.getItem('" + key +
                             "');return v===null?'':'+'+v;}catch(e){return '!';}})()";
  const std::string got = emscripten_run_script_string(script.c_str());
  if (got == "!") return "";
  *ok = true;
  return got.empty() ? "" : got.substr(1);
}

bool storage_set(const std::string& key, const std::string& value) {
  return EM_ASM_INT(
             {
               try {
                 window.localStorage.setItem(UTF8ToString($0), UTF8ToString($1));
                 return 1;
               } catch (e) {
                 return 0;
               }
             },
             key.c_str(), value.c_str()) != 0;
}

}  // namespace hitbox::app::web
