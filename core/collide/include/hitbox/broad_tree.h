// A persistent broad phase on the dynamic tree (hitbox/dynamic_tree.h), for play mode: the
// pairs are kept between steps by the caller, and each step only the proxies whose fat box
// changed are looked up again (the role of Box2D's b2BroadPhase with its move buffer).
//
// Proxies are keyed by an int the caller picks, >= 0 (play mode: the shape's index). A key
// whose fat box changes, or that is new, goes into the move buffer; update_pairs queries
// the tree with each of them and reports the pairs whose fat boxes overlap now but did not
// at the previous update_pairs (or whose key is new since), each pair once, a < b, sorted.
//
// How play mode is meant to use it, each step:
//   1. broad_tree_move(bt, shape, tight_box, velocity * dt) for every shape that moved
//      (resting and static shapes need no call); broad_tree_add / broad_tree_remove as shapes
//      come and go, dropping a removed shape's contacts at once.
//   2. broad_tree_update_pairs(bt, &fresh): begin a contact for each fresh pair (the narrow
//      phase may still find them apart: fat boxes are larger than the shapes).
//   3. For each contact: end it when !broad_tree_overlaps(bt, a, b).
// After 2 and 3 the contacts are exactly the pairs whose fat boxes overlap, which is what
// update_pairs takes as the previous state, so no pair is lost or begun twice.
#pragma once

#include <vector>

#include "hitbox/broad_pair.h"
#include "hitbox/dynamic_tree.h"

namespace hitbox {

namespace detail {
struct BroadTreeKey {
  int proxy = kNullNode;  // kNullNode while the key has no proxy
  bool moved = false;     // in the move buffer
  bool had_box = false;   // the key had a proxy at the previous update_pairs
  Aabb previous;          // its fat box then, kept while moved && had_box
};
}  // namespace detail

struct BroadTree {
  DynamicTree tree;                        // the proxies' user values are the keys
  std::vector<detail::BroadTreeKey> keys;  // by key
  std::vector<int> moved;                  // the move buffer: keys, each once
};

void broad_tree_add(BroadTree* bt, int key, const Aabb& tight);
void broad_tree_remove(BroadTree* bt, int key);
// The key's new tight box and predicted displacement (dynamic_tree.h's move); true when its
// fat box changed, which puts the key in the move buffer.
bool broad_tree_move(BroadTree* bt, int key, const Aabb& tight, Vec2 displacement = {});

inline bool broad_tree_has(const BroadTree& bt, int key) {
  return key >= 0 && key < static_cast<int>(bt.keys.size()) &&
         bt.keys[static_cast<std::size_t>(key)].proxy != kNullNode;
}
inline const Aabb& broad_tree_fat_box(const BroadTree& bt, int key) {
  return tree_fat_box(bt.tree, bt.keys[static_cast<std::size_t>(key)].proxy);
}
// Whether two keys' fat boxes overlap (false when either has no proxy): a contact ends when
// this turns false.
bool broad_tree_overlaps(const BroadTree& bt, int a, int b);

// The pairs begun since the previous call, sorted by (a, b), a < b; empties the move buffer.
void broad_tree_update_pairs(BroadTree* bt, std::vector<BroadPair>* out);
// Every pair whose fat boxes overlap now, sorted (to start over, and for tests).
void broad_tree_all_pairs(const BroadTree& bt, std::vector<BroadPair>* out);

// World queries by key: f(key) for each fat box overlapping `box`, false to stop; and the
// ray cast of dynamic_tree.h with f(ray, key).
template <class F>
void broad_tree_query(const BroadTree& bt, const Aabb& box, F&& f) {
  tree_query(bt.tree, box, [&](int proxy) { return f(tree_user(bt.tree, proxy)); });
}
template <class F>
void broad_tree_ray_cast(const BroadTree& bt, const TreeRay& ray, F&& f) {
  tree_ray_cast(bt.tree, ray,
                [&](const TreeRay& r, int proxy) { return f(r, tree_user(bt.tree, proxy)); });
}

}  // namespace hitbox
