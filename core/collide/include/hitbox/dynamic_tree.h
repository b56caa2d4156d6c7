// A dynamic bounding-volume tree of boxes: the idea of Box2D's b2DynamicTree, written anew.
//
// Each proxy is a leaf holding a fat box (the tight box grown by a margin, and stretched
// along a predicted displacement) and an int user value. Internal nodes hold the union of
// their two children. A proxy that moves a little inside its fat box changes nothing; one
// that leaves it is taken out and inserted again.
//
//   * Insertion picks the sibling that adds the least perimeter to the tree (the surface
//     area heuristic in 2D, Bittner et al. 2013 "Fast insertion-based optimization of
//     bounding volume hierarchies"), descending with the lower bound of the cost below each
//     child and stopping when neither child can beat the best sibling found so far.
//   * After each insertion or removal the path to the root is rebalanced by AVL-like
//     rotations (the taller child moves up when it is more than two levels taller), so the
//     height stays O(log n), below 1.82 log2(n) + 2, even for boxes inserted in order along
//     a line.
//   * Nodes live in one array with a free list; a proxy's id is its leaf's index and stays
//     the same for the proxy's life (rotations move internal nodes only).
//
// Queries walk the tree with a stack. The ray cast visits nodes front to back and can be
// clipped by its callback, so a closest-hit search prunes what lies behind the best hit.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "hitbox/geometry.h"

namespace hitbox {

inline constexpr int kNullNode = -1;
// Default fat margin in pixels, added on every side of a proxy's tight box.
inline constexpr float kTreeMargin = 4.0f;
// A move's displacement stretches the fat box this many times further (as Box2D 2.4's
// b2_aabbMultiplier), so a body moving steadily leaves its fat box less often.
inline constexpr float kTreePredict = 4.0f;

// 32 bytes, two to a cache line.
struct alignas(32) TreeNode {
  Aabb box;                // a leaf's fat box; the union of the children's boxes otherwise
  int parent = kNullNode;  // the next free node while the node is free
  int child1 = kNullNode;  // kNullNode for a leaf
  int child2 = kNullNode;  // a leaf's user value
  int height = 0;          // 0 for a leaf, -1 while free
  bool leaf() const { return child1 == kNullNode; }
};

struct DynamicTree {
  float margin = kTreeMargin;  // set before creating proxies: DynamicTree{.margin = 2.0f}
  std::vector<TreeNode> nodes{};
  int root = kNullNode;
  int free_list = kNullNode;
  int proxy_count = 0;
};

// ---- proxies ----
// A new proxy for a tight box: its id (stable until destroyed).
int tree_create_proxy(DynamicTree* t, const Aabb& tight, int user);
void tree_destroy_proxy(DynamicTree* t, int proxy);
// The proxy's new tight box, and the displacement expected over the next step (optional).
// Returns true when the fat box had to change (the proxy was re-inserted): when the tight
// box left it, or when it is much larger than needed (4 margins beyond the new fat box).
bool tree_move_proxy(DynamicTree* t, int proxy, const Aabb& tight, Vec2 displacement = {});
// Drops every proxy, keeping the memory.
void tree_clear(DynamicTree* t);

inline const Aabb& tree_fat_box(const DynamicTree& t, int proxy) {
  return t.nodes[static_cast<std::size_t>(proxy)].box;
}
inline int tree_user(const DynamicTree& t, int proxy) {
  return t.nodes[static_cast<std::size_t>(proxy)].child2;
}

// The fat box a tight box gets: grown by `margin`, then stretched by kTreePredict times
// the displacement on the side it points to.
Aabb tree_fatten(const Aabb& tight, float margin, Vec2 displacement = {});

// ---- shape of the tree ----
int tree_height(const DynamicTree& t);      // 0 for one leaf, -1 when empty
int tree_node_count(const DynamicTree& t);  // nodes in use: 2 * proxies - 1
// Sum of the nodes' perimeters over the root's: a measure of the tree's quality.
float tree_area_ratio(const DynamicTree& t);
// Every invariant checked (parent links, heights, balance, boxes equal to their children's
// union, the free list, the proxy count): "" when all hold, else the first one broken.
std::string tree_validate(const DynamicTree& t);
// Rebuilds the internal nodes top down over the current leaves (median split on the longer
// axis of the centres): for a tree built all at once. Proxy ids and fat boxes are kept.
void tree_rebuild(DynamicTree* t);

// ---- queries ----
namespace detail {
// A stack with room for a tree of any height in practice, growing on the heap past that.
template <class T>
class TreeStack {
 public:
  void push(T v) {
    if (n_ < buf_.size()) {
      buf_[n_++] = v;
    } else {
      more_.push_back(v);
    }
  }
  bool empty() const { return n_ == 0; }
  T pop() {
    if (!more_.empty()) {
      T v = more_.back();
      more_.pop_back();
      return v;
    }
    return buf_[--n_];
  }

 private:
  std::array<T, 128> buf_;
  std::size_t n_ = 0;
  std::vector<T> more_;
};
}  // namespace detail

// Calls f(proxy) for each proxy whose fat box overlaps `box` (closed boxes); f returns
// false to stop early.
template <class F>
void tree_query(const DynamicTree& t, const Aabb& box, F&& f) {
  if (t.root == kNullNode) return;
  const TreeNode* nodes = t.nodes.data();
  detail::TreeStack<int> stack;
  stack.push(t.root);
  while (!stack.empty()) {
    const int id = stack.pop();
    const TreeNode& n = nodes[id];
    if (!aabb_overlaps(n.box, box)) continue;
    if (n.leaf()) {
      if (!f(id)) return;
    } else {
      stack.push(n.child2);
      stack.push(n.child1);
    }
  }
}

// A segment from origin to origin + max_fraction * translation.
struct TreeRay {
  Vec2 origin{0.0f, 0.0f};
  Vec2 translation{0.0f, 0.0f};
  float max_fraction = 1.0f;
};

namespace detail {
// The ray's slabs: 1 / translation per axis; an axis the ray does not move along (or
// moves along by less than a float's reciprocal can hold) is tested by its origin.
struct RaySlabs {
  Vec2 origin;
  Vec2 inv;
  bool flat_x, flat_y;
  explicit RaySlabs(const TreeRay& r)
      : origin(r.origin), inv(1.0f / r.translation.x, 1.0f / r.translation.y) {
    flat_x = !(std::abs(inv.x) < 3.0e38f);
    flat_y = !(std::abs(inv.y) < 3.0e38f);
  }
  // The fraction where the segment [0, max] enters the closed box, or -1 for a miss.
  float enter(const Aabb& b, float max) const {
    float lo = 0.0f, hi = max;
    if (flat_x) {
      if (origin.x < b.min.x || origin.x > b.max.x) return -1.0f;
    } else {
      const float a = (b.min.x - origin.x) * inv.x, c = (b.max.x - origin.x) * inv.x;
      lo = std::max(lo, std::min(a, c));
      hi = std::min(hi, std::max(a, c));
    }
    if (flat_y) {
      if (origin.y < b.min.y || origin.y > b.max.y) return -1.0f;
    } else {
      const float a = (b.min.y - origin.y) * inv.y, c = (b.max.y - origin.y) * inv.y;
      lo = std::max(lo, std::min(a, c));
      hi = std::min(hi, std::max(a, c));
    }
    return lo <= hi ? lo : -1.0f;
  }
};
struct RayEntry {
  int node;
  float enter;
};
}  // namespace detail

// Calls f(ray, proxy) for each proxy whose fat box the segment meets, nearer boxes first
// (by where the segment enters them), with ray.max_fraction the current clip. f returns:
//   0        stop;
//   < 0      ignore this proxy, go on;
//   v > 0    clip the segment to max_fraction = min(max_fraction, v) and go on (a shape's
//            exact hit fraction, for the closest hit; max_fraction itself to keep every hit).
template <class F>
void tree_ray_cast(const DynamicTree& t, const TreeRay& ray, F&& f) {
  if (t.root == kNullNode) return;
  const TreeNode* nodes = t.nodes.data();
  const detail::RaySlabs slabs(ray);
  TreeRay clipped = ray;
  const float root_enter = slabs.enter(nodes[t.root].box, clipped.max_fraction);
  if (root_enter < 0.0f) return;
  detail::TreeStack<detail::RayEntry> stack;
  stack.push({t.root, root_enter});
  while (!stack.empty()) {
    const detail::RayEntry e = stack.pop();
    if (e.enter > clipped.max_fraction) continue;  // clipped since it was pushed
    const TreeNode& n = nodes[e.node];
    if (n.leaf()) {
      const float v = f(static_cast<const TreeRay&>(clipped), e.node);
      if (v == 0.0f) return;
      if (v > 0.0f) clipped.max_fraction = std::min(clipped.max_fraction, v);
      continue;
    }
    const float e1 = slabs.enter(nodes[n.child1].box, clipped.max_fraction);
    const float e2 = slabs.enter(nodes[n.child2].box, clipped.max_fraction);
    // The nearer child on top of the stack.
    if (e1 <= e2) {
      if (e2 >= 0.0f) stack.push({n.child2, e2});
      if (e1 >= 0.0f) stack.push({n.child1, e1});
    } else {
      if (e1 >= 0.0f) stack.push({n.child1, e1});
      if (e2 >= 0.0f) stack.push({n.child2, e2});
    }
  }
}

}  // namespace hitbox
