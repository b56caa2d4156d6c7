// Play mode's sleeping: Box2D's islands, found each step from the touching constraints by a
// union-find over the moving bodies (Box2D v3 keeps them between steps; here the step's
// constraints are rebuilt each step, so are the islands, in linear time).
#include "sim_sleep.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <unordered_map>
#include <utility>

#include "hitbox/collide.h"

namespace hitbox::detail {
namespace {

// Points closer than this (px) at the step's start join two bodies into one island.
constexpr double kTouching = 1.0;

int find(std::vector<int>& parent, int i) {
  while (parent[static_cast<std::size_t>(i)] != i) {
    int& p = parent[static_cast<std::size_t>(i)];
    p = parent[static_cast<std::size_t>(p)];  // path halving
    i = p;
  }
  return i;
}

bool touching(const SimConstraint& c) {
  for (int k = 0; k < c.count; ++k) {
    if (c.p[k].depth > -kTouching) return true;
  }
  return false;
}

// A free island slot, or a new one.
int free_slot(Simulation* sim) {
  for (std::size_t k = 0; k < sim->islands.size(); ++k) {
    if (sim->islands[k].bodies.empty()) return static_cast<int>(k);
  }
  sim->islands.emplace_back();
  return static_cast<int>(sim->islands.size() - 1);
}

// The static shapes whose boxes overlap a box of the island's bodies (in index order).
std::vector<int> statics_by(const Simulation& sim, const std::vector<int>& bodies) {
  std::vector<int> out;
  for (const int k : sim.statics) {
    const Aabb& sb = sim.posed[static_cast<std::size_t>(k)].collider().bounds;
    for (const int i : bodies) {
      if (aabb_overlaps(sb, sim.posed[static_cast<std::size_t>(i)].collider().bounds)) {
        out.push_back(k);
        break;
      }
    }
  }
  return out;
}

// Put the bodies to sleep as one island: stopped, and remembered as they are.
void sleep_island(Simulation* sim, std::vector<int> bodies) {
  const int k = free_slot(sim);
  SleepingIsland& isl = sim->islands[static_cast<std::size_t>(k)];
  isl.statics = statics_by(*sim, bodies);
  isl.then.clear();
  for (const int i : bodies) {
    Shape& s = sim->scene.shapes[static_cast<std::size_t>(i)];
    s.body->velocity = DVec2(0.0, 0.0);
    s.body->angular_velocity = 0.0;
    sim->island[static_cast<std::size_t>(i)] = k;
    isl.then.push_back(s);
  }
  for (const int i : isl.statics)
    isl.then.push_back(sim->scene.shapes[static_cast<std::size_t>(i)]);
  isl.bodies = std::move(bodies);
}

}  // namespace

bool sleep_on(const Simulation& sim) {
  return sim.options.sleep && (!sim.scene.world || sim.scene.world->sleep);
}

void fall_asleep(Simulation* sim) {
  if (!sleep_on(*sim)) return;
  const std::size_t n = sim->scene.shapes.size();
  const double deg = std::numbers::pi / 180.0;
  std::vector<int>& parent = sim->island_parent;
  parent.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    parent[i] = static_cast<int>(i);
    if (!sim->moving[i]) continue;
    const BodySpec& b = *sim->scene.shapes[i].body;
    const double speed =
        glm::length(b.velocity) + std::abs(b.angular_velocity) * deg * sim->shapes[i].reach;
    const bool held = static_cast<int>(i) == sim->grab.shape;
    sim->rest_time[i] =
        speed > sim->options.sleep_speed || held ? 0.0 : sim->rest_time[i] + sim->options.step;
  }
  for (const SimConstraint& c : sim->constraints) {
    const std::size_t a = static_cast<std::size_t>(c.a), b = static_cast<std::size_t>(c.b);
    if (!sim->moving[a] || !sim->moving[b] || !touching(c)) continue;
    const int ra = find(parent, c.a), rb = find(parent, c.b);
    if (ra != rb) parent[static_cast<std::size_t>(std::max(ra, rb))] = std::min(ra, rb);
  }
  // The least rest time of each island, at its root (the smallest index in it).
  std::vector<double>& least = sim->island_rest;
  least.assign(n, 0.0);
  bool any = false;
  for (std::size_t i = 0; i < n; ++i) {
    if (!sim->moving[i]) continue;
    const std::size_t r = static_cast<std::size_t>(find(parent, static_cast<int>(i)));
    least[r] = r == i ? sim->rest_time[i] : std::min(least[r], sim->rest_time[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    any = any || (sim->moving[i] &&
                  least[static_cast<std::size_t>(parent[i])] >= sim->options.time_to_sleep);
  }
  if (!any) return;
  // Roots come first in index order, so each island is gathered when its root is met.
  for (std::size_t r = 0; r < n; ++r) {
    if (!sim->moving[r] || parent[r] != static_cast<int>(r) ||
        least[r] < sim->options.time_to_sleep) {
      continue;
    }
    std::vector<int> bodies;
    for (std::size_t i = r; i < n; ++i) {
      if (sim->moving[i] && find(parent, static_cast<int>(i)) == static_cast<int>(r)) {
        bodies.push_back(static_cast<int>(i));
      }
    }
    for (const int i : bodies) sim->moving[static_cast<std::size_t>(i)] = 0;
    sleep_island(sim, std::move(bodies));
  }
}

void wake_island(Simulation* sim, int k) {
  SleepingIsland& isl = sim->islands[static_cast<std::size_t>(k)];
  for (const int i : isl.bodies) {
    sim->island[static_cast<std::size_t>(i)] = -1;
    sim->rest_time[static_cast<std::size_t>(i)] = 0.0;
  }
  isl = SleepingIsland{};
}

void wake_by_static(Simulation* sim, int shape, bool before) {
  const Aabb& box = sim->posed[static_cast<std::size_t>(shape)].collider().bounds;
  for (std::size_t k = 0; k < sim->islands.size(); ++k) {
    const SleepingIsland& isl = sim->islands[k];
    if (isl.bodies.empty()) continue;
    bool by = false;
    if (before) {
      by = std::find(isl.statics.begin(), isl.statics.end(), shape) != isl.statics.end();
    } else {
      for (const int i : isl.bodies) {
        by = by || aabb_overlaps(box, sim->posed[static_cast<std::size_t>(i)].collider().bounds);
      }
    }
    if (by) wake_island(sim, static_cast<int>(k));
  }
}

void keep_islands(Simulation* sim, std::vector<SleepingIsland> before) {
  sim->islands.clear();
  if (before.empty() || !sleep_on(*sim)) return;
  std::unordered_map<std::string, int> by_id;
  for (std::size_t i = 0; i < sim->scene.shapes.size(); ++i) {
    // Two shapes of one id: which one an island meant is unknown, so neither is found.
    const auto [it, fresh] = by_id.emplace(sim->scene.shapes[i].id, static_cast<int>(i));
    if (!fresh) it->second = -1;
  }
  for (SleepingIsland& old : before) {
    if (old.bodies.empty()) continue;
    SleepingIsland now;
    bool same = true;
    for (std::size_t k = 0; k < old.then.size() && same; ++k) {
      const auto it = by_id.find(old.then[k].id);
      same = it != by_id.end() && it->second >= 0 &&
             sim->scene.shapes[static_cast<std::size_t>(it->second)] == old.then[k];
      if (same) (k < old.bodies.size() ? now.bodies : now.statics).push_back(it->second);
    }
    // A static shape added or moved beside it since it fell asleep wakes it too.
    same = same && statics_by(*sim, now.bodies) == [&] {
      std::vector<int> sorted = now.statics;
      std::sort(sorted.begin(), sorted.end());
      return sorted;
    }();
    if (!same) continue;
    for (const int i : now.bodies) {
      if (!sim->shapes[static_cast<std::size_t>(i)].dynamic) same = false;
    }
    if (!same) continue;
    now.then = std::move(old.then);
    const int slot = static_cast<int>(sim->islands.size());
    for (const int i : now.bodies) sim->island[static_cast<std::size_t>(i)] = slot;
    sim->islands.push_back(std::move(now));
  }
}

}  // namespace hitbox::detail
