// Bytes -> a link -> decode_link (hitbox/link.h). The first byte picks what the rest is: the
// link text itself, a payload deflated into a v1 link (so the scene reader and the lesson and
// sprite checks see structured text), or a raw zlib stream (the inflater's caps and checksum).
// A link is accepted or refused with a LinkError; the loader is asked only for files in the
// bundled sprites folder; an accepted link made again gives the same scene text.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "../support/base64url.h"
#include "every_algorithm.h"
#include "hitbox/link.h"
#include "hitbox/scene.h"
#include "scene/src/link_zlib.h"

namespace {

const hitbox::LinkAssets kAssets{HITBOX_SOURCE_DIR "/assets/sprites",
                                 HITBOX_SOURCE_DIR "/assets/scenes/lessons"};

using hitbox::test::base64url;

// Any sprite gets one 2 x 2 image (the PNG fuzzer covers decoding), once its path is checked.
std::shared_ptr<const hitbox::SpriteImage> load(const std::string& path, std::string*) {
  if (!path.starts_with(kAssets.sprites_dir + "/") ||
      path.find('/', kAssets.sprites_dir.size() + 1) != std::string::npos)
    hitbox::fuzz::broken("the loader was asked for a file outside the bundled sprites");
  auto img = std::make_shared<hitbox::SpriteImage>();
  img->w = 2;
  img->h = 2;
  img->rgba.assign(16, 255);
  img->alpha.assign(4, 255);
  return img;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  std::string text;
  switch (data[0] % 3) {
    case 0:
      text = rest;
      break;
    case 1:
      text = "#v1=" + base64url(hitbox::link_detail::zlib_compress(rest));
      break;
    default:
      text = "#v1=" + base64url(rest);
      break;
  }
  hitbox::LinkState state;
  try {
    state = hitbox::decode_link(text, kAssets, load);
  } catch (const hitbox::LinkError&) {
    return 0;  // refused with a message
  }
  // Made again and opened again: the same scene text, the same lesson.
  hitbox::EncodedLink again;
  try {
    const std::string file =
        state.lesson.empty() ? "" : hitbox::link_lesson_file(kAssets, state.lesson);
    again = hitbox::encode_link(state, file, kAssets);
  } catch (const hitbox::LinkError&) {
    hitbox::fuzz::broken("an opened link cannot be made again");
  }
  if (!again.dropped.empty()) hitbox::fuzz::broken("an opened link's sprite is not bundled");
  hitbox::LinkState back;
  try {
    back = hitbox::decode_link(again.fragment, kAssets, load);
  } catch (const hitbox::LinkError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    hitbox::fuzz::broken("a link made again does not open");
  }
  if (back.lesson != state.lesson ||
      hitbox::scene_to_json(back.scene) != hitbox::scene_to_json(state.scene))
    hitbox::fuzz::broken("link -> open -> link changed the scene");
  return 0;
}
