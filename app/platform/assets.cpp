#include "platform/assets.h"

#include <SDL.h>

#include <system_error>

#ifdef __EMSCRIPTEN__
#include "platform/web/web.h"
#endif

namespace hitbox::app {
namespace fs = std::filesystem;

namespace {

// The folder holding the running executable, or "" when the platform cannot say.
fs::path executable_dir() {
  char* base = SDL_GetBasePath();
  if (base == nullptr) return {};
  fs::path dir(base);
  SDL_free(base);
  return dir;
}

}  // namespace

std::vector<fs::path> asset_dir_candidates() {
  std::vector<fs::path> out;
#ifdef __EMSCRIPTEN__
  // The browser build preloads them into its in-memory file system (web/web.h).
  out.push_back(fs::path(web::kAssetsDir));
#endif
  const fs::path exe = executable_dir();
  if (!exe.empty()) {
    // Installed: <prefix>/bin/hitbox and <prefix>/share/hitbox (CMakeLists.txt says where).
    out.push_back((exe / HITBOX_DATA_FROM_BIN).lexically_normal());
    // A build folder: the source tree's assets, by the path from the build folder to it.
    out.push_back((exe / HITBOX_ASSETS_FROM_BUILD).lexically_normal());
  }
  out.push_back(fs::path("assets"));
  return out;
}

fs::path assets_dir() {
  for (const fs::path& p : asset_dir_candidates()) {
    std::error_code ec;
    if (fs::is_directory(p / "scenes", ec)) return p;
  }
  return {};
}

fs::path sprites_dir() {
  const fs::path root = assets_dir();
  return (root.empty() ? fs::path("assets") : root) / "sprites";
}

fs::path lessons_dir() {
  const fs::path root = assets_dir();
  return (root.empty() ? fs::path("assets") : root) / "scenes" / "lessons";
}

LinkAssets link_assets() {
  std::error_code ec;
  const fs::path sprites = fs::absolute(sprites_dir(), ec).lexically_normal();
  const fs::path lessons = fs::absolute(lessons_dir(), ec).lexically_normal();
  return LinkAssets{sprites.string(), lessons.string()};
}

std::string link_base() {
#ifdef __EMSCRIPTEN__
  return web::page_address();
#else
  return HITBOX_LINK_BASE;
#endif
}

}  // namespace hitbox::app
