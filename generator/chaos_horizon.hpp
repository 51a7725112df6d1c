// The chaos horizon of a run (spec/tolerance.md TOL-5): the first tick at
// which copies of the run, each started one ulp away in one field of one
// bird, leave the metric tolerance against the unperturbed run.
#pragma once

#include <optional>
#include <vector>

#include "susurration/metrics.hpp"
#include "susurration/simulation.hpp"
#include "susurration/state.hpp"

namespace susurration::generator {

// A run as the vectors describe it.
struct RunSpec {
  std::uint32_t seed;
  int birds;
  Weights weights;
  Schedule schedule;
};

struct Horizon {
  std::optional<int> first_tick;  // empty: no copy left the tolerance by checked_to
  int checked_to;
  int ensemble;
};

inline constexpr int kEnsembleSize = 6;

// Copy m of the ensemble: bird (m * n) / 6, field m % 4 (x, y, vx, vy),
// moved one ulp up for even m and down for odd m (up where down would
// leave the field).
State perturbed(const State& s, int m);

// The metrics of the run at ticks 0..ticks, from `start` (which need not be
// the seeded initial state).
std::vector<Metrics> metrics_run(const State& start, const RunSpec& run, int ticks);

// `base` holds the unperturbed run's metrics for ticks 0..checked_to.
Horizon chaos_horizon(const RunSpec& run, const std::vector<Metrics>& base, int checked_to);

}  // namespace susurration::generator
