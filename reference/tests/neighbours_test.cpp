// Tests the grid neighbour query (spec/determinism.md DET-4): same candidates' order, same world, less work.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "susurration/init.hpp"
#include "susurration/neighbours.hpp"
#include "susurration/serialise.hpp"
#include "susurration/step.hpp"
#include "susurration/torus.hpp"

using namespace susurration;

namespace {

// A state with birds on cell edges, on the seam and at the field size.
State edge_state() {
  State s = initialise(9, 200);
  const double xs[] = {0.0, 1000.0, 1000.0 / 11, 2000.0 / 11, 999.999, 90.0, 909.09};
  const double ys[] = {0.0, 600.0, 100.0, 599.999, 300.0, 500.0, 200.0};
  for (double x : xs) {
    for (double y : ys) {
      s.push_back({x, y, 2, 0});
    }
  }
  return s;
}

}  // namespace

TEST(Grid, PositionsEqualToTheSizeFallInTheFirstCell) {
  EXPECT_EQ(grid_column(1000.0), 0);
  EXPECT_EQ(grid_row(600.0), 0);
  EXPECT_EQ(grid_column(0.0), 0);
  EXPECT_EQ(grid_column(999.999), 10);
  EXPECT_EQ(grid_row(599.999), 5);
}

TEST(Grid, CandidatesCoverEveryNeighbourInIndexOrder) {
  for (const State& s : {edge_state(), initialise(42, 400), initialise(3, 10)}) {
    const Grid grid(s);
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < s.size(); ++i) {
      grid.candidates(i, out);
      for (std::size_t k = 1; k < out.size(); ++k) {
        ASSERT_LT(out[k - 1], out[k]);
      }
      for (std::size_t j = 0; j < s.size(); ++j) {
        const bool listed = std::find(out.begin(), out.end(), j) != out.end();
        if (j == i) {
          ASSERT_FALSE(listed);
        } else if (torus_distance(torus_delta(s[i], s[j])) < 90) {
          ASSERT_TRUE(listed) << "bird " << j << " is a neighbour of " << i;
        }
      }
    }
  }
}

TEST(Grid, GridQueryMakesTheSameWorldAsTheScan) {
  struct Case {
    std::uint32_t seed;
    Weights w;
  };
  for (const Case& c : {Case{42, {1, 1, 1}}, Case{7, {0.3, 0.9, 0.1}}, Case{123456789, {1, 0, 1}},
                        Case{4294967295u, {0.05, 0.5, 1}}}) {
    State scan = initialise(c.seed, 400);
    State grid = scan;
    for (int tick = 1; tick <= 300; ++tick) {
      scan = step(scan, c.w, Query::scan);
      grid = step(grid, c.w, Query::grid);
      ASSERT_EQ(state_hash(scan), state_hash(grid)) << "seed " << c.seed << " tick " << tick;
    }
    std::printf("seed %u after 300 ticks: scan %s grid %s\n", c.seed, hex64(state_hash(scan)).c_str(),
                hex64(state_hash(grid)).c_str());
    EXPECT_EQ(scan, grid);
  }
}

TEST(Grid, CountsFewerDistanceTestsThanTheScan) {
  State s = initialise(42, 400);
  for (int tick = 0; tick < 50; ++tick) {
    Counters scan;
    Counters grid;
    const State a = step(s, Weights{}, Query::scan, &scan);
    step(s, Weights{}, Query::grid, &grid);
    EXPECT_EQ(scan.distance_tests, 400u * 399u);
    EXPECT_EQ(scan.neighbour_pairs, grid.neighbour_pairs);
    EXPECT_LT(grid.distance_tests, scan.distance_tests);
    if (tick % 10 == 0) {
      std::printf("tick %d: scan %llu tests, grid %llu tests, %llu pairs within 90\n", tick,
                  static_cast<unsigned long long>(scan.distance_tests),
                  static_cast<unsigned long long>(grid.distance_tests),
                  static_cast<unsigned long long>(scan.neighbour_pairs));
    }
    s = a;
  }
}
