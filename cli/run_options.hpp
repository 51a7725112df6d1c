// The options every run shares (--seed, --birds, --weights, --schedule) and
// the JSON files a user may hand in.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "engine_choice.hpp"
#include "susurration/metrics.hpp"
#include "susurration/simulation.hpp"

namespace susurration::cli {

// Options as the user typed them; parse() checks them against spec/inputs.md.
struct RunOptions {
  std::string seed;
  std::string birds = "120";
  std::string weights = "1,1,1";
  std::string schedule_file;
  std::string engine = "fast";

  void add_to(CLI::App& command);
};

struct Run {
  std::uint32_t seed;
  int birds;
  Weights weights;
  Schedule schedule;
  Engine engine;  // --engine: which engine the commands run (EngineRun)
};

// Throws InputError naming the first bad value.
Run parse(const RunOptions& options);

// A schedule file: [{"tick": t, "cohesion": c, "alignment": a, "separation": s}, ...].
Schedule read_schedule(const std::string& path);

// A claim file: {"polarization": p, "cluster_count": c, "mean_neighbor_distance": m|null}
// with optional "tick" (must equal at_tick) and "note".
Metrics read_claim(const std::string& path, int at_tick);

// --fresh SEED of `vectors` and `grade`: a seed as INPUT-1 reads one,
// refused as the option "fresh".
std::uint32_t parse_fresh_seed(const std::string& text);

}  // namespace susurration::cli
