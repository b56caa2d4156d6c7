// The persistent pair finder on the dynamic tree (hitbox/broad_tree.h).
#include "hitbox/broad_tree.h"

#include <algorithm>
#include <cassert>

namespace hitbox {
namespace {

inline detail::BroadTreeKey& key_of(BroadTree* bt, int key) {
  return bt->keys[static_cast<std::size_t>(key)];
}

inline void sort_pairs(std::vector<BroadPair>* out) {
  std::sort(out->begin(), out->end(),
            [](BroadPair p, BroadPair q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
}

}  // namespace

void broad_tree_add(BroadTree* bt, int key, const Aabb& tight) {
  assert(key >= 0 && !broad_tree_has(*bt, key));
  if (key >= static_cast<int>(bt->keys.size())) bt->keys.resize(static_cast<std::size_t>(key) + 1);
  detail::BroadTreeKey& k = key_of(bt, key);
  k.proxy = tree_create_proxy(&bt->tree, tight, key);
  k.had_box = false;  // every overlap it has is new
  if (!k.moved) {
    k.moved = true;
    bt->moved.push_back(key);
  }
}

void broad_tree_remove(BroadTree* bt, int key) {
  assert(broad_tree_has(*bt, key));
  detail::BroadTreeKey& k = key_of(bt, key);
  tree_destroy_proxy(&bt->tree, k.proxy);
  k.proxy = kNullNode;  // its entry in the move buffer, if any, is skipped
}

bool broad_tree_move(BroadTree* bt, int key, const Aabb& tight, Vec2 displacement) {
  assert(broad_tree_has(*bt, key));
  detail::BroadTreeKey& k = key_of(bt, key);
  const Aabb before = tree_fat_box(bt->tree, k.proxy);
  if (!tree_move_proxy(&bt->tree, k.proxy, tight, displacement)) return false;
  if (!k.moved) {
    // Not moved since the previous update_pairs, so `before` is its fat box then.
    k.moved = true;
    k.had_box = true;
    k.previous = before;
    bt->moved.push_back(key);
  }
  return true;
}

bool broad_tree_overlaps(const BroadTree& bt, int a, int b) {
  return broad_tree_has(bt, a) && broad_tree_has(bt, b) &&
         aabb_overlaps(broad_tree_fat_box(bt, a), broad_tree_fat_box(bt, b));
}

void broad_tree_update_pairs(BroadTree* bt, std::vector<BroadPair>* out) {
  out->clear();
  for (const int m : bt->moved) {
    const detail::BroadTreeKey& km = key_of(bt, m);
    if (km.proxy == kNullNode) continue;  // removed since it moved
    tree_query(bt->tree, tree_fat_box(bt->tree, km.proxy), [&](int proxy) {
      const int o = tree_user(bt->tree, proxy);
      if (o == m) return true;
      const detail::BroadTreeKey& ko = key_of(bt, o);
      // Both moved: the smaller key's query reports the pair.
      if (ko.moved && o < m) return true;
      // Did the two fat boxes overlap at the previous update? A key not moved since has the
      // same fat box now as then.
      bool before = false;
      if (km.had_box && (!ko.moved || ko.had_box)) {
        before = aabb_overlaps(km.previous, ko.moved ? ko.previous : tree_fat_box(bt->tree, proxy));
      }
      if (!before) out->push_back(m < o ? BroadPair{m, o} : BroadPair{o, m});
      return true;
    });
  }
  for (const int m : bt->moved) {
    detail::BroadTreeKey& km = key_of(bt, m);
    km.moved = false;
    km.had_box = km.proxy != kNullNode;
  }
  bt->moved.clear();
  sort_pairs(out);
}

void broad_tree_all_pairs(const BroadTree& bt, std::vector<BroadPair>* out) {
  out->clear();
  for (int m = 0; m < static_cast<int>(bt.keys.size()); ++m) {
    const int proxy = bt.keys[static_cast<std::size_t>(m)].proxy;
    if (proxy == kNullNode) continue;
    tree_query(bt.tree, tree_fat_box(bt.tree, proxy), [&](int other) {
      const int o = tree_user(bt.tree, other);
      if (o > m) out->push_back(BroadPair{m, o});
      return true;
    });
  }
  sort_pairs(out);
}

}  // namespace hitbox
