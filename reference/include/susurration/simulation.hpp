// A run from a seed with a weight schedule (spec/sessions-and-traces.md).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "susurration/fast_engine.hpp"
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

// Which engine runs a Simulation. All three make the same world, bit for bit
// (DET-4); they differ in speed.
enum class Engine {
  fast,  // FastFlock (fast_engine.hpp) on FastFlock::default_threads() threads
  grid,  // the plain step() with Query::grid and measure()
  scan,  // the plain step() with Query::scan and measure(): the definition
};

class Simulation {
 public:
  Simulation(std::uint32_t seed, int birds, Weights initial, Schedule schedule,
             Engine engine = Engine::fast);
  // The plain step() with this neighbour query.
  Simulation(std::uint32_t seed, int birds, Weights initial, Schedule schedule, Query query);

  int tick() const { return tick_; }
  const State& state() const;
  Metrics metrics() const;
  // Engine::fast counts its pre-tests as distance tests (FastFlock::counters
  // has the cr_hypot calls apart).
  const Counters& counters() const { return counters_; }

  // Advances one tick with the weights in force at the current tick.
  void advance();

  // SESSION-2: one stepping call, 1..1000 ticks (throws InputError outside).
  void advance(int ticks);

 private:
  Weights initial_;
  Schedule schedule_;
  Query query_;
  State state_;                    // the plain engines' state
  std::optional<FastFlock> fast_;  // Engine::fast's flock, with its own state
  int tick_ = 0;
  Counters counters_;
};

}  // namespace susurration
