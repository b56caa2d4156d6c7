// The window shell: SDL2 window, OpenGL 3.3 core context, Dear ImGui, the world camera and
// the frame loop around a Sandbox. Three ways to run it: interactive, one headless
// screenshot, or a frame-time benchmark.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "hitbox/scene.h"

namespace hitbox::app {

struct WindowOptions {
  Scene scene;
  std::string scene_path;  // "" for the embedded default scene or the built benchmark scene
  std::string title;       // shown in the title bar after "Hitbox"
  std::string notice;      // an error for the status line at the start (a link that did not
                           // open in the browser)
  int width = 1280;        // window size in pixels
  int height = 800;
  bool show_ui = true;                 // panels shown (Tab toggles)
  std::optional<std::uint32_t> algos;  // --algo
  std::optional<float> accuracy;       // --accuracy: the pixel test's (0 < A <= 1, checked)
  std::optional<std::pair<std::string, std::string>> focus;  // --focus A:B
  std::string mover;               // --mover ID: a capsule, the Mover tool's character
  std::string auto_resolve;        // --auto-resolve: "", "off", "move-a", "move-b" or "half"
  std::string screenshot;          // --screenshot: render one frame to this PNG and exit
  std::string screenshot_on_exit;  // --screenshot-on-exit: write the last frame on quit
  std::string svg;                 // --svg: write the canvas as SVG (the same frame) and exit
  int bench_frames = 0;            // --bench-frames: time this many frames, print, exit
  bool presenter = false;          // --presenter: start in presenter mode (F11 toggles)
  bool predict = false;            // --predict: verdicts hidden until Reveal (View menu)
  std::string step;                // --step ALGO:N: step mode on, showing step N (teach.h)
  int split = 1;                   // --split 2|4: viewports side by side (View buttons too)
  bool compare = false;            // --compare: show the comparison table
  bool print_compare = false;      // --print-compare: print the table's rows to stdout
  bool timing = true;              // --no-timing: show "--" for the measured costs
  std::optional<View> view;        // --view X,Y,ZOOM: this camera instead of framing the scene
  bool print_layout = false;       // --print-layout: the frame's layout as JSON on stdout
  bool play = false;               // --play: start in play mode (the toolbar's Play)
  bool contacts = false;           // --contacts: play mode's contact overlay on
  double play_seconds = 0.0;       // --play-seconds T: run T simulated seconds before the
                                   // first frame (then paused, unless --play)
  bool print_hash = false;         // --print-hash: print play mode's sim_hash_line after it
};

// Runs the window and returns the process exit status (0 fine, 1 runtime failure such as a
// PNG that cannot be written, 2 no display / bad --focus / cannot create the GL context / an
// --svg file that cannot be written).
int run_window(WindowOptions options);

// The benchmark scene: `count` shapes of mixed kinds (rects, circles, 3- to 7-gons) tiled over
// a 1280x800 view, with a rectangle "a" and a circle "b" overlapping in the middle so a
// focused pair has traces to show.
Scene make_bench_scene(int count);

}  // namespace hitbox::app
