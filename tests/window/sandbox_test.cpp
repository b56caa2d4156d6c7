// The sandbox (app/sandbox/) without a window: one analysis per frame that every viewport
// and panel reads, and that analysis is the core dispatcher's answer for the focus pair.
#include "sandbox/sandbox.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "hitbox/analysis.h"
#include "overlays/draw_util.h"

namespace hitbox::app {
namespace {

// A Canvas that only remembers the text it was given (and counts the rest).
class RecordingCanvas final : public Canvas {
 public:
  void polygon(std::span<const Vec2>, Color, Color, float) override { ++shapes; }
  void circle(Vec2, float, Color, Color, float) override { ++shapes; }
  void line(Vec2, Vec2, Color, float) override { ++lines; }
  void arrow(Vec2, Vec2, Color, float, float) override { ++lines; }
  void dot(Vec2, float, Color) override {}
  void image(const std::shared_ptr<const SpriteImage>&, std::span<const Vec2, 4>, Color,
             float) override {}
  void rects(std::span<const Aabb>, Color) override {}
  void text(Vec2, std::string_view s, Color) override { texts.emplace_back(s); }
  const Camera& camera() const override { return cam; }

  bool said(const std::string& part) const {
    for (const std::string& t : texts)
      if (t.find(part) != std::string::npos) return true;
    return false;
  }
  Camera cam;
  std::vector<std::string> texts;
  int shapes = 0, lines = 0;
};

Scene two_rects() {
  Scene sc;
  Shape a;
  a.id = "a";
  a.kind = Kind::Rect;
  a.pos = {300.0, 300.0};
  a.size = {120.0, 80.0};
  a.angle = 20.0;
  Shape b = a;
  b.id = "b";
  b.pos = {380.0, 330.0};
  b.angle = -10.0;
  sc.shapes = {a, b};
  return sc;
}

// A headless ImGui frame (no renderer: the font atlas is built, the draw data dropped).
struct ImGuiFrame {
  ImGuiFrame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 800.0f);
    unsigned char* px = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    ImGui::NewFrame();
  }
  ~ImGuiFrame() {
    ImGui::Render();
    ImGui::DestroyContext();
  }
};

TEST(SandboxFrame, EveryViewAndPanelReadsTheOneAnalysis) {
  Sandbox sb(two_rects(), "");
  ASSERT_TRUE(sb.set_focus("a", "b"));
  sb.set_algorithms(kAlgoSat);
  ImGuiFrame frame;
  sb.analyze_frame(kAlgoAabb | kAlgoMtd);  // what two other viewports show
  EXPECT_EQ(sb.analyses(), 1u);

  RecordingCanvas aabb_view, sat_view, mtd_view;
  sb.draw_world(aabb_view, kAlgoAabb);
  sb.draw_world(sat_view, kAlgoSat);
  sb.draw_world(mtd_view, kAlgoMtd);
  sb.draw_panels();
  // Drawing the views and the panels ran no further analysis...
  EXPECT_EQ(sb.analyses(), 1u);
  // ...and each view drew only its own algorithms from it.
  EXPECT_TRUE(aabb_view.said("AABB A"));
  EXPECT_FALSE(aabb_view.said("overlap 1"));
  EXPECT_TRUE(sat_view.said("#1 overlap"));
  EXPECT_FALSE(sat_view.said("AABB A"));
  EXPECT_TRUE(mtd_view.said("MTD depth"));
  EXPECT_FALSE(mtd_view.said("#1 "));
}

TEST(SandboxFrame, TheFrameAnalysisIsTheDispatchersAnswer) {
  const Scene sc = two_rects();
  Sandbox sb(sc, "");
  ASSERT_TRUE(sb.set_focus("b", "a"));
  sb.set_algorithms(kAlgoAabb | kAlgoSat | kAlgoMtd | kAlgoSwept | kAlgoGjk);
  sb.analyze_frame();
  int ia = -1, ib = -1;
  const PairAnalysis* an = sb.frame_analysis(&ia, &ib);
  ASSERT_NE(an, nullptr);
  EXPECT_EQ(ia, 1);
  EXPECT_EQ(ib, 0);
  const Posed a(sc.shapes[1]), b(sc.shapes[0]);
  AnalysisInput in;
  in.algos = kAlgoAabb | kAlgoSat | kAlgoMtd | kAlgoSwept | kAlgoGjk;
  const PairAnalysis direct = analyze(a.body(), b.body(), in);
  for (const AlgoInfo& info : kAlgorithms) {
    EXPECT_EQ(an->answer(info.bit).verdict, direct.answer(info.bit).verdict) << info.name;
    EXPECT_EQ(an->answer(info.bit).figure, direct.answer(info.bit).figure) << info.name;
  }
  EXPECT_EQ(an->mtd.depth, direct.mtd.depth);
  // Without a focus pair there is nothing to read.
  Sandbox empty(Scene{}, "");
  empty.analyze_frame();
  EXPECT_EQ(empty.frame_analysis(&ia, &ib), nullptr);
  EXPECT_EQ(ia, -1);
}

// Panel numbers: a value that prints as zero prints without a minus (the MTD panel showed
// "(1.000, -0.000)" for a normal along +x); anything that prints non-zero keeps its sign.
TEST(PanelText, ValuesThatPrintAsZeroHaveNoMinus) {
  EXPECT_EQ(strf("%.3f", shown(-1e-7f, 3)), "0.000");
  EXPECT_EQ(strf("%.2f", shown(-0.004, 2)), "0.00");
  EXPECT_EQ(strf("%.2f", shown(-0.0, 2)), "0.00");
  EXPECT_EQ(strf("%.2f", shown(-0.006, 2)), "-0.01");
  EXPECT_EQ(strf("%.1f", shown(-2.5, 1)), "-2.5");
  EXPECT_EQ(strf("%.2f", shown(0.004, 2)), "0.00");
  EXPECT_EQ(strf("%.3f", shown(0.75, 3)), "0.750");
}

}  // namespace
}  // namespace hitbox::app
