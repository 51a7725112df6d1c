// The chaos horizon of a run (spec/tolerance.md TOL-5): the first tick at
// which copies of the run leave the metric tolerance against the unperturbed
// run. Six copies start one ulp away in one field of one bird; two more are
// nudged by one ulp in every bird after every step, as an engine whose
// hypot, sin or cos differ in the last bit is, all the time.
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

inline constexpr int kStartCopies = 6;   // copies 0..5: one ulp in the initial state
inline constexpr int kNoisyCopies = 2;   // copies 6, 7: one ulp in every bird after every step
inline constexpr int kEnsembleSize = kStartCopies + kNoisyCopies;

// Copy m (0..5) of the ensemble: bird (m * n) / 6, field m % 4 (x, y, vx,
// vy), moved one ulp up for even m and down for odd m (up where down would
// leave the field).
State perturbed(const State& s, int m);

// Noisy copy k (0 or 1) after the step to tick t: the velocity component
// k (vx, vy) of every bird i moved one ulp, up when i + t is even, down
// when it is odd. Velocities only, so that no position leaves the field.
State nudged(const State& s, int k, int t);

// The metrics of the run at ticks 0..ticks, from `start` (which need not be
// the seeded initial state).
std::vector<Metrics> metrics_run(const State& start, const RunSpec& run, int ticks);

// `base` holds the unperturbed run's metrics for ticks 0..checked_to.
Horizon chaos_horizon(const RunSpec& run, const std::vector<Metrics>& base, int checked_to);

}  // namespace susurration::generator
