#include "algos/words.h"

#include "hitbox/analysis.h"
#include "util/strf.h"

namespace hitbox::app {

std::string time_words(float t) {
  if (std::isinf(t)) return t > 0.0f ? "never" : "always";
  return strf("t = %.3f", t);
}

std::string overlap_words(float overlap, int decimals) {
  const bool overlapping = overlap >= 0.0f;
  return overlap_or_gap(overlapping, overlapping ? overlap : -overlap, decimals);
}

std::string contact_words(float overlap, int decimals) {
  if (std::abs(overlap) < kTouchingPx) return "touching";
  return overlap_words(overlap, decimals);
}

std::string source_words(AxisSource s, int feature) {
  switch (s) {
    case AxisSource::EdgeA:
      return strf("edge %d of A", feature);
    case AxisSource::EdgeB:
      return strf("edge %d of B", feature);
    case AxisSource::CircleVertex:
      return strf("circle centre to vertex %d", feature);
    case AxisSource::CentreLine:
      return "the centre line";
    case AxisSource::Velocity:
      return "across the relative velocity";
    case AxisSource::SegmentDirection:
      return feature == 0 ? "along segment A" : "along segment B";
    case AxisSource::CapsuleEnd:
      return strf("nearest point to end %d of capsule %s", feature % 2, feature < 2 ? "A" : "B");
  }
  return "";
}

}  // namespace hitbox::app
