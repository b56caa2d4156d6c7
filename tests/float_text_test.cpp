// The printf-based float formatting the browser build uses (Emscripten's libc++ has no
// floating-point std::to_chars) writes exactly what std::to_chars writes: the query report
// and saved scenes read the same in the browser as on the desktop.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "json_write.h"

namespace {

std::string reference(float v) {
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

float from_bits(std::uint32_t bits) {
  float v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

TEST(FloatText, SpecialAndHandPickedValues) {
  const float values[] = {0.0f,
                          -0.0f,
                          1.0f,
                          -1.0f,
                          0.1f,
                          0.5f,
                          1.5f,
                          100000.0f,
                          1200000.0f,
                          123456.0f,
                          1234567.0f,
                          1e-5f,
                          1e-4f,
                          0.001f,
                          3.14159265f,
                          1e20f,
                          -2.5e-7f,
                          16777216.0f,
                          16777217.0f,
                          1e38f,
                          std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::min(),
                          std::numeric_limits<float>::denorm_min(),
                          300.0f,
                          0.25f,
                          1024.0f,
                          std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity()};
  for (const float v : values) {
    EXPECT_EQ(hitbox::json_write::float_text_printf(v), reference(v)) << "bits of " << v;
  }
}

// Every power of two and its neighbours: where the rounding interval is lopsided.
TEST(FloatText, PowersOfTwoAndNeighbours) {
  for (int e = -149; e <= 127; ++e) {
    const float p = std::ldexp(1.0f, e);
    for (const float v : {p, std::nextafter(p, 0.0f),
                          std::nextafter(p, std::numeric_limits<float>::infinity()), -p}) {
      ASSERT_EQ(hitbox::json_write::float_text_printf(v), reference(v)) << "2^" << e;
    }
  }
}

// Seeded random bit patterns over every exponent, and decimals a scene file would hold.
TEST(FloatText, SeededRandomFloats) {
  std::mt19937 rng(20261125u);
  std::uniform_int_distribution<std::uint32_t> bits;
  int checked = 0;
  while (checked < 300000) {
    const float v = from_bits(bits(rng));
    if (!std::isfinite(v)) continue;
    ASSERT_EQ(hitbox::json_write::float_text_printf(v), reference(v)) << "bits " << bits(rng);
    ++checked;
  }
  std::uniform_int_distribution<int> whole(-200000, 200000);
  for (int i = 0; i < 100000; ++i) {
    const float v = static_cast<float>(whole(rng)) / 1000.0f;
    ASSERT_EQ(hitbox::json_write::float_text_printf(v), reference(v)) << v;
  }
}

}  // namespace
