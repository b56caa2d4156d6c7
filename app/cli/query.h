// `hitbox query`: answers from the core for scene files, as JSON lines. No window, no display.
#pragma once

namespace hitbox::app {

// argv[0] is the program, argv[1] is "query". Returns the process exit status:
// 0 on success, 2 on bad flags or bad scene files (with a message on stderr).
int query_main(int argc, char** argv);

}  // namespace hitbox::app
