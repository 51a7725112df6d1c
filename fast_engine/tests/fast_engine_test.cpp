// Tests the fast engine (spec/determinism.md DET-4): the reference's world and metrics, bit for bit, every tick, any thread count.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "susurration/fast_engine.hpp"
#include "susurration/fast_simulation.hpp"
#include "susurration/init.hpp"
#include "susurration/inputs.hpp"
#include "susurration/metrics.hpp"
#include "susurration/serialise.hpp"
#include "susurration/simulation.hpp"
#include "susurration/step.hpp"
#include "velocity_bound_states.hpp"

using namespace susurration;

namespace {

// The engines every comparison runs beside the reference.
// Each way of finding candidates on its own as well as the automatic
// choice, which may switch between them from one tick to the next.
struct Variant {
  int threads;
  FastVectors vectors;
  FastQuery query = FastQuery::automatic;
};
constexpr Variant kVariants[] = {{1, FastVectors::widest},
                                 {2, FastVectors::widest},
                                 {4, FastVectors::widest},
                                 {1, FastVectors::baseline},
                                 {2, FastVectors::widest, FastQuery::lists},
                                 {2, FastVectors::widest, FastQuery::cells},
                                 {1, FastVectors::baseline, FastQuery::cells}};

std::string name(const Variant& v) {
  const char* query = v.query == FastQuery::automatic ? "automatic"
                      : v.query == FastQuery::lists   ? "lists"
                                                      : "cells";
  return std::to_string(v.threads) + " thread(s), " +
         (v.vectors == FastVectors::widest ? "widest" : "baseline") + " vectors, " + query +
         " query";
}

// Equal in every bit, the sign of zero included; two NaNs count as equal
// whatever their sign and payload: IEEE 754 leaves open which operand's NaN
// an operation returns, and a compiler may swap the operands of a product,
// so the reference's own NaN bits depend on its compiler.
bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) ||
         (std::isnan(a) && std::isnan(b));
}

// The first bird whose numbers are not the same bits, or -1.
long first_difference(const State& a, const State& b) {
  if (a.size() != b.size()) {
    return 0;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double p[] = {a[i].x, a[i].y, a[i].vx, a[i].vy};
    const double q[] = {b[i].x, b[i].y, b[i].vx, b[i].vy};
    for (int k = 0; k < 4; ++k) {
      if (!same_bits(p[k], q[k])) {
        return static_cast<long>(i);
      }
    }
  }
  return -1;
}

// Metrics equal bit for bit (a NaN polarization equals a NaN).
::testing::AssertionResult same_metrics(const Metrics& fast, const Metrics& reference) {
  const bool mean_same =
      fast.mean_neighbor_distance.has_value() == reference.mean_neighbor_distance.has_value() &&
      (!fast.mean_neighbor_distance ||
       same_bits(*fast.mean_neighbor_distance, *reference.mean_neighbor_distance));
  if (same_bits(fast.polarization, reference.polarization) &&
      fast.cluster_count == reference.cluster_count && mean_same) {
    return ::testing::AssertionSuccess();
  }
  auto show = [](const Metrics& m) {
    return shortest(m.polarization) + ", " + std::to_string(m.cluster_count) + ", " +
           (m.mean_neighbor_distance ? shortest(*m.mean_neighbor_distance) : "null");
  };
  return ::testing::AssertionFailure()
         << "fast (" << show(fast) << ") reference (" << show(reference) << ")";
}

// A weight schedule as a function of the tick (WEIGHTS-3).
struct Weighting {
  Weights initial;
  Schedule changes;
  Weights at(int tick) const { return weights_at(initial, changes, tick); }
};

// Steps the reference and every variant from `start` for `ticks` ticks and
// asserts whole states equal after every tick and metrics equal at tick 0
// and every `metrics_every` ticks. The reference steps with the grid query
// unless told otherwise: Grid.GridQueryMakesTheSameWorldAsTheScan proves it
// equal to the scan, and it is much faster.
void expect_same_run(const State& start, const Weighting& run, int ticks, int metrics_every,
                     const std::string& what, Query query = Query::grid) {
  State reference = start;
  std::vector<FastFlock> fast;
  for (const Variant& v : kVariants) {
    fast.emplace_back(start, v.threads, v.vectors, v.query);
  }
  for (int tick = 0; tick <= ticks; ++tick) {
    if (tick > 0) {
      reference = step(reference, run.at(tick - 1), query);
    }
    const bool measure_now = tick % metrics_every == 0 || tick == ticks;
    const Metrics truth = measure_now ? measure(reference) : Metrics{};
    for (std::size_t k = 0; k < fast.size(); ++k) {
      if (tick > 0) {
        fast[k].step(run.at(tick - 1));
      }
      const long bird = first_difference(fast[k].state(), reference);
      ASSERT_EQ(bird, -1) << what << ", " << name(kVariants[k]) << ": bird " << bird
                          << " differs at tick " << tick;
      if (measure_now) {
        ASSERT_TRUE(same_metrics(fast[k].metrics(), truth))
            << what << ", " << name(kVariants[k]) << ", tick " << tick;
      }
    }
  }
  std::printf("%s: %d ticks equal, state_hash %s\n", what.c_str(), ticks,
              hex64(state_hash(reference)).c_str());
}

// The state after `ticks` fast steps: a flock bunched as the long runs
// bunch, to compare one step of each engine on it. (The reference's own
// run there would take minutes; the step is one function of the state, so
// where the state came from does not matter.)
State bunched(std::uint32_t seed, int n, const Weights& w, int ticks) {
  FastFlock flock(initialise(seed, n), 2);
  for (int t = 0; t < ticks; ++t) {
    flock.step(w);
  }
  return flock.state();
}

const Weights kDefaults{1, 1, 1};
const Weights kSoft{0.3, 0.9, 0.1};
const Weights kNoAlignment{1, 0, 1};
const Weights kSeparating{0.05, 0.5, 1};

// A schedule that changes the weights three times (WEIGHTS-2, WEIGHTS-3).
Weighting changing(const Weights& first) {
  return {first, {{40, kSoft}, {41, kNoAlignment}, {90, kSeparating}}};
}

}  // namespace

TEST(FastEngine, MakesTheSameWorldAsTheReferenceEveryTickAt10Birds) {
  for (std::uint32_t seed : {1u, 42u, 4294967295u}) {
    ASSERT_NO_FATAL_FAILURE(expect_same_run(initialise(seed, 10), changing(kDefaults), 300, 1,
                                            "seed " + std::to_string(seed) + ", 10 birds"));
    ASSERT_NO_FATAL_FAILURE(expect_same_run(initialise(seed, 10), Weighting{kSoft, {}}, 300, 1,
                                            "seed " + std::to_string(seed) + ", 10 birds, soft"));
  }
}

TEST(FastEngine, MakesTheSameWorldAsTheReferenceEveryTickAt120Birds) {
  ASSERT_NO_FATAL_FAILURE(expect_same_run(initialise(42, 120), Weighting{kDefaults, {}}, 1500, 1,
                                          "seed 42, 120 birds, long run"));
  for (std::uint32_t seed : {42u, 123456789u}) {
    const std::string what = "seed " + std::to_string(seed) + ", 120 birds";
    ASSERT_NO_FATAL_FAILURE(
        expect_same_run(initialise(seed, 120), Weighting{kDefaults, {}}, 300, 1, what));
    ASSERT_NO_FATAL_FAILURE(
        expect_same_run(initialise(seed, 120), changing(kSeparating), 200, 1, what + ", schedule"));
  }
}

TEST(FastEngine, MakesTheSameWorldAsTheReferenceEveryTickAt400Birds) {
  ASSERT_NO_FATAL_FAILURE(
      expect_same_run(initialise(42, 400), changing(kDefaults), 400, 1, "seed 42, 400 birds"));
  ASSERT_NO_FATAL_FAILURE(expect_same_run(initialise(7, 400), Weighting{kSoft, {}}, 100, 25,
                                          "seed 7, 400 birds, soft"));
  // Bunched flocks: about 90 neighbours a bird, dense cells, many pairs
  // closer than 28.
  ASSERT_NO_FATAL_FAILURE(expect_same_run(bunched(42, 400, kDefaults, 1500), changing(kDefaults),
                                          60, 20, "seed 42, 400 birds, bunched"));
  ASSERT_NO_FATAL_FAILURE(expect_same_run(bunched(9, 400, kSoft, 1500), Weighting{kNoAlignment, {}},
                                          40, 20, "seed 9, 400 birds, bunched, no alignment"));
}

TEST(FastEngine, MakesTheSameWorldAsTheReferenceEveryTickAt2000Birds) {
  ASSERT_NO_FATAL_FAILURE(
      expect_same_run(initialise(42, 2000), changing(kDefaults), 20, 5, "seed 42, 2000 birds"));
  ASSERT_NO_FATAL_FAILURE(expect_same_run(bunched(3, 2000, kDefaults, 400), Weighting{kSoft, {}}, 5,
                                          5, "seed 3, 2000 birds, bunched"));
}

TEST(FastEngine, FollowsAWeightScheduleInSimulationExactlyAsTheReference) {
  const Schedule schedule = {{0, kSoft}, {25, kDefaults}, {26, kSeparating}, {70, kNoAlignment}};
  FastSimulation fast(2024, 150, kDefaults, schedule);
  Simulation scan(2024, 150, kDefaults, schedule, Query::scan);
  for (int tick = 0; tick <= 120; ++tick) {
    ASSERT_EQ(first_difference(fast.state(), scan.state()), -1) << "tick " << tick;
    ASSERT_TRUE(same_metrics(fast.metrics(), scan.metrics())) << "tick " << tick;
    fast.advance();
    scan.advance();
  }
}

// FastSimulation is what the command line runs by default (cli/run_options.cpp):
// the plain grid's run and counts, at its default thread count and at one.
TEST(FastEngine, FastSimulationRunsAndCountsAsThePlainGridSimulation) {
  FastSimulation fast(42, 120, kDefaults, {});
  FastSimulation one_thread(42, 120, kDefaults, {}, 1);
  Simulation grid(42, 120, kDefaults, {}, Query::grid);
  EXPECT_EQ(first_difference(fast.state(), initialise(42, 120)), -1);
  fast.advance(200);
  one_thread.advance(200);
  grid.advance(200);
  EXPECT_EQ(fast.tick(), 200);
  EXPECT_EQ(first_difference(fast.state(), grid.state()), -1);
  EXPECT_EQ(first_difference(one_thread.state(), grid.state()), -1);
  EXPECT_EQ(fast.counters().neighbour_pairs, grid.counters().neighbour_pairs);
  EXPECT_THROW(fast.advance(1001), InputError);
}

TEST(FastEngine, DecidesNeighboursAtExactly90And28AsTheReference) {
  const double below90 = std::nextafter(190.0, 0.0);
  const double below28 = std::nextafter(128.0, 0.0);
  const double above28 = std::nextafter(128.0, 200.0);
  const std::vector<State> states = {
      {{100, 100, 2, 0}, {190, 100, 0, 2}},                  // exactly 90 on an axis
      {{100, 100, 2, 0}, {154, 172, 0, 2}},                  // 54-72-90
      {{100, 100, 2, 0}, {below90, 100, 0, 2}},              // 90 - 1 ulp
      {{100, 100, 2, 0}, {128, 100, 0, 2}},                  // exactly 28
      {{100, 100, 2, 0}, {below28, 100, 0, 2}},              // 28 - 1 ulp
      {{100, 100, 2, 0}, {above28, 100, 0, 2}},              // 28 + 1 ulp
      {{100, 100, 2, 0}, {116.8, 122.4, 0, 2}},              // 16.8-22.4-28
      {{10, 300, 2, 0}, {920, 300, 0, 2}, {10, 390, 1, 1}},  // 90 across the x seam
      {{500, 20, 2, 0}, {500, 530, 0, 2}, {428, 20, 1, 1}},  // 90 across the y seam
      {{100, 100, 2, 0},
       {190, 100, 0, 2},
       {128, 100, -1, 1},
       {154, 172, 1, -1},
       {below90, 101, 2, 2},
       {below28, 99, -2, 0}},  // all at once
      {{0, 0, 1, 1},
       {10, 1e-310, -19, -19},
       {990, 1e-310, -19, -19},
       {1e-310, 10, -19, -19},
       {1e-310, 590, -19, -19}},  // bird 0's new speed subnormal at full weights (STEP-7)
      {{0, 0, 0, 1}, {1e-310, 40, 0, -31}, {1e-310, 560, 0, -31}},  // the same at [1, 0.625, 1]
  };
  for (std::size_t k = 0; k < states.size(); ++k) {
    for (const Weights& w : {kDefaults, kSoft, Weights{0, 0, 1}, Weights{1, 0.625, 1}}) {
      ASSERT_NO_FATAL_FAILURE(
          expect_same_run(states[k], Weighting{w, {}}, 3, 1, "edge state " + std::to_string(k)));
    }
  }
}

TEST(FastEngine, HandlesBirdsAtTheFieldSizeAndOnTheSeamsAsTheReference) {
  // Birds on cell edges, on both seams and at x == 1000, y == 600 (FIELD-2).
  State s = initialise(9, 150);
  for (double x : {0.0, 1000.0, 1000.0 / 11, 2000.0 / 11, 999.999, 90.0, 909.09, 1e-12}) {
    for (double y : {0.0, 600.0, 100.0, 599.999, 300.0, 500.0, 200.0}) {
      s.push_back({x, y, 2, -1});
    }
  }
  s.push_back({std::nextafter(1000.0, 0.0), std::nextafter(600.0, 0.0), -3, 1});
  ASSERT_NO_FATAL_FAILURE(expect_same_run(s, changing(kDefaults), 60, 10, "seams"));
}

TEST(FastEngine, LetsCoincidentBirdsCountWithoutSeparatingAsTheReference) {
  const State s = {{100, 100, 2, 0}, {100, 100, 2, 0}, {100, 100, -1, 3},
                   {110, 100, 0, 2}, {300, 300, 1, 1}, {300, 300, 1, 1}};
  for (const Weights& w : {kDefaults, Weights{0, 0, 1}, Weights{1, 1, 0}}) {
    ASSERT_NO_FATAL_FAILURE(expect_same_run(s, Weighting{w, {}}, 5, 1, "coincident birds"));
  }
}

TEST(FastEngine, KeepsTheOldDirectionWhenTheNewVelocityIsZeroAsTheReference) {
  // Separation of exactly -2.5 cancels bird 0's velocity (STEP-7, s == 0).
  const State s = {{100, 100, 2.5, 0}, {101, 100, 2.5, 0}};
  FastFlock flock(s);
  flock.step(Weights{0, 0, 1});
  EXPECT_EQ(flock.state()[0].vx, 1.6);
  EXPECT_EQ(flock.state()[0].vy, 0.0);
  ASSERT_NO_FATAL_FAILURE(expect_same_run(s, Weighting{Weights{0, 0, 1}, {}}, 3, 1, "zero speed"));
}

TEST(FastEngine, ClampsAtAndNearTheSpeedLimitsAsTheReference) {
  const double up = std::nextafter(4.2, 5.0);
  const double down = std::nextafter(1.6, 0.0);
  const State s = {{100, 100, 4.2, 0},     {400, 100, 1.6, 0}, {700, 100, up, 0},
                   {100, 400, down, 0},    {400, 400, 0, 4.2}, {700, 400, 2.52, 3.36},
                   {100, 500, 0.96, 1.28}, {900, 550, -4.2, 0}};
  ASSERT_NO_FATAL_FAILURE(expect_same_run(s, Weighting{kNoAlignment, {}}, 3, 1, "speed limits"));
  ASSERT_NO_FATAL_FAILURE(
      expect_same_run(s, Weighting{Weights{0, 0, 0}, {}}, 3, 1, "speed limits"));
}

TEST(FastEngine, MatchesTheReferenceWhenASquaredDistanceUnderflows) {
  // dx = 1e-160: d * d is subnormal, still a finite push. dx = 1e-300:
  // dx * dx and d * d are 0, the reference divides by 0 and makes NaN,
  // and the pre-test, which sees s == 0, must still leave it to cr_hypot.
  // (The scan: the reference's grid cannot place a bird at NaN.)
  for (double tiny : {1e-160, 1e-300}) {
    const State s = {{0, 100, 2, 0}, {tiny, 100, -2, 0}, {50, 120, 1, 1}, {60, 300, 1, 1}};
    ASSERT_NO_FATAL_FAILURE(
        expect_same_run(s, Weighting{kDefaults, {}}, 4, 1, "tiny delta", Query::scan));
  }
}

TEST(FastEngine, MeasuresTheSameMetricsAsTheReference) {
  std::vector<State> states = {
      {},                                    // no bird: NaN, 0, null
      {{1, 1, 2, 0}},                        // one bird: mean is null
      {{100, 100, 2, 0}, {190, 100, 2, 0}},  // an edge at exactly 90
      {{100, 100, 2, 0}, {154, 172, 2, 0}},
      {{10, 300, 2, 0}, {500, 300, 2, 0}, {950, 300, 2, 0}, {880, 300, 2, 0}},  // seam chain
      {{100, 100, 2, 0}, {370, 100, 2, 0}},  // nearest at exactly 270
      {{100, 100, 2, 0}, {std::nextafter(370.0, 0.0), 100, 2, 0}},
      {{100, 100, 2, 0}, {600, 400, 2, 0}},                                // every bird isolated
      {{100, 100, 2, 0}, {100, 100, -2, 0}, {100, 100, 0, 2}},             // coincident
      {{0, 0, 2, 0}, {1000, 600, 2, 0}, {1000, 0, 0, 2}, {0, 600, 1, 1}},  // all one point
      {{5, 5, 2, 0}, {995, 595, 2, 0}, {500, 300, 1, 1}, {230, 300, 1, 1}, {770, 300, 1, 1}},
  };
  // Sparse flocks with isolated birds (nearest beyond 270, rings 2 and 3
  // of the search), and dense ones.
  for (int n : {2, 3, 5, 8, 12, 30}) {
    states.push_back(initialise(static_cast<std::uint32_t>(n), n));
  }
  states.push_back(bunched(42, 400, kDefaults, 1200));
  states.push_back(bunched(11, 400, kSeparating, 800));
  for (std::size_t k = 0; k < states.size(); ++k) {
    for (int threads : {1, 3}) {
      const FastFlock flock(states[k], threads);
      EXPECT_TRUE(same_metrics(flock.metrics(), measure(states[k])))
          << "state " << k << ", " << threads << " thread(s)";
    }
  }
}

TEST(FastEngine, TestsFewerCandidatesThanTheGridAndCountsTheSamePairs) {
  State s = bunched(5, 400, kDefaults, 600);
  FastFlock flock(s, 2);
  Counters grid;
  for (int tick = 0; tick < 20; ++tick) {
    s = step(s, kDefaults, Query::grid, &grid);
    flock.step(kDefaults);
  }
  const FastCounters& fast = flock.counters();
  // The lists' candidates (within 100 of a group of close birds) are fewer
  // than the 3 x 3 blocks of 90.9 x 100 cells the grid searches, even with
  // the lists' own tests counted; an aligned flock keeps its lists a while.
  EXPECT_LT(fast.pre_tests, grid.distance_tests);
  EXPECT_EQ(fast.neighbour_pairs, grid.neighbour_pairs);
  EXPECT_EQ(fast.steps, 20u);
  EXPECT_LT(fast.list_builds, 20u);
  EXPECT_LT(fast.exact_distances * 4, fast.pre_tests);
  std::printf(
      "20 ticks, 400 birds: %llu pre-tests (the grid: %llu), %llu cr_hypot calls, %llu pairs "
      "within 90, %llu list builds\n",
      static_cast<unsigned long long>(fast.pre_tests),
      static_cast<unsigned long long>(grid.distance_tests),
      static_cast<unsigned long long>(fast.exact_distances),
      static_cast<unsigned long long>(fast.neighbour_pairs),
      static_cast<unsigned long long>(fast.list_builds));
}

// Pairs that close in while the lists are kept. Each end of a pair is 8
// birds in one place, a group of its own whatever the lanes (a group's
// list holds the birds near any of its birds, so the ends must not share
// one). Every bird moves at (+-0.995, 1.5), so the mean drift is (0, 1.5 t)
// and each bird drifts 0.995 a tick from it: the lists made at tick 0 hold
// through tick 3 (2.985 <= 2.99) and are made again at tick 4, while each
// pair closes by 1.99 a tick, 5.97 by tick 3. Each pair stands just inside
// or just outside what the lists' radii and drift bound
// (fast_engine_detail.hpp) must cover:
//  - 95.9 apart: listed (within 96), neighbours at tick 3 (89.93 < 90);
//  - 96.05 apart: not listed, and still no neighbours at tick 3 (90.08),
//    but neighbours at tick 4, had the lists been kept one tick too long;
//  - 33.9 apart: among the close candidates (within 34), closer than 28
//    at tick 3 (27.93), where the separation begins.
// An engine with a smaller list radius, a smaller close radius or a
// looser drift bound gives another state from tick 4 on.
TEST(FastEngine, KeepsItsListsOnlyWhileNoPairCanCloseInUnseen) {
  auto pair = [](double apart, double y) {
    State s(8, {450 - apart / 2, y, 0.995, 1.5});
    s.insert(s.end(), 8, {450 + apart / 2, y, -0.995, 1.5});
    return s;
  };
  State aligning = pair(95.9, 50);
  const State drifting = pair(96.05, 200);
  aligning.insert(aligning.end(), drifting.begin(), drifting.end());
  ASSERT_NO_FATAL_FAILURE(
      expect_same_run(aligning, Weighting{{0, 1, 0}, {}}, 10, 1, "pairs closing in, alignment"));
  ASSERT_NO_FATAL_FAILURE(expect_same_run(pair(33.9, 350), Weighting{{0, 0, 1}, {}}, 10, 1,
                                          "a pair closing in, separation"));
  FastFlock flock(aligning, 1, FastVectors::widest, FastQuery::lists);
  for (int tick = 0; tick < 6; ++tick) {
    flock.step({0, 1, 0});
  }
  EXPECT_EQ(flock.counters().list_builds, 2u) << "made at ticks 0 and 4";
}

// FastQuery::automatic's choice (fast_engine_step.cpp): in a flock fresh
// from initialise(), whose lists die within a tick or two, most ticks
// search the cells' blocks; in a bunched, aligned flock every tick but the
// first (which searches the cells: lists made for one tick are wasted) reads
// lists made at most a few times. Each forced query keeps to its own way.
TEST(FastEngine, SearchesTheCellsWhileListsDieYoungAndKeepsListsOnceTheyLast) {
  FastFlock fresh(initialise(42, 400), 2);
  FastFlock bunch(bunched(42, 400, kDefaults, 3000), 2);
  FastFlock lists(initialise(42, 400), 2, FastVectors::widest, FastQuery::lists);
  FastFlock cells(bunched(42, 400, kDefaults, 3000), 2, FastVectors::widest, FastQuery::cells);
  for (int tick = 0; tick < 100; ++tick) {
    for (FastFlock* flock : {&fresh, &bunch, &lists, &cells}) {
      flock->step(kDefaults);
    }
  }
  EXPECT_GE(fresh.counters().cell_steps, 80u);
  EXPECT_LE(fresh.counters().list_builds, 10u);
  EXPECT_EQ(bunch.counters().cell_steps, 1u) << "the first tick only";
  EXPECT_LE(bunch.counters().list_builds, 3u);
  EXPECT_EQ(lists.counters().cell_steps, 0u);
  EXPECT_GE(lists.counters().list_builds, 40u) << "unaligned: lists last a tick or two";
  EXPECT_EQ(cells.counters().cell_steps, 100u);
  EXPECT_EQ(cells.counters().list_builds, 0u);
  // Whatever the way, the same world and the same pairs.
  EXPECT_EQ(first_difference(fresh.state(), lists.state()), -1);
  EXPECT_EQ(fresh.counters().neighbour_pairs, lists.counters().neighbour_pairs);
  std::printf("first 100 ticks at 400 birds: %llu of them searched the cells, %llu list builds\n",
              static_cast<unsigned long long>(fresh.counters().cell_steps),
              static_cast<unsigned long long>(fresh.counters().list_builds));
}

// INPUT-9's extremes (Inputs.NoStateAtTheVelocityBoundsStepsOrMeasuresToANonFiniteValue
// steps them with the reference): the same bits, every variant.
TEST(FastEngine, StepsStatesAtTheVelocityBoundsAsTheReference) {
  for (const auto& [what, s] : test_states::velocity_bound_states()) {
    for (const Weights& w :
         {Weights{1, 1, 1}, Weights{0, 0, 0}, Weights{0, 1, 0}, Weights{1, 0, 1}, Weights{1, 0.625, 1}}) {
      const State once = step(s, w, Query::scan);
      for (const Variant& v : kVariants) {
        FastFlock fast(s, v.threads, v.vectors);
        fast.step(w);
        EXPECT_EQ(first_difference(fast.state(), once), -1) << what << ", " << name(v);
      }
    }
  }
}

TEST(FastEngine, ACopyStepsOnItsOwn) {
  FastFlock a(initialise(8, 200), 2);
  a.step(kDefaults);
  FastFlock b = a;
  b.step(kSoft);
  a.step(kSoft);
  EXPECT_EQ(first_difference(a.state(), b.state()), -1);
  b.step(kDefaults);
  EXPECT_NE(first_difference(a.state(), b.state()), -1);
  a = b;
  EXPECT_EQ(first_difference(a.state(), b.state()), -1);
  EXPECT_EQ(a.threads(), 2);
}

TEST(FastEngine, StepsAnEmptyFlock) {
  FastFlock empty(State{}, 2);
  empty.step(kDefaults);
  EXPECT_TRUE(empty.state().empty());
  EXPECT_EQ(empty.counters().pre_tests, 0u);
}

TEST(FastEngine, RefusesAStateOffTheFieldOrNotMoving) {
  EXPECT_THROW(FastFlock(State{{1000.5, 10, 1, 0}}), std::invalid_argument);
  EXPECT_THROW(FastFlock(State{{10, -1e-9, 1, 0}}), std::invalid_argument);
  EXPECT_THROW(FastFlock(State{{10, 10, 0, 0}}), std::invalid_argument);
  EXPECT_THROW(FastFlock(State{{NAN, 10, 1, 0}}), std::invalid_argument);
  EXPECT_THROW(FastFlock(State{{10, 10, 1, 0}}, 0), std::invalid_argument);
  EXPECT_NO_THROW(FastFlock(State{{1000, 600, 0, -1}}));
}
