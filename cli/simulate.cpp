// `susurration simulate`: per-tick metrics as JSON Lines, ticks 0..T (METRIC-1).
#include <cstdio>
#include <memory>
#include <string>

#include "commands.hpp"
#include "exit_status.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "run_options.hpp"
#include "susurration/inputs.hpp"
#include "susurration/reference_engine/json_text.hpp"
#include "susurration/serialise.hpp"

namespace susurration::cli {

using reference_engine::metrics_fields;
using reference_engine::state_array;

Command add_simulate(CLI::App& app) {
  struct Options {
    RunOptions run;
    std::string ticks;
    int state_every = 0;
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("simulate", "print per-tick metrics as JSON Lines");
  o->run.add_to(*command);
  command->add_option("--ticks", o->ticks, "ticks to run, 0..20000 (prints ticks 0..T)")
      ->required();
  command->add_option("--state-every", o->state_every,
                      "also print the state (and its hash) every K ticks")
      ->check(CLI::PositiveNumber);
  command->add_flag("--quiet", o->quiet, "no progress on stderr (shown only when stderr is a terminal)");
  return {command, [o] {
    // Everything is checked before the first line is printed.
    const Run run = parse(o->run);
    const int ticks = parse_ticks(o->ticks);
    EngineRun sim(run.engine, run.seed, run.birds, run.weights, run.schedule);
    Progress progress("simulate", "ticks", static_cast<std::size_t>(ticks), o->quiet);
    for (;;) {
      std::string line = "{\"tick\":" + std::to_string(sim.tick()) + "," + metrics_fields(sim.metrics());
      if (o->state_every > 0 && sim.tick() % o->state_every == 0) {
        line += ",\"state_hash\":\"" + hex64(state_hash(sim.state())) +
                "\",\"state\":" + state_array(sim.state());
      }
      line += "}\n";
      // stdout may be the same terminal: the progress line goes first.
      progress.before_output();
      emit(line);
      if (sim.tick() == ticks) {
        break;
      }
      sim.advance();
      progress.update(static_cast<std::size_t>(sim.tick()));
    }
    finish_output();
    return kSuccess;
  }};
}

}  // namespace susurration::cli
