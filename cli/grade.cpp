// `susurration grade`: grade an engine against the vectors (stub).
#include "commands.hpp"
#include "exit_status.hpp"

namespace susurration::cli {

Command add_grade(CLI::App& app) {
  CLI::App* command = app.add_subcommand("grade", "grade an engine against the published vectors");
  return {command, [] { return kInternalError; }};
}

}  // namespace susurration::cli
