// Sine and cosine from operations IEEE 754 rounds exactly (+, -, *, /, fmod, nearbyint) and
// no library series, so every compiler, libm and the browser's WebAssembly give the same bytes
// (play mode's determinism, docs/determinism.md). Not part of the API.
#pragma once

#include <cmath>

namespace hitbox::detail {

// cos and sin of t within [-pi/4, pi/4], turned on by q quarter turns: Taylor series to t^16
// and t^17 (the next terms are below 1e-17), each a polynomial in u = t^2 evaluated by
// Estrin's scheme (pairs, then pairs of pairs), whose chains are half as long as Horner's.
inline double estrin8(double u, const double (&c)[9]) {
  const double u2 = u * u, u4 = u2 * u2;
  const double p03 = (c[0] + c[1] * u) + (c[2] + c[3] * u) * u2;
  const double p47 = (c[4] + c[5] * u) + (c[6] + c[7] * u) * u2;
  return (p03 + p47 * u4) + c[8] * (u4 * u4);
}
inline void cos_sin_quarter(double t, int q, double* c, double* s) {
  static constexpr double kCos[9] = {1.0,
                                     -1.0 / 2.0,
                                     1.0 / 24.0,
                                     -1.0 / 720.0,
                                     1.0 / 40320.0,
                                     -1.0 / 3628800.0,
                                     1.0 / 479001600.0,
                                     -1.0 / 87178291200.0,
                                     1.0 / 20922789888000.0};
  static constexpr double kSin[9] = {1.0,
                                     -1.0 / 6.0,
                                     1.0 / 120.0,
                                     -1.0 / 5040.0,
                                     1.0 / 362880.0,
                                     -1.0 / 39916800.0,
                                     1.0 / 6227020800.0,
                                     -1.0 / 1307674368000.0,
                                     1.0 / 355687428096000.0};
  const double u = t * t;
  const double cc = estrin8(u, kCos);
  const double ss = t * estrin8(u, kSin);
  q &= 3;  // each quarter turn takes (c, s) to (-s, c)
  *c = q == 0 ? cc : q == 1 ? -ss : q == 2 ? -cc : ss;
  *s = q == 0 ? ss : q == 1 ? cc : q == 2 ? -ss : -cc;
}

// (cos, sin) of an angle in degrees, in doubles, within a few ulp. The angle is brought
// exactly to [-45, 45] degrees and a quadrant (fmod by 360 and the subtraction of a multiple
// of 90 are exact), so multiples of 90 degrees give exact 0 and 1.
inline void cos_sin_degrees(double degrees, double* c, double* s) {
  if (!std::isfinite(degrees)) {
    *c = *s = NAN;
    return;
  }
  const double r = std::abs(degrees) < 360.0 ? degrees : std::fmod(degrees, 360.0);
  // Any nearby quarter turn will do (the subtraction stays exact): a product, not a division.
  const double k = std::nearbyint(r * (1.0 / 90.0));  // -4..4
  cos_sin_quarter((r - 90.0 * k) * (3.14159265358979323846 / 180.0), static_cast<int>(k), c, s);
}

// (cos t, sin t) for a float angle in radians. Within 0.1 rad (nearly every sub-step's turn):
// Taylor series to t^6 and t^5 in floats, under 1e-10 off, far below a float's rounding.
// Beyond: in doubles, reduced by quarter turns with pi/2 in two parts (Cody and Waite).
inline void cos_sin(float t, float* c, float* s) {
  if (std::abs(t) <= 0.1f) {
    const float t2 = t * t;
    *c = 1.0f - t2 * (0.5f - t2 * (1.0f / 24.0f - t2 * (1.0f / 720.0f)));
    *s = t * (1.0f - t2 * (1.0f / 6.0f - t2 * (1.0f / 120.0f)));
    return;
  }
  if (!std::isfinite(t)) {
    *c = *s = NAN;
    return;
  }
  const double kHalfPiHigh = 1.57079632673412561417;  // pi/2 to 33 bits: k times it is exact
  const double kHalfPiLow = 6.07710050650619224932e-11;
  const double x = static_cast<double>(t);
  const double k = std::nearbyint(x / (kHalfPiHigh + kHalfPiLow));
  double cd, sd;
  cos_sin_quarter((x - k * kHalfPiHigh) - k * kHalfPiLow, static_cast<int>(std::fmod(k, 4.0)), &cd,
                  &sd);
  *c = static_cast<float>(cd);
  *s = static_cast<float>(sd);
}

}  // namespace hitbox::detail
