// Tests the chaos-horizon ensemble (spec/tolerance.md TOL-5).
#include <gtest/gtest.h>

#include <cmath>

#include "chaos_horizon.hpp"
#include "susurration/init.hpp"
#include "susurration/tolerance.hpp"

using namespace susurration;
using namespace susurration::generator;

TEST(ChaosHorizon, PerturbationsMoveOneFieldByOneUlp) {
  const State s = initialise(42, 120);
  for (int m = 0; m < kStartCopies; ++m) {
    const State p = perturbed(s, m);
    int changed = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const double a[4] = {s[i].x, s[i].y, s[i].vx, s[i].vy};
      const double b[4] = {p[i].x, p[i].y, p[i].vx, p[i].vy};
      for (int f = 0; f < 4; ++f) {
        if (a[f] != b[f]) {
          ++changed;
          EXPECT_EQ(i, static_cast<std::size_t>(m) * 120 / 6) << "copy " << m;
          EXPECT_EQ(f, m % 4) << "copy " << m;
          EXPECT_EQ(ulp_distance(a[f], b[f]), 1u);
          EXPECT_EQ(b[f] > a[f], m % 2 == 0);
        }
      }
    }
    EXPECT_EQ(changed, 1) << "copy " << m;
  }
}

TEST(ChaosHorizon, NoisyCopiesMoveOneVelocityComponentOfEveryBirdByOneUlp) {
  const State s = initialise(42, 120);
  for (int k = 0; k < kNoisyCopies; ++k) {
    const State p = nudged(s, k, 7);
    for (std::size_t i = 0; i < s.size(); ++i) {
      const double before = k == 0 ? s[i].vx : s[i].vy;
      const double after = k == 0 ? p[i].vx : p[i].vy;
      EXPECT_EQ(ulp_distance(before, after), 1u) << "bird " << i;
      EXPECT_EQ(after > before, (i + 7) % 2 == 0) << "bird " << i;
      EXPECT_EQ(p[i].x, s[i].x);
      EXPECT_EQ(p[i].y, s[i].y);
      EXPECT_EQ(k == 0 ? p[i].vy : p[i].vx, k == 0 ? s[i].vy : s[i].vx);
    }
  }
}

TEST(ChaosHorizon, AFlockWithoutForcesNeverDeparts) {
  // Weights 0,0,0: birds fly straight, a one-ulp nudge stays a one-ulp nudge.
  const RunSpec run{3, 20, Weights{0, 0, 0}, {}};
  const auto base = metrics_run(initialise(3, 20), run, 60);
  EXPECT_FALSE(chaos_horizon(run, base, 60).first_tick.has_value());
}
