// The synchronous step (spec/step.md).
#pragma once

#include "susurration/neighbours.hpp"
#include "susurration/state.hpp"

namespace susurration {

// One tick: every bird's new velocity and position from the old state of the
// whole flock (STEP-1). `counters`, if given, accumulates the work done.
State step(const State& old, const Weights& w, Query q = Query::scan,
           Counters* counters = nullptr);

}  // namespace susurration
