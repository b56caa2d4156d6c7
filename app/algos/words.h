// The words the window uses for times, overlaps and gaps, axis sources and numbers, shared by
// every algorithm module's labels, panel sections and step sentences.
#pragma once

#include <cmath>
#include <string>

#include "hitbox/collide.h"

namespace hitbox::app {

// v for a "%.Nf" with N = decimals: a value that prints as zero comes back as +0, so the text
// reads "0.00" and not "-0.00" (a normal of (1, -1e-7) is not pointing anywhere negative).
inline double shown(double v, int decimals) {
  return std::fabs(v) <= 0.5 * std::pow(10.0, -decimals) ? 0.0 : v;
}

// A time on the step: "t = 0.420", "never" for +infinity, "always" for -infinity (the shapes
// were already within that axis's slab for all time).
std::string time_words(float t);

// A signed overlap (> 0) or gap (< 0) in the core's words (overlap_or_gap), to `decimals`
// places: "overlap 12.50", "gap 3.20".
std::string overlap_words(float overlap, int decimals);
// The same, "touching" within the core's kTouchingPx.
std::string contact_words(float overlap, int decimals);

// Where an axis comes from: "edge 2 of A", "the centre line".
std::string source_words(AxisSource s, int feature);

}  // namespace hitbox::app
