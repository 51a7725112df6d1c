// Tests torus deltas, distances and the wrap (spec/field.md FIELD-2..5).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <mpfr.h>

#include "susurration/torus.hpp"

using namespace susurration;

TEST(TorusDelta, ExactlyPlusHalfTheFieldIsNotWrapped) {
  EXPECT_EQ(torus_delta(0.0, 500.0, 1000.0), 500.0);
  EXPECT_EQ(torus_delta(250.0, 750.0, 1000.0), 500.0);
  EXPECT_EQ(torus_delta(0.0, 300.0, 600.0), 300.0);
  EXPECT_EQ(torus_delta(100.0, 400.0, 600.0), 300.0);
}

TEST(TorusDelta, ExactlyMinusHalfTheFieldIsNotWrapped) {
  EXPECT_EQ(torus_delta(500.0, 0.0, 1000.0), -500.0);
  EXPECT_EQ(torus_delta(1000.0, 500.0, 1000.0), -500.0);
  EXPECT_EQ(torus_delta(300.0, 0.0, 600.0), -300.0);
  EXPECT_EQ(torus_delta(600.0, 300.0, 600.0), -300.0);
}

TEST(TorusDelta, JustPastHalfTheFieldIsWrapped) {
  const double above = std::nextafter(750.0, 1000.0);
  EXPECT_EQ(torus_delta(250.0, above, 1000.0), (above - 250.0) - 1000.0);
  EXPECT_LT(torus_delta(250.0, above, 1000.0), 0.0);
  EXPECT_EQ(torus_delta(0.0, 500.5, 1000.0), -499.5);
  EXPECT_EQ(torus_delta(500.5, 0.0, 1000.0), 499.5);
  EXPECT_EQ(torus_delta(0.0, 300.25, 600.0), -299.75);
  EXPECT_EQ(torus_delta(300.25, 0.0, 600.0), 299.75);
  // Just below half: left alone.
  EXPECT_EQ(torus_delta(0.0, 499.5, 1000.0), 499.5);
}

TEST(TorusDelta, PairsAcrossTheSeamAreClose) {
  EXPECT_EQ(torus_delta(995.0, 5.0, 1000.0), 10.0);
  EXPECT_EQ(torus_delta(5.0, 995.0, 1000.0), -10.0);
  EXPECT_EQ(torus_delta(2.0, 598.0, 600.0), -4.0);
  // 0 and the size are the same place.
  EXPECT_EQ(torus_delta(0.0, 1000.0, 1000.0), 0.0);
  EXPECT_EQ(torus_delta(600.0, 0.0, 600.0), 0.0);
  EXPECT_EQ(torus_delta(7.0, 7.0, 1000.0), 0.0);
}

TEST(TorusDistance, IsTheCorrectlyRoundedHypotOfTheDeltas) {
  EXPECT_EQ(torus_distance({54.0, 72.0}), 90.0);  // 3-4-5 scaled: exactly 90
  EXPECT_EQ(torus_distance(torus_delta(Bird{990, 590, 0, 0}, Bird{20, 30, 0, 0})), 50.0);
  // Against MPFR on deltas whose hypot is not exact.
  mpfr_t a, b, r;
  mpfr_inits2(53, a, b, r, static_cast<mpfr_ptr>(nullptr));
  for (double dx : {1.0, 0.1, 33.3, -89.99, 499.0}) {
    for (double dy : {0.7, -2.2, 299.9, 17.0}) {
      mpfr_set_d(a, dx, MPFR_RNDN);
      mpfr_set_d(b, dy, MPFR_RNDN);
      mpfr_hypot(r, a, b, MPFR_RNDN);
      EXPECT_EQ(torus_distance({dx, dy}), mpfr_get_d(r, MPFR_RNDN)) << dx << "," << dy;
    }
  }
  mpfr_clears(a, b, r, static_cast<mpfr_ptr>(nullptr));
}

TEST(Wrap, TinyNegativeWrapsToExactlyTheSize) {
  const double tiny = -std::ldexp(1.0, -54);
  EXPECT_EQ(wrap_coordinate(tiny, 1000.0), 1000.0);
  EXPECT_EQ(wrap_coordinate(tiny, 600.0), 600.0);
  EXPECT_EQ(wrap_coordinate(-1e-14, 1000.0), 1000.0);
}

TEST(Wrap, CorrectsOnlyOnce) {
  EXPECT_EQ(wrap_coordinate(1000.0, 1000.0), 0.0);
  EXPECT_EQ(wrap_coordinate(1003.5, 1000.0), 3.5);
  EXPECT_EQ(wrap_coordinate(-3.5, 1000.0), 996.5);
  EXPECT_EQ(wrap_coordinate(999.5, 1000.0), 999.5);
  EXPECT_EQ(wrap_coordinate(0.0, 600.0), 0.0);
  // The size itself is legal once reached from below zero (FIELD-2): a second
  // pass of the rule would move it, the single correction does not run twice.
  EXPECT_EQ(wrap_coordinate(-std::ldexp(1.0, -54), 1000.0), 1000.0);
}
