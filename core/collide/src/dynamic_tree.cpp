// The dynamic bounding-volume tree (hitbox/dynamic_tree.h): node pool, insertion by the
// perimeter cost, AVL-like rotations, removal, moves, validation and a top-down rebuild.
#include "hitbox/dynamic_tree.h"

#include <cassert>
#include <cmath>
#include <string>

namespace hitbox {
namespace {

inline Aabb unite(const Aabb& a, const Aabb& b) {
  return Aabb{glm::min(a.min, b.min), glm::max(a.max, b.max)};
}
// Half the perimeter: the 2D surface area heuristic's cost, up to a constant factor.
inline float half_perimeter(const Aabb& a) {
  return (a.max.x - a.min.x) + (a.max.y - a.min.y);
}
inline bool contains(const Aabb& outer, const Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && inner.max.x <= outer.max.x &&
         inner.max.y <= outer.max.y;
}

inline TreeNode& at(DynamicTree* t, int id) {
  return t->nodes[static_cast<std::size_t>(id)];
}

int allocate(DynamicTree* t) {
  if (t->free_list == kNullNode) {
    t->nodes.emplace_back();
    return static_cast<int>(t->nodes.size()) - 1;
  }
  const int id = t->free_list;
  TreeNode& n = at(t, id);
  t->free_list = n.parent;
  n = TreeNode{};
  return id;
}

void release(DynamicTree* t, int id) {
  TreeNode& n = at(t, id);
  n.parent = t->free_list;
  n.child1 = n.child2 = kNullNode;
  n.height = -1;
  t->free_list = id;
}

// The node's box and height from its children.
inline void refit(DynamicTree* t, int id) {
  TreeNode& n = at(t, id);
  const TreeNode& a = at(t, n.child1);
  const TreeNode& b = at(t, n.child2);
  n.box = unite(a.box, b.box);
  n.height = 1 + std::max(a.height, b.height);
}

// Replaces `old_child` under `parent` (or at the root) by `new_child`.
void relink(DynamicTree* t, int parent, int old_child, int new_child) {
  at(t, new_child).parent = parent;
  if (parent == kNullNode) {
    t->root = new_child;
    return;
  }
  TreeNode& p = at(t, parent);
  if (p.child1 == old_child) {
    p.child1 = new_child;
  } else {
    p.child2 = new_child;
  }
}

// How many levels taller one child may be than the other. One (a strict AVL tree) rotates
// often and each rotation ignores the boxes: on the bench's 10,000 boxes the sum of
// perimeters is 1.3 to 1.9 times what two gives. With two the height stays below
// 1.82 log2(n) + 2, and the trees are as good as Box2D 2.4's.
constexpr int kMaxLean = 2;

// When one child of `a` is more than kMaxLean levels taller than the other, the taller child `x`
// takes a's place: x keeps its taller grandchild and hands the other down to a. When both
// grandchildren are as tall, a gets the one that makes its box smaller. Returns the node now
// at a's place. The children's order carries no meaning, so one rotation covers every case
// AVL trees need two for.
int balance(DynamicTree* t, int a_id) {
  TreeNode& a = at(t, a_id);
  if (a.leaf()) return a_id;
  const int h1 = at(t, a.child1).height, h2 = at(t, a.child2).height;
  if (std::abs(h1 - h2) <= kMaxLean) return a_id;
  const int x_id = h1 > h2 ? a.child1 : a.child2;
  const int y_id = h1 > h2 ? a.child2 : a.child1;
  TreeNode& x = at(t, x_id);
  const int f_id = x.child1, g_id = x.child2;
  const TreeNode& f = at(t, f_id);
  const TreeNode& g = at(t, g_id);
  int give = f.height < g.height ? f_id : g_id;
  if (f.height == g.height) {
    const Aabb& yb = at(t, y_id).box;
    give = half_perimeter(unite(yb, f.box)) <= half_perimeter(unite(yb, g.box)) ? f_id : g_id;
  }
  const int keep = give == f_id ? g_id : f_id;

  relink(t, a.parent, a_id, x_id);
  x.child1 = a_id;
  x.child2 = keep;
  a.parent = x_id;
  a.child1 = y_id;
  a.child2 = give;
  at(t, give).parent = a_id;
  // When the leaning came from a leaf put beside a tall sibling, a may still lean: balanced
  // in turn, one level down each time, so every node ends with children within one level.
  refit(t, balance(t, a_id));
  refit(t, x_id);
  return x_id;
}

// Rebalances and refits the nodes from `id` up (heights there may be stale: only the
// children's are read before the refit). Stops at the first node that keeps its box and
// height without a rotation: nothing above it changes.
void fix_upwards(DynamicTree* t, int id) {
  while (id != kNullNode) {
    const int top = balance(t, id);
    if (top == id) {
      TreeNode& n = at(t, id);
      const Aabb box = n.box;
      const int height = n.height;
      refit(t, id);
      if (n.height == height && n.box.min == box.min && n.box.max == box.max) return;
    }
    id = at(t, top).parent;
  }
}

// The sibling for a new leaf with box b. Choosing sibling s costs the new parent's
// perimeter, hp(s + b), plus what every ancestor of s grows by: its inherited cost (the
// surface area heuristic, Bittner et al. 2013). The descent follows the child whose subtree
// grows less, while that growth plus the inherited cost is below the best cost seen. This
// leaves out of the bound the hp(b) every choice below pays, so it descends further than
// the exact branch-and-bound would stop; on the bench's 10,000 boxes that builds better
// trees (sum of perimeters over the root's 484, against 648 with the exact bound and 499
// for Box2D 2.4).
int best_sibling(const DynamicTree& t, const Aabb& b) {
  const TreeNode* nodes = t.nodes.data();
  int best = t.root;
  float best_cost = half_perimeter(unite(nodes[t.root].box, b));
  int id = t.root;
  float inherited = 0.0f;
  while (!nodes[id].leaf()) {
    const TreeNode& n = nodes[id];
    const float below = inherited + half_perimeter(unite(n.box, b)) - half_perimeter(n.box);
    float bound[2];
    const int child[2] = {n.child1, n.child2};
    for (int k = 0; k < 2; ++k) {
      const TreeNode& c = nodes[child[k]];
      const float direct = half_perimeter(unite(c.box, b));
      const float cost = direct + below;
      if (cost < best_cost) {
        best_cost = cost;
        best = child[k];
      }
      bound[k] = c.leaf() ? INFINITY : below + direct - half_perimeter(c.box);
    }
    const int k = bound[1] < bound[0] ? 1 : 0;
    if (!(bound[k] < best_cost)) break;
    id = child[k];
    inherited = below;
  }
  return best;
}

void insert_leaf(DynamicTree* t, int leaf) {
  if (t->root == kNullNode) {
    t->root = leaf;
    at(t, leaf).parent = kNullNode;
    return;
  }
  const Aabb box = at(t, leaf).box;
  const int sibling = best_sibling(*t, box);
  const int parent = allocate(t);  // may move the array: no references held across it
  const int old_parent = at(t, sibling).parent;
  TreeNode& p = at(t, parent);
  p.child1 = sibling;
  p.child2 = leaf;
  relink(t, old_parent, sibling, parent);
  at(t, sibling).parent = parent;
  at(t, leaf).parent = parent;
  fix_upwards(t, parent);  // the new parent too: the sibling may be much taller than a leaf
}

void remove_leaf(DynamicTree* t, int leaf) {
  if (t->root == leaf) {
    t->root = kNullNode;
    return;
  }
  const int parent = at(t, leaf).parent;
  const TreeNode& p = at(t, parent);
  const int sibling = p.child1 == leaf ? p.child2 : p.child1;
  const int grand = p.parent;
  relink(t, grand, parent, sibling);
  release(t, parent);
  fix_upwards(t, grand);
}

// ---- rebuild: median split of the leaves on the longer axis of their centres ----
int build_range(DynamicTree* t, int* leaves, int count) {
  if (count == 1) return leaves[0];
  Vec2 lo = at(t, leaves[0]).box.min + at(t, leaves[0]).box.max, hi = lo;
  for (int i = 1; i < count; ++i) {
    const Aabb& b = at(t, leaves[i]).box;
    lo = glm::min(lo, b.min + b.max);
    hi = glm::max(hi, b.min + b.max);
  }
  const int axis = (hi.x - lo.x) >= (hi.y - lo.y) ? 0 : 1;
  const int half = count / 2;
  std::nth_element(leaves, leaves + half, leaves + count, [&](int a, int b) {
    const Aabb& ba = at(t, a).box;
    const Aabb& bb = at(t, b).box;
    return ba.min[axis] + ba.max[axis] < bb.min[axis] + bb.max[axis];
  });
  const int c1 = build_range(t, leaves, half);
  const int c2 = build_range(t, leaves + half, count - half);
  const int id = allocate(t);
  TreeNode& n = at(t, id);
  n.child1 = c1;
  n.child2 = c2;
  at(t, c1).parent = id;
  at(t, c2).parent = id;
  refit(t, id);
  return id;
}

}  // namespace

Aabb tree_fatten(const Aabb& tight, float margin, Vec2 displacement) {
  Aabb fat{tight.min - Vec2(margin), tight.max + Vec2(margin)};
  const Vec2 d = kTreePredict * displacement;
  fat.min += glm::min(d, Vec2(0.0f));
  fat.max += glm::max(d, Vec2(0.0f));
  return fat;
}

int tree_create_proxy(DynamicTree* t, const Aabb& tight, int user) {
  const int id = allocate(t);
  TreeNode& n = at(t, id);
  n.box = tree_fatten(tight, t->margin);
  n.child2 = user;
  n.height = 0;
  insert_leaf(t, id);
  ++t->proxy_count;
  return id;
}

void tree_destroy_proxy(DynamicTree* t, int proxy) {
  assert(proxy >= 0 && proxy < static_cast<int>(t->nodes.size()) && at(t, proxy).leaf() &&
         at(t, proxy).height == 0);
  remove_leaf(t, proxy);
  release(t, proxy);
  --t->proxy_count;
}

bool tree_move_proxy(DynamicTree* t, int proxy, const Aabb& tight, Vec2 displacement) {
  assert(proxy >= 0 && proxy < static_cast<int>(t->nodes.size()) && at(t, proxy).height == 0);
  const Aabb fat = tree_fatten(tight, t->margin, displacement);
  const Aabb& old = at(t, proxy).box;
  if (contains(old, tight)) {
    const Aabb huge{fat.min - Vec2(4.0f * t->margin), fat.max + Vec2(4.0f * t->margin)};
    if (contains(huge, old)) return false;
  }
  remove_leaf(t, proxy);
  at(t, proxy).box = fat;
  insert_leaf(t, proxy);
  return true;
}

void tree_clear(DynamicTree* t) {
  t->nodes.clear();
  t->root = t->free_list = kNullNode;
  t->proxy_count = 0;
}

int tree_height(const DynamicTree& t) {
  return t.root == kNullNode ? -1 : t.nodes[static_cast<std::size_t>(t.root)].height;
}

int tree_node_count(const DynamicTree& t) {
  return t.proxy_count == 0 ? 0 : 2 * t.proxy_count - 1;
}

float tree_area_ratio(const DynamicTree& t) {
  if (t.root == kNullNode) return 0.0f;
  const float root = half_perimeter(t.nodes[static_cast<std::size_t>(t.root)].box);
  if (!(root > 0.0f)) return 0.0f;
  double sum = 0.0;
  for (const TreeNode& n : t.nodes) {
    if (n.height >= 0) sum += half_perimeter(n.box);
  }
  return static_cast<float>(sum / root);
}

std::string tree_validate(const DynamicTree& t) {
  const int size = static_cast<int>(t.nodes.size());
  const auto node = [&](int id) -> const TreeNode& {
    return t.nodes[static_cast<std::size_t>(id)];
  };
  const auto name = [](int id) { return "node " + std::to_string(id); };
  std::vector<char> seen(t.nodes.size(), 0);
  int free_count = 0;
  for (int id = t.free_list; id != kNullNode; id = node(id).parent) {
    if (id < 0 || id >= size) return "free list leaves the array";
    if (seen[static_cast<std::size_t>(id)] != 0) return "free list has a cycle";
    seen[static_cast<std::size_t>(id)] = 1;
    if (node(id).height != -1)
      return name(id) + " is free with height " + std::to_string(node(id).height);
    ++free_count;
  }
  int leaves = 0, reached = 0;
  if (t.root != kNullNode) {
    if (t.root < 0 || t.root >= size) return "root out of range";
    if (node(t.root).parent != kNullNode) return "root has a parent";
    std::vector<int> stack{t.root};
    while (!stack.empty()) {
      const int id = stack.back();
      stack.pop_back();
      if (seen[static_cast<std::size_t>(id)] != 0) return name(id) + " reached twice or free";
      seen[static_cast<std::size_t>(id)] = 1;
      ++reached;
      const TreeNode& n = node(id);
      if (n.leaf()) {
        if (n.height != 0) return name(id) + " is a leaf of height " + std::to_string(n.height);
        if (!(n.box.min.x <= n.box.max.x && n.box.min.y <= n.box.max.y)) {
          return name(id) + " has an empty box";
        }
        ++leaves;
        continue;
      }
      for (const int c : {n.child1, n.child2}) {
        if (c < 0 || c >= size) return name(id) + " has a child out of range";
        if (node(c).parent != id) return name(c) + "'s parent is not " + name(id);
        if (!contains(n.box, node(c).box)) return name(id) + "'s box misses " + name(c) + "'s";
        stack.push_back(c);
      }
      const TreeNode& a = node(n.child1);
      const TreeNode& b = node(n.child2);
      if (n.height != 1 + std::max(a.height, b.height)) return name(id) + " has a wrong height";
      if (std::abs(a.height - b.height) > kMaxLean) return name(id) + " leans too far";
      const Aabb u = unite(a.box, b.box);
      if (u.min != n.box.min || u.max != n.box.max) {
        return name(id) + "'s box is not its children's union";
      }
    }
  }
  if (leaves != t.proxy_count) {
    return std::to_string(leaves) + " leaves for " + std::to_string(t.proxy_count) + " proxies";
  }
  if (reached + free_count != size) return "nodes neither in the tree nor free";
  return "";
}

void tree_rebuild(DynamicTree* t) {
  if (t->proxy_count < 3) return;
  std::vector<int> leaves;
  leaves.reserve(static_cast<std::size_t>(t->proxy_count));
  for (int id = 0; id < static_cast<int>(t->nodes.size()); ++id) {
    TreeNode& n = at(t, id);
    if (n.height < 0) continue;
    if (n.leaf()) {
      leaves.push_back(id);
    } else {
      release(t, id);
    }
  }
  t->root = build_range(t, leaves.data(), static_cast<int>(leaves.size()));
  at(t, t->root).parent = kNullNode;
}

}  // namespace hitbox
