// Share by link: a scene and the window's state in a URL fragment, "#v1=" and the scene text
// deflated (zlib) and base64url-encoded. The format and its limits: docs/scene-format.md.
//
// The window's state travels in the scene's own fields: the camera as "view", the algorithms
// switched on and the focus pair. A link names sprites only by a bundled sprite's file name,
// and decoding refuses any other image before it opens one.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hitbox/scene.h"

namespace hitbox {

inline constexpr int kLinkVersion = 1;
// The largest scene text a link holds, decompressed (stress_pile_2000.json is 0.44 MB).
inline constexpr std::size_t kMaxLinkScene = 2u << 20;
// The longest link text decoding reads (a 2 MB scene deflates to far less).
inline constexpr std::size_t kMaxLinkText = 4u << 20;

// Where the bundled files are: the only sprites and lessons a link may name.
struct LinkAssets {
  std::string sprites_dir;  // holds the bundled sprites (assets/sprites)
  std::string lessons_dir;  // holds the bundled lessons (assets/scenes/lessons)
};

// What a link carries.
struct LinkState {
  Scene scene;         // with "view" (the camera), "algorithms" and "focus" when set
  std::string lesson;  // the bundled lesson open, e.g. "03_polygon_sat_mtd"; "" for none
};

// A link that cannot be made or opened; what() says why in a sentence.
class LinkError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct EncodedLink {
  std::string fragment;              // "v1=...", without the '#'
  std::vector<std::string> dropped;  // ids of sprites left out: their image is not bundled
};

// The fragment for `state`. Sprite image paths are read relative to `scene_file`'s folder
// (the working directory for ""); a sprite whose image is not one of assets.sprites_dir's
// files is left out, and the focus pair with it when it names one. Throws LinkError when the
// scene text passes kMaxLinkScene or the lesson name is not a plain name.
EncodedLink encode_link(const LinkState& state, const std::string& scene_file,
                        const LinkAssets& assets);

// "BASE#FRAGMENT", BASE without any fragment it had.
std::string link_url(std::string_view base, std::string_view fragment);

// The state `text` carries: a whole URL (what follows its '#'), "#v1=..." or "v1=...".
// Checked before anything is opened: the version, base64url, the inflated size (at most
// kMaxLinkScene), the zlib checksum, the lesson and every sprite name. Sprites load through
// `loader` from assets.sprites_dir, and their image paths are written relative to the lesson's
// file when the link names a lesson, else to `scene_file`'s folder. Throws LinkError.
LinkState decode_link(std::string_view text, const LinkAssets& assets, const ImageLoader& loader,
                      const std::string& scene_file = "");

// The bundled lesson file a link's lesson name stands for.
std::string link_lesson_file(const LinkAssets& assets, const std::string& lesson);

}  // namespace hitbox
