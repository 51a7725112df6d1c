// `susurration verify`: re-simulate from tick 0 and give the authoritative
// metrics at a tick; with a claim, a verdict (TRACE-1..3).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "commands.hpp"
#include "exit_status.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "run_options.hpp"
#include "susurration/constants.hpp"
#include "susurration/inputs.hpp"
#include "susurration/reference_engine/json_text.hpp"
#include "susurration/serialise.hpp"
#include "susurration/tolerance.hpp"

namespace susurration::cli {

using reference_engine::metrics_fields;

namespace {

struct Options {
  RunOptions run;
  std::string at_tick;
  std::string claim_file;
  double budget_seconds = 10.0;
  bool quiet = false;
};

// TRACE-2: the claim against the kit's metrics; past the window the verdict
// still says how they compare but is indicative (TOL-2), never a failure.
std::string verdict_fields(const Metrics& claim, const Metrics& truth, int at_tick, int& status) {
  const Agreement a = compare_metrics(truth, claim);
  const bool normative = at_tick <= kToleranceWindow;
  status = (a == Agreement::mismatch && normative) ? kMismatch : kSuccess;
  return ",\"claim\":{" + metrics_fields(claim) + "},\"verdict\":\"" + to_string(a) +
         "\",\"window\":\"" + (normative ? "normative" : "indicative") + "\"";
}

}  // namespace

Command add_verify(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* command =
      app.add_subcommand("verify", "re-simulate from tick 0 and check a claim at one tick");
  o->run.add_to(*command);
  command->add_option("--at-tick", o->at_tick, "the tick to verify, 1..20000")->required();
  command->add_option("--claim", o->claim_file, "JSON file of claimed metrics at that tick");
  command->add_option("--budget", o->budget_seconds, "wall-clock budget in seconds, a finite number > 0")
      ->capture_default_str();
  command->add_flag("--quiet", o->quiet, "no progress on stderr (shown only when stderr is a terminal)");
  return {command, [o] {
    // NaN would fail every comparison with the clock: no budget at all.
    if (!(std::isfinite(o->budget_seconds) && o->budget_seconds > 0)) {
      throw InputError("budget", shortest(o->budget_seconds), "seconds, a finite number > 0");
    }
    const Run run = parse(o->run);
    const int at_tick = parse_at_tick(o->at_tick);
    const std::optional<Metrics> claim =
        o->claim_file.empty() ? std::nullopt : std::optional(read_claim(o->claim_file, at_tick));
    const auto start = std::chrono::steady_clock::now();
    const auto budget = std::chrono::duration<double>(o->budget_seconds);
    EngineRun sim(run.engine, run.seed, run.birds, run.weights, run.schedule);
    Progress progress("verify", "ticks", static_cast<std::size_t>(at_tick), o->quiet);
    while (sim.tick() < at_tick) {
      sim.advance();
      progress.update(static_cast<std::size_t>(sim.tick()));
      if (std::chrono::steady_clock::now() - start > budget) {
        progress.clear();
        std::fprintf(stderr,
                     "verify: over the %g s budget after %d of %d ticks; "
                     "lower --at-tick to at most %d\n",
                     o->budget_seconds, sim.tick(), at_tick, sim.tick());
        return kOverBudget;
      }
    }
    progress.clear();
    const Metrics truth = sim.metrics();
    int status = kSuccess;
    std::string line = "{\"seed\":" + std::to_string(run.seed) +
                       ",\"birds\":" + std::to_string(run.birds) +
                       ",\"at_tick\":" + std::to_string(at_tick) + ",\"metrics\":{" +
                       metrics_fields(truth) + "},\"state_hash\":\"" +
                       hex64(state_hash(sim.state())) + "\"";
    if (claim) {
      line += verdict_fields(*claim, truth, at_tick, status);
    }
    line += "}\n";
    emit(line);
    finish_output();
    return status;
  }};
}

}  // namespace susurration::cli
