// The soft step's warm start and solve over coloured blocks of four constraints (sim_lanes.h).
// Each lane does what one constraint's solve does, in doubles; a block gathers its bodies'
// motion, solves, and writes back the velocities of its dynamic bodies.
#include "sim_lanes.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "hitbox/detail/lanes.h"

namespace hitbox::detail {
namespace {

// A contact point slower than this (px/s) along its surface is held by static friction; a
// faster one slides with kinetic friction. (A sub-step of kinetic friction on a slope adds
// about g h = 2 px/s, so a point that slipped for a moment is caught again.)
constexpr double kSlideSpeed = 5.0;

// L: the lanes one operation works on. Two doubles (one SSE register on x86) where the
// compiler has vector types, else one double, the kernel then running once per lane.
#if HITBOX_LANES
constexpr int kWidth = 2;
using L = double __attribute__((vector_size(8 * kWidth)));
#else
constexpr int kWidth = 1;
using L = double;
#endif
static_assert(kSimLanes % kWidth == 0, "a block is whole lane groups");

HITBOX_ALWAYS_INLINE L load(const double* p) {
  L v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
HITBOX_ALWAYS_INLINE void store(double* p, L v) {
  std::memcpy(p, &v, sizeof v);
}
HITBOX_ALWAYS_INLINE L splat(double x) {
  return L{} + x;
}
template <class M>
HITBOX_ALWAYS_INLINE L sel(M m, L a, L b) {
  return m ? a : b;
}
HITBOX_ALWAYS_INLINE L lmax(L a, L b) {
  return a > b ? a : b;
}
HITBOX_ALWAYS_INLINE L lmin(L a, L b) {
  return a < b ? a : b;
}
HITBOX_ALWAYS_INLINE L labs(L a) {
  return sel(a < L{}, -a, a);
}
HITBOX_ALWAYS_INLINE double lane(L v, int k) {
#if HITBOX_LANES
  return v[k];
#else
  (void)k;
  return v;
#endif
}

HITBOX_ALWAYS_INLINE void set(L& v, int k, double x) {
#if HITBOX_LANES
  v[k] = x;
#else
  (void)k;
  v = x;
#endif
}

// The velocities of one side of kWidth lanes.
struct Side {
  L vx, vy, w;
};
HITBOX_ALWAYS_INLINE Side gather(const SimBody* bodies, const int* index) {
  Side s;
  for (int k = 0; k < kWidth; ++k) {
    const SimBody& b = bodies[index[k]];
    set(s.vx, k, b.v.x);
    set(s.vy, k, b.v.y);
    set(s.w, k, b.w);
  }
  return s;
}
// How far one side has moved and turned since the step began. A disc's anchor does not turn
// with it (its surface point stays where it faces the other shape): its lane reads no turn.
struct Moved {
  L dpx, dpy, qc, qs;
};
HITBOX_ALWAYS_INLINE Moved gather_moved(const SimBody* bodies, const int* index,
                                        const bool* round) {
  Moved m;
  for (int k = 0; k < kWidth; ++k) {
    const SimBody& b = bodies[index[k]];
    set(m.dpx, k, b.dp.x);
    set(m.dpy, k, b.dp.y);
    set(m.qc, k, round[k] ? 1.0 : b.qc);
    set(m.qs, k, round[k] ? 0.0 : b.qs);
  }
  return m;
}
// Velocities back to the dynamic bodies (inverse mass > 0); a static side or an empty lane
// writes nothing, so lanes sharing a static body do not race.
HITBOX_ALWAYS_INLINE void scatter(SimBody* bodies, const int* index, L inv_mass, const Side& s) {
  for (int k = 0; k < kWidth; ++k) {
    if (!(lane(inv_mass, k) > 0.0)) continue;
    SimBody& b = bodies[index[k]];
    b.v = DVec2(lane(s.vx, k), lane(s.vy, k));
    b.w = lane(s.w, k);
  }
}

// The masses of one side.
struct Mass {
  L m, i;
};
// Impulse (px, py) on b at rb, its opposite on a at ra.
HITBOX_ALWAYS_INLINE void apply(Side& a, Side& b, Mass ma, Mass mb, L rax, L ray, L rbx, L rby,
                                L px, L py) {
  a.vx -= px * ma.m;
  a.vy -= py * ma.m;
  a.w -= ma.i * (rax * py - ray * px);
  b.vx += px * mb.m;
  b.vy += py * mb.m;
  b.w += mb.i * (rbx * py - rby * px);
}
// b's velocity at rb less a's at ra (w x r = (-w r.y, w r.x), clockwise on a y-down screen).
HITBOX_ALWAYS_INLINE void relative(const Side& a, const Side& b, L rax, L ray, L rbx, L rby, L* dvx,
                                   L* dvy) {
  *dvx = b.vx - b.w * rby - a.vx + a.w * ray;
  *dvy = b.vy + b.w * rbx - a.vy - a.w * rax;
}

// Each point's separation at the bodies' present poses: the separation at the step's start
// plus how far the anchors, carried by each body's motion, moved along the normal.
void gap_group(SimBlock& k, const SimBody* bodies, int l) {
  const Moved a = gather_moved(bodies, k.a + l, k.round_a + l);
  const Moved b = gather_moved(bodies, k.b + l, k.round_b + l);
  const L nx = load(k.nx + l), ny = load(k.ny + l);
  const L dx = b.dpx - a.dpx, dy = b.dpy - a.dpy;
  for (int j = 0; j < k.points; ++j) {
    SimLanePoint& p = k.p[j];
    const L rax = load(p.rax + l), ray = load(p.ray + l);
    const L rbx = load(p.rbx + l), rby = load(p.rby + l);
    const L mx = dx + (b.qc * rbx - b.qs * rby) - (a.qc * rax - a.qs * ray);
    const L my = dy + (b.qs * rbx + b.qc * rby) - (a.qs * rax + a.qc * ray);
    store(p.gap + l, mx * nx + my * ny + load(p.separation + l));
  }
}

void warm_start_group(const SimBlock& k, SimBody* bodies, int l) {
  Side a = gather(bodies, k.a + l);
  Side b = gather(bodies, k.b + l);
  const Mass ma{load(k.ma + l), load(k.ia + l)}, mb{load(k.mb + l), load(k.ib + l)};
  const L nx = load(k.nx + l), ny = load(k.ny + l);
  for (int j = 0; j < k.points; ++j) {
    const SimLanePoint& p = k.p[j];
    const L pn = load(p.pn + l), pt = load(p.pt + l);
    // n pn + t pt with the tangent t = (n.y, -n.x).
    apply(a, b, ma, mb, load(p.rax + l), load(p.ray + l), load(p.rbx + l), load(p.rby + l),
          nx * pn + ny * pt, ny * pn - nx * pt);
  }
  scatter(bodies, k.a + l, ma.m, a);
  scatter(bodies, k.b + l, mb.m, b);
}

template <bool kBias>
void solve_group(SimBlock& k, SimBody* bodies, const SolveParams& prm, int l) {
  Side a = gather(bodies, k.a + l);
  Side b = gather(bodies, k.b + l);
  const Mass ma{load(k.ma + l), load(k.ia + l)}, mb{load(k.mb + l), load(k.ib + l)};
  const L nx = load(k.nx + l), ny = load(k.ny + l);
  const L zero{}, one = splat(1.0);
  for (int j = 0; j < k.points; ++j) {
    SimLanePoint& p = k.p[j];
    const L rax = load(p.rax + l), ray = load(p.ray + l);
    const L rbx = load(p.rbx + l), rby = load(p.rby + l);
    const L s = load(p.gap + l);  // gaps_lanes()
    // A speculative point (s > 0) closes its gap in this sub-step, no more; an overlap is
    // pushed apart by the soft bias, at most push_speed.
    const auto gap = s > zero;
    L bias = sel(gap, s * prm.inv_h, zero), mass_scale = one, impulse_scale = zero;
    if constexpr (kBias) {
      const L push =
          lmax(load(k.bias_scale + l) * lmin(s + prm.slop, zero), splat(-prm.push_speed));
      bias = sel(gap, bias, push);
      mass_scale = sel(gap, one, load(k.mass_scale + l));
      impulse_scale = sel(gap, zero, load(k.impulse_scale + l));
    }
    L dvx, dvy;
    relative(a, b, rax, ray, rbx, rby, &dvx, &dvy);
    const L vn = dvx * nx + dvy * ny;
    const L old = load(p.pn + l);
    const L impulse = -load(p.normal_mass + l) * (mass_scale * vn + bias) - impulse_scale * old;
    const L pn = lmax(old + impulse, zero);
    const L dpn = pn - old;
    store(p.pn + l, pn);
    store(p.max_pn + l, lmax(load(p.max_pn + l), pn));
    apply(a, b, ma, mb, rax, ray, rbx, rby, nx * dpn, ny * dpn);
  }
  // Friction along t = (n.y, -n.x): the impulse that stops sliding, bounded by static friction
  // while the point is not sliding (slower than kSlideSpeed), by kinetic friction once it slides.
  const L fs = load(k.static_friction + l), fk = load(k.friction + l);
  const L slide = splat(kSlideSpeed);
  for (int j = 0; j < k.points; ++j) {
    SimLanePoint& p = k.p[j];
    const L rax = load(p.rax + l), ray = load(p.ray + l);
    const L rbx = load(p.rbx + l), rby = load(p.rby + l);
    L dvx, dvy;
    relative(a, b, rax, ray, rbx, rby, &dvx, &dvy);
    const L vt = dvx * ny - dvy * nx;
    const auto slow = labs(vt) < slide;
    const L pn = load(p.pn + l), old = load(p.pt + l);
    L pt = old - load(p.tangent_mass + l) * vt;
    const L limit = sel(slow, fs, fk) * pn;
    store(p.sticking + l, sel(labs(pt) <= fs * pn, sel(slow, one, zero), zero));
    pt = lmax(lmin(pt, limit), -limit);
    const L dpt = pt - old;
    store(p.pt + l, pt);
    apply(a, b, ma, mb, rax, ray, rbx, rby, ny * dpt, -nx * dpt);
  }
  scatter(bodies, k.a + l, ma.m, a);
  scatter(bodies, k.b + l, mb.m, b);
}

// Lane l of block k from constraint `ci` (empty lanes stay as SimBlock{} left them).
void fill_lane(SimBlock& k, int l, int ci, const SimConstraint& c, std::span<const SimShape> shapes,
               const SolveParams& prm) {
  const SimShape& sa = shapes[static_cast<std::size_t>(c.a)];
  const SimShape& sb = shapes[static_cast<std::size_t>(c.b)];
  k.con[l] = ci;
  k.a[l] = c.a;
  k.b[l] = c.b;
  k.round_a[l] = sa.round;
  k.round_b[l] = sb.round;
  k.ma[l] = sa.inv_mass;
  k.ia[l] = sa.inv_inertia;
  k.mb[l] = sb.inv_mass;
  k.ib[l] = sb.inv_inertia;
  k.nx[l] = c.n.x;
  k.ny[l] = c.n.y;
  k.friction[l] = c.friction;
  k.static_friction[l] = c.static_friction;
  const Softness& soft = c.touches_static ? prm.fixed : prm.dynamic;
  k.mass_scale[l] = soft.mass_scale;
  k.bias_scale[l] = soft.mass_scale * soft.bias_rate;
  k.impulse_scale[l] = soft.impulse_scale;
  for (int j = 0; j < c.count; ++j) {
    const SimPoint& p = c.p[j];
    SimLanePoint& q = k.p[j];
    q.rax[l] = p.ra.x;
    q.ray[l] = p.ra.y;
    q.rbx[l] = p.rb.x;
    q.rby[l] = p.rb.y;
    q.separation[l] = p.separation;
    q.normal_mass[l] = p.normal_mass;
    q.tangent_mass[l] = p.tangent_mass;
    q.pn[l] = p.pn;
    q.pt[l] = p.pt;
    q.max_pn[l] = p.max_pn;
  }
}

SimBlock empty_block() {
  SimBlock k{};
  for (int l = 0; l < kSimLanes; ++l) k.con[l] = -1;
  return k;
}

}  // namespace

void pack_lanes(std::span<const SimConstraint> cons, std::span<const SimShape> shapes,
                const SolveParams& prm, std::size_t bodies, SimLanes* lanes) {
  const std::size_t words = (bodies + 63) / 64;
  lanes->used.assign(kSimColours * words, 0);
  lanes->colour.resize(cons.size());
  int count[kSimColours + 1] = {};  // per colour, and the constraints alone
  // Greedy, in pair order: the first colour holding neither dynamic body. A static body is
  // only read, so any number of one colour's constraints may share it. Pairs with a static
  // side start at colour 1, so they are solved after some of the dynamic pairs and have the
  // last word more often (Box2D v3 does the same): a stack of ten boxes then leans 0.08 degrees
  // in 10 s, where starting them at colour 0 gave 0.1 and its top moved 0.6 px.
  for (std::size_t i = 0; i < cons.size(); ++i) {
    const SimConstraint& c = cons[i];
    const std::size_t a = static_cast<std::size_t>(c.a), b = static_cast<std::size_t>(c.b);
    const bool da = shapes[a].dynamic, db = shapes[b].dynamic;
    const std::uint64_t bit_a = std::uint64_t{1} << (a % 64), bit_b = std::uint64_t{1} << (b % 64);
    int colour = da && db ? 0 : 1;
    for (; colour < kSimColours; ++colour) {
      std::uint64_t* used = lanes->used.data() + static_cast<std::size_t>(colour) * words;
      if ((da && (used[a / 64] & bit_a)) || (db && (used[b / 64] & bit_b))) continue;
      if (da) used[a / 64] |= bit_a;
      if (db) used[b / 64] |= bit_b;
      break;
    }
    lanes->colour[i] = colour;
    ++count[colour];
  }
  // Constraints by colour, two-point pairs before one-point pairs in each, so that most blocks
  // solve only the points they have (a counting sort on colour and count keeps pair order).
  const auto key = [&](std::size_t i) { return 2 * lanes->colour[i] + (cons[i].count == 1); };
  int start[2 * kSimColours + 3] = {};
  for (std::size_t i = 0; i < cons.size(); ++i) ++start[key(i) + 1];
  for (int k = 0; k < 2 * kSimColours + 2; ++k) start[k + 1] += start[k];
  lanes->order.resize(cons.size());
  int next[2 * kSimColours + 2];
  std::memcpy(next, start, sizeof next);
  for (std::size_t i = 0; i < cons.size(); ++i) {
    lanes->order[static_cast<std::size_t>(next[key(i)]++)] = static_cast<int>(i);
  }
  lanes->colours = 0;
  lanes->blocks.clear();
  for (int colour = 0; colour <= kSimColours; ++colour) {
    if (count[colour] > 0 && colour < kSimColours) lanes->colours = colour + 1;
    const int per_block = colour < kSimColours ? kSimLanes : 1;
    const int first = start[2 * colour], end = start[2 * colour + 2];
    for (int i = first; i < end; i += per_block) {
      SimBlock& k = lanes->blocks.emplace_back(empty_block());
      for (int l = 0; l < per_block && i + l < end; ++l) {
        const int ci = lanes->order[static_cast<std::size_t>(i + l)];
        const SimConstraint& c = cons[static_cast<std::size_t>(ci)];
        fill_lane(k, l, ci, c, shapes, prm);
        k.points = std::max(k.points, c.count);
      }
    }
  }
  lanes->alone = count[kSimColours];
}

void gaps_lanes(std::span<SimBlock> blocks, std::span<const SimBody> bodies) {
  for (SimBlock& k : blocks) {
    for (int l = 0; l < kSimLanes; l += kWidth) gap_group(k, bodies.data(), l);
  }
}

void warm_start_lanes(std::span<const SimBlock> blocks, std::span<SimBody> bodies) {
  for (const SimBlock& k : blocks) {
    for (int l = 0; l < kSimLanes; l += kWidth) warm_start_group(k, bodies.data(), l);
  }
}

void solve_lanes(std::span<SimBlock> blocks, std::span<SimBody> bodies, const SolveParams& prm,
                 bool use_bias) {
  for (SimBlock& k : blocks) {
    for (int l = 0; l < kSimLanes; l += kWidth) {
      if (use_bias) {
        solve_group<true>(k, bodies.data(), prm, l);
      } else {
        solve_group<false>(k, bodies.data(), prm, l);
      }
    }
  }
}

void unpack_lanes(std::span<const SimBlock> blocks, std::span<SimConstraint> cons) {
  for (const SimBlock& k : blocks) {
    for (int l = 0; l < kSimLanes; ++l) {
      if (k.con[l] < 0) continue;
      SimConstraint& c = cons[static_cast<std::size_t>(k.con[l])];
      for (int j = 0; j < c.count; ++j) {
        SimPoint& p = c.p[j];
        p.pn = k.p[j].pn[l];
        p.pt = k.p[j].pt[l];
        p.max_pn = k.p[j].max_pn[l];
        p.sticking = k.p[j].sticking[l] != 0.0;
      }
    }
  }
}

}  // namespace hitbox::detail
