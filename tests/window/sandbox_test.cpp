// The sandbox (app/sandbox/) without a window: one analysis per frame that every viewport
// and panel reads, and that analysis is the core dispatcher's answer for the focus pair.
#include "sandbox/sandbox.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // a window's content height this frame; a button pressed by id

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "algos/algos.h"
#include "algos/words.h"
#include "hitbox/analysis.h"
#include "panels/flow.h"
#include "panels/layout.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "teach/tasks.h"
#include "util/strf.h"

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

// One frame in the shell's order (Shell::frame, app/shell/shell.cpp): the edits asked for,
// ImGui's new frame, the analysis, the world drawn to a canvas that is not shown, the panels
// and the play bar.
void run_frame(Sandbox& sb) {
  sb.apply_requests();
  ImGui::Render();
  ImGui::NewFrame();
  sb.analyze_frame();
  RecordingCanvas world;
  sb.draw_world(world);
  sb.draw_panels();
  sb.draw_play_bar();
}

// A click on a panel's button, as Dear ImGui takes it: the button reports the press in the
// next frame, from inside the panel code that draws it.
void press(const char* window, const char* button) {
  const ImGuiWindow* w = ImGui::FindWindowByName(window);
  ASSERT_NE(w, nullptr) << window;
  GImGui->NavNextActivateId = ImHashStr(button, 0, w->ID);
}

// A left click at a window point (the camera maps window pixels to world one to one).
void click(Sandbox& sb, Vec2 at) {
  SDL_Event e{};
  e.type = SDL_MOUSEBUTTONDOWN;
  e.button.button = SDL_BUTTON_LEFT;
  e.button.clicks = 1;
  e.button.x = static_cast<Sint32>(at.x);
  e.button.y = static_cast<Sint32>(at.y);
  sb.on_event(e, Camera{});
  e.type = SDL_MOUSEBUTTONUP;
  sb.on_event(e, Camera{});
}

// The module table (app/algos/algos.cpp) holds the core's catalogue, in its order and with
// its names; every walker (overlay, panel, step mode, compare table, status line) reads it.
TEST(AlgoModules, TheTableIsTheCatalogueInOrder) {
  const auto modules = algo_modules();
  ASSERT_EQ(modules.size(), std::size(kAlgorithms));
  for (std::size_t i = 0; i < modules.size(); ++i) {
    EXPECT_EQ(modules[i]->bit, kAlgorithms[i].bit);
    EXPECT_STREQ(modules[i]->name, kAlgorithms[i].name);
    EXPECT_EQ(algo_module(kAlgorithms[i].bit), modules[i]);
  }
  EXPECT_EQ(algo_module(1u << 30), nullptr);
}

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
  const PairAnalysis direct = analyze(a.collider(), b.collider(), in);
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

// The panel's Delete with the second of two shapes selected. The frame's analysis names the
// pair (1, 0); the panels after the button (the focus line, the sections, the status line)
// read it. Long ids: a read of the deleted shape's id is a read of freed memory, which ASan
// reports, not of a short string kept inside the shape. Undo then brings the shape back.
TEST(SandboxFrame, ThePanelsDeleteLeavesNoReadOfTheDeletedShape) {
  Scene sc = two_rects();
  const std::string ida = "the_big_rotated_rectangle_on_the_left";
  const std::string idb = "the_second_rectangle_with_a_long_name";
  sc.shapes[0].id = ida;
  sc.shapes[1].id = idb;
  Sandbox sb(sc, "");
  sb.set_algorithms(kAllAlgos);
  ImGuiFrame imgui;
  LayoutInput in;
  in.width = 1280.0f;
  in.height = 800.0f;
  sb.set_layout(compute_layout(in));
  click(sb, Vec2(380.0f, 330.0f));  // the second shape's centre: it is drawn on top
  ASSERT_TRUE(sb.has_selection());
  run_frame(sb);
  int a = -1, b = -1;
  ASSERT_NE(sb.frame_analysis(&a, &b), nullptr);
  ASSERT_EQ(a, 1);  // the selection and its nearest shape

  press("Hitbox", "Delete");
  run_frame(sb);                            // the frame the button is pressed in, to its end
  EXPECT_EQ(sb.scene().shapes.size(), 2u);  // asked for, not yet applied
  run_frame(sb);                            // applied first in the next frame
  ASSERT_EQ(sb.scene().shapes.size(), 1u);
  EXPECT_EQ(sb.scene().shapes[0].id, ida);
  EXPECT_FALSE(sb.has_selection());
  EXPECT_EQ(sb.frame_analysis(&a, &b), nullptr);

  press("Hitbox", "Undo");
  run_frame(sb);
  run_frame(sb);
  ASSERT_EQ(sb.scene().shapes.size(), 2u);
  EXPECT_EQ(sb.scene().shapes[1].id, idb);
}

// Requests name shapes by index and id: one asked before an earlier request moved its shapes
// still finds them, and one naming a shape that is gone does nothing.
TEST(SandboxRequests, AnEarlierRequestMovingTheShapesLeavesTheNextOnTheSameShapes) {
  SandboxState s;
  s.doc.scene = two_rects();
  Shape c = s.doc.scene.shapes[1];
  c.id = "c";
  c.pos = {600.0, 330.0};
  s.doc.scene.shapes.push_back(c);
  s.doc.repose();
  s.select(0);
  // Asked in one frame, against the shapes a, b, c.
  s.ask(Request(Ask::Delete, s.ref(0)));
  s.ask(Request(Ask::Pin, s.ref(1), s.ref(2)));
  s.ask(Request::mirror(s.ref(0), true));
  EXPECT_EQ(s.doc.count(), 3);  // nothing changes until the edit point
  s.apply_requests();
  ASSERT_EQ(s.doc.count(), 2);
  EXPECT_EQ(s.doc.shape(s.pin_a()).id, "b");
  EXPECT_EQ(s.doc.shape(s.pin_b()).id, "c");
  EXPECT_FALSE(s.doc.shape(0).mirror_x);  // "a" is gone: its mirror does nothing
  EXPECT_FALSE(s.doc.shape(1).mirror_x);
  EXPECT_EQ(s.message, "Deleted a.");
  EXPECT_TRUE(s.asked.empty());
}

// The selection and focus pair are held by shape id: deleting a shape before them in the
// list, undo and redo leave them on the same shapes; deleting the selected shape drops the
// selection, and an undo that brings the shape back does not bring the selection back.
TEST(SelectionById, EditsBeforeTheSelectionLeaveItOnTheSameShape) {
  SandboxState s;
  s.doc.scene = two_rects();
  Shape c = s.doc.scene.shapes[1];
  c.id = "c";
  c.pos = {600.0, 330.0};
  s.doc.scene.shapes.push_back(c);
  s.doc.repose();
  s.select(2);
  s.pin(1, 2);
  const auto selected_id = [&s] {
    return s.selected() < 0 ? std::string() : s.doc.shape(s.selected()).id;
  };
  s.ask(Request(Ask::Delete, s.ref(0)));
  s.apply_requests();
  ASSERT_EQ(s.doc.count(), 2);
  EXPECT_EQ(s.selected(), 1);
  EXPECT_EQ(selected_id(), "c");
  EXPECT_EQ(s.selection.sel.index, 1);  // the cached index follows
  EXPECT_EQ(s.doc.shape(s.pin_a()).id, "b");
  EXPECT_EQ(s.doc.shape(s.pin_b()).id, "c");

  s.ask(Ask::Undo);
  s.apply_requests();
  ASSERT_EQ(s.doc.count(), 3);
  EXPECT_EQ(s.selected(), 2);
  EXPECT_EQ(selected_id(), "c");
  EXPECT_EQ(s.pin_a(), 1);
  s.ask(Ask::Redo);
  s.apply_requests();
  EXPECT_EQ(s.selected(), 1);
  EXPECT_EQ(selected_id(), "c");

  // The pinned pair goes as a whole with either shape.
  s.ask(Request(Ask::Delete, s.ref(0)));  // "b"
  s.apply_requests();
  EXPECT_EQ(selected_id(), "c");
  EXPECT_FALSE(s.pinned());
  EXPECT_EQ(s.pin_a(), -1);

  s.ask(Request(Ask::Delete, s.ref(s.selected())));
  s.apply_requests();
  EXPECT_EQ(s.selected(), -1);
  s.ask(Ask::Undo);
  s.apply_requests();
  EXPECT_EQ(s.doc.count(), 1);
  EXPECT_EQ(s.selected(), -1);  // as before ids: the selection stays dropped
  EXPECT_FALSE(s.pinned());
}

// Renaming the selected shape in the inspector keeps it selected under its new id.
TEST(SelectionById, RenamingTheSelectedShapeKeepsItSelected) {
  SandboxState s;
  s.doc.scene = two_rects();
  s.doc.repose();
  s.select(1);
  Shape w = s.doc.shape(1);
  w.id = "renamed";
  s.ask_inspector(w);
  s.apply_requests();
  s.flush_ui_edit();
  ASSERT_EQ(s.selected(), 1);
  EXPECT_EQ(s.doc.shape(1).id, "renamed");
  EXPECT_EQ(s.selection.sel.id, "renamed");
}

// The spin handle: straight up above the rotation handle at spin 0, a quarter turn clockwise
// (right of pos, y down) at spin 90; dragging it round pos winds the spin past a whole turn,
// Shift snaps to 15 degrees, and the drag is one undo step.
TEST(SpinHandle, WindsRoundPosAndUndoesInOneStep) {
  constexpr double kDeg = 3.14159265358979323846 / 180.0;
  SandboxState s;
  s.doc.scene = two_rects();
  s.doc.scene.shapes[0].angle = 0.0;
  s.doc.scene.shapes[1].spin = 90.0;
  s.doc.repose();
  const Vec2 pos = s.doc.body(0).pos;  // (300, 300); the rect spans y 260..340
  const float ring = s.spin_ring(0);
  EXPECT_FLOAT_EQ(ring, 40.0f + kRotateGapPx + kSpinGapPx);
  const Vec2 up = s.spin_handle(0);
  EXPECT_NEAR(up.x, 300.0f, 1e-3f);
  EXPECT_NEAR(up.y, 300.0f - ring, 1e-3f);
  const Vec2 b = s.doc.body(1).pos, right = s.spin_handle(1);
  EXPECT_NEAR(right.x, b.x + s.spin_ring(1), 1e-2f);
  EXPECT_NEAR(right.y, b.y, 1e-2f);

  s.select(0);
  EXPECT_EQ(s.handle_at(up), DragKind::Spin);
  EXPECT_EQ(s.handle_at(s.rotate_handle(0)), DragKind::Rotate);
  const auto on_ring = [&](double deg) {
    const double a = (deg - 90.0) * kDeg;
    return pos + ring * Vec2(static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a)));
  };
  // One and a half turns clockwise in 10-degree moves, ending straight down.
  s.start_drag(DragKind::Spin, 0, up);
  for (int k = 1; k <= 54; ++k) s.drag_to(on_ring(k * 10.0), false);
  EXPECT_NEAR(s.doc.shape(0).spin, 540.0, 1e-3);
  EXPECT_NEAR(s.spin_handle(0).x, 300.0f, 1e-2f);
  EXPECT_NEAR(s.spin_handle(0).y, 300.0f + ring, 1e-2f);
  // 10 degrees back with Shift: 530 snaps to 525.
  s.drag_to(on_ring(530.0), true);
  EXPECT_NEAR(s.doc.shape(0).spin, 525.0, 1e-3);
  s.end_drag();

  s.ask(Ask::Undo);
  s.apply_requests();
  EXPECT_EQ(s.doc.shape(0).spin, 0.0);
  s.ask(Ask::Redo);
  s.apply_requests();
  EXPECT_NEAR(s.doc.shape(0).spin, 525.0, 1e-3);
}

// A number typed into the inspector reaches the shape at every keystroke: typing "1e30" into
// pos x passes through "1" and "1e3", which are in range and taken, before "1e30" is refused.
// When the edit ends on the refused value the shape goes back to where the edit started, with
// no undo step and a message that says so; an edit that ends on a good value is one undo step.
TEST(InspectorEdit, AnEditEndingOnARefusedValueLeavesTheShapeAsItWas) {
  SandboxState s;
  s.doc.scene = two_rects();
  s.doc.repose();
  s.select(0);
  const Scene before = s.doc.scene;
  // pos x as the field holds it after each keystroke
  // One keystroke a frame: the field's value asked for, then applied at the frame's edit point.
  const auto type_x = [&s](std::initializer_list<double> xs) {
    for (const double x : xs) {
      Shape w = s.doc.shape(0);
      w.pos.x = x;
      s.ask_inspector(w);
      s.apply_requests();
    }
  };
  type_x({1.0, 1000.0, 1e30});
  EXPECT_EQ(s.doc.shape(0).pos.x, 1000.0);  // while the field is still being typed in
  s.flush_ui_edit();
  EXPECT_TRUE(s.doc.scene == before);
  EXPECT_EQ(s.doc.body(0).pos.x, 300.0f);  // the posed shape too
  EXPECT_FALSE(s.doc.history.can_undo());
  EXPECT_NE(s.insp.error.find("Refused: pos[0]"), std::string::npos) << s.insp.error;
  EXPECT_NE(s.insp.error.find("; back at the value before the edit."), std::string::npos);

  // The same values ending on a good one: taken, and one undo step back to 300.
  type_x({1.0, 1e30, 1000.0});
  s.flush_ui_edit();
  EXPECT_EQ(s.doc.shape(0).pos.x, 1000.0);
  EXPECT_TRUE(s.insp.error.empty()) << s.insp.error;
  ASSERT_TRUE(s.doc.history.can_undo());
  s.undo_redo(false);
  EXPECT_TRUE(s.doc.scene == before);

  // Typed back from a refused value to the one the shape already holds ("1e30", then
  // backspace to "1e3"): the edit ends on a good value, which stays.
  type_x({1.0, 1000.0, 1e30, 1000.0});
  s.flush_ui_edit();
  EXPECT_EQ(s.doc.shape(0).pos.x, 1000.0);
  EXPECT_TRUE(s.insp.error.empty()) << s.insp.error;
}

// A pointer event at a window point (the camera maps window pixels to world one to one).
void pointer(Sandbox& sb, Uint32 type, Vec2 at) {
  SDL_Event e{};
  e.type = type;
  if (type == SDL_MOUSEMOTION) {
    e.motion.x = static_cast<Sint32>(at.x);
    e.motion.y = static_cast<Sint32>(at.y);
  } else {
    e.button.button = SDL_BUTTON_LEFT;
    e.button.clicks = 1;
    e.button.x = static_cast<Sint32>(at.x);
    e.button.y = static_cast<Sint32>(at.y);
  }
  sb.on_event(e, Camera{});
}

// The window title's unsaved mark: off as opened and as saved, on after an edit; undo and
// redo back to the scene as opened or saved take it off again, and a drag shows it while
// under way. The settings a scene file holds (algorithms, focus, accuracy) count too.
TEST(UnsavedMark, FollowsEditsSavesUndoAndRedo) {
  Scene sc = two_rects();
  sc.focus = std::make_pair(std::string("a"), std::string("b"));
  Sandbox sb(Scene{}, "");
  const auto apply = [&sb](Request r) {
    sb.ask(std::move(r));
    sb.apply_requests();
  };
  apply(Request::open(sc, "two.json"));
  EXPECT_FALSE(sb.unsaved());  // as opened
  apply(Request::mirror(sb.ref(0), true));
  EXPECT_TRUE(sb.unsaved());  // edited
  apply(Request(Ask::Undo));
  EXPECT_FALSE(sb.unsaved());  // back to the scene as opened
  apply(Request(Ask::Redo));
  EXPECT_TRUE(sb.unsaved());
  sb.mark_saved();
  EXPECT_FALSE(sb.unsaved());  // saved
  apply(Request(Ask::Undo));
  EXPECT_TRUE(sb.unsaved());  // the scene before the save
  apply(Request(Ask::Redo));
  EXPECT_FALSE(sb.unsaved());  // the scene as saved again

  // A drag marks the scene while under way; Esc puts the shape back and the mark goes.
  pointer(sb, SDL_MOUSEBUTTONDOWN, Vec2(300.0f, 300.0f));  // shape a
  pointer(sb, SDL_MOUSEMOTION, Vec2(290.0f, 300.0f));
  EXPECT_TRUE(sb.unsaved());
  SDL_Event esc{};
  esc.type = SDL_KEYDOWN;
  esc.key.keysym.sym = SDLK_ESCAPE;
  sb.on_event(esc, Camera{});
  EXPECT_FALSE(sb.unsaved());
  // A drag let go is one edit; undo takes the mark off.
  pointer(sb, SDL_MOUSEBUTTONDOWN, Vec2(300.0f, 300.0f));
  pointer(sb, SDL_MOUSEMOTION, Vec2(290.0f, 300.0f));
  pointer(sb, SDL_MOUSEBUTTONUP, Vec2(290.0f, 300.0f));
  EXPECT_TRUE(sb.unsaved());
  apply(Request(Ask::Undo));
  EXPECT_FALSE(sb.unsaved());

  // An edit undone, then another edit: the saved scene is no longer a redo away.
  apply(Request::mirror(sb.ref(0), false));
  apply(Request(Ask::Undo));
  apply(Request::mirror(sb.ref(1), true));
  EXPECT_TRUE(sb.unsaved());
  apply(Request(Ask::Undo));
  EXPECT_FALSE(sb.unsaved());
  apply(Request(Ask::Redo));
  EXPECT_TRUE(sb.unsaved());

  // The settings saved with the scene: another algorithm marks it, the saved ones unmark it.
  sb.mark_saved();
  sb.set_algorithms(kAlgoSat | kAlgoAabb);
  EXPECT_TRUE(sb.unsaved());
  sb.set_algorithms(kAlgoSat);
  EXPECT_FALSE(sb.unsaved());

  // Opening a scene: unmarked, whatever the one before held.
  apply(Request::mirror(sb.ref(0), true));
  EXPECT_TRUE(sb.unsaved());
  apply(Request::open(sc, "two.json"));
  EXPECT_FALSE(sb.unsaved());
}

// Play mode's steps move the shapes: marked. Reset puts back the scene as opened: unmarked,
// and Undo (where the shapes had got to) marks it again.
TEST(UnsavedMark, PlayStepsMarkAndResetUnmarks) {
  Scene sc = two_rects();
  sc.world = World{DVec2(0.0, 980.0)};
  sc.shapes[1].body = BodySpec{};
  Sandbox sb(sc, "two.json");
  const auto apply = [&sb](Ask a) {
    sb.ask(Request(a));
    sb.apply_requests();
  };
  EXPECT_FALSE(sb.unsaved());
  apply(Ask::Step);
  EXPECT_TRUE(sb.unsaved());
  apply(Ask::Reset);
  EXPECT_FALSE(sb.unsaved());
  apply(Ask::Undo);
  EXPECT_TRUE(sb.unsaved());
  apply(Ask::Redo);
  EXPECT_FALSE(sb.unsaved());
}

// An inspector edit marks the scene at its first keystroke; typed back to the value it
// started from, it ends unmarked with no undo step.
TEST(UnsavedMark, AnInspectorEditTypedBackEndsUnmarked) {
  SandboxState s;
  s.doc.scene = two_rects();
  s.doc.repose();
  s.select(0);
  s.mark_saved();
  const auto type_x = [&s](double x) {
    Shape w = s.doc.shape(0);
    w.pos.x = x;
    s.ask_inspector(w);
    s.apply_requests();
  };
  type_x(310.0);
  EXPECT_TRUE(s.unsaved());
  type_x(300.0);
  s.flush_ui_edit();
  EXPECT_FALSE(s.unsaved());
  EXPECT_FALSE(s.doc.history.can_undo());
  type_x(310.0);
  s.flush_ui_edit();
  EXPECT_TRUE(s.unsaved());
  s.undo_redo(false);
  EXPECT_FALSE(s.unsaved());
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

// A word wider than the whole line (a long shape id) breaks between its characters: every
// piece stays inside the 250 px column, in as few lines as its width needs.
TEST(PanelText, AWordWiderThanTheLineBreaksInsideItAndStaysInTheColumn) {
  ImGuiFrame frame;
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(250.0f, 400.0f));
  ImGui::Begin("column");
  const float left = ImGui::GetCursorScreenPos().x, right = content_right();
  const std::string id = "A: the_big_rotated_rectangle_on_the_left_with_\xc3\x9cml\xc3\xa4uts_too";
  const ImVec4 white(1.0f, 1.0f, 1.0f, 1.0f);
  flow_segments({{white, id}, {white, "(selection + nearest)", true}});
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  EXPECT_LE(hi.x, right + 0.5f);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float need =
      ImGui::CalcTextSize(id.c_str()).x + ImGui::CalcTextSize(" (selection + nearest)").x;
  const int lines_needed = static_cast<int>(std::ceil(need / (right - left)));
  EXPECT_LE(hi.y - lo.y, (lines_needed + 1) * line) << "lines: " << (hi.y - lo.y) / line;
  ImGui::End();
}

// The UTF-8 helpers behind breaking and shortening ids step a whole character at a time: a
// two-byte U+00DC and a three-byte euro sign are never split.
TEST(PanelText, Utf8HelpersNeverSplitACharacter) {
  std::string t =
      "ab\xc3\x9c"
      "d\xe2\x82\xac";
  EXPECT_EQ(utf8_chars(t), 5u);
  std::vector<std::size_t> starts;
  for (const char* p = t.c_str(); p < t.c_str() + t.size(); p = utf8_next(p, t.c_str() + t.size()))
    starts.push_back(static_cast<std::size_t>(p - t.c_str()));
  EXPECT_EQ(starts, (std::vector<std::size_t>{0, 1, 2, 4, 5}));
  drop_last_char(t);
  EXPECT_EQ(t,
            "ab\xc3\x9c"
            "d");
  drop_last_char(t);
  drop_last_char(t);
  EXPECT_EQ(t, "ab");
  t.clear();
  drop_last_char(t);
  EXPECT_EQ(t, "");
}

// The help overlay (F1) in a narrow window with large text (presenter mode's scale at
// 800 x 600): what each key does wraps in its column instead of being cut at the overlay's
// edge ("select the topmost s").
TEST(PanelText, TheHelpOverlayWrapsInsteadOfCuttingItsLinesOff) {
  Sandbox sb(two_rects(), "");
  sb.show_help(true);
  ImGuiFrame frame;
  ImGui::GetIO().FontGlobalScale = 1.5f;
  LayoutInput in;
  in.width = 800.0f;
  in.height = 600.0f;
  in.scale = 1.5f;
  sb.set_layout(compute_layout(in));
  for (int i = 0; i < 3; ++i) {  // a few frames, as the window runs: tables fit their columns
    if (i > 0) {
      ImGui::Render();
      ImGui::NewFrame();
    }
    sb.analyze_frame();
    sb.draw_panels();
  }
  const ImGuiWindow* help = ImGui::FindWindowByName(kHelpTitle);
  ASSERT_NE(help, nullptr);
  ASSERT_TRUE(help->Active);  // (cut_off_px says 0 for a window not shown)
  EXPECT_LE(cut_off_px(kHelpTitle), 0.5f);
}

// The focus pair's line in the main panel with ids longer than the panel is wide: it takes a
// few lines more than with short ids, not one line per character of B's id (B's text once
// started where A's ended and wrapped there, a character a line).
TEST(PanelText, LongIdsInTheFocusLineTakeAFewLines) {
  float line = 0.0f;
  const auto panel_height = [&line](const std::string& ida, const std::string& idb) {
    Scene sc = two_rects();
    sc.shapes[0].id = ida;
    sc.shapes[1].id = idb;
    Sandbox sb(sc, "");
    EXPECT_TRUE(sb.set_focus(ida, idb));
    sb.set_algorithms(kAlgoSat);
    ImGuiFrame frame;
    LayoutInput in;
    in.width = 800.0f;
    in.height = 600.0f;
    sb.set_layout(compute_layout(in));
    sb.analyze_frame();
    sb.draw_panels();
    const ImGuiWindow* w = ImGui::FindWindowByName("Hitbox");
    line = ImGui::GetTextLineHeightWithSpacing();
    return w ? w->DC.CursorMaxPos.y - w->DC.CursorStartPos.y : -1.0f;
  };
  const float short_ids = panel_height("a", "b");
  const float long_ids = panel_height("the_big_rotated_rectangle_on_the_left",
                                      "ball_\xc3\x9c"
                                      "n\xc3\xaf"
                                      "c\xc3\xb6"
                                      "d\xc3\xa9_number_one_with_long_name");
  ASSERT_GT(short_ids, 0.0f);
  ASSERT_GT(long_ids, 0.0f);
  EXPECT_LE(long_ids - short_ids, 4.0f * line + 1.0f)
      << short_ids << " px with short ids, " << long_ids << " px with long ones";
}

// ---- a lesson's tasks (teach/tasks.h) ----

// Two 10 px boxes 5 px apart with a lesson whose tasks read aabb and mtd; the panel shows sat.
Scene task_lesson() {
  return parse_scene(R"({"version": 1, "algorithms": ["sat"], "focus": ["A", "B"],
    "lesson": {"title": "T", "text": ["p"], "tasks": [
      {"task": "Push B 5 px into A", "when": "mtd.depth > 4", "why": "Deep."},
      {"task": "Make the boxes touch", "when": "aabb.hit", "why": "They touch."}]},
    "shapes": [{"id": "A", "kind": "rect", "pos": [0, 0], "size": [10, 10]},
               {"id": "B", "kind": "rect", "pos": [15, 0], "size": [10, 10]}]})",
                     "tasks.json");
}

TEST(LessonTasks, TheFrameRunsEveryAlgorithmATaskReadsButShowsOnlyThePanels) {
  Sandbox sb(task_lesson(), "");
  ImGuiFrame frame;
  sb.apply_requests();
  sb.analyze_frame();
  int ia = -1, ib = -1;
  const PairAnalysis* an = sb.frame_analysis(&ia, &ib);
  ASSERT_NE(an, nullptr);
  EXPECT_EQ(sb.algorithms(), kAlgoSat);
  EXPECT_EQ(an->ran & (kAlgoSat | kAlgoAabb | kAlgoMtd), kAlgoSat | kAlgoAabb | kAlgoMtd);
  EXPECT_EQ(an->ran & kAlgoGjk, 0u);  // nothing reads it
  // The world shows sat's trace only: no aabb box label.
  RecordingCanvas world;
  sb.draw_world(world);
  EXPECT_TRUE(world.said("#1 "));
  EXPECT_FALSE(world.said("AABB"));
}

// The tracker ticks tasks in order, keeps them when the pose changes back, starts over.
TEST(LessonTasks, TasksTickInOrderAndStayTicked) {
  const Scene lesson = task_lesson();
  Scene scene = lesson;
  const auto inputs = [&](double bx, PairAnalysis& an) {
    scene.shapes[1].pos.x = bx;
    an = analyze(Posed(scene.shapes[0]), Posed(scene.shapes[1]), AnalysisInput{});
    return TaskInputs{&an, &scene.shapes[0], &scene.shapes[1], &scene, 0.0};
  };
  PairAnalysis an;
  TaskTracker t;
  t.start(&*lesson.lesson);
  EXPECT_EQ(t.count(), 2);
  EXPECT_EQ(t.check(inputs(15.0, an)), -1);  // 5 px apart: neither holds
  EXPECT_EQ(t.check(inputs(9.0, an)), -1);   // 1 px deep: task 2 holds, but task 1 comes first
  EXPECT_EQ(t.done(), 0);
  EXPECT_EQ(t.check(inputs(5.0, an)), 0);  // 5 px deep: task 1
  EXPECT_EQ(t.check(inputs(15.0, an)), -1);
  EXPECT_EQ(t.done(), 1);  // kept although the boxes are apart again
  EXPECT_EQ(t.check(inputs(9.0, an)), 1);
  EXPECT_EQ(t.check(inputs(9.0, an)), -1);  // nothing left
  EXPECT_EQ(t.done(), 2);
  t.start(&*lesson.lesson);
  EXPECT_EQ(t.done(), 0);
  t.start(nullptr);
  EXPECT_EQ(t.count(), 0);
  EXPECT_EQ(t.check(inputs(5.0, an)), -1);
}

// Predict mode: the analysis runs, but nothing of it is drawn until Reveal; the same pose
// stays revealed, a changed shape hides it again.
TEST(Predict, HiddenUntilRevealAndAgainWhenAShapeChanges) {
  Sandbox sb(two_rects(), "");
  ASSERT_TRUE(sb.set_focus("a", "b"));
  sb.set_algorithms(kAlgoSat);
  ImGuiFrame frame;
  sb.set_predict(true);
  sb.analyze_frame();
  EXPECT_TRUE(sb.verdicts_hidden());
  int ia = -1, ib = -1;
  ASSERT_NE(sb.frame_analysis(&ia, &ib), nullptr);
  EXPECT_TRUE(sb.frame_analysis(&ia, &ib)->ran & kAlgoSat);  // computed, only not shown
  RecordingCanvas hidden;
  sb.draw_world(hidden);
  EXPECT_FALSE(hidden.said("#1 "));
  EXPECT_FALSE(hidden.said("overlap"));

  sb.reveal();
  sb.analyze_frame();
  EXPECT_FALSE(sb.verdicts_hidden());
  RecordingCanvas shown;
  sb.draw_world(shown);
  EXPECT_TRUE(shown.said("#1 "));
  sb.analyze_frame();  // the same pose: still revealed
  EXPECT_FALSE(sb.verdicts_hidden());

  sb.ask(Request::mirror(sb.ref(0), true));
  sb.apply_requests();
  sb.analyze_frame();
  EXPECT_TRUE(sb.verdicts_hidden());

  sb.set_predict(false);
  EXPECT_FALSE(sb.verdicts_hidden());
}

}  // namespace
}  // namespace hitbox::app
