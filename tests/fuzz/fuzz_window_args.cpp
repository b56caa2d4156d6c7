// The window's command line (`hitbox [flags]`): argument vectors built from the input (one
// argument per line) through parse_window_flags, as main() calls it before opening a window.
// It must give options to run with, the help (0), or a message and 2, whatever the arguments;
// and options it accepts hold only values the window takes.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "args.h"
#include "cli/window_flags.h"
#include "hitbox/limits.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  hitbox::fuzz::Args args = hitbox::fuzz::split_args({"hitbox"}, data, size);

  const auto bench = [] {
    hitbox::Scene s;
    hitbox::Shape a;
    a.id = "a";
    a.size = {10, 10};
    hitbox::Shape b = a;
    b.id = "b";
    b.kind = hitbox::Kind::Circle;
    b.radius = 4;
    s.shapes = {a, b};
    return s;
  };
  hitbox::app::WindowOptions options;
  std::ostringstream out, err;
  const int status =
      hitbox::app::parse_window_flags(args.argc(), args.argv.data(), bench, &options, out, err);
  if (status == 2 && err.str().find("hitbox") == std::string::npos) {
    std::fprintf(stderr, "fuzz: refused without a message\n");
    __builtin_trap();
  }
  if (status != hitbox::app::kRun && status != 0 && status != 2) __builtin_trap();
  if (status == hitbox::app::kRun) {
    const bool size_ok = options.width >= 64 && options.width <= 8192 && options.height >= 64 &&
                         options.height <= 8192;
    const bool accuracy_ok =
        !options.accuracy || (*options.accuracy > 0.0f && *options.accuracy <= 1.0f &&
                              std::isfinite(1.0f / *options.accuracy));
    const bool split_ok = options.split == 1 || options.split == 2 || options.split == 4;
    bool shapes_ok = true;
    for (const hitbox::Shape& s : options.scene.shapes) shapes_ok &= !hitbox::shape_problem(s);
    const bool focus_ok = !options.focus || (options.scene.find(options.focus->first) >= 0 &&
                                             options.scene.find(options.focus->second) >= 0 &&
                                             options.focus->first != options.focus->second);
    if (!size_ok || !accuracy_ok || !split_ok || !shapes_ok || !focus_ok) {
      std::fprintf(stderr, "fuzz: accepted options out of range\n");
      __builtin_trap();
    }
  }
  return 0;
}
