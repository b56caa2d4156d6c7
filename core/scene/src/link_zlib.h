// zlib streams for links (internal to the core): stb's deflate and inflate, compiled
// privately in link_zlib.cpp so they never clash with the app's stb.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hitbox::link_detail {

// `data` as a zlib stream (RFC 1950): header, deflate, Adler-32.
std::string zlib_compress(std::string_view data);

enum class Inflate { kOk, kTooBig, kDamaged };
// Inflates `stream` into *out, at most `cap` bytes; kDamaged also when its Adler-32 trailer
// (the stream's last 4 bytes) does not match, so a truncated stream is never taken.
Inflate zlib_decompress(std::string_view stream, std::size_t cap, std::string* out);

}  // namespace hitbox::link_detail
