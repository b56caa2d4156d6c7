// zlib for links: stb_image_write's deflate and stb_image's inflate (Debian's libstb headers),
// each compiled here with static linkage, so the app's own stb (libstb on the desktop,
// app/platform/web/stb.cpp in the browser) keeps its symbols to itself.
#include "link_zlib.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_ZLIB
#define STBI_SUPPORT_ZLIB
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace hitbox::link_detail {
namespace {

std::uint32_t adler32(std::string_view data) {
  constexpr std::uint32_t kMod = 65521;
  std::uint32_t a = 1, b = 0;
  for (const char c : data) {
    a = (a + static_cast<unsigned char>(c)) % kMod;
    b = (b + a) % kMod;
  }
  return (b << 16) | a;
}

}  // namespace

std::string zlib_compress(std::string_view data) {
  int size = 0;
  // stb's quality is the hash chain length: 8 is its PNG default.
  unsigned char* z =
      stbi_zlib_compress(reinterpret_cast<unsigned char*>(const_cast<char*>(data.data())),
                         static_cast<int>(data.size()), &size, 8);
  std::string out(reinterpret_cast<const char*>(z), static_cast<std::size_t>(size));
  STBIW_FREE(z);
  return out;
}

Inflate zlib_decompress(std::string_view stream, std::size_t cap, std::string* out) {
  if (stream.size() < 6) return Inflate::kDamaged;  // a header and the checksum at least
  // One byte more than the cap: a stream that fills it is too big. Left uninitialised: the
  // inflater writes what it returns, and zeroing 2 MiB for a short link is most of the work.
  const std::unique_ptr<char[]> buf(new char[cap + 1]);
  const int n = stbi_zlib_decode_buffer(buf.get(), static_cast<int>(cap + 1), stream.data(),
                                        static_cast<int>(stream.size()));
  if (n < 0) {
    const char* why = stbi_failure_reason();
    const bool full = why != nullptr && std::string_view(why) == "output buffer limit";
    return full ? Inflate::kTooBig : Inflate::kDamaged;
  }
  if (static_cast<std::size_t>(n) > cap) return Inflate::kTooBig;
  std::string text(buf.get(), static_cast<std::size_t>(n));
  const auto* tail = reinterpret_cast<const unsigned char*>(stream.data() + stream.size() - 4);
  const std::uint32_t want = (std::uint32_t{tail[0]} << 24) | (std::uint32_t{tail[1]} << 16) |
                             (std::uint32_t{tail[2]} << 8) | std::uint32_t{tail[3]};
  if (adler32(text) != want) return Inflate::kDamaged;
  *out = std::move(text);
  return Inflate::kOk;
}

}  // namespace hitbox::link_detail
