// hitbox_png_probe: pixel checks on a PNG for the window test scripts.
//
//   hitbox_png_probe FILE CHECK...
//
// CHECK is X,Y=NAME (the pixel shows NAME) or X,Y!=NAME (it does not), NAME one of
// background, idle, selected, hit (one layer of that fill over the background), single (any
// one of those fills), separating (the SAT separating-axis colour), pixel_overlap (the pixel
// test's overlapping cells) or mask_grid (its cell grid over the background). Prints every check;
// exits 0 when all hold, 1 when one fails, 2 on bad usage or an unreadable file.
#include <cstdio>
#include <string>

#include "pixels.h"

namespace wt = hitbox::window_test;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: hitbox_png_probe FILE X,Y=NAME|X,Y!=NAME ...\n");
    return 2;
  }
  wt::Image img;
  if (!img.load(argv[1])) {
    std::fprintf(stderr, "hitbox_png_probe: cannot read %s\n", argv[1]);
    return 2;
  }
  int failed = 0;
  for (int i = 2; i < argc; ++i) {
    const std::string check = argv[i];
    int x = 0, y = 0, used = 0;
    if (std::sscanf(check.c_str(), "%d,%d%n", &x, &y, &used) != 2) {
      std::fprintf(stderr, "hitbox_png_probe: bad check '%s'\n", check.c_str());
      return 2;
    }
    std::string rest = check.substr(static_cast<std::size_t>(used));
    const bool negate = rest.rfind("!=", 0) == 0;
    if (!negate && rest.rfind("=", 0) != 0) {
      std::fprintf(stderr, "hitbox_png_probe: bad check '%s'\n", check.c_str());
      return 2;
    }
    const std::string name = rest.substr(negate ? 2 : 1);
    const auto want = wt::named_colours(name);
    if (!want) {
      std::fprintf(stderr, "hitbox_png_probe: unknown colour name '%s'\n", name.c_str());
      return 2;
    }
    if (!img.inside(x, y)) {
      std::fprintf(stderr, "hitbox_png_probe: %d,%d is outside the %dx%d image\n", x, y,
                   img.width(), img.height());
      return 2;
    }
    const wt::Rgb got = img.at(x, y);
    const bool ok = wt::matches_any(got, *want) != negate;
    std::printf("%s %d,%d %s%s: got %s\n", ok ? "ok  " : "FAIL", x, y, negate ? "not " : "",
                name.c_str(), wt::to_string(got).c_str());
    if (!ok) ++failed;
  }
  return failed == 0 ? 0 : 1;
}
