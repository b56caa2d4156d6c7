// Hitbox's world queries (hitbox/world.h) beside Box2D 2.4's b2World queries, on the same
// 10,000 still shapes: rotated boxes, circles, convex polygons of 3 to 8 points, segments
// (Box2D 2.4 has no capsule). Box2D gets one static body per shape, in units of 10 px (as
// tree_bench.cpp), so its fat margin (b2_aabbExtension, 0.1 unit) is 1 px; Hitbox's tree is
// given 1 px too. Hitbox's tree is rebuilt top down once the shapes are in (world_rebuild;
// HITBOX_INCREMENTAL=1 keeps it as inserted); Box2D 2.4's b2World has no such call.
//
//   ray_closest  1,000 segments 50-300 px long: the nearest hit. Box2D: b2World::RayCast with a
//                callback returning the fraction (clipping).
//   ray_all      the same segments, every hit. Hitbox also sorts them; Box2D's callback
//                returns 1 and keeps them unsorted.
//   box          1,000 boxes 8-32 px across: the shapes overlapping each. Hitbox tests each
//                shape exactly; Box2D: b2World::QueryAABB, fat boxes only.
//   box_exact    the same, Box2D then b2TestOverlap with a box polygon per candidate.
//   shape        1,000 shapes (boxes, circles, polygons): every shape overlapping each. Box2D:
//                QueryAABB on the shape's box, then b2TestOverlap per candidate.
//   shape_cast   1,000 shapes moved 50-300 px: the first hit. Box2D 2.4 has no world shape
//                cast: QueryAABB on the swept box, then b2ShapeCast per candidate, the least
//                fraction kept (no pruning by it).
//   move         1,000 capsules (radius 6, 28 px tall) moved 5-30 px with move_and_slide
//                (mover.h): collide, solve and cast passes. Box2D 2.4 has no mover (v3.1 has);
//                Hitbox's time alone.
// The table after the runs gives ns per query.
#include <benchmark/benchmark.h>
#include <box2d/b2_distance.h>
#include <box2d/box2d.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "hitbox/mover.h"
#include "hitbox/world.h"
#include "median_reporter.h"

namespace {

using hitbox::Aabb;
using hitbox::DVec2;
using hitbox::Kind;
using hitbox::Shape;
using hitbox::Vec2;

constexpr int kShapes = 10000;
constexpr int kQueries = 1000;
constexpr float kUnit = 10.0f;  // px per Box2D unit
constexpr float kPi = 3.14159265f;

// A random shape Box2D 2.4 can hold too: a box, a circle, a convex polygon (points on a
// circle at sorted angles), or a segment.
Shape make_shape(std::mt19937& gen, Vec2 pos, bool segments) {
  std::uniform_real_distribution<float> h(2.0f, 8.0f), ang(0.0f, 2.0f * kPi);
  std::uniform_int_distribution<int> kind(0, segments ? 3 : 2), count(3, 8);
  Shape s;
  s.pos = DVec2(pos);
  s.angle = double(ang(gen)) * 180.0 / double(kPi);
  switch (kind(gen)) {
    case 0:
      s.kind = Kind::Rect;
      s.size = DVec2(2.0f * h(gen), 2.0f * h(gen));
      break;
    case 1:
      s.kind = Kind::Circle;
      s.radius = h(gen);
      break;
    case 2: {
      s.kind = Kind::Polygon;
      const int n = count(gen);
      const float r = h(gen);
      for (int i = 0; i < n; ++i) {  // evenly spread, a little jitter: convex
        const float a = 2.0f * kPi * (float(i) + 0.3f * ang(gen) / (2.0f * kPi)) / float(n);
        s.points.emplace_back(r * std::cos(a), r * std::sin(a));
      }
      break;
    }
    default:
      s.kind = Kind::Segment;
      s.points = {DVec2(-h(gen), 0.0), DVec2(h(gen), 0.0)};
      break;
  }
  return s;
}

struct Setup {
  std::vector<Shape> shapes, query_shapes;
  std::vector<Aabb> boxes;
  std::vector<std::pair<Vec2, Vec2>> rays;  // from, to
  std::vector<Vec2> casts;                  // translations of query_shapes
  std::vector<Vec2> movers;                 // where the move row's capsules start

  Setup() {
    const float side = 24.0f * std::sqrt(float(kShapes));
    std::mt19937 gen(41);
    std::uniform_real_distribution<float> p(0.0f, side), q(4.0f, 16.0f), len(50.0f, 300.0f),
        ang(0.0f, 2.0f * kPi);
    for (int i = 0; i < kShapes; ++i) shapes.push_back(make_shape(gen, Vec2(p(gen), p(gen)), true));
    for (int i = 0; i < kQueries; ++i) {
      const Vec2 c(p(gen), p(gen)), e(q(gen), q(gen));
      boxes.push_back(Aabb{c - e, c + e});
      const Vec2 o(p(gen), p(gen));
      float a = ang(gen), r = len(gen);
      rays.emplace_back(o, o + r * Vec2(std::cos(a), std::sin(a)));
      query_shapes.push_back(make_shape(gen, Vec2(p(gen), p(gen)), false));
      a = ang(gen);
      r = len(gen);
      casts.push_back(r * Vec2(std::cos(a), std::sin(a)));
    }
    std::mt19937 mover_gen(4101);  // its own draws: the rows above keep theirs
    for (int i = 0; i < kQueries; ++i) movers.emplace_back(p(mover_gen), p(mover_gen));
  }
};

const Setup& setup() {
  static const Setup s;
  return s;
}

std::map<std::string, double> g_ops;  // queries per iteration, by benchmark name

// ---------------------------------------------------------------- Hitbox

struct HitboxWorld {
  hitbox::ShapeWorld w;
  std::vector<hitbox::Posed> query_shapes;
  HitboxWorld() {
    w.tree.margin = 1.0f;
    for (const Shape& s : setup().shapes) hitbox::world_add(&w, s);
    // A level loaded at once: the tree built top down (HITBOX_INCREMENTAL=1: as inserted).
    if (!std::getenv("HITBOX_INCREMENTAL")) hitbox::world_rebuild(&w);
    for (const Shape& s : setup().query_shapes) query_shapes.emplace_back(s);
  }
};

const HitboxWorld& hitbox_world() {
  static const HitboxWorld w;
  return w;
}

void hb_ray_closest(benchmark::State& state) {
  const hitbox::ShapeWorld& w = hitbox_world().w;
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (const auto& [from, to] : setup().rays) hits += hitbox::world_ray_cast(w, from, to).hit;
  }
  state.counters["hit"] = double(hits) / double(state.iterations() * kQueries);
}

void hb_ray_all(benchmark::State& state) {
  const hitbox::ShapeWorld& w = hitbox_world().w;
  std::vector<hitbox::WorldRayHit> out;
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (const auto& [from, to] : setup().rays) {
      hitbox::world_ray_cast_all(w, from, to, &out);
      hits += std::int64_t(out.size());
    }
  }
  state.counters["hits"] = double(hits) / double(state.iterations() * kQueries);
}

void hb_box(benchmark::State& state) {
  const hitbox::ShapeWorld& w = hitbox_world().w;
  std::vector<hitbox::ShapeHandle> out;
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (const Aabb& b : setup().boxes) {
      hitbox::world_overlap_box(w, b, &out);
      hits += std::int64_t(out.size());
    }
  }
  state.counters["hits"] = double(hits) / double(state.iterations() * kQueries);
}

void hb_shape(benchmark::State& state) {
  const HitboxWorld& hw = hitbox_world();
  std::vector<hitbox::ShapeHandle> out;
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (const hitbox::Posed& q : hw.query_shapes) {
      hitbox::world_overlap_shape(hw.w, q, &out);
      hits += std::int64_t(out.size());
    }
  }
  state.counters["hits"] = double(hits) / double(state.iterations() * kQueries);
}

void hb_shape_cast(benchmark::State& state) {
  const HitboxWorld& hw = hitbox_world();
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < hw.query_shapes.size(); ++i) {
      hits += hitbox::world_shape_cast(hw.w, hw.query_shapes[i], setup().casts[i]).hit;
    }
  }
  state.counters["hit"] = double(hits) / double(state.iterations() * kQueries);
}

void hb_move(benchmark::State& state) {
  const hitbox::ShapeWorld& w = hitbox_world().w;
  std::int64_t grounded = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < setup().movers.size(); ++i) {
      const Vec2 at = setup().movers[i];
      const hitbox::Capsule c{at - Vec2(0, 8), at + Vec2(0, 8), 6.0f};
      grounded += hitbox::move_and_slide(w, c, 0.1f * setup().casts[i]).on_ground;
    }
  }
  state.counters["ground"] = double(grounded) / double(state.iterations() * kQueries);
}

// ---------------------------------------------------------------- Box2D

b2Vec2 b2v(DVec2 v) {
  return b2Vec2(float(v.x) / kUnit, float(v.y) / kUnit);
}
b2Vec2 b2v(Vec2 v) {
  return b2Vec2(v.x / kUnit, v.y / kUnit);
}

// The shape in Box2D's units, in its body's frame.
struct B2Shape {
  b2PolygonShape poly;
  b2CircleShape circle;
  b2EdgeShape edge;
  const b2Shape* shape = nullptr;
  explicit B2Shape(const Shape& s) {
    if (s.kind == Kind::Rect) {
      poly.SetAsBox(float(s.size.x) / 2.0f / kUnit, float(s.size.y) / 2.0f / kUnit);
      shape = &poly;
    } else if (s.kind == Kind::Circle) {
      circle.m_radius = float(s.radius) / kUnit;
      shape = &circle;
    } else if (s.kind == Kind::Polygon) {
      b2Vec2 v[b2_maxPolygonVertices];
      for (std::size_t i = 0; i < s.points.size(); ++i) v[i] = b2v(s.points[i]);
      poly.Set(v, int32(s.points.size()));
      shape = &poly;
    } else {
      edge.SetTwoSided(b2v(s.points[0]), b2v(s.points[1]));
      shape = &edge;
    }
  }
  b2Transform xf(const Shape& s) const {
    return b2Transform(b2v(s.pos), b2Rot(float(s.angle) * kPi / 180.0f));
  }
};

struct Box2DWorld {
  b2World world{b2Vec2(0.0f, 0.0f)};
  Box2DWorld() {
    for (const Shape& s : setup().shapes) {
      b2BodyDef bd;
      bd.type = b2_staticBody;
      bd.position = b2v(s.pos);
      bd.angle = float(s.angle) * kPi / 180.0f;
      b2Body* body = world.CreateBody(&bd);
      const B2Shape shape(s);
      body->CreateFixture(shape.shape, 0.0f);
    }
  }
};

Box2DWorld& box2d_world() {
  static Box2DWorld w;
  return w;
}

struct B2Closest : b2RayCastCallback {
  b2Fixture* fixture = nullptr;
  float ReportFixture(b2Fixture* f, const b2Vec2&, const b2Vec2&, float fraction) override {
    fixture = f;
    return fraction;  // clip: only nearer hits from here on
  }
};

struct B2All : b2RayCastCallback {
  std::int64_t hits = 0;
  float ReportFixture(b2Fixture*, const b2Vec2&, const b2Vec2&, float) override {
    ++hits;
    return 1.0f;  // keep going, unclipped
  }
};

void b2_ray_closest(benchmark::State& state) {
  const b2World& w = box2d_world().world;
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (const auto& [from, to] : setup().rays) {
      B2Closest cb;
      w.RayCast(&cb, b2v(from), b2v(to));
      hits += cb.fixture != nullptr;
    }
  }
  state.counters["hit"] = double(hits) / double(state.iterations() * kQueries);
}

void b2_ray_all(benchmark::State& state) {
  const b2World& w = box2d_world().world;
  B2All cb;
  for (auto _ : state) {
    for (const auto& [from, to] : setup().rays) w.RayCast(&cb, b2v(from), b2v(to));
  }
  state.counters["hits"] = double(cb.hits) / double(state.iterations() * kQueries);
}

// Fixtures whose fat box meets the query box; with `test`, those that overlap it exactly.
struct B2Overlap : b2QueryCallback {
  const b2Shape* test = nullptr;
  b2Transform xf;
  std::int64_t hits = 0;
  bool ReportFixture(b2Fixture* f) override {
    if (!test || b2TestOverlap(test, 0, f->GetShape(), 0, xf, f->GetBody()->GetTransform())) {
      ++hits;
    }
    return true;
  }
};

b2AABB b2box(const Aabb& a) {
  b2AABB b;
  b.lowerBound = b2v(a.min);
  b.upperBound = b2v(a.max);
  return b;
}

void b2_box(benchmark::State& state, bool exact) {
  const b2World& w = box2d_world().world;
  std::vector<b2PolygonShape> polys;
  for (const Aabb& a : setup().boxes) {
    polys.emplace_back();
    const Vec2 c = (a.min + a.max) * 0.5f, e = (a.max - a.min) * 0.5f;
    polys.back().SetAsBox(e.x / kUnit, e.y / kUnit, b2v(c), 0.0f);
  }
  B2Overlap cb;
  cb.xf.SetIdentity();
  for (auto _ : state) {
    for (std::size_t i = 0; i < polys.size(); ++i) {
      cb.test = exact ? &polys[i] : nullptr;
      w.QueryAABB(&cb, b2box(setup().boxes[i]));
    }
  }
  state.counters["hits"] = double(cb.hits) / double(state.iterations() * kQueries);
}

void b2_shape(benchmark::State& state) {
  const b2World& w = box2d_world().world;
  std::vector<B2Shape> shapes;  // reserved: a B2Shape points into itself
  shapes.reserve(setup().query_shapes.size());
  std::vector<b2AABB> boxes;
  for (const Shape& s : setup().query_shapes) {
    shapes.emplace_back(s);
    b2AABB b;
    shapes.back().shape->ComputeAABB(&b, shapes.back().xf(s), 0);
    boxes.push_back(b);
  }
  B2Overlap cb;
  for (auto _ : state) {
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      cb.test = shapes[i].shape;
      cb.xf = shapes[i].xf(setup().query_shapes[i]);
      w.QueryAABB(&cb, boxes[i]);
    }
  }
  state.counters["hits"] = double(cb.hits) / double(state.iterations() * kQueries);
}

struct B2Cast : b2QueryCallback {
  b2ShapeCastInput in;
  float best = 2.0f;
  bool ReportFixture(b2Fixture* f) override {
    in.proxyA.Set(f->GetShape(), 0);
    in.transformA = f->GetBody()->GetTransform();
    b2ShapeCastOutput out;
    if (b2ShapeCast(&out, &in) && out.lambda < best) best = out.lambda;
    return true;
  }
};

void b2_shape_cast(benchmark::State& state) {
  const b2World& w = box2d_world().world;
  std::vector<B2Shape> shapes;  // reserved: a B2Shape points into itself
  shapes.reserve(setup().query_shapes.size());
  std::vector<b2AABB> boxes;
  for (std::size_t i = 0; i < setup().query_shapes.size(); ++i) {
    const Shape& s = setup().query_shapes[i];
    shapes.emplace_back(s);
    b2AABB b;
    shapes.back().shape->ComputeAABB(&b, shapes.back().xf(s), 0);
    const b2Vec2 d = b2v(setup().casts[i]);
    b.lowerBound = b2Min(b.lowerBound, b.lowerBound + d);
    b.upperBound = b2Max(b.upperBound, b.upperBound + d);
    boxes.push_back(b);
  }
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      B2Cast cb;
      cb.in.proxyB.Set(shapes[i].shape, 0);
      cb.in.transformB = shapes[i].xf(setup().query_shapes[i]);
      cb.in.translationB = b2v(setup().casts[i]);
      w.QueryAABB(&cb, boxes[i]);
      hits += cb.best <= 1.0f;
    }
  }
  state.counters["hit"] = double(hits) / double(state.iterations() * kQueries);
}

// ---------------------------------------------------------------- table

const char* const kRows[] = {"ray_closest", "ray_all",    "box", "box_exact",
                             "shape",       "shape_cast", "move"};

class TableReporter : public hitbox::bench::MedianReporter {
 public:
  void table() const {
    std::printf("\n%-12s %12s %12s %9s   (ns per query, %d shapes)\n", "", "hitbox ns", "box2d ns",
                "hb/b2", kShapes);
    for (const char* row : kRows) {
      const std::string h = std::string("hitbox/") + row, b = std::string("box2d/") + row;
      const std::string hk = std::string(row) == "box_exact" ? "hitbox/box" : h;
      const double th = time_of(hk), tb = time_of(b);
      if (th < 0 && tb < 0) continue;
      const double nh = th < 0 ? -1 : th / g_ops.at(hk), nb = tb < 0 ? -1 : tb / g_ops.at(b);
      if (nb < 0) {  // Hitbox only
        std::printf("%-12s %12.1f %12s %9s\n", row, nh, "-", "-");
        continue;
      }
      std::printf("%-12s %12.1f %12.1f %9.3f\n", row, nh, nb, nh > 0 && nb > 0 ? nh / nb : -1.0);
    }
  }
};

template <class F>
void add(const std::string& name, F f) {
  g_ops[name] = kQueries;
  benchmark::RegisterBenchmark(name.c_str(), f)->Unit(benchmark::kNanosecond);
}

}  // namespace

int main(int argc, char** argv) {
  add("hitbox/ray_closest", hb_ray_closest);
  add("box2d/ray_closest", b2_ray_closest);
  add("hitbox/ray_all", hb_ray_all);
  add("box2d/ray_all", b2_ray_all);
  add("hitbox/box", hb_box);
  add("box2d/box", [](benchmark::State& s) { b2_box(s, false); });
  add("box2d/box_exact", [](benchmark::State& s) { b2_box(s, true); });
  add("hitbox/shape", hb_shape);
  add("box2d/shape", b2_shape);
  add("hitbox/shape_cast", hb_shape_cast);
  add("box2d/shape_cast", b2_shape_cast);
  add("hitbox/move", hb_move);
  TableReporter reporter;
  return hitbox::bench::run_with_table(reporter, argc, argv);
}
