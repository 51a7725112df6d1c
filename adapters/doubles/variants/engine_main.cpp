// A variant engine: `susurration engine` alone, that is the reference engine
// (reference_engine/) compiled with the variant's flags against the
// variant's copy of the reference (CMakeLists.txt here). The other
// subcommands are left out: they would bring in the generator and the
// grader, built against the plain reference, and nothing of theirs answers
// a request. The exit statuses are cli/run_commands.hpp's, as for
// `susurration`.
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "engine_command.hpp"
#include "run_commands.hpp"

int main(int argc, char** argv) {
  using namespace susurration::cli;
  CLI::App app{"a variant of the reference behind the adapter protocol (adapters/doubles/variants)"};
  app.require_subcommand(1);
  return run_commands(app, {add_engine(app)}, argc, argv);
}
