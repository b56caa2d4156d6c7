#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "algos/algos.h"
#include "hitbox/limits.h"
#include "hitbox/report.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "panels/panels.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

float status_height() {
  return ImGui::GetFrameHeightWithSpacing() + 8.0f;
}

namespace {

// The right end of the status line: the cursor's world coordinates and a scale bar, on the
// verdicts' line when they leave room for it, else not at all.
void status_readout(const SandboxState& s) {
  const float zoom = s.cam.zoom;
  // The bar: the longest round world length (1, 2 or 5 times a power of ten) up to 90 px.
  const float target = 90.0f / zoom;
  const float p10 = std::pow(10.0f, std::floor(std::log10(target)));
  float len = p10;
  for (const float k : {2.0f, 5.0f})
    if (p10 * k <= target) len = p10 * k;
  const float bar_px = len * zoom;
  const std::string where = strf("x %.1f  y %.1f", s.mouse_world.x, s.mouse_world.y);
  const std::string scale = strf("%s px", format_float(len).c_str());
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float width = ImGui::CalcTextSize(where.c_str()).x + ImGui::CalcTextSize(scale.c_str()).x +
                      bar_px + 3.0f * gap;
  const float x = ImGui::GetWindowContentRegionMax().x - width;
  const float verdicts_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
  if (verdicts_end + 2.0f * gap > x) return;
  ImGui::SameLine();
  ImGui::SetCursorPosX(x);
  ImGui::TextDisabled("%s", where.c_str());
  ImGui::SameLine();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float y = p.y + 0.5f * ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  dl->AddLine(ImVec2(p.x, y), ImVec2(p.x + bar_px, y), col, 2.0f);
  dl->AddLine(ImVec2(p.x, y - 4.0f), ImVec2(p.x, y + 4.0f), col, 2.0f);
  dl->AddLine(ImVec2(p.x + bar_px, y - 4.0f), ImVec2(p.x + bar_px, y + 4.0f), col, 2.0f);
  ImGui::Dummy(ImVec2(bar_px, ImGui::GetTextLineHeight()));
  ImGui::SameLine();
  ImGui::TextDisabled("%s", scale.c_str());
}

// One piece of the status line: a text in a colour, after the piece before it on the same
// line. When the whole line does not fit, the figures ("overlap 41.7, 3 axes") are left out
// (a touching verdict is one piece and keeps its words); when it still does not fit, one
// count of the verdicts stands for them (the main panel shows every verdict and figure in
// full), and the simulated time, which the menu bar shows too, is left out. When even that
// does not fit (long shape ids, large presenter text), the ids are shortened, the longer
// first, and end in "..". The verdicts come before the cursor readout, which hides itself
// without room.
enum class Fit { Full, Brief, Counts };
struct StatusPiece {
  std::string text;
  ImVec4 colour;
  Fit until = Fit::Counts;  // shown in the forms from `from` to `until`
  Fit from = Fit::Full;
  bool shortens = false;  // a shape's id, shortened as a last resort
  bool shown(Fit f) const { return from <= f && f <= until; }
};

std::vector<StatusPiece> status_pieces(const SandboxState& s) {
  const ImVec4 dim = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  const ImVec4 plain = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  std::vector<StatusPiece> out;
  if (!s.cache.an.pair.valid()) {
    out.push_back(
        {"Click a shape to focus it and its nearest neighbour, or Ctrl+click two "
         "shapes. F1: help.",
         dim, Fit::Full});
    out.push_back({"Click a shape to focus a pair. F1: help.", dim, Fit::Counts, Fit::Brief});
  } else {
    out.push_back({"A: " + s.doc.shape(s.cache.an.pair.a).id, to_v4(pal::kTraceA), Fit::Counts,
                   Fit::Full, true});
    out.push_back({"B: " + s.doc.shape(s.cache.an.pair.b).id, to_v4(pal::kTraceB), Fit::Counts,
                   Fit::Full, true});
    if (s.verdicts_hidden()) {
      out.push_back({" | hit or miss? Reveal: Space", to_v4(pal::kTouching)});
      return out;  // predict mode: no verdict, figure or count until Reveal
    }
    if (s.ran_in_panels() == 0) out.push_back({" | no algorithm enabled", dim});
    int hits = 0, misses = 0, touching = 0;
    for (const AlgoModule* m : algo_modules()) {
      if (!(s.ran_in_panels() & m->bit)) continue;
      const AlgoAnswer& ans = s.cache.an.r.answer(m->bit);
      out.push_back({"|", dim, Fit::Brief});
      if (ans.touching) {
        ++touching;
        out.push_back({std::string(m->name) + " " + ans.figure, to_v4(pal::kTouching), Fit::Brief});
        continue;
      }
      const bool hit = ans.hit();
      ++(hit ? hits : misses);
      out.push_back({std::string(m->name) + (hit ? " HIT" : " miss"),
                     to_v4(hit ? pal::kOverlap : pal::kGap), Fit::Brief});
      out.push_back({ans.figure, plain, Fit::Full});
    }
    if (hits + misses + touching > 0) {
      out.push_back({"|", dim, Fit::Counts, Fit::Counts});
      out.push_back(
          {strf("%d algorithms:", hits + misses + touching), plain, Fit::Counts, Fit::Counts});
      if (hits > 0)
        out.push_back({strf("%d HIT", hits), to_v4(pal::kOverlap), Fit::Counts, Fit::Counts});
      if (misses > 0)
        out.push_back({strf("%d miss", misses), to_v4(pal::kGap), Fit::Counts, Fit::Counts});
      if (touching > 0)
        out.push_back(
            {strf("%d touching", touching), to_v4(pal::kTouching), Fit::Counts, Fit::Counts});
    }
  }
  // Every colliding pair (sandbox/pairs.cpp), and the simulated time while playing.
  if (s.cache.pairs.algo != 0) {
    const std::size_t n = s.cache.pairs.hits.size();
    out.push_back({"|", dim});
    out.push_back(
        {strf("%zu colliding pair%s (%s)", n, n == 1 ? "" : "s", algo_name(s.cache.pairs.algo)),
         to_v4(n > 0 ? pal::kOverlap : pal::kGap)});
    if (s.play.playing && s.play.sim)
      out.push_back({strf("| playing t %.2f s", s.play.sim->time), dim, Fit::Brief});
  }
  return out;
}

// The pieces on one line, in the longest form that fits.
void status_line(std::vector<StatusPiece> pieces) {
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const auto width = [&](Fit f) {
    float w = -gap;  // a gap between two pieces, none before the first
    for (const StatusPiece& p : pieces)
      if (p.shown(f)) w += gap + text_width(p.text.c_str());
    return w;
  };
  const float room = ImGui::GetContentRegionAvail().x;
  const Fit fit = width(Fit::Full) <= room    ? Fit::Full
                  : width(Fit::Brief) <= room ? Fit::Brief
                                              : Fit::Counts;
  // Still too wide: characters off the longer id (whole UTF-8 characters, keeping "A: " and
  // two of the id's own), the id ending in ".." (the first cut takes three, so that the
  // piece gets narrower).
  float total = width(fit);
  while (total > room) {
    StatusPiece* longest = nullptr;
    std::size_t longest_chars = 0;
    for (StatusPiece& p : pieces) {
      const bool dotted = p.shortens && p.text.size() > 5 && p.text.ends_with("..");
      const std::size_t n = p.shortens ? utf8_chars(p.text) - (dotted ? 2 : 0) : 0;
      if (n >= (dotted ? 6u : 8u) && n > longest_chars) longest = &p, longest_chars = n;
    }
    if (!longest) break;
    std::string& t = longest->text;
    const float before = text_width(t.c_str());
    if (t.size() > 5 && t.ends_with("..")) {
      t.resize(t.size() - 2);
      drop_last_char(t);
    } else {
      for (int k = 0; k < 3; ++k) drop_last_char(t);
    }
    t += "..";
    total += text_width(t.c_str()) - before;
  }
  bool first = true;
  for (const StatusPiece& p : pieces) {
    if (!p.shown(fit)) continue;
    if (!first) ImGui::SameLine();
    ImGui::TextColored(p.colour, "%s", p.text.c_str());
    first = false;
  }
}

}  // namespace

bool begin_docked(const char* name, const ScreenRect& r, bool* open, ImGuiWindowFlags extra) {
  ImGui::SetNextWindowPos(ImVec2(r.x0, r.y0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(r.w(), r.h()), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(1.0f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus | extra;
  return ImGui::Begin(name, open, flags);
}

void panel_status(SandboxState& s) {
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (begin_docked("##status", s.layout.status, nullptr, flags)) {
    status_line(status_pieces(s));
    status_readout(s);
  }
  ImGui::End();
}

// Help: an overlay in the middle of the scene (F1, "?" or View > Help), closed with Esc or
// its close button.
void panel_help(SandboxState& s) {
  if (!s.show_help) return;
  const ScreenRect& f = s.layout.free;
  const float w = std::min(40.0f * ImGui::GetFontSize(), 0.95f * f.w());
  const float h = std::min(24.0f * ImGui::GetTextLineHeightWithSpacing() + 40.0f, 0.95f * f.h());
  const ScreenRect r{f.x0 + 0.5f * (f.w() - w), f.y0 + 0.5f * (f.h() - h),
                     f.x0 + 0.5f * (f.w() + w), f.y0 + 0.5f * (f.h() + h)};
  if (!begin_docked(kHelpTitle, r, &s.show_help)) {
    ImGui::End();
    return;
  }
  if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    s.show_help = false;
  const char* lines[][2] = {
      {"Left click", "select the topmost shape; drag to move it"},
      {"Click empty space", "deselect"},
      {"Circle above", "rotate (hold Shift: 15 degree steps)"},
      {"Square at corner", "scale (Shift: steps of 0.1)"},
      {"Green arrow tip", "drag to set the velocity (swept)"},
      {"Green ring handle", "wind round the shape: spin per step (swept)"},
      {"Ctrl+click x2", "pin two shapes as the focus pair A, B"},
      {"Ctrl+click empty", "unpin (back to selection + nearest)"},
      {"H / V", "mirror the selection in local x / y"},
      {"R / C", "ray tool / slice (cut) tool: press and drag"},
      {"M; A / D, Space", "the Mover tool on or off; walk, jump"},
      {"N / P, Right / Left", "next / previous step (Step through on)"},
      {"+ Sprite", "add the PNG picked in the list beside it"},
      {"Ctrl+D / Delete", "duplicate / delete the selection"},
      {"Ctrl+Z", "undo"},
      {"Ctrl+Y, Ctrl+Shift+Z", "redo"},
      {"Esc while dragging", "cancel the drag"},
      {"Right/middle drag", "pan (also Space+drag); wheel zooms"},
      {"Space (a tap)", "reveal the verdicts (View > Predict, then reveal)"},
      {"Play, Step, Reset", "play mode (menu bar); Reset is one undo step"},
      {"Drag while playing", "grab a dynamic body by a spring; let go to throw it"},
      {"Home / Tab", "frame the scene / hide the panels"},
      {"F1 or ?", "this help (Esc closes it)"},
      {"F11", "presenter mode"},
  };
  // The keys in a column of their own width; what they do wraps at spaces in the rest.
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("key");
    ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& l : lines) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(to_v4(pal::kHandle), "%s", l[0]);
      ImGui::TableNextColumn();
      flow_words(ImGui::GetStyleColorVec4(ImGuiCol_Text), l[1]);
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("Esc closes this help.");
  ImGui::TextWrapped(
      "The focus pair is A (the selection) and B (its nearest shape). Each enabled algorithm "
      "draws its trace for that pair; the pair turns red when the chosen algorithm says hit. "
      "The pixel test compares the two shapes' masks cell by cell: zoom in to see the cells.");
  ImGui::End();
}
}  // namespace hitbox::app
