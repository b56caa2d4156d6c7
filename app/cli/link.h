// `hitbox link`: a scene file's link, or a link's scene as JSON, for scripts and tests.
#pragma once

#include <string>

#include "hitbox/link.h"
#include "hitbox/scene.h"

namespace hitbox::app {

// argv[0] is the program, argv[1] is "link". `hitbox link SCENE` prints the scene's link;
// `hitbox link --decode LINK` prints its scene as JSON. Returns 0, or 2 with a message on
// stderr naming the problem (a bad flag, a scene that does not load, a damaged link).
int link_main(int argc, char** argv);

// The link state for the scene file at `path`: its lesson when it is a bundled lesson file.
LinkState link_state_of_file(const Scene& scene, const std::string& path);

}  // namespace hitbox::app
