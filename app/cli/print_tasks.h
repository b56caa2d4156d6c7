// `hitbox --lesson NAME --print-tasks [--scene FILE]`: a lesson's tasks and whether each holds,
// as JSON, without a window (for tests and for teachers writing tasks).
#pragma once

namespace hitbox::app {

// Whether the command line asks for --print-tasks (main then calls print_tasks_main).
bool wants_print_tasks(int argc, char** argv);

// Returns the exit status: 0, or 2 on bad flags or files (a message on stderr).
int print_tasks_main(int argc, char** argv);

}  // namespace hitbox::app
