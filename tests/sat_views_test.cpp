// sat_views.h: the early-exit view read off a trace of every axis is what a real early-exit
// run records, axis for axis, with the same result, on seeded random pairs of every kind
// (rotated, scaled, mirrored).
#include "hitbox/sat_views.h"

#include <gtest/gtest.h>

#include "support/random_shapes.h"

namespace hitbox {
namespace {

using test_support::Random;

void expect_same_axis(const SatAxis& x, const SatAxis& y) {
  EXPECT_EQ(x.axis.x, y.axis.x);
  EXPECT_EQ(x.axis.y, y.axis.y);
  EXPECT_EQ(x.a.min, y.a.min);
  EXPECT_EQ(x.a.max, y.a.max);
  EXPECT_EQ(x.b.min, y.b.min);
  EXPECT_EQ(x.b.max, y.b.max);
  EXPECT_EQ(x.overlap, y.overlap);
  EXPECT_EQ(x.source, y.source);
  EXPECT_EQ(x.feature, y.feature);
}

TEST(SatViews, EarlyExitViewIsWhatAnEarlyExitRunRecords) {
  Random rnd(20261125u);
  int separated = 0, overlapping = 0;
  for (int n = 0; n < 4000; ++n) {
    const Posed a(rnd.shape({rnd.uni(0.0, 200.0), rnd.uni(0.0, 200.0)}));
    const Posed b(rnd.shape({rnd.uni(0.0, 200.0), rnd.uni(0.0, 200.0)}));
    SatTrace every, early;
    const SatResult full = sat(a.collider(), b.collider(), &every, /*early_exit=*/false);
    const SatResult direct = sat(a.collider(), b.collider(), &early, /*early_exit=*/true);
    const SatTrace view = sat_early_exit_view(every);
    ASSERT_EQ(view.axes.size(), early.axes.size()) << "pair " << n;
    for (std::size_t k = 0; k < view.axes.size(); ++k)
      expect_same_axis(view.axes[k], early.axes[k]);
    EXPECT_EQ(view.separating, early.separating) << "pair " << n;
    EXPECT_EQ(view.least, early.least) << "pair " << n;
    EXPECT_TRUE(view.early_exit);

    // The results sat returned, rebuilt from each trace.
    const SatResult from_view = sat_result_of(view);
    EXPECT_EQ(from_view.hit, direct.hit) << "pair " << n;
    EXPECT_EQ(from_view.tested, direct.tested) << "pair " << n;
    EXPECT_EQ(from_view.overlap, direct.overlap) << "pair " << n;
    EXPECT_EQ(from_view.axis.x, direct.axis.x);
    EXPECT_EQ(from_view.axis.y, direct.axis.y);
    const SatResult from_every = sat_result_of(every);
    EXPECT_EQ(from_every.hit, full.hit);
    EXPECT_EQ(from_every.tested, full.tested);
    EXPECT_EQ(from_every.overlap, full.overlap);
    (direct.hit ? overlapping : separated)++;
  }
  // Both branches were exercised, each many times.
  EXPECT_GT(separated, 500);
  EXPECT_GT(overlapping, 500);
}

TEST(SatViews, EmptyTraceGivesAnEmptyView) {
  const SatTrace view = sat_early_exit_view(SatTrace{});
  EXPECT_TRUE(view.axes.empty());
  EXPECT_EQ(view.separating, -1);
  EXPECT_EQ(view.least, -1);
}

}  // namespace
}  // namespace hitbox
