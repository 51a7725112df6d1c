// `susurration engine`: the reference engine (reference_engine/) serving
// spec/PROTOCOL.md on stdin and stdout. Written in a header so that the
// variants' engines (adapters/doubles/variants), which rebuild the reference engine
// with their own flags, register the very same subcommand.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "commands.hpp"
#include "exit_status.hpp"
#include "output.hpp"
#include "susurration/reference_engine/engine.hpp"

namespace susurration::cli {

inline Command add_engine(CLI::App& app) {
  CLI::App* command = app.add_subcommand(
      "engine", "serve the reference over the adapter protocol (spec/PROTOCOL.md) on stdin/stdout");
  return {command, [] {
    // A failure to write is not answered: it ends the command (main()
    // exits with status 4).
    reference_engine::serve(stdin, [](const std::string& line) {
      emit(line);
      finish_output();
    });
    return kSuccess;
  }};
}

}  // namespace susurration::cli
