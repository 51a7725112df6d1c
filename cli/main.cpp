// The `susurration` command line: its subcommands (run_commands.hpp holds
// the exit-status contract).
#include <CLI/CLI.hpp>
#include <vector>

#include "commands.hpp"
#include "engine_command.hpp"
#include "help.hpp"
#include "run_commands.hpp"
#include "vector_lookup.hpp"

namespace susurration::cli {
namespace {
std::string command_line;

// Single quotes around any word a shell would split or expand.
std::string shell_word(const std::string& w) {
  if (!w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=,:+@%") ==
                        std::string::npos) {
    return w;
  }
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

const std::string& invocation() { return command_line; }
}  // namespace susurration::cli

int main(int argc, char** argv) {
  using namespace susurration::cli;
  for (int k = 0; k < argc; ++k) command_line += (k ? " " : "") + shell_word(argv[k]);
  // Named, so that usage lines say `susurration`, not the path it was run by.
  CLI::App app{"susurration: the Susurration flock reference and conformance kit", "susurration"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text, "print the kit's version, the spec version and the vectors' manifest hash");
  const std::vector<Command> commands = {add_simulate(app), add_verify(app), add_vectors(app),
                                         add_vectors_diff(app), add_engine(app), add_grade(app),
                                         add_report(app), add_report_diff(app), add_fuzz(app),
                                         add_help(app)};
  name_option_values(app);
  if (const auto refused = refuse_unknown_subcommand(app, argc, argv)) return *refused;
  return run_commands(app, commands, argc, argv);
}
