// The engine-launch options grade and fuzz share (engine_launch.hpp).
#include "engine_launch.hpp"

#include <filesystem>
#include <system_error>

#include "susurration/grader/engine_process.hpp"
#include "susurration/grader/sandbox.hpp"
#include "susurration/inputs.hpp"
#include "vector_lookup.hpp"

namespace susurration::cli {

void EngineLaunchOptions::add_to(CLI::App& command) {
  command.add_option("--sandbox", sandbox,
                     "run each engine inside a bubblewrap sandbox (spec/grading.md, PROTO-16): auto (where bwrap "
                     "works), on (refuse to run without it) or off")
      ->capture_default_str();
  command.add_option("--engine-env", env,
                     "pass this environment variable on to the engine (repeatable); it otherwise gets PATH, HOME, "
                     "LANG and TMPDIR alone");
  command.add_option("--engine-files", files,
                     "a file or folder the engine reads, readable inside the sandbox beside its command's own "
                     "(repeatable; the program's and each file argument's folder are readable already)");
}

void check_engine_launch(const EngineLaunchOptions& o) {
  if (o.sandbox != "auto" && o.sandbox != "on" && o.sandbox != "off") {
    throw InputError("sandbox", o.sandbox, "auto, on or off");
  }
  for (const std::string& path : o.files) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError("engine-files", path, "an existing file or folder");
  }
  for (const std::string& name : o.env) {
    if (name.empty() || name.find('=') != std::string::npos || name == grader::kEngineTokenVariable) {
      throw InputError("engine-env", name,
                       std::string("the name of an environment variable, not ") + grader::kEngineTokenVariable);
    }
  }
}

bool apply_engine_launch(const EngineLaunchOptions& o) {
  const std::string no_sandbox = o.sandbox == "off" ? "" : grader::sandbox_unavailable();
  if (o.sandbox == "on" && !no_sandbox.empty()) {
    throw InputError("sandbox", "on", "auto or off here: " + no_sandbox);
  }
  const bool sandboxed = o.sandbox != "off" && no_sandbox.empty();
  grader::set_engine_launch({sandboxed, o.env, o.files});
  grader::set_kit_adapters(adapters_beside_binary());
  return sandboxed;
}

}  // namespace susurration::cli
