// The clause of a wrong mean_neighbor_distance (metric_clause.cpp), told
// from the state: each engine value is worked out by hand from a known
// mistake. Birds 0 and 1 are a 3-4-5 triangle apart (nearest 5 each); bird
// 2 is at (500, 300), whose nearest is bird 1 at hypot(497, 296) = 578.47...,
// past 270, so the rule's mean is (5 + 5) / 2 = 5.
#include <gtest/gtest.h>

#include <cmath>

#include "../judge/src/check_parts.hpp"

namespace susurration::grader {
namespace {

const Json kState = Json::array({{0.0, 0.0, 2.0, 0.0}, {3.0, 4.0, 2.0, 0.0}, {500.0, 300.0, 2.0, 0.0}});

TEST(MeanDistanceClause, EveryBirdCountedIsTheMeansMistake) {
  const double far = std::sqrt(497.0 * 497.0 + 296.0 * 296.0);
  EXPECT_EQ(mean_distance_clause(kState, (5.0 + 5.0 + far) / 3), "METRIC-5");
}

TEST(MeanDistanceClause, TheSumOverAllBirdsIsTheMeansMistake) {
  EXPECT_EQ(mean_distance_clause(kState, 10.0 / 3), "METRIC-5");
}

TEST(MeanDistanceClause, NullWhereANumberIsDueIsTheMeansMistake) {
  EXPECT_EQ(mean_distance_clause(kState, nullptr), "METRIC-5");
}

TEST(MeanDistanceClause, AMeanNoAveragingMistakeGivesIsTheNearestDistances) {
  // Bird 0's nearest taken as 0 (a guard on small deltas): (0 + 5) / 2.
  EXPECT_EQ(mean_distance_clause(kState, 2.5), "METRIC-4");
}

}  // namespace
}  // namespace susurration::grader
