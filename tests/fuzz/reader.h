// The fuzzers' byte reader: the input as a stream of values (fuzz_shapes, fuzz_simulate).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace hitbox::fuzz {

// Reads the input as a stream of values; past its end, zeros.
struct Reader {
  const std::uint8_t* p;
  std::size_t n;
  std::uint8_t byte() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
  // A value in [lo, hi], in 65,536 steps.
  double in(double lo, double hi) {
    const unsigned v = byte() | static_cast<unsigned>(byte()) << 8;
    return lo + (hi - lo) * v / 65535.0;
  }
  // A double that is often a plain number and sometimes a special one.
  double number() {
    switch (byte() % 8) {
      case 0:
        return static_cast<double>(static_cast<std::int8_t>(byte()));  // small integers
      case 1: {
        double v = 0.0;  // any bit pattern: NaNs, infinities, subnormals
        std::uint8_t b[8];
        for (auto& c : b) c = byte();
        std::memcpy(&v, b, sizeof v);
        return v;
      }
      case 2: {
        float v = 0.0f;
        std::uint8_t b[4];
        for (auto& c : b) c = byte();
        std::memcpy(&v, b, sizeof v);
        return v;
      }
      case 3:
        return std::ldexp(1.0 + byte() / 256.0, static_cast<int>(byte() % 80) - 40);  // scales
      default:
        return (static_cast<double>(byte()) - 128.0) * 4.0 + byte() / 64.0;  // pixel-sized
    }
  }
};

}  // namespace hitbox::fuzz
