// JSON text of metrics and states, floats in shortest round-trip form
// (SERIAL-1). Written by hand rather than by a JSON library so the float
// form is ours and the same on every machine.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "susurration/metrics.hpp"
#include "susurration/state.hpp"

namespace susurration::reference_engine {

// "polarization":..,"cluster_count":..,"mean_neighbor_distance":.. (no braces).
std::string metrics_fields(const Metrics& m);

// [[x,y,vx,vy],...]
std::string state_array(const State& s);

// Any JSON value on one line, floats in shortest round-trip form with the
// sign of zero kept, keys in their order, and the given separators: ","
// and ":" for protocol lines, ", " and ": " for people.
void append_compact(const nlohmann::ordered_json& v, std::string& out, std::string_view comma = ",",
                    std::string_view colon = ":");

}  // namespace susurration::reference_engine
