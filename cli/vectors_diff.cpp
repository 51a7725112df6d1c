// `susurration vectors-diff OLD NEW` (being written).
#include "commands.hpp"
#include "exit_status.hpp"

namespace susurration::cli {

Command add_vectors_diff(CLI::App& app) {
  CLI::App* command = app.add_subcommand("vectors-diff", "compare two vector sets case by case");
  return {command, [] { return kInternalError; }};
}

}  // namespace susurration::cli
