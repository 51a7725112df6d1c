// Shared run options and the schedule and claim files.
#include "run_options.hpp"

#include <nlohmann/json.hpp>
#include <set>

#include "json_file.hpp"

#include "susurration/protocol/forms.hpp"
#include "susurration/inputs.hpp"

namespace susurration::cli {

void RunOptions::add_to(CLI::App& command) {
  command.add_option("--seed", seed, "PRNG seed, integer 0..4294967295")->required();
  command.add_option("--birds", birds, "number of birds, 10..400")->capture_default_str();
  command.add_option("--weights", weights, "cohesion,alignment,separation, each in [0, 1]")
      ->capture_default_str();
  command.add_option("--schedule", schedule_file,
                     "JSON file of weight changes [{\"tick\":t,\"cohesion\":c,...}]");
  command.add_option("--backend,--engine", engine,
                     "fast, grid or scan: the fast engine or the plain reference with either "
                     "neighbour query (the same bits)")
      ->capture_default_str();
}

Run parse(const RunOptions& options) {
  Run run{parse_seed(options.seed), parse_birds(options.birds), parse_weights(options.weights),
          {}, Engine::fast};
  if (options.engine == "grid") {
    run.engine = Engine::grid;
  } else if (options.engine == "scan") {
    run.engine = Engine::scan;
  } else if (options.engine != "fast") {
    throw InputError("engine", options.engine, "fast, grid or scan");
  }
  if (!options.schedule_file.empty()) {
    run.schedule = read_schedule(options.schedule_file);
  }
  return run;
}

namespace {

void only_keys(const nlohmann::json& object, const std::set<std::string>& allowed,
               const std::string& field) {
  for (const auto& [key, value] : object.items()) {
    if (!allowed.contains(key)) {
      throw InputError(field, "unknown key \"" + key + "\"", "only the documented keys");
    }
  }
}

// A member read by forms.hpp's readers, named "claim.<key>" in a complaint.
double number(const nlohmann::json& object, const std::string& key, const std::string& field) {
  if (!object.contains(key)) throw InputError(field + "." + key, "missing", "a number");
  return forms::number(object[key], field + "." + key);
}

int integer(const nlohmann::json& object, const std::string& key, const std::string& field,
            int lo, int hi) {
  if (!object.contains(key)) {
    throw InputError(field + "." + key, "missing",
                     "integer " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  return static_cast<int>(forms::integer(object[key], field + "." + key, lo, hi));
}

}  // namespace

std::uint32_t parse_fresh_seed(const std::string& text) {
  try {
    return parse_seed(text);
  } catch (const InputError&) {
    throw InputError("fresh", text, "integer 0..4294967295");
  }
}

// The file's value is read as the engine reads a `schedule` parameter.
Schedule read_schedule(const std::string& path) {
  return forms::schedule(read_json_file<nlohmann::json>("schedule", path));
}

Metrics read_claim(const std::string& path, int at_tick) {
  const nlohmann::json doc = read_json_file<nlohmann::json>("claim", path);
  if (!doc.is_object()) {
    throw InputError("claim", path, "a JSON object of metrics");
  }
  only_keys(doc, {"tick", "note", "polarization", "cluster_count", "mean_neighbor_distance"},
            "claim");
  if (doc.contains("tick")) {
    integer(doc, "tick", "claim", at_tick, at_tick);
  }
  if (doc.contains("note") && !doc["note"].is_string()) {
    throw InputError("claim.note", std::string(doc["note"].type_name()), "a string");
  }
  Metrics claim{number(doc, "polarization", "claim"),
                integer(doc, "cluster_count", "claim", 0, 400), std::nullopt};
  if (!doc.contains("mean_neighbor_distance") || !doc["mean_neighbor_distance"].is_null()) {
    claim.mean_neighbor_distance = number(doc, "mean_neighbor_distance", "claim");
  }
  return claim;
}

}  // namespace susurration::cli
