// The `susurration` command line: its subcommands (run_commands.hpp holds
// the exit-status contract).
#include <CLI/CLI.hpp>
#include <vector>

#include "commands.hpp"
#include "run_commands.hpp"
#include "vector_lookup.hpp"

int main(int argc, char** argv) {
  using namespace susurration::cli;
  CLI::App app{"susurration: the Susurration flock reference and conformance kit"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text, "print the kit's version, the spec version and the vectors' manifest hash");
  const std::vector<Command> commands = {add_simulate(app), add_verify(app), add_vectors(app),
                                         add_vectors_diff(app), add_engine(app), add_grade(app)};
  return run_commands(app, commands, argc, argv);
}
