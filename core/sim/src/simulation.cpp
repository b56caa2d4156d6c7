// Play mode: the soft step's order (hitbox/simulation.h says the method): the broad phase and
// the manifolds once per step, the sub-steps (sim_solver.cpp's stages), restitution, then the
// bodies written back to the scene and the swept guard against tunnelling.
#include "hitbox/simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "hitbox/collide.h"
#include "hitbox/detail/trig.h"
#include "hitbox/limits.h"
#include "hitbox/manifold.h"
#include "sim_lanes.h"
#include "sim_sleep.h"
#include "sim_solver.h"

namespace hitbox {
namespace {

using detail::SimBody;
using detail::SimConstraint;
using detail::SimShape;

// Every pair closer than this (px) at a step's start gets speculative points, besides the
// reach of the bodies' motion over the step.
constexpr double kSpeculative = 1.0;
constexpr double kDeg = std::numbers::pi / 180.0;

DVec2 to_d(Vec2 v) {
  return DVec2(v.x, v.y);
}

// The coefficients one pair uses (simulation.h: restitution the larger, friction the
// geometric mean; a shape without a body takes no part).
void mix(const SimShape& a, const SimShape& b, SimConstraint* c) {
  if (!a.has_body) {
    c->restitution = b.restitution, c->friction = b.friction;
    c->static_friction = b.static_friction;
  } else if (!b.has_body) {
    c->restitution = a.restitution, c->friction = a.friction;
    c->static_friction = a.static_friction;
  } else {
    c->restitution = std::max(a.restitution, b.restitution);
    c->friction = std::sqrt(a.friction * b.friction);
    c->static_friction = std::sqrt(a.static_friction * b.static_friction);
  }
}

// The smallest distance from the shape's centre to its boundary: how far it may move in one
// step before the swept guard takes over.
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

// The farthest point of the posed shape from a world point.
double reach_from(const Collider& b, DVec2 c) {
  if (b.geom == Geom::Circle) return glm::length(to_d(b.pos) - c) + b.radius;
  double r = 0.0;
  for (int i = 0; i < b.count; ++i) r = std::max(r, glm::length(to_d(b.v[i]) - c));
  return r + (b.geom == Geom::Capsule ? b.radius : 0.0);
}

// The world centre of mass of shape i, kept with its pose (sim_reload, write_back): finding
// it again from the angle would take a sine and cosine each time.
DVec2 centre_of(const Simulation& sim, std::size_t i) {
  return sim.centres[i];
}

// What is found from shape i's pose (sim->posed[i]): its world centre of mass, its smallest
// half-width and its reach about that centre (sim_reload, sim_move_static).
void posed_sizes(Simulation* sim, std::size_t i) {
  SimShape& d = sim->shapes[i];
  const Collider& posed = sim->posed[i].collider();
  d.min_half = min_half_width(posed);
  sim->centres[i] = to_world(sim->scene.shapes[i], d.centre);
  d.reach = reach_from(posed, sim->centres[i]);
}

// The pairs in index order (by a, then b), as a counting sort on a with each run of one a
// sorted by b (a few pairs each): 2% fewer instructions a step than std::sort of them all.
void sort_pairs(Simulation* sim) {
  std::vector<BroadPair>& pairs = sim->pairs;
  std::vector<int>& start = sim->pair_start;
  start.assign(sim->scene.shapes.size() + 1, 0);
  for (const BroadPair& p : pairs) ++start[static_cast<std::size_t>(p.a) + 1];
  for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
  sim->pairs_sorted.resize(pairs.size());
  for (const BroadPair& p : pairs) {
    sim->pairs_sorted[static_cast<std::size_t>(start[static_cast<std::size_t>(p.a)]++)] = p;
  }
  pairs.swap(sim->pairs_sorted);
  // start[a] now ends a's run; each run by b, by insertion.
  std::size_t from = 0;
  for (std::size_t a = 0; a + 1 < start.size(); ++a) {
    const std::size_t to = static_cast<std::size_t>(start[a]);
    for (std::size_t i = from + 1; i < to; ++i) {
      const BroadPair p = pairs[i];
      std::size_t j = i;
      for (; j > from && pairs[j - 1].b > p.b; --j) pairs[j] = pairs[j - 1];
      pairs[j] = p;
    }
    from = to;
  }
}

// Broad phase on boxes grown by each body's reach over the step, then a manifold for each
// candidate pair with a moving body: one constraint per pair with points. A moving body that
// touches a sleeping one wakes its island; false then, and the caller finds the contacts again
// with those bodies moving.
bool find_contacts(Simulation* sim, SimTrace* trace, SimStats* stats) {
  const std::size_t n = sim->scene.shapes.size();
  const double step = sim->options.step;
  const DVec2 g = sim->scene.world ? sim->scene.world->gravity : DVec2(0.0, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const Aabb& b = sim->posed[i].collider().bounds;
    double grow = kSpeculative / 2.0;
    // The reach over the step is the first half of the tunnelling guard: with the guard off,
    // contacts are found only within kSpeculative, and fast shapes may pass thin walls.
    if (sim->moving[i] && sim->options.swept) {
      const SimBody& body = sim->bodies[i];
      grow += step * (glm::length(DVec2(body.v)) + std::abs(body.w) * sim->shapes[i].reach) +
              glm::length(g) * step * step;
      if (static_cast<int>(i) == sim->grab.shape) grow += sim->options.grab_max_accel * step * step;
    }
    const Vec2 grown(detail::to_float(grow));
    sim->boxes[i] = Aabb{b.min - grown, b.max + grown};
  }
  // Nothing moving (every body asleep or static): no pairs to find.
  const bool any = std::find(sim->moving.begin(), sim->moving.end(), 1) != sim->moving.end();
  sim->pairs.clear();
  const BroadStats broad =
      any ? broad_pairs(sim->boxes, &sim->broad, &sim->pairs, trace ? &trace->broad : nullptr)
          : BroadStats{};
  // In index order, so the constraints are solved in the same order whichever broad phase
  // found them: every method gives the same motion. The tree's come in that order.
  if (sim->broad.method != BroadMethod::Tree) sort_pairs(sim);
  sim->constraints.clear();
  int narrow = 0;
  bool woke = false;
  for (const BroadPair& pr : sim->pairs) {
    const std::size_t ia = static_cast<std::size_t>(pr.a), ib = static_cast<std::size_t>(pr.b);
    const SimShape& sa = sim->shapes[ia];
    const SimShape& sb = sim->shapes[ib];
    if (!sim->moving[ia] && !sim->moving[ib]) continue;
    // The other side asleep: a touch wakes its island (and makes no constraint this pass).
    const int sleeper = sim->island[ia] >= 0 ? sim->island[ia] : sim->island[ib];
    const Collider& ca = sim->posed[ia].collider();
    const Collider& cb = sim->posed[ib].collider();
    if (is_point(ca) || is_point(cb)) continue;  // a static point has no surface to press
    ++narrow;
    // The pair's reach: the two boxes' growth (their sum bounds how far they close).
    const Aabb& ga = sim->boxes[ia];
    const float spec = (ga.max.x - ca.bounds.max.x) + (sim->boxes[ib].max.x - cb.bounds.max.x);
    const Manifold m = manifold(ca, cb, nullptr, spec);
    if (!m.hit) continue;
    if (sleeper >= 0) {
      detail::wake_island(sim, sleeper);
      woke = true;
      continue;
    }
    const Vec2 normal = m.normal / std::sqrt(dot(m.normal, m.normal));
    if (!std::isfinite(normal.x) || !std::isfinite(normal.y)) continue;
    SimConstraint& c = sim->constraints.emplace_back();  // built in place, not copied
    c.a = pr.a;
    c.b = pr.b;
    c.n = normal;
    mix(sa, sb, &c);
    c.touches_static = !sa.dynamic || !sb.dynamic;
    const DVec2 centre_a = centre_of(*sim, ia), centre_b = centre_of(*sim, ib);
    // With one point per pair (SimOptions::contact_points), the deeper of the two.
    const bool one = sim->options.contact_points == 1 && m.count == 2;
    const int first = one && m.points[1].separation < m.points[0].separation ? 1 : 0;
    c.count = one ? 1 : m.count;
    for (int k = 0; k < c.count; ++k) {
      detail::SimPoint& p = c.p[k];
      const ContactPoint& mp = m.points[first + k];
      // Each body's own surface point (they differ by the separation along n): a speculative
      // point's gap is then measured between material points of the two bodies, and a body's
      // turn does not swing an anchor that lies out in the gap.
      const DVec2 at = to_d(mp.point);
      const DVec2 half = to_d(c.n) * (0.5 * static_cast<double>(mp.separation));
      p.ra = Vec2(at - half - centre_a);
      p.rb = Vec2(at + half - centre_b);
      p.separation = mp.separation - dot(p.rb - p.ra, c.n);
      p.id = mp.id;
      p.point = mp.point;
      p.depth = -mp.separation;
    }
  }
  stats->broad = broad;
  stats->narrow_tests = narrow;
  stats->contacts = static_cast<int>(sim->constraints.size());
  return !woke;
}

// The grab's spring for this step (SimGrab, solve_grab).
detail::GrabStep grab_step(const Simulation& sim, double h) {
  detail::GrabStep g;
  const int i = sim.grab.shape;
  if (i < 0) return g;
  const std::size_t k = static_cast<std::size_t>(i);
  const SimOptions& o = sim.options;
  g.body = i;
  const DVec2 c0 = centre_of(sim, k);
  g.r0 = Vec2(to_world(sim.scene.shapes[k], sim.grab.local) - c0);
  g.from_target = Vec2(c0 - sim.grab.target);
  g.soft = detail::make_soft(std::min(o.grab_hertz, 0.25 / h), o.grab_damping, h);
  g.max_impulse = detail::to_float(o.grab_max_accel * h / sim.shapes[k].inv_mass);
  g.spin_keep = detail::to_float(1.0 / (1.0 + h * o.grab_angular_damping));
  return g;
}

// Turns (qc, qs) = (cos dq, sin dq) on by the sub-step's angle t, renormalised so the rounding
// does not build up.
void turn(SimBody* b, float t) {
  float c, s;
  detail::cos_sin(t, &c, &s);
  const float qc = b->qc * c - b->qs * s;
  const float qs = b->qs * c + b->qc * s;
  const float inv = 1.0f / std::sqrt(qc * qc + qs * qs);
  b->qc = qc * inv;
  b->qs = qs * inv;
}

// The sub-steps over the coloured blocks: gravity, warm start, the grab, solve with the soft
// bias, move, relax. Each point's separation is found once for each pose the bodies take (the
// relax and the next sub-step's solve share one). Then the impulses back into the constraints.
void substeps(Simulation* sim) {
  const SimOptions& o = sim->options;
  const std::size_t n = sim->scene.shapes.size();
  const double h = o.step / o.substeps;
  const float hf = static_cast<float>(h);
  const DVec2 g = sim->scene.world ? sim->scene.world->gravity : DVec2(0.0, 0.0);
  const Vec2 gh(g * h);
  const float max_v = static_cast<float>(kMaxCoord);
  const float max_w = static_cast<float>(kMaxAngularVelocity * kDeg);
  const detail::SolveParams prm = detail::solve_params(o, h);
  const detail::GrabStep grab = grab_step(*sim, h);
  const detail::LaneKernels& run = detail::lane_kernels(o.lanes);
  detail::pack_lanes(sim->constraints, sim->shapes, prm, n, &sim->lanes);
  detail::SimBlock* blocks = sim->lanes.blocks.data();
  const std::size_t count = sim->lanes.blocks.size();
  SimBody* bodies = sim->bodies.data();
  run.gaps(blocks, count, bodies);
  for (int k = 0; k < o.substeps; ++k) {
    for (std::size_t i = 0; i < n; ++i) {
      if (sim->moving[i]) bodies[i].v += gh;
    }
    run.warm_start(blocks, count, bodies);
    detail::solve_grab(&sim->grab, grab, sim->shapes, sim->bodies);
    for (int it = 0; it < o.iterations; ++it) run.solve(blocks, count, bodies, prm, true);
    for (std::size_t i = 0; i < n; ++i) {
      if (!sim->moving[i]) continue;
      SimBody& b = bodies[i];
      b.v = glm::clamp(b.v, Vec2(-max_v), Vec2(max_v));
      b.w = std::clamp(b.w, -max_w, max_w);
      b.dp += b.v * hf;
      b.dq += b.w * hf;
      turn(&b, b.w * hf);
    }
    run.gaps(blocks, count, bodies);
    for (int it = 0; it < o.iterations; ++it) run.solve(blocks, count, bodies, prm, false);
  }
  detail::unpack_lanes(sim->lanes.blocks, sim->constraints);
}

// A dynamic body's motion at the step's start, as its shape's body holds it (spin in rad/s;
// none with fixed rotation).
detail::SimBody start_motion(const Simulation& sim, std::size_t i) {
  const BodySpec& body = *sim.scene.shapes[i].body;
  detail::SimBody b;
  b.v = Vec2(body.velocity);
  b.w = sim.shapes[i].inv_inertia > 0.0f ? static_cast<float>(body.angular_velocity * kDeg) : 0.0f;
  return b;
}

// Restitution, then its energy limit: free flight is each body's motion at the step's start
// (still in the scene) plus gravity over the step.
void bounce(Simulation* sim) {
  detail::BounceScratch& scratch = sim->bounce;
  scratch.solved.assign(sim->bodies.begin(), sim->bodies.end());
  const float threshold = detail::to_float(sim->options.restitution_threshold);
  if (!detail::apply_restitution(sim->constraints, sim->shapes, sim->bodies, threshold,
                                 &scratch.bouncing)) {
    return;
  }
  const DVec2 g = sim->scene.world ? sim->scene.world->gravity : DVec2(0.0, 0.0);
  const std::size_t n = sim->scene.shapes.size();
  scratch.free.assign(n, detail::SimBody{});
  for (std::size_t i = 0; i < n; ++i) {
    if (!sim->shapes[i].dynamic) continue;
    scratch.free[i] = start_motion(*sim, i);
    scratch.free[i].v += Vec2(g * sim->options.step);
  }
  detail::limit_bounce_energy(sim->constraints, sim->shapes, sim->bodies, sim->grab.shape,
                              &scratch);
}

// Whether shapes i and k have a constraint this step (the constraints are in pair order).
bool has_constraint(const Simulation& sim, int i, int k) {
  const BroadPair key{std::min(i, k), std::max(i, k)};
  return std::binary_search(
      sim.constraints.begin(), sim.constraints.end(), key,
      [](const auto& x, const auto& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
}

// Write each dynamic body's motion back to its shape: the centre moved by dp, the shape turned
// by dq about it. Then the swept guard, the edge of the world and the new pose.
void write_back(Simulation* sim, SimTrace* trace, SimStats* stats) {
  const SimOptions& o = sim->options;
  const std::size_t n = sim->scene.shapes.size();
  if (trace) trace->swept.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const SimShape& si = sim->shapes[i];
    if (!sim->moving[i]) continue;
    Shape& s = sim->scene.shapes[i];
    const SimBody& b = sim->bodies[i];
    const DVec2 pos0 = s.pos;
    const double angle0 = s.angle, dq = b.dq;
    // The centre of mass moves by dp and the shape turns by dq about it: pos is placed from the
    // new angle, so the centre to_world() gives is the one moved (in doubles), however the
    // float turn (qc, qs) rounded.
    const DVec2 centre = centre_of(*sim, i) + DVec2(b.dp);
    s.angle = angle0 + dq / kDeg;
    s.pos = DVec2(0.0, 0.0);
    const DVec2 arm = to_world(s, si.centre);  // centre of mass from pos, at the new angle
    s.pos = centre - arm;
    // Held within limits.h again here: the relax pass after the sub-step's clamp may move them.
    s.body->velocity = glm::clamp(DVec2(b.v), DVec2(-kMaxCoord), DVec2(kMaxCoord));
    s.body->angular_velocity =
        std::clamp(static_cast<double>(b.w) / kDeg, -kMaxAngularVelocity, kMaxAngularVelocity);
    // The guard: a body that moved (or turned its far side) more than half its smallest
    // half-width is swept from where it began, turning about pos as swept() models it.
    const Collider& start = sim->posed[i].collider();
    const DVec2 d = s.pos - pos0;
    if (o.swept && glm::length(d) + std::abs(dq) * start.bound > 0.5 * si.min_half) {
      Collider a = start;
      a.vel = Vec2(d);
      a.spin = b.dq;
      Aabb path = a.bounds;
      const Vec2 swing(std::min(std::abs(b.dq), 2.0f) * start.bound);
      path.min = glm::min(path.min, a.bounds.min + a.vel) - swing;
      path.max = glm::max(path.max, a.bounds.max + a.vel) + swing;
      const bool far_turn = std::abs(dq) * si.reach > 0.5 * si.min_half;
      float best = 2.0f;
      int other = -1;
      Vec2 normal(0.0f);
      for (const int k : sim->statics) {
        const std::size_t ik = static_cast<std::size_t>(k);
        if (!aabb_overlaps(path, sim->posed[ik].collider().bounds)) continue;
        // A static the body has a contact with is the solver's: its speculative points already
        // stop the body there (sweeping it again would stop a body resting on it at toi 0).
        // Unless the body turns far in the step: then other corners than the contact's points
        // may swing into the static.
        if (!far_turn && has_constraint(*sim, static_cast<int>(i), k)) continue;
        // Nor one it overlaps at the step's start: swept() would say initially_overlapping,
        // which stops nothing, after a push-out that for two concave outlines tries every
        // piece pair's axes against every piece pair (milliseconds).
        if (sat(start, sim->posed[ik].collider()).hit) continue;
        Collider c = sim->posed[ik].collider();
        c.vel = Vec2(0.0f);
        c.spin = 0.0f;
        ++stats->swept_tests;
        const SweptResult r = swept(a, c);
        if (r.hit && !r.initially_overlapping && r.toi > 0.0f && r.toi < best) {
          best = r.toi;
          other = k;
          normal = r.normal;
        }
      }
      if (other >= 0) {
        // Stopped at the time of impact; the velocity is kept, and the next step's contact
        // (speculative, as close as it now is) stops or bounces it.
        ++stats->swept_hits;
        s.pos = pos0 + d * static_cast<double>(best);
        s.angle = angle0 + static_cast<double>(best) * dq / kDeg;
        if (trace) trace->swept.push_back(SimSweptHit{static_cast<int>(i), other, best, normal});
      }
    }
    // Angles stay small enough to save: a body that spins for long wraps round.
    if (std::abs(s.angle) > 360.0) s.angle = std::remainder(s.angle, 360.0);
    // The edge of the world: stop there.
    for (int axis = 0; axis < 2; ++axis) {
      if (std::abs(s.pos[axis]) > kMaxCoord) {
        s.pos[axis] = std::copysign(kMaxCoord, s.pos[axis]);
        s.body->velocity[axis] = 0.0;
      }
    }
    sim->posed[i].repose(s);
    sim->centres[i] = s.angle == angle0 + dq / kDeg ? s.pos + arm : to_world(s, si.centre);
  }
}

void fill_trace(const Simulation& sim, SimTrace* trace) {
  trace->pairs = sim.pairs;
  trace->contacts.clear();
  for (const SimConstraint& c : sim.constraints) {
    SimContact out;
    out.a = c.a;
    out.b = c.b;
    out.normal = -c.n;  // from b toward a
    out.count = c.count;
    out.sticking = c.count > 0;
    out.depth = -std::numeric_limits<float>::infinity();
    for (int k = 0; k < c.count; ++k) {
      out.depth = std::max(out.depth, c.p[k].depth);
      out.normal_impulse += c.p[k].pn;
      out.tangent_impulse += c.p[k].pt;
      out.sticking = out.sticking && c.p[k].sticking;
      out.points[k] = c.p[k].point;
      out.point_normal_impulse[k] = c.p[k].pn;
    }
    trace->contacts.push_back(out);
  }
}

// Which bodies move this step (dynamic and awake), and their motion at its start.
void start_bodies(Simulation* sim) {
  for (std::size_t i = 0; i < sim->scene.shapes.size(); ++i) {
    sim->moving[i] = sim->shapes[i].dynamic && sim->island[i] < 0;
    sim->bodies[i] = sim->moving[i] ? start_motion(*sim, i) : detail::SimBody{};
  }
}

}  // namespace

std::string sim_options_problem(const SimOptions& o) {
  if (!std::isfinite(o.step) || o.step < 1e-5 || o.step > 1.0) {
    return "the step must be between 0.00001 and 1 second";
  }
  if (o.substeps < 1 || o.substeps > 64) return "the sub-steps must be 1 to 64";
  if (o.iterations < 1 || o.iterations > 100) return "the iterations must be 1 to 100";
  if (o.contact_points < 1 || o.contact_points > 2) return "the contact points must be 1 or 2";
  if (!sim_lane_width_runs(o.lanes)) return "this processor cannot run eight lanes (no AVX2)";
  if (!std::isfinite(o.restitution_threshold) || o.restitution_threshold < 0.0) {
    return "the restitution threshold must be a finite number >= 0";
  }
  if (!std::isfinite(o.slop) || o.slop < 0.0) return "the slop must be a finite number >= 0";
  if (!std::isfinite(o.contact_hertz) || !(o.contact_hertz > 0.0)) {
    return "the contact hertz must be a finite number > 0";
  }
  if (!std::isfinite(o.damping_ratio) || !(o.damping_ratio > 0.0)) {
    return "the damping ratio must be a finite number > 0";
  }
  if (!std::isfinite(o.push_speed) || !(o.push_speed > 0.0)) {
    return "the push speed must be a finite number > 0";
  }
  if (!std::isfinite(o.grab_hertz) || !(o.grab_hertz > 0.0) || !std::isfinite(o.grab_damping) ||
      !(o.grab_damping > 0.0) || !std::isfinite(o.grab_max_accel) || !(o.grab_max_accel > 0.0)) {
    return "the grab's hertz, damping and acceleration must be finite numbers > 0";
  }
  if (!std::isfinite(o.grab_angular_damping) || o.grab_angular_damping < 0.0) {
    return "the grab's angular damping must be a finite number >= 0";
  }
  if (!std::isfinite(o.sleep_speed) || o.sleep_speed < 0.0 || !std::isfinite(o.time_to_sleep) ||
      o.time_to_sleep < 0.0) {
    return "the sleep speed and time must be finite numbers >= 0";
  }
  return "";
}

void sim_reload(Simulation* sim) {
  std::vector<detail::SleepingIsland> sleeping = std::move(sim->islands);
  const std::size_t n = sim->scene.shapes.size();
  sim->shapes.assign(n, detail::SimShape{});
  sim->posed.clear();
  sim->posed.reserve(n);
  sim->boxes.assign(n, Aabb{});
  sim->centres.assign(n, DVec2(0.0, 0.0));
  sim->statics.clear();
  sim->warm.clear();
  sim->bodies.assign(n, detail::SimBody{});
  sim->start_pos.assign(n, DVec2(0.0, 0.0));
  sim->rest_time.assign(n, 0.0);
  sim->island.assign(n, -1);
  sim->moving.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const Shape& s = sim->scene.shapes[i];
    if (const auto problem = shape_problem(s)) {
      throw SceneError("", s.id, problem->field, problem->message);
    }
    sim->posed.emplace_back(s);
    detail::SimShape& d = sim->shapes[i];
    d.has_body = s.body.has_value();
    d.round = s.kind == Kind::Circle;
    d.dynamic = d.has_body && s.body->type == BodyType::Dynamic;
    if (d.has_body) {
      d.restitution = static_cast<float>(s.body->restitution);
      d.friction = static_cast<float>(s.body->friction);
      d.static_friction = static_cast<float>(s.body->static_friction);
    }
    if (d.dynamic) {
      const MassProps m = mass_properties(s);
      // A sliver of a polygon can have an area so small that its mass has no inverse.
      // The solver's inverses are floats.
      const auto no_inverse = [](double x) {
        return x > 0.0 && !(1.0 / x <= std::numeric_limits<float>::max());
      };
      if (no_inverse(m.mass) || no_inverse(m.inertia)) {
        char mass[32];
        std::snprintf(mass, sizeof mass, "%g", m.mass);
        throw SceneError("", s.id, "body.density",
                         std::string("gives a mass too small to simulate (") + mass +
                             "): the shape needs more area or density");
      }
      d.inv_mass = m.mass > 0.0 ? static_cast<float>(1.0 / m.mass) : 0.0f;
      d.inv_inertia =
          m.inertia > 0.0 && !s.body->fixed_rotation ? static_cast<float>(1.0 / m.inertia) : 0.0f;
      d.centre = m.centre;
      if (d.inv_mass == 0.0f) d.dynamic = false;  // no area (refused by shape_problem)
    }
    if (!d.dynamic) sim->statics.push_back(static_cast<int>(i));
    posed_sizes(sim, i);
  }
  if (sim->scene.world) {
    if (const auto problem = gravity_problem(sim->scene.world->gravity)) {
      throw SceneError("", "", problem->field, problem->message);
    }
  }
  sim->broad.method = sim->options.broad;
  // A grab survives a reload while its body is still there and dynamic; its pull starts over.
  sim->grab.impulse = DVec2(0.0, 0.0);
  if (sim->grab.shape >= static_cast<int>(n) ||
      (sim->grab.shape >= 0 && !sim->shapes[static_cast<std::size_t>(sim->grab.shape)].dynamic)) {
    sim->grab = SimGrab{};
  }
  detail::keep_islands(sim, std::move(sleeping));
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
  const std::size_t n = sim->scene.shapes.size();
  start_bodies(sim);
  // Once more when a touch woke a sleeping island: its bodies then move in this step.
  while (!find_contacts(sim, trace, &stats)) start_bodies(sim);
  detail::prepare_contacts(sim->constraints, sim->shapes, sim->bodies,
                           sim->options.warm_start ? std::span<const detail::SimWarm>(sim->warm)
                                                   : std::span<const detail::SimWarm>());
  substeps(sim);
  bounce(sim);
  detail::store_impulses(sim->constraints, &sim->warm_next);
  std::swap(sim->warm, sim->warm_next);
  write_back(sim, trace, &stats);
  detail::fall_asleep(sim);
  for (std::size_t i = 0; i < n; ++i) {
    if (!sim->shapes[i].dynamic) continue;
    ++(sim->island[i] >= 0 ? stats.sleeping : stats.awake);
  }
  if (trace) fill_trace(*sim, trace);
  sim->time += sim->options.step;
  ++sim->steps;
  return stats;
}

bool sim_grab(Simulation* sim, int shape, Vec2 world_point) {
  sim->grab = SimGrab{};
  if (shape < 0 || shape >= static_cast<int>(sim->shapes.size())) return false;
  const std::size_t i = static_cast<std::size_t>(shape);
  if (!sim->shapes[i].dynamic) return false;
  sim_wake(sim, shape);
  sim->grab.shape = shape;
  sim->grab.local = to_local(sim->scene.shapes[i], to_d(world_point));
  sim->grab.target = to_d(world_point);
  return true;
}

void sim_grab_move(Simulation* sim, Vec2 target) {
  if (sim->grab.shape >= 0) sim->grab.target = to_d(target);
}

void sim_release(Simulation* sim) {
  sim->grab = SimGrab{};
}

std::optional<Vec2> sim_grab_point(const Simulation& sim) {
  if (sim.grab.shape < 0) return std::nullopt;
  return Vec2(to_world(sim.scene.shapes[static_cast<std::size_t>(sim.grab.shape)], sim.grab.local));
}

bool sim_asleep(const Simulation& sim, int shape) {
  return shape >= 0 && shape < static_cast<int>(sim.island.size()) &&
         sim.island[static_cast<std::size_t>(shape)] >= 0;
}

void sim_wake(Simulation* sim, int shape) {
  if (sim_asleep(*sim, shape))
    detail::wake_island(sim, sim->island[static_cast<std::size_t>(shape)]);
}

bool sim_move_static(Simulation* sim, int shape, DVec2 pos) {
  if (shape < 0 || shape >= static_cast<int>(sim->shapes.size())) return false;
  const std::size_t i = static_cast<std::size_t>(shape);
  if (sim->shapes[i].dynamic || !coord_problem(pos.x).empty() || !coord_problem(pos.y).empty()) {
    return false;
  }
  Shape& s = sim->scene.shapes[i];
  // Where it is already: nothing changes, so nothing wakes (sim_reload would wake nothing).
  if (s.pos == pos) return true;
  // The islands it was by when they fell asleep (its old place), then those whose bodies it is
  // by now: the islands sim_reload would wake for this edit.
  detail::wake_by_static(sim, shape, true);
  s.pos = pos;
  sim->posed[i].repose(s);
  posed_sizes(sim, i);
  detail::wake_by_static(sim, shape, false);
  // The step's box for a static, as find_contacts makes it. The broad phase keeps nothing
  // else of it: the grid is built afresh each step, and the tree refits a box that has left
  // its fat box when the next step hands it the boxes.
  const Aabb& b = sim->posed[i].collider().bounds;
  const Vec2 grown(static_cast<float>(kSpeculative / 2.0));
  sim->boxes[i] = Aabb{b.min - grown, b.max + grown};
  return true;
}

bool sim_set_velocity(Simulation* sim, int shape, DVec2 velocity) {
  if (shape < 0 || shape >= static_cast<int>(sim->shapes.size())) return false;
  const std::size_t i = static_cast<std::size_t>(shape);
  if (!sim->shapes[i].dynamic || !coord_problem(velocity.x).empty() ||
      !coord_problem(velocity.y).empty()) {
    return false;
  }
  // Each step starts from the velocity in the scene (start_motion), so this is all it reads.
  sim->scene.shapes[i].body->velocity = velocity;
  sim_wake(sim, shape);
  sim->rest_time[i] = 0.0;  // rests afresh, as a woken body does
  return true;
}

bool sim_push(Simulation* sim, int shape, DVec2 direction, double speed) {
  if (shape < 0 || shape >= static_cast<int>(sim->shapes.size())) return false;
  const Shape& s = sim->scene.shapes[static_cast<std::size_t>(shape)];
  if (!s.body || !std::isfinite(speed) || !(std::fabs(glm::length(direction) - 1.0) < 1e-6))
    return false;
  const double have = glm::dot(s.body->velocity, direction);
  if (!(speed > have)) return false;
  return sim_set_velocity(sim, shape, s.body->velocity + (speed - have) * direction);
}

std::uint64_t sim_hash(const Simulation& sim) {
  std::uint64_t h = 14695981039346656037ull;
  for (const Shape& s : sim.scene.shapes) {
    for (const double x : {s.pos.x, s.pos.y, s.angle}) {
      unsigned char bytes[sizeof x];
      std::memcpy(bytes, &x, sizeof x);
      for (const unsigned char b : bytes) h = (h ^ b) * 1099511628211ull;
    }
  }
  return h;
}

std::string sim_hash_line(const Simulation& sim) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(sim_hash(sim)));
  return "hitbox: play mode after " + std::to_string(sim.steps) + " steps: hash " + hex;
}

void sim_run(Simulation* sim, double seconds) {
  const double count = std::round(seconds / sim->options.step);
  for (std::int64_t k = 0; static_cast<double>(k) < count; ++k) sim_step(sim, nullptr);
}

}  // namespace hitbox
