// A run from a seed with a weight schedule (spec/sessions-and-traces.md).
#pragma once

#include <cstdint>
#include <vector>

#include "susurration/metrics.hpp"
#include "susurration/neighbours.hpp"
#include "susurration/state.hpp"

namespace susurration {

// WEIGHTS-3: a change logged at tick t is in force for the step from tick t
// to tick t + 1 and every later step, until the next change.
struct WeightChange {
  int tick;
  Weights weights;
};

// Changes in strictly increasing tick order (checked by validate_schedule).
using Schedule = std::vector<WeightChange>;

// The weights in force for the step from `tick` to `tick + 1`.
Weights weights_at(const Weights& initial, const Schedule& schedule, int tick);

// The plain step() and measure(), with either neighbour query: both make
// the same world, bit for bit (DET-4). The fast engine (fast_engine/) has a
// run of its own, FastSimulation; the command line chooses between them.
class Simulation {
 public:
  Simulation(std::uint32_t seed, int birds, Weights initial, Schedule schedule,
             Query query = Query::grid);

  int tick() const { return tick_; }
  const State& state() const { return state_; }
  Metrics metrics() const;
  const Counters& counters() const { return counters_; }

  // Advances one tick with the weights in force at the current tick.
  void advance();

  // SESSION-2: one stepping call, 1..1000 ticks (throws InputError outside).
  void advance(int ticks);

 private:
  Weights initial_;
  Schedule schedule_;
  Query query_;
  State state_;
  int tick_ = 0;
  Counters counters_;
};

}  // namespace susurration
