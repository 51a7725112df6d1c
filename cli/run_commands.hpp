// Parsing the command line and running the chosen subcommand, with the
// exit-status contract (spec/sessions-and-traces.md TRACE-5, TRACE-6): the
// one place it is written, shared by `susurration` and the engine variants
// of adapters/doubles/variants.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <vector>

#include "commands.hpp"
#include "exit_status.hpp"
#include "susurration/inputs.hpp"

namespace susurration::cli {

inline int run_commands(CLI::App& app, const std::vector<Command>& commands, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, then the exit status for bad input (INPUT-8).
    std::fprintf(stderr, "usage error: %s (see --help)\n", e.what());
    return kBadInput;
  }
  try {
    for (const Command& command : commands) {
      if (command.app->parsed()) {
        return command.run();
      }
    }
    return kInternalError;
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kBadInput;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return kInternalError;
  }
}

}  // namespace susurration::cli
