// The three per-tick metrics (spec/metrics.md).
#pragma once

#include <optional>

#include "susurration/state.hpp"

namespace susurration {

struct Metrics {
  double polarization;
  int cluster_count;
  std::optional<double> mean_neighbor_distance;  // empty is JSON null

  friend bool operator==(const Metrics&, const Metrics&) = default;
};

double polarization(const State& s);
int cluster_count(const State& s);
std::optional<double> mean_neighbor_distance(const State& s);

Metrics measure(const State& s);

}  // namespace susurration
