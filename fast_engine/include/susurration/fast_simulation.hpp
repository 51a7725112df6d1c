// A run from a seed with a weight schedule on the fast engine: the
// reference's Simulation (simulation.hpp), tick for tick and bit for bit,
// with FastFlock doing the steps and the metrics (spec/determinism.md DET-4).
#pragma once

#include <cstdint>

#include "susurration/fast_engine.hpp"
#include "susurration/metrics.hpp"
#include "susurration/neighbours.hpp"
#include "susurration/simulation.hpp"
#include "susurration/state.hpp"

namespace susurration {

class FastSimulation {
 public:
  // On `threads` threads; no result depends on the count.
  FastSimulation(std::uint32_t seed, int birds, Weights initial, Schedule schedule,
                 int threads = FastFlock::default_threads());

  int tick() const { return tick_; }
  const State& state() const { return flock_.state(); }
  Metrics metrics() const { return flock_.metrics(); }
  // Distance tests are the flock's pre-tests (FastFlock::counters has the
  // cr_hypot calls apart), as the plain grid counts its distance tests.
  const Counters& counters() const { return counters_; }
  const FastFlock& flock() const { return flock_; }

  // Advances one tick with the weights in force at the current tick (WEIGHTS-3).
  void advance();

  // SESSION-2: one stepping call, 1..1000 ticks (throws InputError outside).
  void advance(int ticks);

 private:
  Weights initial_;
  Schedule schedule_;
  FastFlock flock_;
  int tick_ = 0;
  Counters counters_;
};

}  // namespace susurration
