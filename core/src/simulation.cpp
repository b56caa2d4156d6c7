// Play mode: fixed steps with sub-steps, MTD push-apart, sequential impulses with restitution
// and static / kinetic friction, and a swept guard against tunnelling. The method, the
// coefficient mixing and what is left out (rotation) are in hitbox/simulation.h.
#include "hitbox/simulation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "hitbox/collide.h"
#include "hitbox/gjk.h"
#include "hitbox/limits.h"

namespace hitbox {
namespace {

// The coefficients one pair uses (simulation.h: restitution the larger, friction the
// geometric mean; a shape without a body takes no part).
struct Mix {
  double restitution = 0.0, friction = 0.0, static_friction = 0.0;
};
Mix mix(const detail::SimShape& a, const detail::SimShape& b) {
  if (!a.has_body) return Mix{b.restitution, b.friction, b.static_friction};
  if (!b.has_body) return Mix{a.restitution, a.friction, a.static_friction};
  return Mix{std::max(a.restitution, b.restitution), std::sqrt(a.friction * b.friction),
             std::sqrt(a.static_friction * b.static_friction)};
}

struct Contact {
  int a = 0, b = 0;
  DVec2 n{0.0, 0.0};  // from b toward a
  double depth = 0.0;
  Mix m;
  double k = 0.0;             // inv_mass a + inv_mass b
  double wa = 0.0, wb = 0.0;  // inv_mass a / k, inv_mass b / k: each side's share
  double target = 0.0;        // the least normal relative speed allowed (0, or -gap / h)
  double vn0 = 0.0;           // the normal relative speed before the solve
  double pn = 0.0, pt = 0.0;
  bool sticking = false;
};

// Warm starting keeps a pair's impulses when its normal turned by less than about 25 degrees.
constexpr double kWarmCos = 0.9;
// Pairs closer than this (pixels) are speculative contacts: they may close the gap in one
// sub-step and no more.
constexpr double kSpeculative = 1.0;
// The push-apart stops when no pair has more than this left beyond the slop (pixels).
constexpr double kPushDone = 1e-6;

std::uint64_t pair_key(int a, int b) {
  return static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32 |
         static_cast<std::uint32_t>(b);
}

DVec2 to_d(Vec2 v) {
  return DVec2(v.x, v.y);
}

// The smallest distance from the shape's centre to its boundary: how far it may move in one
// sub-step before the swept guard takes over.
double min_half_width(const Collider& b) {
  if (b.geom == Geom::Circle || b.geom == Geom::Capsule) return b.radius;
  if (b.count == 0) return 0.0;
  DVec2 c(0.0, 0.0);
  for (int i = 0; i < b.count; ++i) c += to_d(b.v[i]);
  c /= static_cast<double>(b.count);
  double least = std::numeric_limits<double>::infinity();
  for (int i = 0; i < b.count; ++i) {
    least = std::min(least, glm::dot(to_d(b.n[i]), to_d(b.v[i]) - c));
  }
  return std::max(least, 0.0);
}

// The velocity change when a body meets a static surface with normal n (pointing at the
// body): the normal part reflected with restitution, the tangent part stopped when static
// friction holds it, else reduced by kinetic friction. Used by the swept guard.
DVec2 reflect(DVec2 v, DVec2 n, const Mix& m, double threshold) {
  const double vn = glm::dot(v, n);
  if (vn >= 0.0) return v;
  const double e = -vn > threshold ? m.restitution : 0.0;
  const double jn = -(1.0 + e) * vn;
  v += n * jn;
  const DVec2 t(-n.y, n.x);
  const double vt = glm::dot(v, t);
  if (std::abs(vt) <= m.static_friction * jn) {
    v -= t * vt;
  } else {
    v -= t * (std::copysign(std::min(m.friction * jn, std::abs(vt)), vt));
  }
  return v;
}

// Per-step scratch, kept over the sub-steps.
struct Scratch {
  std::vector<BroadPair> pairs;
  std::vector<Contact> contacts;
  std::vector<DVec2> push, vel;
};

void substep(Simulation* sim, double h, bool last, SimTrace* trace, SimStats* stats,
             Scratch* scratch) {
  std::vector<BroadPair>* pairs = &scratch->pairs;
  std::vector<Contact>* contacts = &scratch->contacts;
  Scene& scene = sim->scene;
  const SimOptions& o = sim->options;
  const std::size_t n = scene.shapes.size();
  const DVec2 g = scene.world ? scene.world->gravity : DVec2(0.0, 0.0);

  // 1. Gravity.
  for (std::size_t i = 0; i < n; ++i) {
    if (sim->shapes[i].dynamic) scene.shapes[i].body->velocity += g * h;
  }

  // 2. Broad phase, then the MTD of every candidate pair with a dynamic body in it.
  // Boxes grown by half the speculative margin, so pairs closer than the margin are found.
  for (std::size_t i = 0; i < n; ++i) {
    const Aabb& b = sim->posed[i].collider().bounds;
    const Vec2 grow(static_cast<float>(kSpeculative / 2.0));
    sim->boxes[i] = Aabb{b.min - grow, b.max + grow};
  }
  BroadTrace* broad_trace = (last && trace) ? &trace->broad : nullptr;
  const BroadStats broad = broad_pairs(sim->boxes, &sim->broad, pairs, broad_trace);
  // In index order, so the contacts are solved in the same order whichever broad phase
  // found them: the sweep and the grid give the same motion.
  std::sort(pairs->begin(), pairs->end(),
            [](BroadPair p, BroadPair q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
  contacts->clear();
  int narrow = 0;
  for (const BroadPair& p : *pairs) {
    const detail::SimShape& sa = sim->shapes[static_cast<std::size_t>(p.a)];
    const detail::SimShape& sb = sim->shapes[static_cast<std::size_t>(p.b)];
    if (!sa.dynamic && !sb.dynamic) continue;
    ++narrow;
    const MtdResult m = mtd(sim->posed[static_cast<std::size_t>(p.a)].collider(),
                            sim->posed[static_cast<std::size_t>(p.b)].collider());
    Contact c;
    c.a = p.a;
    c.b = p.b;
    if (m.hit) {
      c.n = glm::normalize(to_d(m.normal));
      c.depth = m.depth;
    } else {
      // Apart: a speculative contact when closer than the margin (negative depth: the gap),
      // so a shape resting between two others keeps both contacts in the same sub-step.
      const GjkResult gap = gjk(sim->posed[static_cast<std::size_t>(p.a)].collider(),
                                sim->posed[static_cast<std::size_t>(p.b)].collider());
      if (gap.hit || !(gap.distance < kSpeculative) || !(gap.distance > 0.0f)) continue;
      c.n = glm::normalize(to_d(gap.point_a) - to_d(gap.point_b));
      if (!std::isfinite(c.n.x) || !std::isfinite(c.n.y)) continue;
      c.depth = -static_cast<double>(gap.distance);
    }
    c.m = mix(sa, sb);
    c.k = sa.inv_mass + sb.inv_mass;
    c.wa = sa.inv_mass / c.k;
    c.wb = sb.inv_mass / c.k;
    contacts->push_back(c);
  }

  // 3. Push apart along the MTD, split by inverse mass, leaving `slop` of overlap so that a
  // resting contact is found again next sub-step. The pushes are solved together, a few
  // passes over the contacts, each reading what the earlier pushes already did to its pair
  // (the overlap along the normal shrinks by the pair's relative push): a light shape
  // between the floor and a heavy one ends up pushed out of the floor, not into it.
  std::vector<DVec2>& push = scratch->push;
  push.assign(n, DVec2(0.0, 0.0));
  for (int pass = 0; pass < 4 * o.iterations; ++pass) {
    bool any = false;
    for (const Contact& c : *contacts) {
      DVec2& pa = push[static_cast<std::size_t>(c.a)];
      DVec2& pb = push[static_cast<std::size_t>(c.b)];
      const double left = c.depth - glm::dot(pa - pb, c.n) - o.slop;
      if (left <= kPushDone) continue;
      any = true;
      pa += c.n * (left * c.wa);
      pb -= c.n * (left * c.wb);
    }
    if (!any) break;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (sim->shapes[i].dynamic) scene.shapes[i].pos += push[i];
  }

  // 4. Velocities, in a dense array (static shapes stay at zero: their share is zero):
  // accumulated normal impulses (never pulling), then friction bounded by them. Impulses
  // are in velocity-times-inverse-share units: a change dp moves a by dp * wa, b by -dp * wb.
  std::vector<DVec2>& v = scratch->vel;
  v.assign(n, DVec2(0.0, 0.0));
  for (std::size_t i = 0; i < n; ++i) {
    if (sim->shapes[i].dynamic) v[i] = scene.shapes[i].body->velocity;
  }
  for (Contact& c : *contacts) {
    // The approach speed before any impulse decides the bounce (applied after the solve);
    // during the solve a contact only stops the approach (a speculative one lets the pair
    // close its gap within this sub-step).
    c.vn0 = glm::dot(v[static_cast<std::size_t>(c.a)] - v[static_cast<std::size_t>(c.b)], c.n);
    c.target = c.depth < 0.0 ? c.depth / h : 0.0;
  }
  // Warm start: a pair in contact the sub-step before, with about the same normal, begins
  // with the impulses it ended with.
  for (Contact& c : *contacts) {
    const auto it = sim->warm.find(pair_key(c.a, c.b));
    if (it == sim->warm.end() || glm::dot(it->second.normal, c.n) < kWarmCos) continue;
    c.pn = it->second.pn / c.k;
    c.pt = std::clamp(it->second.pt / c.k, -c.m.static_friction * c.pn, c.m.static_friction * c.pn);
    const DVec2 p = c.n * c.pn + DVec2(-c.n.y, c.n.x) * c.pt;
    v[static_cast<std::size_t>(c.a)] += p * c.wa;
    v[static_cast<std::size_t>(c.b)] -= p * c.wb;
  }
  for (int it = 0; it < o.iterations; ++it) {
    for (Contact& c : *contacts) {
      DVec2& va = v[static_cast<std::size_t>(c.a)];
      DVec2& vb = v[static_cast<std::size_t>(c.b)];
      const double vn = glm::dot(va - vb, c.n);
      const double pn = std::max(c.pn + (c.target - vn), 0.0);
      const double dpn = pn - c.pn;
      c.pn = pn;
      va += c.n * (dpn * c.wa);
      vb -= c.n * (dpn * c.wb);

      const DVec2 t(-c.n.y, c.n.x);
      const double vt = glm::dot(va - vb, t);
      double pt = c.pt - vt;  // the impulse that stops the sliding
      c.sticking = std::abs(pt) <= c.m.static_friction * c.pn;
      if (!c.sticking) pt = std::clamp(pt, -c.m.friction * c.pn, c.m.friction * c.pn);
      const double dpt = pt - c.pt;
      c.pt = pt;
      va += t * (dpt * c.wa);
      vb -= t * (dpt * c.wb);
    }
  }
  // Restitution, once the contacts hold: a pair that met faster than the threshold and
  // pushed (normal impulse > 0) leaves at restitution times its approach speed.
  for (Contact& c : *contacts) {
    if (c.pn <= 0.0 || c.m.restitution <= 0.0 || !(c.vn0 < -o.restitution_threshold)) continue;
    DVec2& va = v[static_cast<std::size_t>(c.a)];
    DVec2& vb = v[static_cast<std::size_t>(c.b)];
    const double vn = glm::dot(va - vb, c.n);
    const double pn = std::max(c.pn + (-c.m.restitution * c.vn0 - vn), 0.0);
    const double dpn = pn - c.pn;
    c.pn = pn;
    va += c.n * (dpn * c.wa);
    vb -= c.n * (dpn * c.wb);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (sim->shapes[i].dynamic) scene.shapes[i].body->velocity = v[i];
  }

  sim->warm.clear();
  for (const Contact& c : *contacts) {
    sim->warm[pair_key(c.a, c.b)] = detail::SimWarm{c.n, c.pn * c.k, c.pt * c.k};
  }

  // 5. Move. Fast bodies are swept against the static shapes they pass over.
  int swept_tests = 0, swept_hits = 0;
  if (last && trace) trace->swept.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const detail::SimShape& si = sim->shapes[i];
    if (!si.dynamic) continue;
    Shape& s = scene.shapes[i];
    DVec2& u = s.body->velocity;
    u = glm::clamp(u, DVec2(-kMaxCoord), DVec2(kMaxCoord));
    const DVec2 d = u * h;
    bool stopped = false;
    if (o.swept && glm::length(d) > 0.5 * si.min_half) {
      Collider a = sim->posed[i].collider();
      a.vel = Vec2(d);
      Aabb path = a.bounds;
      path.min = glm::min(path.min, a.bounds.min + a.vel);
      path.max = glm::max(path.max, a.bounds.max + a.vel);
      float best = 2.0f;
      int other = -1;
      Vec2 normal(0.0f);
      for (const int k : sim->statics) {
        if (!aabb_overlaps(path, sim->boxes[static_cast<std::size_t>(k)])) continue;
        Collider b = sim->posed[static_cast<std::size_t>(k)].collider();
        b.vel = Vec2(0.0f);
        ++swept_tests;
        const SweptResult r = swept(a, b);
        if (r.hit && !r.initially_overlapping && r.toi < best) {
          best = r.toi;
          other = k;
          normal = r.normal;
        }
      }
      if (other >= 0) {
        ++swept_hits;
        s.pos += d * static_cast<double>(best);
        u = reflect(u, glm::normalize(to_d(normal)),
                    mix(si, sim->shapes[static_cast<std::size_t>(other)]), o.restitution_threshold);
        stopped = true;
        if (last && trace)
          trace->swept.push_back(SimSweptHit{static_cast<int>(i), other, best, normal});
      }
    }
    if (!stopped) s.pos += d;
    // The edge of the world: stop there.
    for (int axis = 0; axis < 2; ++axis) {
      if (std::abs(s.pos[axis]) > kMaxCoord) {
        s.pos[axis] = std::copysign(kMaxCoord, s.pos[axis]);
        u[axis] = 0.0;
      }
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (sim->shapes[i].dynamic) sim->posed[i].repose(scene.shapes[i]);
  }

  stats->swept_tests += swept_tests;
  stats->swept_hits += swept_hits;
  if (last) {
    stats->broad = broad;
    stats->narrow_tests = narrow;
    stats->contacts = static_cast<int>(contacts->size());
    if (trace) {
      trace->pairs = *pairs;
      trace->contacts.clear();
      for (const Contact& c : *contacts) {
        trace->contacts.push_back(SimContact{c.a, c.b, Vec2(c.n), static_cast<float>(c.depth),
                                             static_cast<float>(c.pn * c.k),
                                             static_cast<float>(c.pt * c.k), c.sticking});
      }
    }
  }
}

}  // namespace

std::string sim_options_problem(const SimOptions& o) {
  if (!std::isfinite(o.step) || o.step < 1e-5 || o.step > 1.0) {
    return "the step must be between 0.00001 and 1 second";
  }
  if (o.substeps < 1 || o.substeps > 64) return "the sub-steps must be 1 to 64";
  if (o.iterations < 1 || o.iterations > 100) return "the iterations must be 1 to 100";
  if (!std::isfinite(o.restitution_threshold) || o.restitution_threshold < 0.0) {
    return "the restitution threshold must be a finite number >= 0";
  }
  if (!std::isfinite(o.slop) || o.slop < 0.0) return "the slop must be a finite number >= 0";
  return "";
}

double shape_mass(const Shape& s) {
  const double density = s.body ? s.body->density : 1.0;
  double area = 0.0;
  switch (s.kind) {
    case Kind::Rect:
      area = s.size.x * s.size.y;
      break;
    case Kind::Circle:
      area = std::numbers::pi * s.radius * s.radius;
      break;
    case Kind::Polygon: {
      double twice = 0.0;
      for (std::size_t i = 0; i < s.points.size(); ++i) {
        const DVec2 p = s.points[i];
        const DVec2 q = s.points[(i + 1) % s.points.size()];
        twice += p.x * q.y - q.x * p.y;
      }
      area = std::abs(twice) / 2.0;
      break;
    }
    case Kind::Sprite:
      if (s.pixels.image) area = double(s.pixels.image->w) * double(s.pixels.image->h);
      break;
    // Shapes without area weigh as if 1 px thick: a point 1 px^2, a segment its length.
    case Kind::Point:
      return density * 1.0;
    case Kind::Segment:
      area = s.points.size() == 2 ? glm::length(s.points[1] - s.points[0]) : 0.0;
      return density * area * s.scale;
    case Kind::Capsule:  // the rectangle between the end centres and the two half discs
      area =
          (s.points.size() == 2 ? 2.0 * s.radius * glm::length(s.points[1] - s.points[0]) : 0.0) +
          std::numbers::pi * s.radius * s.radius;
      break;
  }
  return density * area * s.scale * s.scale;
}

void sim_reload(Simulation* sim) {
  const std::size_t n = sim->scene.shapes.size();
  sim->shapes.assign(n, detail::SimShape{});
  sim->posed.clear();
  sim->posed.reserve(n);
  sim->boxes.assign(n, Aabb{});
  sim->statics.clear();
  sim->warm.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const Shape& s = sim->scene.shapes[i];
    if (const auto problem = shape_problem(s)) {
      throw SceneError("", s.id, problem->field, problem->message);
    }
    sim->posed.emplace_back(s);
    detail::SimShape& d = sim->shapes[i];
    d.has_body = s.body.has_value();
    d.dynamic = d.has_body && s.body->type == BodyType::Dynamic;
    if (d.has_body) {
      d.restitution = s.body->restitution;
      d.friction = s.body->friction;
      d.static_friction = s.body->static_friction;
    }
    if (d.dynamic) {
      const double mass = shape_mass(s);
      d.inv_mass = mass > 0.0 ? 1.0 / mass : 0.0;
      if (d.inv_mass == 0.0) d.dynamic = false;  // no area: nothing to move
    }
    if (!d.dynamic) sim->statics.push_back(static_cast<int>(i));
    d.min_half = min_half_width(sim->posed.back().collider());
  }
  if (sim->scene.world) {
    if (const auto problem = gravity_problem(sim->scene.world->gravity)) {
      throw SceneError("", "", problem->field, problem->message);
    }
  }
  sim->broad.method = sim->options.broad;
}

Simulation make_simulation(Scene scene, const SimOptions& options) {
  if (const std::string problem = sim_options_problem(options); !problem.empty()) {
    throw std::invalid_argument(problem);
  }
  Simulation sim;
  sim.scene = std::move(scene);
  sim.options = options;
  sim_reload(&sim);
  return sim;
}

SimStats sim_step(Simulation* sim, SimTrace* trace) {
  SimStats stats;
  Scratch scratch;
  const int subs = sim->options.substeps;
  const double h = sim->options.step / subs;
  for (int k = 0; k < subs; ++k) substep(sim, h, k == subs - 1, trace, &stats, &scratch);
  sim->time += sim->options.step;
  ++sim->steps;
  return stats;
}

void sim_run(Simulation* sim, double seconds) {
  const double count = std::round(seconds / sim->options.step);
  for (std::int64_t k = 0; static_cast<double>(k) < count; ++k) sim_step(sim, nullptr);
}

}  // namespace hitbox
