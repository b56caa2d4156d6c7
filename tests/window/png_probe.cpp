// hitbox_png_probe: pixel checks on a PNG for the window test scripts.
//
//   hitbox_png_probe FILE CHECK...
//
// CHECK is X,Y=NAME (the pixel shows NAME) or X,Y!=NAME (it does not), NAME one of
// background, idle, selected, hit (one layer of that fill over the background), single (any
// one of those fills), separating (the SAT separating-axis colour), pixel_overlap (the pixel
// test's overlapping cells) or mask_grid (its cell grid over the background). Prints every check;
// exits 0 when all hold, 1 when one fails, 2 on bad usage or an unreadable file.
//
//   hitbox_png_probe --diff BEFORE AFTER
//
// compares two PNGs pixel by pixel (exactly): prints how many pixels differ and the box
// around them; exits 0 when none differ, 1 when some do or the sizes differ.
#include <algorithm>
#include <cstdio>
#include <string>

#include "pixels.h"

namespace wt = hitbox::window_test;

namespace {

int diff(const char* before_path, const char* after_path) {
  wt::Image before, after;
  if (!before.load(before_path) || !after.load(after_path)) {
    std::fprintf(stderr, "hitbox_png_probe: cannot read %s\n",
                 before.width() == 0 ? before_path : after_path);
    return 2;
  }
  if (before.width() != after.width() || before.height() != after.height()) {
    std::printf("size %dx%d, was %dx%d\n", after.width(), after.height(), before.width(),
                before.height());
    return 1;
  }
  long count = 0;
  int x0 = before.width(), y0 = before.height(), x1 = -1, y1 = -1;
  for (int y = 0; y < before.height(); ++y) {
    for (int x = 0; x < before.width(); ++x) {
      const wt::Rgb a = before.at(x, y), b = after.at(x, y);
      if (a.r == b.r && a.g == b.g && a.b == b.b) continue;
      ++count;
      x0 = std::min(x0, x);
      y0 = std::min(y0, y);
      x1 = std::max(x1, x);
      y1 = std::max(y1, y);
    }
  }
  if (count == 0) return 0;
  std::printf("%ld pixels differ, within x %d..%d, y %d..%d\n", count, x0, x1, y0, y1);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--diff") return diff(argv[2], argv[3]);
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: hitbox_png_probe FILE X,Y=NAME|X,Y!=NAME ...\n"
                 "       hitbox_png_probe --diff BEFORE.png AFTER.png\n");
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
