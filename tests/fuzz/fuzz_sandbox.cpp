// The sandbox without a window, driven as a user drives it: pointer events (select, drag,
// Ctrl+click a pair, the polygon, ray and slice tools), keys, the panels' buttons pressed the
// way a click presses them (Dear ImGui reports the press in the next frame, from inside the
// panel that draws the button), and requests asked directly (sandbox/request.h: any kind,
// naming shapes that moved or are gone, a scene opened, the comparison table's Find). After
// each, the rest of a frame in the shell's order: the edits applied, the analysis, the world
// drawn to a canvas that is not shown, the panels and the play bar built in an ImGui context
// with no window, then play mode's step. ASan and UBSan watch every read; the fuzzer checks
// that the frame's pair and the focus pair name shapes that exist.
//
// Input: byte 0 picks a scene, then one operation per 4 bytes: kind, then three arguments.
#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>  // pressing a button by its id

#include <algorithm>
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "../support/named_shapes.h"
#include "hitbox/algorithms.h"
#include "hitbox/scene.h"
#include "panels/layout.h"
#include "platform/canvas.h"
#include "sandbox/request.h"
#include "sandbox/sandbox.h"

namespace {

using namespace hitbox;
using namespace hitbox::app;

// A canvas that draws nothing.
class NullCanvas final : public Canvas {
 public:
  void polygon(std::span<const Vec2>, Color, Color, float) override {}
  void circle(Vec2, float, Color, Color, float) override {}
  void line(Vec2, Vec2, Color, float) override {}
  void arrow(Vec2, Vec2, Color, float, float) override {}
  void dot(Vec2, float, Color) override {}
  void image(const std::shared_ptr<const SpriteImage>&, std::span<const Vec2, 4>, Color,
             float) override {}
  void rects(std::span<const Aabb>, Color) override {}
  void text(Vec2, std::string_view, Color) override {}
  const Camera& camera() const override { return cam; }
  Camera cam;
};

using named_shapes::circle;
using named_shapes::rect;

// Scene 0: two overlapping rectangles with ids longer than a string keeps inline, so a read
// of a deleted shape's id is a read of freed memory. Scene 1: every kind but the sprite, some
// with dynamic bodies for play mode, on a static floor.
Scene make_scene(int which) {
  Scene sc;
  if (which == 0) {
    sc.shapes = {rect("the_big_rotated_rectangle_on_the_left", {300, 300}, {120, 80}, 20),
                 rect("the_second_rectangle_with_a_long_name", {380, 330}, {120, 80}, -10)};
    return sc;
  }
  Shape floor = rect("floor", {400, 600}, {600, 40}, 0);
  Shape box = rect("box", {300, 300}, {100, 60}, 15);
  box.body = BodySpec{};
  box.vel = {40, 10};
  Shape ball = circle("ball", {420, 320}, 45);
  ball.body = BodySpec{};
  Shape concave;
  concave.id = "concave_polygon_with_a_long_identifier";
  concave.kind = Kind::Polygon;
  concave.pos = {520, 420};
  concave.points = {{-60, -50}, {60, -50}, {60, 50}, {0, 0}, {-60, 50}};
  Shape seg;
  seg.id = "seg";
  seg.kind = Kind::Segment;
  seg.pos = {250, 450};
  seg.points = {{-50, -20}, {50, 20}};
  Shape pt;
  pt.id = "pt";
  pt.kind = Kind::Point;
  pt.pos = {470, 300};
  Shape cap;
  cap.id = "cap";
  cap.kind = Kind::Capsule;
  cap.pos = {600, 250};
  cap.points = {{-40, 0}, {40, 10}};
  cap.radius = 18;
  cap.body = BodySpec{};
  sc.shapes = {floor, box, ball, concave, seg, pt, cap};
  return sc;
}

// A button as the panels draw it: its window and the id stack's labels down to it.
struct Button {
  const char* window;
  std::initializer_list<const char*> path;
};

const Button kButtons[] = {
    {"Hitbox", {"+ Rect"}},
    {"Hitbox", {"+ Circle"}},
    {"Hitbox", {"+ Capsule"}},
    {"Hitbox", {"+ Polygon"}},
    {"Hitbox", {"Finish polygon"}},
    {"Hitbox", {"Cancel"}},
    {"Hitbox", {"Ray"}},
    {"Hitbox", {"Slice"}},
    {"Hitbox", {"Duplicate"}},
    {"Hitbox", {"Delete"}},
    {"Hitbox", {"Undo"}},
    {"Hitbox", {"Redo"}},
    {"Hitbox", {"Help (F1)"}},
    {"Hitbox", {"Swap A/B"}},
    {"Hitbox", {"Unpin"}},
    {"Hitbox", {"Pin this pair"}},
    {"Hitbox", {"Resolve (move A)"}},
    {"Hitbox", {"sat_step", "Step through"}},
    {"Hitbox", {"swept_step", "Step through"}},
    {"Hitbox", {"gjk_step", "Step through"}},
    {"Hitbox", {"early exit"}},
    {"##MainMenuBar", {"##menubar", " Play "}},
    {"##MainMenuBar", {"##menubar", "Pause"}},
    {"##MainMenuBar", {"##menubar", "Step"}},
    {"##MainMenuBar", {"##menubar", "Reset"}},
};
constexpr std::size_t kButtonCount = sizeof kButtons / sizeof kButtons[0];

// Buttons a click cannot press while they are disabled: only with a selection.
bool needs_selection(const Button& b) {
  const std::string_view last = *(b.path.end() - 1);
  return last == "Duplicate" || last == "Delete";
}

// Pressed in the next frame, as a click on it is.
void press(const Button& b) {
  const ImGuiWindow* w = ImGui::FindWindowByName(b.window);
  if (w == nullptr) return;
  ImGuiID id = w->ID;
  for (const char* label : b.path) id = ImHashStr(label, 0, id);
  GImGui->NavNextActivateId = id;
}

constexpr SDL_Keycode kKeys[] = {
    SDLK_DELETE, SDLK_h,    SDLK_v,     SDLK_r,         SDLK_c,      SDLK_z,
    SDLK_y,      SDLK_d,    SDLK_n,     SDLK_p,         SDLK_ESCAPE, SDLK_RETURN,
    SDLK_F1,     SDLK_LEFT, SDLK_RIGHT, SDLK_BACKSPACE, SDLK_SLASH,  SDLK_s,
};

// The world box shapes are in: pointer bytes map into it.
Vec2 point_at(std::uint8_t x, std::uint8_t y) {
  return Vec2(150.0f + 2.4f * static_cast<float>(x), 150.0f + 2.0f * static_cast<float>(y));
}

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: %s\n", what);
  __builtin_trap();
}

// The frame after the events, in Shell::frame's order.
void run_frame(Sandbox& sb, std::uint32_t view_algos) {
  sb.apply_requests();
  ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
  ImGui::NewFrame();
  sb.analyze_frame(view_algos);
  NullCanvas canvas;
  sb.draw_world(canvas);
  if (view_algos != 0) sb.draw_world(canvas, view_algos);  // a split view's own algorithms
  sb.draw_panels();
  sb.draw_play_bar();
  // What the shell reads after the panels: the frame's pair, as indices into the shapes.
  int a = -1, b = -1;
  const auto n = static_cast<int>(sb.scene().shapes.size());
  if (sb.frame_analysis(&a, &b) != nullptr)
    check(a >= 0 && b >= 0 && a < n && b < n && a != b, "the frame's pair is out of the shapes");
  ImGui::Render();
  sb.advance(1.0 / 60.0);
  if (sb.focus_pair(&a, &b))
    check(a >= 0 && b >= 0 && a < n && b < n && a != b, "the focus pair is out of the shapes");
}

SDL_Event mouse(Uint32 type, Vec2 at, Uint8 clicks) {
  SDL_Event e{};
  e.type = type;
  if (type == SDL_MOUSEMOTION) {
    e.motion.x = static_cast<Sint32>(at.x);
    e.motion.y = static_cast<Sint32>(at.y);
    e.motion.state = SDL_BUTTON_LMASK;
  } else {
    e.button.button = SDL_BUTTON_LEFT;
    e.button.clicks = clicks;
    e.button.x = static_cast<Sint32>(at.x);
    e.button.y = static_cast<Sint32>(at.y);
  }
  return e;
}

// A shape as a request names it: by index, with its id or (bit 7) an id no shape has.
ShapeRef shape_ref(const Sandbox& sb, std::uint8_t bits) {
  const int i = bits & 7;
  ShapeRef r = sb.ref(i);
  r.index = i;
  if (bits & 0x80) r.id = "no_such_shape";
  return r;
}

// A request of any kind, with what the kind reads: shapes moved within range, a scene.
Request any_request(const Sandbox& sb, const std::uint8_t* op) {
  const int kinds = static_cast<int>(Ask::Open) + 1;
  Request r(static_cast<Ask>(op[1] % kinds), shape_ref(sb, op[2]), shape_ref(sb, op[3]));
  const auto n = static_cast<int>(sb.scene().shapes.size());
  for (const ShapeRef* s : {&r.a, &r.b}) {
    if (s->index >= n) continue;
    Shape moved = sb.scene().shapes[static_cast<std::size_t>(s->index)];
    moved.pos += DVec2(static_cast<double>(op[3]) - 128.0, static_cast<double>(op[2]) - 128.0);
    r.shapes.push_back(moved);
  }
  if (r.shapes.size() == 1) r.shapes.push_back(r.shapes[0]);
  r.text = op[3] & 1 ? "star.png" : "no_such_file.png";
  r.from = point_at(op[2], op[3]);
  r.to = point_at(op[3], op[2]);
  r.flag = (op[2] & 8) != 0;
  r.tool = static_cast<LineTool>(op[3] % 3);
  if (r.ask == Ask::Open) r.scene = make_scene(op[2] % 2);
  return r;
}

SDL_Keymod mods(std::uint8_t bits) {
  int m = KMOD_NONE;
  if (bits & 1) m |= KMOD_LCTRL;
  if (bits & 2) m |= KMOD_LSHIFT;
  return static_cast<SDL_Keymod>(m);
}

// One context for every input, its font atlas built once; each input starts a new context.
ImFontAtlas& fonts() {
  static ImFontAtlas* atlas = [] {
    auto* a = new ImFontAtlas;
    unsigned char* px = nullptr;
    int w = 0, h = 0;
    a->GetTexDataAsRGBA32(&px, &w, &h);
    return a;
  }();
  return *atlas;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  ImGui::CreateContext(&fonts());
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1280.0f, 800.0f);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // the pointer is in the scene, not over a panel
  {
    Sandbox sb(make_scene(data[0] % 2), "");
    sb.set_fixed_steps(1);
    LayoutInput in;
    sb.set_layout(compute_layout(in));
    const Camera cam;
    std::uint32_t view_algos = 0;
    bool held = false;
    run_frame(sb, view_algos);
    constexpr std::size_t kMaxOps = 48;
    for (std::size_t k = 0; k < kMaxOps && 1 + 4 * k + 3 < size; ++k) {
      const std::uint8_t* op = data + 1 + 4 * k;
      SDL_SetModState(mods(op[3]));
      switch (op[0] % 9) {
        case 0:  // press: select, start a drag, a tool's point; bit 2 a double click
          held = true;
          sb.on_event(mouse(SDL_MOUSEBUTTONDOWN, point_at(op[1], op[2]), (op[3] & 4) ? 2 : 1), cam);
          break;
        case 1:  // move: a drag, a tool's line
          if (held) sb.on_event(mouse(SDL_MOUSEMOTION, point_at(op[1], op[2]), 0), cam);
          break;
        case 2:  // release
          held = false;
          sb.on_event(mouse(SDL_MOUSEBUTTONUP, point_at(op[1], op[2]), 1), cam);
          break;
        case 3:
        case 4: {  // a key
          SDL_Event e{};
          e.type = SDL_KEYDOWN;
          e.key.keysym.sym = kKeys[op[1] % std::size(kKeys)];
          e.key.keysym.mod = static_cast<Uint16>(mods(op[3]));
          e.key.repeat = (op[3] & 8) ? 1 : 0;
          sb.on_event(e, cam);
          break;
        }
        case 5:
        case 6: {  // a panel's button
          const Button& b = kButtons[op[1] % kButtonCount];
          if (!needs_selection(b) || sb.has_selection()) press(b);
          break;
        }
        case 7:  // a request asked directly, as the shell and the teacher ask
          sb.ask(any_request(sb, op));
          break;
        default:  // settings the command line sets: algorithms, a split view's, play
          sb.set_algorithms(static_cast<std::uint32_t>(op[1]) | (op[2] & 1u) << 8);
          view_algos = (op[2] & 2u) ? (static_cast<std::uint32_t>(op[3]) << 1 | op[2] >> 7) : 0u;
          view_algos &= kAllAlgos;
          if (op[2] & 4u) sb.set_playing((op[3] & 4) != 0);
          break;
      }
      run_frame(sb, view_algos);
    }
  }
  SDL_SetModState(KMOD_NONE);
  ImGui::DestroyContext();
  return 0;
}
