// sat_views.h: the early-exit view of a full SAT trace.
#include "hitbox/sat_views.h"

namespace hitbox {

SatTrace sat_early_exit_view(const SatTrace& every_axis) {
  SatTrace out;
  out.early_exit = true;
  out.separating = every_axis.separating;
  const std::size_t n = every_axis.separating >= 0
                            ? static_cast<std::size_t>(every_axis.separating) + 1
                            : every_axis.axes.size();
  out.axes.assign(every_axis.axes.begin(),
                  every_axis.axes.begin() + static_cast<std::ptrdiff_t>(n));
  // The least overlap among the axes tested; the first of equal ones, as sat records it.
  for (std::size_t k = 0; k < out.axes.size(); ++k) {
    if (out.least < 0 ||
        out.axes[k].overlap < out.axes[static_cast<std::size_t>(out.least)].overlap)
      out.least = static_cast<int>(k);
  }
  return out;
}

SatResult sat_result_of(const SatTrace& trace) {
  SatResult r;
  r.tested = static_cast<int>(trace.axes.size());
  r.hit = trace.separating < 0;
  const int pick = r.hit ? trace.least : trace.separating;
  if (pick >= 0 && static_cast<std::size_t>(pick) < trace.axes.size()) {
    r.axis = trace.axes[static_cast<std::size_t>(pick)].axis;
    r.overlap = trace.axes[static_cast<std::size_t>(pick)].overlap;
  }
  return r;
}

}  // namespace hitbox
