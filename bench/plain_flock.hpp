// The yardstick of issue 15: the textbook all-pairs boids step, with the
// platform's hypot, compiled -O2 (bench/CMakeLists.txt). BENCHMARKS.md gives
// `verify` on the fast engine as a ratio to it, measured side by side. Not
// part of the kit: glibc's hypot is not correctly rounded, so its bits
// drift from the reference's (it is conformant, not exact).
#pragma once

#include "susurration/state.hpp"

namespace susurration::bench {

// One tick of spec/step.md, every ordered pair tested.
State plain_step(const State& old, const Weights& w);

}  // namespace susurration::bench
