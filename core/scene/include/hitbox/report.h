// The `query` report: one JSON object per scene, one line each, built from the same
// results the window draws. Format: docs/command-line.md, "hitbox query".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hitbox/algorithms.h"
#include "hitbox/mover.h"
#include "hitbox/scene.h"

namespace hitbox {

// The largest pixel mask the report builds, in cells (bounding rectangle of a shape at the
// asked accuracy); a larger shape is refused by pixel_mask_problem instead of allocated.
inline constexpr double kMaxMaskCells = 64.0 * 1024.0 * 1024.0;

// Shortest decimal text that reads back as the same float (std::to_chars).
std::string format_float(float v);

// Every pair in file order (i < j).
std::vector<std::pair<int, int>> all_pairs(const Scene& scene);

// Whether `accuracy` is one the pixel test takes: 0 < accuracy <= 1, not NaN, and with a
// finite cell size 1 / accuracy.
bool valid_accuracy(float accuracy);

// Empty when every shape in `pairs` can be rasterised at `accuracy` within kMaxMaskCells;
// otherwise what is too large, naming the shape.
std::string pixel_mask_problem(const Scene& scene, const std::vector<std::pair<int, int>>& pairs,
                               float accuracy);

// One line of JSON (no trailing newline) for a scene: {"scene":..., "pairs":[...]}.
// `accuracy` is the pixel test's (mask.h); each shape's mask is built once per call. With
// pixel asked, the accuracy must pass valid_accuracy and the pairs pixel_mask_problem (user
// input is checked by the caller and refused there with a message; here they are asserted).
std::string scene_report_json(const Scene& scene, std::string_view scene_name,
                              const std::vector<std::pair<int, int>>& pairs, std::uint32_t algos,
                              float accuracy = 1.0f);

// One line of JSON for a ray cast over a scene (query --ray; ray.h):
// {"scene":...,"ray":{"from":[x,y],"to":[x,y],"hits":[{"id":"A","t":0.42,"point":[x,y],
// "normal":[x,y]},...]}}, nearest first. A ray starting inside a shape gives that shape
// "t":0,"inside":true and no normal.
std::string scene_ray_json(const Scene& scene, std::string_view scene_name, Vec2 from, Vec2 to);

// The world a mover meets: every shape of `scene` but scene.shapes[skip], in order; slot i
// holds scene.shapes[(*ids)[i]] when `ids` is given.
ShapeWorld scene_world_without(const Scene& scene, int skip, std::vector<int>* ids = nullptr);

// One line of JSON for `hitbox move` (mover.h): the capsule scene.shapes[mover] moved `steps`
// times by `by` with move_and_slide through a ShapeWorld of the other shapes:
// {"scene":...,"mover":"ID","by":[dx,dy],"steps":N,"position":[x,y],"on_ground":true,
// "ground":{"id":"floor","normal":[x,y]},"planes":[{"id":"floor","normal":[x,y],
// "point":[x,y],"separation":s},...],"iterations":K}. Position is the capsule's pos at the end; the
// planes are those within the skin at the end; iterations are the solver's, every step.
std::string scene_move_json(const Scene& scene, std::string_view scene_name, int mover, Vec2 by,
                            int steps, const MoverConfig& config = {});

}  // namespace hitbox
