// A world a game can query: posed shapes kept in the dynamic tree (dynamic_tree.h), each
// known by a handle, and the questions a game asks of them (the role of Box2D's b2World
// queries: RayCast, QueryAABB, b2World_OverlapShape and b2World_CastShape in v3).
//
//   * Broad phase: the tree's box query and front-to-back ray cast; the closest ray hit and
//     the shape cast clip the segment to the best hit found so far, so boxes behind it are
//     never opened.
//   * Narrow phase: the per-shape tests of the library, unchanged: raycast (ray.h) for rays,
//     sat (collide.h, what overlaps() in hitbox.h calls) for overlaps, swept (collide.h,
//     translation only) for shape casts.
//   * Filtering as Box2D's: a shape and a query each have category and mask bits, and
//     the query sees the shape when (query.mask & shape.category) != 0 and
//     (shape.mask & query.category) != 0; then the query's `accept` callback, when set,
//     may still turn it away.
//   * Handles carry a generation: a handle whose shape was removed (or a default one) is
//     stale. world_move and world_remove return false for it, world_collider gives nullptr,
//     and no query returns it. A removed shape's slot is reused with the next generation.
//
// Shapes in the world are still: a Shape's vel and spin are set aside when it is posed. A
// world's shapes are added and moved with their pose in pixels, as everywhere in Hitbox.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "hitbox/dynamic_tree.h"
#include "hitbox/shape.h"

namespace hitbox {

inline constexpr std::uint32_t kAllCategories = 0xFFFFFFFFu;

// A shape's collision filter (Box2D's b2Filter without the group).
struct WorldFilter {
  std::uint32_t category = 1;           // the groups this shape belongs to
  std::uint32_t mask = kAllCategories;  // the groups that may see it
};

// A shape in a world: its slot and the slot's generation when it was added.
struct ShapeHandle {
  int index = -1;
  std::uint32_t generation = 0;
  bool operator==(const ShapeHandle&) const = default;
};

// What a query looks for: its own category and mask, and an optional last word per shape
// (return false to skip the shape).
struct QueryFilter {
  std::uint32_t category = 1;
  std::uint32_t mask = kAllCategories;
  std::function<bool(ShapeHandle, const Collider&)> accept{};
};

// Whether two filters see each other (Box2D's b2ShouldCollide without groups).
inline bool filters_accept(std::uint32_t category_a, std::uint32_t mask_a, std::uint32_t category_b,
                           std::uint32_t mask_b) {
  return (mask_a & category_b) != 0 && (mask_b & category_a) != 0;
}

namespace detail {
struct WorldSlot {
  Posed posed;  // valid while `proxy` != kNullNode
  WorldFilter filter;
  int proxy = kNullNode;  // the tree proxy; kNullNode for a free slot
  std::uint32_t generation = 1;
  int next_free = -1;
};
}  // namespace detail

struct ShapeWorld {
  DynamicTree tree{};  // proxies' user values are slot indices; set tree.margin before adding
  std::vector<detail::WorldSlot> slots{};
  int free_slot = -1;  // the first free slot, chained through next_free
  int count = 0;       // shapes in the world
};

// ---- shapes ----
// Adds a shape posed from `s` (vel and spin set aside), or a copy of a posed one (its vel and
// spin are set aside by the queries).
ShapeHandle world_add(ShapeWorld* w, const Shape& s, WorldFilter filter = {});
ShapeHandle world_add(ShapeWorld* w, const Posed& p, WorldFilter filter = {});
// The shape's new pose; false (and nothing done) for a stale handle.
bool world_move(ShapeWorld* w, ShapeHandle h, const Shape& s);
bool world_move(ShapeWorld* w, ShapeHandle h, const Posed& p);
bool world_set_filter(ShapeWorld* w, ShapeHandle h, WorldFilter filter);
// Removes the shape; false for a stale handle (removing twice is harmless).
bool world_remove(ShapeWorld* w, ShapeHandle h);
bool world_valid(const ShapeWorld& w, ShapeHandle h);
// The shape as the algorithms see it, or nullptr for a stale handle.
const Collider* world_collider(const ShapeWorld& w, ShapeHandle h);
// Builds the tree again top down (tree_rebuild) for shapes added all at once, such as a level
// just loaded: queries then open fewer boxes (Box2D v3 rebuilds its static tree likewise).
void world_rebuild(ShapeWorld* w);
// Every live handle, in slot order.
std::vector<ShapeHandle> world_handles(const ShapeWorld& w);

// ---- queries ----
struct WorldRayHit {
  bool hit = false;
  ShapeHandle shape;
  float fraction = 0.0f;    // along from -> to, in [0, 1]
  Vec2 point{0.0f, 0.0f};   // from + fraction (to - from)
  Vec2 normal{0.0f, 0.0f};  // unit, facing the start; zero when the start is inside
  bool inside = false;      // the ray starts inside or on the shape: fraction 0
};

// The nearest shape the segment from -> to meets (raycast's t; equal t: either shape).
WorldRayHit world_ray_cast(const ShapeWorld& w, Vec2 from, Vec2 to, const QueryFilter& f = {});
// Every shape it meets, nearest first (equal fractions: lower slot first), into *out.
void world_ray_cast_all(const ShapeWorld& w, Vec2 from, Vec2 to, std::vector<WorldRayHit>* out,
                        const QueryFilter& f = {});

// Every shape that overlaps or touches the box (closed), or the shape (sat), into *out, in no
// set order.
void world_overlap_box(const ShapeWorld& w, const Aabb& box, std::vector<ShapeHandle>* out,
                       const QueryFilter& f = {});
void world_overlap_shape(const ShapeWorld& w, const Collider& shape, std::vector<ShapeHandle>* out,
                         const QueryFilter& f = {});

struct WorldCastHit {
  bool hit = false;
  ShapeHandle shape;
  float fraction = 0.0f;    // of the translation, in [0, 1], where the shape first touches
  Vec2 point{0.0f, 0.0f};   // the contact (swept_point)
  Vec2 normal{0.0f, 0.0f};  // unit, from the world's shape toward the moving one
  bool initially_overlapping = false;  // fraction 0; normal is the push-out's
};

// `shape` moved by `translation` (its own vel and spin set aside): the first shape it
// touches (swept's time of impact; equal times: either shape). A shape it overlaps at the
// start is a hit at fraction 0.
WorldCastHit world_shape_cast(const ShapeWorld& w, const Collider& shape, Vec2 translation,
                              const QueryFilter& f = {});

}  // namespace hitbox
