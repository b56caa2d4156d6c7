// Play mode's own sine and cosine (hitbox/detail/trig.h), against the C library's in long
// double: within a few ulp everywhere, exact at quarter turns, and the float turn within a
// float's rounding. They are written from +, - and * so that the browser gives the same bytes.
#include "hitbox/detail/trig.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace {

using hitbox::detail::cos_sin;
using hitbox::detail::cos_sin_degrees;

TEST(Trig, DegreesWithinThreeUlpOfTheLibrary) {
  std::mt19937 rng(20261207);
  std::uniform_real_distribution<double> wide(-1e5, 1e5), near(-400.0, 400.0);
  const long double kPi = 3.141592653589793238462643383279502884L;
  double worst = 0.0;
  for (int n = 0; n < 200000; ++n) {
    const double deg = n % 2 == 0 ? wide(rng) : near(rng);
    double c, s;
    cos_sin_degrees(deg, &c, &s);
    // The reference reduces in long double too: fmod by 360 is exact in either.
    const long double r = std::fmod(static_cast<long double>(deg), 360.0L) * (kPi / 180.0L);
    const long double wc = std::cos(r), ws = std::sin(r);
    const double ulp = std::numeric_limits<double>::epsilon();  // of a value near 1
    worst = std::max({worst, std::abs(static_cast<double>(c - wc)) / ulp,
                      std::abs(static_cast<double>(s - ws)) / ulp});
    ASSERT_LE(std::abs(static_cast<double>(c - wc)), 3.0 * ulp) << deg;
    ASSERT_LE(std::abs(static_cast<double>(s - ws)), 3.0 * ulp) << deg;
  }
  RecordProperty("worst_ulp", std::to_string(worst));
}

TEST(Trig, QuarterTurnsAreExact) {
  for (int k = -12; k <= 12; ++k) {
    double c, s;
    cos_sin_degrees(90.0 * k, &c, &s);
    const int q = ((k % 4) + 4) % 4;
    EXPECT_EQ(c, q == 0 ? 1.0 : q == 2 ? -1.0 : 0.0) << k;
    EXPECT_EQ(s, q == 1 ? 1.0 : q == 3 ? -1.0 : 0.0) << k;
  }
  double c, s;
  cos_sin_degrees(NAN, &c, &s);
  EXPECT_TRUE(std::isnan(c) && std::isnan(s));
}

TEST(Trig, FloatTurnWithinAFloatsRounding) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> small(-0.1f, 0.1f), large(-50.0f, 50.0f);
  for (int n = 0; n < 200000; ++n) {
    const float t = n % 2 == 0 ? small(rng) : large(rng);
    float c, s;
    cos_sin(t, &c, &s);
    // Within 0.1 rad the float series (a few roundings); beyond, doubles rounded to float.
    const double tol = std::abs(t) <= 0.1f ? 3e-7 : 6e-8;
    ASSERT_NEAR(c, std::cos(static_cast<double>(t)), tol) << t;
    ASSERT_NEAR(s, std::sin(static_cast<double>(t)), tol) << t;
  }
}

}  // namespace
