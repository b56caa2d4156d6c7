// Share by link (hitbox/link.h): every bundled scene and lesson survives a link as the same
// saved text, the window's state travels with it, a user's own sprite is left out, and a
// damaged, truncated or hostile link is refused with a message before any file is opened.
#include "hitbox/link.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "hitbox/algorithms.h"
#include "hitbox/scene.h"
#include "platform/image.h"
#include "scene/src/link_zlib.h"
#include "support/base64url.h"

namespace hitbox {
namespace {

namespace fs = std::filesystem;

const std::string kAssets = HITBOX_SOURCE_DIR "/assets";
const LinkAssets kBundled{kAssets + "/sprites", kAssets + "/scenes/lessons"};

using hitbox::test::base64url;

// A v1 link whose payload is `payload` exactly.
std::string crafted(const std::string& payload) {
  return "#v1=" + base64url(link_detail::zlib_compress(payload));
}

// The message decode_link refuses `text` with ("" when it is accepted); `opened` collects
// every image path the loader was asked for.
std::string refusal(const std::string& text, std::vector<std::string>* opened = nullptr) {
  const ImageLoader loader = [opened](const std::string& path, std::string* error) {
    if (opened != nullptr) opened->push_back(path);
    return app::load_png(path, error);
  };
  try {
    decode_link(text, kBundled, loader);
  } catch (const LinkError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> bundled_scene_files() {
  std::vector<std::string> files;
  for (const char* dir : {"/scenes", "/scenes/lessons"}) {
    for (const auto& e : fs::directory_iterator(kAssets + dir)) {
      if (e.path().extension() == ".json") files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(Link, EveryBundledSceneAndLessonComesBackAsTheSameSavedText) {
  const std::vector<std::string> files = bundled_scene_files();
  ASSERT_GE(files.size(), 20u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    const Scene scene = load_scene(file, app::png_loader());
    LinkState state{scene, ""};
    if (fs::path(file).parent_path().filename() == "lessons")
      state.lesson = fs::path(file).stem().string();
    const EncodedLink link = encode_link(state, file, kBundled);
    EXPECT_TRUE(link.dropped.empty());
    ASSERT_TRUE(link.fragment.starts_with("v1="));
    const LinkState back =
        decode_link("http://localhost:8000/#" + link.fragment, kBundled, app::png_loader(), file);
    EXPECT_EQ(back.lesson, state.lesson);
    EXPECT_EQ(scene_to_json(back.scene), scene_to_json(scene));
  }
}

TEST(Link, SpritesTravelByTheirBundledNameAndLoadTheirPixels) {
  const std::string file = kAssets + "/scenes/sprites.json";
  const Scene scene = load_scene(file, app::png_loader());
  const EncodedLink link = encode_link(LinkState{scene, ""}, file, kBundled);
  // Opened as an untitled scene in another folder: paths lead from there to the sprites.
  const std::string elsewhere = kAssets + "/scenes/lessons/mine.json";
  const LinkState back = decode_link(link.fragment, kBundled, app::png_loader(), elsewhere);
  ASSERT_EQ(back.scene.shapes.size(), scene.shapes.size());
  EXPECT_EQ(back.scene.shapes[0].image, "../../sprites/ring.png");
  for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
    // The same pixels, loaded from assets/sprites.
    EXPECT_EQ(back.scene.shapes[i].pixels, scene.shapes[i].pixels) << scene.shapes[i].id;
  }
}

TEST(Link, LessonAlgorithmsFocusPairAndCameraSurvive) {
  const std::string file = kAssets + "/scenes/lessons/03_polygon_sat_mtd.json";
  LinkState state{load_scene(file, app::png_loader()), "03_polygon_sat_mtd"};
  ASSERT_GE(state.scene.shapes.size(), 2u);
  state.scene.algorithms = kAlgoGjk | kAlgoMtd | kAlgoAabb;
  state.scene.focus = std::make_pair(state.scene.shapes[1].id, state.scene.shapes[0].id);
  state.scene.view = View{DVec2(-123.25, 0.1), 1.7300000190734863};
  state.scene.accuracy = 0.25;
  const LinkState back =
      decode_link(encode_link(state, file, kBundled).fragment, kBundled, app::png_loader());
  EXPECT_EQ(back.lesson, "03_polygon_sat_mtd");
  EXPECT_EQ(back.scene.algorithms, state.scene.algorithms);
  EXPECT_EQ(back.scene.focus, state.scene.focus);
  EXPECT_EQ(back.scene.view, state.scene.view);
  EXPECT_EQ(back.scene.accuracy, state.scene.accuracy);
  ASSERT_TRUE(back.scene.lesson.has_value());
  EXPECT_EQ(back.scene.lesson, state.scene.lesson);
  EXPECT_EQ(back.scene, state.scene);
}

TEST(Link, AUsersOwnSpriteIsLeftOutAndTheRestShared) {
  // ring.png copied out of the bundled folder is the user's own file.
  const fs::path dir = fs::path(::testing::TempDir()) / "hitbox_link_own";
  fs::create_directories(dir);
  fs::copy_file(kAssets + "/sprites/ring.png", dir / "mine.png",
                fs::copy_options::overwrite_existing);
  const std::string file = (dir / "scene.json").string();
  std::ofstream(file) << R"({"version": 1, "focus": ["box", "own"], "shapes": [
    {"id": "box", "kind": "rect", "pos": [0, 0], "size": [10, 10]},
    {"id": "own", "kind": "sprite", "pos": [50, 0], "image": "mine.png"},
    {"id": "ring", "kind": "sprite", "pos": [90, 0], "image": ")" +
                             (fs::path(kAssets) / "sprites/ring.png").string() + R"("}]})";
  const Scene scene = load_scene(file, app::png_loader());
  const EncodedLink link = encode_link(LinkState{scene, ""}, file, kBundled);
  EXPECT_EQ(link.dropped, std::vector<std::string>{"own"});
  const LinkState back = decode_link(link.fragment, kBundled, app::png_loader(), file);
  ASSERT_EQ(back.scene.shapes.size(), 2u);
  EXPECT_EQ(back.scene.shapes[0].id, "box");
  EXPECT_EQ(back.scene.shapes[1].id, "ring");
  EXPECT_FALSE(back.scene.focus.has_value()) << "the focus pair named the sprite left out";
}

TEST(Link, DamagedLinksAreRefusedNamingTheProblem) {
  const std::string file = kAssets + "/scenes/example.json";
  const std::string good =
      encode_link(LinkState{load_scene(file), ""}, file, kBundled).fragment.substr(3);
  ASSERT_EQ(refusal("#v1=" + good), "");

  EXPECT_EQ(refusal("http://localhost:8000/"), "not a Hitbox link: it has no \"#v1=...\" part");
  EXPECT_EQ(refusal("http://localhost:8000/#"), "not a Hitbox link: it has no \"#v1=...\" part");
  EXPECT_EQ(refusal("v1=" + good), "");  // the bare fragment
  EXPECT_EQ(refusal("#scene=abc"), "not a Hitbox link: its \"#\" part does not start with \"v1=\"");
  EXPECT_EQ(refusal("#v2=" + good), "the link is format v2; this Hitbox reads v1 links only");
  EXPECT_EQ(refusal("#v1=" + good.substr(0, 10) + "$" + good.substr(11)),
            "the link is damaged: '$' at character 11 of its data is not base64url");
  EXPECT_EQ(refusal("#v1=" + good.substr(0, 5)), "the link is damaged: its data ends mid-byte");
  const std::string damaged =
      "the link is damaged: its data does not inflate (cut short or altered)";
  // Cut short anywhere, or one character changed, is caught by the inflate or the checksum.
  for (std::size_t cut : {std::size_t{4}, good.size() / 2, good.size() - 6, good.size() - 1}) {
    if (cut % 4 == 1) ++cut;  // not a whole byte: the message above
    EXPECT_EQ(refusal("#v1=" + good.substr(0, cut)), damaged) << "cut at " << cut;
  }
  std::string flipped = good;
  flipped[flipped.size() / 2] = flipped[flipped.size() / 2] == 'A' ? 'B' : 'A';
  EXPECT_EQ(refusal("#v1=" + flipped), damaged);
  EXPECT_EQ(refusal("#v1="), damaged);
  // Valid deflate of a text that is not a scene.
  EXPECT_EQ(refusal(crafted("{\"version\": 1, \"shapes\": ["))
                .rfind("the link's scene does not load: <link>: ", 0),
            0u);
}

TEST(Link, HugeLinksAreRefusedBeforeTheyAreHeldWhole) {
  // 3 MB of spaces deflate to 30 kB (stb's deflate; a match is at most 258 bytes): the cap is
  // on the inflated size.
  const std::string bomb = crafted(std::string(3u << 20, ' '));
  EXPECT_LT(bomb.size(), 64000u);
  EXPECT_EQ(refusal(bomb), "the link's scene is larger than the 2097152 bytes a link may hold");
  EXPECT_EQ(refusal("#v1=" + std::string(kMaxLinkText, 'A')),
            "the link is 4194308 characters; a link holds at most 4194304");
  // Making one is refused the same way.
  Scene big;
  for (int i = 0; i < 30000; ++i) {
    Shape s;
    s.id = "shape number " + std::to_string(i);
    s.kind = Kind::Circle;
    s.pos = DVec2(i * 0.123456789, -i * 1.987654321);
    s.radius = 5.0 + i * 1e-3;
    big.shapes.push_back(s);
  }
  try {
    encode_link(LinkState{big, ""}, "", kBundled);
    ADD_FAILURE() << "a scene over the cap made a link";
  } catch (const LinkError& e) {
    EXPECT_NE(std::string(e.what()).find("a link holds at most 2097152"), std::string::npos)
        << e.what();
  }
}

TEST(Link, PathsInALinkAreRefusedAndNeverOpened) {
  const auto sprite = [](const std::string& image) {
    return crafted(R"({"version": 1, "shapes": [{"id": "s", "kind": "sprite", "pos": [0, 0], )"
                   R"("image": ")" +
                   image + R"("}]})");
  };
  const std::string why = "\"; a link may name only the bundled sprites (" + kBundled.sprites_dir +
                          "), so it is not opened";
  for (const std::string& image :
       std::vector<std::string>{"../x.png", "../sprites/ring.png", "/etc/hostname.png",
                                (fs::path(kAssets) / "sprites/ring.png").string(), "nope.png",
                                ".ring.png", "ring", "sub/ring.png", "..png"}) {
    SCOPED_TRACE(image);
    std::vector<std::string> opened;
    EXPECT_EQ(refusal(sprite(image), &opened), "the link names the image \"" + image + why);
    EXPECT_TRUE(opened.empty()) << "the loader was asked for " << opened.front();
  }
  // A bundled name is opened from the bundled folder only.
  std::vector<std::string> opened;
  EXPECT_EQ(refusal(sprite("ring.png"), &opened), "");
  EXPECT_EQ(opened, std::vector<std::string>{kBundled.sprites_dir + "/ring.png"});

  // Lessons the same: a bundled lesson's bare name only.
  const std::string scene = R"({"version": 1, "shapes": []})";
  for (const std::string lesson : {"../lessons/03_polygon_sat_mtd", "/etc/passwd", "nope", ""}) {
    EXPECT_EQ(refusal(crafted("lesson " + lesson + "\n" + scene)),
              "the link names lesson \"" + lesson + "\", which is not one of the bundled lessons");
  }
  EXPECT_EQ(refusal(crafted("lesson 03_polygon_sat_mtd\n" + scene)), "");
}

}  // namespace
}  // namespace hitbox
