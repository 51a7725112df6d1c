// The `susurration` command line: subcommands and the exit-status contract.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <vector>

#include "commands.hpp"
#include "exit_status.hpp"
#include "susurration/inputs.hpp"

int main(int argc, char** argv) {
  using namespace susurration::cli;
  CLI::App app{"susurration: the Susurration flock reference and conformance kit"};
  app.require_subcommand(1);
  const std::vector<Command> commands = {add_simulate(app), add_verify(app), add_vectors(app),
                                         add_vectors_diff(app), add_engine(app), add_grade(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
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
  } catch (const susurration::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kBadInput;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return kInternalError;
  }
}
