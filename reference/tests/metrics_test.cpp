// Tests the three metrics (spec/metrics.md METRIC-2..5) on hand-built states.
#include <gtest/gtest.h>

#include <cmath>

#include "susurration/metrics.hpp"

using namespace susurration;

TEST(Polarization, AnAlignedFlockIsExactlyOne) {
  EXPECT_EQ(polarization({{10, 10, 2, 0}, {500, 300, 3.5, 0}, {900, 50, 1.6, 0}}), 1.0);
  EXPECT_EQ(polarization({{10, 10, 0, -2}, {20, 10, 0, -4.2}}), 1.0);
  // Diagonal units are rounded: within an ulp of one.
  EXPECT_NEAR(polarization({{10, 10, 2, 2}, {20, 10, 3, 3}}), 1.0, 2.3e-16);
}

TEST(Polarization, IsTheLengthOfTheMeanUnitVelocity) {
  // Units (1,0) and (0,1): mean (0.5, 0.5), length sqrt(0.5) rounded.
  EXPECT_EQ(polarization({{10, 10, 2, 0}, {20, 10, 0, 3}}), 0.7071067811865476);
  EXPECT_EQ(polarization({{10, 10, 2, 0}, {20, 10, -3, 0}}), 0.0);
  // Units (1,0), (1,0), (0,1): mean (2/3, 1/3).
  // The value is CPython's correctly rounded math.hypot(2/3, 1/3).
  EXPECT_EQ(polarization({{1, 1, 2, 0}, {2, 1, 4, 0}, {3, 1, 0, 2}}), 0.7453559924999299);
}

TEST(ClusterCount, AnEdgeAtExactly90IsNoEdge) {
  EXPECT_EQ(cluster_count({{100, 100, 2, 0}, {190, 100, 2, 0}}), 2);
  EXPECT_EQ(cluster_count({{100, 100, 2, 0}, {154, 172, 2, 0}}), 2);
  EXPECT_EQ(cluster_count({{100, 100, 2, 0}, {std::nextafter(190.0, 0.0), 100, 2, 0}}), 1);
}

TEST(ClusterCount, ChainsJoinAcrossTheSeam) {
  // 880 -- 950 -- (seam) -- 10: one chain of edges 70 and 60; 500 alone.
  const State s = {{10, 300, 2, 0}, {500, 300, 2, 0}, {950, 300, 2, 0}, {880, 300, 2, 0}};
  EXPECT_EQ(cluster_count(s), 2);
  EXPECT_EQ(cluster_count({{500, 5, 2, 0}, {500, 595, 2, 0}}), 1);
  EXPECT_EQ(cluster_count({{1, 1, 2, 0}}), 1);
}

TEST(MeanNeighborDistance, ANearestNeighbourAtExactly270IsLeftOut) {
  EXPECT_FALSE(mean_neighbor_distance({{100, 100, 2, 0}, {370, 100, 2, 0}}).has_value());
  const auto just_in = mean_neighbor_distance({{100, 100, 2, 0}, {std::nextafter(370.0, 0.0), 100, 2, 0}});
  ASSERT_TRUE(just_in.has_value());
  EXPECT_EQ(*just_in, 270.0 - std::ldexp(1.0, -44));
  // Two pairs: 10 apart and 270 apart from everything else on one axis.
  const State s = {{100, 100, 2, 0}, {110, 100, 2, 0}, {100, 400, 2, 0}, {380, 400, 2, 0}};
  // Birds 2 and 3: nearest is 280 and 280: left out. Birds 0, 1: 10 each.
  EXPECT_EQ(*mean_neighbor_distance(s), 10.0);
}

TEST(MeanNeighborDistance, IsNullWhenEveryBirdIsIsolated) {
  const State far = {{0, 0, 2, 0}, {500, 0, 2, 0}, {0, 300, 2, 0}, {500, 300, 2, 0}};
  EXPECT_FALSE(mean_neighbor_distance(far).has_value());
  EXPECT_FALSE(mean_neighbor_distance({{1, 1, 2, 0}}).has_value());
  EXPECT_EQ(cluster_count(far), 4);
}

TEST(MeanNeighborDistance, CoincidentBirdsHaveDistanceZero) {
  const State s = {{100, 100, 2, 0}, {100, 100, 0, 2}, {400, 400, 2, 0}};
  EXPECT_EQ(*mean_neighbor_distance(s), 0.0);
  EXPECT_EQ(cluster_count(s), 2);
  // A third bird 30 away: nearest distances 0, 0, 30 -> mean 10.
  EXPECT_EQ(*mean_neighbor_distance({{100, 100, 2, 0}, {100, 100, 0, 2}, {130, 100, 2, 0}}), 10.0);
}
