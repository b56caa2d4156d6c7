// Play mode's step beside Box2D 2.4's b2World::Step (Debian's libbox2d-dev) on the same scenes:
// stress_1000.json (1,000 mixed shapes falling into a box), stress_pyramid_20.json (210 boxes)
// and stress_pile_2000.json (2,000 mixed shapes), both made by bench/make_world_scenes.py.
//
// Each repetition builds the world (not timed) and runs kSteps steps of 1/120 s from the
// scene's start, one step per benchmark iteration: the time per iteration is the mean step
// over the fall, the pile-up and the rest. Sleeping is off in both.
//
// Sleeping: rest/... and asleep/... step the 20-row pyramid once it has rested 10 s (not
// timed), awake (sleeping off) and asleep (every box asleep), in Hitbox and Box2D.
//
// Box2D sees each shape at 100 px = 1 m, y down as Hitbox's (gravity 980 px/s^2 is 9.8 m/s^2):
// rects and convex polygons as b2PolygonShape (their world outline about a body at pos, the
// body at angle 0), circles as b2CircleShape, segments as b2EdgeShape. Density, friction and
// restitution as the scene gives them (Box2D has one friction coefficient: `friction`).
// box2d/... lets bodies rotate (but those the scene fixes); box2d_locked/... fixes every one. 8
// velocity and 3 position iterations, Box2D's defaults in its testbed.
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "hitbox/scene.h"
#include "hitbox/simulation.h"
#include "median_reporter.h"

namespace {

constexpr int kSteps = 600;  // 5 s of play
constexpr float kStep = 1.0f / 120.0f;
constexpr float kPxPerM = 100.0f;

const char* const kScenes[] = {"stress_1000", "stress_pyramid_20", "stress_pile_2000"};

const hitbox::Scene& scene_of(const std::string& name) {
  static std::vector<std::pair<std::string, std::unique_ptr<hitbox::Scene>>> loaded;
  for (const auto& [n, s] : loaded)
    if (n == name) return *s;
  const std::string path = std::string(HITBOX_SCENES_DIR) + "/" + name + ".json";
  loaded.emplace_back(name, std::make_unique<hitbox::Scene>(hitbox::load_scene(path)));
  return *loaded.back().second;
}

b2Vec2 metres(hitbox::DVec2 p) {
  return b2Vec2(static_cast<float>(p.x) / kPxPerM, static_cast<float>(p.y) / kPxPerM);
}

// The shape's outline in world pixels (rect corners, polygon points, segment ends).
std::vector<hitbox::DVec2> outline(const hitbox::Shape& s) {
  std::vector<hitbox::DVec2> local = s.points;
  if (s.kind == hitbox::Kind::Rect) {
    const hitbox::DVec2 h = s.size * 0.5;
    local = {{-h.x, -h.y}, {h.x, -h.y}, {h.x, h.y}, {-h.x, h.y}};
  }
  std::vector<hitbox::DVec2> out;
  for (const hitbox::DVec2& p : local) out.push_back(hitbox::to_world(s, p));
  return out;
}

std::unique_ptr<b2World> make_b2world(const hitbox::Scene& sc, bool rotate, bool sleep = false) {
  const hitbox::DVec2 g = sc.world ? sc.world->gravity : hitbox::DVec2(0.0, 0.0);
  auto world = std::make_unique<b2World>(metres(g));
  world->SetAllowSleeping(sleep);
  for (const hitbox::Shape& s : sc.shapes) {
    const bool dynamic = s.body && s.body->type == hitbox::BodyType::Dynamic;
    b2BodyDef bd;
    bd.type = dynamic ? b2_dynamicBody : b2_staticBody;
    bd.position = metres(s.pos);
    bd.fixedRotation = !rotate || (s.body && s.body->fixed_rotation);
    if (dynamic) {
      bd.linearVelocity = metres(s.body->velocity);
      // Clockwise degrees with y down are Box2D's counter-clockwise radians with y up; with
      // y kept down here, the same sign.
      bd.angularVelocity = static_cast<float>(s.body->angular_velocity * b2_pi / 180.0);
    }
    b2Body* body = world->CreateBody(&bd);
    b2FixtureDef fd;
    fd.density = s.body ? static_cast<float>(s.body->density) : 0.0f;
    fd.friction = s.body ? static_cast<float>(s.body->friction) : 0.5f;
    fd.restitution = s.body ? static_cast<float>(s.body->restitution) : 0.0f;
    b2PolygonShape poly;
    b2CircleShape circle;
    b2EdgeShape edge;
    switch (s.kind) {
      case hitbox::Kind::Circle:
        circle.m_radius = static_cast<float>(s.radius * s.scale) / kPxPerM;
        fd.shape = &circle;
        break;
      case hitbox::Kind::Segment: {
        const auto pts = outline(s);
        edge.SetTwoSided(metres(pts[0] - s.pos), metres(pts[1] - s.pos));
        fd.shape = &edge;
        break;
      }
      case hitbox::Kind::Rect:
      case hitbox::Kind::Polygon: {
        const auto pts = outline(s);
        if (pts.size() > b2_maxPolygonVertices) {
          std::fprintf(stderr, "world_bench: shape %s has more than %d points\n", s.id.c_str(),
                       b2_maxPolygonVertices);
          std::exit(2);
        }
        b2Vec2 v[b2_maxPolygonVertices];
        for (std::size_t k = 0; k < pts.size(); ++k) v[k] = metres(pts[k] - s.pos);
        poly.Set(v, static_cast<int>(pts.size()));
        fd.shape = &poly;
        break;
      }
      default:
        std::fprintf(stderr, "world_bench: shape %s: Box2D 2.4 has no %s\n", s.id.c_str(),
                     hitbox::kind_name(s.kind));
        std::exit(2);
    }
    body->CreateFixture(&fd);
  }
  return world;
}

void bm_hitbox(benchmark::State& state, const char* name) {
  hitbox::SimOptions o;
  o.step = kStep;
  o.sleep = false;
  hitbox::Simulation sim = hitbox::make_simulation(scene_of(name), o);
  for (auto _ : state) hitbox::sim_step(&sim);
  state.counters["bodies"] = static_cast<double>(sim.scene.shapes.size());
}

void bm_box2d(benchmark::State& state, const char* name, bool rotate) {
  std::unique_ptr<b2World> world = make_b2world(scene_of(name), rotate);
  for (auto _ : state) world->Step(kStep, 8, 3);
  state.counters["bodies"] = world->GetBodyCount();
}

constexpr int kRestSteps = 1200;  // 10 s, untimed, before the rest/ and asleep/ rows

// The pyramid after 10 s at rest, stepped with sleeping on or off.
void bm_hitbox_rest(benchmark::State& state, bool sleep) {
  hitbox::SimOptions o;
  o.step = kStep;
  o.sleep = sleep;
  hitbox::Simulation sim = hitbox::make_simulation(scene_of("stress_pyramid_20"), o);
  hitbox::SimStats stats;
  for (int k = 0; k < kRestSteps; ++k) stats = hitbox::sim_step(&sim);
  if (sleep && stats.awake > 0) state.SkipWithError("the pyramid did not fall asleep in 10 s");
  for (auto _ : state) stats = hitbox::sim_step(&sim);
  state.counters["asleep"] = stats.sleeping;
}

void bm_box2d_rest(benchmark::State& state, bool sleep) {
  std::unique_ptr<b2World> world = make_b2world(scene_of("stress_pyramid_20"), true, sleep);
  for (int k = 0; k < kRestSteps; ++k) world->Step(kStep, 8, 3);
  for (auto _ : state) world->Step(kStep, 8, 3);
  int asleep = 0;
  for (const b2Body* b = world->GetBodyList(); b; b = b->GetNext())
    asleep += b->GetType() == b2_dynamicBody && !b->IsAwake();
  state.counters["asleep"] = asleep;
}

// The table after the runs: ms per step of each, and Hitbox / Box2D.
class TableReporter : public hitbox::bench::MedianReporter {
 public:
  void table() const {
    std::printf("\n%-20s %10s %12s %12s %10s %10s\n", "scene", "hitbox ms", "box2d ms", "locked ms",
                "ratio", "vs locked");
    for (const char* s : kScenes) {
      const std::string n(s);
      const double h = time_of("hitbox/" + n), b = time_of("box2d/" + n),
                   l = time_of("box2d_locked/" + n);
      if (h < 0.0 || b < 0.0) continue;
      std::printf("%-20s %10.3f %12.3f %12.3f %10.2f %10.2f\n", s, h, b, l, h / b,
                  l > 0.0 ? h / l : 0.0);
    }
    std::printf("\n%-20s %10s %12s %10s\n", "pyramid at rest", "awake ms", "asleep ms", "ratio");
    for (const char* e : {"hitbox", "box2d"}) {
      const std::string n(e);
      const double awake = time_of("rest/" + n), asleep = time_of("asleep/" + n);
      if (awake > 0.0 && asleep >= 0.0)
        std::printf("%-20s %10.4f %12.4f %10.3f\n", e, awake, asleep, asleep / awake);
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  for (const char* s : kScenes) {
    const std::string n(s);
    const auto reg = [](benchmark::internal::Benchmark* b) {
      b->Iterations(kSteps)
          ->Unit(benchmark::kMillisecond)
          ->ComputeStatistics("min", [](const std::vector<double>& v) {
            return *std::min_element(v.begin(), v.end());
          });
      b->ComputeStatistics("max", [](const std::vector<double>& v) {
        return *std::max_element(v.begin(), v.end());
      });
    };
    reg(benchmark::RegisterBenchmark(("hitbox/" + n).c_str(),
                                     [s](benchmark::State& st) { bm_hitbox(st, s); }));
    reg(benchmark::RegisterBenchmark(("box2d/" + n).c_str(),
                                     [s](benchmark::State& st) { bm_box2d(st, s, true); }));
    reg(benchmark::RegisterBenchmark(("box2d_locked/" + n).c_str(),
                                     [s](benchmark::State& st) { bm_box2d(st, s, false); }));
  }
  using RestFn = void (*)(benchmark::State&, bool);
  const std::pair<const char*, RestFn> engines[] = {{"hitbox", bm_hitbox_rest},
                                                    {"box2d", bm_box2d_rest}};
  for (const bool sleep : {false, true}) {
    for (const auto& engine : engines) {
      const RestFn fn = engine.second;
      benchmark::RegisterBenchmark(
          ((sleep ? "asleep/" : "rest/") + std::string(engine.first)).c_str(),
          [fn, sleep](benchmark::State& st) { fn(st, sleep); })
          ->Iterations(kSteps)
          ->Unit(benchmark::kMillisecond);
    }
  }
  TableReporter reporter;
  return hitbox::bench::run_with_table(reporter, argc, argv);
}
