// The faithful_libm variant's engine: `susurration engine` over the
// reference with a faithful libm (README.md here), whose choices are seeded
// by --libm-seed K, before or after the subcommand:
//   susurration_variant_faithful_libm --libm-seed 7 engine
// Each seed is another libm, as far as the grader can tell.
#include <CLI/CLI.hpp>

#include <cstdint>

#include "commands.hpp"
#include "engine_command.hpp"
#include "libm_seed.hpp"
#include "run_commands.hpp"

int main(int argc, char** argv) {
  using namespace susurration::cli;
  CLI::App app{"the reference with a faithful (not correctly rounded) hypot, sin and cos, "
               "behind the adapter protocol (adapters/doubles/variants)"};
  std::uint64_t seed = 0;
  app.add_option("--libm-seed", seed,
                 "which of the two doubles around the true value each hypot, sin and cos "
                 "returns, hashed with the arguments")
      ->capture_default_str();
  app.require_subcommand(1);
  app.fallthrough();  // `engine --libm-seed 7` as well
  // Parsing sets the seed before the subcommand's callback serves a request.
  app.parse_complete_callback([&seed] { susurration::set_libm_seed(seed); });
  return run_commands(app, {add_engine(app)}, argc, argv);
}
