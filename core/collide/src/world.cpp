// World queries on the dynamic tree (hitbox/world.h).
#include "hitbox/world.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "hitbox/collide.h"
#include "hitbox/ray.h"

namespace hitbox {

namespace {

using detail::WorldSlot;

Shape still(const Shape& s) {
  Shape out = s;
  out.vel = DVec2(0.0);
  out.spin = 0.0;
  return out;
}

ShapeHandle handle_of(const ShapeWorld& w, int index) {
  return ShapeHandle{index, w.slots[static_cast<std::size_t>(index)].generation};
}

WorldSlot* live_slot(ShapeWorld* w, ShapeHandle h) {
  if (!world_valid(*w, h)) return nullptr;
  return &w->slots[static_cast<std::size_t>(h.index)];
}

// A free slot (the free list's first, or a new one) holding `posed`.
ShapeHandle add_posed(ShapeWorld* w, Posed&& posed, WorldFilter filter) {
  int index = w->free_slot;
  if (index >= 0) {
    w->free_slot = w->slots[static_cast<std::size_t>(index)].next_free;
  } else {
    index = static_cast<int>(w->slots.size());
    w->slots.emplace_back();
  }
  WorldSlot& s = w->slots[static_cast<std::size_t>(index)];
  s.posed = std::move(posed);
  s.filter = filter;
  s.next_free = -1;
  s.proxy = tree_create_proxy(&w->tree, s.posed.collider().bounds, index);
  ++w->count;
  return ShapeHandle{index, s.generation};
}

// The query's filter bits, then its callback.
bool sees(const ShapeWorld& w, const QueryFilter& f, int index) {
  const WorldSlot& s = w.slots[static_cast<std::size_t>(index)];
  if (!filters_accept(f.category, f.mask, s.filter.category, s.filter.mask)) return false;
  return !f.accept || f.accept(handle_of(w, index), s.posed.collider());
}

const Collider& collider_at(const ShapeWorld& w, int index) {
  return w.slots[static_cast<std::size_t>(index)].posed.collider();
}

// A box grown by `by` on every side.
Aabb grown(const Aabb& b, Vec2 by) {
  return Aabb{b.min - by, b.max + by};
}

// A shape's convex parts (a concave polygon's pieces, else itself), copied with the given
// velocity and no spin, for swept's translation-only methods.
void parts_moving(const Collider& c, Vec2 vel, std::vector<Collider>* out) {
  out->clear();
  const std::span<const Collider> parts = has_pieces(c)
                                              ? std::span<const Collider>(c.pieces, c.piece_count)
                                              : std::span<const Collider>(&c, 1);
  for (Collider p : parts) {
    p.vel = vel;
    p.spin = 0.0f;
    p.pieces = nullptr;  // a part is convex
    p.piece_count = 0;
    out->push_back(p);
  }
}

}  // namespace

// ---------------------------------------------------------------- shapes

ShapeHandle world_add(ShapeWorld* w, const Shape& s, WorldFilter filter) {
  return add_posed(w, Posed(still(s)), filter);
}

ShapeHandle world_add(ShapeWorld* w, const Posed& p, WorldFilter filter) {
  return add_posed(w, Posed(p), filter);
}

bool world_move(ShapeWorld* w, ShapeHandle h, const Shape& s) {
  WorldSlot* slot = live_slot(w, h);
  if (!slot) return false;
  // repose() keeps the storage but leaves out a concave polygon's pieces: a polygon is
  // posed anew.
  if (s.kind == Kind::Polygon) {
    slot->posed = Posed(still(s));
  } else {
    slot->posed.repose(still(s));
  }
  tree_move_proxy(&w->tree, slot->proxy, slot->posed.collider().bounds);
  return true;
}

bool world_move(ShapeWorld* w, ShapeHandle h, const Posed& p) {
  WorldSlot* slot = live_slot(w, h);
  if (!slot) return false;
  slot->posed = p;
  tree_move_proxy(&w->tree, slot->proxy, slot->posed.collider().bounds);
  return true;
}

bool world_set_filter(ShapeWorld* w, ShapeHandle h, WorldFilter filter) {
  WorldSlot* slot = live_slot(w, h);
  if (!slot) return false;
  slot->filter = filter;
  return true;
}

bool world_remove(ShapeWorld* w, ShapeHandle h) {
  WorldSlot* slot = live_slot(w, h);
  if (!slot) return false;
  tree_destroy_proxy(&w->tree, slot->proxy);
  slot->proxy = kNullNode;
  slot->posed = Posed();  // frees a large polygon's arrays
  // The next generation makes every handle to this shape stale; 0 is never live, so a
  // default handle never matches.
  if (++slot->generation == 0) slot->generation = 1;
  slot->next_free = w->free_slot;
  w->free_slot = h.index;
  --w->count;
  return true;
}

bool world_valid(const ShapeWorld& w, ShapeHandle h) {
  if (h.index < 0 || h.index >= static_cast<int>(w.slots.size())) return false;
  const WorldSlot& s = w.slots[static_cast<std::size_t>(h.index)];
  return s.proxy != kNullNode && s.generation == h.generation;
}

const Collider* world_collider(const ShapeWorld& w, ShapeHandle h) {
  if (!world_valid(w, h)) return nullptr;
  return &collider_at(w, h.index);
}

void world_rebuild(ShapeWorld* w) {
  tree_rebuild(&w->tree);
}

std::vector<ShapeHandle> world_handles(const ShapeWorld& w) {
  std::vector<ShapeHandle> out;
  out.reserve(static_cast<std::size_t>(w.count));
  for (int i = 0; i < static_cast<int>(w.slots.size()); ++i) {
    if (w.slots[static_cast<std::size_t>(i)].proxy != kNullNode) out.push_back(handle_of(w, i));
  }
  return out;
}

// ---------------------------------------------------------------- rays

namespace {

// A shape's tight box, grown a little so the slab test never turns away a hit raycast
// finds on its edge (the two round differently).
Aabb ray_guard_box(const Aabb& b) {
  const Vec2 e = (b.max - b.min) * 1e-5f + Vec2(1e-3f);
  return grown(b, e);
}

WorldRayHit to_world_hit(const ShapeWorld& w, int index, const RayHit& h) {
  return WorldRayHit{true, handle_of(w, index), h.t, h.point, h.normal, h.inside};
}

}  // namespace

WorldRayHit world_ray_cast(const ShapeWorld& w, Vec2 from, Vec2 to, const QueryFilter& f) {
  const TreeRay ray{from, to - from, 1.0f};
  const detail::RaySlabs slabs(ray);
  WorldRayHit best;
  // Broad phase front to back (dynamic_tree.h); each hit clips the segment, so only boxes
  // entered before the nearest hit so far are opened (Box2D's b2World::RayCast with a
  // clipping callback).
  tree_ray_cast(w.tree, ray, [&](const TreeRay& r, int proxy) -> float {
    const int index = tree_user(w.tree, proxy);
    const Collider& c = collider_at(w, index);
    if (slabs.enter(ray_guard_box(c.bounds), r.max_fraction) < 0.0f) return -1.0f;
    if (!sees(w, f, index)) return -1.0f;
    const RayHit h = raycast(c, from, to);
    if (!h.hit || h.t > r.max_fraction) return -1.0f;
    if (!best.hit || h.t < best.fraction) best = to_world_hit(w, index, h);
    return h.t;  // 0 (a start inside) stops: nothing is nearer
  });
  return best;
}

void world_ray_cast_all(const ShapeWorld& w, Vec2 from, Vec2 to, std::vector<WorldRayHit>* out,
                        const QueryFilter& f) {
  out->clear();
  const TreeRay ray{from, to - from, 1.0f};
  const detail::RaySlabs slabs(ray);
  tree_ray_cast(w.tree, ray, [&](const TreeRay& r, int proxy) -> float {
    const int index = tree_user(w.tree, proxy);
    const Collider& c = collider_at(w, index);
    if (slabs.enter(ray_guard_box(c.bounds), 1.0f) < 0.0f) return r.max_fraction;
    if (!sees(w, f, index)) return r.max_fraction;
    const RayHit h = raycast(c, from, to);
    if (h.hit) out->push_back(to_world_hit(w, index, h));
    return r.max_fraction;  // never clipped: every hit is wanted
  });
  std::sort(out->begin(), out->end(), [](const WorldRayHit& a, const WorldRayHit& b) {
    return a.fraction < b.fraction || (a.fraction == b.fraction && a.shape.index < b.shape.index);
  });
}

// ---------------------------------------------------------------- overlaps

void world_overlap_box(const ShapeWorld& w, const Aabb& box, std::vector<ShapeHandle>* out,
                       const QueryFilter& f) {
  out->clear();
  Shape rect;
  rect.kind = Kind::Rect;
  const Vec2 centre = (box.min + box.max) * 0.5f, size = box.max - box.min;
  rect.pos = DVec2(centre);
  rect.size = DVec2(size);
  const Posed query(rect);
  tree_query(w.tree, box, [&](int proxy) {
    const int index = tree_user(w.tree, proxy);
    const Collider& c = collider_at(w, index);
    if (!aabb_overlaps(c.bounds, box) || !sees(w, f, index)) return true;
    // A shape whose bounds lie in the box overlaps it; else the exact test.
    const bool inside = c.bounds.min.x >= box.min.x && c.bounds.min.y >= box.min.y &&
                        c.bounds.max.x <= box.max.x && c.bounds.max.y <= box.max.y;
    if (inside || sat(c, query).hit) out->push_back(handle_of(w, index));
    return true;
  });
}

void world_overlap_shape(const ShapeWorld& w, const Collider& shape, std::vector<ShapeHandle>* out,
                         const QueryFilter& f) {
  out->clear();
  tree_query(w.tree, shape.bounds, [&](int proxy) {
    const int index = tree_user(w.tree, proxy);
    const Collider& c = collider_at(w, index);
    if (!aabb_overlaps(c.bounds, shape.bounds) || !sees(w, f, index)) return true;
    if (sat(shape, c).hit) out->push_back(handle_of(w, index));
    return true;
  });
}

// ---------------------------------------------------------------- shape cast

WorldCastHit world_shape_cast(const ShapeWorld& w, const Collider& shape, Vec2 translation,
                              const QueryFilter& f) {
  WorldCastHit best;
  if (w.tree.root == kNullNode) return best;
  std::vector<Collider> moving, fixed;
  parts_moving(shape, translation, &moving);
  SweptResult best_r;
  Collider best_a, best_b;

  // The moving shape's box slides along the translation: a tree box can only be touched
  // where the ray from the box's centre enters the tree box grown by the half extents (the
  // Minkowski sum of two boxes; Box2D's b2DynamicTree::ShapeCast in v3 does the same).
  const Vec2 half = (shape.bounds.max - shape.bounds.min) * 0.5f;
  const Vec2 centre = (shape.bounds.max + shape.bounds.min) * 0.5f;
  const detail::RaySlabs slabs(TreeRay{centre, translation, 1.0f});
  float max_fraction = 1.0f;

  const TreeNode* nodes = w.tree.nodes.data();
  detail::TreeStack<detail::RayEntry> stack;
  const float root_enter = slabs.enter(grown(nodes[w.tree.root].box, half), max_fraction);
  if (root_enter < 0.0f) return best;
  stack.push({w.tree.root, root_enter});
  while (!stack.empty()) {
    const detail::RayEntry e = stack.pop();
    if (e.enter > max_fraction) continue;  // clipped since it was pushed
    const TreeNode& n = nodes[e.node];
    if (!n.leaf()) {
      const float e1 = slabs.enter(grown(nodes[n.child1].box, half), max_fraction);
      const float e2 = slabs.enter(grown(nodes[n.child2].box, half), max_fraction);
      // The nearer child on top of the stack, so the first hits found clip the most.
      if (e1 <= e2) {
        if (e2 >= 0.0f) stack.push({n.child2, e2});
        if (e1 >= 0.0f) stack.push({n.child1, e1});
      } else {
        if (e1 >= 0.0f) stack.push({n.child1, e1});
        if (e2 >= 0.0f) stack.push({n.child2, e2});
      }
      continue;
    }
    const int index = n.child2;  // a leaf's user value: the slot
    const Collider& c = collider_at(w, index);
    // The same test on the tight box, with a guard for rounding, before the exact one.
    if (slabs.enter(ray_guard_box(grown(c.bounds, half)), max_fraction) < 0.0f) continue;
    if (!sees(w, f, index)) continue;
    parts_moving(c, Vec2(0.0f), &fixed);
    for (const Collider& a : moving) {
      for (const Collider& b : fixed) {
        const SweptResult r = swept(a, b);
        if (!r.hit || r.toi > max_fraction) continue;
        if (best.hit && r.toi >= best.fraction) continue;
        best.hit = true;
        best.shape = handle_of(w, index);
        best.fraction = r.toi;
        best_r = r;
        best_a = a;
        best_b = b;
        max_fraction = r.toi;
      }
    }
  }
  if (best.hit) {
    best.normal = best_r.normal;
    best.initially_overlapping = best_r.initially_overlapping;
    best.point = swept_point(best_a, best_b, best_r);
  }
  return best;
}

}  // namespace hitbox
