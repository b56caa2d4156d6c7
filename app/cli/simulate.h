// `hitbox simulate`: play mode without a window. Runs the core's simulation (hitbox/simulation.h,
// the same code path as the window's Play button) and prints the scene as it is afterwards.
#pragma once

namespace hitbox::app {

// argv[0] is the program, argv[1] is "simulate". Prints the scene JSON after the simulated
// time on stdout (with --hash, sim_hash_line instead: hitbox/simulation.h). Returns 0 on success, 2
// on bad flags or a bad scene file (with a message on stderr naming the flag, or the file, shape
// and field).
int simulate_main(int argc, char** argv);

}  // namespace hitbox::app
