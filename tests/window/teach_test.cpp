// Step mode (app/teach.h): the step logic on the core's own traces (which record a step
// shows, where it stops, what it says), and offscreen `--step` renders checked by pixels:
// only the step's axis line is drawn, steps stop at the separating axis, gjk's simplex changes.
#include "teach/teach.h"

#include <SDL.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../support/run_binary.h"
#include "algos/algos.h"
#include "algos/draw.h"
#include "algos/gjk.h"
#include "algos/sat.h"
#include "algos/swept.h"
#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/scene.h"
#include "hitbox/shape.h"
#include "overlays/palette.h"
#include "pixels.h"

namespace hitbox::window_test {
namespace {

namespace fs = std::filesystem;
namespace pal = app::palette;
namespace teach = app::teach;

const std::string kBin = HITBOX_BIN;
const std::string kScenes = std::string(HITBOX_SOURCE_DIR) + "/tests/window/scenes/";

// The focus pair of a test scene, posed by the core.
struct Pair {
  Scene scene;
  std::vector<Posed> posed;
  const Collider& a() const { return posed[0].collider(); }
  const Collider& b() const { return posed[1].collider(); }
};

Pair load_pair(const std::string& file) {
  Pair p;
  p.scene = load_scene(kScenes + file);
  for (const Shape& s : p.scene.shapes) p.posed.emplace_back(s);
  return p;
}

Collider circle(Vec2 pos, float r, Vec2 vel, Shape* keep, std::vector<Posed>* out) {
  keep->kind = Kind::Circle;
  keep->pos = DVec2(pos.x, pos.y);
  keep->radius = r;
  keep->vel = DVec2(vel.x, vel.y);
  out->emplace_back(*keep);
  return out->back().collider();
}

// ---- the step logic ----

TEST(TeachSat, StepsAreTheAxesInTestOrderAndStopAtTheSeparatingOne) {
  const Pair p = load_pair("step_sat.json");
  SatTrace tr;
  ASSERT_FALSE(sat(p.a(), p.b(), &tr, true).hit);
  // The scene is built so that A's two axes overlap and B's first axis (45 degrees) separates.
  ASSERT_EQ(tr.separating, 2);
  EXPECT_EQ(teach::sat_step_count(tr), 3);
  EXPECT_NE(teach::sat_step_text(tr, 0).find("keep looking"), std::string::npos);
  EXPECT_NE(teach::sat_step_text(tr, 1).find("keep looking"), std::string::npos);
  const std::string stop = teach::sat_step_text(tr, 2);
  EXPECT_NE(stop.find("separates them"), std::string::npos) << stop;
  EXPECT_NE(stop.find("Axis 3"), std::string::npos) << stop;
  // Past the stop is the stop.
  EXPECT_EQ(teach::clamp_step(7, 3), 2);
  EXPECT_EQ(teach::sat_step_text(tr, 7), stop);
  EXPECT_EQ(teach::clamp_step(-2, 3), 0);
}

TEST(TeachSat, WhenEveryAxisOverlapsTheLastStepSaysTheyCollideAndNamesTheLeastAxis) {
  const Pair p = load_pair("overlap.json");  // a rect and a circle overlapping
  SatTrace tr;
  ASSERT_TRUE(sat(p.a(), p.b(), &tr, true).hit);
  const int n = teach::sat_step_count(tr);
  ASSERT_EQ(n, static_cast<int>(tr.axes.size()));
  ASSERT_GE(tr.least, 0);
  const std::string last = teach::sat_step_text(tr, n - 1);
  EXPECT_NE(last.find("collide"), std::string::npos) << last;
  EXPECT_NE(last.find("axis " + std::to_string(tr.least + 1) + "."), std::string::npos) << last;
  for (int k = 0; k + 1 < n; ++k)
    EXPECT_NE(teach::sat_step_text(tr, k).find("keep looking"), std::string::npos);
}

TEST(TeachKeys, NextAndPrevWalkOnlySectionsInStepModeAndStopAtTheEnds) {
  teach::Stepper st;
  teach::Counts counts;
  counts.of(kAlgoSat) = 3;
  counts.of(kAlgoSwept) = 5;
  counts.of(kAlgoGjk) = 4;
  EXPECT_FALSE(st.key(SDLK_n, counts)) << "keys are free while no section steps";
  st.mode(kAlgoSat).on = true;
  EXPECT_TRUE(st.key(SDLK_n, counts));
  EXPECT_TRUE(st.key(SDLK_RIGHT, counts));
  EXPECT_EQ(st.mode(kAlgoSat).step, 2);
  EXPECT_TRUE(st.key(SDLK_n, counts));
  EXPECT_EQ(st.mode(kAlgoSat).step, 2) << "no Next past the separating axis";
  EXPECT_EQ(st.mode(kAlgoGjk).step, 0) << "a section not in step mode does not move";
  EXPECT_TRUE(st.key(SDLK_p, counts));
  EXPECT_TRUE(st.key(SDLK_LEFT, counts));
  EXPECT_TRUE(st.key(SDLK_LEFT, counts));
  EXPECT_EQ(st.mode(kAlgoSat).step, 0);
  EXPECT_FALSE(st.key(SDLK_h, counts));
}

TEST(TeachFlag, StepFlagNamesAnAlgorithmAndAStepFromOne) {
  Algo algo{};
  int step = -1;
  ASSERT_TRUE(app::parse_step_flag("sat:2", &algo, &step));
  EXPECT_EQ(algo, kAlgoSat);
  EXPECT_EQ(step, 1);
  ASSERT_TRUE(app::parse_step_flag("gjk:1", &algo, &step));
  EXPECT_EQ(algo, kAlgoGjk);
  EXPECT_EQ(step, 0);
  ASSERT_TRUE(app::parse_step_flag("swept:4", &algo, &step));
  EXPECT_EQ(algo, kAlgoSwept);
  for (const char* bad : {"sat", "sat:", "sat:0", "sat:-1", "sat:2x", "mtd:1", ":3", ""})
    EXPECT_FALSE(app::parse_step_flag(bad, &algo, &step)) << bad;
  EXPECT_EQ(app::step_flag_forms(), "sat:N, swept:N, gjk:N or manifold:N");
}

TEST(TeachSwept, RunningTimesEndAtTheTracesTimesAndTheLastStepStatesTheImpact) {
  // Example scene's A (a rect moving right) into B (a circle) would be rounded-polygon; use
  // two rects for slabs: A moves 200 px right into B 150 px away.
  Shape sa, sb;
  sa.kind = sb.kind = Kind::Rect;
  sa.size = sb.size = DVec2(60.0, 60.0);
  sa.pos = DVec2(100.0, 100.0);
  sb.pos = DVec2(310.0, 110.0);
  sa.vel = DVec2(200.0, 0.0);
  const Posed pa(sa), pb(sb);
  SweptTrace tr;
  const SweptResult r = swept(pa.collider(), pb.collider(), &tr);
  ASSERT_TRUE(r.hit);
  ASSERT_EQ(tr.method, SweptMethod::Slabs);
  const int n = teach::swept_step_count(tr);
  ASSERT_EQ(n, static_cast<int>(tr.steps.size()));
  const teach::SweptRunning run = teach::swept_running(tr, n - 1);
  EXPECT_FLOAT_EQ(run.enter, tr.t_enter);
  EXPECT_FLOAT_EQ(run.exit, tr.t_exit);
  EXPECT_EQ(run.entry_step, tr.entry_step);
  EXPECT_NEAR(r.toi, 0.75f, 1e-4f);  // the 150 px gap closes at 200 px per step
  const std::string last = teach::swept_step_text(tr, r, n - 1);
  EXPECT_NE(last.find("Impact at t = 0.750"), std::string::npos) << last;
  EXPECT_EQ(teach::swept_step_text(tr, r, 0).find("Impact"), std::string::npos)
      << "only the last step states the answer";
}

TEST(TeachSwept, TheQuadraticIsOneStepWithItsEquationAndTheMiss) {
  Shape sa, sb;
  std::vector<Posed> posed;
  posed.reserve(2);
  const Collider a = circle(Vec2(100.0f, 100.0f), 20.0f, Vec2(50.0f, 0.0f), &sa, &posed);
  const Collider b = circle(Vec2(400.0f, 100.0f), 20.0f, Vec2(0.0f, 0.0f), &sb, &posed);
  SweptTrace tr;
  const SweptResult r = swept(a, b, &tr);
  ASSERT_EQ(tr.method, SweptMethod::Quadratic);
  ASSERT_FALSE(r.hit);
  EXPECT_EQ(teach::swept_step_count(tr), 1);
  const std::string s = teach::swept_step_text(tr, r, 0);
  EXPECT_NE(s.find("t^2"), std::string::npos) << s;
  EXPECT_NE(s.find("no impact"), std::string::npos) << s;
}

TEST(TeachGjk, StepsAreTheGjkIterationsThenEpaAndTheLastGivesTheDepth) {
  const Pair p = load_pair("step_gjk.json");
  GjkTrace tr;
  const GjkResult r = gjk(p.a(), p.b(), &tr);
  ASSERT_TRUE(r.hit);
  ASSERT_FALSE(tr.epa.empty());
  const int n = teach::gjk_step_count(tr);
  EXPECT_EQ(n, static_cast<int>(tr.gjk.size() + tr.epa.size()));
  const std::string enclose = teach::gjk_step_text(tr, r, static_cast<int>(tr.gjk.size()) - 1);
  EXPECT_NE(enclose.find("encloses the origin"), std::string::npos) << enclose;
  EXPECT_NE(teach::gjk_step_text(tr, r, 0).find("GJK 1"), std::string::npos);
  const std::string last = teach::gjk_step_text(tr, r, n - 1);
  EXPECT_NE(last.find("EPA"), std::string::npos) << last;
  char depth[32];
  std::snprintf(depth, sizeof depth, "depth %.1f px", r.depth);
  EXPECT_NE(last.find(depth), std::string::npos) << last;
}

// ---- offscreen renders ----

std::string out_path(const std::string& name) {
  return test::out_path("hitbox_teach_test", name);
}
using test::slurp;

Image render(const std::string& name, const std::string& args) {
  const std::string png = out_path(name + ".png");
  const std::string err = out_path(name + ".err");
  fs::remove(png);
  // World (x, y) at window (x, y): the pixel positions below assume it.
  const std::string cmd = "env SDL_VIDEODRIVER=offscreen " + kBin + " " + args +
                          " --view 0,0,1 --screenshot " + png + " >/dev/null 2>" + err +
                          " </dev/null";
  const int raw = std::system(cmd.c_str());
  EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << cmd << "\n" << slurp(err);
  Image img;
  EXPECT_TRUE(img.load(png)) << "no PNG from " << cmd;
  return img;
}

// Whether a pixel within 1 px of window point q shows colour c.
bool shows(const Image& img, Vec2 q, app::Color c) {
  const int x0 = static_cast<int>(std::lround(q.x)), y0 = static_cast<int>(std::lround(q.y));
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (img.inside(x0 + dx, y0 + dy) && near(img.at(x0 + dx, y0 + dy), rgb(c), 24)) return true;
  return false;
}

// Points on the step line of axis `k` (camera: identity, 1280 x 800), far from the pair and
// its labels and away from the lines of the other axes.
std::vector<Vec2> line_points(const Pair& p, const SatTrace& tr, std::size_t k) {
  const SatAxis& ax = tr.axes[k];
  const app::AxisLane L = app::sat_lane(p.a(), p.b(), ax.axis, 1.0f);
  const float mid = 0.5f * (std::min(ax.a.min, ax.b.min) + std::max(ax.a.max, ax.b.max));
  std::vector<Vec2> pts;
  for (float s = -1600.0f; s <= 1600.0f; s += 23.0f) {
    if (std::abs(s) < 230.0f) continue;  // the bars and the guides sit near mid
    const Vec2 q = L.at(mid + s, 0.0f);
    if (q.x < 6.0f || q.y < 6.0f || q.x > 1274.0f || q.y > 794.0f) continue;
    bool near_other = false;
    for (std::size_t j = 0; j < tr.axes.size(); ++j) {
      if (j == k) continue;
      const app::AxisLane O = app::sat_lane(p.a(), p.b(), tr.axes[j].axis, 1.0f);
      near_other = near_other || std::abs(dot(q, O.p) - O.c) < 12.0f;
    }
    if (!near_other) pts.push_back(q);
  }
  return pts;
}

int count_showing(const Image& img, const std::vector<Vec2>& pts, app::Color c) {
  int n = 0;
  for (const Vec2 q : pts) n += shows(img, q, c) ? 1 : 0;
  return n;
}

TEST(TeachRender, SatStepsDrawOnlyTheirAxisAndStopAtTheSeparatingOne) {
  const Pair p = load_pair("step_sat.json");
  SatTrace tr;
  sat(p.a(), p.b(), &tr, true);
  ASSERT_EQ(tr.separating, 2);
  // Every line of the full trace, so an axis the early exit skips is checked too.
  SatTrace full;
  sat(p.a(), p.b(), &full, false);
  ASSERT_GE(full.axes.size(), 4u);
  const std::string args = "--scene " + kScenes + "step_sat.json --algo sat --focus a:b --no-ui";
  for (int step = 1; step <= 4; ++step) {  // step 4 is past the stop
    const Image img =
        render("sat_step" + std::to_string(step), args + " --step sat:" + std::to_string(step));
    const int shown = std::min(step, 3) - 1;
    const app::Color want = shown == 2 ? pal::kSeparatingAxis : teach::kStepAxis;
    for (std::size_t k = 0; k < full.axes.size(); ++k) {
      const std::vector<Vec2> pts = line_points(p, full, k);
      ASSERT_GE(pts.size(), 4u) << "axis " << k + 1 << " has too few clear points to check";
      const int on = count_showing(img, pts, want);
      const int other =
          count_showing(img, pts, shown == 2 ? teach::kStepAxis : pal::kSeparatingAxis);
      if (static_cast<int>(k) == shown) {
        EXPECT_EQ(on, static_cast<int>(pts.size()))
            << "step " << step << ": the line of axis " << k + 1 << " is not drawn across";
      } else {
        EXPECT_EQ(on + other, 0) << "step " << step << ": axis " << k + 1
                                 << " is drawn too (only one axis per step)";
      }
    }
  }
}

TEST(TeachRender, WithoutStepModeEveryAxisIsDrawnAsBefore) {
  const Pair p = load_pair("step_sat.json");
  SatTrace tr;
  sat(p.a(), p.b(), &tr, true);
  const Image img =
      render("sat_nostep", "--scene " + kScenes + "step_sat.json --algo sat --focus a:b --no-ui");
  // No step line: the orange step colour appears on none of the axis lines.
  for (std::size_t k = 0; k < tr.axes.size(); ++k)
    EXPECT_EQ(count_showing(img, line_points(p, tr, k), teach::kStepAxis), 0) << "axis " << k + 1;
}

TEST(TeachRender, GjkFirstAndLastIterationsShowDifferentSimplices) {
  const Pair p = load_pair("step_gjk.json");
  GjkTrace tr;
  const GjkResult r = gjk(p.a(), p.b(), &tr);
  ASSERT_GE(tr.gjk.size(), 2u);
  const teach::GjkFrame f = teach::gjk_frame(p.a(), p.b(), tr, 1.0f);
  const GjkStep& first = tr.gjk.front();
  const GjkStep& last = tr.gjk.back();
  ASSERT_EQ(first.count, 1);
  ASSERT_EQ(last.count, 3) << "the pair overlaps: the last GJK simplex encloses the origin";
  ASSERT_TRUE(r.hit);
  // A vertex of the last simplex that is not step 1's point, nor its support point.
  std::vector<Vec2> fresh;
  for (int i = 0; i < last.count; ++i) {
    const Vec2 w = last.simplex[i].w;
    if (glm::length(w - first.simplex[0].w) > 12.0f && glm::length(w - first.support.w) > 12.0f)
      fresh.push_back(f.origin + w);
  }
  ASSERT_FALSE(fresh.empty());
  const std::string args = "--scene " + kScenes + "step_gjk.json --algo gjk --focus a:b --no-ui";
  const Image one = render("gjk_step1", args + " --step gjk:1");
  const Image end = render("gjk_stepN", args + " --step gjk:" + std::to_string(tr.gjk.size()));
  EXPECT_TRUE(shows(one, f.origin + first.simplex[0].w, teach::kSimplex))
      << "step 1 shows its one simplex point";
  EXPECT_TRUE(shows(one, f.origin + first.support.w, teach::kSupport))
      << "step 1 shows the support point it found";
  for (const Vec2 q : fresh) {
    EXPECT_TRUE(shows(end, q, teach::kSimplex)) << "the last GJK step shows its triangle";
    EXPECT_FALSE(shows(one, q, teach::kSimplex)) << "step 1 does not show the later simplex";
  }
  // The origin's cross is drawn in both, white, at the same place.
  EXPECT_TRUE(shows(one, f.origin + Vec2(6.0f, 0.0f), pal::kOrigin));
  EXPECT_TRUE(shows(end, f.origin + Vec2(6.0f, 0.0f), pal::kOrigin));
}

TEST(TeachRender, BadStepFlagExitsTwo) {
  const std::string err = out_path("bad_step.err");
  const std::string cmd = "env SDL_VIDEODRIVER=offscreen " + kBin + " --step sat:0 --screenshot " +
                          out_path("never.png") + " 2>" + err;
  const int raw = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 2);
  EXPECT_NE(slurp(err).find("--step"), std::string::npos);
}

}  // namespace
}  // namespace hitbox::window_test
