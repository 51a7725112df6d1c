// Each subcommand registers itself on the app and returns the function that
// runs it once the command line has been parsed.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

namespace susurration::cli {

struct Command {
  CLI::App* app;
  std::function<int()> run;  // returns the exit status (exit_status.hpp)
};

Command add_simulate(CLI::App& app);
Command add_verify(CLI::App& app);
Command add_vectors(CLI::App& app);
Command add_vectors_diff(CLI::App& app);
// add_engine: engine_command.hpp, the reference engine behind spec/PROTOCOL.md
Command add_grade(CLI::App& app);   // grade.cpp: grade an engine against the vectors
Command add_report(CLI::App& app);  // report_command.cpp: a saved JSON grade report as an HTML page
Command add_report_diff(CLI::App& app);  // report_diff_command.cpp: two saved JSON grade reports compared
Command add_fuzz(CLI::App& app);    // fuzz.cpp: differential testing against the reference

// The command line this process was started with, as a shell would read it
// back (main.cpp): reports say what produced them.
const std::string& invocation();

}  // namespace susurration::cli
