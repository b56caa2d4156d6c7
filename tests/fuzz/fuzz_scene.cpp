// Scene text -> the loader -> every algorithm on every pair of the loaded shapes (traced and
// untraced), the pixel test at a small accuracy, the `query` report, and save -> load (what
// was saved loads back equal). A scene is either accepted or refused with a SceneError.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "every_algorithm.h"
#include "hitbox/limits.h"
#include "hitbox/report.h"
#include "hitbox/scene.h"

namespace {

// Sprites get one small image whatever their path says (the PNG fuzzer covers decoding): a
// 6 x 5 ring, so masks have holes.
std::shared_ptr<const hitbox::SpriteImage> ring() {
  auto img = std::make_shared<hitbox::SpriteImage>();
  img->w = 6;
  img->h = 5;
  for (int y = 0; y < img->h; ++y) {
    for (int x = 0; x < img->w; ++x) {
      const bool edge = x == 0 || y == 0 || x == img->w - 1 || y == img->h - 1;
      img->alpha.push_back(edge ? 255 : 0);
    }
  }
  return img;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto image = ring();
  const hitbox::ImageLoader loader = [](const std::string&, std::string*) { return image; };
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  hitbox::Scene scene;
  try {
    scene = hitbox::parse_scene(text, "fuzz.json", loader);
  } catch (const hitbox::SceneError& e) {
    if (e.file() != "fuzz.json") hitbox::fuzz::broken("a SceneError that does not name the file");
    return 0;  // refused with a named error
  }
  if (scene.shapes.size() > 12) return 0;  // pairs grow as n^2; a dozen shapes covers them

  std::vector<hitbox::Posed> posed;
  for (const hitbox::Shape& s : scene.shapes) {
    // What the loader accepts, the window's editors accept too (the same ranges).
    if (hitbox::shape_problem(s)) hitbox::fuzz::broken("a loaded shape fails shape_problem");
    posed.emplace_back(s);
  }
  for (size_t i = 0; i < posed.size(); ++i) {
    for (size_t j = 0; j < posed.size(); ++j) {
      if (i != j) hitbox::fuzz::every_algorithm(posed[i], posed[j], 0.05f, /*accepted=*/true);
    }
  }

  // The query report, as `hitbox query` prints it, at a small pixel accuracy.
  const auto pairs = hitbox::all_pairs(scene);
  constexpr float kAccuracy = 0.05f;
  const bool pixel_ok = hitbox::pixel_mask_problem(scene, pairs, kAccuracy).empty();
  const std::uint32_t algos =
      pixel_ok ? hitbox::kAllAlgos : hitbox::kAllAlgos & ~hitbox::kAlgoPixel;
  (void)hitbox::scene_report_json(scene, "fuzz.json", pairs, algos, kAccuracy);

  // Save -> load gives the same scene.
  std::string saved;
  try {
    saved = hitbox::scene_to_json(scene);
  } catch (const hitbox::SceneError&) {
    hitbox::fuzz::broken("a loaded scene cannot be saved");
  }
  hitbox::Scene again;
  try {
    again = hitbox::parse_scene(saved, "fuzz.json", loader);
  } catch (const hitbox::SceneError& e) {
    std::fprintf(stderr, "%s\n%s\n", e.what(), saved.c_str());
    hitbox::fuzz::broken("a saved scene does not load back");
  }
  if (!(again == scene)) hitbox::fuzz::broken("save -> load changed the scene");
  return 0;
}
