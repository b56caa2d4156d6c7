#include "panels/layout.h"

#include <algorithm>

namespace hitbox::app {

Layout compute_layout(const LayoutInput& in) {
  Layout l;
  const float W = std::max(in.width, 1.0f), H = std::max(in.height, 1.0f);
  const float top = std::min(in.menu_h, H);
  const float bottom = std::max(top, H - in.status_h);
  l.status = ScreenRect{0.0f, bottom, W, H};
  l.free = ScreenRect{0.0f, top, W, bottom};
  if (!in.panels) return l;

  // The right column: wide enough for the panel's widgets, never more than 40% of the window.
  const float column =
      std::min(std::clamp(0.29f * W, 250.0f * in.scale, 380.0f * in.scale), 0.4f * W);
  const ScreenRect right{W - column, top, W, bottom};
  l.free.x1 = right.x0;

  float main_top = right.y0, main_bottom = right.y1;
  if (in.lesson) {
    if (W >= kWideLayoutPx) {
      const float lw =
          std::min(std::clamp(0.26f * W, 260.0f * in.scale, 420.0f * in.scale), 0.3f * W);
      l.lesson = ScreenRect{0.0f, top, lw, bottom};
      l.free.x0 = lw;
    } else {
      main_top = right.y0 + 0.4f * right.h();
      l.lesson = ScreenRect{right.x0, right.y0, right.x1, main_top};
    }
  }
  if (in.inspector) {
    const float room = main_bottom - main_top;
    const float ih =
        std::min(std::clamp(0.4f * room, 150.0f * in.scale, 300.0f * in.scale), 0.5f * room);
    const float split = main_bottom - ih;
    l.inspector = ScreenRect{right.x0, split, right.x1, main_bottom};
    main_bottom = split;
  }
  l.main = ScreenRect{right.x0, main_top, right.x1, main_bottom};
  if (in.compare) {
    const float ch =
        std::min(std::clamp(0.33f * H, 170.0f * in.scale, 300.0f * in.scale), 0.45f * l.free.h());
    l.compare = ScreenRect{l.free.x0, l.free.y1 - ch, l.free.x1, l.free.y1};
    l.free.y1 = l.compare.y0;
  }
  return l;
}

}  // namespace hitbox::app
