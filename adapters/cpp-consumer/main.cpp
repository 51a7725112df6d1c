// Comparing an engine with the reference in the same process, tick by tick,
// bit for bit: the quickest way to find the first tick and bird where a C++
// engine parts from spec/. `my_engine` below stands in for yours: here it is
// the reference with its other neighbour query (Query::grid), which must
// agree with the definition (Query::scan) to the last bit (DET-4).
//
//   compare_with_reference SEED BIRDS TICKS
//
// prints the first difference and exits 1, or prints the final tick's
// metrics and state hash (as `susurration simulate --state-every` does)
// and exits 0.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "susurration/serialise.hpp"
#include "susurration/simulation.hpp"

namespace {

using namespace susurration;

// Your engine: anything that can be started from (seed, birds, weights) and
// advanced one tick at a time, and shows its state.
struct MyEngine {
  Simulation sim;
  MyEngine(std::uint32_t seed, int birds) : sim(seed, birds, Weights{}, {}, Query::grid) {}
  void advance() { sim.advance(); }
  const State& state() const { return sim.state(); }
};

bool report_first_difference(int tick, const State& mine, const State& reference) {
  if (mine.size() != reference.size()) {
    std::printf("tick %d: %zu birds, the reference has %zu\n", tick, mine.size(), reference.size());
    return true;
  }
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (!(mine[i] == reference[i])) {
      std::printf("tick %d, bird %zu: (%s, %s, %s, %s), the reference has (%s, %s, %s, %s)\n", tick, i,
                  shortest(mine[i].x).c_str(), shortest(mine[i].y).c_str(), shortest(mine[i].vx).c_str(),
                  shortest(mine[i].vy).c_str(), shortest(reference[i].x).c_str(),
                  shortest(reference[i].y).c_str(), shortest(reference[i].vx).c_str(),
                  shortest(reference[i].vy).c_str());
      return true;
    }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s SEED BIRDS TICKS\n", argv[0]);
    return 2;
  }
  const auto seed = static_cast<std::uint32_t>(std::strtoul(argv[1], nullptr, 10));
  const int birds = std::atoi(argv[2]);
  const int ticks = std::atoi(argv[3]);

  Simulation reference(seed, birds, Weights{}, {}, Query::scan);
  MyEngine mine(seed, birds);
  for (int tick = 0;; ++tick) {
    if (report_first_difference(tick, mine.state(), reference.state())) return 1;
    if (tick == ticks) break;
    reference.advance();
    mine.advance();
  }
  const Metrics m = reference.metrics();
  std::printf("tick %d: polarization %s, cluster_count %d, mean_neighbor_distance %s, hash %s\n", ticks,
              shortest(m.polarization).c_str(), m.cluster_count,
              m.mean_neighbor_distance ? shortest(*m.mean_neighbor_distance).c_str() : "null",
              hex64(state_hash(reference.state())).c_str());
  return 0;
}
