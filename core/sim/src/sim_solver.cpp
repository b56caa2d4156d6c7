// The soft step's contact stages around the solve (Box2D v3's contact solver, Catto "Solver2D"
// 2024), written for Hitbox in floats: preparing the constraints, restitution and its energy
// limit, the grab's spring. The warm start and solve run in lanes (sim_lanes.cpp).
#include "sim_solver.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hitbox::detail {
namespace {

// At most this many restitution passes (apply_restitution).
constexpr int kRestitutionPasses = 50;

// w x r: the velocity of a point at r on a body turning at w (clockwise on a y-down screen).
Vec2 cross_w(float w, Vec2 r) {
  return Vec2(-w * r.y, w * r.x);
}
Vec2 tangent_of(Vec2 n) {
  return Vec2(n.y, -n.x);
}

// The velocity of b's point relative to a's.
Vec2 relative(const SimBody& a, const SimBody& b, const SimPoint& p) {
  return b.v + cross_w(b.w, p.rb) - a.v - cross_w(a.w, p.ra);
}

// Impulse P on b at rb, -P on a at ra.
void apply(SimBody& a, SimBody& b, const SimShape& sa, const SimShape& sb, const SimPoint& p,
           Vec2 P) {
  a.v -= P * sa.inv_mass;
  a.w -= sa.inv_inertia * cross(p.ra, P);
  b.v += P * sb.inv_mass;
  b.w += sb.inv_inertia * cross(p.rb, P);
}

}  // namespace

std::uint64_t pair_key(int a, int b) {
  return static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32 |
         static_cast<std::uint32_t>(b);
}

Softness make_soft(double hertz, double zeta, double h) {
  if (hertz == 0.0) return Softness{0.0f, 1.0f, 0.0f};
  const double omega = 2.0 * std::numbers::pi * hertz;
  const double a1 = 2.0 * zeta + h * omega;
  const double a2 = h * omega * a1;
  const double a3 = 1.0 / (1.0 + a2);
  return Softness{to_float(omega / a1), to_float(a2 * a3), to_float(a3)};
}

SolveParams solve_params(const SimOptions& o, double h) {
  // Stiffer than a quarter of the sub-step rate and the spring is not resolved (Box2D).
  const double hertz = std::min(o.contact_hertz, 0.25 / h);
  SolveParams p;
  p.inv_h = static_cast<float>(1.0 / h);
  p.dynamic = make_soft(hertz, o.damping_ratio, h);
  p.fixed = make_soft(2.0 * hertz, o.damping_ratio, h);
  p.push_speed = to_float(o.push_speed);
  p.slop = to_float(o.slop);
  return p;
}

void prepare_contacts(std::span<SimConstraint> cons, std::span<const SimShape> shapes,
                      std::span<const SimBody> bodies, std::span<const SimWarm> warm) {
  std::size_t w = 0;  // walks `warm` beside the constraints: both are in pair order
  for (SimConstraint& c : cons) {
    const SimShape& sa = shapes[static_cast<std::size_t>(c.a)];
    const SimShape& sb = shapes[static_cast<std::size_t>(c.b)];
    const SimBody& ba = bodies[static_cast<std::size_t>(c.a)];
    const SimBody& bb = bodies[static_cast<std::size_t>(c.b)];
    const std::uint64_t key = pair_key(c.a, c.b);
    while (w < warm.size() && warm[w].pair < key) ++w;
    const Vec2 t = tangent_of(c.n);
    for (int k = 0; k < c.count; ++k) {
      SimPoint& p = c.p[k];
      const float rna = cross(p.ra, c.n), rnb = cross(p.rb, c.n);
      const float kn =
          sa.inv_mass + sb.inv_mass + sa.inv_inertia * rna * rna + sb.inv_inertia * rnb * rnb;
      const float rta = cross(p.ra, t), rtb = cross(p.rb, t);
      const float kt =
          sa.inv_mass + sb.inv_mass + sa.inv_inertia * rta * rta + sb.inv_inertia * rtb * rtb;
      p.normal_mass = kn > 0.0f ? 1.0f / kn : 0.0f;
      p.tangent_mass = kt > 0.0f ? 1.0f / kt : 0.0f;
      p.vn0 = dot(relative(ba, bb, p), c.n);
      p.pn = p.pt = p.max_pn = 0.0f;
      for (std::size_t j = w; j < warm.size() && warm[j].pair == key; ++j) {
        if (warm[j].id != p.id) continue;
        p.pn = warm[j].pn;
        p.pt = std::clamp(warm[j].pt, -c.static_friction * p.pn, c.static_friction * p.pn);
        break;
      }
    }
  }
}

namespace {
// Whether restitution works on point p of c: it met faster than the threshold and pushed.
bool bounces(const SimConstraint& c, const SimPoint& p, float threshold) {
  return c.restitution != 0.0f && p.vn0 <= -threshold && p.max_pn > 0.0f;
}
}  // namespace

bool apply_restitution(std::span<SimConstraint> cons, std::span<const SimShape> shapes,
                       std::span<SimBody> bodies, float threshold, std::vector<int>* bouncing) {
  bouncing->clear();
  for (std::size_t i = 0; i < cons.size(); ++i) {
    const SimConstraint& c = cons[i];
    bool any = false;
    for (int k = 0; k < c.count; ++k) any = any || bounces(c, c.p[k], threshold);
    if (any) bouncing->push_back(static_cast<int>(i));
  }
  // Passes over the bouncing constraints until no impulse moves by more than 1e-6 of the
  // largest: one pass leaves two contacts on one body (a ball in a wedge) each bouncing off the
  // other's answer, which adds energy; the converged answer takes none (e <= 1).
  for (int pass = 0; pass < kRestitutionPasses && !bouncing->empty(); ++pass) {
    float largest = 0.0f, moved = 0.0f;
    for (const int i : *bouncing) {
      SimConstraint& c = cons[static_cast<std::size_t>(i)];
      const SimShape& sa = shapes[static_cast<std::size_t>(c.a)];
      const SimShape& sb = shapes[static_cast<std::size_t>(c.b)];
      SimBody& ba = bodies[static_cast<std::size_t>(c.a)];
      SimBody& bb = bodies[static_cast<std::size_t>(c.b)];
      for (int k = 0; k < c.count; ++k) {
        SimPoint& p = c.p[k];
        if (!bounces(c, p, threshold)) continue;
        const float vn = dot(relative(ba, bb, p), c.n);
        const float impulse = -p.normal_mass * (vn + c.restitution * p.vn0);
        const float pn = std::max(p.pn + impulse, 0.0f);
        const float dpn = pn - p.pn;
        p.pn = pn;
        p.max_pn = std::max(p.max_pn, pn);
        largest = std::max(largest, pn);
        moved = std::max(moved, std::abs(dpn));
        apply(ba, bb, sa, sb, p, c.n * dpn);
      }
    }
    if (pass > 0 && moved <= 1e-6f * largest) break;
  }
  return !bouncing->empty();
}

void limit_bounce_energy(std::span<const SimConstraint> cons, std::span<const SimShape> shapes,
                         std::span<SimBody> bodies, int held, BounceScratch* scratch) {
  const std::size_t n = bodies.size();
  std::vector<int>& root = scratch->root;
  root.resize(n);
  for (std::size_t i = 0; i < n; ++i) root[i] = static_cast<int>(i);
  const auto find = [&](int i) {
    while (root[static_cast<std::size_t>(i)] != i) {
      int& up = root[static_cast<std::size_t>(i)];
      up = root[static_cast<std::size_t>(up)];
      i = up;
    }
    return i;
  };
  // Groups: bodies joined by a contact that bounced (a static side joins nothing).
  std::vector<std::uint8_t>& bounced = scratch->bounced;
  bounced.assign(n, 0);
  for (const int ci : scratch->bouncing) {
    const SimConstraint& c = cons[static_cast<std::size_t>(ci)];
    const bool da = shapes[static_cast<std::size_t>(c.a)].dynamic;
    const bool db = shapes[static_cast<std::size_t>(c.b)].dynamic;
    if (da) bounced[static_cast<std::size_t>(c.a)] = 1;
    if (db) bounced[static_cast<std::size_t>(c.b)] = 1;
    if (da && db) root[static_cast<std::size_t>(find(c.a))] = find(c.b);
  }
  // Per group: the energy after the solve (e0), the allowed (free flight, or e0 if more), and
  // E(t) = e0 + t lin + t^2 quad along the bounce's change of velocity, summed in doubles.
  std::vector<BounceScratch::Group>& group = scratch->group;
  group.assign(n, BounceScratch::Group{});
  const auto energy = [&](std::size_t i, DVec2 v, double w) {
    const SimShape& s = shapes[i];
    return 0.5 * glm::dot(v, v) / s.inv_mass +
           (s.inv_inertia > 0.0f ? 0.5 * w * w / s.inv_inertia : 0.0);
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (!bounced[i]) continue;
    BounceScratch::Group& g = group[static_cast<std::size_t>(find(static_cast<int>(i)))];
    const SimBody& b = bodies[i];
    const SimBody& before = scratch->solved[i];
    const SimBody& flight = scratch->free[i];
    const DVec2 v0(before.v), dv = DVec2(b.v) - v0;
    const double w0 = before.w, dw = double(b.w) - w0;
    const SimShape& s = shapes[i];
    g.e0 += energy(i, v0, w0);
    g.allowed += energy(i, DVec2(flight.v), flight.w);
    g.lin += glm::dot(v0, dv) / s.inv_mass + (s.inv_inertia > 0.0f ? w0 * dw / s.inv_inertia : 0.0);
    g.quad += energy(i, dv, dw);
    g.held = g.held || static_cast<int>(i) == held;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!bounced[i]) continue;
    const BounceScratch::Group& g = group[static_cast<std::size_t>(find(static_cast<int>(i)))];
    const double limit = std::max(g.allowed, g.e0) * (1.0 + 1e-9);
    if (g.held || g.e0 + g.lin + g.quad <= limit || g.quad <= 0.0) continue;
    // The largest t in [0, 1] with E(t) <= limit (E(0) = e0 <= limit).
    const double t = std::clamp(
        (-g.lin + std::sqrt(g.lin * g.lin + 4.0 * g.quad * (limit - g.e0))) / (2.0 * g.quad), 0.0,
        1.0);
    SimBody& b = bodies[i];
    const SimBody& before = scratch->solved[i];
    const float ft = static_cast<float>(t);
    b.v = before.v + (b.v - before.v) * ft;
    b.w = before.w + (b.w - before.w) * ft;
  }
}

void solve_grab(SimGrab* grab, const GrabStep& g, std::span<const SimShape> shapes,
                std::span<SimBody> bodies) {
  if (g.body < 0) return;
  const SimShape& s = shapes[static_cast<std::size_t>(g.body)];
  SimBody& b = bodies[static_cast<std::size_t>(g.body)];
  b.w *= g.spin_keep;
  // The held point turns with the body, a disc's too (a disc's contact anchors do not).
  const Vec2 r(b.qc * g.r0.x - b.qs * g.r0.y, b.qs * g.r0.x + b.qc * g.r0.y);
  // Warm start: the spring's pull so far, applied at the held point.
  b.v += grab->impulse * s.inv_mass;
  b.w += s.inv_inertia * cross(r, grab->impulse);
  // K = 1/m I + (1/I) [r.y^2, -r.x r.y; -r.x r.y, r.x^2]: the held point's response to an
  // impulse there; solving K P = -(v_point + bias) stops the point's motion plus the bias.
  const float k11 = s.inv_mass + s.inv_inertia * r.y * r.y;
  const float k12 = -s.inv_inertia * r.x * r.y;
  const float k22 = s.inv_mass + s.inv_inertia * r.x * r.x;
  float det = k11 * k22 - k12 * k12;
  if (det == 0.0f) return;
  det = 1.0f / det;
  const Vec2 c = g.from_target + b.dp + r;  // how far the point is from the target
  const Vec2 vp = b.v + cross_w(b.w, r);
  const Vec2 rhs = vp + c * g.soft.bias_rate;
  const Vec2 solved(det * (k22 * rhs.x - k12 * rhs.y), det * (k11 * rhs.y - k12 * rhs.x));
  const Vec2 old = grab->impulse;
  Vec2 total = old - solved * g.soft.mass_scale - old * g.soft.impulse_scale;
  const float len = std::sqrt(dot(total, total));
  if (len > g.max_impulse) total *= g.max_impulse / len;
  const Vec2 P = total - old;
  grab->impulse = total;
  b.v += P * s.inv_mass;
  b.w += s.inv_inertia * cross(r, P);
}

void store_impulses(std::span<const SimConstraint> cons, std::vector<SimWarm>* warm) {
  warm->clear();
  for (const SimConstraint& c : cons) {
    const std::uint64_t key = pair_key(c.a, c.b);
    for (int k = 0; k < c.count; ++k) {
      warm->push_back(SimWarm{key, c.p[k].id, c.p[k].pn, c.p[k].pt});
    }
  }
}

}  // namespace hitbox::detail
