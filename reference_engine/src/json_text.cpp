// JSON text of metrics and states.
#include "susurration/reference_engine/json_text.hpp"

#include "susurration/serialise.hpp"

namespace susurration::reference_engine {

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

void append_compact(const nlohmann::ordered_json& v, std::string& out, std::string_view comma,
                    std::string_view colon) {
  if (v.is_number_float()) {
    out += shortest(v.get<double>());
  } else if (v.is_array()) {
    out += '[';
    for (std::size_t k = 0; k < v.size(); ++k) {
      if (k > 0) out += comma;
      append_compact(v[k], out, comma, colon);
    }
    out += ']';
  } else if (v.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, value] : v.items()) {
      if (!first) out += comma;
      first = false;
      out += nlohmann::ordered_json(key).dump();
      out += colon;
      append_compact(value, out, comma, colon);
    }
    out += '}';
  } else {
    // Integers, strings (escaped; bytes that are not UTF-8 replaced, so an
    // engine's odd input never makes an invalid line), true, false, null.
    out += v.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  }
}

}  // namespace susurration::reference_engine
