// The faithful libm (faithful_libm.hpp) against MPFR at 256 bits: every
// result is one of the two doubles around the true value, exact results
// are exact, hypot is symmetric, a seed is one function, seeds differ, and
// the strict comparisons of the spec come out as for the correctly rounded
// distance.
#include "faithful_libm.hpp"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace susurration::faithful {
namespace {

// A 256-bit MPFR number: enough that the true values below are never
// mistaken for a double, and that squares of doubles are exact.
class Big {
 public:
  Big() { mpfr_init2(v_, 256); }
  explicit Big(double d) : Big() { mpfr_set_d(v_, d, MPFR_RNDN); }
  ~Big() { mpfr_clear(v_); }
  Big(const Big&) = delete;
  Big& operator=(const Big&) = delete;
  mpfr_ptr get() { return v_; }

 private:
  mpfr_t v_;
};

// -1, 0 or 1 as the double r is below, equal to or above the true value.
int side(double r, mpfr_ptr truth) {
  Big d(r);
  return mpfr_cmp(d.get(), truth);
}

// r is the true value, or a double next to it with the true value strictly
// between r and its neighbour on the other side.
::testing::AssertionResult faithful_to(double r, mpfr_ptr truth) {
  const int s = side(r, truth);
  if (s == 0) {
    return ::testing::AssertionSuccess();
  }
  const double other = std::nextafter(r, s < 0 ? INFINITY : -INFINITY);
  if (side(other, truth) == -s) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << r << " is not next to the true value " << mpfr_get_d(truth, MPFR_RNDN);
}

double true_hypot(double x, double y, Big& z) {
  Big a(x), b(y);
  mpfr_hypot(z.get(), a.get(), b.get(), MPFR_RNDN);
  return mpfr_get_d(z.get(), MPFR_RNDN);
}

// Birds' deltas and velocities: what the variant's hypot sees.
std::vector<std::pair<double, double>> random_pairs(int n) {
  std::mt19937_64 g(12345);
  std::uniform_real_distribution<double> u(-500.0, 500.0);
  std::vector<std::pair<double, double>> out;
  for (int i = 0; i < n; ++i) {
    out.emplace_back(u(g), u(g) * (i % 3 == 0 ? 1e-3 : 1.0));
  }
  return out;
}

TEST(FaithfulLibm, HypotIsOneOfTheTwoDoublesAroundTheTrueValue) {
  for (const auto& [x, y] : random_pairs(2000)) {
    Big z;
    true_hypot(x, y, z);
    for (std::uint64_t seed : {0u, 1u, 99u}) {
      EXPECT_TRUE(faithful_to(faithful_hypot(x, y, seed), z.get())) << x << ", " << y;
    }
  }
}

TEST(FaithfulLibm, SinAndCosAreOneOfTheTwoDoublesAroundTheTrueValue) {
  std::mt19937_64 g(777);
  std::uniform_real_distribution<double> u(0.0, 2 * 3.141592653589793);
  for (int i = 0; i < 2000; ++i) {
    const double x = u(g) * (i % 5 == 0 ? 1e-9 : 1.0);
    Big in(x), s, c;
    mpfr_sin(s.get(), in.get(), MPFR_RNDN);
    mpfr_cos(c.get(), in.get(), MPFR_RNDN);
    for (std::uint64_t seed : {0u, 1u, 99u}) {
      EXPECT_TRUE(faithful_to(faithful_sin(x, seed), s.get())) << x;
      EXPECT_TRUE(faithful_to(faithful_cos(x, seed), c.get())) << x;
    }
  }
}

TEST(FaithfulLibm, ExactResultsStayExact) {
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    EXPECT_EQ(faithful_hypot(3, 4, seed), 5);
    EXPECT_EQ(faithful_hypot(-5, 12, seed), 13);
    EXPECT_EQ(faithful_hypot(54, 72, seed), 90);  // a neighbour at exactly 90 (STEP-2)
    EXPECT_EQ(faithful_hypot(0x1.8p-1000, 0x1p-999, seed), 0x1.4p-999);  // 3-4-5, tiny
    EXPECT_EQ(faithful_hypot(28, 0, seed), 28);
    EXPECT_EQ(faithful_hypot(0, -270, seed), 270);
    EXPECT_EQ(faithful_hypot(0.1, 0, seed), 0.1);
    EXPECT_EQ(faithful_hypot(0, 0, seed), 0);
    EXPECT_FALSE(std::signbit(faithful_hypot(-0.0, -0.0, seed)));
    EXPECT_EQ(faithful_sin(0, seed), 0);
    EXPECT_TRUE(std::signbit(faithful_sin(-0.0, seed)));
    EXPECT_EQ(faithful_cos(0, seed), 1);
    EXPECT_EQ(faithful_cos(-0.0, seed), 1);
  }
}

TEST(FaithfulLibm, SpecialValuesFollowIeee754) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(faithful_hypot(-inf, nan, 1), inf);
  EXPECT_EQ(faithful_hypot(nan, inf, 1), inf);
  EXPECT_TRUE(std::isnan(faithful_hypot(nan, 1, 1)));
  EXPECT_TRUE(std::isnan(faithful_sin(inf, 1)));
  EXPECT_TRUE(std::isnan(faithful_cos(nan, 1)));
  // Past DBL_MAX the two candidates are DBL_MAX and +inf.
  const double big = faithful_hypot(1.5e308, 1.5e308, 1);
  EXPECT_TRUE(big == inf || big == std::numeric_limits<double>::max());
}

TEST(FaithfulLibm, HypotDependsOnlyOnTheMagnitudesInEitherOrder) {
  for (const auto& [x, y] : random_pairs(2000)) {
    for (std::uint64_t seed : {3u, 4u}) {
      const double h = faithful_hypot(x, y, seed);
      EXPECT_EQ(faithful_hypot(y, x, seed), h);
      EXPECT_EQ(faithful_hypot(-x, y, seed), h);
      EXPECT_EQ(faithful_hypot(x, -y, seed), h);
      EXPECT_EQ(faithful_hypot(-y, -x, seed), h);
    }
  }
}

TEST(FaithfulLibm, ASeedIsOneFunction) {
  for (const auto& [x, y] : random_pairs(500)) {
    EXPECT_EQ(faithful_hypot(x, y, 5), faithful_hypot(x, y, 5));
    EXPECT_EQ(faithful_sin(x, 5), faithful_sin(x, 5));
    EXPECT_EQ(faithful_cos(y, 5), faithful_cos(y, 5));
  }
}

// Counted over inexact results only, against MPFR's correct rounding: a
// seed that always rounded correctly, or always up, would not be a libm
// worth testing with.
TEST(FaithfulLibm, EachSeedTakesBothSidesAndSeedsChooseDifferently) {
  int inexact = 0, not_nearest = 0, seeds_differ = 0, sin_differ = 0;
  for (const auto& [x, y] : random_pairs(4000)) {
    Big z;
    const double nearest = true_hypot(x, y, z);
    if (side(nearest, z.get()) == 0) {
      continue;
    }
    ++inexact;
    const double one = faithful_hypot(x, y, 1);
    not_nearest += one != nearest ? 1 : 0;
    seeds_differ += one != faithful_hypot(x, y, 2) ? 1 : 0;
    sin_differ += faithful_sin(x, 1) != faithful_sin(x, 2) ? 1 : 0;
  }
  ASSERT_GT(inexact, 3900);
  // Fair coins: 4000 flips stay within 0.4 to 0.6 except with odds of 1e-36.
  EXPECT_GT(not_nearest, 0.4 * inexact);
  EXPECT_LT(not_nearest, 0.6 * inexact);
  EXPECT_GT(seeds_differ, 0.4 * inexact);
  EXPECT_LT(seeds_differ, 0.6 * inexact);
  EXPECT_GT(sin_differ, 0.4 * inexact);
  EXPECT_LT(sin_differ, 0.6 * inexact);
}

// The exact decision of PROTOCOL.md: RN(sqrt(S)) < L, that is
// S = dx^2 + dy^2 < (L - u/2)^2 with u the gap below L (a tie rounds to L,
// whose last bit is even for 28, 90 and 270). All exact at 256 bits.
bool exactly_below(double dx, double dy, double limit) {
  Big a(dx), b(dy), s, m;
  mpfr_sqr(a.get(), a.get(), MPFR_RNDN);
  mpfr_sqr(b.get(), b.get(), MPFR_RNDN);
  mpfr_add(s.get(), a.get(), b.get(), MPFR_RNDN);
  const double u = limit - std::nextafter(limit, 0.0);
  mpfr_set_d(m.get(), limit, MPFR_RNDN);
  mpfr_sub_d(m.get(), m.get(), u / 2, MPFR_RNDN);
  mpfr_sqr(m.get(), m.get(), MPFR_RNDN);
  return mpfr_cmp(s.get(), m.get()) < 0;
}

// Deltas whose true length lies within a few ulps of each limit, on both
// sides, at many angles: where a faithful hypot could flip a comparison.
std::vector<std::pair<double, double>> near_limit(double limit) {
  std::vector<std::pair<double, double>> out;
  for (int k = 1; k < 400; ++k) {
    const double angle = k * 0.0039;
    const double dx = limit * std::cos(angle);
    const double dy = limit * std::sin(angle);
    for (int step = -6; step <= 6; ++step) {
      double x = dx;
      for (int i = 0; i < std::abs(step); ++i) {
        x = std::nextafter(x, step > 0 ? INFINITY : 0.0);
      }
      out.emplace_back(x, dy);
    }
  }
  return out;
}

TEST(FaithfulLibm, StrictComparisonsAt28And90And270AreDecidedExactly) {
  for (const double limit : kStrictLimits) {
    int above_free = 0, above = 0, below = 0, below_free = 0;
    for (const auto& [dx, dy] : near_limit(limit)) {
      const bool expected = exactly_below(dx, dy, limit);
      Big z;
      const double nearest = true_hypot(dx, dy, z);
      for (std::uint64_t seed = 0; seed < 8; ++seed) {
        const double d = faithful_hypot(dx, dy, seed);
        ASSERT_EQ(d < limit, expected) << dx << ", " << dy << " against " << limit;
        ASSERT_TRUE(d > 0);
        // Away from the one gap below the limit the choice stays free.
        if (mpfr_cmp_d(z.get(), limit) > 0) {
          ++above;
          above_free += d != nearest ? 1 : 0;
        } else if (nearest < std::nextafter(limit, 0.0)) {
          ++below;
          below_free += d != nearest ? 1 : 0;
        }
      }
    }
    EXPECT_GT(above_free, 0.3 * above) << limit;
    EXPECT_GT(below_free, 0.3 * below) << limit;
  }
}

TEST(FaithfulLibm, APositiveDistanceNeverComesOutZero) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    EXPECT_EQ(faithful_hypot(tiny, 0, seed), tiny);
    EXPECT_GT(faithful_hypot(tiny, tiny, seed), 0);  // sqrt(2) units: 1 or 2
    EXPECT_GT(faithful_hypot(tiny, -tiny / 2, seed), 0);
  }
}

}  // namespace
}  // namespace susurration::faithful
