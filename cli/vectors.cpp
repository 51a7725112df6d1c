// `susurration vectors --out DIR`: write every vector file and the manifest.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "exit_status.hpp"
#include "progress.hpp"
#include "run_options.hpp"
#include "susurration/inputs.hpp"
#include "checked_run.hpp"
#include "write_vectors.hpp"

namespace susurration::cli {

Command add_vectors(CLI::App& app) {
  auto out = std::make_shared<std::string>();
  auto quiet = std::make_shared<bool>(false);
  auto fresh = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("vectors", "write every published vector file into DIR");
  command->add_option("--output,--out", *out, "directory to write (created if missing)")->required();
  command->add_option("--fresh", *fresh,
                      "write a fresh set instead: shaped like the published one, drawn from SEED (0..4294967295)");
  command->add_flag("--quiet", *quiet, "no progress on stderr (shown only when stderr is a terminal)");
  return {command, [out, quiet, fresh] {
            // Before the minute of generating: a folder, or a name for one.
            std::error_code ec;
            if (std::filesystem::exists(std::filesystem::symlink_status(*out, ec)) &&
                !std::filesystem::is_directory(*out, ec)) {
              throw InputError("out", *out, "a folder that exists or can be made");
            }
            std::vector<generator::WrittenFile> written;
            try {
              if (!fresh->empty()) {
                // A fresh set takes well under a second: no progress to show.
                written = generator::write_fresh_vectors(*out, parse_fresh_seed(*fresh));
              } else {
                Progress progress("vectors", "files", generator::published_file_count(), *quiet);
                generator::BuildProgress told;
                if (progress.shown()) {
                  told = [&progress](std::size_t done, std::size_t, const std::string& building) {
                    progress.update(done, building);
                  };
                }
                written = generator::write_vectors(*out, told);
                progress.clear();
              }
            } catch (const generator::EnginesDisagree& e) {
              std::fprintf(stderr, "%s\n", e.what());
              return kEnginesDisagree;
            }
            for (const auto& f : written) {
              std::fprintf(stderr, "%-22s %5zu cases  sha256 %s\n", f.name.c_str(), f.cases,
                           f.sha256.c_str());
            }
            return kSuccess;
          }};
}

}  // namespace susurration::cli
