// hitbox: the interactive collision sandbox (no arguments), a headless screenshot, a frame
// benchmark, or `hitbox query`, `simulate` and `move` for the numbers (no window, no display
// needed).
#include <cstring>
#include <iostream>
#include <utility>
#ifdef __EMSCRIPTEN__
#include <string>
#include <vector>

#include "platform/web/web.h"
#endif

#include "cli/link.h"
#include "cli/move.h"
#include "cli/print_tasks.h"
#include "cli/query.h"
#include "cli/simulate.h"
#include "cli/window_flags.h"
#include "shell/window.h"

int main(int argc, char** argv) {
#if defined(__x86_64__) && defined(__SSE4_2__) && defined(__POPCNT__)
  // Built for x86-64-v2 (CMakeLists.txt): on an older processor, say so instead of dying on
  // the first SSE4 instruction.
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("sse4.2") || !__builtin_cpu_supports("popcnt")) {
    std::cerr << "hitbox: this build needs an x86-64-v2 processor (SSE4.2 and POPCNT); "
                 "rebuild without -march=x86-64-v2 in CMakeLists.txt for an older one\n";
    return 1;
  }
#endif
#ifdef __EMSCRIPTEN__
  // In the browser the flags come from the page's URL: ?lesson=NAME is --lesson NAME. main
  // never returns there (the browser runs the frame loop), so these outlive the window.
  std::vector<std::string> url = hitbox::app::web::url_args("hitbox");
  std::vector<char*> url_argv;
  for (std::string& a : url) url_argv.push_back(a.data());
  url_argv.push_back(nullptr);
  argc = static_cast<int>(url.size());
  argv = url_argv.data();
#endif
  if (argc >= 2 && std::strcmp(argv[1], "query") == 0) return hitbox::app::query_main(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "simulate") == 0)
    return hitbox::app::simulate_main(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "move") == 0) return hitbox::app::move_main(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "link") == 0) return hitbox::app::link_main(argc, argv);
  if (hitbox::app::wants_print_tasks(argc, argv)) return hitbox::app::print_tasks_main(argc, argv);
  constexpr int kBenchShapes = 500;
  hitbox::app::WindowOptions options;
  const int status = hitbox::app::parse_window_flags(
      argc, argv, [] { return hitbox::app::make_bench_scene(kBenchShapes); }, &options, std::cout,
      std::cerr);
  if (status != hitbox::app::kRun) return status;
  return hitbox::app::run_window(std::move(options));
}
