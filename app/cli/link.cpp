#include "cli/link.h"

#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>

#include "platform/assets.h"
#include "platform/image.h"

namespace hitbox::app {
namespace {

constexpr const char* kLinkUsage =
    "usage: hitbox link [--base URL] SCENE\n"
    "       hitbox link --decode LINK\n"
    "  Prints the link that opens SCENE in the browser (or with hitbox --open LINK): the\n"
    "  scene, its lesson when it is a bundled one, its view, algorithms and focus pair,\n"
    "  deflated and base64url-encoded after \"#v1=\".\n"
    "  --base URL     the page the link points at (default @BASE@, the\n"
    "                 CMake cache variable HITBOX_LINK_BASE)\n"
    "  --decode LINK  print LINK's scene as JSON instead (a whole URL or its \"#v1=...\"\n"
    "                 part); sprite paths are written for a file in the working directory\n"
    "  A sprite whose image is not one of the bundled sprites is left out, with a message.\n"
    "  A damaged or refused link exits 2 and names the problem.\n";

int fail(const std::string& msg) {
  std::cerr << "hitbox link: " << msg << "\n";
  return 2;
}

}  // namespace

LinkState link_state_of_file(const Scene& scene, const std::string& path) {
  namespace fs = std::filesystem;
  LinkState state{scene, ""};
  const std::string stem = fs::path(path).stem().string();
  std::error_code ec;
  const fs::path bundled = link_lesson_file(link_assets(), stem);
  if (!path.empty() && fs::equivalent(path, bundled, ec) && !ec) state.lesson = stem;
  return state;
}

int link_main(int argc, char** argv) {
  std::string base = link_base(), decode, scene_path;
  bool decoding = false;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (arg == "--help" || arg == "-h") {
      std::string text = kLinkUsage;
      text.replace(text.find("@BASE@"), 6, link_base());
      std::cout << text;
      return 0;
    } else if (arg == "--base") {
      if (v == nullptr || *v == '\0') return fail("--base needs the page's address");
      base = v;
      ++i;
    } else if (arg == "--decode") {
      if (v == nullptr || *v == '\0') return fail("--decode needs a link");
      decode = v;
      decoding = true;
      ++i;
    } else if (arg.starts_with("-")) {
      return fail("unknown option '" + std::string(arg) + "' (hitbox link --help lists them)");
    } else if (!scene_path.empty()) {
      return fail("one scene at a time: got '" + scene_path + "' and '" + std::string(arg) + "'");
    } else {
      scene_path = arg;
    }
  }
  if (decoding && !scene_path.empty()) return fail("--decode takes a link, not a scene file");
  if (!decoding && scene_path.empty()) return fail("no scene file (hitbox link --help)");

  const LinkAssets assets = link_assets();
  if (decoding) {
    try {
      const LinkState state = decode_link(decode, assets, png_loader());
      Scene scene = state.scene;
      if (!state.lesson.empty()) {
        // Image paths from the lesson's folder to the working directory's.
        scene = rebase_image_paths(std::move(scene), link_lesson_file(assets, state.lesson), "");
      }
      std::cout << scene_to_json(scene);
    } catch (const LinkError& e) {
      return fail(e.what());
    }
    return 0;
  }
  try {
    const Scene scene = load_scene(scene_path, png_loader());
    const EncodedLink link = encode_link(link_state_of_file(scene, scene_path), scene_path, assets);
    for (const std::string& id : link.dropped) {
      std::cerr << "hitbox link: sprite \"" << id
                << "\" is left out: its image is not one of the bundled sprites, and a link "
                   "carries no image\n";
    }
    std::cout << link_url(base, link.fragment) << "\n";
  } catch (const SceneError& e) {
    return fail(e.what());
  } catch (const LinkError& e) {
    return fail(e.what());
  }
  return 0;
}

}  // namespace hitbox::app
