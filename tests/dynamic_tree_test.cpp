// The dynamic tree (core/collide/src/dynamic_tree.cpp) and the pair finder on it (broad_tree.cpp):
// cases worked by hand, then seeded random runs of thousands of creates, moves and destroys
// checked against brute force over the fat boxes: box queries, ray casts (a slab test in
// doubles written here), the tree's invariants, its height, and the fresh pairs.
#include "hitbox/dynamic_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "hitbox/broad_tree.h"

namespace {

using hitbox::Aabb;
using hitbox::BroadPair;
using hitbox::BroadTree;
using hitbox::DynamicTree;
using hitbox::TreeRay;
using hitbox::Vec2;

Aabb box(float x0, float y0, float x1, float y1) {
  return Aabb{Vec2(x0, y0), Vec2(x1, y1)};
}

bool same_box(const Aabb& a, const Aabb& b) {
  return a.min == b.min && a.max == b.max;
}

// Closed boxes, compared in doubles.
bool overlap_ref(const Aabb& a, const Aabb& b) {
  return double(a.min.x) <= double(b.max.x) && double(b.min.x) <= double(a.max.x) &&
         double(a.min.y) <= double(b.max.y) && double(b.min.y) <= double(a.max.y);
}

// The segment o + t d, t in [0, max], against the box grown by `grow` (shrunk when
// negative): where it enters, or -1.
double ray_ref(const Aabb& b, Vec2 o, Vec2 d, double max, double grow) {
  double lo = 0.0, hi = max;
  for (int a = 0; a < 2; ++a) {
    const double mn = double(b.min[a]) - grow, mx = double(b.max[a]) + grow;
    if (mn > mx) return -1.0;
    if (d[a] == 0.0f) {
      if (double(o[a]) < mn || double(o[a]) > mx) return -1.0;
      continue;
    }
    double t1 = (mn - double(o[a])) / double(d[a]), t2 = (mx - double(o[a])) / double(d[a]);
    if (t1 > t2) std::swap(t1, t2);
    lo = std::max(lo, t1);
    hi = std::min(hi, t2);
  }
  return lo <= hi ? lo : -1.0;
}

// A hit or miss that the tree's float arithmetic could read either way: it flips when the
// box grows or shrinks by a thousandth of a pixel.
constexpr double kRayEps = 1e-3;
bool borderline(const Aabb& b, Vec2 o, Vec2 d, double max) {
  return (ray_ref(b, o, d, max, kRayEps) >= 0.0) != (ray_ref(b, o, d, max, -kRayEps) >= 0.0);
}

std::vector<int> query_all(const DynamicTree& t, const Aabb& q) {
  std::vector<int> got;
  hitbox::tree_query(t, q, [&](int p) {
    got.push_back(p);
    return true;
  });
  std::sort(got.begin(), got.end());
  return got;
}

// ---------------------------------------------------------------- by hand

TEST(DynamicTree, AnEmptyTreeAnswersNothing) {
  DynamicTree t;
  EXPECT_EQ(hitbox::tree_height(t), -1);
  EXPECT_EQ(hitbox::tree_node_count(t), 0);
  EXPECT_EQ(hitbox::tree_validate(t), "");
  EXPECT_TRUE(query_all(t, box(-1e6f, -1e6f, 1e6f, 1e6f)).empty());
  int calls = 0;
  hitbox::tree_ray_cast(t, TreeRay{Vec2(0, 0), Vec2(10, 10), 1.0f}, [&](const TreeRay&, int) {
    ++calls;
    return -1.0f;
  });
  EXPECT_EQ(calls, 0);
}

TEST(DynamicTree, AProxyGetsItsBoxGrownByTheMarginAndKeepsItsUserValue) {
  DynamicTree t;  // default margin, 4 px
  const int p = hitbox::tree_create_proxy(&t, box(10, 20, 30, 40), 77);
  EXPECT_TRUE(same_box(hitbox::tree_fat_box(t, p), box(6, 16, 34, 44)));
  EXPECT_EQ(hitbox::tree_user(t, p), 77);
  EXPECT_EQ(hitbox::tree_height(t), 0);
  EXPECT_EQ(hitbox::tree_node_count(t), 1);

  DynamicTree tight{.margin = 0.0f};
  const int q = hitbox::tree_create_proxy(&tight, box(10, 20, 30, 40), 5);
  EXPECT_TRUE(same_box(hitbox::tree_fat_box(tight, q), box(10, 20, 30, 40)));
}

TEST(DynamicTree, ThreeBoxesAnswerQueriesByTheirFatBoxes) {
  DynamicTree t{.margin = 1.0f};
  const int a = hitbox::tree_create_proxy(&t, box(0, 0, 10, 10), 0);     // fat -1..11
  const int b = hitbox::tree_create_proxy(&t, box(20, 0, 30, 10), 1);    // fat 19..31
  const int c = hitbox::tree_create_proxy(&t, box(0, 100, 10, 110), 2);  // fat y 99..111
  EXPECT_EQ(hitbox::tree_node_count(t), 5);
  EXPECT_EQ(hitbox::tree_height(t), 2);
  EXPECT_EQ(hitbox::tree_validate(t), "");
  // x 11..19 touches a's fat box at 11 and b's at 19: closed boxes, both count.
  EXPECT_EQ(query_all(t, box(11, 5, 19, 6)), (std::vector<int>{a, b}));
  // 11.5..18.5 lies in the gap.
  EXPECT_TRUE(query_all(t, box(11.5f, 5, 18.5f, 6)).empty());
  EXPECT_EQ(query_all(t, box(5, 50, 6, 99)), (std::vector<int>{c}));

  // A callback returning false stops the query at its first proxy.
  int calls = 0;
  hitbox::tree_query(t, box(-100, -100, 100, 200), [&](int) {
    ++calls;
    return false;
  });
  EXPECT_EQ(calls, 1);
}

TEST(DynamicTree, AMoveInsideTheFatBoxChangesNothing) {
  DynamicTree t;                                                      // margin 4
  const int p = hitbox::tree_create_proxy(&t, box(0, 0, 10, 10), 0);  // fat -4..14
  hitbox::tree_create_proxy(&t, box(50, 50, 60, 60), 1);
  // 3 px right: still inside -4..14.
  EXPECT_FALSE(hitbox::tree_move_proxy(&t, p, box(3, 0, 13, 10)));
  EXPECT_TRUE(same_box(hitbox::tree_fat_box(t, p), box(-4, -4, 14, 14)));
  // 5 px right: max x 15 leaves it; the fat box is made again around the new box.
  EXPECT_TRUE(hitbox::tree_move_proxy(&t, p, box(5, 0, 15, 10)));
  EXPECT_TRUE(same_box(hitbox::tree_fat_box(t, p), box(1, -4, 19, 14)));
  // A displacement of (2, -1) stretches it 4 times that on its side: +8 on x, -4 on y.
  EXPECT_TRUE(hitbox::tree_move_proxy(&t, p, box(30, 0, 40, 10), Vec2(2, -1)));
  EXPECT_TRUE(same_box(hitbox::tree_fat_box(t, p), box(26, -8, 52, 14)));
  // Come to rest inside it: the stretched box is within 4 margins of the new fat box, kept.
  EXPECT_FALSE(hitbox::tree_move_proxy(&t, p, box(31, 0, 41, 10)));
  // A fast body stops: its box stretched 80 px ahead is more than 4 margins beyond what it
  // needs now, and is shrunk.
  EXPECT_TRUE(hitbox::tree_move_proxy(&t, p, box(100, 0, 110, 10), Vec2(20, 0)));
  EXPECT_TRUE(same_box(hitbox::tree_fat_box(t, p), box(96, -4, 194, 14)));
  EXPECT_TRUE(hitbox::tree_move_proxy(&t, p, box(100, 0, 110, 10)));
  EXPECT_TRUE(same_box(hitbox::tree_fat_box(t, p), box(96, -4, 114, 14)));
  EXPECT_EQ(hitbox::tree_validate(t), "");
}

TEST(DynamicTree, ARayVisitsTheNearerBoxFirstAndCanBeClipped) {
  DynamicTree t{.margin = 0.0f};
  const int far = hitbox::tree_create_proxy(&t, box(40, 0, 50, 10), 0);   // enters at 0.4
  const int near = hitbox::tree_create_proxy(&t, box(10, 0, 20, 10), 1);  // enters at 0.1
  const int off = hitbox::tree_create_proxy(&t, box(10, 20, 20, 30), 2);  // off the ray
  const TreeRay ray{Vec2(0, 5), Vec2(100, 0), 1.0f};

  std::vector<int> all;
  hitbox::tree_ray_cast(t, ray, [&](const TreeRay& r, int p) {
    all.push_back(p);
    return r.max_fraction;  // keep every hit
  });
  EXPECT_EQ(all, (std::vector<int>{near, far}));

  // The closest hit: clipped to 0.1 at the near box, the far one is never offered.
  std::vector<int> clipped;
  hitbox::tree_ray_cast(t, ray, [&](const TreeRay&, int p) {
    clipped.push_back(p);
    return p == near ? 0.1f : 0.4f;
  });
  EXPECT_EQ(clipped, (std::vector<int>{near}));

  // Stopped by 0; -1 ignores a proxy and goes on.
  int calls = 0;
  hitbox::tree_ray_cast(t, ray, [&](const TreeRay&, int) { return ++calls, 0.0f; });
  EXPECT_EQ(calls, 1);
  calls = 0;
  hitbox::tree_ray_cast(t, ray, [&](const TreeRay&, int) { return ++calls, -1.0f; });
  EXPECT_EQ(calls, 2);

  // A max fraction of 0.3 stops short of the far box; a ray along y = 10 grazes both.
  all.clear();
  hitbox::tree_ray_cast(t, TreeRay{Vec2(0, 5), Vec2(100, 0), 0.3f}, [&](const TreeRay&, int p) {
    all.push_back(p);
    return -1.0f;
  });
  EXPECT_EQ(all, (std::vector<int>{near}));
  all.clear();
  hitbox::tree_ray_cast(t, TreeRay{Vec2(0, 10), Vec2(100, 0), 1.0f}, [&](const TreeRay&, int p) {
    all.push_back(p);
    return -1.0f;
  });
  EXPECT_EQ(all, (std::vector<int>{near, far}));
  // A vertical ray along x = 20 touches the near box's right side, and the box off the ray.
  all.clear();
  hitbox::tree_ray_cast(t, TreeRay{Vec2(20, -5), Vec2(0, 40), 1.0f}, [&](const TreeRay&, int p) {
    all.push_back(p);
    return -1.0f;
  });
  EXPECT_EQ(all, (std::vector<int>{near, off}));
}

TEST(DynamicTree, ARayTouchingACornerOrCrossingAFlatBoxHitsIt) {
  DynamicTree t;
  t.margin = 0.0f;
  const int corner = hitbox::tree_create_proxy(&t, box(10, 10, 20, 20), 0);
  const int wall = hitbox::tree_create_proxy(&t, box(30, 0, 30, 10), 1);  // no width
  hitbox::tree_create_proxy(&t, box(60, 60, 70, 70), 2);
  const auto hits = [&](TreeRay ray) {
    std::vector<int> got;
    hitbox::tree_ray_cast(t, ray, [&](const TreeRay&, int p) {
      got.push_back(p);
      return -1.0f;
    });
    std::sort(got.begin(), got.end());
    return got;
  };
  // From (0, 20) up and right: at t = 0.5 the ray is at (10, 10), the corner, and no more.
  EXPECT_EQ(hits(TreeRay{Vec2(0, 20), Vec2(20, -20), 1.0f}), (std::vector<int>{corner}));
  // Enters and leaves the wall at the same fraction, 0.3.
  EXPECT_EQ(hits(TreeRay{Vec2(0, 5), Vec2(100, 0), 1.0f}), (std::vector<int>{wall}));
  // Stops exactly at it.
  EXPECT_EQ(hits(TreeRay{Vec2(0, 5), Vec2(100, 0), 0.3f}), (std::vector<int>{wall}));
  EXPECT_TRUE(hits(TreeRay{Vec2(0, 5), Vec2(100, 0), 0.29f}).empty());
}

TEST(DynamicTree, BoxesInsertedAlongALineStayShallow) {
  for (const int n : {2, 3, 17, 1000, 10000}) {
    DynamicTree t;
    for (int i = 0; i < n; ++i) {
      hitbox::tree_create_proxy(&t, box(float(i) * 10, 0, float(i) * 10 + 8, 8), i);
    }
    ASSERT_EQ(hitbox::tree_validate(t), "") << n;
    EXPECT_LT(hitbox::tree_height(t), 2.5 * std::log2(double(n)) + 4) << n;
    // No child more than two levels taller than its sibling: a tree of height h then has at
    // least N(h) = N(h - 1) + N(h - 3) leaves (N(0..2) = 1, 2, 3).
    std::vector<long> least{1, 2, 3};
    while (least.back() <= n) least.push_back(least[least.size() - 1] + least[least.size() - 3]);
    EXPECT_LE(hitbox::tree_height(t), int(least.size()) - 2) << n;
  }
}

TEST(DynamicTree, DestroyingEveryOtherProxyKeepsTheTreeValid) {
  DynamicTree t;
  std::vector<int> ids;
  for (int i = 0; i < 2000; ++i) {
    ids.push_back(hitbox::tree_create_proxy(&t, box(float(i), float(i % 7), float(i) + 3, 9), i));
  }
  for (int i = 0; i < 2000; i += 2) hitbox::tree_destroy_proxy(&t, ids[std::size_t(i)]);
  ASSERT_EQ(hitbox::tree_validate(t), "");
  EXPECT_EQ(t.proxy_count, 1000);
  EXPECT_EQ(hitbox::tree_node_count(t), 1999);
  EXPECT_LT(hitbox::tree_height(t), 2.5 * std::log2(1000.0) + 4);
  // Freed nodes are used again: 1000 more proxies need no more than the array holds.
  const std::size_t capacity = t.nodes.size();
  for (int i = 0; i < 1000; ++i) hitbox::tree_create_proxy(&t, box(0, 0, 1, 1), i);
  EXPECT_EQ(t.nodes.size(), capacity);
  EXPECT_EQ(hitbox::tree_validate(t), "");
  hitbox::tree_clear(&t);
  EXPECT_EQ(hitbox::tree_height(t), -1);
  EXPECT_EQ(hitbox::tree_validate(t), "");
}

// ---------------------------------------------------------------- against brute force

// A random tight box: mostly small, some on a lattice (edges that meet exactly), points,
// floors and walls.
Aabb random_box(std::mt19937& rng, float world) {
  std::uniform_real_distribution<float> pos(0.0f, world), size(0.0f, 40.0f);
  std::uniform_int_distribution<int> kind(0, 19), lattice(0, int(world / 8.0f));
  const int k = kind(rng);
  Vec2 lo, ext;
  if (k < 5) {
    lo = Vec2(float(lattice(rng) * 8), float(lattice(rng) * 8));
    ext = Vec2(float(int(size(rng)) / 8 * 8), float(int(size(rng)) / 8 * 8));
  } else if (k == 5) {
    lo = Vec2(pos(rng), pos(rng));
    ext = Vec2(0.0f);
  } else if (k == 6) {
    lo = Vec2(pos(rng) - world / 2, pos(rng));
    ext = (rng() & 1) != 0 ? Vec2(world, 8.0f) : Vec2(8.0f, world);
  } else {
    lo = Vec2(pos(rng), pos(rng));
    ext = Vec2(size(rng), size(rng));
  }
  return Aabb{lo, lo + ext};
}

struct Live {
  int proxy;
  Aabb tight;
};

void check_queries(const DynamicTree& t, const std::vector<Live>& live, std::mt19937& rng,
                   float world) {
  std::uniform_real_distribution<float> pos(-50.0f, world + 50.0f), size(0.0f, 120.0f);
  for (int q = 0; q < 20; ++q) {
    const Vec2 lo(pos(rng), pos(rng));
    const Aabb query{lo, lo + Vec2(size(rng), size(rng))};
    std::vector<int> want;
    for (const Live& l : live) {
      if (overlap_ref(hitbox::tree_fat_box(t, l.proxy), query)) want.push_back(l.proxy);
    }
    std::sort(want.begin(), want.end());
    ASSERT_EQ(query_all(t, query), want);
  }
}

void check_rays(const DynamicTree& t, const std::vector<Live>& live, std::mt19937& rng,
                float world) {
  std::uniform_real_distribution<float> pos(-50.0f, world + 50.0f), frac(0.0f, 1.5f);
  std::uniform_int_distribution<int> lattice(0, int(world / 8.0f)), kind(0, 3);
  for (int q = 0; q < 10; ++q) {
    TreeRay ray{Vec2(pos(rng), pos(rng)), Vec2(pos(rng), pos(rng)) - Vec2(world / 2), frac(rng)};
    if (kind(rng) == 0) {  // along a lattice line: flat on one axis, grazing edges
      const float line = float(lattice(rng) * 8);
      if ((rng() & 1) != 0) {
        ray.origin.x = line;
        ray.translation.x = 0.0f;
      } else {
        ray.origin.y = line;
        ray.translation.y = 0.0f;
      }
    }
    // Every hit, each once.
    std::vector<int> got;
    hitbox::tree_ray_cast(t, ray, [&](const TreeRay& r, int p) {
      EXPECT_EQ(r.max_fraction, ray.max_fraction);
      got.push_back(p);
      return -1.0f;
    });
    std::sort(got.begin(), got.end());
    ASSERT_TRUE(std::adjacent_find(got.begin(), got.end()) == got.end());
    double closest = INFINITY, closest_any = INFINITY;
    for (const Live& l : live) {
      const Aabb& fat = hitbox::tree_fat_box(t, l.proxy);
      const bool hit_got = std::binary_search(got.begin(), got.end(), l.proxy);
      const double enter = ray_ref(fat, ray.origin, ray.translation, ray.max_fraction, 0.0);
      // The box grown by kRayEps: the least any box can give the closest-hit callback.
      const double loose = ray_ref(fat, ray.origin, ray.translation, ray.max_fraction, kRayEps);
      if (loose >= 0.0) closest_any = std::min(closest_any, loose);
      if (borderline(fat, ray.origin, ray.translation, ray.max_fraction)) continue;
      ASSERT_EQ(hit_got, enter >= 0.0)
          << "proxy " << l.proxy << " ray (" << ray.origin.x << ", " << ray.origin.y << ") + ("
          << ray.translation.x << ", " << ray.translation.y << ") * " << ray.max_fraction;
      if (enter >= 0.0) closest = std::min(closest, enter);
    }
    // The closest hit: the callback clips to where the ray enters each box.
    double found = INFINITY;
    hitbox::tree_ray_cast(t, ray, [&](const TreeRay& r, int p) {
      const double e = ray_ref(hitbox::tree_fat_box(t, p), ray.origin, ray.translation,
                               double(r.max_fraction), kRayEps);
      if (e < 0.0) return -1.0f;
      found = std::min(found, e);
      return float(e);
    });
    if (std::isfinite(closest)) {
      EXPECT_LE(found, closest + 1e-5);
    }
    if (std::isfinite(found)) {
      EXPECT_GE(found, closest_any);
    }
  }
}

void random_run(std::uint32_t seed, float margin, int ops, int max_live) {
  std::mt19937 rng(seed);
  const float world = 1000.0f;
  DynamicTree t{.margin = margin};
  std::vector<Live> live;
  std::uniform_int_distribution<int> op(0, 9);
  std::uniform_real_distribution<float> small(-3.0f, 3.0f), large(-200.0f, 200.0f);
  int moved = 0, kept = 0;
  for (int i = 0; i < ops; ++i) {
    const int o = op(rng);
    if (live.empty() || (o < 3 && int(live.size()) < max_live)) {
      const Aabb b = random_box(rng, world);
      const int user = int(rng() % 100000);
      const int p = hitbox::tree_create_proxy(&t, b, user);
      ASSERT_EQ(hitbox::tree_user(t, p), user);
      live.push_back(Live{p, b});
    } else if (o < 4) {
      const std::size_t k = rng() % live.size();
      hitbox::tree_destroy_proxy(&t, live[k].proxy);
      live[k] = live.back();
      live.pop_back();
    } else {
      Live& l = live[rng() % live.size()];
      const bool far = o == 9;
      const Vec2 d = far ? Vec2(large(rng), large(rng)) : Vec2(small(rng), small(rng));
      const Vec2 predict = (rng() & 1) != 0 ? d : Vec2(0.0f);
      const Aabb before = hitbox::tree_fat_box(t, l.proxy);
      l.tight = Aabb{l.tight.min + d, l.tight.max + d};
      const bool changed = hitbox::tree_move_proxy(&t, l.proxy, l.tight, predict);
      const Aabb& after = hitbox::tree_fat_box(t, l.proxy);
      if (changed) {
        ++moved;
        ASSERT_TRUE(same_box(after, hitbox::tree_fatten(l.tight, margin, predict)));
      } else {
        ++kept;
        ASSERT_TRUE(same_box(after, before));
      }
      ASSERT_TRUE(after.min.x <= l.tight.min.x && after.min.y <= l.tight.min.y &&
                  l.tight.max.x <= after.max.x && l.tight.max.y <= after.max.y);
    }
    if (i % 97 == 0) {
      ASSERT_EQ(hitbox::tree_validate(t), "") << "after op " << i;
      ASSERT_EQ(t.proxy_count, int(live.size()));
      check_queries(t, live, rng, world);
      check_rays(t, live, rng, world);
      if (::testing::Test::HasFatalFailure()) return;
      if (live.size() > 4) {
        EXPECT_LT(hitbox::tree_height(t), 2.5 * std::log2(double(live.size())) + 4);
      }
    }
    if (i % 1500 == 1499) {  // rebuilt all at once, then used on
      hitbox::tree_rebuild(&t);
      ASSERT_EQ(hitbox::tree_validate(t), "") << "after rebuild at op " << i;
      check_queries(t, live, rng, world);
      check_rays(t, live, rng, world);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // Both kinds of move happened: a small step mostly stays in its fat box.
  if (margin > 0.0f) {
    EXPECT_GT(kept, 0);
  }
  EXPECT_GT(moved, 0);
}

TEST(DynamicTree, RandomOperationsMatchBruteForce) {
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    SCOPED_TRACE(seed);
    random_run(seed, 4.0f, 5000, 400);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(DynamicTree, RandomOperationsMatchBruteForceWithNoMargin) {
  random_run(101, 0.0f, 5000, 300);
}

TEST(DynamicTree, RebuildKeepsIdsAndMakesATreeOfLogHeight) {
  std::mt19937 rng(7);
  DynamicTree t;
  std::vector<Live> live;
  for (int i = 0; i < 3000; ++i) {
    const Aabb b = random_box(rng, 2000.0f);
    live.push_back(Live{hitbox::tree_create_proxy(&t, b, i), b});
  }
  std::vector<Aabb> fat;
  for (const Live& l : live) fat.push_back(hitbox::tree_fat_box(t, l.proxy));
  hitbox::tree_rebuild(&t);
  ASSERT_EQ(hitbox::tree_validate(t), "");
  EXPECT_LE(hitbox::tree_height(t), int(std::ceil(std::log2(3000.0))));
  for (std::size_t i = 0; i < live.size(); ++i) {
    EXPECT_TRUE(same_box(hitbox::tree_fat_box(t, live[i].proxy), fat[i]));
    EXPECT_EQ(hitbox::tree_user(t, live[i].proxy), int(i));
  }
  check_queries(t, live, rng, 2000.0f);
  check_rays(t, live, rng, 2000.0f);
}

// ---------------------------------------------------------------- the pair finder

using PairSet = std::set<std::pair<int, int>>;

PairSet overlapping_now(const BroadTree& bt, int keys) {
  PairSet out;
  for (int a = 0; a < keys; ++a) {
    if (!hitbox::broad_tree_has(bt, a)) continue;
    for (int b = a + 1; b < keys; ++b) {
      if (!hitbox::broad_tree_has(bt, b)) continue;
      if (overlap_ref(hitbox::broad_tree_fat_box(bt, a), hitbox::broad_tree_fat_box(bt, b))) {
        out.emplace(a, b);
      }
    }
  }
  return out;
}

PairSet as_set(const std::vector<BroadPair>& v) {
  PairSet out;
  for (const BroadPair& p : v) out.emplace(p.a, p.b);
  return out;
}

bool sorted_unique_ordered(const std::vector<BroadPair>& v) {
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i].a >= v[i].b) return false;
    if (i > 0 && !(v[i - 1].a < v[i].a || (v[i - 1].a == v[i].a && v[i - 1].b < v[i].b))) {
      return false;
    }
  }
  return true;
}

TEST(BroadTree, PairsBeginOnceAndEndWhenTheFatBoxesPart) {
  BroadTree bt;
  bt.tree.margin = 1.0f;
  hitbox::broad_tree_add(&bt, 0, box(0, 0, 10, 10));
  hitbox::broad_tree_add(&bt, 1, box(11, 0, 21, 10));  // fat boxes -1..11 and 10..22 overlap
  hitbox::broad_tree_add(&bt, 5, box(100, 0, 110, 10));
  std::vector<BroadPair> fresh;
  hitbox::broad_tree_update_pairs(&bt, &fresh);
  EXPECT_EQ(fresh, (std::vector<BroadPair>{{0, 1}}));
  // Nothing moved: nothing new.
  hitbox::broad_tree_update_pairs(&bt, &fresh);
  EXPECT_TRUE(fresh.empty());
  // 1 moves inside its fat box: no re-query, the pair holds.
  EXPECT_FALSE(hitbox::broad_tree_move(&bt, 1, box(11.5f, 0, 21.5f, 10)));
  EXPECT_TRUE(bt.moved.empty());
  // 1 moves far enough to leave its fat box but still overlaps 0's: not new.
  EXPECT_TRUE(hitbox::broad_tree_move(&bt, 1, box(8, 3, 18, 13)));
  hitbox::broad_tree_update_pairs(&bt, &fresh);
  EXPECT_TRUE(fresh.empty());
  EXPECT_TRUE(hitbox::broad_tree_overlaps(bt, 0, 1));
  // 1 goes next to 5: (1, 5) begins, (0, 1) ends.
  EXPECT_TRUE(hitbox::broad_tree_move(&bt, 1, box(95, 0, 99, 10)));
  hitbox::broad_tree_update_pairs(&bt, &fresh);
  EXPECT_EQ(fresh, (std::vector<BroadPair>{{1, 5}}));
  EXPECT_FALSE(hitbox::broad_tree_overlaps(bt, 0, 1));
  // Both 0 and 5 move onto 1 in the same step: each pair reported once.
  hitbox::broad_tree_move(&bt, 0, box(90, 0, 96, 10));
  hitbox::broad_tree_move(&bt, 5, box(96, 0, 106, 10));
  hitbox::broad_tree_update_pairs(&bt, &fresh);
  EXPECT_EQ(fresh, (std::vector<BroadPair>{{0, 1}, {0, 5}}));
  // Removed and added again under the same key before the update: its pairs are new.
  hitbox::broad_tree_remove(&bt, 5);
  EXPECT_FALSE(hitbox::broad_tree_overlaps(bt, 1, 5));
  hitbox::broad_tree_add(&bt, 5, box(96, 0, 106, 10));
  hitbox::broad_tree_update_pairs(&bt, &fresh);
  EXPECT_EQ(fresh, (std::vector<BroadPair>{{0, 5}, {1, 5}}));
  hitbox::broad_tree_all_pairs(bt, &fresh);
  EXPECT_EQ(fresh, (std::vector<BroadPair>{{0, 1}, {0, 5}, {1, 5}}));
  // World queries by key.
  std::vector<int> keys;
  hitbox::broad_tree_query(bt, box(103, 5, 103, 5), [&](int k) {
    keys.push_back(k);
    return true;
  });
  EXPECT_EQ(keys, (std::vector<int>{5}));
  keys.clear();
  hitbox::broad_tree_ray_cast(bt, TreeRay{Vec2(200, 5), Vec2(-200, 0), 1.0f},
                              [&](const TreeRay&, int k) {
                                keys.push_back(k);
                                return -1.0f;
                              });
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<int>{0, 1, 5}));
}

// Play mode's protocol (broad_tree.h) over thousands of random steps: the fresh pairs are
// exactly the brute-force pairs overlapping now that did not at the previous update, and the
// contacts kept by the protocol are exactly the pairs overlapping now.
TEST(BroadTree, RandomStepsMatchBruteForce) {
  for (std::uint32_t seed = 11; seed <= 14; ++seed) {
    SCOPED_TRACE(seed);
    std::mt19937 rng(seed);
    const int keys = 200;
    const float world = 700.0f;
    BroadTree bt;
    bt.tree.margin = seed % 2 == 0 ? 3.0f : 0.5f;
    std::vector<Aabb> tight(keys);
    std::uniform_real_distribution<float> small(-2.0f, 2.0f), large(-60.0f, 60.0f);
    std::uniform_int_distribution<int> op(0, 99), pick(0, keys - 1);
    PairSet previous, contacts;
    std::vector<BroadPair> fresh;
    std::int64_t total_fresh = 0;
    for (int step = 0; step < 400; ++step) {
      std::set<int> removed;  // since the previous update
      for (int k = 0; k < 60; ++k) {
        const int key = pick(rng);
        const int o = op(rng);
        if (!hitbox::broad_tree_has(bt, key)) {
          if (o < 50) {
            tight[std::size_t(key)] = random_box(rng, world);
            hitbox::broad_tree_add(&bt, key, tight[std::size_t(key)]);
          }
        } else if (o < 4) {
          hitbox::broad_tree_remove(&bt, key);
          removed.insert(key);
        } else {
          const Vec2 d = o < 90 ? Vec2(small(rng), small(rng)) : Vec2(large(rng), large(rng));
          Aabb& b = tight[std::size_t(key)];
          b = Aabb{b.min + d, b.max + d};
          hitbox::broad_tree_move(&bt, key, b, o < 50 ? d : Vec2(0.0f));
        }
      }
      // The caller drops a removed key's contacts at once.
      for (auto it = contacts.begin(); it != contacts.end();) {
        it = removed.count(it->first) || removed.count(it->second) ? contacts.erase(it) : ++it;
      }
      hitbox::broad_tree_update_pairs(&bt, &fresh);
      ASSERT_TRUE(sorted_unique_ordered(fresh));
      const PairSet now = overlapping_now(bt, keys);
      PairSet want;
      for (const auto& p : now) {
        const bool was =
            previous.count(p) != 0 && removed.count(p.first) == 0 && removed.count(p.second) == 0;
        if (!was) want.insert(p);
      }
      ASSERT_EQ(as_set(fresh), want) << "step " << step;
      total_fresh += std::int64_t(fresh.size());
      for (const BroadPair& p : fresh) {
        ASSERT_TRUE(contacts.emplace(p.a, p.b).second) << "begun twice: " << p.a << ", " << p.b;
      }
      for (auto it = contacts.begin(); it != contacts.end();) {
        it = hitbox::broad_tree_overlaps(bt, it->first, it->second) ? ++it : contacts.erase(it);
      }
      ASSERT_EQ(contacts, now) << "step " << step;
      std::vector<BroadPair> all;
      hitbox::broad_tree_all_pairs(bt, &all);
      ASSERT_TRUE(sorted_unique_ordered(all));
      ASSERT_EQ(as_set(all), now);
      if (step % 50 == 0) {
        ASSERT_EQ(hitbox::tree_validate(bt.tree), "");
      }
      previous = now;
    }
    EXPECT_GT(total_fresh, 400);
  }
}

}  // namespace
