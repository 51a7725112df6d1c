// Tests the input ranges and their one-line complaints (spec/inputs.md INPUT-1..8).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "susurration/inputs.hpp"
#include "susurration/metrics.hpp"
#include "susurration/step.hpp"
#include "velocity_bound_states.hpp"

using namespace susurration;

namespace {

// The complaint a parser makes, or "" when it accepts the value.
template <typename F>
std::string complaint(F parse) {
  try {
    parse();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Inputs, SeedOutsideUint32IsRejected) {
  EXPECT_EQ(parse_seed("0"), 0u);
  EXPECT_EQ(parse_seed("4294967295"), 4294967295u);
  for (const char* bad : {"4294967296", "-1", "", "42.0", "+42", " 42", "1e3", "0x10",
                          "99999999999999999999999"}) {
    EXPECT_NE(complaint([&] { parse_seed(bad); }), "") << bad;
  }
}

TEST(Inputs, BirdsOutsideTenTo400AreRejected) {
  EXPECT_EQ(parse_birds("10"), 10);
  EXPECT_EQ(parse_birds("400"), 400);
  for (const char* bad : {"9", "401", "0", "-10", "120.5", "abc"}) {
    EXPECT_NE(complaint([&] { parse_birds(bad); }), "") << bad;
  }
}

TEST(Inputs, WeightsOutsideZeroToOneOrNaNAreRejected) {
  EXPECT_EQ(parse_weights("1,1,1"), (Weights{1, 1, 1}));
  EXPECT_EQ(parse_weights("0,0.5,1"), (Weights{0, 0.5, 1}));
  for (const char* bad : {"1.5,1,1", "1,-0.1,1", "1,1,nan", "1,1,inf", "1,1", "1,1,1,1", "a,b,c",
                          "1,,1", ""}) {
    EXPECT_NE(complaint([&] { parse_weights(bad); }), "") << bad;
  }
  EXPECT_NE(complaint([] { check_weight("cohesion", std::numeric_limits<double>::quiet_NaN()); }),
            "");
}

TEST(Inputs, AtTickOutsideOneTo20000IsRejected) {
  EXPECT_EQ(parse_at_tick("1"), 1);
  EXPECT_EQ(parse_at_tick("20000"), 20000);
  EXPECT_NE(complaint([] { parse_at_tick("0"); }), "");
  EXPECT_NE(complaint([] { parse_at_tick("20001"); }), "");
}

TEST(Inputs, TicksOutsideZeroTo20000AreRejected) {
  EXPECT_EQ(parse_ticks("0"), 0);
  EXPECT_EQ(parse_ticks("20000"), 20000);
  EXPECT_NE(complaint([] { parse_ticks("20001"); }), "");
  EXPECT_NE(complaint([] { parse_ticks("-1"); }), "");
}

TEST(Inputs, ScheduleTicksMustIncrease) {
  EXPECT_EQ(complaint([] { check_schedule({{0, {}}, {5, {0.5, 0.5, 0.5}}}); }), "");
  EXPECT_NE(complaint([] { check_schedule({{5, {}}, {5, {}}}); }), "");
  EXPECT_NE(complaint([] { check_schedule({{5, {}}, {3, {}}}); }), "");
  EXPECT_NE(complaint([] { check_schedule({{20001, {}}}); }), "");
  EXPECT_NE(complaint([] { check_schedule({{1, {0, 2, 0}}}); }), "");
}

TEST(Inputs, ErrorsNameTheFieldValueAndRange) {
  EXPECT_EQ(complaint([] { parse_birds("9"); }), "invalid birds: 9 (allowed: integer 10..400)");
  EXPECT_EQ(complaint([] { parse_seed("-1"); }), "invalid seed: -1 (allowed: integer 0..4294967295)");
  EXPECT_EQ(complaint([] { parse_weights("1,2,1"); }),
            "invalid alignment weight: 2 (allowed: a number in [0, 1])");
  EXPECT_EQ(complaint([] { parse_at_tick("0"); }), "invalid at_tick: 0 (allowed: integer 1..20000)");
  EXPECT_EQ(complaint([] { check_schedule({{5, {}}, {5, {}}}); }),
            "invalid schedule[1].tick: 5 (allowed: integer 0..20000, strictly increasing)");
}

TEST(Inputs, TicksPerCallOutsideOneTo1000AreRejected) {
  EXPECT_EQ(parse_ticks_per_call("1"), 1);
  EXPECT_EQ(parse_ticks_per_call("1000"), 1000);
  EXPECT_EQ(complaint([] { parse_ticks_per_call("0"); }), "invalid ticks: 0 (allowed: integer 1..1000)");
  EXPECT_NE(complaint([] { parse_ticks_per_call("1001"); }), "");
  EXPECT_NE(complaint([] { check_ticks_per_call(0); }), "");
  EXPECT_NE(complaint([] { check_ticks_per_call(1001); }), "");
}

TEST(Inputs, ConstructedStatesNeedOneTo400FiniteMovingBirdsOnTheField) {
  EXPECT_EQ(complaint([] { check_state({{0, 0, 2, 0}}); }), "");
  EXPECT_EQ(complaint([] { check_state({{1000, 600, 0, -1}}); }), "");
  EXPECT_EQ(complaint([] { check_state({}); }), "invalid state: 0 birds (allowed: 1..400 birds)");
  EXPECT_NE(complaint([] { check_state(State(401, Bird{1, 1, 2, 0})); }), "");
  EXPECT_EQ(complaint([] { check_state({{1, 1, 2, 0}, {1000.5, 1, 2, 0}}); }),
            "invalid state[1].x: 1000.5 (allowed: 0 <= x <= 1000)");
  EXPECT_NE(complaint([] { check_state({{1, -0.5, 2, 0}}); }), "");
  EXPECT_NE(complaint([] { check_state({{1, 1, std::numeric_limits<double>::infinity(), 0}}); }), "");
  EXPECT_NE(complaint([] { check_state({{1, std::nan(""), 2, 0}}); }), "");
  EXPECT_EQ(complaint([] { check_state({{1, 1, 0, 0}}); }),
            "invalid state[0].velocity: 0,0 (allowed: a nonzero velocity)");
}

TEST(Inputs, ConstructedStatesRefuseBirdsCloserThan1e150UnlessInOnePlace) {
  // 1e-300 squared is 0 in doubles: STEP-2 would divide by it (AMB-30).
  EXPECT_NE(complaint([] { check_state({{0, 100, 2, 0}, {1e-300, 100, 2, 0}}); }), "");
  // Across the seam the torus delta decides: 1000 - 1e-200 rounds to 1000,
  // which wraps to a delta of 0, so these two are in one place.
  EXPECT_EQ(complaint([] { check_state({{1e-200, 5, 2, 0}, {1000, 5, 2, 0}}); }), "");
  EXPECT_NE(complaint([] { check_state({{5, 1e-200, 2, 0}, {5, 0, 2, 0}}); }), "");
  EXPECT_EQ(complaint([] { check_state({{0, 100, 2, 0}, {1e-150, 100, 2, 0}}); }), "");
  EXPECT_EQ(complaint([] { check_state({{7, 100, 2, 0}, {7, 100, 3, 0}}); }), "");
  EXPECT_EQ(complaint([] { check_state({{0, 100, 2, 0}, {1000, 100, 2, 0}}); }), "");
}

TEST(Inputs, ConstructedStateVelocitiesHaveComponentsUpTo1e150AndOneFrom1eMinus150) {
  const double max = 1e150, min = 1e-150;
  const double subnormal = std::numeric_limits<double>::denorm_min();
  EXPECT_EQ(complaint([&] { check_state({{1, 1, max, -max}}); }), "");
  EXPECT_EQ(complaint([&] { check_state({{1, 1, min, 0}}); }), "");
  EXPECT_EQ(complaint([&] { check_state({{1, 1, subnormal, -min}}); }), "");
  EXPECT_EQ(complaint([&] { check_state({{1, 1, std::nextafter(max, 2 * max), 0}}); }),
            "invalid state[0].velocity: 1.0000000000000002e+150,0 "
            "(allowed: components of at most 1e150 in size)");
  EXPECT_NE(complaint([&] { check_state({{1, 1, 2, -std::numeric_limits<double>::max()}}); }), "");
  EXPECT_EQ(complaint([&] { check_state({{1, 1, std::nextafter(min, 0.0), 0}}); }),
            "invalid state[0].velocity: 9.999999999999999e-151,0 "
            "(allowed: a component of at least 1e-150 in size)");
  EXPECT_NE(complaint([&] { check_state({{1, 1, subnormal, subnormal}}); }), "");
  EXPECT_NE(complaint([&] { check_state({{1, 1, 1e-300, -1e-300}}); }), "");
}

namespace {

// STEP-7's promise, worked independently of the step: after the clamp every
// speed lies in [1.6, 4.2] (up to rounding), so every value is finite.
void expect_finite_and_clamped(const State& after, const char* what) {
  for (const Bird& b : after) {
    ASSERT_TRUE(std::isfinite(b.x) && std::isfinite(b.y) && std::isfinite(b.vx) && std::isfinite(b.vy))
        << what;
    const double speed = std::hypot(b.vx, b.vy);
    EXPECT_TRUE(speed >= 1.6 * (1 - 1e-12) && speed <= 4.2 * (1 + 1e-12)) << what << ": speed " << speed;
  }
}

void expect_finite_metrics(const State& s, const char* what) {
  const Metrics m = measure(s);
  EXPECT_TRUE(m.polarization >= 0 && m.polarization <= 1 + 1e-12) << what << ": " << m.polarization;
  if (m.mean_neighbor_distance) {
    EXPECT_TRUE(std::isfinite(*m.mean_neighbor_distance)) << what;
  }
}

}  // namespace

// INPUT-9's velocity bounds are chosen so that no state they admit makes the
// step or the metrics leave the finite numbers: states at the bounds, with
// every bird a neighbour of every other (the largest sums) and the closest
// allowed separation (the largest separation force).
TEST(Inputs, NoStateAtTheVelocityBoundsStepsOrMeasuresToANonFiniteValue) {
  const auto states = test_states::velocity_bound_states();
  for (const auto& [what, s] : states) {
    ASSERT_EQ(complaint([&] { check_state(s); }), "") << what;
    expect_finite_metrics(s, what);
    for (const Weights& w :
         {Weights{1, 1, 1}, Weights{0, 0, 0}, Weights{0, 1, 0}, Weights{1, 0, 1}, Weights{1, 0.625, 1}}) {
      const State once = step(s, w);
      expect_finite_and_clamped(once, what);
      expect_finite_metrics(once, what);
    }
  }
}
