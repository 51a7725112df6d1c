// JSON text of metrics and states, floats in shortest round-trip form
// (SERIAL-1). Written by hand rather than by a JSON library so the float
// form is ours and the same on every machine.
#pragma once

#include <optional>
#include <string>

#include "susurration/metrics.hpp"
#include "susurration/state.hpp"

namespace susurration::cli {

// "polarization":..,"cluster_count":..,"mean_neighbor_distance":.. (no braces).
std::string metrics_fields(const Metrics& m);

// [[x,y,vx,vy],...]
std::string state_array(const State& s);

}  // namespace susurration::cli
