// `susurration help [CMD]`, the list of subcommands an unknown one is
// answered with, and the names of option values in every usage line: the
// conventions users of git, cargo and argparse-based tools expect (issue 55).
#include "help.hpp"

#include <cctype>
#include <cstdio>
#include <memory>
#include <map>
#include <string>
#include <utility>

#include "exit_status.hpp"

namespace susurration::cli {
namespace {

// The name each option's value is shown with, where the option's own name
// does not say it. Keyed by subcommand and option (an option by its first
// name: `--format,--report` is --format); an empty subcommand is every
// subcommand. `vectors --output` and `fuzz --output` name a folder.
const std::map<std::pair<std::string, std::string>, std::string>& value_names() {
  static const std::map<std::pair<std::string, std::string>, std::string> names = {
      {{"", "--engine"}, "CMD"},           {{"", "--backend"}, "BACKEND"},
      {{"vectors", "--output"}, "DIR"},    {{"fuzz", "--output"}, "DIR"},
      {{"", "--class-engine"}, "CMD"},
      {{"", "--only"}, "GLOB"},            {{"", "--skip"}, "GLOB"},
      {{"", "--shard"}, "I/N"},            {{"", "--jobs"}, "N"},
      {{"", "--birds"}, "N"},              {{"", "--ticks"}, "N"},
      {{"", "--at-tick"}, "TICK"},         {{"", "--state-every"}, "N"},
      {{"", "--cases"}, "N"},              {{"", "--round"}, "N"},
      {{"", "--timeout"}, "SECONDS"},      {{"", "--budget"}, "SECONDS"},
      {{"", "--seconds"}, "SECONDS"},      {{"", "--shrink-seconds"}, "SECONDS"},
      {{"", "--output"}, "FILE"},          {{"", "--transcript"}, "FILE"},
      {{"", "--expect-fail"}, "FILE"},     {{"", "--claim"}, "FILE"},
      {{"", "--schedule"}, "FILE"},        {{"", "--badge"}, "FILE"},
      {{"", "--in"}, "FILE"},              {{"", "--vectors"}, "DIR"},
      {{"", "--out"}, "DIR"},              {{"", "--expect-manifest"}, "SHA256"},
      {{"", "--also-report"}, "FORMAT=FILE"},
      {{"", "--report"}, "FORMAT"},        {{"", "--format"}, "FORMAT"},
      {{"", "--weights"}, "C,A,S"},        {{"", "--engine-env"}, "NAME"},
      {{"", "--engine-files"}, "PATH"},
  };
  return names;
}

// argparse's rule where the table is silent: the option's name in capitals
// (--seed SEED, --fresh FRESH), never the C++ type (TEXT, INT, FLOAT).
std::string capitals(const std::string& long_name) {
  std::string out;
  for (char c : long_name.substr(long_name.find_first_not_of('-'))) {
    out += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

void name_values_of(CLI::App& command, const std::string& subcommand) {
  for (CLI::Option* option : command.get_options()) {
    if (option->get_expected_max() == 0) continue;  // a flag: no value
    if (option->get_lnames().empty()) {             // a positional: its own name (OLD, NEW_DIR) says it
      option->type_name("");
      continue;
    }
    const std::string name = "--" + option->get_lnames().front();
    const auto& names = value_names();
    auto it = names.find({subcommand, name});
    if (it == names.end()) it = names.find({"", name});
    option->type_name(it != names.end() ? it->second : capitals(name));
  }
}

std::string subcommand_list(const CLI::App& app) {
  std::string out;
  for (const CLI::App* sub : app.get_subcommands({})) out += (out.empty() ? "" : ", ") + sub->get_name();
  return out;
}

}  // namespace

Command add_help(CLI::App& app) {
  auto command_name = std::make_shared<std::string>();
  CLI::App* help = app.add_subcommand("help", "show the help of susurration, or of subcommand CMD");
  help->add_option("CMD", *command_name, "a subcommand");
  return {help, [&app, command_name]() {
            if (command_name->empty()) {
              // Not app.help(), which would show the selected subcommand's: help's own.
              std::fputs(app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal).c_str(),
                         stdout);
              return kSuccess;
            }
            for (CLI::App* sub : app.get_subcommands({})) {
              if (sub->check_name(*command_name)) {
                std::fputs(sub->help(app.get_name()).c_str(), stdout);
                return kSuccess;
              }
            }
            std::fprintf(stderr, "usage error: no subcommand '%s'; the subcommands are %s\n", command_name->c_str(),
                         subcommand_list(app).c_str());
            return kBadInput;
          }};
}

void name_option_values(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands({})) name_values_of(*sub, sub->get_name());
}

std::optional<int> refuse_unknown_subcommand(const CLI::App& app, int argc, char** argv) {
  if (argc > 1 && argv[1][0] == '-') return std::nullopt;  // --help, --version, or a usage error of CLI11's
  if (argc > 1) {
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->check_name(argv[1])) return std::nullopt;
    }
    std::fprintf(stderr, "usage error: no subcommand '%s'; the subcommands are %s (see susurration help)\n", argv[1],
                 subcommand_list(app).c_str());
  } else {
    std::fprintf(stderr, "usage error: a subcommand is required: %s (see susurration help)\n",
                 subcommand_list(app).c_str());
  }
  return kBadInput;
}

}  // namespace susurration::cli
