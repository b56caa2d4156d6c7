// gjk's step mode (algos/gjk.cpp): one step per GJK iteration, then one per EPA iteration.
// The Minkowski difference A - B is drawn beside the pair (gjk_frame says where), with its
// origin labelled.
#pragma once

#include <string>

#include "hitbox/gjk.h"
#include "platform/canvas.h"

namespace hitbox::app::teach {

inline constexpr Color kMinkowskiFill{0.45f, 0.85f, 1.00f, 0.10f};
inline constexpr Color kMinkowskiOutline{0.45f, 0.85f, 1.00f, 0.85f};
inline constexpr Color kSimplex{1.00f, 0.84f, 0.22f, 1.0f};
inline constexpr Color kSupport{1.00f, 0.36f, 0.32f, 1.0f};

int gjk_step_count(const GjkTrace& tr);
std::string gjk_step_text(const GjkTrace& tr, const GjkResult& r, int step);

// The Minkowski difference is drawn translated so that its origin sits at `origin` (world):
// to the right of the pair, its box (with the origin) starting 90 px past the pair's right
// edge and centred on the pair vertically. A point w of A - B is drawn at origin + w.
struct GjkFrame {
  Vec2 origin{0.0f, 0.0f};
};
GjkFrame gjk_frame(const Collider& a, const Collider& b, const GjkTrace& tr, float px);
// The world box the step drawing takes at any step: the Minkowski difference, its origin,
// caption and labels, and the search arrows (the shell frames the view to hold it).
Aabb gjk_step_box(const Collider& a, const Collider& b, const GjkTrace& tr, float px);

}  // namespace hitbox::app::teach
