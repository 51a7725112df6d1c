// `susurration vectors --out DIR`: write every vector file and the manifest.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "commands.hpp"
#include "exit_status.hpp"
#include "susurration/inputs.hpp"
#include "write_vectors.hpp"

namespace susurration::cli {

Command add_vectors(CLI::App& app) {
  auto out = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("vectors", "write every published vector file into DIR");
  command->add_option("--out", *out, "directory to write (created if missing)")->required();
  return {command, [out] {
            // Before the minute of generating: a folder, or a name for one.
            std::error_code ec;
            if (std::filesystem::exists(std::filesystem::symlink_status(*out, ec)) &&
                !std::filesystem::is_directory(*out, ec)) {
              throw InputError("out", *out, "a folder that exists or can be made");
            }
            for (const auto& f : generator::write_vectors(*out)) {
              std::fprintf(stderr, "%-22s %5zu cases  sha256 %s\n", f.name.c_str(), f.cases,
                           f.sha256.c_str());
            }
            return kSuccess;
          }};
}

}  // namespace susurration::cli
