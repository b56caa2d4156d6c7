// `hitbox link` and `hitbox --open` end to end: the real binary prints a scene's link, decodes
// it back to the same scene text, and refuses a bad link with exit status 2 naming the problem.
#include <gtest/gtest.h>

#include <string>

#include "hitbox/scene.h"
#include "platform/image.h"
#include "support/run_binary.h"

namespace hitbox {
namespace {

using test::RunResult;

const std::string kSource = HITBOX_SOURCE_DIR;

// hitbox with `args`, run in the source tree (so sprite paths print as assets/sprites/...).
RunResult run(const std::string& args) {
  return test::run_command("cd " + kSource + " && env -u DISPLAY -u WAYLAND_DISPLAY " +
                               std::string(HITBOX_BIN) + " " + args,
                           "hitbox_link_cli");
}

std::string link_of(const std::string& scene) {
  const RunResult r = run("link --base https://example.org/hitbox/ " + scene);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(r.out.starts_with("https://example.org/hitbox/#v1=")) << r.out;
  EXPECT_TRUE(r.out.ends_with("\n"));
  return r.out.substr(0, r.out.size() - 1);
}

TEST(LinkCli, ASceneComesBackAsTheSameText) {
  for (const std::string scene : {"assets/scenes/example.json", "assets/scenes/concave.json",
                                  "assets/scenes/lessons/11_broad_phase.json"}) {
    SCOPED_TRACE(scene);
    const RunResult r = run("link --decode '" + link_of(scene) + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, scene_to_json(load_scene(kSource + "/" + scene)));
  }
}

TEST(LinkCli, SpritesPrintRelativeToTheWorkingDirectory) {
  const RunResult r = run("link --decode '" + link_of("assets/scenes/sprites.json") + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  // A file saved in the working directory (the source tree) loads its sprites.
  const Scene scene = parse_scene(r.out, kSource + "/decoded.json", app::png_loader());
  ASSERT_EQ(scene.shapes.size(), 5u);
  EXPECT_EQ(scene.shapes[0].image, "assets/sprites/ring.png");
  EXPECT_EQ(
      scene.shapes[0].pixels,
      load_scene(kSource + "/assets/scenes/sprites.json", app::png_loader()).shapes[0].pixels);
}

TEST(LinkCli, BadInputExitsTwoNamingTheProblem) {
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"link", "hitbox link: no scene file"},
      {"link --decode", "hitbox link: --decode needs a link"},
      {"link --frobnicate x.json", "hitbox link: unknown option '--frobnicate'"},
      {"link assets/scenes/missing.json", "hitbox link: assets/scenes/missing.json: "},
      {"link --decode 'http://localhost:8000/#v3=AAAA'",
       "hitbox link: the link is format v3; this Hitbox reads v1 links only"},
      {"link --decode '#v1=eJzz*'", "hitbox link: the link is damaged: '*' at character 5"},
      {"link --decode '#v1=eJzzSM3JyVcIzy_KSQEAGAsEHQ'",
       "hitbox link: the link's scene does not load"},
      {"--open '#v1=eJ'", "hitbox: --open: the link is damaged"},
      {"--scene assets/scenes/example.json --open '#v1=eJ'",
       "hitbox: --open cannot be used with --scene"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const RunResult r = run(c.args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind(c.message, 0), 0u) << r.err;
  }
}

TEST(LinkCli, HelpNamesTheCommands) {
  const RunResult r = run("link --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("hitbox link --decode LINK"), std::string::npos) << r.out;
  const RunResult window = run("--help");
  EXPECT_NE(window.out.find("--open LINK"), std::string::npos);
  EXPECT_NE(window.out.find("hitbox link SCENE"), std::string::npos);
}

}  // namespace
}  // namespace hitbox
