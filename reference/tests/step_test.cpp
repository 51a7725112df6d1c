// Tests the synchronous step (spec/step.md) on constructed states sitting on each rule's edge.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "susurration/exact_math.hpp"
#include "susurration/step.hpp"

using namespace susurration;

namespace {

const Weights kOnlySeparation{0, 0, 1};
const Weights kNone{0, 0, 0};

// Two birds that each see the other: bird i's new velocity by hand, from
// `other` as given, with every operation in the order spec/step.md fixes.
Bird two_bird_update(const Bird& me, const Bird& other, const Weights& w) {
  const double dx = other.x - me.x;  // close birds: no wrap
  const double dy = other.y - me.y;
  const double d = std::sqrt(dx * dx + dy * dy);  // exact for the 3-4-5 layouts used
  double ux = ((me.vx + dx * (w.cohesion * 0.0045)) + (other.vx - me.vx) * (w.alignment * 0.05)) +
              (-dx / (d * d)) * (w.separation * 2.5);
  double uy = ((me.vy + dy * (w.cohesion * 0.0045)) + (other.vy - me.vy) * (w.alignment * 0.05)) +
              (-dy / (d * d)) * (w.separation * 2.5);
  return {me.x + ux, me.y + uy, ux, uy};
}

}  // namespace

TEST(Step, IsSynchronous) {
  const State old = {{100, 100, 2, 1}, {106, 108, -1, 2}};  // 10 apart
  const State next = step(old, Weights{});
  const Bird from_old = two_bird_update(old[1], old[0], Weights{});
  EXPECT_EQ(next[1], from_old);
  // An in-place update would have bird 1 see bird 0's new state: different.
  const Bird in_place = two_bird_update(old[1], next[0], Weights{});
  EXPECT_NE(next[1].vx, in_place.vx);
}

TEST(Step, ForcesMatchAHandCalculation) {
  // Bird 0 at (100,100) moving (2,0); bird 1 ten units east moving (0,2).
  const State next = step({{100, 100, 2, 0}, {110, 100, 0, 2}}, Weights{});
  // cohesion 10 * 0.0045 = 0.045; alignment (0 - 2) * 0.05 = -0.1 and
  // (2 - 0) * 0.05 = 0.1; separation (-10 / 100) * 2.5 = -0.25.
  EXPECT_DOUBLE_EQ(next[0].vx, 2 + 0.045 - 0.1 - 0.25);
  EXPECT_DOUBLE_EQ(next[0].vy, 0.1);
  EXPECT_EQ(next[0].vx, ((2.0 + 0.045) + -0.1) + -0.25);
  EXPECT_DOUBLE_EQ(next[1].vx, -0.045 + 0.1 + 0.25);
  EXPECT_DOUBLE_EQ(next[1].vy, 2 - 0.1);
  // Speeds 1.698 and 1.92 are inside the clamp: positions move by them.
  EXPECT_EQ(next[0].x, 100 + next[0].vx);
  EXPECT_EQ(next[1].y, 100 + next[1].vy);
  // Three neighbours: the means divide sums taken in index order.
  const State three = {{200, 200, 2, 0}, {210, 200, 0, 2}, {200, 220, -2, 0}};
  const Bird b = step(three, Weights{1, 1, 0})[0];
  EXPECT_EQ(b.vx, (2.0 + ((10.0 + 0.0) / 2) * 0.0045) + ((0.0 + -2.0) / 2 - 2.0) * 0.05 + 0.0);
  EXPECT_EQ(b.vy, (0.0 + ((0.0 + 20.0) / 2) * 0.0045) + ((2.0 + 0.0) / 2 - 0.0) * 0.05 + 0.0);
}

TEST(Step, ANeighbourAtExactly90IsNotANeighbour) {
  // 90 along an axis, and 90 as the 54-72-90 triangle.
  for (const State& s : {State{{100, 100, 2, 0}, {190, 100, 0, 2}},
                         State{{100, 100, 2, 0}, {154, 172, 0, 2}}}) {
    const State next = step(s, Weights{});
    EXPECT_EQ(next[0].vx, 2.0);
    EXPECT_EQ(next[0].vy, 0.0);
    EXPECT_EQ(next[1].vx, 0.0);
    EXPECT_EQ(next[1].vy, 2.0);
  }
}

TEST(Step, ANeighbourAt90MinusOneUlpIsANeighbour) {
  const State s = {{100, 100, 2, 0}, {std::nextafter(190.0, 0.0), 100, 0, 2}};
  const State next = step(s, Weights{1, 1, 0});
  EXPECT_NE(next[0].vx, 2.0);
  EXPECT_NE(next[1].vy, 2.0);
}

TEST(Step, BirdsAtTheSamePositionExertNoSeparation) {
  const State s = {{100, 100, 2, 0}, {100, 100, 2, 0}};
  const State next = step(s, kOnlySeparation);
  EXPECT_EQ(next[0].vx, 2.0);
  EXPECT_EQ(next[0].vy, 0.0);
  EXPECT_FALSE(std::isnan(next[1].vx));
  EXPECT_EQ(next[0], step(s, Weights{1, 1, 0})[0]);
}

TEST(Step, ANeighbourAtExactly28DoesNotSeparate) {
  const State at28 = {{100, 100, 2, 0}, {128, 100, 2, 0}};
  EXPECT_EQ(step(at28, kOnlySeparation)[0].vx, 2.0);
  const State below = {{100, 100, 2, 0}, {std::nextafter(128.0, 0.0), 100, 2, 0}};
  EXPECT_LT(step(below, kOnlySeparation)[0].vx, 2.0);
}

TEST(Step, ALoneBirdKeepsItsVelocity) {
  const State next = step({{500, 300, 2.5, -1}}, Weights{});
  EXPECT_EQ(next[0], (Bird{502.5, 299, 2.5, -1}));
}

TEST(Step, ZeroSpeedKeepsTheOldDirectionAtMinimumSpeed) {
  // Separation of exactly -2.5 cancels bird 0's velocity of +2.5.
  const State next = step({{100, 100, 2.5, 0}, {101, 100, 2.5, 0}}, kOnlySeparation);
  EXPECT_EQ(next[0].vx, 1.6);
  EXPECT_EQ(next[0].vy, 0.0);
  EXPECT_EQ(next[0].x, 101.6);
}

TEST(Step, SubnormalSpeedKeepsTheOldDirectionAtMinimumSpeed) {
  // Bird 0 at the corner, v = (1, 1), among four neighbours with v = (-19, -19):
  // two 10 away along x and two 10 away along y, each 1e-310 off the axis.
  // By hand, per axis: the deltas sum to 10 - 10 + 1e-310 + 1e-310, so
  // cohesion is 2e-310 / 4 * 0.0045, a subnormal that 1 + c rounds away;
  // alignment is (-19 - 1) * 0.05 = -1 exactly after rounding, so
  // (1 + c) + a is exactly 0; separation adds -(1e-310 / 100) twice, times
  // 2.5, and that subnormal is the new velocity: about (-5e-312, -5e-312).
  const double tiny = 1e-310;
  const State s = {{0, 0, 1, 1},
                   {10, tiny, -19, -19},
                   {990, tiny, -19, -19},
                   {tiny, 10, -19, -19},
                   {tiny, 590, -19, -19}};
  const double sep = (-(tiny / (10.0 * 10.0)) + -(tiny / (10.0 * 10.0))) * 2.5;
  const double u = ((1 + (((10.0 + -10.0) + tiny) + tiny) / 4 * 0.0045) + (-19.0 - 1.0) * 0.05) + sep;
  ASSERT_NE(u, 0.0);
  ASSERT_LT(std::abs(u), std::numeric_limits<double>::min());
  // STEP-7 (AMB-31): the old direction (1, 1) / sqrt(2) at speed 1.6; hypot(1, 1) is
  // the correctly rounded sqrt(2), as std::sqrt is.
  const double expected = (1 / std::sqrt(2.0)) * 1.6;
  const State next = step(s, Weights{1, 1, 1});
  EXPECT_EQ(next[0].vx, expected);
  EXPECT_EQ(next[0].vy, expected);
  EXPECT_EQ(next[0].x, expected);
  EXPECT_EQ(next[0].y, expected);
  EXPECT_NEAR(std::hypot(next[0].vx, next[0].vy), 1.6, 1e-15);

  // step.json's case: v = (0, 1), two neighbours 40 away along y, 1e-310 off
  // along x, with vy = -31; weights [1, 0.625, 1], where 0.625 * 0.05 rounds
  // to 2^-5. By hand: uy = (1 + 0) + (-31 - 1) * 2^-5 = 0 exactly and
  // ux = (2e-310 / 2) * 0.0045, a subnormal pointing along +x.
  const double ux = (2 * tiny / 2) * 0.0045;
  ASSERT_EQ(0.625 * 0.05, 0x1p-5);
  ASSERT_TRUE(ux > 0 && ux < std::numeric_limits<double>::min());
  const State axis = step({{0, 0, 0, 1}, {tiny, 40, 0, -31}, {tiny, 560, 0, -31}}, Weights{1, 0.625, 1});
  EXPECT_EQ(axis[0], (Bird{0, 1.6, 0, 1.6}));
}

TEST(Step, SpeedsClampToTheMinimumAndTheMaximum) {
  // Bird 1 of the zero-speed layout is pushed to 2.5 + 2.5 = 5: clamped to 4.2.
  const State fast = step({{100, 100, 2.5, 0}, {101, 100, 2.5, 0}}, kOnlySeparation);
  EXPECT_EQ(fast[1].vx, 5.0 * (4.2 / 5.0));
  EXPECT_DOUBLE_EQ(fast[1].vx, 4.2);
  // Alignment with an opposite neighbour slows 1.7 to 1.53: clamped up to 1.6.
  const State slow = step({{100, 100, 1.7, 0}, {150, 100, -1.7, 0}}, Weights{0, 1, 0});
  const double u = 1.7 + (-1.7 - 1.7) * 0.05;
  EXPECT_EQ(slow[0].vx, u * (1.6 / u));
  EXPECT_DOUBLE_EQ(slow[0].vx, 1.6);
}

TEST(Step, ZeroWeightsLeaveVelocityUnchanged) {
  const State s = {{100, 100, 2, 1}, {110, 104, -1, 2.5}, {95, 90, 0.5, -3}};
  const State next = step(s, kNone);
  for (std::size_t i = 0; i < s.size(); ++i) {
    EXPECT_EQ(next[i].vx, s[i].vx);
    EXPECT_EQ(next[i].vy, s[i].vy);
  }
}

TEST(Step, TinyNegativePositionWrapsToTheFieldSize) {
  // 0.25 - (0.25 + 2^-54) is exactly -2^-54; adding 1000 rounds to 1000.
  const double vx = -(0.25 + std::ldexp(1.0, -54));
  const State next = step({{0.25, 0.25, vx, -2}}, Weights{});
  EXPECT_EQ(next[0].x, 1000.0);
  EXPECT_EQ(next[0].y, 598.25);
  // The next step starts from x == 1000 and moves on normally.
  EXPECT_EQ(step(next, Weights{})[0].x, 1000.0 + vx);
}
