// The Susurration flock, to be written by you in model.cpp.
//
// engine.cpp speaks the protocol and checks every parameter; it calls only
// the six functions below, with values already in range. Write them in this
// order, grading after each (spec/writing-an-engine.md says how):
//
//   susurration grade --engine build/starter_engine --only 'prng-*'
//
// Build with -ffp-contract=off (CMakeLists.txt does): a fused multiply-add
// changes last bits (DET-1).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace model {

using Bird = std::array<double, 4>;  // x, y, vx, vy
using State = std::vector<Bird>;     // in index order (STATE-1)
using Weights = std::array<double, 3>;  // cohesion, alignment, separation

struct Draws {
  std::vector<std::uint32_t> u32;  // the raw outputs (PRNG-1)
  std::vector<double> next;        // the same draws as doubles (PRNG-2)
};
// mulberry32 from `seed`, its first `skip` draws left out (jump ahead: never
// draw them, skip can be 2^53 - 1), then `count` draws.
Draws prng(std::uint32_t seed, std::uint64_t skip, int count);

// FIELD-3: the delta from a to b on an axis of `size` (1000 or 600).
double torus_delta(double a, double b, double size);

struct Distance {
  double dx, dy, distance;
};
// FIELD-3, FIELD-4: from (x1, y1) to (x2, y2); the distance correctly rounded
// (DET-2: GNU MPFR's mpfr_hypot gives it; std::hypot is not).
Distance torus_distance(double x1, double y1, double x2, double y2);

// INIT-1..3: the state at tick 0 of `birds` birds from `seed`.
State init(std::uint32_t seed, int birds);

// STEP-1..8: the state one tick later (a new one: STEP-1).
State step(const State& state, const Weights& weights);

struct Metrics {
  double polarization;
  int cluster_count;
  std::optional<double> mean_neighbor_distance;  // empty when no bird counts
};
// METRIC-2..5.
Metrics metrics(const State& state);

}  // namespace model
