// `susurration vectors --out DIR`: write every vector file and the manifest.
#include <cstdio>
#include <memory>
#include <string>

#include "commands.hpp"
#include "exit_status.hpp"
#include "write_vectors.hpp"

namespace susurration::cli {

Command add_vectors(CLI::App& app) {
  auto out = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("vectors", "write every published vector file into DIR");
  command->add_option("--out", *out, "directory to write (created if missing)")->required();
  return {command, [out] {
            for (const auto& f : generator::write_vectors(*out)) {
              std::fprintf(stderr, "%-22s %5zu cases  sha256 %s\n", f.name.c_str(), f.cases,
                           f.sha256.c_str());
            }
            return kSuccess;
          }};
}

}  // namespace susurration::cli
