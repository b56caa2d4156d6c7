// The lane solver's kernels (sim_lanes.h), written once over a lane width W: 1 (float), 4 or 8
// (GNU vector types: SSE2 and AVX2 on x86). sim_lanes.cpp instantiates W = 1 and 4,
// sim_lanes_eight.cpp W = 8 with AVX2 enabled. Everything here has internal linkage, so no
// function compiled for AVX2 can stand in for one of another file's. Each lane does the same
// float operations in the same order in every width, so every width gives the same bytes.
// Internal to the sim library.
#pragma once

#include <cstring>

#include "hitbox/detail/lanes.h"
#include "hitbox/simulation.h"
#include "sim_solver.h"

namespace hitbox::detail {

#if HITBOX_SIM_EIGHT
const LaneKernels& lane_kernels_eight();  // sim_lanes_eight.cpp, compiled with AVX2
#endif

namespace {

// A contact point slower than this (px/s) along its surface is held by static friction; a
// faster one slides with kinetic friction. (A sub-step of kinetic friction on a slope adds
// about g h = 2 px/s, so a point that slipped for a moment is caught again.)
constexpr float kSlideSpeed = 5.0f;

template <int W>
struct LaneType;
template <>
struct LaneType<1> {
  using V = float;
};
#if HITBOX_LANES
using Row = float __attribute__((vector_size(16)));  // one of a body's two 16-byte rows
template <>
struct LaneType<4> {
  using V = Row;
};
template <>
struct LaneType<8> {
  using V = float __attribute__((vector_size(32)));
};
#endif

template <int W>
struct Lanes {
  using V = typename LaneType<W>::V;

  HITBOX_ALWAYS_INLINE static V load(const float* p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  HITBOX_ALWAYS_INLINE static void store(float* p, V v) { std::memcpy(p, &v, sizeof v); }
  HITBOX_ALWAYS_INLINE static V splat(float x) {
    if constexpr (W == 1) {
      return x;
    } else {
      return V{} + x;
    }
  }
  template <class M>
  HITBOX_ALWAYS_INLINE static V sel(M m, V a, V b) {
    return m ? a : b;
  }
  HITBOX_ALWAYS_INLINE static V max(V a, V b) { return a > b ? a : b; }
  HITBOX_ALWAYS_INLINE static V min(V a, V b) { return a < b ? a : b; }
  HITBOX_ALWAYS_INLINE static V abs(V a) { return sel(a < V{}, -a, a); }
  HITBOX_ALWAYS_INLINE static float lane(V v, int k) {
    if constexpr (W == 1) {
      (void)k;
      return v;
    } else {
      return v[k];
    }
  }

  // Four rows (x, y, z, t of four bodies) as four lanes of x, of y, of z and of t.
#if HITBOX_LANES
  HITBOX_ALWAYS_INLINE static void transpose(Row& a, Row& b, Row& c, Row& d) {
#ifdef HITBOX_HAVE_SHUFFLEVECTOR
    const Row t0 = __builtin_shufflevector(a, b, 0, 4, 1, 5);
    const Row t1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
    const Row t2 = __builtin_shufflevector(c, d, 0, 4, 1, 5);
    const Row t3 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    a = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    b = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    c = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    d = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
#else
    Row r[4] = {a, b, c, d}, t[4];
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) t[i][j] = r[j][i];
    }
    a = t[0], b = t[1], c = t[2], d = t[3];
#endif
  }
#endif

  // Row `half` (0: v and w, 1: dp and the turn) of the bodies at index[0..W), as four lanes.
  HITBOX_ALWAYS_INLINE static void gather(const SimBody* bodies, const int* index, int half, V& x,
                                          V& y, V& z, V& t) {
    const auto row = [&](int k) {
      return reinterpret_cast<const unsigned char*>(bodies + index[k]) + 16 * half;
    };
    if constexpr (W == 1) {
      float r[4];
      std::memcpy(r, row(0), sizeof r);
      x = r[0], y = r[1], z = r[2], t = r[3];
    } else {
#if HITBOX_LANES
      Row q[W];
      for (int k = 0; k < W; ++k) std::memcpy(&q[k], row(k), sizeof(Row));
      for (int g = 0; g < W; g += 4) transpose(q[g], q[g + 1], q[g + 2], q[g + 3]);
      if constexpr (W == 4) {
        x = q[0], y = q[1], z = q[2], t = q[3];
      } else {
        x = join(q[0], q[4]), y = join(q[1], q[5]), z = join(q[2], q[6]), t = join(q[3], q[7]);
      }
#endif
    }
  }
  // Row 0 (v, w and dq) back to the bodies whose lane has `inv_mass` > 0: a static side or an
  // empty lane writes nothing, so lanes sharing a static body do not race.
  HITBOX_ALWAYS_INLINE static void scatter(SimBody* bodies, const int* index, V inv_mass, V x, V y,
                                           V z, V t) {
    const auto row = [&](int k) { return reinterpret_cast<unsigned char*>(bodies + index[k]); };
    if constexpr (W == 1) {
      if (!(inv_mass > 0.0f)) return;
      const float r[4] = {x, y, z, t};
      std::memcpy(row(0), r, sizeof r);
    } else {
#if HITBOX_LANES
      Row q[W];
      if constexpr (W == 4) {
        q[0] = x, q[1] = y, q[2] = z, q[3] = t;
      } else {
        split(x, q[0], q[4]), split(y, q[1], q[5]), split(z, q[2], q[6]), split(t, q[3], q[7]);
      }
      for (int g = 0; g < W; g += 4) transpose(q[g], q[g + 1], q[g + 2], q[g + 3]);
      for (int k = 0; k < W; ++k) {
        if (inv_mass[k] > 0.0f) std::memcpy(row(k), &q[k], sizeof(Row));
      }
#endif
    }
  }

#if HITBOX_LANES
  HITBOX_ALWAYS_INLINE static V join(Row lo, Row hi) {
#ifdef HITBOX_HAVE_SHUFFLEVECTOR
    return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7);
#else
    V v;
    for (int k = 0; k < 4; ++k) v[k] = lo[k], v[k + 4] = hi[k];
    return v;
#endif
  }
  HITBOX_ALWAYS_INLINE static void split(V v, Row& lo, Row& hi) {
#ifdef HITBOX_HAVE_SHUFFLEVECTOR
    lo = __builtin_shufflevector(v, v, 0, 1, 2, 3);
    hi = __builtin_shufflevector(v, v, 4, 5, 6, 7);
#else
    for (int k = 0; k < 4; ++k) lo[k] = v[k], hi[k] = v[k + 4];
#endif
  }
#endif
};

// The velocities of one side, with its turn so far (carried to write row 0 back whole).
template <class V>
struct Side {
  V vx, vy, w, dq;
};
template <class V>
struct Mass {
  V m, i;
};

template <int W>
struct Kernels {
  using L = Lanes<W>;
  using V = typename L::V;

  HITBOX_ALWAYS_INLINE static Side<V> gather(const SimBody* bodies, const int* index) {
    Side<V> s;
    L::gather(bodies, index, 0, s.vx, s.vy, s.w, s.dq);
    return s;
  }
  HITBOX_ALWAYS_INLINE static void scatter(SimBody* bodies, const int* index, V inv_mass,
                                           const Side<V>& s) {
    L::scatter(bodies, index, inv_mass, s.vx, s.vy, s.w, s.dq);
  }
  // Impulse (px, py) on b at rb, its opposite on a at ra.
  HITBOX_ALWAYS_INLINE static void apply(Side<V>& a, Side<V>& b, Mass<V> ma, Mass<V> mb, V rax,
                                         V ray, V rbx, V rby, V px, V py) {
    a.vx -= px * ma.m;
    a.vy -= py * ma.m;
    a.w -= ma.i * (rax * py - ray * px);
    b.vx += px * mb.m;
    b.vy += py * mb.m;
    b.w += mb.i * (rbx * py - rby * px);
  }
  // b's velocity at rb less a's at ra (w x r = (-w r.y, w r.x), clockwise on a y-down screen).
  HITBOX_ALWAYS_INLINE static void relative(const Side<V>& a, const Side<V>& b, V rax, V ray, V rbx,
                                            V rby, V* dvx, V* dvy) {
    *dvx = b.vx - b.w * rby - a.vx + a.w * ray;
    *dvy = b.vy + b.w * rbx - a.vy - a.w * rax;
  }

  // Each point's separation at the bodies' present poses: the separation at the step's start
  // plus how far the anchors, carried by each body's motion, moved along the normal. A disc's
  // anchor does not turn with it (its surface point stays where it faces the other shape).
  static void gaps(SimBlock& k, const SimBody* bodies, int l) {
    V adx, ady, aqc, aqs, bdx, bdy, bqc, bqs;
    L::gather(bodies, k.a + l, 1, adx, ady, aqc, aqs);
    L::gather(bodies, k.b + l, 1, bdx, bdy, bqc, bqs);
    const V one = L::splat(1.0f), zero{};
    const auto ra = L::load(k.round_a + l) > zero, rb = L::load(k.round_b + l) > zero;
    aqc = L::sel(ra, one, aqc), aqs = L::sel(ra, zero, aqs);
    bqc = L::sel(rb, one, bqc), bqs = L::sel(rb, zero, bqs);
    const V nx = L::load(k.nx + l), ny = L::load(k.ny + l);
    const V dx = bdx - adx, dy = bdy - ady;
    for (int j = 0; j < k.points; ++j) {
      SimLanePoint& p = k.p[j];
      const V rax = L::load(p.rax + l), ray = L::load(p.ray + l);
      const V rbx = L::load(p.rbx + l), rby = L::load(p.rby + l);
      const V mx = dx + (bqc * rbx - bqs * rby) - (aqc * rax - aqs * ray);
      const V my = dy + (bqs * rbx + bqc * rby) - (aqs * rax + aqc * ray);
      L::store(p.gap + l, mx * nx + my * ny + L::load(p.separation + l));
    }
  }

  static void warm_start(const SimBlock& k, SimBody* bodies, int l) {
    Side<V> a = gather(bodies, k.a + l);
    Side<V> b = gather(bodies, k.b + l);
    const Mass<V> ma{L::load(k.ma + l), L::load(k.ia + l)};
    const Mass<V> mb{L::load(k.mb + l), L::load(k.ib + l)};
    const V nx = L::load(k.nx + l), ny = L::load(k.ny + l);
    for (int j = 0; j < k.points; ++j) {
      const SimLanePoint& p = k.p[j];
      const V pn = L::load(p.pn + l), pt = L::load(p.pt + l);
      // n pn + t pt with the tangent t = (n.y, -n.x).
      apply(a, b, ma, mb, L::load(p.rax + l), L::load(p.ray + l), L::load(p.rbx + l),
            L::load(p.rby + l), nx * pn + ny * pt, ny * pn - nx * pt);
    }
    scatter(bodies, k.a + l, ma.m, a);
    scatter(bodies, k.b + l, mb.m, b);
  }

  template <bool kBias>
  static void solve(SimBlock& k, SimBody* bodies, const SolveParams& prm, int l) {
    Side<V> a = gather(bodies, k.a + l);
    Side<V> b = gather(bodies, k.b + l);
    const Mass<V> ma{L::load(k.ma + l), L::load(k.ia + l)};
    const Mass<V> mb{L::load(k.mb + l), L::load(k.ib + l)};
    const V nx = L::load(k.nx + l), ny = L::load(k.ny + l);
    const V zero{}, one = L::splat(1.0f);
    for (int j = 0; j < k.points; ++j) {
      SimLanePoint& p = k.p[j];
      const V rax = L::load(p.rax + l), ray = L::load(p.ray + l);
      const V rbx = L::load(p.rbx + l), rby = L::load(p.rby + l);
      const V s = L::load(p.gap + l);  // gaps()
      // A speculative point (s > 0) closes its gap in this sub-step, no more; an overlap is
      // pushed apart by the soft bias, at most push_speed.
      const auto gap = s > zero;
      V bias = L::sel(gap, s * prm.inv_h, zero), mass_scale = one, impulse_scale = zero;
      if constexpr (kBias) {
        const V push = L::max(L::load(k.bias_scale + l) * L::min(s + prm.slop, zero),
                              L::splat(-prm.push_speed));
        bias = L::sel(gap, bias, push);
        mass_scale = L::sel(gap, one, L::load(k.mass_scale + l));
        impulse_scale = L::sel(gap, zero, L::load(k.impulse_scale + l));
      }
      V dvx, dvy;
      relative(a, b, rax, ray, rbx, rby, &dvx, &dvy);
      const V vn = dvx * nx + dvy * ny;
      const V old = L::load(p.pn + l);
      const V impulse =
          -L::load(p.normal_mass + l) * (mass_scale * vn + bias) - impulse_scale * old;
      const V pn = L::max(old + impulse, zero);
      const V dpn = pn - old;
      L::store(p.pn + l, pn);
      L::store(p.max_pn + l, L::max(L::load(p.max_pn + l), pn));
      apply(a, b, ma, mb, rax, ray, rbx, rby, nx * dpn, ny * dpn);
    }
    // Friction along t = (n.y, -n.x): the impulse that stops sliding, bounded by static friction
    // while the point is not sliding (slower than kSlideSpeed), by kinetic friction once it
    // slides.
    const V fs = L::load(k.static_friction + l), fk = L::load(k.friction + l);
    const V slide = L::splat(kSlideSpeed);
    for (int j = 0; j < k.points; ++j) {
      SimLanePoint& p = k.p[j];
      const V rax = L::load(p.rax + l), ray = L::load(p.ray + l);
      const V rbx = L::load(p.rbx + l), rby = L::load(p.rby + l);
      V dvx, dvy;
      relative(a, b, rax, ray, rbx, rby, &dvx, &dvy);
      const V vt = dvx * ny - dvy * nx;
      const auto slow = L::abs(vt) < slide;
      const V pn = L::load(p.pn + l), old = L::load(p.pt + l);
      V pt = old - L::load(p.tangent_mass + l) * vt;
      const V limit = L::sel(slow, fs, fk) * pn;
      L::store(p.sticking + l, L::sel(L::abs(pt) <= fs * pn, L::sel(slow, one, zero), zero));
      pt = L::max(L::min(pt, limit), -limit);
      const V dpt = pt - old;
      L::store(p.pt + l, pt);
      apply(a, b, ma, mb, rax, ray, rbx, rby, ny * dpt, -nx * dpt);
    }
    scatter(bodies, k.a + l, ma.m, a);
    scatter(bodies, k.b + l, mb.m, b);
  }

  // The passes over blocks [first, first + count): W lanes at a time, stopping at a block's
  // first empty group (lanes fill from the first).
  static void gaps_all(SimBlock* blocks, std::size_t count, const SimBody* bodies) {
    for (std::size_t i = 0; i < count; ++i) {
      for (int l = 0; l < kSimLanes && blocks[i].con[l] >= 0; l += W) gaps(blocks[i], bodies, l);
    }
  }
  static void warm_start_all(const SimBlock* blocks, std::size_t count, SimBody* bodies) {
    for (std::size_t i = 0; i < count; ++i) {
      for (int l = 0; l < kSimLanes && blocks[i].con[l] >= 0; l += W) {
        warm_start(blocks[i], bodies, l);
      }
    }
  }
  static void solve_all(SimBlock* blocks, std::size_t count, SimBody* bodies,
                        const SolveParams& prm, bool use_bias) {
    for (std::size_t i = 0; i < count; ++i) {
      for (int l = 0; l < kSimLanes && blocks[i].con[l] >= 0; l += W) {
        if (use_bias) {
          solve<true>(blocks[i], bodies, prm, l);
        } else {
          solve<false>(blocks[i], bodies, prm, l);
        }
      }
    }
  }
  static constexpr LaneKernels table() {
    return LaneKernels{&gaps_all, &warm_start_all, &solve_all};
  }
};

}  // namespace
}  // namespace hitbox::detail
