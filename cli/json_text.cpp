// JSON text of metrics and states.
#include "json_text.hpp"

#include "susurration/serialise.hpp"

namespace susurration::cli {

std::string metrics_fields(const Metrics& m) {
  return "\"polarization\":" + shortest(m.polarization) +
         ",\"cluster_count\":" + std::to_string(m.cluster_count) +
         ",\"mean_neighbor_distance\":" +
         (m.mean_neighbor_distance ? shortest(*m.mean_neighbor_distance) : "null");
}

std::string state_array(const State& s) {
  std::string text = "[";
  for (std::size_t i = 0; i < s.size(); ++i) {
    text += (i == 0 ? "[" : ",[") + shortest(s[i].x) + "," + shortest(s[i].y) + "," +
            shortest(s[i].vx) + "," + shortest(s[i].vy) + "]";
  }
  return text + "]";
}

}  // namespace susurration::cli
