// base64url without padding (RFC 4648, section 5), written out apart from the core's, for
// crafting links by hand in the link tests and the link fuzzer.
#pragma once

#include <string>
#include <string_view>

namespace hitbox::test {

inline std::string base64url(std::string_view bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned acc = 0;
  int bits = 0;
  for (const char c : bytes) {
    acc = (acc << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += kAlphabet[(acc >> bits) & 63];
    }
  }
  if (bits > 0) out += kAlphabet[(acc << (6 - bits)) & 63];
  return out;
}

}  // namespace hitbox::test
