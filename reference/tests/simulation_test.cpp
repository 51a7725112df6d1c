// Tests runs with weight schedules (WEIGHTS-3, METRIC-1) and the snapshot lock (DET-5).
#include <gtest/gtest.h>

#include <cstdio>

#include "susurration/init.hpp"
#include "susurration/inputs.hpp"
#include "susurration/serialise.hpp"
#include "susurration/simulation.hpp"
#include "susurration/step.hpp"

using namespace susurration;

TEST(Schedule, AChangeAtTickTFirstActsOnTheStepToTickTPlusOne) {
  const Weights first{1, 1, 1};
  const Weights second{0.2, 0.7, 0.4};
  Simulation sim(5, 50, first, {{5, second}}, Query::scan);
  State by_hand = initialise(5, 50);
  for (int tick = 0; tick < 10; ++tick) {
    by_hand = step(by_hand, tick < 5 ? first : second);
    sim.advance();
    ASSERT_EQ(sim.state(), by_hand) << "after the step to tick " << tick + 1;
  }
  EXPECT_EQ(weights_at(first, {{5, second}}, 4), first);
  EXPECT_EQ(weights_at(first, {{5, second}}, 5), second);
  EXPECT_EQ(weights_at(first, {{0, second}}, 0), second);
  EXPECT_EQ(weights_at(first, {{2, second}, {3, first}}, 2), second);
  EXPECT_EQ(weights_at(first, {{2, second}, {3, first}}, 3), first);
}

TEST(Simulation, TickZeroIsTheInitialState) {
  const Simulation sim(42, 120, Weights{}, {});
  EXPECT_EQ(sim.tick(), 0);
  EXPECT_EQ(sim.state(), initialise(42, 120));
  EXPECT_EQ(sim.metrics(), measure(initialise(42, 120)));
}

TEST(Simulation, OneCallAdvancesOneTo1000Ticks) {
  Simulation a(3, 20, Weights{}, {});
  Simulation b(3, 20, Weights{}, {});
  a.advance(1000);
  for (int k = 0; k < 1000; ++k) {
    b.advance();
  }
  EXPECT_EQ(a.tick(), 1000);
  EXPECT_EQ(a.state(), b.state());
  EXPECT_THROW(a.advance(0), InputError);
  EXPECT_THROW(a.advance(1001), InputError);
  EXPECT_EQ(a.tick(), 1000);
}

// The snapshot lock the upstream asks for: seed 42, defaults, 500 ticks.
// The expected values were recorded from this reference once; a change to
// any of them means the simulation changed, which spec/ must explain.
TEST(Snapshot, Seed42Defaults500TicksIsLocked) {
  Simulation sim(42, 120, Weights{}, {});
  while (sim.tick() < 500) {
    sim.advance();
  }
  const Metrics m = sim.metrics();
  const std::string hash = hex64(state_hash(sim.state()));
  std::printf("seed 42, 120 birds, weights 1,1,1, tick 500:\n  state_hash %s\n"
              "  polarization %s\n  cluster_count %d\n  mean_neighbor_distance %s\n"
              "  bird 0 %s %s %s %s\n",
              hash.c_str(), shortest(m.polarization).c_str(), m.cluster_count,
              m.mean_neighbor_distance ? shortest(*m.mean_neighbor_distance).c_str() : "null",
              shortest(sim.state()[0].x).c_str(), shortest(sim.state()[0].y).c_str(),
              shortest(sim.state()[0].vx).c_str(), shortest(sim.state()[0].vy).c_str());
  EXPECT_EQ(hash, "25553cbcc78af8dc");
  EXPECT_EQ(shortest(m.polarization), "0.2854976207746287");
  EXPECT_EQ(m.cluster_count, 2);
  ASSERT_TRUE(m.mean_neighbor_distance.has_value());
  EXPECT_EQ(shortest(*m.mean_neighbor_distance), "14.819562910371177");
}
