// Play mode's layer: the grab (a line from the held body point to the pointer) and, when
// "contacts" is on, each contact point of the last step with its normal impulse as an arrow
// along the normal, drawn as the push on the dynamic body. Read from the core's Simulation
// (sim_grab_point) and SimTrace.
#include <algorithm>
#include <cmath>

#include "hitbox/simulation.h"
#include "overlays/overlays.h"
#include "overlays/palette.h"
#include "sandbox/state.h"
#include "util/strf.h"

namespace hitbox::app {
namespace {

constexpr Color kGrab{1.00f, 0.84f, 0.22f, 1.0f};
constexpr Color kContactPoint{1.00f, 0.45f, 0.35f, 1.0f};
constexpr Color kImpulse{0.25f, 0.86f, 1.00f, 0.95f};
constexpr float kScalePx = 40.0f;  // screen length of one scale unit of impulse

// The smallest 1, 2 or 5 times a power of ten that is at least v: the scale unit, so the
// arrows' scale changes in steps, not every frame.
double nice_at_least(double v) {
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= v) return m * p;
  return 10.0 * p;
}

void draw_contacts(const SandboxState& s, Canvas& c, float px) {
  const SimTrace& t = s.play.trace;
  double most = 0.0;
  for (const SimContact& k : t.contacts)
    for (int i = 0; i < k.count; ++i)
      most = std::max(most, static_cast<double>(k.point_normal_impulse[i]));
  // The largest impulse is at most 2 units: arrows up to 2 kScalePx on screen.
  const double unit = most > 0.0 ? nice_at_least(most / 2.0) : 1.0;
  const float per = static_cast<float>(kScalePx / unit) * px;  // world length per impulse
  const auto& shapes = s.play.sim->shapes;
  for (const SimContact& k : t.contacts) {
    // The push on a (the normal points from b toward a), or on b when a is static, so an
    // arrow at a floor points up into the body it holds.
    const bool on_a = static_cast<std::size_t>(k.a) < shapes.size() &&
                      shapes[static_cast<std::size_t>(k.a)].dynamic;
    const Vec2 dir = on_a ? k.normal : -k.normal;
    for (int i = 0; i < k.count; ++i) {
      const Vec2 p = k.points[i];
      c.dot(p, 3.0f, kContactPoint);
      const float len = k.point_normal_impulse[i] * per;
      if (len > 2.0f * px) c.arrow(p, p + dir * len, kImpulse, 2.0f, 7.0f);
    }
  }
  // The scale: a bar of one unit at the top left of the free area.
  const ScreenRect& f = s.layout.free;
  const Vec2 at = s.cam.to_world(f.empty() ? Vec2(12.0f, 40.0f) : Vec2(f.x0 + 12.0f, f.y0 + 28.0f));
  c.arrow(at, at + Vec2(kScalePx * px, 0.0f), kImpulse, 2.0f, 7.0f);
  c.text(at + Vec2((kScalePx + 8.0f) * px, -7.0f * px),
         strf("normal impulse %g (mass x px/s), %zu contacts", unit, t.contacts.size()), kImpulse);
}

}  // namespace

void draw_play(const SandboxState& s, Canvas& c) {
  if (!s.play.sim) return;
  const float px = 1.0f / s.cam.zoom;
  if (s.play.show_contacts) draw_contacts(s, c, px);
  if (s.play.grabbing) {
    if (const auto held = sim_grab_point(*s.play.sim)) {
      const Vec2 to(s.play.sim->grab.target);
      c.line(*held, to, kGrab, 2.0f);
      c.dot(*held, 4.0f, kGrab);
      c.dot(to, 3.0f, kGrab);
    }
  }
}

}  // namespace hitbox::app
