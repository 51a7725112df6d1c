// A variant engine: `susurration engine` alone, that is cli/engine.cpp and
// cli/engine_methods.cpp compiled with the variant's flags against the
// variant's copy of the reference (CMakeLists.txt here). The other
// subcommands are left out: they would bring in the generator and the
// grader, built against the plain reference, and nothing of theirs answers
// a request. The exit statuses are cli/main.cpp's.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "commands.hpp"
#include "exit_status.hpp"

int main(int argc, char** argv) {
  using namespace susurration::cli;
  CLI::App app{"a variant of the reference behind the adapter protocol (adapters/variants)"};
  app.require_subcommand(1);
  const Command engine = add_engine(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "usage error: %s (see --help)\n", e.what());
    return kBadInput;
  }
  try {
    return engine.run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return kInternalError;
  }
}
