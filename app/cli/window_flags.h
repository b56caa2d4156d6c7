// The window's command line (`hitbox [flags]`; `hitbox query` is cli.h): parsed into
// WindowOptions with the scene loaded, or refused with a message naming the flag.
#pragma once

#include <functional>
#include <ostream>

#include "hitbox/scene.h"
#include "shell/window.h"

namespace hitbox::app {

inline constexpr int kRun = -1;  // parse_window_flags: the flags are good, open the window

// argv[0] is the program. Returns kRun with *result filled; 0 after printing the help to
// `out`; 2 after printing what is wrong to `err` (a bad flag or value, a scene file that does
// not load, an unknown --focus id). `bench_scene` makes the --bench-frames scene when no
// --scene is given.
int parse_window_flags(int argc, char** argv, const std::function<Scene()>& bench_scene,
                       WindowOptions* result, std::ostream& out, std::ostream& err);

}  // namespace hitbox::app
