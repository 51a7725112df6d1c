// `susurration engine`: the reference behind spec/PROTOCOL.md (stub).
#include "commands.hpp"
#include "exit_status.hpp"

namespace susurration::cli {

Command add_engine(CLI::App& app) {
  CLI::App* command = app.add_subcommand("engine", "serve the reference over the adapter protocol");
  return {command, [] { return kInternalError; }};
}

}  // namespace susurration::cli
