// The engine a command runs (--engine): the choice lives here, in the
// command line, so that the reference never depends on the fast engine.
#pragma once

#include <cstdint>
#include <variant>

#include "susurration/fast_simulation.hpp"
#include "susurration/metrics.hpp"
#include "susurration/neighbours.hpp"
#include "susurration/simulation.hpp"
#include "susurration/state.hpp"

namespace susurration::cli {

// All three make the same world, bit for bit (DET-4); they differ in speed.
enum class Engine {
  fast,  // FastSimulation (fast_engine/) on FastFlock::default_threads() threads
  grid,  // the reference's Simulation with Query::grid
  scan,  // the reference's Simulation with Query::scan: the definition
};

// A run from a seed with a weight schedule on the chosen engine, with
// Simulation's interface.
class EngineRun {
 public:
  EngineRun(Engine engine, std::uint32_t seed, int birds, Weights initial, Schedule schedule);

  int tick() const;
  const State& state() const;
  Metrics metrics() const;
  const Counters& counters() const;
  void advance();

 private:
  std::variant<FastSimulation, Simulation> run_;
};

}  // namespace susurration::cli
