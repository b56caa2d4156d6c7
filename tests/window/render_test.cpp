// The window, rendered offscreen (SDL_VIDEODRIVER=offscreen, no display needed): the real
// hitbox binary writes --screenshot PNGs and the tests check pixels that must hold, never
// whole images: empty spots show the background, shape interiors their fill, a hit pair the
// hit colour, a separated pair under SAT a separating-axis line. Plus the shell's command line
// and its no-display message.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../support/run_binary.h"
#include "hitbox/analysis.h"
#include "hitbox/collide.h"
#include "hitbox/link.h"
#include "hitbox/mask.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"
#include "hitbox/shape.h"
#include "layout_probe.h"
#include "pixels.h"
#include "platform/image.h"

namespace hitbox::window_test {
namespace {

namespace fs = std::filesystem;
namespace pal = app::palette;

const std::string kBin = HITBOX_BIN;
const std::string kSource = HITBOX_SOURCE_DIR;
const std::string kScenes = kSource + "/tests/window/scenes/";

using test::RunResult;
using test::slurp;

std::string out_path(const std::string& name) {
  return test::out_path("hitbox_window_test", name);
}

// Runs hitbox with `env` (assignments or -u NAME) in front, capturing everything.
RunResult run(const std::string& env, const std::string& args) {
  return test::run_command("env " + env + " " + kBin + " " + args, "hitbox_window_test");
}

constexpr const char* kOffscreen = "SDL_VIDEODRIVER=offscreen";

// Renders one offscreen frame to a PNG and loads it.
// The camera these tests' pixel positions assume: world (x, y) at window (x, y), unless the
// test asks for another view (the window otherwise frames the scene in the free area).
std::string with_view(const std::string& args) {
  return args.find("--view") == std::string::npos ? args + " --view 0,0,1" : args;
}

Image render(const std::string& name, const std::string& args) {
  const std::string png = out_path(name + ".png");
  fs::remove(png);
  const RunResult r = run(kOffscreen, with_view(args) + " --screenshot " + png);
  EXPECT_EQ(r.status, 0) << "hitbox " << args << "\nstderr: " << r.err;
  Image img;
  EXPECT_TRUE(img.load(png)) << "no PNG from hitbox " << args << "\nstderr: " << r.err;
  return img;
}

void expect_pixel(const Image& img, int x, int y, std::string_view name, const char* why) {
  ASSERT_TRUE(img.inside(x, y));
  const Rgb got = img.at(x, y);
  const auto want = named_colours(name);
  ASSERT_TRUE(want.has_value());
  EXPECT_TRUE(matches_any(got, *want))
      << why << ": pixel " << x << "," << y << " is " << to_string(got) << ", expected " << name
      << " " << to_string(want->front());
}

// ---- interior points of a scene's shapes, found with the core's own geometry ----

float segment_distance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const float len2 = hitbox::dot(ab, ab);
  const float t = len2 > 0.0f ? std::clamp(hitbox::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  return glm::length(p - (a + t * ab));
}

struct Probe {
  std::string shape;
  int x, y;  // window pixels
};

// For each shape big enough on screen, points well inside it and inside no other shape, away
// from the decorations the sandbox draws on top: the local axes and origin dot near pos, the
// velocity arrow, the id label above the bounds. Such a point shows one layer of fill.
std::vector<Probe> interior_probes(const Scene& scene, int width, int height) {
  app::Camera cam;
  if (scene.view) {
    cam.origin =
        Vec2(static_cast<float>(scene.view->origin.x), static_cast<float>(scene.view->origin.y));
    cam.zoom = static_cast<float>(scene.view->zoom);
  }
  std::vector<Posed> posed;
  for (const Shape& s : scene.shapes) posed.emplace_back(s);
  const auto clear_of_everything = [&](std::size_t self, Vec2 w) {
    const Vec2 s = cam.to_screen(w);
    if (s.x < 4 || s.y < 4 || s.x > static_cast<float>(width) - 4 ||
        s.y > static_cast<float>(height) - 4)
      return false;
    // Not on a major grid line (every 250 world px; the 50 px ones are too faint to matter
    // under a fill).
    if (cam.zoom == 1.0f && (std::fmod(std::abs(w.x) + 2.0f, 250.0f) < 4.0f ||
                             std::fmod(std::abs(w.y) + 2.0f, 250.0f) < 4.0f))
      return false;
    const float px = 1.0f / cam.zoom;
    for (std::size_t j = 0; j < posed.size(); ++j) {
      const Collider& b = posed[j].collider();
      if (scene.shapes[j].kind == Kind::Sprite) {
        // Sprites are images: stay out of their frames altogether.
        if (w.x >= b.bounds.min.x - 4 * px && w.x <= b.bounds.max.x + 4 * px &&
            w.y >= b.bounds.min.y - 4 * px && w.y <= b.bounds.max.y + 4 * px)
          return false;
      }
      // Eroded containment: 3 px around the point all inside (self) or all outside (others),
      // clear of outlines (up to 2.5 px wide, centred on the edge) and their anti-aliasing.
      for (int k = 0; k < 9; ++k) {
        const Vec2 q =
            w + Vec2(static_cast<float>(k % 3 - 1), static_cast<float>(k / 3 - 1)) * (3.0f * px);
        if (contains(b, q) != (j == self)) return false;
      }
      // The decorations of every shape.
      if (glm::length(w - b.pos) < std::max(0.8f * b.bound, 30.0f * px)) return false;
      if (glm::length(b.vel) > 0.0f && segment_distance(w, b.pos, b.pos + b.vel) < 12.0f * px)
        return false;
      const Vec2 label(b.bounds.min.x, b.bounds.min.y - 18.0f * px);
      if (w.x >= label.x - 4 * px && w.x <= label.x + 260 * px && w.y >= label.y - 4 * px &&
          w.y <= label.y + 26 * px)
        return false;
    }
    return true;
  };
  std::vector<Probe> probes;
  for (std::size_t i = 0; i < posed.size(); ++i) {
    const Collider& b = posed[i].collider();
    if (scene.shapes[i].kind == Kind::Sprite || b.bound * cam.zoom < 30.0f) continue;
    std::vector<Vec2> candidates;
    for (int k = 0; k < b.count; ++k) {
      // Towards each corner, and towards each edge's middle (thin shapes have room only there).
      const Vec2 mid = 0.5f * (b.v[k] + b.v[(k + 1) % b.count]);
      for (float t : {0.92f, 0.88f, 0.84f}) {
        candidates.push_back(b.pos + t * (b.v[k] - b.pos));
        candidates.push_back(b.pos + t * (mid - b.pos));
      }
    }
    for (int k = 0; k < 16; ++k) {
      const float a = static_cast<float>(k) * 0.3926991f;
      for (float t : {0.92f, 0.88f})
        candidates.push_back(b.pos + t * b.bound * Vec2(std::cos(a), std::sin(a)));
    }
    for (const Vec2& c : candidates) {
      if (!clear_of_everything(i, c)) continue;
      const Vec2 s = cam.to_screen(c);
      probes.push_back(Probe{scene.shapes[i].id, static_cast<int>(std::floor(s.x)),
                             static_cast<int>(std::floor(s.y))});
    }
  }
  return probes;
}

// Every shape with a clear interior point shows its fill there: idle, except the scene's own
// focus pair, which shows the hit fill when the scene turns on sat and the core's sat says
// they overlap. Returns how many shapes had such a point.
int expect_idle_interiors(const std::string& scene_file) {
  const Scene scene = load_scene(scene_file, app::png_loader());
  // Every shape that overlaps another (not only touching) by the algorithm the hit colour
  // comes from: the most exact one the scene turns on (sat without the key), every pair
  // tested, no broad phase. Pixel scenes are left out (their colour needs masks).
  std::vector<std::string> hit_ids;
  const std::uint32_t on = scene.algorithms ? *scene.algorithms : kAlgoSat;
  std::uint32_t colour = 0;
  for (std::uint32_t bit :
       {kAlgoPixel, kAlgoSat, kAlgoMtd, kAlgoBoundingCircle, kAlgoAabb, kAlgoSwept})
    if (colour == 0 && (on & bit)) colour = bit;
  if (colour != 0 && colour != kAlgoPixel) {
    std::vector<Posed> ps;
    for (const Shape& sh : scene.shapes) ps.emplace_back(sh);
    AnalysisInput in;
    in.algos = colour;
    PairAnalysis r;
    for (std::size_t a = 0; a < ps.size(); ++a)
      for (std::size_t b = a + 1; b < ps.size(); ++b) {
        analyze(ps[a], ps[b], in, r);
        const AlgoAnswer& ans = r.answer(static_cast<Algo>(colour));
        if (ans.hit() && !ans.touching) {
          hit_ids.push_back(scene.shapes[a].id);
          hit_ids.push_back(scene.shapes[b].id);
        }
      }
  }
  const Image img =
      render(fs::path(scene_file).stem().string(), "--scene " + scene_file + " --no-ui");
  EXPECT_EQ(img.width(), 1280);
  EXPECT_EQ(img.height(), 800);
  if (img.width() != 1280 || img.height() != 800) return 0;
  int checked_shapes = 0;
  std::string last;
  for (const Probe& p : interior_probes(scene, img.width(), img.height())) {
    if (p.shape != last) ++checked_shapes;
    last = p.shape;
    const Rgb got = img.at(p.x, p.y);
    const bool hit = std::find(hit_ids.begin(), hit_ids.end(), p.shape) != hit_ids.end();
    EXPECT_TRUE(matches_any(got, *named_colours(hit ? "hit" : "idle")))
        << scene_file << ": inside " << p.shape << " at " << p.x << "," << p.y << " got "
        << to_string(got) << ", expected " << (hit ? "hit" : "idle") << " fill";
  }
  return checked_shapes;
}

TEST(WindowRender, DefaultSceneShowsBackgroundAndFills) {
  const Image img = render("default", "--no-ui");
  ASSERT_EQ(img.width(), 1280);
  ASSERT_EQ(img.height(), 800);
  expect_pixel(img, 612, 112, "background", "empty spot of the default scene");
  expect_pixel(img, 1213, 713, "background", "empty corner of the default scene");
  // Inside the circle (420,320) r70, clear of the rectangle and of the circle's axes: the
  // default scene focuses rect:circle with sat on, and they overlap.
  expect_pixel(img, 456, 367, "hit", "inside the default scene's circle");
  // The embedded default scene is assets/scenes/default.json: the same interiors hold.
  EXPECT_GE(expect_idle_interiors(kSource + "/assets/scenes/default.json"), 3);
}

TEST(WindowRender, BundledScenesShowTheirShapes) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSource + "/assets/scenes"))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  int scenes = 0, shapes = 0;
  for (const fs::path& file : files) {
    ++scenes;
    SCOPED_TRACE(file.string());
    try {
      shapes += expect_idle_interiors(file.string());
    } catch (const SceneError& e) {
      ADD_FAILURE() << e.what();
    }
  }
  EXPECT_GT(scenes, 0);
  EXPECT_GE(shapes, scenes) << "too few shapes had a clear interior point to check";
}

TEST(WindowRender, PanelsShowUnlessNoUi) {
  const Image bare = render("panels_off", "--no-ui");
  const Image ui = render("panels_on", "");
  ASSERT_EQ(bare.width(), ui.width());
  ASSERT_EQ(bare.height(), ui.height());
  long differ = 0;
  for (int y = 0; y < ui.height(); ++y)
    for (int x = 0; x < ui.width(); ++x) differ += !near(bare.at(x, y), ui.at(x, y), 2);
  const long total = static_cast<long>(ui.width()) * ui.height();
  EXPECT_GT(differ, total / 20) << "the panels changed only " << differ << " of " << total
                                << " pixels";
}

TEST(WindowRender, HitPairShowsHitColour) {
  const std::string scene = kScenes + "overlap.json";
  // A: rect (300,300) 200x120; B: circle (420,300) r60; they overlap.
  const Image hit = render("overlap_focus", "--scene " + scene + " --algo sat --focus a:b --no-ui");
  expect_pixel(hit, 223, 347, "hit", "inside A only, pair in focus and hit");
  expect_pixel(hit, 457, 337, "hit", "inside B only, pair in focus and hit");
  const Image idle = render("overlap_nofocus", "--scene " + scene + " --algo sat --no-ui");
  // Every colliding pair is coloured, in focus or not (sandbox/pairs.cpp).
  expect_pixel(idle, 223, 347, "hit", "inside A, no pair in focus, still colliding");
  expect_pixel(idle, 457, 337, "hit", "inside B, no pair in focus, still colliding");
}

// Rows y where the pixels at all the given columns show the separating-axis colour.
std::vector<int> separating_rows(const Image& img, std::initializer_list<int> columns) {
  std::vector<int> rows;
  const auto want = *named_colours("separating");
  for (int y = 0; y < img.height(); ++y) {
    bool all = true;
    for (int x : columns) all = all && matches_any(img.at(x, y), want, 24);
    if (all) rows.push_back(y);
  }
  return rows;
}

TEST(WindowRender, SeparatingAxisLineCrossesTheView) {
  // A (200,300) and B (500,300), both 100x100 and axis-aligned: the x axis separates them,
  // so SAT draws a horizontal separating-axis line beside the pair, across the whole view.
  const std::string scene = kScenes + "separated.json";
  const Image sat = render("separated_sat", "--scene " + scene + " --algo sat --focus a:b --no-ui");
  expect_pixel(sat, 223, 277, "idle", "inside A: apart, so not hit");
  const std::vector<int> rows = separating_rows(sat, {23, 353, 763, 1263});
  ASSERT_FALSE(rows.empty()) << "no row shows the separating-axis colour across the view";
  for (int y : rows) {
    EXPECT_TRUE(y < 250 || y > 350) << "the separating-axis line at row " << y
                                    << " runs through the shapes instead of beside them";
  }
  const Image aabb =
      render("separated_aabb", "--scene " + scene + " --algo aabb --focus a:b --no-ui");
  EXPECT_TRUE(separating_rows(aabb, {23, 353, 763, 1263}).empty())
      << "a separating-axis line without SAT";
}

TEST(WindowRender, ManifoldDrawsTheReferenceFaceAndStepsThroughTheClipping) {
  // A 100 x 100 box 2 px deep in a 400 x 40 floor (top face y = 380): the floor's top face is
  // the reference face, drawn across the floor's whole width, beside the box too.
  const std::string scene = kScenes + "resting.json";
  const std::string args = "--scene " + scene + " --algo manifold --focus floor:box --no-ui";
  const Image img = render("manifold", args);
  // Columns clear of the labels (their backdrops cover what is under them).
  for (int x : {270, 310, 330, 590}) {
    bool found = false;  // a 4 px line about y = 380
    for (int y = 376; y <= 384; ++y)
      found = found || matches_any(img.at(x, y), {rgb(pal::kLeastAxis)}, 24);
    EXPECT_TRUE(found) << "no reference face at x = " << x << " about y = 380";
  }
  // Every step renders.
  for (int step = 1; step <= 5; ++step)
    render("manifold_step", args + " --step manifold:" + std::to_string(step));
}

TEST(WindowRender, SizeFlagSetsTheImageSize) {
  const Image img = render("small", "--size 640x400 --no-ui");
  EXPECT_EQ(img.width(), 640);
  EXPECT_EQ(img.height(), 400);
  expect_pixel(img, 19, 393, "background", "empty spot");
}

// ---- sprites: assets/scenes/sprites.json ----

const std::string kSpriteScene = kSource + "/assets/scenes/sprites.json";

app::Camera camera_of(const Scene& scene) {
  app::Camera cam;
  if (scene.view) {
    cam.origin =
        Vec2(static_cast<float>(scene.view->origin.x), static_cast<float>(scene.view->origin.y));
    cam.zoom = static_cast<float>(scene.view->zoom);
  }
  return cam;
}

// Whether window pixel s is near something the sandbox draws over every shape: an origin dot,
// the local axes, a velocity arrow or an id label (any shape's).
bool near_decorations(const Scene& scene, const std::vector<Posed>& posed, const app::Camera& cam,
                      Vec2 s) {
  const Vec2 w = cam.to_world(s);
  const float px = 1.0f / cam.zoom;
  for (std::size_t j = 0; j < posed.size(); ++j) {
    const Collider& b = posed[j].collider();
    float lx = 0.5f * b.bound, ly = 0.3f * b.bound;
    if (b.geom == Geom::Box) {
      lx = 0.7f * b.half.x;
      ly = 0.6f * b.half.y;
    } else if (b.geom == Geom::Circle) {
      lx = 0.7f * b.radius;
      ly = 0.4f * b.radius;
    }
    lx = std::max(lx, 12.0f * px);
    ly = std::max(ly, 7.0f * px);
    if (glm::length(w - b.pos) < 10.0f * px) return true;
    if (segment_distance(w, b.pos, b.pos + b.axis_x * lx) < 9.0f * px) return true;
    if (segment_distance(w, b.pos, b.pos + b.axis_y * ly) < 5.0f * px) return true;
    if (glm::length(b.vel) > 0.0f && segment_distance(w, b.pos, b.pos + b.vel) < 12.0f * px)
      return true;
    const Vec2 label(b.bounds.min.x, b.bounds.min.y - 18.0f * px);
    if (w.x >= label.x - 4 * px && w.x <= label.x + 260 * px && w.y >= label.y - 4 * px &&
        w.y <= label.y + 26 * px)
      return true;
  }
  (void)scene;
  return false;
}

struct TexelProbe {
  int x = 0, y = 0;  // window pixel
  int tx = 0, ty = 0;
  Rgb colour;  // the texel's colour
};

// Window pixels where sprite `id` must show a single texel, fully opaque (want_opaque) or fully
// transparent: the pixel and its 8 neighbours fall (through the core's sprite_texel, the
// mask's own mapping) in texels of identical RGBA, well inside the frame (clear of its
// outline), outside every other shape's bounds, off the world grid lines and away from the
// decorations.
std::vector<TexelProbe> texel_probes(const Scene& scene, const std::string& id, bool want_opaque) {
  const app::Camera cam = camera_of(scene);
  std::vector<Posed> posed;
  for (const Shape& sh : scene.shapes) posed.emplace_back(sh);
  const int self = scene.find(id);
  std::vector<TexelProbe> probes;
  if (self < 0) return probes;
  const Shape& shape = scene.shapes[static_cast<std::size_t>(self)];
  const Collider& b = posed[static_cast<std::size_t>(self)].collider();
  const SpriteImage* img = shape.pixels.image.get();
  if (img == nullptr || img->rgba.size() != static_cast<std::size_t>(img->w) * img->h * 4)
    return probes;
  const float px = 1.0f / cam.zoom;
  const auto texel_at = [&](int x, int y, std::uint32_t* rgba) {
    const Vec2 w = cam.to_world(Vec2(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f));
    int ix = 0, iy = 0;
    if (!sprite_texel(b, 1.0f / b.scale, img->w, img->h, w, &ix, &iy)) return -1;
    const std::uint8_t* t = &img->rgba[(static_cast<std::size_t>(iy) * img->w + ix) * 4];
    *rgba = static_cast<std::uint32_t>(t[0]) | t[1] << 8 | t[2] << 16 |
            static_cast<std::uint32_t>(t[3]) << 24;
    return iy * img->w + ix;
  };
  const Vec2 lo = cam.to_screen(b.bounds.min), hi = cam.to_screen(b.bounds.max);
  for (int y = std::max(static_cast<int>(lo.y), 2); y < std::min(static_cast<int>(hi.y), 797);
       ++y) {
    for (int x = std::max(static_cast<int>(lo.x), 2); x < std::min(static_cast<int>(hi.x), 1277);
         ++x) {
      std::uint32_t rgba = 0;
      const int texel = texel_at(x, y, &rgba);
      if (texel < 0) continue;
      const int a = static_cast<int>(rgba >> 24);
      if (want_opaque ? a != 255 : a != 0) continue;
      bool same = true;
      for (int k = 0; k < 9 && same; ++k) {
        std::uint32_t other = 0;
        same = texel_at(x + k % 3 - 1, y + k / 3 - 1, &other) >= 0 && other == rgba;
      }
      if (!same) continue;
      const Vec2 s(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
      const Vec2 w = cam.to_world(s);
      bool clear = !near_decorations(scene, posed, cam, s);
      for (int k = 0; k < 9 && clear; ++k)  // 4 px inside the frame
        clear = contains(b, w + Vec2(static_cast<float>(k % 3 - 1), static_cast<float>(k / 3 - 1)) *
                                    (4.0f * px));
      for (std::size_t j = 0; j < posed.size() && clear; ++j) {
        if (static_cast<int>(j) == self) continue;
        const Aabb& o = posed[j].collider().bounds;
        clear = !(w.x >= o.min.x - 4 * px && w.x <= o.max.x + 4 * px && w.y >= o.min.y - 4 * px &&
                  w.y <= o.max.y + 4 * px);
      }
      // Off the world grid's lines (every 50 world px).
      if (cam.zoom == 1.0f && (std::fmod(std::abs(w.x) + 3.0f, 50.0f) < 6.0f ||
                               std::fmod(std::abs(w.y) + 3.0f, 50.0f) < 6.0f))
        clear = false;
      if (!clear) continue;
      probes.push_back(
          TexelProbe{x, y, texel % img->w, texel / img->w,
                     Rgb{static_cast<int>(rgba & 255), static_cast<int>(rgba >> 8 & 255),
                         static_cast<int>(rgba >> 16 & 255)}});
    }
  }
  return probes;
}

// Checks every probe (each must show its texel's colour, or the background when transparent);
// returns how many were checked.
int expect_texels(const Image& img, const std::vector<TexelProbe>& probes, bool opaque,
                  const std::string& what) {
  int bad = 0;
  for (const TexelProbe& p : probes) {
    const Rgb want = opaque ? p.colour : rgb(pal::kBackground);
    const Rgb got = img.at(p.x, p.y);
    if (!near(got, want, kTolerance)) {
      if (++bad <= 5)
        ADD_FAILURE() << what << ": window pixel " << p.x << "," << p.y << " (texel " << p.tx << ","
                      << p.ty << ") is " << to_string(got) << ", expected "
                      << (opaque ? "the texel's " : "the background ") << to_string(want);
    }
  }
  EXPECT_EQ(bad, 0) << what << ": " << bad << " of " << probes.size() << " pixels wrong";
  return static_cast<int>(probes.size());
}

// sprites.json with the shapes that overlap a sprite ("hole" in the ring, "gem" on the sword)
// moved far out of view, so every sprite shows its own texels untinted (a sprite that
// overlaps another shape is tinted with the hit colour, sandbox/pairs.cpp).
std::string sprites_apart(Scene* out) {
  Scene scene = load_scene(kSpriteScene, app::png_loader());
  for (Shape& sh : scene.shapes) {
    if (sh.kind == Kind::Sprite)
      sh.image = (fs::path(kSpriteScene).parent_path() / sh.image).lexically_normal().string();
    if (sh.id == "hole" || sh.id == "gem") sh.pos += DVec2(5000.0, 5000.0);
  }
  const std::string path = out_path("sprites_apart.json");
  save_scene(scene, path);
  *out = load_scene(path, app::png_loader());
  return path;
}

TEST(WindowSprites, TexelsShowTheirColoursAndTransparentTexelsTheBackground) {
  Scene scene;
  const std::string file = sprites_apart(&scene);
  const Image img = render("sprites", "--scene " + file + " --no-ui");
  ASSERT_EQ(img.width(), 1280);
  ASSERT_EQ(img.height(), 800);
  int sprites = 0;
  for (const Shape& sh : scene.shapes) {
    if (sh.kind != Kind::Sprite) continue;
    ++sprites;
    SCOPED_TRACE(sh.id);
    const auto opaque = texel_probes(scene, sh.id, true);
    EXPECT_GE(expect_texels(img, opaque, true, sh.id + " opaque"), 5)
        << sh.id << ": too few clear opaque texels to check";
    const auto clear = texel_probes(scene, sh.id, false);
    EXPECT_GE(expect_texels(img, clear, false, sh.id + " transparent"), 5)
        << sh.id << ": too few clear transparent texels to check";
  }
  EXPECT_GE(sprites, 3);
}

TEST(WindowSprites, MirroredSpriteShowsItsTexelsMirrored) {
  // "sword" has mirror [true, false] and scale 1.5: an opaque texel whose mirror image in the
  // picture (same row, column w-1-x) is transparent must show at the mirrored place, and the
  // place it would have without the mirror must show the background.
  Scene scene;
  const std::string file = sprites_apart(&scene);
  const int i = scene.find("sword");
  ASSERT_GE(i, 0);
  const Shape& sword = scene.shapes[static_cast<std::size_t>(i)];
  ASSERT_TRUE(sword.mirror_x);
  ASSERT_FALSE(sword.mirror_y);
  const Image img = render("sprites_mirror", "--scene " + file + " --no-ui");
  const auto opaque = texel_probes(scene, "sword", true);
  std::set<std::pair<int, int>> transparent;
  for (const TexelProbe& p : texel_probes(scene, "sword", false)) transparent.insert({p.x, p.y});
  Shape unmirrored = sword;
  unmirrored.mirror_x = false;
  int pairs = 0;
  for (const TexelProbe& p : opaque) {
    const DVec2 w(p.x + 0.5, p.y + 0.5);  // zoom 1, origin 0: window = world
    const DVec2 q = to_world(unmirrored, to_local(sword, w));
    const std::pair<int, int> qp{static_cast<int>(std::floor(q.x)),
                                 static_cast<int>(std::floor(q.y))};
    if (!transparent.count(qp)) continue;
    ++pairs;
    const Rgb got = img.at(p.x, p.y);
    EXPECT_TRUE(near(got, p.colour, kTolerance))
        << "mirrored texel " << p.tx << "," << p.ty << " at window " << p.x << "," << p.y << " is "
        << to_string(got) << ", expected " << to_string(p.colour);
    const Rgb un = img.at(qp.first, qp.second);
    EXPECT_TRUE(near(un, rgb(pal::kBackground), kTolerance))
        << "where the texel " << p.tx << "," << p.ty << " would be without the mirror (" << qp.first
        << "," << qp.second << ") shows " << to_string(un) << ", not the background";
  }
  EXPECT_GE(pairs, 5) << "too few asymmetric texels of the sword to check the mirror";
}

// The focus pair's masks and their overlap, from the core, as the window builds them.
struct CoreOverlap {
  Mask a, b;
  PixelResult r;
};
CoreOverlap core_overlap(const Scene& scene, const std::string& a, const std::string& b,
                         float accuracy) {
  CoreOverlap o;
  const Posed pa(scene.shapes[static_cast<std::size_t>(scene.find(a))]);
  const Posed pb(scene.shapes[static_cast<std::size_t>(scene.find(b))]);
  build_mask(pa, accuracy, o.a);
  build_mask(pb, accuracy, o.b);
  o.r = pixel_overlap(o.a, o.b, true);
  return o;
}

// Window pixels well inside overlapping cells (3 px from the cell's borders, where the grid
// and the mask outlines run), away from the first-cell marker and from every label.
std::vector<std::pair<int, int>> overlap_probes(const Scene& scene, const CoreOverlap& o) {
  const app::Camera cam = camera_of(scene);
  std::vector<Posed> posed;
  for (const Shape& sh : scene.shapes) posed.emplace_back(sh);
  std::vector<std::pair<int, int>> probes;
  const float cell = o.r.cell;
  const Vec2 first = cell_centre(o.r.first_x, o.r.first_y, cell);
  const float marker = std::max(0.5f * cell * cam.zoom, 5.0f);
  const Vec2 lo = cam.to_screen(Vec2(o.r.overlap.x0, o.r.overlap.y0) * cell);
  const Vec2 hi =
      cam.to_screen(Vec2(o.r.overlap.x0 + o.r.overlap.w, o.r.overlap.y0 + o.r.overlap.h) * cell);
  for (int y = std::max(static_cast<int>(lo.y), 0); y < std::min(static_cast<int>(hi.y) + 1, 800);
       ++y) {
    for (int x = std::max(static_cast<int>(lo.x), 0);
         x < std::min(static_cast<int>(hi.x) + 1, 1280); ++x) {
      const Vec2 s(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
      const Vec2 w = cam.to_world(s);
      const int ci = static_cast<int>(std::floor(w.x / cell));
      const int cj = static_cast<int>(std::floor(w.y / cell));
      if (!o.a.get(ci, cj) || !o.b.get(ci, cj)) continue;
      const Vec2 c0 = cam.to_screen(Vec2(ci, cj) * cell);
      const Vec2 c1 = cam.to_screen(Vec2(ci + 1, cj + 1) * cell);
      if (s.x - c0.x < 3.0f || c1.x - s.x < 3.0f || s.y - c0.y < 3.0f || c1.y - s.y < 3.0f)
        continue;
      if (std::abs(glm::length(s - cam.to_screen(first)) - marker) < 5.0f) continue;
      bool label = false;
      for (const Posed& p : posed) {
        const Vec2 l = cam.to_screen(p.collider().bounds.min) + Vec2(0.0f, -18.0f);
        label = label || (s.x >= l.x - 4 && s.x <= l.x + 260 && s.y >= l.y - 4 && s.y <= l.y + 26);
      }
      if (!label) probes.emplace_back(x, y);
    }
  }
  return probes;
}

// sprites.json with the images at absolute paths (so the copy loads from anywhere) and a view
// zoomed on `at`.
std::string zoomed_sprite_scene(Vec2 at, double zoom, Scene* out) {
  Scene scene = load_scene(kSpriteScene, app::png_loader());
  for (Shape& sh : scene.shapes)
    if (sh.kind == Kind::Sprite)
      sh.image = (fs::path(kSpriteScene).parent_path() / sh.image).lexically_normal().string();
  scene.view = View{DVec2(at.x - 640.0 / zoom, at.y - 400.0 / zoom), zoom};
  const std::string path = out_path("sprites_zoom.json");
  save_scene(scene, path);
  *out = load_scene(path, app::png_loader());
  return path;
}

int count_colour(const Image& img, std::string_view name, int tol) {
  const auto want = *named_colours(name);
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) n += matches_any(img.at(x, y), want, tol);
  return n;
}

TEST(WindowSprites, PixelTestHighlightsTheOverlapOfTheFocusPair) {
  // In sprites.json the small rotated rect "gem" lies on the sword's blade.
  const Scene scene = load_scene(kSpriteScene, app::png_loader());
  const CoreOverlap o = core_overlap(scene, "sword", "gem", 1.0f);
  ASSERT_TRUE(o.r.hit) << "sword and gem no longer overlap in " << kSpriteScene;
  const std::string args = "--scene " + kSpriteScene + " --focus sword:gem --no-ui";
  const Image pixel = render("sprites_pixel", args + " --algo pixel");
  const Image sat = render("sprites_sat", args + " --algo sat");
  // At zoom 1 a cell is one pixel: count highlight pixels in the overlap's bounds.
  const auto in_overlap = [&](const Image& img) {
    int n = 0;
    const auto want = *named_colours("pixel_overlap");
    for (int j = o.r.overlap.y0; j < o.r.overlap.y0 + o.r.overlap.h; ++j)
      for (int i = o.r.overlap.x0; i < o.r.overlap.x0 + o.r.overlap.w; ++i)
        n += o.a.get(i, j) && o.b.get(i, j) && matches_any(img.at(i, j), want);
    return n;
  };
  EXPECT_GE(in_overlap(pixel), std::min(o.r.count / 4, 10))
      << "the overlap of " << o.r.count << " cells is not highlighted";
  EXPECT_EQ(in_overlap(sat), 0) << "overlap highlight without the pixel test";
}

TEST(WindowSprites, ZoomedInPixelTestShowsCellsAndTheGrid) {
  Scene gem_view;
  const Scene plain = load_scene(kSpriteScene, app::png_loader());
  const int gem = plain.find("gem");
  ASSERT_GE(gem, 0);
  const DVec2 at = plain.shapes[static_cast<std::size_t>(gem)].pos;
  const std::string file = zoomed_sprite_scene(Vec2(at.x, at.y), 8.0, &gem_view);
  // The scene's own view, given as --view so the tests' default camera does not replace it.
  const std::string args = "--scene " + file + " --focus sword:gem --no-ui --algo pixel" +
                           " --view " + std::to_string(gem_view.view->origin.x) + "," +
                           std::to_string(gem_view.view->origin.y) + "," +
                           std::to_string(gem_view.view->zoom);

  // Accuracy 1: cells of 1 world px are 8 window px; their insides show the highlight.
  const CoreOverlap fine = core_overlap(gem_view, "sword", "gem", 1.0f);
  ASSERT_TRUE(fine.r.hit);
  const Image img1 = render("sprites_zoom_1", args);
  const auto probes1 = overlap_probes(gem_view, fine);
  EXPECT_GE(probes1.size(), 20u);
  int bad = 0;
  for (const auto& [x, y] : probes1)
    bad += !matches_any(img1.at(x, y), *named_colours("pixel_overlap"));
  EXPECT_EQ(bad, 0) << bad << " of " << probes1.size() << " pixels inside overlapping cells "
                    << "are not the highlight colour";
  // The mask grid: 8 px cells are wide enough on screen to show it.
  const int grid_zoomed = count_colour(img1, "mask_grid", 3);
  EXPECT_GT(grid_zoomed, 1000) << "no mask grid when zoomed in";

  // Accuracy 1/8 (--accuracy 0.125): cells are 8 world px, and the highlight follows them,
  // also where no 1-px cell overlaps.
  const CoreOverlap coarse = core_overlap(gem_view, "sword", "gem", 0.125f);
  ASSERT_TRUE(coarse.r.hit);
  const Image img8 = render("sprites_zoom_8", args + " --accuracy 0.125");
  const auto probes8 = overlap_probes(gem_view, coarse);
  EXPECT_GE(probes8.size(), 20u);
  bad = 0;
  int beyond_fine = 0;
  for (const auto& [x, y] : probes8) {
    bad += !matches_any(img8.at(x, y), *named_colours("pixel_overlap"));
    const Vec2 w = camera_of(gem_view).to_world(Vec2(x + 0.5f, y + 0.5f));
    const int i = static_cast<int>(std::floor(w.x)), j = static_cast<int>(std::floor(w.y));
    beyond_fine += !(fine.a.get(i, j) && fine.b.get(i, j));
  }
  EXPECT_EQ(bad, 0) << bad << " of " << probes8.size() << " pixels inside 1/8 cells wrong";
  EXPECT_GT(beyond_fine, 0) << "the 1/8 highlight looks just like the accuracy-1 one";

  // At zoom 1 with accuracy 1 a cell is one pixel: no grid.
  const Image flat = render("sprites_pixel_flat",
                            "--scene " + kSpriteScene + " --focus sword:gem --no-ui --algo pixel");
  EXPECT_LT(count_colour(flat, "mask_grid", 3), grid_zoomed / 10)
      << "a mask grid at one pixel per cell";
}

// ---- the command line around the window ----

TEST(WindowCli, HelpListsTheFlags) {
  const RunResult r = run("", "--help");
  EXPECT_EQ(r.status, 0);
  for (const char* flag : {"--scene", "--screenshot", "--size", "--algo", "--focus", "--no-ui",
                           "--bench-frames", "--auto-resolve", "--accuracy", "hitbox query"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
}

TEST(WindowCli, BadFlagsExitTwoNamingTheFlag) {
  struct Case {
    const char* args;
    const char* names;
  };
  const Case cases[] = {
      {"--frobnicate", "--frobnicate"},
      {"--scene", "--scene"},
      {"--size 12x", "--size"},
      {"--algo sat,bogus", "bogus"},
      {"--bench-frames zero", "--bench-frames"},
      {"--auto-resolve sideways", "--auto-resolve"},
      {"--focus a", "--focus"},
      {"--accuracy 2", "--accuracy"},
      {"--accuracy 0", "--accuracy"},
      {"--accuracy half", "--accuracy"},
  };
  for (const Case& c : cases) {
    const RunResult r = run(kOffscreen, c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_NE(r.err.find(c.names), std::string::npos) << c.args << ": " << r.err;
  }
}

TEST(WindowCli, BadSceneOrFocusExitsTwo) {
  const RunResult missing =
      run(kOffscreen, "--scene /nonexistent/nope.json --screenshot " + out_path("never.png"));
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("nope.json"), std::string::npos) << missing.err;
  const RunResult focus = run(kOffscreen, "--scene " + kScenes + "overlap.json --focus a:zzz " +
                                              "--screenshot " + out_path("never.png"));
  EXPECT_EQ(focus.status, 2);
  EXPECT_NE(focus.err.find("zzz"), std::string::npos) << focus.err;
  EXPECT_FALSE(fs::exists(out_path("never.png")));
}

TEST(WindowCli, MoverMustBeACapsuleOfTheScene) {
  const std::string scene = "--scene " + kSource + "/assets/scenes/mover.json";
  const RunResult unknown =
      run(kOffscreen, scene + " --mover zzz --screenshot " + out_path("never.png"));
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("--mover: no shape with id 'zzz'"), std::string::npos) << unknown.err;
  const RunResult rect =
      run(kOffscreen, scene + " --mover floor --screenshot " + out_path("never.png"));
  EXPECT_EQ(rect.status, 2);
  EXPECT_NE(rect.err.find("'floor'"), std::string::npos) << rect.err;
  EXPECT_NE(rect.err.find("is a rect, not a capsule"), std::string::npos) << rect.err;
  EXPECT_FALSE(fs::exists(out_path("never.png")));
  const RunResult ok =
      run(kOffscreen, scene + " --mover hero --screenshot " + out_path("mover.png"));
  EXPECT_EQ(ok.status, 0) << ok.err;
}

// SDL's X11 driver with no DISPLAY: without a driver named, SDL would also try KMS/DRM, which
// opens a window on the console of a machine with a display adapter and never returns.
TEST(WindowCli, NoDisplayExplainsHowToRunHeadless) {
  const RunResult r = run("-u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=x11", "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("SDL_VIDEODRIVER=offscreen"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("xvfb-run"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hitbox query"), std::string::npos) << r.err;
}

TEST(WindowCli, OffscreenDriverRefusesAnInteractiveWindow) {
  const RunResult r = run(kOffscreen, "--no-ui");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--screenshot"), std::string::npos) << r.err;
}

TEST(WindowCli, QueryNeedsNoDisplay) {
  const RunResult r = run("-u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER",
                          "query " + kSource + "/assets/scenes/default.json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"pairs\""), std::string::npos) << r.out;
}

TEST(WindowCli, BenchFramesPrintsFrameTimes) {
  const RunResult r = run(kOffscreen, "--bench-frames 3 --size 320x200");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("500 shapes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mean"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("p99"), std::string::npos) << r.out;
}

// ------------------------------------------------------------------ lessons and teaching keys

// How many pixels of the rectangle [x0, x1) x [y0, y1) are not the background.
long non_background(const Image& img, int x0, int y0, int x1, int y1) {
  const Rgb bg = rgb(pal::kBackground);
  long n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) n += !near(img.at(x, y), bg, 3);
  return n;
}

std::string write_scene(const std::string& name, const std::string& text) {
  const std::string path = out_path(name);
  std::ofstream(path) << text;
  return path;
}

TEST(WindowLessons, EveryLessonShowsItsPanelUnlessNoUi) {
  std::vector<fs::path> lessons;
  for (const auto& e : fs::directory_iterator(kSource + "/assets/scenes/lessons")) {
    if (e.path().extension() == ".json") lessons.push_back(e.path());
  }
  std::sort(lessons.begin(), lessons.end());
  ASSERT_GE(lessons.size(), 8u);
  // The lesson panel is docked on the left at 1280 x 800 (about 330 px wide), below the
  // menu bar.
  const int x0 = 20, y0 = 60, x1 = 300, y1 = 240;
  const long area = static_cast<long>(x1 - x0) * (y1 - y0);
  for (const fs::path& f : lessons) {
    SCOPED_TRACE(f.string());
    const std::string name = f.stem().string();
    const Image ui = render(name + "_ui", "--scene " + f.string());
    const Image bare = render(name + "_bare", "--scene " + f.string() + " --no-ui");
    // Panel background and text: almost nothing of the world's background shows there.
    EXPECT_GT(non_background(ui, x0, y0, x1, y1), area * 9 / 10);
    // Without the panels the same region is mostly the world's background (grid lines and
    // trace lines may cross it).
    EXPECT_LT(non_background(bare, x0, y0, x1, y1), area / 5);
  }
}

TEST(WindowLessons, SceneAlgorithmsAndFocusAreApplied) {
  // separated.json (a and b apart on x) with the pair and the algorithms in the file:
  // SAT's separating-axis line shows without --algo and --focus.
  const std::string shapes =
      R"("shapes": [{"id": "a", "kind": "rect", "pos": [200, 300], "size": [100, 100]},)"
      R"( {"id": "b", "kind": "rect", "pos": [500, 300], "size": [100, 100]}]})";
  const std::string with = write_scene(
      "teach_sat.json", R"({"version": 1, "algorithms": ["sat"], "focus": ["a", "b"], )" + shapes);
  const std::string without_focus =
      write_scene("teach_nofocus.json", R"({"version": 1, "algorithms": ["sat"], )" + shapes);
  const std::string aabb_only =
      write_scene("teach_aabb.json",
                  R"({"version": 1, "algorithms": ["aabb"], "focus": ["a", "b"], )" + shapes);
  EXPECT_FALSE(
      separating_rows(render("teach_sat", "--scene " + with + " --no-ui"), {23, 353, 763, 1263})
          .empty())
      << "the scene's focus and sat should draw the separating axis";
  EXPECT_TRUE(separating_rows(render("teach_nofocus", "--scene " + without_focus + " --no-ui"),
                              {23, 353, 763, 1263})
                  .empty())
      << "no focus pair, no axis";
  EXPECT_TRUE(separating_rows(render("teach_aabb", "--scene " + aabb_only + " --no-ui"),
                              {23, 353, 763, 1263})
                  .empty())
      << "the scene turned sat off";
  // The command line wins over the scene.
  EXPECT_FALSE(
      separating_rows(render("teach_aabb_algo", "--scene " + aabb_only + " --algo sat --no-ui"),
                      {23, 353, 763, 1263})
          .empty());
}

TEST(WindowLessons, PresenterModeDrawsThickerLines) {
  // One idle rectangle outline over a blank view; count the outline's pixels along a row
  // crossing its left edge and a column crossing its top edge, at normal and presenter.
  const std::string scene = write_scene(
      "teach_outline.json",
      R"({"version": 1, "algorithms": [], "shapes": [{"id": "r", "kind": "rect", "pos": [640, 400], "size": [300, 200]}]})");
  const Image normal = render("outline_normal", "--scene " + scene + " --no-ui");
  const Image presenter = render("outline_presenter", "--scene " + scene + " --no-ui --presenter");
  const auto outline_width = [](const Image& img) {
    // The left edge is at x = 490; the outline straddles it. Row 330 avoids the axes arrows.
    const Rgb bg = rgb(pal::kBackground);
    const Rgb fill = single_fill(pal::kFillIdle);
    int n = 0;
    for (int x = 470; x < 510; ++x) {
      const Rgb c = img.at(x, 330);
      n += !near(c, bg, 6) && !near(c, fill, 6);
    }
    return n;
  };
  const int w1 = outline_width(normal), w2 = outline_width(presenter);
  EXPECT_GE(w1, 1);
  EXPECT_GE(w2, w1 + 1) << "normal " << w1 << " px, presenter " << w2 << " px";
  // The presenter flag also enlarges the panels' text: with the UI, more panel pixels.
  const Image ui = render("outline_ui", "--scene " + scene);
  const Image ui_big = render("outline_ui_presenter", "--scene " + scene + " --presenter");
  EXPECT_NE(non_background(ui, 0, 0, 1280, 30), non_background(ui_big, 0, 0, 1280, 30));
}

TEST(WindowLessons, PresenterFlagTakesNoValue) {
  const RunResult r = run(kOffscreen, "--presenter=yes --screenshot " + out_path("x.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--presenter"), std::string::npos) << r.err;
}

// Every docked panel and the help overlay show their lines and table cells whole: none runs
// past its panel's or its column's edge (text cut inside a widget's frame is not measured).
void expect_panels_unclipped(const FrameLayout& lay) {
  for (const auto& [panel, px] : lay.clipped) EXPECT_LE(px, 0.5f) << panel << " panel cut off";
}

// The window offscreen with `args` at `size` (WxH), its frame written to `png` and its layout
// printed (parse_layout reads it from the result's output).
RunResult run_with_layout(const std::string& args, const std::string& size,
                          const std::string& png) {
  return run(kOffscreen,
             args + " --size " + size + " --no-timing --print-layout --screenshot " + png);
}

// `hitbox --open LINK` shows the link's scene through its camera with its algorithms and
// focus pair: the same frame as the scene file the link was made from.
TEST(WindowLink, OpenShowsTheSameFrameAsTheSceneFile) {
  const std::string file = write_scene(
      "link_source.json",
      R"({"version": 1, "view": {"origin": [-60.5, -40.25], "zoom": 1.25}, "algorithms": ["sat"],)"
      R"( "focus": ["a", "b"], "shapes": [)"
      R"({"id": "a", "kind": "rect", "pos": [200, 300], "size": [100, 100], "angle": 20},)"
      R"( {"id": "b", "kind": "sprite", "pos": [420, 300], "image": ")" +
          kSource + R"(/assets/sprites/ring.png"}]})");
  const LinkAssets assets{kSource + "/assets/sprites", kSource + "/assets/scenes/lessons"};
  const EncodedLink link =
      encode_link(LinkState{load_scene(file, app::png_loader()), ""}, file, assets);
  ASSERT_TRUE(link.dropped.empty());
  const std::string url = link_url("http://localhost:8000/", link.fragment);
  const std::string from_file = out_path("link_file.png"), from_link = out_path("link_open.png");
  const RunResult a = run_with_layout("--scene " + file, "1280x800", from_file);
  const RunResult b = run_with_layout("--open '" + url + "'", "1280x800", from_link);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  const FrameLayout lay = parse_layout(b.out);
  EXPECT_FLOAT_EQ(lay.camera.origin.x, -60.5f);
  EXPECT_FLOAT_EQ(lay.camera.origin.y, -40.25f);
  EXPECT_FLOAT_EQ(lay.camera.zoom, 1.25f);
  EXPECT_EQ(b.out, a.out) << "the layouts differ";
  // The world drawn the same, traces and all (the panels differ: Save needs a file).
  const auto bare = [](const std::string& args, const std::string& png) {
    const RunResult r = run(kOffscreen, args + " --no-ui --no-timing --screenshot " + png);
    EXPECT_EQ(r.status, 0) << r.err;
    Image img;
    EXPECT_TRUE(img.load(png)) << r.err;
    return img;
  };
  const Image pa = bare("--scene " + file, out_path("link_file_bare.png"));
  const Image pb = bare("--open '" + url + "'", out_path("link_open_bare.png"));
  const PictureDiff d = compare_pictures(pa, pb, 0);
  EXPECT_TRUE(d.passed()) << describe(d, pa, pb, 0);
  // And the world is drawn: not a blank view.
  EXPECT_GT(non_background(pb, 0, 0, 1280, 800), 5000);
}

// The window frames the scene in the space the docked panels leave, at every size a user
// may have: the default scene and every lesson, panels shown, at 800 x 600, 1280 x 800 and
// 1920 x 1080. Every shape lies inside the free area and shows there (its centre is not
// under a panel), the free area keeps at least half the window at 800 x 600 without a
// lesson, the labels stay inside the free area without overlapping one another, and no
// panel cuts off a line at its right edge.
TEST(WindowLayout, SceneFramedInTheFreeAreaAndLabelsReadableAtThreeSizes) {
  std::vector<std::string> scenes = {""};
  for (const auto& e : fs::directory_iterator(kSource + "/assets/scenes/lessons")) {
    if (e.path().extension() == ".json") scenes.push_back(e.path().string());
  }
  std::sort(scenes.begin(), scenes.end());
  const Rgb panel_bg = rgb(app::Color{0.06f, 0.06f, 0.06f, 1.0f});  // ImGui's window background
  for (const char* size : {"800x600", "1280x800", "1920x1080"}) {
    for (const std::string& scene : scenes) {
      const std::string name = scene.empty() ? "default" : fs::path(scene).stem().string();
      SCOPED_TRACE(name + " at " + size);
      const std::string png = out_path("layout_" + name + "_" + size + ".png");
      const RunResult r =
          run_with_layout(scene.empty() ? std::string() : "--scene " + scene, size, png);
      ASSERT_EQ(r.status, 0) << r.err;
      const FrameLayout lay = parse_layout(r.out);
      expect_panels_unclipped(lay);
      Image img;
      ASSERT_TRUE(img.load(png));
      if (scene.empty() && std::string(size) == "800x600") {
        EXPECT_GE(lay.free.w() * lay.free.h(), 0.5f * lay.window.w() * lay.window.h());
      }
      for (const FrameLayout::Item& sh : lay.shapes) {
        const app::ScreenRect& b = sh.box;
        EXPECT_GE(b.x0, lay.free.x0 - 1.0f) << sh.name;
        EXPECT_GE(b.y0, lay.free.y0 - 1.0f) << sh.name;
        EXPECT_LE(b.x1, lay.free.x1 + 1.0f) << sh.name;
        EXPECT_LE(b.y1, lay.free.y1 + 1.0f) << sh.name;
        const int cx = static_cast<int>(0.5f * (b.x0 + b.x1));
        const int cy = static_cast<int>(0.5f * (b.y0 + b.y1));
        if (img.inside(cx, cy)) {
          EXPECT_FALSE(near(img.at(cx, cy), panel_bg, 3)) << sh.name << " is under a panel";
        }
      }
      for (std::size_t i = 0; i < lay.labels.size(); ++i) {
        const app::ScreenRect& l = lay.labels[i].box;
        EXPECT_TRUE(l.x0 >= lay.free.x0 - 0.5f && l.y0 >= lay.free.y0 - 0.5f &&
                    l.x1 <= lay.free.x1 + 0.5f && l.y1 <= lay.free.y1 + 0.5f)
            << "label '" << lay.labels[i].name << "' leaves the free area";
        for (std::size_t j = 0; j < i; ++j) {
          const app::ScreenRect& o = lay.labels[j].box;
          const bool overlap = l.x0 < o.x1 && o.x0 < l.x1 && l.y0 < o.y1 && o.y0 < l.y1;
          EXPECT_FALSE(overlap) << "labels '" << lay.labels[i].name << "' and '"
                                << lay.labels[j].name << "' overlap";
        }
      }
    }
  }
}

// Step mode for GJK draws the Minkowski difference A - B beside the pair; the view is framed
// to hold it, caption and origin label included, inside the free area at every size (it
// was drawn 90 px right of the pair wherever that fell, mostly under the main panel at
// 1280 x 800 and 800 x 600).
TEST(WindowLayout, GjkStepModeShowsTheMinkowskiDifferenceInTheFreeArea) {
  const std::vector<std::string> states = {
      "--lesson 08_gjk_minkowski --step gjk:1", "--lesson 08_gjk_minkowski --step gjk:3",
      "--algo gjk --step gjk:2",
      "--scene " + kSource + "/assets/scenes/tunnel.json --focus box:wall --algo gjk --step gjk:1"};
  for (const char* size : {"800x600", "1280x800", "1920x1080"}) {
    for (std::size_t i = 0; i < states.size(); ++i) {
      SCOPED_TRACE(states[i] + " at " + size);
      const RunResult r = run_with_layout(
          states[i], size, out_path("gjk_step_" + std::to_string(i) + "_" + size + ".png"));
      ASSERT_EQ(r.status, 0) << r.err;
      const FrameLayout lay = parse_layout(r.out);
      ASSERT_TRUE(lay.step.has_value()) << r.out;
      const app::ScreenRect& s = *lay.step;
      const app::ScreenRect& f = lay.free;
      EXPECT_TRUE(s.x0 >= f.x0 - 0.5f && s.y0 >= f.y0 - 0.5f && s.x1 <= f.x1 + 0.5f &&
                  s.y1 <= f.y1 + 0.5f)
          << "A - B at [" << s.x0 << ", " << s.y0 << ", " << s.x1 << ", " << s.y1
          << "], free area [" << f.x0 << ", " << f.y0 << ", " << f.x1 << ", " << f.y1 << "]";
      for (const auto& sh : lay.shapes) {  // and the shapes stay in view beside it
        EXPECT_GE(sh.box.x0, f.x0 - 0.5f) << sh.name;
        EXPECT_LE(sh.box.x1, f.x1 + 0.5f) << sh.name;
        EXPECT_GE(sh.box.y0, f.y0 - 0.5f) << sh.name;
        EXPECT_LE(sh.box.y1, f.y1 + 0.5f) << sh.name;
      }
    }
  }
}

// Split views frame the scene for one view's size: the shapes span at least half of a view's
// width or height, at 800 x 600 and 1280 x 800 (the focus pair's room for its axis lines is at
// most a fifth of the view; at 140 px it left the shapes a few dozen pixels across, or the
// least zoom when nothing fitted).
TEST(WindowLayout, SplitViewsFrameTheSceneForOneView) {
  for (const char* size : {"800x600", "1280x800"}) {
    for (const int n : {2, 4}) {
      SCOPED_TRACE(std::to_string(n) + " views at " + size);
      const RunResult r =
          run_with_layout("--split " + std::to_string(n), size,
                          out_path("split_frame_" + std::to_string(n) + "_" + size + ".png"));
      ASSERT_EQ(r.status, 0) << r.err;
      const FrameLayout lay = parse_layout(r.out);
      ASSERT_FALSE(lay.shapes.empty());
      float x0 = lay.shapes[0].box.x0, x1 = lay.shapes[0].box.x1;
      float y0 = lay.shapes[0].box.y0, y1 = lay.shapes[0].box.y1;
      for (const auto& sh : lay.shapes) {
        x0 = std::min(x0, sh.box.x0);
        x1 = std::max(x1, sh.box.x1);
        y0 = std::min(y0, sh.box.y0);
        y1 = std::max(y1, sh.box.y1);
      }
      const float view_w = (lay.free.x1 - lay.free.x0) / 2.0f;
      const float view_h = (lay.free.y1 - lay.free.y0) / (n == 4 ? 2.0f : 1.0f);
      EXPECT_TRUE(x1 - x0 >= 0.5f * view_w || y1 - y0 >= 0.5f * view_h)
          << "shapes " << x1 - x0 << " x " << y1 - y0 << " px in a view of " << view_w << " x "
          << view_h << " (zoom " << lay.camera.zoom << ")";
    }
  }
}

// The panels' other states show every line and every table cell whole at 800 x 600 (the
// narrowest size a user may have: the right column is then 250 px), 1280 x 800 and
// 1920 x 1080: every algorithm's section with step mode on, a sprite pair, concave polygons,
// the comparison table, presenter mode, split views (four views' checkbox columns in 250 px),
// the status line while playing in presenter mode, the comparison table in presenter mode
// (it scrolls sideways where it does not fit), and ids longer than a panel is wide.
TEST(WindowLayout, PanelsCutNoLineOffAtEverySize) {
  const std::string all =
      "aabb,bounding_circle,sat,mtd,swept,pixel,gjk,quadrant,circle_as_square,manifold";
  const std::vector<std::string> states = {
      "--algo " + all + " --step sat:2",
      "--algo " + all + " --step swept:2",
      "--algo " + all + " --step gjk:2",
      "--algo " + all + " --step manifold:5",
      "--scene " + kSource + "/assets/scenes/tunnel.json --algo " + all + " --focus box:wall",
      "--scene " + kSource + "/assets/scenes/sprites.json --algo " + all + " --focus ship:sword",
      "--scene " + kSource + "/assets/scenes/concave.json --algo " + all,
      "--compare",
      "--presenter --algo " + all,
      "--split 2",
      "--split 4",
      "--presenter --play --play-seconds 1",
      "--presenter --compare",
      "--presenter --split 4",
      "--scene " + kScenes + "long_ids.json --presenter --play --play-seconds 1"};
  for (const char* size : {"800x600", "1280x800", "1920x1080"}) {
    for (std::size_t i = 0; i < states.size(); ++i) {
      SCOPED_TRACE(states[i] + " at " + size);
      const RunResult r = run_with_layout(
          states[i], size, out_path("panels_" + std::to_string(i) + "_" + size + ".png"));
      ASSERT_EQ(r.status, 0) << r.err;
      expect_panels_unclipped(parse_layout(r.out));
    }
  }
}

}  // namespace
}  // namespace hitbox::window_test
