// The command line's conventions (issue 55): `help [CMD]`, the answer to an
// unknown subcommand, and a name for every option's value.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>

#include "commands.hpp"

namespace susurration::cli {

// `susurration help` prints the kit's help, `help CMD` that subcommand's;
// an unknown CMD is a usage error that lists the subcommands.
Command add_help(CLI::App& app);

// Every option of every subcommand shows a name for its value (SEED, N,
// GLOB, FILE, CMD), never its C++ type. Called once all are registered.
void name_option_values(CLI::App& app);

// The usage status, after one line listing the subcommands, when the first
// word names none (or there is none); nothing when parsing may go on.
std::optional<int> refuse_unknown_subcommand(const CLI::App& app, int argc, char** argv);

}  // namespace susurration::cli
