// The printf-based float formatting the browser build uses (Emscripten's libc++ has no
// floating-point std::to_chars) writes exactly what std::to_chars writes: the query report
// and saved scenes read the same in the browser as on the desktop.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "collide/src/number_text.h"
#include "scene/src/json_write.h"

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

// number_text (core/collide/src/number_text.h) against nlohmann-json's own writer, which the scene
// files were written with before the collision library dropped JSON; and its printf build
// against its to_chars build. nlohmann's Grisu2 may give more digits than the fewest, or
// not the nearest of the fewest; there number_text must do better and read back as v.
TEST(NumberText, WritesDoublesAsJsonDoesWithTheFewestDigits) {
  std::mt19937_64 rng(20261127);
  std::uniform_int_distribution<int> milli(-2'000'000, 2'000'000);
  int grisu_longer = 0;
  for (int i = 0; i < 40000; ++i) {
    double v = 0.0;
    switch (i % 4) {
      case 0: {  // any bit pattern
        const std::uint64_t bits = rng();
        std::memcpy(&v, &bits, sizeof v);
        break;
      }
      case 1:
        v = milli(rng) / 1000.0;  // what a scene holds
        break;
      case 2:
        v = std::ldexp(static_cast<double>(rng() >> 11), -53) * std::pow(10.0, milli(rng) % 20);
        break;
      default:
        v = static_cast<double>(static_cast<float>(milli(rng) / 7.0));  // a float widened
    }
    if (!std::isfinite(v)) continue;
    const std::string ours = hitbox::number_text(v);
    ASSERT_EQ(hitbox::number_text_printf(v), ours) << "v = " << v;
    ASSERT_EQ(std::strtod(ours.c_str(), nullptr), v) << ours;
    const std::string theirs = nlohmann::json(v).dump();
    if (ours == theirs || (v == std::trunc(v) && std::fabs(v) < 1e15)) continue;
    const auto digit_count = [](const std::string& s) {  // significant digits
      std::string d;
      for (const char c : s.substr(0, s.find('e'))) {
        if (c >= '0' && c <= '9') d += c;
      }
      const auto first = d.find_first_not_of('0');
      return first == std::string::npos ? 0 : static_cast<int>(d.find_last_not_of('0') - first + 1);
    };
    // Grisu2 gives more digits than needed, or as many but not the nearest to v.
    const int mine = digit_count(ours), json = digit_count(theirs);
    ASSERT_LE(mine, json) << "ours " << ours << ", json " << theirs;
    if (mine == json) {
      const long double exact = v;
      ASSERT_LE(std::fabs(std::strtold(ours.c_str(), nullptr) - exact),
                std::fabs(std::strtold(theirs.c_str(), nullptr) - exact))
          << "ours " << ours << ", json " << theirs;
    }
    ++grisu_longer;
  }
  EXPECT_LT(grisu_longer, 400);  // Grisu2 is shortest in nearly every case
}

TEST(NumberText, HandPickedValues) {
  EXPECT_EQ(hitbox::number_text(300.0), "300");
  EXPECT_EQ(hitbox::number_text(-2.5), "-2.5");
  EXPECT_EQ(hitbox::number_text(0.0001), "0.0001");
  EXPECT_EQ(hitbox::number_text(0.00001), "1e-05");
  EXPECT_EQ(hitbox::number_text(1.5e-7), "1.5e-07");
  EXPECT_EQ(hitbox::number_text(1e30), "1e+30");
  EXPECT_EQ(hitbox::number_text(1e15), "1e+15");
  EXPECT_EQ(hitbox::number_text(123456789.25), "123456789.25");
  EXPECT_EQ(hitbox::number_text(-0.0), "-0.0");
  EXPECT_EQ(hitbox::number_text(std::numeric_limits<double>::infinity()), "inf");
}
