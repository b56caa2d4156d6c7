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
//   hitbox_png_probe --diff EXPECTED GOT [--tolerance N]
//
// compares two PNGs pixel by pixel. A pixel whose channels each differ by at most N levels
// (default kScreenTolerance, 2: the rasteriser's rounding) counts as the same. Prints how many
// pixels differ by more and the box around them, how many within, and the largest channel
// difference with its place; exits 0 when no pixel differs by more than N, 1 when one does or
// the sizes differ.
#include <algorithm>
#include <cstdio>
#include <string>

#include "pixels.h"

namespace wt = hitbox::window_test;

namespace {

int diff(const char* expected_path, const char* got_path, int tol) {
  wt::Image expected, got;
  if (!expected.load(expected_path) || !got.load(got_path)) {
    std::fprintf(stderr, "hitbox_png_probe: cannot read %s\n",
                 expected.width() == 0 ? expected_path : got_path);
    return 2;
  }
  const wt::PictureDiff d = wt::compare_pictures(expected, got, tol);
  if (d.largest == 0 && d.same_size) return 0;
  std::printf("%s\n", wt::describe(d, expected, got, tol).c_str());
  return d.passed() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 4 || argc == 6) && std::string(argv[1]) == "--diff") {
    int tol = wt::kScreenTolerance;
    if (argc == 6) {
      int used = 0;
      const std::string arg = argv[5];
      if (std::string(argv[4]) != "--tolerance" ||
          std::sscanf(arg.c_str(), "%d%n", &tol, &used) != 1 ||
          used != static_cast<int>(arg.size()) || tol < 0 || tol > 255) {
        std::fprintf(stderr, "hitbox_png_probe: --diff takes --tolerance N, N from 0 to 255\n");
        return 2;
      }
    }
    return diff(argv[2], argv[3], tol);
  }
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: hitbox_png_probe FILE X,Y=NAME|X,Y!=NAME ...\n"
                 "       hitbox_png_probe --diff EXPECTED.png GOT.png [--tolerance N]\n");
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
