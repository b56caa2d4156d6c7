// The lane solver's packing (sim_lanes.h): colours, blocks of eight constraints, and the
// choice of kernel width. The kernels are sim_lane_kernels.h's: widths 1 and 4 built here, 8
// in sim_lanes_eight.cpp.
#include "sim_lanes.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "sim_lane_kernels.h"

namespace hitbox::detail {
namespace {

// Point j of lane l from p, or zeros (no impulse) when the lane has no such point.
void fill_point(SimLanePoint& q, int l, const SimPoint* p) {
  const SimPoint zero{};
  const SimPoint& s = p ? *p : zero;
  q.rax[l] = s.ra.x;
  q.ray[l] = s.ra.y;
  q.rbx[l] = s.rb.x;
  q.rby[l] = s.rb.y;
  q.separation[l] = s.separation;
  q.normal_mass[l] = s.normal_mass;
  q.tangent_mass[l] = s.tangent_mass;
  q.gap[l] = 0.0f;
  q.pn[l] = s.pn;
  q.pt[l] = s.pt;
  q.max_pn[l] = s.max_pn;
  q.sticking[l] = 0.0f;
}

// Every field of lane l of block k: from constraint `ci`, or an empty lane (ci -1: con -1, body
// 0 and zero masses, so it writes no body). Each block is written whole, once a step.
void fill_lane(SimBlock& k, int l, int ci, std::span<const SimConstraint> cons,
               std::span<const SimShape> shapes, const SolveParams& prm) {
  if (ci < 0) {
    k.con[l] = -1;
    k.a[l] = k.b[l] = 0;
    k.round_a[l] = k.round_b[l] = 0.0f;
    k.ma[l] = k.ia[l] = k.mb[l] = k.ib[l] = 0.0f;
    k.nx[l] = k.ny[l] = k.friction[l] = k.static_friction[l] = 0.0f;
    k.mass_scale[l] = k.bias_scale[l] = k.impulse_scale[l] = 0.0f;
    fill_point(k.p[0], l, nullptr);
    fill_point(k.p[1], l, nullptr);
    return;
  }
  const SimConstraint& c = cons[static_cast<std::size_t>(ci)];
  const SimShape& sa = shapes[static_cast<std::size_t>(c.a)];
  const SimShape& sb = shapes[static_cast<std::size_t>(c.b)];
  k.con[l] = ci;
  k.a[l] = c.a;
  k.b[l] = c.b;
  k.round_a[l] = sa.round ? 1.0f : 0.0f;
  k.round_b[l] = sb.round ? 1.0f : 0.0f;
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
  fill_point(k.p[0], l, &c.p[0]);
  fill_point(k.p[1], l, c.count > 1 ? &c.p[1] : nullptr);
}

constexpr LaneKernels kOne = Kernels<1>::table();
#if HITBOX_LANES
constexpr LaneKernels kFour = Kernels<4>::table();
#else
constexpr LaneKernels kFour = kOne;  // no vector types: four lanes run one at a time
#endif

}  // namespace

const LaneKernels& lane_kernels(SimLaneWidth w) {
  if (w == SimLaneWidth::Best) w = sim_best_lane_width();
  switch (w) {
    case SimLaneWidth::One:
      return kOne;
#if HITBOX_SIM_EIGHT
    case SimLaneWidth::Eight:
      return lane_kernels_eight();
#endif
    default:
      return kFour;
  }
}

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
  std::size_t blocks = static_cast<std::size_t>(count[kSimColours]);
  for (int colour = 0; colour < kSimColours; ++colour) {
    if (count[colour] > 0) lanes->colours = colour + 1;
    blocks += static_cast<std::size_t>((count[colour] + kSimLanes - 1) / kSimLanes);
  }
  lanes->blocks.resize(blocks);  // reused: fill_lane writes every field
  SimBlock* k = lanes->blocks.data();
  for (int colour = 0; colour <= kSimColours; ++colour) {
    const int per_block = colour < kSimColours ? kSimLanes : 1;
    const int first = start[2 * colour], end = start[2 * colour + 2];
    for (int i = first; i < end; i += per_block, ++k) {
      k->points = 0;
      for (int l = 0; l < kSimLanes; ++l) {
        const int ci =
            l < per_block && i + l < end ? lanes->order[static_cast<std::size_t>(i + l)] : -1;
        fill_lane(*k, l, ci, cons, shapes, prm);
        if (ci >= 0) k->points = std::max(k->points, cons[static_cast<std::size_t>(ci)].count);
      }
    }
  }
  lanes->alone = count[kSimColours];
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
        p.sticking = k.p[j].sticking[l] != 0.0f;
      }
    }
  }
}

}  // namespace hitbox::detail

namespace hitbox {

bool sim_lane_width_runs(SimLaneWidth w) {
  if (w != SimLaneWidth::Eight) return true;
#if HITBOX_SIM_EIGHT
  return __builtin_cpu_supports("avx2");
#else
  return false;
#endif
}

SimLaneWidth sim_best_lane_width() {
  static const SimLaneWidth best =
      sim_lane_width_runs(SimLaneWidth::Eight) ? SimLaneWidth::Eight : SimLaneWidth::Four;
  return best;
}

}  // namespace hitbox
