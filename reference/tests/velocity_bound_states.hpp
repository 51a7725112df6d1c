// States at INPUT-9's velocity bounds, with every bird a neighbour of every
// other (the largest sums) and the closest allowed separation (the largest
// separation force): Inputs.NoStateAtTheVelocityBoundsStepsOrMeasuresToANonFiniteValue
// steps them with the reference, FastEngine.StepsStatesAtTheVelocityBoundsAsTheReference
// with the fast engine too.
#pragma once

#include <limits>
#include <utility>
#include <vector>

#include "susurration/state.hpp"

namespace susurration::test_states {

inline std::vector<std::pair<const char*, State>> velocity_bound_states() {
  const double max = 1e150, min = 1e-150;
  const double subnormal = std::numeric_limits<double>::denorm_min();
  const auto flock = [](int n, auto bird) {
    State s;
    for (int i = 0; i < n; ++i) s.push_back(bird(i));
    return s;
  };
  return {
      {"lone bird at the largest velocity", {{500, 300, max, -max}}},
      {"lone bird at the smallest speed", {{500, 300, min, 0}}},
      {"lone bird at the smallest speed, one subnormal component", {{500, 300, subnormal, -min}}},
      {"400 birds in one place at the largest velocity",
       flock(400, [&](int) { return Bird{500, 300, max, max}; })},
      {"400 birds in one place, largest velocities opposed",
       flock(400, [&](int i) { return Bird{500, 300, i % 2 ? max : -max, i % 2 ? -max : max}; })},
      {"400 birds 1e-150 apart at the largest velocity",
       flock(400, [&](int i) { return Bird{1e-150 * (i % 2), 300 + 0.01 * (i / 2), max, -max}; })},
      {"400 birds in one place at the smallest speed",
       flock(400, [&](int i) { return Bird{500, 300, i % 2 ? min : -min, subnormal}; })},
      {"400 birds, smallest and largest speeds mixed",
       flock(400, [&](int i) { return Bird{500 + 0.1 * i, 300, i % 2 ? min : max, i % 3 ? -min : 0.0}; })},
      // At weights [1, 1, 1] the forces cancel bird 0's velocity to a
      // subnormal speed (STEP-7, AMB-31): (0, about -5e-312) here.
      {"forces cancelling a velocity to a subnormal speed",
       {{500, 0, 0, 1}, {500, 10, 0, -19}, {500, 590, 0, -19}, {510, 1e-310, 0, -19}, {490, 1e-310, 0, -19}}},
      {"forces cancelling both components to subnormals",
       {{0, 0, 1, 1}, {10, 1e-310, -19, -19}, {990, 1e-310, -19, -19}, {1e-310, 10, -19, -19}, {1e-310, 590, -19, -19}}},
      // At [1, 0.625, 1]: (about 4.5e-313, 0), step.json's case.
      {"forces cancelling a velocity to a subnormal at alignment 0.625",
       {{0, 0, 0, 1}, {1e-310, 40, 0, -31}, {1e-310, 560, 0, -31}}},
  };
}

}  // namespace susurration::test_states
