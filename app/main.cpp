// hitbox: the interactive collision sandbox (no arguments), a headless screenshot, a frame
// benchmark, or `hitbox query` for the numbers (no window, no display needed).
#include <cstring>
#include <iostream>
#include <utility>

#include "cli/query.h"
#include "cli/simulate.h"
#include "cli/window_flags.h"
#include "platform/window.h"

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "query") == 0) return hitbox::app::query_main(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "simulate") == 0)
    return hitbox::app::simulate_main(argc, argv);
  constexpr int kBenchShapes = 500;
  hitbox::app::WindowOptions options;
  const int status = hitbox::app::parse_window_flags(
      argc, argv, [] { return hitbox::app::make_bench_scene(kBenchShapes); }, &options, std::cout,
      std::cerr);
  if (status != hitbox::app::kRun) return status;
  return hitbox::app::run_window(std::move(options));
}
