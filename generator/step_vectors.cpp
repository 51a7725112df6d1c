// step.json: single steps from constructed states, each built to sit on one
// rule's edge (STEP-1..8, WEIGHTS-1, FIELD-2, FIELD-3, FIELD-5, STATE-2).
// The cases are laid out here by hand; what they are made of, and how each
// is checked before it is published, is in step_cases.hpp.
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "files.hpp"
#include "fresh.hpp"
#include "step_cases.hpp"
#include "susurration/constants.hpp"

namespace susurration::generator {
namespace {

const double kBelow90 = std::nextafter(kPerceptionRadius, 0.0);
const double kBelow28 = std::nextafter(kSeparationRadius, 0.0);
constexpr double kTiny = 0x1p-54;  // half an ulp of 0.25: 0.25 - (0.25 + kTiny) is -kTiny

// Eight birds with six pairs inside 28 (20, 24 and 25 on axes and on 3-4-5
// diagonals, all exact), most pairs inside 90 and a few beyond; velocities
// with long binary expansions so that every sum rounds.
const State kCrowd = {{200, 200, 2.1, -0.7},  {212, 216, -1.3, 2.2},  {224, 200, 0.4, 2.9},
                      {236, 216, -2.6, -1.1}, {200, 176, 1.7, 1.9},   {251, 236, -0.3, -3.1},
                      {293, 205, 2.45, 0.35}, {150, 260, -1.05, 1.85}};

// The same crowd with bird 0 heading 1.65 along x, not 2.1: at weights 0.5,
// 0.8, 0.3 every sum of kCrowd happens to round alike in either order, and
// this one velocity is enough for the reversed order to change bits.
const State kCrowdAtOtherWeights = [] {
  State crowd = kCrowd;
  crowd[0].vx = 1.65;
  return crowd;
}();

StepCase weight_case(std::string name, std::string comment, std::vector<std::string> clauses,
                     std::string flag, Weights faulty) {
  return {std::move(name),
          std::move(comment),
          std::move(clauses),
          {std::move(flag)},
          kCrowd,
          {},
          {visibly_differs_from("applies other weights", with_weights(faulty))}};
}

// The tables below are laid out by hand, one case to a few lines:
// name, comment; clauses, flags; state, edge pairs, claims[, exact].
// clang-format off
std::vector<StepGroup> groups() {
  const Weights full{1, 1, 1};
  std::vector<StepGroup> g;
  g.push_back({"The perception radius (STEP-2): exactly 90 is out, one ulp less is in.", full, {
      {"neighbour-at-exactly-90-on-an-axis-is-ignored",
       "Two birds exactly 90 apart along x keep their velocities.",
       {"STEP-2", "STEP-6"}, {"ExactlyNinety"},
       {{100, 100, 2, 0}, {190, 100, 0, 2}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-90-on-a-diagonal-is-ignored",
       "Two birds 54-72-90 apart keep their velocities.",
       {"STEP-2", "STEP-6"}, {"ExactlyNinety"},
       {{100, 100, 2, 0}, {154, 172, 0, 2}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-90-across-the-seam-is-ignored",
       "x 960 and x 50 are exactly 90 apart the short way round.",
       {"STEP-2", "FIELD-3"}, {"ExactlyNinety", "Seam"},
       {{960, 300, 2, 0}, {50, 300, 0, 2}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-one-ulp-inside-90-on-x-is-a-neighbour",
       "90 minus one ulp apart along x: both birds steer.",
       {"STEP-2", "STEP-3", "STEP-4"}, {"JustInsideNinety"},
       {{10, 100, 2, 0}, {along(10, kBelow90), 100, 0, 2}}, {{0, 1}}, {turns({0, 1})}},
      {"neighbour-one-ulp-inside-90-on-y-is-a-neighbour",
       "90 minus one ulp apart along y: both birds steer.",
       {"STEP-2", "STEP-3", "STEP-4"}, {"JustInsideNinety"},
       {{300, 10, 2, 0}, {300, along(10, kBelow90), 0, 2.5}}, {{0, 1}}, {turns({0, 1})}},
  }});
  g.push_back({"The torus (FIELD-2, FIELD-3): neighbours across the seam and at the size.", full, {
      {"neighbour-across-the-x-seam-is-a-neighbour",
       "x 980 and x 30 are 50 apart across the seam.",
       {"FIELD-3", "STEP-2"}, {"Seam"},
       {{980, 300, 2, 0}, {30, 300, 0, 2}}, {}, {turns({0, 1})}},
      {"neighbour-across-the-y-seam-is-a-neighbour",
       "y 570 and y 20 are 50 apart across the seam.",
       {"FIELD-3", "STEP-2"}, {"Seam"},
       {{400, 570, 2, 0}, {400, 20, 0, 2}}, {}, {turns({0, 1})}},
      {"neighbour-across-both-seams-is-a-neighbour",
       "(990, 590) and (30, 40) are 40-50 apart across the corner.",
       {"FIELD-3", "STEP-2"}, {"Seam"},
       {{990, 590, 2, 0}, {30, 40, 0, 2}}, {}, {turns({0, 1})}},
      {"bird-at-x-1000-sees-a-neighbour-across-the-seam",
       "A bird at x 1000 and one at x 30 are 30 apart.",
       {"FIELD-2", "FIELD-3", "STEP-2"}, {"SizeCoordinate", "Seam"},
       {{1000, 300, 2, 0}, {30, 300, 0, 2}}, {}, {turns({0, 1})}},
      {"coincident-birds-at-x-0-and-x-1000-still-align",
       "x 0 and x 1000 are one place: alignment acts, nothing divides by 0.",
       {"FIELD-2", "FIELD-3", "STEP-4", "STEP-5"}, {"SizeCoordinate", "Coincident"},
       {{0, 300, 2, 0}, {1000, 300, 0, 2}}, {}, {turns({0, 1})}},
  }});
  g.push_back({"The wrap (FIELD-5, STEP-8) on lone birds: every correct engine gets these bits.", full, {
      {"tiny-negative-x-wraps-to-exactly-1000",
       "x 0.25 moves by -(0.25 + 2^-54) to -2^-54, which wraps to 1000.0 and stays.",
       {"FIELD-5", "STEP-8", "FIELD-2"}, {"TinyNegativeWrap"},
       {{0.25, 300, -(0.25 + kTiny), -2}}, {}, {lands_on(0, kWidth, 298)}, true},
      {"tiny-negative-y-wraps-to-exactly-600",
       "y 0.25 moves by -(0.25 + 2^-54) to -2^-54, which wraps to 600.0 and stays.",
       {"FIELD-5", "STEP-8", "FIELD-2"}, {"TinyNegativeWrap"},
       {{300, 0.25, 2, -(0.25 + kTiny)}}, {}, {lands_on(0, 302, kHeight)}, true},
      {"move-ending-exactly-on-x-1000-wraps-to-0",
       "x 998 moves by exactly 2 to 1000.0, which is the size: it wraps to 0.0 (p >= size, not p > size).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{998, 300, 2, 1}}, {}, {lands_on(0, 0, 301)}, true},
      {"move-ending-exactly-on-y-600-wraps-to-0",
       "y 598 moves by exactly 2 to 600.0, which is the size: it wraps to 0.0 (p >= size, not p > size).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{300, 598, 1, 2}}, {}, {lands_on(0, 301, 0)}, true},
      {"move-ending-exactly-on-x-0-stays-at-0",
       "x 2 moves by exactly -2 to 0.0, which is on the field: it stays 0.0 (p < 0, not p <= 0).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{2, 300, -2, 1}}, {}, {lands_on(0, 0, 301)}, true},
      {"move-ending-exactly-on-y-0-stays-at-0",
       "y 2 moves by exactly -2 to 0.0, which is on the field: it stays 0.0 (p < 0, not p <= 0).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{300, 2, 1, -2}}, {}, {lands_on(0, 301, 0)}, true},
      {"bird-at-x-1000-moves-on-from-1000",
       "A bird starting at x 1000 moves to (1000 + 2.3) - 1000, not to 2.3.",
       {"FIELD-2", "FIELD-5", "STEP-8"}, {"SizeCoordinate"},
       {{1000, 300, 2.3, 1.1}}, {}, {bitwise_differs_from("treats x 1000 as 0", size_as_zero)}, true},
      {"bird-at-y-600-moves-on-from-600",
       "A bird starting at y 600 moves to (600 + 2.3) - 600, not to 2.3.",
       {"FIELD-2", "FIELD-5", "STEP-8"}, {"SizeCoordinate"},
       {{300, 600, 1.1, 2.3}}, {}, {bitwise_differs_from("treats y 600 as 0", size_as_zero)}, true},
  }});
  g.push_back({"Lone birds (STEP-6): no force at all, but the clamp still applies (STEP-7).", full, {
      {"lone-bird-keeps-its-velocity",
       "One bird, no neighbours: u = v, nothing divides by k = 0.",
       {"STEP-6", "STEP-8"}, {"LoneBird"},
       {{500, 300, 2.5, -1}}, {}, {keeps_velocity({0})}},
      {"lone-bird-keeps-the-sign-of-a-zero-velocity",
       "vy -0.0 stays -0.0 (f is exactly 1); an engine that writes it as 0 loses the sign.",
       {"SERIAL-1", "STEP-6"}, {"SignOfZero"},
       {{300, 200, 2, -0.0}}, {}, {keeps_velocity({0})}, true},
      {"lone-bird-moves-by-float64-values",
       "Values with more digits than a float32 holds: p + v in doubles.",
       {"STATE-1", "STEP-8"}, {"Float64"},
       {{123.456789012345, 234.56789012345, 1.23456789012345, 2.3456789012345}}, {},
       {visibly_differs_from("stores the state in float32", float32_state)}},
      // The two that isolate STATE-3: a state handed over out of the speed
      // band is inside it after one step.
      {"lone-bird-faster-than-4-2-is-clamped-to-4-2",
       "A constructed state may start too fast; the first step clamps it.",
       {"STATE-3", "STEP-6", "STEP-7"}, {"LoneBird", "MaxSpeed"},
       {{500, 300, 4.5, -2.5}}, {}, {speed_becomes(0, kMaxSpeed)}},
      {"lone-bird-slower-than-1-6-is-clamped-to-1-6",
       "A constructed state may start too slow; the first step clamps it.",
       {"STATE-3", "STEP-6", "STEP-7"}, {"LoneBird", "MinSpeed"},
       {{500, 300, 0.3, -0.4}}, {}, {speed_becomes(0, kMinSpeed)}},
      {"lone-bird-keeps-a-position-float32-cannot-hold",
       "x is the double just above 500, 500 + 2^-44: vx 0 keeps it, and only a float64 state holds it.",
       {"STATE-1", "STEP-8"}, {"Float64"},
       {{std::nextafter(500.0, 1000.0), 300, 0, 2}}, {},
       {bitwise_differs_from("stores the state in float32", float32_state)}, true},
      {"lone-bird-carries-a-subnormal-velocity-component",
       "vx 2^-1074, the least double, with vy 2: the speed is 2, f exactly 1, and x 0 moves to 2^-1074. Written "
       "in the shortest form that reads back (SERIAL-1), it is 5e-324, never 0.",
       {"SERIAL-1", "STATE-1", "STEP-8"}, {"SubnormalValue"},
       {{0, 300, std::numeric_limits<double>::denorm_min(), 2}}, {},
       {keeps_velocity({0}), bitwise_differs_from("flushes subnormals to zero", flushes_subnormals)}, true},
  }});
  g.push_back({"The move (STEP-8): by the velocity the bird leaves with.", full, {
      {"lone-birds-move-each-axis-by-its-own-component",
       "Two lone birds far apart keep their velocities and move by them: x by vx, y by vy.",
       {"STEP-8", "STEP-6"}, {"LoneBird"},
       {{500, 300, 1.5, -2.25}, {100, 500, -2.5, 0.75}}, {},
       {keeps_velocity({0, 1}), visibly_differs_from("moves x by vy and y by vx", swapped_move)}},
      {"clamped-bird-moves-by-its-clamped-velocity",
       "A lone bird at speed 5, (3, 4), is clamped to (2.52, 3.36) and moves by that, not by (3, 4).",
       {"STEP-8", "STEP-7"}, {"LoneBird", "MaxSpeed"},
       {{500, 300, 3, 4}}, {},
       {speed_becomes(0, kMaxSpeed), visibly_differs_from("moves by its start-of-tick velocity", moves_by_old_velocity)}},
  }});
  g.push_back({"The separation radius (STEP-5) and the zero-speed clamp (STEP-7), separation alone.",
               {0, 0, 1}, {
      {"birds-at-the-same-position-do-not-separate",
       "Two birds in one place: no separation term, no NaN.",
       {"STEP-5"}, {"Coincident"},
       {{100, 100, 2, 0}, {100, 100, 0, 2}}, {}, {keeps_velocity({0, 1})}},
      {"birds-at-x-0-and-x-1000-do-not-separate",
       "x 0 and x 1000 are one place on the torus: distance 0.",
       {"STEP-5", "FIELD-2", "FIELD-3"}, {"Coincident", "SizeCoordinate"},
       {{0, 300, 2, 0}, {1000, 300, 0, 2}}, {}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-28-does-not-separate",
       "Two birds exactly 28 apart along x keep their velocities.",
       {"STEP-5"}, {"ExactlyTwentyEight"},
       {{100, 100, 2, 0}, {128, 100, 2, 0}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-28-across-the-y-seam-does-not-separate",
       "y 590 and y 18 are exactly 28 apart across the seam.",
       {"STEP-5", "FIELD-3"}, {"ExactlyTwentyEight", "Seam"},
       {{500, 590, 2, 0}, {500, 18, 2, 0}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-one-ulp-inside-28-on-x-separates",
       "28 minus one ulp apart along x: the birds push apart.",
       {"STEP-5"}, {"JustInsideTwentyEight"},
       {{4, 100, 2, 0}, {along(4, kBelow28), 100, 2, 0}}, {{0, 1}}, {turns({0, 1})}},
      {"neighbour-one-ulp-inside-28-on-y-separates",
       "28 minus one ulp apart along y: the birds push apart.",
       {"STEP-5"}, {"JustInsideTwentyEight"},
       {{300, 4, 0, 2}, {300, along(4, kBelow28), 0, 2}}, {{0, 1}}, {turns({0, 1})}},
      {"birds-either-side-of-the-seam-separate-the-short-way",
       "x 5 and x 995 are 10 apart: pushed apart across the seam.",
       {"STEP-5", "FIELD-3"}, {"Seam"},
       {{5, 300, 2, 0}, {995, 300, 2, 0}}, {}, {turns({0, 1})}},
      {"zero-new-velocity-keeps-the-old-direction-at-1-6",
       "Separation -2.5 cancels vx 2.5: bird 0 keeps +x at 1.6; bird 1 reaches 5 and clamps to 4.2.",
       {"STEP-7", "STEP-5"}, {"ZeroSpeed", "MaxSpeed"},
       {{100, 100, 2.5, 0}, {101, 100, 2.5, 0}}, {},
       {speed_becomes(0, kMinSpeed), speed_becomes(1, kMaxSpeed), lands_on(0, 101.6, 100)}},
      {"separation-above-4-2-is-clamped-to-4-2",
       "Separation pushes bird 1 to speed 4.28: clamped to 4.2.",
       {"STEP-7", "STEP-5"}, {"MaxSpeed"},
       {{100, 100, 4, 0.5}, {110, 100, 4, 0.5}}, {}, {speed_becomes(1, kMaxSpeed)}},
  }});
  g.push_back({"Alignment alone (STEP-4), and the minimum speed it can reach (STEP-7).", {0, 1, 0}, {
      {"alignment-divides-the-neighbours-sum-before-subtracting",
       "Three birds 40 to 57 apart: each steers by (Svx / 2 - vx) * 0.05, not (Svx - vx) / 2 * 0.05.",
       {"STEP-4"}, {"AlignmentFormula"},
       {{100, 100, 2, 0}, {140, 100, 0, 2}, {100, 140, -1, 1.5}}, {},
       {turns({0, 1, 2}), visibly_differs_from("subtracts before dividing by k", alignment_subtracts_first)}},
      {"alignment-below-1-6-is-clamped-to-1-6",
       "Opposite neighbours slow each other from 1.7 to 1.53: clamped up to 1.6.",
       {"STEP-7", "STEP-4"}, {"MinSpeed"},
       {{100, 100, 1.7, 0}, {150, 100, -1.7, 0}}, {},
       {speed_becomes(0, kMinSpeed), speed_becomes(1, kMinSpeed)}},
  }});
  // Weights [1, 0.625, 1]: 0.625 * 0.05 rounds to 2^-5 exactly, so every
  // product below is exact and an engine that fuses multiply-adds, sums in
  // another order or has a hypot one ulp off gets the same subnormal. By
  // hand for bird 0 (neighbours 40 away, no separation): uy = (1 + 0) +
  // (-31 - 1) * 2^-5 = 0 exactly; ux = 0 + (2e-310 / 2) * 0.0045, about 4.5e-313.
  g.push_back({"A new speed cancelled to a subnormal (STEP-7, AMB-31).", {1, 0.625, 1}, {
      {"subnormal-new-velocity-keeps-the-old-direction-at-1-6",
       "Forces cancel v (0, 1) to about (4.5e-313, 0): bird 0 keeps +y at 1.6, not +x.",
       {"STEP-7", "STEP-6"}, {"SubnormalSpeed", "MaxSpeed"},
       {{0, 0, 0, 1}, {1e-310, 40, 0, -31}, {1e-310, 560, 0, -31}}, {},
       {speed_becomes(0, kMinSpeed), speed_becomes(1, kMaxSpeed), lands_on(0, 0, kMinSpeed)}},
  }});
  // Alignment with a neighbour at -31 v cancels bird 0's velocity exactly:
  // 0.625 * 0.05 rounds to 2^-5, and 2^-5 * (-32) = -1 per component with
  // no rounding, so an engine that fuses multiply-adds cancels it too. What
  // is left is the separation push alone, made subnormal by a separation
  // weight near 2^-1022: both components subnormal, the speed either side
  // of the smallest normal.
  // STEP-7 decides on the correctly rounded speed, which is 30% from the
  // boundary in both cases: every hypot agrees.
  g.push_back({"A new velocity of two subnormal components (STEP-7, AMB-31): speed 0.7 * 2^-1022.",
               {0, 0.625, 3.1151034019100817e-308}, {
      {"subnormal-components-below-the-smallest-normal-speed-keep-the-old-direction",
       "Bird 0's new velocity is the push from bird 1 alone, (-0.42, -0.56) * 2^-1022: its speed is below "
       "2^-1022, so it keeps its old direction (1, 1) at 1.6.",
       {"STEP-7", "STEP-5"}, {"SubnormalSpeed", "MinSpeed"},
       {{100, 100, 1, 1}, {103, 104, -31, -31}}, {},
       {speed_becomes(0, kMinSpeed), heads_along(0, 1, 1)}},
  }});
  g.push_back({"A new velocity of two subnormal components (STEP-7, AMB-31): speed 1.1 * 2^-1022.",
               {0, 0.625, 4.895162488715843e-308}, {
      {"subnormal-components-of-a-normal-speed-are-raised-along-the-push",
       "Bird 0's new velocity is the push from bird 1 alone, (-0.66, -0.88) * 2^-1022: both components are "
       "subnormal but the speed is not, so it is raised to 1.6 along the push (-3, -4).",
       {"STEP-7", "STEP-5"}, {"SubnormalSpeed", "MinSpeed"},
       {{100, 100, 1, 1}, {103, 104, -31, -31}}, {},
       {speed_becomes(0, kMinSpeed), heads_along(0, -3, -4)}},
  }});
  g.push_back({"Synchronous update and summation order (STEP-1, STATE-2, STEP-6) at full weights.", full, {
      {"synchronous-update-reads-the-flock-at-the-start-of-the-tick",
       "Three birds in a row: updating in place moves the later ones differently.",
       {"STEP-1"}, {"Synchronous"},
       {{100, 100, 2, 0}, {140, 100, 0, 2}, {180, 110, -2, 1}}, {},
       {visibly_differs_from("updates birds in place", in_place)}},
      {"synchronous-update-of-a-pair-reads-both-as-they-stood",
       "Two birds 30 apart: bird 1 steers from where bird 0 stood, not from where it has just moved.",
       {"STEP-1"}, {"Synchronous"},
       {{100, 100, 2, 0}, {130, 100, 0, 2}}, {},
       {turns({0, 1}), visibly_differs_from("updates birds in place", in_place)}},
      {"crowd-sums-neighbours-in-index-order",
       "Eight birds, 20 neighbour pairs, six separating; summing in another order changes bits.",
       {"STATE-2", "STEP-2", "STEP-3", "STEP-4", "STEP-5", "STEP-6"}, {"IndexOrder", "ForceOrder"},
       // The step class, not exact: summing in another order is the engine's
       // loss of pass-exact, never a failure (issue 6: such an engine conforms).
       kCrowd, {}, {bitwise_differs_from("sums neighbours in reverse order", reversed_sums)}},
      {"crowd-adds-the-forces-to-the-velocity-one-at-a-time",
       "The eight-bird crowd: u = ((v + c) + a) + s; summing the forces first, v + ((c + a) + s), changes bits.",
       {"STEP-6"}, {"ForceOrder"},
       kCrowd, {}, {bitwise_differs_from("sums the forces before adding them to v", forces_summed_first)}},
  }});
  g.push_back({"Summation order (STATE-2) at weights 0.5, 0.8, 0.3.", {0.5, 0.8, 0.3}, {
      {"crowd-at-other-weights-sums-neighbours-in-index-order",
       "The eight-bird crowd, one velocity changed, at the weights of the published runs: summing in another order changes bits.",
       {"STATE-2", "STEP-2", "STEP-6"}, {"IndexOrder"},
       kCrowdAtOtherWeights, {}, {bitwise_differs_from("sums neighbours in reverse order", reversed_sums)}},
  }});
  g.push_back({"Cohesion alone across the seam (STEP-3, FIELD-3).", {1, 0, 0}, {
      {"cohesion-across-the-x-seam-pulls-the-short-way",
       "x 980 and x 30 are 50 apart across the seam: each steers toward the other that way.",
       {"STEP-3", "FIELD-3"}, {"Seam"},
       {{980, 300, 0, 2}, {30, 300, 0, 2}}, {},
       {turns({0, 1}), visibly_differs_from("coheres toward the mean position", cohesion_toward_mean_position)}},
  }});
  g.push_back({"The crowd with cohesion off.", {0, 0.5, 0.25}, {
      weight_case("cohesion-weight-0-switches-cohesion-off",
                  "Weight 0 removes cohesion; the other two rules act at 0.5 and 0.25.",
                  {"WEIGHTS-1", "STEP-3"}, "WeightZero", {1, 0.5, 0.25}),
  }});
  g.push_back({"The crowd with cohesion at full strength.", {1, 0.5, 0.25}, {
      weight_case("cohesion-weight-1-is-the-full-rule",
                  "Cohesion at 1, the others weakened: each weight scales its own rule.",
                  {"STEP-3", "WEIGHTS-1"}, "WeightOne", {1, 1, 1}),
  }});
  g.push_back({"The crowd with alignment off.", {0.5, 0, 0.75}, {
      weight_case("alignment-weight-0-switches-alignment-off",
                  "Weight 0 removes alignment; the other two rules act at 0.5 and 0.75.",
                  {"WEIGHTS-1", "STEP-4"}, "WeightZero", {0.5, 1, 0.75}),
  }});
  g.push_back({"The crowd with alignment at full strength.", {0.5, 1, 0.75}, {
      weight_case("alignment-weight-1-is-the-full-rule",
                  "Alignment at 1, the others weakened: each weight scales its own rule.",
                  {"STEP-4", "WEIGHTS-1"}, "WeightOne", {1, 1, 1}),
  }});
  g.push_back({"The crowd with separation off.", {0.25, 0.75, 0}, {
      weight_case("separation-weight-0-switches-separation-off",
                  "Weight 0 removes separation; the other two rules act at 0.25 and 0.75.",
                  {"WEIGHTS-1", "STEP-5"}, "WeightZero", {0.25, 0.75, 1}),
  }});
  g.push_back({"The crowd with separation at full strength.", {0.25, 0.75, 1}, {
      weight_case("separation-weight-1-is-the-full-rule",
                  "Separation at 1, the others weakened: each weight scales its own rule.",
                  {"STEP-5", "WEIGHTS-1"}, "WeightOne", {1, 1, 1}),
  }});
  g.push_back({"The crowd with every rule off.", {0, 0, 0}, {
      {"all-weights-0-leave-every-velocity-unchanged",
       "Every weight 0: the crowd only moves, each bird by its own velocity.",
       {"WEIGHTS-1", "STEP-6"}, {"WeightZero"},
       kCrowd, {}, {keeps_velocity({0, 1, 2, 3, 4, 5, 6, 7})}},
  }});
  for (StepGroup& band : step_band_groups()) {
    g.push_back(std::move(band));
  }
  g.push_back(step_hard_to_round_group());
  return g;
}
// clang-format on

}  // namespace

// The published constructed cases moved (drawn_move, fresh.hpp): each
// keeps its flags, clauses and claims, which to_case checks again on the
// moved state; a case the move breaks, or cannot move, is left out. Band
// cases are drawn anew instead (fresh_step_band_groups).
std::vector<Group> fresh_step_moved_groups(Draws& draw) {
  std::vector<Group> out;
  for (const StepGroup& sg : groups()) {
    Group g{"Moved: " + sg.comment, {{"weights", weights_json(sg.weights)}}, {}};
    for (StepCase c : sg.cases) {
      if (c.band) continue;
      const std::optional<State> moved = drawn_move(draw, c.state);
      if (!moved) continue;
      c.state = *moved;
      c.flags.insert(c.flags.begin(), "Fresh");
      try {
        Case fresh = to_case(c, sg.weights);
        fresh.id = "fresh-step-moved-" + c.name;
        fresh.comment = "Moved by a drawn offset: " + fresh.comment;
        g.cases.push_back(std::move(fresh));
      } catch (const std::logic_error&) {
        // What the case shows depends on where it stands.
      }
    }
    if (!g.cases.empty()) out.push_back(std::move(g));
  }
  return out;
}

VectorFile step_vectors() {
  VectorFile f{
      "step",
      {"One step from constructed states, each built to sit on one rule's edge.",
       "Edge pairs stand at distances every hypot returns exactly (axis deltas, 54-72-90); every other pair "
       "keeps more than 1e-6 from 90 and 28, so a correct engine whose hypot is one ulp off passes the "
       "step class.",
       "Band cases (flags BandInside, BandOutside, MidpointTie) are the exception: their pair's true "
       "distance lies within an ulp of 90 or 28, found with integers, and only the correctly rounded "
       "distance decides them (spec/grading.md, \"An engine without a correctly rounded hypot\"). "
       "HardToRound cases hold a hypot a tiny fraction of an ulp from a midpoint: a libm one costs "
       "pass-exact there, not the step class.",
       "Cases whose fault moves numbers by less than 1e-9 (the wrap to exactly the size, summation order) "
       "use the exact class; their bits are the same for every correct engine, since every distance that "
       "enters the arithmetic is exact and no speed reaches the clamp."},
      step_notes(),
      {}};
  for (const StepGroup& sg : groups()) {
    Group g{sg.comment, {{"weights", weights_json(sg.weights)}}, {}};
    for (const StepCase& c : sg.cases) {
      g.cases.push_back(to_case(c, sg.weights));
    }
    f.groups.push_back(std::move(g));
  }
  f.groups.push_back(step_ticks_group());
  f.groups.push_back(step_bounds_group());
  return f;
}

}  // namespace susurration::generator
