// The comparison classes of spec/tolerance.md TOL-4, on hand-made values.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "susurration/grader/compare.hpp"

namespace susurration::grader {
namespace {

const Json kExact = {{"class", "exact"}};
const Json kTwoUlps = {{"class", "ulps"}, {"max_ulps", 2}};
const Json kStep = {{"class", "step"}, {"abs", 1e-9}};

double up(double x, int n) {
  for (int k = 0; k < n; ++k) x = std::nextafter(x, std::numeric_limits<double>::infinity());
  return x;
}

Json state(double x, double y, double vx, double vy) { return {{"state", {{1.0, 2.0, 3.0, 4.0}, {x, y, vx, vy}}}}; }

TEST(Compare, ExactClassSeesOneUlp) {
  const Comparison c = compare_values(kExact, {{"delta", 0.1}}, {{"delta", up(0.1, 1)}});
  EXPECT_FALSE(c.exact);
  EXPECT_FALSE(c.within);
  ASSERT_TRUE(c.first_off);
  EXPECT_EQ(c.first_off->field, "delta");
  EXPECT_EQ(*c.first_off->ulps, 1.0);
}

TEST(Compare, IntegerAndFloatOfOneValueAreTheSameNumber) {
  // PROTOCOL.md: 102 and 102.0 are the same number.
  EXPECT_TRUE(compare_values(kExact, {{"delta", 102.0}}, {{"delta", 102}}).exact);
}

TEST(Compare, NegativeZeroIsOtherBitsButOneUlpAway) {
  const Comparison exact = compare_values(kExact, {{"delta", 0.0}}, {{"delta", -0.0}});
  EXPECT_FALSE(exact.within);
  const Comparison ulps = compare_values(kTwoUlps, {{"delta", 0.0}}, {{"delta", -0.0}});
  EXPECT_TRUE(ulps.within);
  EXPECT_FALSE(ulps.exact);
}

TEST(Compare, UlpsClassAllowsExactlyMaxUlps) {
  EXPECT_TRUE(compare_values(kTwoUlps, {{"d", 90.0}}, {{"d", up(90.0, 2)}}).within);
  EXPECT_FALSE(compare_values(kTwoUlps, {{"d", 90.0}}, {{"d", up(90.0, 3)}}).within);
}

TEST(Compare, IntegersAreExactInEveryClass) {
  EXPECT_FALSE(compare_values(kTwoUlps, {{"u32", {7}}}, {{"u32", {8}}}).within);
}

TEST(Compare, WorstInexactIsTheValueFarthestInUlpsNotTheFirst) {
  // One ulp off at bird 0's vx, two at bird 1's vy: the first inexact value
  // and the worst are different places (counted by hand with nextafter).
  const Comparison c = compare_values(kTwoUlps, {{"state", {{1.0, 2.0, 3.0, 4.0}, {5.0, 6.0, 7.0, 8.0}}}},
                                      {{"state", {{1.0, 2.0, up(3.0, 1), 4.0}, {5.0, 6.0, 7.0, up(8.0, 2)}}}});
  EXPECT_TRUE(c.within);
  EXPECT_FALSE(c.exact);
  ASSERT_TRUE(c.first_inexact && c.worst_inexact);
  EXPECT_EQ(c.first_inexact->path, ".state[0][2]");
  EXPECT_EQ(c.worst_inexact->path, ".state[1][3]");
  EXPECT_EQ(*c.worst_inexact->ulps, 2.0);
}

TEST(Compare, WorstInexactOfATrajectoryNamesItsTick) {
  const Json expected = {{"polarization", {0.5, 0.25, 0.125}},
                         {"cluster_count", {1, 1, 1}},
                         {"mean_neighbor_distance", {10.0, 10.0, 10.0}}};
  Json actual = expected;
  actual["polarization"][0] = up(0.5, 1);
  actual["polarization"][2] = up(0.125, 5);
  const Comparison c = compare_trajectory(1e-3, 200, expected, actual);
  ASSERT_TRUE(c.worst_inexact);
  EXPECT_EQ(*c.worst_inexact->tick, 2);
  EXPECT_EQ(*c.worst_inexact->ulps, 5.0);
  EXPECT_EQ(*c.first_inexact->tick, 0);
}

TEST(Compare, FirstDifferenceNamesBirdAndField) {
  const Comparison c = compare_values(kExact, state(5, 6, 7, 8), state(5, 6, 7, 8.5));
  ASSERT_TRUE(c.first_off);
  EXPECT_EQ(*c.first_off->bird, 1);
  EXPECT_EQ(c.first_off->field, "vy");
  EXPECT_EQ(c.first_off->path, ".state[1][3]");
}

TEST(Compare, DescribeWritesExpectedAndActualAlike) {
  // An engine may write -500 for -500.0 (PROTOCOL.md, Numbers); the report
  // must not show "expected 500.0, got -500" as if the types differed.
  const Comparison c = compare_values(kExact, {{"delta", 500.0}}, {{"delta", -500}});
  ASSERT_TRUE(c.first_off);
  EXPECT_NE(describe(*c.first_off).find("expected 500.0, got -500.0 ("), std::string::npos);
  const Comparison ints = compare_values(kExact, {{"u32", {7}}}, {{"u32", {8}}});
  ASSERT_TRUE(ints.first_off);
  EXPECT_NE(describe(*ints.first_off).find("expected 7, got 8"), std::string::npos);
}

TEST(Compare, StepClassMeasuresPositionsAlongTheTorus) {
  // 999.9999999999 and 0.0 are 1e-10 apart across the seam (FIELD-3).
  EXPECT_TRUE(compare_values(kStep, state(0.0, 5, 1, 1), state(999.99999999990, 5, 1, 1)).within);
  EXPECT_TRUE(compare_values(kStep, state(5, 600.0, 1, 1), state(5, 1e-10, 1, 1)).within);
  EXPECT_FALSE(compare_values(kStep, state(0.0, 5, 1, 1), state(999.9999, 5, 1, 1)).within);
}

TEST(Compare, StepClassPositionOffTheFieldIsNeverWithin) {
  // x + 1000 is the same place modulo the torus, and 1e300 once measured as
  // min(d, size - d) < 0: neither is a position of FIELD-2 (issue 23).
  EXPECT_FALSE(compare_values(kStep, state(5, 5, 1, 1), state(1005, 5, 1, 1)).within);
  EXPECT_FALSE(compare_values(kStep, state(5, 5, 1, 1), state(1e300, 5, 1, 1)).within);
  EXPECT_FALSE(compare_values(kStep, state(5, 5, 1, 1), state(5, -1e300, 1, 1)).within);
  EXPECT_FALSE(compare_values(kStep, state(5, 5, 1, 1), state(5, -600, 1, 1)).within);
  // The closed ends of FIELD-2 are positions: 1000 and 0 are one place.
  EXPECT_TRUE(compare_values(kStep, state(0.0, 600.0, 1, 1), state(1000.0, 0.0, 1, 1)).within);
}

TEST(Compare, StepClassVelocitiesAreNotWrapped) {
  EXPECT_TRUE(compare_values(kStep, state(1, 1, 2.0, 1), state(1, 1, 2.0 + 5e-10, 1)).within);
  EXPECT_FALSE(compare_values(kStep, state(1, 1, 2.0, 1), state(1, 1, 2.0 + 2e-9, 1)).within);
}

TEST(Compare, ArraysOfAnotherLengthDiffer) {
  const Comparison c = compare_values(kExact, {{"u32", {1, 2}}}, {{"u32", {1}}});
  ASSERT_TRUE(c.first_off);
  EXPECT_EQ(c.first_off->field, "length");
}

Json columns(std::vector<double> p, std::vector<int> k, Json m) {
  return {{"polarization", p}, {"cluster_count", k}, {"mean_neighbor_distance", m}};
}

TEST(Compare, TrajectoryAllowsTheRelativeToleranceOfTol1) {
  const Json e = columns({0.5, 0.5}, {2, 2}, {10.0, 10.0});
  EXPECT_TRUE(compare_trajectory(1e-3, 200, e, columns({0.5, 0.5004}, {2, 2}, {10.0, 10.009})).within);
  const Comparison off = compare_trajectory(1e-3, 200, e, columns({0.5, 0.5006}, {2, 2}, {10.0, 10.0}));
  ASSERT_TRUE(off.first_off);
  EXPECT_EQ(*off.first_off->tick, 1);
  EXPECT_EQ(off.first_off->field, "polarization");
}

TEST(Compare, TrajectoryClusterCountMustBeEqualAndNullOnlyMeetsNull) {
  const Json e = columns({0.5}, {2}, {nullptr});
  EXPECT_FALSE(compare_trajectory(1e-3, 200, e, columns({0.5}, {3}, {nullptr})).within);
  EXPECT_FALSE(compare_trajectory(1e-3, 200, e, columns({0.5}, {2}, {0.0})).within);
  EXPECT_TRUE(compare_trajectory(1e-3, 200, e, columns({0.5}, {2}, {nullptr})).exact);
}

TEST(Compare, TrajectoryTicksPastTheWindowAreNeverOff) {
  const Json e = columns({0.5, 0.5, 0.5}, {2, 2, 2}, {1.0, 1.0, 1.0});
  const Comparison c = compare_trajectory(1e-3, 1, e, columns({0.5, 0.5, 0.9}, {2, 2, 2}, {1.0, 1.0, 1.0}));
  EXPECT_TRUE(c.within);
  EXPECT_FALSE(c.exact);
  EXPECT_EQ(*c.first_inexact->tick, 2);
}

}  // namespace
}  // namespace susurration::grader
