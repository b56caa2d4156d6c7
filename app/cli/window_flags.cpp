// The window's command line: every flag of `hitbox` (not `hitbox query`, see cli.h) checked
// and turned into WindowOptions, with the scene loaded. Usage text: kUsage below.
#include "cli/window_flags.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "algos/algos.h"
#include "hitbox/link.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "platform/assets.h"
#include "platform/embedded.h"
#include "platform/image.h"
#include "teach/lessons.h"
#include "teach/teach.h"

namespace hitbox::app {

namespace {

constexpr const char* kUsage =
    "Usage: hitbox [--scene FILE | --lesson NAME | --open LINK] [--algo LIST]\n"
    "              [--focus A:B] [--no-ui] [--size WxH] [--auto-resolve MODE]\n"
    "              [--accuracy A] [--screenshot-on-exit OUT.png] [--play] [--play-seconds T]\n"
    "              [--print-hash] [--mover ID]\n"
    "       hitbox [--scene FILE] --screenshot OUT.png [--size WxH] [--algo LIST]\n"
    "              [--focus A:B] [--accuracy A] [--step ALGO:N] [--no-ui] [--split N]\n"
    "              [--mover ID]\n"
    "              [--compare] [--no-timing] [--print-compare] [--svg OUT.svg]\n"
    "       hitbox --bench-frames N [--scene FILE] [--size WxH] [--algo LIST] [--focus A:B]\n"
    "              [--no-ui]\n"
    "       hitbox --lesson NAME --print-tasks [--scene FILE] [--play-seconds T]\n"
    "       hitbox query [--algo LIST] [--pairs A:B,...] SCENE...\n"
    "       hitbox move SCENE --mover ID --by DX,DY [--steps N]   (hitbox move --help)\n"
    "       hitbox link SCENE | hitbox link --decode LINK\n"
    "\n"
    "Opens the collision sandbox on a scene (the built-in default scene without --scene).\n"
    "\n"
    "  --scene FILE        scene file to open (JSON, docs/scene-format.md)\n"
    "  --lesson NAME       open a bundled lesson, e.g. 03_polygon_sat_mtd (the Lessons menu\n"
    "                      lists them; they are found in the program's assets folder)\n"
    "  --open LINK         open a shared link (File > Copy link, the browser's Share, or\n"
    "                      hitbox link SCENE): a whole URL or its \"#v1=...\" part\n"
    "  --algo LIST         algorithms to show, a comma list of\n"
    "                      @ALGOS@\n"
    "  --focus A:B         focus the pair of shapes with ids A and B\n"
    "  --mover ID          the Mover tool on, with the capsule ID as the character\n"
    "  --accuracy A        the pixel test's cells per world pixel, 0 < A <= 1 (default 1;\n"
    "                      0.25: cells 4 x 4 world pixels); the panel offers 1 to 1/8\n"
    "  --no-ui             start with the panels hidden (Tab shows them)\n"
    "  --play              start in play mode (the menu bar's Play button): shapes\n"
    "                      with a dynamic body fall, bounce and rest (docs/scene-format.md)\n"
    "  --contacts          in play mode, draw each contact point with its normal impulse as\n"
    "                      an arrow (View > Play contacts)\n"
    "  --play-seconds T    run T simulated seconds (0 < T <= 3600) before the first frame;\n"
    "                      with --screenshot, a picture of the scene after T seconds\n"
    "  --print-hash        with --play-seconds: print a hash of every shape's position and\n"
    "                      angle after them (as hitbox simulate --hash; docs/determinism.md)\n"
    "  --print-tasks       with --lesson: print the lesson's tasks and whether each holds (JSON;\n"
    "                      --scene FILE checks them on FILE's shapes), no window\n"
    "  --presenter         presenter mode: larger text, thicker lines (F11 toggles)\n"
    "  --predict           predict, then reveal: every verdict and figure hidden until Reveal\n"
    "                      (the menu bar's button or a tap of Space), hidden again when a\n"
    "                      shape moves (View > Predict, then reveal)\n"
    "  --auto-resolve MODE\n"
    "                      push the focus pair apart while dragging one of them: off,\n"
    "                      move-a, move-b or half (the MTD panel's setting)\n"
    "  --step ALGO:N       step mode for sat, swept, gjk or manifold, showing step N (from 1;\n"
    "                      past the last step shows the last), as the panel's Step through\n"
    "                      does\n"
    "  --size WxH          window size in pixels (default 1280x800)\n"
    "  --split N           show N viewports side by side (1, 2 or 4), each with its own\n"
    "                      algorithms (the Views window)\n"
    "  --compare           open the table comparing every algorithm on the focus pair\n"
    "  --no-timing         show \"--\" for the table's measured costs (stable screenshots)\n"
    "  --view X,Y,ZOOM     show world point (X,Y) at the top-left corner at ZOOM window px\n"
    "                      per world px, instead of framing the scene in the free area\n"
    "  --print-layout      with --screenshot: print the frame's panels, free area, camera,\n"
    "                      each shape's box, each label's box, where step mode draws\n"
    "                      GJK's Minkowski difference, and how far any panel's\n"
    "                      widest line or table cell runs past its edge (JSON) to stdout\n"
    "  --print-compare     with --screenshot: print the table's rows to stdout\n"
    "  --screenshot OUT    render one frame to a PNG and exit; with SDL_VIDEODRIVER=offscreen\n"
    "                      it needs no display\n"
    "  --svg OUT           write the canvas (the scene without the panels) as SVG vectors to\n"
    "                      OUT and exit: shapes, sprites, traces and labels through the\n"
    "                      view's camera, in presenter mode's line widths with --presenter;\n"
    "                      beside --screenshot, the same frame as both\n"
    "  --screenshot-on-exit OUT\n"
    "                      interactive, but write the last frame to a PNG on quit\n"
    "  --bench-frames N    render N frames without vsync, print mean and 99th-percentile\n"
    "                      frame time; without --scene, on a built 500-shape scene with\n"
    "                      sat and mtd on for a focused pair\n"
    "  -h, --help          this text\n"
    "  --version           print the version and exit\n"
    "\n"
    "In the window: right or middle drag (or Space + left drag) pans, the wheel zooms about\n"
    "the cursor, Home resets the view, Tab hides or shows the panels, Ctrl+Q quits.\n"
    "Without a display: SDL_VIDEODRIVER=offscreen hitbox --screenshot out.png, xvfb-run -a\n"
    "hitbox, or hitbox query FILE for the numbers.\n";

// "aabb,bounding_circle,...": every algorithm, in the catalogue's order.
std::string algo_names() {
  std::string names;
  for (const AlgoModule* m : algo_modules()) {
    if (!names.empty()) names += ',';
    names += m->name;
  }
  return names;
}

std::string usage() {
  std::string text = kUsage;
  text.replace(text.find("@ALGOS@"), 7, algo_names());
  return text;
}

int fail(std::ostream& err, const std::string& msg) {
  err << "hitbox: " << msg << "\n(hitbox --help lists the options)\n";
  return 2;
}

bool parse_int(std::string_view s, int* out) {
  const char* end = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(s.data(), end, *out);
  return ec == std::errc() && ptr == end;
}

bool parse_size(std::string_view s, int* w, int* h) {
  const auto x = s.find('x');
  if (x == std::string_view::npos) return false;
  return parse_int(s.substr(0, x), w) && parse_int(s.substr(x + 1), h) && *w >= 64 && *h >= 64 &&
         *w <= 8192 && *h <= 8192;
}

// "X,Y,ZOOM": the world point at the window's top-left corner and the zoom, finite, with the
// same ranges a scene file's "view" keeps.
bool parse_view(std::string_view s, View* view) {
  double v[3] = {0.0, 0.0, 0.0};
  std::string text(s);
  const char* p = text.c_str();
  for (int k = 0; k < 3; ++k) {
    char* end = nullptr;
    v[k] = std::strtod(p, &end);
    if (end == p || !std::isfinite(v[k])) return false;
    p = end;
    if (k < 2) {
      if (*p != ',') return false;
      ++p;
    }
  }
  if (*p != '\0') return false;
  if (std::abs(v[0]) > 1e6 || std::abs(v[1]) > 1e6 || !(v[2] >= 0.05 && v[2] <= 50.0)) return false;
  view->origin = DVec2(v[0], v[1]);
  view->zoom = v[2];
  return true;
}

}  // namespace

int parse_window_flags(int argc, char** argv, const std::function<Scene()>& bench_scene,
                       WindowOptions* result, std::ostream& out, std::ostream& err) {
  WindowOptions options;
  std::string scene_path;
  std::string open_link;
  std::string focus;
  bool bench_given = false;
  bool lesson_given = false;

  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    std::optional<std::string_view> inline_value;
    if (arg.starts_with("--")) {
      if (const auto eq = arg.find('='); eq != std::string_view::npos) {
        inline_value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
    }
    const auto value = [&](std::string_view* out) {
      if (inline_value) {
        *out = *inline_value;
        return true;
      }
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    const std::string flag(arg);
    std::string_view v;

    if (flag == "-h" || flag == "--help") {
      out << usage();
      return 0;
    }
    if (flag == "--version") {
      out << "hitbox " HITBOX_VERSION "\n";
      return 0;
    }
    if (flag == "--no-ui") {
      if (inline_value) return fail(err, "--no-ui takes no value");
      options.show_ui = false;
      continue;
    }
    if (flag == "--print-layout") {
      if (inline_value) return fail(err, "--print-layout takes no value");
      options.print_layout = true;
      continue;
    }
    if (flag == "--compare" || flag == "--print-compare" || flag == "--no-timing") {
      if (inline_value) return fail(err, flag + " takes no value");
      if (flag == "--compare") options.compare = true;
      if (flag == "--print-compare") options.print_compare = true;
      if (flag == "--no-timing") options.timing = false;
      continue;
    }
    if (flag == "--contacts") {
      if (inline_value) return fail(err, "--contacts takes no value");
      options.contacts = true;
      continue;
    }
    if (flag == "--play") {
      if (inline_value) return fail(err, "--play takes no value");
      options.play = true;
      continue;
    }
    if (flag == "--presenter") {
      if (inline_value) return fail(err, "--presenter takes no value");
      options.presenter = true;
      continue;
    }
    if (flag == "--predict") {
      if (inline_value) return fail(err, "--predict takes no value");
      options.predict = true;
      continue;
    }
    if (flag == "--print-hash") {
      if (inline_value) return fail(err, "--print-hash takes no value");
      options.print_hash = true;
      continue;
    }
    const bool takes_value =
        flag == "--scene" || flag == "--lesson" || flag == "--open" || flag == "--view" ||
        flag == "--algo" || flag == "--focus" || flag == "--size" || flag == "--screenshot" ||
        flag == "--svg" || flag == "--screenshot-on-exit" || flag == "--bench-frames" ||
        flag == "--auto-resolve" || flag == "--accuracy" || flag == "--split" || flag == "--step" ||
        flag == "--play-seconds" || flag == "--mover";
    if (!takes_value) {
      if (flag == "query") return fail(err, "'query' must be the first argument: hitbox query ...");
      return fail(err, "unknown option '" + flag + "'");
    }
    if (!value(&v) || v.empty()) return fail(err, flag + " needs a value");

    if ((flag == "--scene" || flag == "--lesson") && !open_link.empty())
      return fail(err, "--open cannot be used with " + flag);
    if (flag == "--scene") {
      if (lesson_given) return fail(err, "--scene and --lesson cannot be used together");
      scene_path = v;
    } else if (flag == "--open") {
      if (!scene_path.empty()) return fail(err, "--open cannot be used with --scene or --lesson");
      open_link = v;
    } else if (flag == "--lesson") {
      if (!scene_path.empty()) return fail(err, "--scene and --lesson cannot be used together");
      lesson_given = true;
      const std::filesystem::path file = lessons_dir() / (std::string(v) + ".json");
      std::error_code ec;
      if (v.find('/') != std::string_view::npos || !std::filesystem::is_regular_file(file, ec)) {
        std::string known;
        for (const std::string& f : Teacher::lesson_files())
          known += (known.empty() ? "" : ", ") + std::filesystem::path(f).stem().string();
        return fail(err, "--lesson: no lesson '" + std::string(v) + "' in " +
                             lessons_dir().string() +
                             (known.empty() ? " (no lessons found)" : " (known: " + known + ")"));
      }
      scene_path = file.string();
    } else if (flag == "--algo") {
      std::string bad;
      const auto algos = parse_algo_list(v, &bad);
      if (!algos) {
        return fail(err, "--algo: unknown algorithm '" + bad + "' (known: " + algo_names() + ")");
      }
      options.algos = *algos;
    } else if (flag == "--focus") {
      focus = v;
    } else if (flag == "--mover") {
      options.mover = v;
    } else if (flag == "--size") {
      if (!parse_size(v, &options.width, &options.height)) {
        return fail(err,
                    "--size: expected WxH with each side 64..8192, got '" + std::string(v) + "'");
      }
    } else if (flag == "--auto-resolve") {
      if (v != "off" && v != "move-a" && v != "move-b" && v != "half") {
        return fail(err, "--auto-resolve: expected off, move-a, move-b or half, got '" +
                             std::string(v) + "'");
      }
      options.auto_resolve = v;
    } else if (flag == "--view") {
      View view;
      if (!parse_view(v, &view)) {
        return fail(err,
                    "--view: expected X,Y,ZOOM (the world point at the top-left corner, "
                    "|X|,|Y| <= 1e6, and 0.05 <= ZOOM <= 50), got '" +
                        std::string(v) + "'");
      }
      options.view = view;
    } else if (flag == "--accuracy") {
      const std::string text(v);
      char* end = nullptr;
      const double a = std::strtod(text.c_str(), &end);
      if (end != text.c_str() + text.size() || !(a > 0.0 && a <= 1.0) ||
          !valid_accuracy(static_cast<float>(a))) {
        return fail(err,
                    "--accuracy: expected a number A with 0 < A <= 1 (cells 1/A world pixels "
                    "wide), got '" +
                        text + "'");
      }
      options.accuracy = static_cast<float>(a);
    } else if (flag == "--step") {
      Algo algo{};
      int step = 0;
      if (!parse_step_flag(v, &algo, &step)) {
        return fail(err, "--step: expected " + step_flag_forms() + " (N from 1), got '" +
                             std::string(v) + "'");
      }
      options.step = v;
    } else if (flag == "--split") {
      if (v != "1" && v != "2" && v != "4") {
        return fail(err, "--split: expected 1, 2 or 4 viewports, got '" + std::string(v) + "'");
      }
      options.split = v[0] - '0';
    } else if (flag == "--play-seconds") {
      const std::string text(v);
      char* end = nullptr;
      const double t = std::strtod(text.c_str(), &end);
      if (end != text.c_str() + text.size() || !(t > 0.0 && t <= 3600.0)) {
        return fail(err, "--play-seconds: expected simulated seconds T with 0 < T <= 3600, got '" +
                             text + "'");
      }
      options.play_seconds = t;
    } else if (flag == "--screenshot") {
      options.screenshot = v;
    } else if (flag == "--svg") {
      // A file name, not the next option; its folder must exist (the file is written after
      // the frame is drawn, and a write that still fails exits 2 then).
      if (v.starts_with("-"))
        return fail(err, "--svg needs a file name, got '" + std::string(v) + "'");
      const std::filesystem::path file{std::string(v)};
      const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
      std::error_code ec;
      if (!std::filesystem::is_directory(dir, ec))
        return fail(err, "--svg: cannot write " + std::string(v) + ": no folder " + dir.string());
      if (std::filesystem::is_directory(file, ec))
        return fail(err, "--svg: cannot write " + std::string(v) + ": it is a folder");
      options.svg = v;
    } else if (flag == "--screenshot-on-exit") {
      options.screenshot_on_exit = v;
    } else if (flag == "--bench-frames") {
      if (!parse_int(v, &options.bench_frames) || options.bench_frames < 1 ||
          options.bench_frames > 1000000) {
        return fail(
            err, "--bench-frames: expected a frame count 1..1000000, got '" + std::string(v) + "'");
      }
      bench_given = true;
    }
  }

  if (!options.screenshot.empty() && bench_given) {
    return fail(err, "--screenshot and --bench-frames cannot be used together");
  }
  if (!options.svg.empty() && bench_given) {
    return fail(err, "--svg and --bench-frames cannot be used together");
  }
  if (options.print_layout && options.screenshot.empty()) {
    return fail(err, "--print-layout goes with --screenshot (it prints that frame's layout)");
  }
  if (options.print_compare && options.screenshot.empty()) {
    return fail(err, "--print-compare goes with --screenshot (it prints the table of that frame)");
  }
  if (options.print_hash && !(options.play_seconds > 0.0)) {
    return fail(err, "--print-hash goes with --play-seconds T (it prints the state after them)");
  }
  if (!options.screenshot_on_exit.empty() &&
      (!options.screenshot.empty() || !options.svg.empty() || bench_given)) {
    return fail(err, "--screenshot-on-exit is for the interactive window only");
  }

  // A link: its scene, state and lesson. In the browser a link that does not open is said on
  // the console and in the status line, and the default scene opens instead.
  bool opened = false;
  if (!open_link.empty()) {
    try {
      const LinkAssets assets = link_assets();
      LinkState state = decode_link(open_link, assets, png_loader());
      options.scene = std::move(state.scene);
      if (!state.lesson.empty()) {
        options.scene_path = link_lesson_file(assets, state.lesson);
        scene_path = options.scene_path;
      }
      options.title = state.lesson.empty() ? "shared link" : state.lesson + " (shared link)";
      opened = true;
    } catch (const LinkError& e) {
      err << "hitbox: --open: " << e.what() << "\n";
#ifdef __EMSCRIPTEN__
      options.notice = std::string("The link did not open: ") + e.what();
#else
      return 2;
#endif
    }
  }

  // The scene: a file, the built benchmark scene, or the embedded default.
  try {
    if (opened) {
      // The link's scene, decoded above.
    } else if (!scene_path.empty()) {
      options.scene = load_scene(scene_path, png_loader());
      options.scene_path = scene_path;
      options.title = std::filesystem::path(scene_path).filename().string();
    } else if (bench_given) {
      options.scene = bench_scene();
      options.title = "benchmark";
      if (!options.algos) options.algos = kAlgoSat | kAlgoMtd;
      if (focus.empty()) focus = "a:b";
    } else {
      options.scene = parse_scene(embedded::default_scene(), "<built-in default.json>");
      options.title = "default scene";
    }
  } catch (const SceneError& e) {
    err << "hitbox: " << e.what() << "\n";
    return 2;
  }

  if (!focus.empty()) {
    const auto colon = focus.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == focus.size()) {
      return fail(err, "--focus: expected A:B (two shape ids), got '" + focus + "'");
    }
    std::string a = focus.substr(0, colon);
    std::string b = focus.substr(colon + 1);
    for (const std::string* id : {&a, &b}) {
      if (options.scene.find(*id) < 0) {
        err << "hitbox: --focus: no shape with id '" << *id << "' in "
            << (scene_path.empty() ? options.title : scene_path) << "\n";
        return 2;
      }
    }
    if (a == b) return fail(err, "--focus: A and B must be two different shapes");
    options.focus = std::make_pair(std::move(a), std::move(b));
  }
  if (!options.mover.empty()) {
    const int i = options.scene.find(options.mover);
    const std::string where = scene_path.empty() ? options.title : scene_path;
    if (i < 0) {
      err << "hitbox: --mover: no shape with id '" << options.mover << "' in " << where << "\n";
      return 2;
    }
    const Kind kind = options.scene.shapes[static_cast<std::size_t>(i)].kind;
    if (kind != Kind::Capsule) {
      err << "hitbox: --mover: '" << options.mover << "' in " << where << " is a "
          << kind_name(kind) << ", not a capsule\n";
      return 2;
    }
  }

  *result = std::move(options);
  return kRun;
}

}  // namespace hitbox::app
