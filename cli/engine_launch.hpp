// How the kit starts an engine under test (spec/grading.md, PROTO-16): the
// sandbox, the environment it passes on and the files it lets the engine
// read. `grade` and `fuzz` take the same three options and mean the same by
// them, so an engine under fuzz sees no more of the kit than one graded.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace susurration::cli {

struct EngineLaunchOptions {
  std::string sandbox = "auto";           // --sandbox auto|on|off
  std::vector<std::string> env;           // --engine-env NAME (repeatable)
  std::vector<std::string> files;         // --engine-files PATH (repeatable)

  void add_to(CLI::App& command);
};

// Throws InputError naming the first bad value (before anything starts).
void check_engine_launch(const EngineLaunchOptions& options);

// Probes the sandbox once and sets how every engine of this process is
// started. `on` where bubblewrap cannot run throws InputError ("sandbox").
// Returns whether engines run sandboxed.
bool apply_engine_launch(const EngineLaunchOptions& options);

}  // namespace susurration::cli
