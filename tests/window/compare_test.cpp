// The comparison table, split view and "find a disagreement": the functions of app/compare.h
// and app/viewports.h checked against the core's own answers, and the real hitbox binary
// rendered offscreen (SDL_VIDEODRIVER=offscreen) with --split and --compare, checked by pixels
// and by the table rows it prints with --print-compare.
#include "compare/compare.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../support/run_binary.h"
#include "compare/timing_clock.h"
#include "compare/viewports.h"
#include "hitbox/collide.h"
#include "hitbox/scene.h"
#include "layout_probe.h"
#include "pixels.h"
#include "platform/image.h"

namespace hitbox::window_test {
namespace {

namespace fs = std::filesystem;
namespace pal = app::palette;
using app::Agreement;

const std::string kBin = HITBOX_BIN;
const std::string kSource = HITBOX_SOURCE_DIR;
const std::string kCircleCorner = kSource + "/assets/scenes/circle_corner.json";

Scene circle_corner() {
  return load_scene(kCircleCorner, app::png_loader());
}

const app::CompareRow& row(const app::CompareTable& t, Algo bit) {
  for (const app::CompareRow& r : t.rows)
    if (r.bit == bit) return r;
  throw std::runtime_error("no row");
}

// ---- the table ----

TEST(CompareTable, CircleCornerAabbIsAFalsePositiveAgainstSat) {
  const Scene s = circle_corner();
  const app::CompareTable t = app::compare_pair(s.shapes[0], s.shapes[1], 1.0f);
  ASSERT_EQ(t.rows.size(), std::size(kAlgorithms));
  for (std::size_t i = 0; i < t.rows.size(); ++i) EXPECT_EQ(t.rows[i].bit, kAlgorithms[i].bit);
  EXPECT_EQ(t.reference, kAlgoSat);
  ASSERT_TRUE(t.reference_ok);
  EXPECT_FALSE(t.reference_hit);

  // Every verdict is the core's own.
  const Posed a(s.shapes[0]), b(s.shapes[1]);
  EXPECT_FALSE(sat(a, b).hit);
  EXPECT_TRUE(aabb(a, b).hit);
  EXPECT_EQ(row(t, kAlgoSat).agreement, Agreement::Reference);
  EXPECT_TRUE(row(t, kAlgoAabb).hit);
  EXPECT_EQ(row(t, kAlgoAabb).agreement, Agreement::FalsePositive);
  EXPECT_EQ(row(t, kAlgoCircleAsSquare).agreement, Agreement::FalsePositive);
  EXPECT_EQ(row(t, kAlgoQuadrant).agreement, Agreement::Agrees);
  EXPECT_EQ(row(t, kAlgoGjk).agreement, Agreement::Agrees);
  EXPECT_EQ(row(t, kAlgoSwept).agreement, Agreement::Agrees);  // no velocity: compared
  EXPECT_EQ(row(t, kAlgoAabb).figure, "overlap 10.0");
  EXPECT_EQ(row(t, kAlgoGjk).figure.rfind("distance ", 0), 0u);
  EXPECT_EQ(row(t, kAlgoPixel).figure, "0 cells");
}

TEST(CompareTable, CircleRectMethodsAreNotApplicableToTwoRects) {
  Shape a, b;
  a.id = "a";
  a.size = DVec2(100, 50);
  a.pos = DVec2(0, 0);
  b.id = "b";
  b.size = DVec2(100, 50);
  b.pos = DVec2(90, 40);
  b.angle = 30;
  const app::CompareTable t = app::compare_pair(a, b, 1.0f);
  EXPECT_FALSE(row(t, kAlgoQuadrant).supported);
  EXPECT_EQ(row(t, kAlgoQuadrant).agreement, Agreement::NotApplicable);
  EXPECT_EQ(row(t, kAlgoCircleAsSquare).agreement, Agreement::NotApplicable);
  EXPECT_TRUE(row(t, kAlgoSat).supported);
  EXPECT_EQ(t.reference_hit, sat(Posed(a), Posed(b)).hit);
}

TEST(CompareTable, SweptWithAVelocityAnswersADifferentQuestion) {
  Scene s = circle_corner();
  s.shapes[1].vel = DVec2(-60, -60);  // the ball moves into the rect's corner over the step
  const app::CompareTable t = app::compare_pair(s.shapes[0], s.shapes[1], 1.0f);
  EXPECT_TRUE(row(t, kAlgoSwept).hit);
  EXPECT_EQ(row(t, kAlgoSwept).agreement, Agreement::DifferentQuestion);
  EXPECT_EQ(row(t, kAlgoAabb).agreement, Agreement::FalsePositive);  // the others: unchanged
}

// Lesson 15's bar turns 170 degrees through the ball: swept with spin hits, the sliding-only
// answer misses and is marked a false negative; without the spin both agree on a miss.
TEST(CompareTable, SweptLinearMissingATurningBarIsAFalseNegative) {
  const Scene s =
      load_scene(HITBOX_SOURCE_DIR "/assets/scenes/lessons/15_spinning_shapes_tunnel_too.json");
  const app::CompareTable t = app::compare_pair(s.shapes[0], s.shapes[1], 1.0f);
  EXPECT_TRUE(row(t, kAlgoSwept).hit);
  EXPECT_EQ(row(t, kAlgoSwept).agreement, Agreement::DifferentQuestion);
  EXPECT_FALSE(row(t, kAlgoSweptLinear).hit);
  EXPECT_EQ(row(t, kAlgoSweptLinear).agreement, Agreement::FalseNegative);
  Shape still = s.shapes[0];
  still.spin = 0.0;
  const app::CompareTable t0 = app::compare_pair(still, s.shapes[1], 1.0f);
  EXPECT_FALSE(row(t0, kAlgoSwept).hit);
  EXPECT_EQ(row(t0, kAlgoSweptLinear).agreement, Agreement::Agrees);
}

// An L-shaped sprite (the top-right quarter is transparent) and a small circle in that empty
// quarter: inside the sprite's frame but on no solid texel.
std::pair<Shape, Shape> sprite_notch_pair() {
  auto img = std::make_shared<SpriteImage>();
  img->w = img->h = 40;
  img->alpha.assign(40 * 40, 255);
  for (int y = 0; y < 20; ++y)
    for (int x = 20; x < 40; ++x) img->alpha[static_cast<std::size_t>(y * 40 + x)] = 0;
  Shape sprite;
  sprite.id = "L";
  sprite.kind = Kind::Sprite;
  sprite.pos = DVec2(100, 100);
  sprite.image = "l.png";
  sprite.pixels.image = img;
  Shape ball;
  ball.id = "ball";
  ball.kind = Kind::Circle;
  ball.pos = DVec2(112, 88);  // the notch spans x 100..120, y 80..100
  ball.radius = 5;
  return {sprite, ball};
}

TEST(CompareTable, WithASpriteThePixelTestAtAccuracyOneIsExact) {
  const auto [sprite, ball] = sprite_notch_pair();
  const app::CompareTable t = app::compare_pair(sprite, ball, 0.5f);
  EXPECT_EQ(t.reference, kAlgoPixel);
  ASSERT_TRUE(t.reference_ok);
  EXPECT_FALSE(t.reference_hit);
  // SAT sees the frame: a false positive here.
  EXPECT_TRUE(sat(Posed(sprite), Posed(ball)).hit);
  EXPECT_EQ(row(t, kAlgoSat).agreement, Agreement::FalsePositive);
  // The pixel row runs at the panel's accuracy (0.5), so it is compared, not the reference.
  EXPECT_NE(row(t, kAlgoPixel).agreement, Agreement::Reference);
  const app::CompareTable exact = app::compare_pair(sprite, ball, 1.0f);
  EXPECT_EQ(row(exact, kAlgoPixel).agreement, Agreement::Reference);
}

TEST(CompareTable, TextHasOneLinePerAlgorithmAndNoTimings) {
  const Scene s = circle_corner();
  const std::string text = app::compare_text(app::compare_pair(s.shapes[0], s.shapes[1], 1.0f));
  std::istringstream in(text);
  std::string line;
  std::size_t i = 0;
  while (std::getline(in, line)) {
    ASSERT_LT(i, std::size(kAlgorithms));
    EXPECT_EQ(line.rfind(std::string(kAlgorithms[i].name) + "\t", 0), 0u) << line;
    EXPECT_EQ(line.find("ns"), std::string::npos) << line;
    ++i;
  }
  EXPECT_EQ(i, std::size(kAlgorithms));
  EXPECT_NE(text.find("aabb\thit\toverlap 10.0\tFALSE POSITIVE\n"), std::string::npos) << text;
}

// ---- find a disagreement ----

TEST(FindDisagreement, AabbAndSatDisagreeSomewhereNearTheirPair) {
  Scene s = circle_corner();
  s.shapes[1].pos = DVec2(1000, 1000);  // far apart: they agree at the start
  std::mt19937 rng(7);
  const app::Disagreement d =
      app::find_disagreement(s.shapes[0], s.shapes[1], kAlgoAabb, kAlgoSat, 1.0f, rng);
  ASSERT_TRUE(d.found) << d.message;
  EXPECT_GT(d.tries, 1);
  const Posed a(d.a), b(d.b);
  EXPECT_EQ(aabb(a, b).hit, d.first_hit);
  EXPECT_EQ(sat(a, b).hit, d.second_hit);
  EXPECT_NE(d.first_hit, d.second_hit);
  // aabb never misses what SAT hits (a box holds its shape): it says hit, SAT says miss.
  EXPECT_TRUE(d.first_hit);
  EXPECT_NE(d.message.find("aabb says hit, sat says miss"), std::string::npos) << d.message;
  // Only pose changed: ids, kinds and sizes are the inputs'.
  EXPECT_EQ(d.a.id, "rect");
  EXPECT_EQ(d.a.size, s.shapes[0].size);
  EXPECT_EQ(d.b.radius, s.shapes[1].radius);
  EXPECT_EQ(d.b.pos, s.shapes[1].pos);
}

TEST(FindDisagreement, TheCurrentPoseIsTriedFirst) {
  const Scene s = circle_corner();  // aabb says hit, sat says miss as loaded
  std::mt19937 rng(1);
  const app::Disagreement d =
      app::find_disagreement(s.shapes[0], s.shapes[1], kAlgoSat, kAlgoAabb, 1.0f, rng);
  ASSERT_TRUE(d.found);
  EXPECT_EQ(d.tries, 1);
  EXPECT_EQ(d.a, s.shapes[0]);
  EXPECT_NE(d.message.find("sat says miss, aabb says hit"), std::string::npos) << d.message;
}

TEST(FindDisagreement, TwoExactTestsNeverDisagreeAndTheSearchIsBounded) {
  const Scene s = circle_corner();
  std::mt19937 rng(3);
  const app::Disagreement d =
      app::find_disagreement(s.shapes[0], s.shapes[1], kAlgoQuadrant, kAlgoSat, 1.0f, rng, 300);
  EXPECT_FALSE(d.found);
  EXPECT_EQ(d.tries, 300);
  EXPECT_NE(d.message.find("No disagreement"), std::string::npos) << d.message;
}

TEST(FindDisagreement, RefusesTheSameAlgorithmTwiceAndUnsupportedPairs) {
  const Scene s = circle_corner();
  std::mt19937 rng(3);
  EXPECT_FALSE(
      app::find_disagreement(s.shapes[0], s.shapes[1], kAlgoSat, kAlgoSat, 1.0f, rng).found);
  Shape rect2 = s.shapes[0];
  rect2.pos = DVec2(650, 420);
  const app::Disagreement d =
      app::find_disagreement(s.shapes[0], rect2, kAlgoQuadrant, kAlgoSat, 1.0f, rng);
  EXPECT_FALSE(d.found);
  EXPECT_EQ(d.tries, 0);
  EXPECT_NE(d.message.find("does not answer"), std::string::npos) << d.message;
}

// ---- timing ----

TEST(CompareTiming, TimeQueryGivesAPositiveMedian) {
  int calls = 0;
  const double ns = app::time_query([&] {
    ++calls;
    return (calls & 1) != 0;
  });
  EXPECT_GT(ns, 0.0);
  EXPECT_LT(ns, 1e6);
  EXPECT_GE(calls, 7);
}

// The table names its clock and the step it measured: a steady clock that moves in less than a
// microsecond here, found again by a separate count of distinct readings.
TEST(CompareTiming, TheClockLineNamesTheClockAndItsMeasuredStep) {
  const double tick = app::timing_clock_tick_ns();
  // Nanoseconds with a TSC or kvm-clock; a virtual machine reading the HPET or ACPI timer
  // takes microseconds a call, so only a clock that does not move at all fails.
  EXPECT_GT(tick, 0.0);
  EXPECT_LT(tick, 1e6);
  using Clock = std::chrono::steady_clock;
  int distinct = 0;
  auto last = Clock::now();
  const auto end = last + std::chrono::milliseconds(50);
  for (auto now = last; now < end && distinct < 20; now = Clock::now()) {
    if (now != last) ++distinct;
    last = now;
  }
  EXPECT_GE(distinct, 20);
  const std::string text = app::timing_clock_text();
  EXPECT_NE(text.find("std::chrono::steady_clock"), std::string::npos) << text;
  EXPECT_NE(text.find("worker thread"), std::string::npos) << text;
  EXPECT_NE(text.find(" ns here"), std::string::npos) << text;
  // The desktop keeps time_query's own batches: 50 us, at most 4096 calls.
  EXPECT_EQ(app::timing_batch().batch_ns, 50000.0);
  EXPECT_EQ(app::timing_batch().max_calls, 4096);
}

TEST(CompareTiming, WorkerMeasuresEverySupportedAlgorithm) {
  const Scene s = circle_corner();
  app::CompareTimer timer;
  timer.post(s.shapes[0], s.shapes[1], 1.0f);
  app::CompareTimer::Timings t;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while ((t = timer.results()).generation == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_GT(t.generation, 0u) << "no timings after 20 s";
  for (std::size_t i = 0; i < std::size(kAlgorithms); ++i)
    EXPECT_GT(t.ns[i], 0.0) << kAlgorithms[i].name;  // a rect and a circle: all supported
}

// ---- viewport layout ----

TEST(Viewports, RectanglesTileTheWindow) {
  for (const int n : {1, 2, 4}) {
    long area = 0;
    for (int i = 0; i < n; ++i) {
      const app::ViewRect r = app::view_rect(n, i, 1281, 801);
      area += static_cast<long>(r.w) * r.h;
      const Vec2 centre(static_cast<float>(r.x) + 0.5f * static_cast<float>(r.w),
                        static_cast<float>(r.y) + 0.5f * static_cast<float>(r.h));
      EXPECT_EQ(app::view_at(n, centre, 1281, 801), i);
    }
    EXPECT_EQ(area, 1281L * 801L) << n;
  }
}

TEST(Viewports, EachViewportCentresTheWindowCentre) {
  app::Camera shared;
  shared.origin = Vec2(100.0f, -50.0f);
  shared.zoom = 2.0f;
  const Vec2 world_centre = shared.to_world(Vec2(640.0f, 400.0f));
  for (int i = 0; i < 4; ++i) {
    const app::ViewRect r = app::view_rect(4, i, 1280, 800);
    const Vec2 centre(static_cast<float>(r.x) + 0.5f * static_cast<float>(r.w),
                      static_cast<float>(r.y) + 0.5f * static_cast<float>(r.h));
    const app::Camera c = app::view_camera(shared, r, 1280, 800);
    EXPECT_NEAR(c.to_screen(world_centre).x, centre.x, 1e-3);
    EXPECT_NEAR(c.to_screen(world_centre).y, centre.y, 1e-3);
    EXPECT_EQ(c.zoom, shared.zoom);
    // The local camera is the same mapping shifted to the viewport's corner.
    const app::Camera l = app::local_camera(shared, r, 1280, 800);
    EXPECT_NEAR(l.to_screen(world_centre).x, 0.5f * static_cast<float>(r.w), 1e-3);
    EXPECT_NEAR(l.to_screen(world_centre).y, 0.5f * static_cast<float>(r.h), 1e-3);
  }
}

// ---- the binary, offscreen ----

using test::RunResult;

std::string out_path(const std::string& name) {
  return test::out_path("hitbox_compare_test", name);
}

RunResult run(const std::string& args) {
  return test::run_command("env SDL_VIDEODRIVER=offscreen " + kBin + " " + args,
                           "hitbox_compare_test");
}

// The camera these tests' pixel positions assume: world (x, y) at window (x, y), unless the
// test asks for another view (the window otherwise frames the scene in the free area).
std::string with_view(const std::string& args) {
  return args.find("--view") == std::string::npos ? args + " --view 0,0,1" : args;
}

Image render(const std::string& name, const std::string& args, RunResult* result = nullptr) {
  const std::string png = out_path(name + ".png");
  fs::remove(png);
  const RunResult r = run(with_view(args) + " --screenshot " + png);
  EXPECT_EQ(r.status, 0) << "hitbox " << args << "\nstderr: " << r.err;
  Image img;
  EXPECT_TRUE(img.load(png)) << "no PNG from hitbox " << args;
  if (result) *result = r;
  return img;
}

void expect_colour(const Image& img, int x, int y, const std::vector<Rgb>& want, const char* why) {
  ASSERT_TRUE(img.inside(x, y));
  EXPECT_TRUE(matches_any(img.at(x, y), want))
      << why << ": pixel " << x << "," << y << " is " << to_string(img.at(x, y)) << ", expected "
      << to_string(want.front());
}

const std::vector<Rgb> kSeparator{rgb(app::kViewSeparator)};

// A point well inside circle_corner's rect, clear of its decorations: world (510, 450).
constexpr float kRectX = 510.0f, kRectY = 450.0f;

TEST(WindowSplit, TwoViewportsShowTheSameShapesWithTheirOwnAlgorithms) {
  // View 1 shows the sandbox's algorithms (sat: a miss, idle fill), view 2 starts with aabb
  // (a hit: the hit fill). Each viewport centres the window's centre (world 640, 400).
  const Image img = render(
      "split2", "--scene " + kCircleCorner + " --focus rect:ball --algo sat --split 2 --no-ui");
  ASSERT_EQ(img.width(), 1280);
  for (const int y : {100, 400, 700}) {
    expect_colour(img, 639, y, kSeparator, "separator");
    expect_colour(img, 640, y, kSeparator, "separator");
  }
  // World (x, y) shows at (x - 320, y) in view 1 and (x + 320, y) in view 2.
  expect_colour(img, static_cast<int>(kRectX) - 320, static_cast<int>(kRectY),
                *named_colours("idle"), "view 1 (sat): rect not hit");
  expect_colour(img, static_cast<int>(kRectX) + 320, static_cast<int>(kRectY),
                *named_colours("hit"), "view 2 (aabb): rect hit");
  // Off the shapes: the background in both.
  expect_colour(img, 100, 700, *named_colours("background"), "view 1 empty");
  expect_colour(img, 1180, 700, *named_colours("background"), "view 2 empty");
}

TEST(WindowSplit, FourViewportsInAGrid) {
  // Views: sat (miss), aabb (hit), bounding_circle (miss), pixel (miss).
  RunResult r;
  const Image img = render(
      "split4",
      "--scene " + kCircleCorner + " --focus rect:ball --algo sat --split 4 --no-ui --print-layout",
      &r);
  // The views tile the free area (the window less the menu bar and the status line).
  const FrameLayout lay = parse_layout(r.out);
  const app::ViewRect area{static_cast<int>(lay.free.x0), static_cast<int>(lay.free.y0),
                           static_cast<int>(lay.free.w()), static_cast<int>(lay.free.h())};
  const int mid_x = area.x + area.w / 2, mid_y = area.y + area.h / 2;
  for (const int x : {200, 1000}) {
    expect_colour(img, x, mid_y - 1, kSeparator, "horizontal separator");
    expect_colour(img, x, mid_y, kSeparator, "horizontal separator");
  }
  for (const int y : {100, 700}) expect_colour(img, mid_x, y, kSeparator, "vertical separator");
  // With the camera at --view 0,0,1, world (x, y) shows at (x, y) moved by each view's offset
  // from the area's centre.
  const char* what[] = {"idle", "hit", "idle", "idle"};
  const char* why[] = {"view 1 (sat)", "view 2 (aabb)", "view 3 (bounding_circle)",
                       "view 4 (pixel)"};
  for (int i = 0; i < 4; ++i) {
    const Vec2 off = app::view_offset(app::view_rect(4, i, area), area);
    expect_colour(img, static_cast<int>(kRectX + off.x), static_cast<int>(kRectY + off.y),
                  *named_colours(what[i]), why[i]);
  }
}

TEST(WindowSplit, BadSplitIsRefused) {
  const RunResult r = run("--split 3 --screenshot " + out_path("bad.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--split"), std::string::npos) << r.err;
}

TEST(WindowCompare, PrintCompareListsEveryAlgorithmWithTheAabbFalsePositive) {
  RunResult r;
  render("compare_rows",
         "--scene " + kCircleCorner + " --focus rect:ball --compare --no-timing --print-compare",
         &r);
  std::istringstream in(r.out);
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line)) lines.push_back(line);
  ASSERT_EQ(lines.size(), std::size(kAlgorithms)) << r.out;
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_EQ(lines[i].rfind(std::string(kAlgorithms[i].name) + "\t", 0), 0u) << lines[i];
  EXPECT_EQ(lines[0], "aabb\thit\toverlap 10.0\tFALSE POSITIVE");
  EXPECT_EQ(lines[2].rfind("sat\tmiss\tgap ", 0), 0u) << lines[2];
  EXPECT_NE(lines[2].find("\texact"), std::string::npos) << lines[2];
  EXPECT_NE(lines[8].find("FALSE POSITIVE"), std::string::npos) << lines[8];
  EXPECT_NE(lines[7].find("agrees"), std::string::npos) << lines[7];
}

TEST(WindowCompare, TableIsDrawnAndScreenshotsWithoutTimingRepeatExactly) {
  const std::string args = "--scene " + kCircleCorner + " --focus rect:ball --no-timing";
  const Image plain = render("compare_off", args);
  const Image first = render("compare_on1", args + " --compare");
  const Image second = render("compare_on2", args + " --compare");
  ASSERT_EQ(first.width(), plain.width());
  // The table is docked along the bottom of the scene: the region differs from the plain
  // render there, and the two renders with the table are identical pixel for pixel.
  RunResult r;
  render("compare_layout", args + " --compare --print-layout", &r);
  const app::ScreenRect table = parse_layout(r.out).compare;
  ASSERT_FALSE(table.empty());
  int changed = 0, same = 0, total = 0;
  for (int y = static_cast<int>(table.y0) + 4; y < static_cast<int>(table.y1) - 4; y += 2) {
    for (int x = static_cast<int>(table.x0) + 4; x < static_cast<int>(table.x1) - 4; x += 2) {
      ++total;
      if (!near(first.at(x, y), plain.at(x, y), 0)) ++changed;
      if (near(first.at(x, y), second.at(x, y), 0)) ++same;
    }
  }
  EXPECT_GT(changed, total / 2) << "the comparison window is not drawn where it is docked";
  EXPECT_EQ(same, total) << "two --no-timing renders differ in the table";
}

}  // namespace
}  // namespace hitbox::window_test
