// Tests the agreement rules (spec/tolerance.md TOL-1, TOL-3, TOL-4).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "susurration/tolerance.hpp"

using namespace susurration;

TEST(Tolerance, EqualValuesAgreeIncludingZero) {
  EXPECT_TRUE(within_relative_tolerance(0.0, 0.0));
  EXPECT_TRUE(within_relative_tolerance(0.0, -0.0));
  EXPECT_TRUE(within_relative_tolerance(42.5, 42.5));
  EXPECT_FALSE(within_relative_tolerance(0.0, 1e-300));
}

TEST(Tolerance, TheBoundIsRelativeToTheLargerMagnitude) {
  // |1000 - 999| = 1 <= 1e-3 * 1000 = 1: agree, at the edge.
  EXPECT_TRUE(within_relative_tolerance(1000.0, 999.0));
  EXPECT_TRUE(within_relative_tolerance(999.0, 1000.0));
  EXPECT_FALSE(within_relative_tolerance(1000.0, 998.999));
  EXPECT_TRUE(within_relative_tolerance(0.5, 0.5004));
  EXPECT_FALSE(within_relative_tolerance(0.5, 0.5006));
}

TEST(Tolerance, NaNAgreesWithNothing) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(within_relative_tolerance(nan, nan));
  EXPECT_FALSE(within_relative_tolerance(nan, 1.0));
  EXPECT_EQ(compare_metrics({nan, 1, 2.0}, {nan, 1, 2.0}), Agreement::mismatch);
}

TEST(Tolerance, ClusterCountMustBeEqualAndNullOnlyMeetsNull) {
  EXPECT_EQ(compare_metrics({0.5, 3, 40.0}, {0.5, 3, 40.0}), Agreement::exact);
  EXPECT_EQ(compare_metrics({0.5, 3, 40.0}, {0.5001, 3, 40.01}), Agreement::within_tolerance);
  EXPECT_EQ(compare_metrics({0.5, 3, 40.0}, {0.5, 4, 40.0}), Agreement::mismatch);
  EXPECT_EQ(compare_metrics({0.5, 3, std::nullopt}, {0.5, 3, std::nullopt}), Agreement::exact);
  EXPECT_EQ(compare_metrics({0.5, 3, std::nullopt}, {0.5, 3, 40.0}), Agreement::mismatch);
  EXPECT_EQ(compare_metrics({0.5, 3, 40.0}, {0.5, 3, std::nullopt}), Agreement::mismatch);
  EXPECT_EQ(compare_metrics({0.0, 3, 40.0}, {-0.0, 3, 40.0}), Agreement::within_tolerance);
}

TEST(Tolerance, UlpDistanceCountsRepresentableSteps) {
  EXPECT_EQ(ulp_distance(1.0, 1.0), 0u);
  EXPECT_EQ(ulp_distance(1.0, std::nextafter(1.0, 2.0)), 1u);
  EXPECT_EQ(ulp_distance(std::nextafter(1.0, 0.0), std::nextafter(1.0, 2.0)), 2u);
  EXPECT_EQ(ulp_distance(0.0, -0.0), 1u);
  EXPECT_EQ(ulp_distance(-std::numeric_limits<double>::denorm_min(),
                         std::numeric_limits<double>::denorm_min()),
            3u);
  EXPECT_FALSE(ulp_distance(std::nan(""), 1.0).has_value());
}
