// Where the program finds its bundled scenes, lessons and sprites, without any absolute path
// compiled in: an installed program (`cmake --install`) reads them from share/hitbox beside
// its bin/ folder, a program run from its build folder reads the source tree's assets/
// (found relative to the executable), and ./assets is the last resort.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "hitbox/link.h"

namespace hitbox::app {

// The assets folder (holding scenes/ and sprites/) the program uses; empty when none of the
// candidate folders exists.
std::filesystem::path assets_dir();

// Every folder assets_dir() tries, in order (for error messages and --help).
std::vector<std::filesystem::path> asset_dir_candidates();

// assets_dir()/sprites and assets_dir()/scenes/lessons (relative fallbacks when no assets).
std::filesystem::path sprites_dir();
std::filesystem::path lessons_dir();

// The bundled sprites and lessons a link may name (hitbox/link.h), as absolute paths.
LinkAssets link_assets();

// Where a link points: in the browser the page's own address; on the desktop the CMake cache
// variable HITBOX_LINK_BASE (default http://localhost:8000/, where `scripts/dev.sh web`
// serves the page), set to the address the page is published at.
std::string link_base();

}  // namespace hitbox::app
