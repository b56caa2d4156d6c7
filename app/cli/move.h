// `hitbox move`: the mover (hitbox/mover.h) without a window. Moves a capsule of a scene
// through the other shapes with move_and_slide and prints where it ends, as JSON.
#pragma once

namespace hitbox::app {

// argv[0] is the program, argv[1] is "move". Prints one JSON line on stdout. Returns 0 on
// success, 2 on bad flags, a bad scene file or a mover that is not a capsule in it (with a
// message on stderr naming the problem).
int move_main(int argc, char** argv);

}  // namespace hitbox::app
