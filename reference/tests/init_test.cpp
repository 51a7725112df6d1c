// Tests initialisation (spec/prng-and-init.md INIT-1..3, spec/state.md STATE-3) against a draw-by-draw recomputation with MPFR.
#include <gtest/gtest.h>

#include <cmath>
#include <mpfr.h>

#include "susurration/init.hpp"
#include "susurration/prng.hpp"

using namespace susurration;

namespace {

// sin or cos of `angle` rounded to nearest, straight from MPFR.
double mpfr_trig(double angle, bool cosine) {
  mpfr_t a, r;
  mpfr_inits2(53, a, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, angle, MPFR_RNDN);
  if (cosine) {
    mpfr_cos(r, a, MPFR_RNDN);
  } else {
    mpfr_sin(r, a, MPFR_RNDN);
  }
  const double v = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, r, static_cast<mpfr_ptr>(nullptr));
  return v;
}

}  // namespace

TEST(Initialise, DrawsXYAngleSpeedPerBirdInOrder) {
  const State s = initialise(42, 10);
  ASSERT_EQ(s.size(), 10u);
  // The spec's own first values for seed 42: bird 0 takes draws 1..4.
  EXPECT_EQ(s[0].x, 0.6011037519201636 * 1000);
  EXPECT_EQ(s[0].y, 0.44829055899754167 * 600);
  // Bird 1 starts at the fifth draw.
  EXPECT_EQ(s[1].x, 0.17481389874592423 * 1000);
  EXPECT_EQ(s[1].y, 0.5265925421845168 * 600);
  EXPECT_EQ(s[2].x, 0.8654746483080089 * 1000);
  // Every bird, every field, draw by draw.
  Mulberry32 rng(42);
  for (const Bird& b : s) {
    EXPECT_EQ(b.x, rng.next() * 1000.0);
    EXPECT_EQ(b.y, rng.next() * 600.0);
    const double angle = (rng.next() * 2.0) * 3.141592653589793;
    const double speed = 1.6 + rng.next() * 2.6;
    EXPECT_EQ(b.vx, speed * mpfr_trig(angle, true));
    EXPECT_EQ(b.vy, speed * mpfr_trig(angle, false));
  }
}

TEST(Initialise, UsesCorrectlyRoundedSinAndCos) {
  // Many seeds: a libm sin/cos would differ from MPFR on a fraction of them.
  for (std::uint32_t seed = 0; seed < 200; ++seed) {
    Mulberry32 rng(seed);
    for (const Bird& b : initialise(seed, 400)) {
      rng.next();
      rng.next();
      const double angle = rng.next() * 2 * 3.141592653589793;
      const double speed = 1.6 + rng.next() * (4.2 - 1.6);
      ASSERT_EQ(b.vx, speed * mpfr_trig(angle, true)) << "seed " << seed;
      ASSERT_EQ(b.vy, speed * mpfr_trig(angle, false)) << "seed " << seed;
    }
  }
}

TEST(Initialise, SpeedsStartInsideTheClamp) {
  for (std::uint32_t seed : {0u, 1u, 42u, 4294967295u}) {
    for (const Bird& b : initialise(seed, 400)) {
      const double s = std::hypot(b.vx, b.vy);
      EXPECT_GE(s, 1.6 * (1 - 1e-15));
      EXPECT_LE(s, 4.2 * (1 + 1e-15));
      EXPECT_GE(b.x, 0.0);
      EXPECT_LT(b.x, 1000.0);
      EXPECT_GE(b.y, 0.0);
      EXPECT_LT(b.y, 600.0);
    }
  }
}
