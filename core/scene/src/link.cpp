// Share by link (hitbox/link.h): a scene as "v1=" + base64url(zlib(payload)). The payload is
// an optional "lesson NAME\n" line, then the scene text as scene_to_json writes it with each
// sprite's image as a bundled sprite's bare file name.
#include "hitbox/link.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "link_zlib.h"

namespace hitbox {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::string_view kLessonLine = "lesson ";
constexpr std::size_t kMaxNameLength = 64;

std::string base64url(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  const auto byte = [&](std::size_t k) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[k]));
  };
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t v = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
    for (int s = 18; s >= 0; s -= 6) out += kAlphabet[v >> s & 63];
  }
  if (const std::size_t rest = bytes.size() - i; rest > 0) {  // no '=' padding
    std::uint32_t v = byte(i) << 16;
    if (rest == 2) v |= byte(i + 1) << 8;
    out += kAlphabet[v >> 18 & 63];
    out += kAlphabet[v >> 12 & 63];
    if (rest == 2) out += kAlphabet[v >> 6 & 63];
  }
  return out;
}

std::string from_base64url(std::string_view text) {
  std::array<int, 256> value{};
  value.fill(-1);
  for (std::size_t k = 0; k < kAlphabet.size(); ++k)
    value[static_cast<unsigned char>(kAlphabet[k])] = static_cast<int>(k);
  // '=' padding, which other tools add, is allowed at the end only.
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  std::string out;
  out.reserve(text.size() / 4 * 3 + 2);
  std::uint32_t acc = 0;
  int bits = 0;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const int v = value[static_cast<unsigned char>(text[k])];
    if (v < 0) {
      const unsigned char c = static_cast<unsigned char>(text[k]);
      // Built by appending: GCC 12 warns (-Wrestrict, a false positive) on "'" + ... here.
      std::string what = "the link is damaged: ";
      if (c >= 0x21 && c < 0x7f) {
        what += '\'';
        what += text[k];
        what += '\'';
      } else {
        what += "byte ";
        what += std::to_string(c);
      }
      what += " at character ";
      what += std::to_string(k + 1);
      throw LinkError(what + " of its data is not base64url");
    }
    acc = (acc << 6 | static_cast<std::uint32_t>(v)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>(acc >> bits & 0xff);
    }
  }
  if (text.size() % 4 == 1) throw LinkError("the link is damaged: its data ends mid-byte");
  return out;
}

// A bundled file's name as a link may hold it: letters, digits, '_', '-' and inner dots; no
// separator, so it cannot leave its folder.
bool plain_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength || name.front() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
  });
}

bool sprite_name(std::string_view name) {
  return plain_name(name) && name.size() > 4 && name.ends_with(".png") &&
         name.find("..") == std::string_view::npos;
}

bool lesson_name(std::string_view name) {
  return plain_name(name) && name.find('.') == std::string_view::npos;
}

// `s` shortened for a message, with anything but printable ASCII as '?'.
std::string shown(std::string_view s) {
  std::string out(s.substr(0, kMaxNameLength));
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  }
  return s.size() > kMaxNameLength ? out + "..." : out;
}

fs::path absolute_normal(const fs::path& p) {
  std::error_code ec;
  fs::path a = fs::absolute(p.empty() ? fs::path(".") : p, ec);  // "": the working directory
  if (ec) a = p;
  // Through symbolic links too: the browser's uploads reach the sprites by a link.
  fs::path real = fs::weakly_canonical(a, ec);
  return ec ? a.lexically_normal() : real;
}

// The bundled sprite's name `image` (relative to `from_dir`) stands for, or "".
std::string bundled_name(const std::string& image, const fs::path& from_dir,
                         const fs::path& sprites) {
  const fs::path full = absolute_normal(from_dir / fs::path(image));
  const std::string name = full.filename().string();
  std::error_code ec;
  if (!sprite_name(name) || full.parent_path() != sprites || !fs::is_regular_file(full, ec))
    return "";
  return name;
}

// The part after '#', or the text itself when it is a bare "vN=..." fragment.
std::string fragment_of(std::string_view text) {
  if (const std::size_t hash = text.find('#'); hash != std::string_view::npos) {
    text.remove_prefix(hash + 1);
  } else if (text.size() < 2 || text[0] != 'v' || text[1] < '0' || text[1] > '9') {
    text = {};
  }
  if (text.empty()) throw LinkError("not a Hitbox link: it has no \"#v1=...\" part");
  return std::string(text);
}

}  // namespace

EncodedLink encode_link(const LinkState& state, const std::string& scene_file,
                        const LinkAssets& assets) {
  if (!state.lesson.empty() && !lesson_name(state.lesson))
    throw LinkError("the lesson name \"" + shown(state.lesson) +
                    "\" is not a bundled lesson's name");
  EncodedLink out;
  Scene scene = state.scene;
  const fs::path from_dir = absolute_normal(fs::path(scene_file).parent_path());
  const fs::path sprites = absolute_normal(assets.sprites_dir);
  std::vector<Shape> kept;
  for (Shape& s : scene.shapes) {
    if (s.kind == Kind::Sprite) {
      const std::string name = bundled_name(s.image, from_dir, sprites);
      if (name.empty()) {
        out.dropped.push_back(s.id);
        continue;
      }
      s.image = name;
    }
    kept.push_back(std::move(s));
  }
  scene.shapes = std::move(kept);
  if (scene.focus && (scene.find(scene.focus->first) < 0 || scene.find(scene.focus->second) < 0))
    scene.focus.reset();
  if (scene.mover && scene.find(*scene.mover) < 0) scene.mover.reset();

  std::string payload;
  if (!state.lesson.empty()) payload = std::string(kLessonLine) + state.lesson + "\n";
  try {
    payload += scene_to_json(scene);
  } catch (const SceneError& e) {
    throw LinkError(std::string("the scene cannot be written: ") + e.what());
  }
  if (payload.size() > kMaxLinkScene) {
    throw LinkError("the scene is " + std::to_string(payload.size()) +
                    " bytes as text; a link holds at most " + std::to_string(kMaxLinkScene));
  }
  out.fragment =
      "v" + std::to_string(kLinkVersion) + "=" + base64url(link_detail::zlib_compress(payload));
  return out;
}

std::string link_url(std::string_view base, std::string_view fragment) {
  base = base.substr(0, base.find('#'));
  return std::string(base) + "#" + std::string(fragment);
}

std::string link_lesson_file(const LinkAssets& assets, const std::string& lesson) {
  return (fs::path(assets.lessons_dir) / (lesson + ".json")).string();
}

LinkState decode_link(std::string_view text, const LinkAssets& assets, const ImageLoader& loader,
                      const std::string& scene_file) {
  if (text.size() > kMaxLinkText) {
    throw LinkError("the link is " + std::to_string(text.size()) +
                    " characters; a link holds at most " + std::to_string(kMaxLinkText));
  }
  const std::string fragment = fragment_of(text);
  // "vN=": the format's version.
  std::size_t digits = 1;
  while (digits < fragment.size() && fragment[digits] >= '0' && fragment[digits] <= '9') ++digits;
  if (fragment[0] != 'v' || digits == 1 || digits > 9 || digits >= fragment.size() ||
      fragment[digits] != '=') {
    throw LinkError("not a Hitbox link: its \"#\" part does not start with \"v1=\"");
  }
  const std::string version = fragment.substr(1, digits - 1);
  if (version != std::to_string(kLinkVersion)) {
    throw LinkError("the link is format v" + version + "; this Hitbox reads v" +
                    std::to_string(kLinkVersion) + " links only");
  }
  const std::string bytes = from_base64url(std::string_view(fragment).substr(digits + 1));

  std::string payload;
  switch (link_detail::zlib_decompress(bytes, kMaxLinkScene, &payload)) {
    case link_detail::Inflate::kOk:
      break;
    case link_detail::Inflate::kTooBig:
      throw LinkError("the link's scene is larger than the " + std::to_string(kMaxLinkScene) +
                      " bytes a link may hold");
    case link_detail::Inflate::kDamaged:
      throw LinkError("the link is damaged: its data does not inflate (cut short or altered)");
  }

  LinkState state;
  std::string_view scene_text = payload;
  if (scene_text.starts_with(kLessonLine)) {
    const std::size_t end = scene_text.find('\n');
    const std::string_view name = scene_text.substr(
        kLessonLine.size(), end == std::string_view::npos ? end : end - kLessonLine.size());
    std::error_code ec;
    if (end == std::string_view::npos || !lesson_name(name) ||
        !fs::is_regular_file(link_lesson_file(assets, std::string(name)), ec)) {
      throw LinkError("the link names lesson \"" + shown(name) +
                      "\", which is not one of the bundled lessons");
    }
    state.lesson = name;
    scene_text.remove_prefix(end + 1);
  }

  // Each sprite's image is checked as a bare bundled name before the loader sees it. The scene
  // is read as "<link>", a file with no folder, so the loader gets the name as written.
  std::string refused;
  const ImageLoader bundled_only = [&](const std::string& name, std::string* error) {
    std::error_code ec;
    const fs::path file = fs::path(assets.sprites_dir) / name;
    if (!sprite_name(name) || !fs::is_regular_file(file, ec)) {
      refused = name;
      *error = "not a bundled sprite";
      return std::shared_ptr<const SpriteImage>();
    }
    return loader ? loader(file.string(), error) : nullptr;
  };
  try {
    state.scene = parse_scene(scene_text, "<link>", bundled_only);
  } catch (const SceneError& e) {
    if (!refused.empty()) {
      throw LinkError("the link names the image \"" + shown(refused) +
                      "\"; a link may name only the bundled sprites (" + assets.sprites_dir +
                      "), so it is not opened");
    }
    throw LinkError(std::string("the link's scene does not load: ") + e.what());
  }
  // The images as the scene's file will write them (rebase_image_paths).
  const std::string as_file =
      state.lesson.empty() ? scene_file : link_lesson_file(assets, state.lesson);
  state.scene = rebase_image_paths(std::move(state.scene),
                                   (fs::path(assets.sprites_dir) / "link.json").string(), as_file);
  return state;
}

}  // namespace hitbox
