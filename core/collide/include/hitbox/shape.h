// Shapes: what a scene file stores (Shape) and what the algorithms read (Collider).
//
// A Shape is the user's description, in doubles, exactly as written in the scene file.
// Posing it (a Posed, or pose_into() with storage the caller owns) gives a Collider: world-space
// vertices, outward unit normals, the unique projection axes, the world bounds and the
// bounding circle, in floats. The collision functions only ever see Colliders. Conventions: see
// geometry.h.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hitbox/geometry.h"

namespace hitbox {

constexpr int kMaxPolygonPoints = 64;

// Point and Segment have no area: a point is `pos`, a segment its two local `points`. A
// capsule is a segment's two local `points` (the end centres) grown by `radius`.
enum class Kind : std::uint8_t { Rect, Circle, Polygon, Sprite, Point, Segment, Capsule };

const char* kind_name(Kind k);

// A sprite's pixels as the core needs them. Row 0 is the top row. Loading PNG files is the
// app's job (stb_image); the core never opens an image.
struct SpriteImage {
  int w = 0, h = 0;
  std::vector<std::uint8_t> alpha;  // w*h
  std::vector<std::uint8_t> rgba;   // w*h*4, for drawing (may be empty in tests)
  bool operator==(const SpriteImage&) const = default;
};

// Shared, immutable pixels; equal when the pixels are equal (so a saved and reloaded scene
// compares equal to the original).
struct SpritePixels {
  std::shared_ptr<const SpriteImage> image;
  bool operator==(const SpritePixels& o) const {
    return image == o.image || (image && o.image && *image == *o.image);
  }
};

// How a shape moves in play mode (hitbox/simulation.h): the scene file's "body" object
// (docs/scene-format.md, "Bodies"). A shape without one is static and takes no part in the
// mixing of coefficients.
enum class BodyType : std::uint8_t { Static, Dynamic };
const char* body_type_name(BodyType t);  // "static", "dynamic"

struct BodySpec {
  BodyType type = BodyType::Dynamic;
  double density = 1.0;           // mass per square pixel, > 0
  double restitution = 0.0;       // 0 (no bounce) .. 1 (elastic)
  double friction = 0.5;          // kinetic, >= 0
  double static_friction = 0.5;   // >= 0; in a file it defaults to "friction"
  DVec2 velocity{0.0, 0.0};       // of the centre of mass, pixels per second (static: zero)
  double angular_velocity = 0.0;  // degrees per second, clockwise positive (static: zero)
  bool fixed_rotation = false;    // true: the body never turns (infinite inertia)
  bool operator==(const BodySpec&) const = default;
};

struct Shape {
  std::string id{};
  Kind kind = Kind::Rect;
  DVec2 pos{0.0, 0.0};
  double angle = 0.0;  // degrees, positive = clockwise on screen
  double scale = 1.0;
  bool mirror_x = false;           // flip local x before scaling and rotating
  bool mirror_y = false;           // flip local y
  DVec2 vel{0.0, 0.0};             // displacement over one step (swept test)
  double spin = 0.0;               // degrees turned over one step, clockwise, about pos (swept)
  DVec2 size{0.0, 0.0};            // rect: width, height (centred on pos)
  double radius = 0.0;             // circle, capsule
  std::vector<DVec2> points{};     // polygon: local points, either winding; segment, capsule: 2
  std::string image{};             // sprite: image path as written in the scene file
  int alpha_threshold = 128;       // sprite: texels with alpha >= this are solid (0..255)
  SpritePixels pixels{};           // sprite: the loaded image; its frame is w x h, centred on pos
  std::optional<BodySpec> body{};  // play mode; none: static

  bool operator==(const Shape&) const = default;
};

// Local -> world and back, for any kind (the full transform including mirror and scale).
DVec2 to_world(const Shape& s, DVec2 local);
DVec2 to_local(const Shape& s, DVec2 world);

// How the algorithms see a posed shape. A point poses as a one-vertex Polygon and a segment
// as a two-vertex Polygon (edges v0 -> v1 and v1 -> v0, normals n and -n, one unique axis; a
// point has a zero normal and no axis): every polygon path then covers them, and the few
// places that must know (SAT's extra axis for two shapes without area, pixel) ask
// has_area(). A capsule poses as its core segment (the two vertices, normals and axis of a
// segment) with a radius, as a circle is its centre with a radius: Geom::Capsule.
enum class Geom : std::uint8_t { Circle, Box, Polygon, Capsule };

// A posed shape in world space. Plain data; the vertex arrays point into storage owned by
// a Posed (or by whoever called pose_into). A Box is also a 4-vertex polygon.
// The fields every query reads (kind, bounds, pos, axes, half extents, radii, count) sit in
// the first 64 bytes, and a Collider starts on a 64-byte boundary, so the cheap tests touch one
// cache line per shape; the polygon paths' counts and array pointers fill the second.
struct alignas(64) Collider {
  Geom geom = Geom::Circle;
  // A concave polygon's convex pieces (see `pieces` below; 0 for every convex shape). Here,
  // in the padding before `bounds`, so the check every query makes stays in the first line.
  std::uint8_t piece_count = 0;
  Aabb bounds;              // world axis-aligned bounds
  Vec2 pos{0.0f, 0.0f};     // the shape's origin in the world (circle centre, rect centre)
  Vec2 axis_x{1.0f, 0.0f};  // world direction of local +x (mirror applied), unit
  Vec2 axis_y{0.0f, 1.0f};  // world direction of local +y (mirror applied), unit
  Vec2 half{0.0f, 0.0f};    // box: half extents in world pixels
  float radius = 0.0f;      // circle, capsule: world radius
  float bound = 0.0f;       // bounding-circle radius about pos
  int count = 0;            // vertices (box 4, circle 0)
  Vec2 vel{0.0f, 0.0f};     // displacement over one step
  float spin = 0.0f;        // radians turned over one step about pos, clockwise (y down)
  // The second line: what the polygon paths read (the counts, then the arrays they index).
  int axis_count = 0;  // unique edge-normal directions (box 2)
  // The vertices again as separate x and y runs (`vx`, `vy` below), padded with copies of
  // v[0] to a multiple of 4 (`padded`), so a projection handles four vertices per step.
  int padded = 0;
  const Vec2* v = nullptr;     // world vertices, positive-area order
  const Vec2* n = nullptr;     // outward unit normal of edge v[i] -> v[i+1]
  const Vec2* axes = nullptr;  // unique normals (parallel edges once)
  const Vec2* self = nullptr;  // (min, max) of this shape on each of its unique axes
  const float* vx = nullptr;
  const float* vy = nullptr;
  const int* axis_edge = nullptr;  // the edge index each unique axis came from
  // Sprites: the frame above is the image rectangle (w x h times scale). Pixel masks read
  // the texels through the inverse transform.
  const SpriteImage* sprite = nullptr;
  int alpha_threshold = 0;
  float scale = 1.0f;
  // A concave polygon: its convex pieces (concave.h), piece_count of them, each a posed
  // convex polygon, found once by Posed (pose_into leaves them empty). The Collider itself is the
  // whole outline: its bounds, bounding circle and vertices are the whole shape's.
  const Collider* pieces = nullptr;
};

// Whether a posed shape has area: false for a point (count 1) or a segment (count 2).
inline bool has_area(const Collider& b) {
  return b.geom != Geom::Polygon || b.count >= 3;
}
inline bool is_segment(const Collider& b) {
  return b.geom == Geom::Polygon && b.count == 2;
}
inline bool is_point(const Collider& b) {
  return b.geom == Geom::Polygon && b.count == 1;
}

inline bool is_capsule(const Collider& b) {
  return b.geom == Geom::Capsule;
}

inline bool has_pieces(const Collider& b) {
  return b.piece_count > 1;
}

// Number of Vec2 slots pose_into() needs (4 per vertex plus the padded x/y runs), and int
// slots (1 per vertex).
int pose_vec_slots(const Shape& s);
int pose_int_slots(const Shape& s);

// Pose into caller-owned storage (no allocation). Storage must hold pose_*_slots entries.
Collider pose_into(const Shape& s, std::span<Vec2> vec_storage, std::span<int> int_storage);

// A posed shape that owns its storage. Copies re-point the Collider at their own storage.
class Posed {
 public:
  Posed() = default;
  explicit Posed(const Shape& s);
  Posed(const Posed& o);
  Posed& operator=(const Posed& o);
  Posed(Posed&& o) noexcept;
  Posed& operator=(Posed&& o) noexcept;

  const Collider& collider() const { return collider_; }
  operator const Collider&() const { return collider_; }  // NOLINT: a Posed is read as its Collider

  // Pose `s` again in this storage: no allocation when the vertex count is the same (play
  // mode re-poses every moving shape each step). A concave polygon's pieces are posed again
  // too (decomposed afresh only when its local points changed).
  void repose(const Shape& s);

 private:
  void repoint();
  void point_arrays();

  // Where the Collider's arrays are stored: inline, right after the Collider, for a shape of up to
  // 8 vertices (so a query reads them from the cache lines next to the Collider's own), on the heap
  // beyond. Plain data, copied and moved member by member; the Posed re-points its Collider.
  struct Arrays {
    static constexpr int kInlineVertices = 8;
    static constexpr int kInlineVecs = 4 * kInlineVertices + kInlineVertices;  // pose_vec_slots
    Vec2 inline_vecs[kInlineVecs]{};
    int inline_ints[kInlineVertices]{};
    int vec_slots = 0;
    int int_slots = 0;
    std::vector<Vec2> heap_vecs;  // more than kInlineVecs slots
    std::vector<int> heap_ints;   // more than kInlineVertices
    void size_for(const Shape& s);
    std::span<Vec2> vecs();
    std::span<int> ints();
  };

  Collider collider_;
  Arrays arrays_;
  std::vector<Posed> piece_posed_;              // a concave polygon's convex pieces
  std::vector<Collider> piece_colliders_;       // their Colliders, side by side (collider_.pieces)
  std::vector<std::vector<int>> piece_points_;  // each piece's indices into the local points
  std::vector<DVec2> decomposed_;               // the local points they were found for
};

// Point containment (closed): is p inside or on the boundary of the posed shape? (A concave
// polygon: of any of its pieces.)
bool contains(const Collider& b, Vec2 p);

// Polygon checks shared by scene loading and the window's polygon tool.
// Returns an empty string for a valid simple polygon (convex or concave), else what is wrong.
std::string polygon_problem(std::span<const DVec2> points);

// Convex hull (Andrew's monotone chain), positive-area order, collinear points dropped.
std::vector<DVec2> convex_hull(std::span<const DVec2> points);

}  // namespace hitbox
