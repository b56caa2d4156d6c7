// mtd: the push-out vector and A pushed out; the panel's Resolve and auto-resolve.
#include <imgui.h>

#include "algos/algos.h"
#include "algos/draw.h"
#include "algos/words.h"
#include "hitbox/concave.h"
#include "overlays/palette.h"
#include "panels/flow.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace pal = palette;

namespace {

void draw(const SandboxState& s, Canvas& c) {
  const float px = 1.0f / s.cam.zoom;
  const MtdResult& m = s.cache.an.r.mtd;
  if (!m.hit) return;
  const Collider& A = s.doc.body(s.cache.an.pair.a);
  Shape moved = s.doc.shape(s.cache.an.pair.a);
  moved.pos += to_d(m.vector);
  const Posed ghost(moved);
  draw_body(c, ghost.collider(), Color{0.0f, 0.0f, 0.0f, 0.0f}, alpha(pal::kMtd, 0.8f), 1.5f);
  c.arrow(A.pos, A.pos + m.vector, pal::kMtd, 3.0f, 11.0f);
  label(c, px, A.pos + m.vector + m.normal * (10.0f * px), m.normal,
        strf("MTD depth %.2f", m.depth), pal::kMtd);
}

void section(SandboxState& s) {
  const MtdResult& m = s.cache.an.r.mtd;
  if (m.hit)
    flow_text("push A by (%.2f, %.2f): depth %.2f along (%.3f, %.3f)", shown(m.vector.x, 2),
              shown(m.vector.y, 2), shown(m.depth, 2), shown(m.normal.x, 3), shown(m.normal.y, 3));
  else
    ImGui::TextDisabled("No overlap: nothing to push out.");
  ImGui::BeginDisabled(!m.hit);
  if (ImGui::Button("Resolve (move A)"))
    s.ask(Request(Ask::Resolve, s.ref(s.cache.an.pair.a), s.ref(s.cache.an.pair.b)));
  ImGui::EndDisabled();
  ImGui::TextUnformatted("Auto-resolve while dragging:");
  int mode = static_cast<int>(s.auto_resolve);
  ImGui::RadioButton("off", &mode, 0);
  same_line_if_fits(check_width("move A"));
  ImGui::RadioButton("move A", &mode, 1);
  same_line_if_fits(check_width("move B"));
  ImGui::RadioButton("move B", &mode, 2);
  same_line_if_fits(check_width("half each"));
  ImGui::RadioButton("half each", &mode, 3);
  s.auto_resolve = static_cast<ResolveMode>(mode);
}

bool query(const Collider& a, const Collider& b, const Mask*, const Mask*) {
  PiecePair which;
  return has_pieces(a) || has_pieces(b) ? mtd_pieces(a, b, nullptr, &which).hit : mtd(a, b).hit;
}

}  // namespace

extern const AlgoModule mtd_module;
const AlgoModule mtd_module{
    .bit = kAlgoMtd,
    .name = "mtd",
    .colour_rank = 3,
    .exactness = Exactness::Approximate,
    .draw = draw,
    .section = section,
    .query = query,
};

}  // namespace hitbox::app
