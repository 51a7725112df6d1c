// The exact decision and the searches behind the band and hard-to-round
// vectors (generator/hard_cases.cpp), checked against MPFR's correctly
// rounded hypot, an independent computation of the same question.
#include "hard_cases.hpp"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <random>

namespace susurration::generator {
namespace {

double mpfr_cr_hypot(double x, double y) {
  mpfr_t a, b;
  mpfr_inits2(53, a, b, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_set_d(b, y, MPFR_RNDN);
  mpfr_hypot(a, a, b, MPFR_RNDN);
  const double h = mpfr_get_d(a, MPFR_RNDN);
  mpfr_clears(a, b, static_cast<mpfr_ptr>(nullptr));
  return h;
}

constexpr double kLimits[] = {28.0, 90.0, 270.0};

TEST(HardCases, ExactDecisionAgreesWithMpfrWithinAnUlpOfEachLimit) {
  std::mt19937_64 rng(17);
  for (const double limit : kLimits) {
    for (int k = 0; k < 20000; ++k) {
      // A delta on a ray, scaled so its length lands within a few ulps of L.
      const double angle = std::uniform_real_distribution<double>(0, 1.5)(rng);
      const double shift = std::uniform_real_distribution<double>(-3, 3)(rng) * 0x1p-52 * limit;
      const double dx = (limit + shift) * std::cos(angle);
      const double dy = (limit + shift) * std::sin(angle);
      ASSERT_EQ(below_exactly(dx, dy, limit), mpfr_cr_hypot(dx, dy) < limit) << dx << " " << dy;
    }
  }
}

TEST(HardCases, TiesAtTheMidpointRoundToTheLimit) {
  for (const double limit : kLimits) {
    const BandPair tie = tie_pair(limit, 1, 2);
    EXPECT_FALSE(tie.inside);
    EXPECT_EQ(mpfr_cr_hypot(tie.dx, tie.dy), limit);
    EXPECT_NE(tie.position.find("exactly the midpoint"), std::string::npos) << tie.position;
  }
}

TEST(HardCases, BandPairsLieOnTheirSideAndWithinAnUlpOfTheLimit) {
  const Shape diagonal{2, 3, 0.6};
  for (const double limit : {90.0}) {
    const BandPair above = band_pair(limit, diagonal, Band::above_midpoint);
    const BandPair below = band_pair(limit, diagonal, Band::below_midpoint);
    const BandPair past = band_pair(limit, diagonal, Band::above_limit);
    EXPECT_EQ(mpfr_cr_hypot(above.dx, above.dy), limit);
    EXPECT_EQ(mpfr_cr_hypot(below.dx, below.dy), std::nextafter(limit, 0.0));
    EXPECT_EQ(mpfr_cr_hypot(past.dx, past.dy), limit);
  }
}

TEST(HardCases, HardHypotLegsLieFarCloserToAMidpointThanAnyRandomInput) {
  for (int e = 4; e <= 8; ++e) {
    const HardLegs below = hard_hypot_below_midpoint(e, 0.3);
    EXPECT_LT(hypot_midpoint_distance(below.dx, below.dy), 1e-12) << below.position;
    const HardLegs above = hard_hypot_above_midpoint(e, 0.3);
    EXPECT_LT(hypot_midpoint_distance(above.dx, above.dy), 1e-4) << above.position;
    EXPECT_NE(hypot_misrounded(below.dx, below.dy), mpfr_cr_hypot(below.dx, below.dy));
  }
}

}  // namespace
}  // namespace susurration::generator
