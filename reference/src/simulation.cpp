// A run from a seed with a weight schedule (spec/sessions-and-traces.md).
#include "susurration/simulation.hpp"

#include <utility>

#include "susurration/init.hpp"
#include "susurration/inputs.hpp"
#include "susurration/step.hpp"

namespace susurration {

// WEIGHTS-3: the last change logged at or before `tick` is in force for
// the step from `tick` to `tick + 1`.
Weights weights_at(const Weights& initial, const Schedule& schedule, int tick) {
  Weights w = initial;
  for (const WeightChange& change : schedule) {
    if (change.tick > tick) {
      break;
    }
    w = change.weights;
  }
  return w;
}

Simulation::Simulation(std::uint32_t seed, int birds, Weights initial, Schedule schedule,
                       Query query)
    : initial_(initial),
      schedule_(std::move(schedule)),
      query_(query),
      state_(initialise(seed, birds)) {}

Metrics Simulation::metrics() const { return measure(state_); }

void Simulation::advance() {
  const Weights w = weights_at(initial_, schedule_, tick_);
  state_ = step(state_, w, query_, &counters_);
  ++tick_;
}

void Simulation::advance(int ticks) {
  check_ticks_per_call(ticks);
  for (int k = 0; k < ticks; ++k) {
    advance();
  }
}

}  // namespace susurration
