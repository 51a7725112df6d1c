// A run on the fast engine (fast_simulation.hpp).
#include "susurration/fast_simulation.hpp"

#include <utility>

#include "susurration/init.hpp"
#include "susurration/inputs.hpp"

namespace susurration {

FastSimulation::FastSimulation(std::uint32_t seed, int birds, Weights initial,
                               Schedule schedule, int threads)
    : initial_(initial), schedule_(std::move(schedule)), flock_(initialise(seed, birds), threads) {}

void FastSimulation::advance() {
  flock_.step(weights_at(initial_, schedule_, tick_));
  counters_.distance_tests = flock_.counters().pre_tests;
  counters_.neighbour_pairs = flock_.counters().neighbour_pairs;
  ++tick_;
}

void FastSimulation::advance(int ticks) {
  check_ticks_per_call(ticks);
  for (int k = 0; k < ticks; ++k) {
    advance();
  }
}

}  // namespace susurration
