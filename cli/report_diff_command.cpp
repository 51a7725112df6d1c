// `susurration report-diff OLD.json NEW.json`: the regression gate
// (spec/grading.md REPORT-4). Exit 0 with no regression, 1 with one, 2 on
// a usage error or a file that is not a grade report (a report whose level
// or counts its cases do not give included), 6 when the two were
// graded against different vector sets (the gate cannot say what it claims:
// regrade the baseline), 4 when the output cannot be written.
#include <memory>
#include <string>

#include "atomic_file.hpp"
#include "commands.hpp"
#include "exit_status.hpp"
#include "json_file.hpp"
#include "output.hpp"
#include "susurration/grader/report.hpp"
#include "susurration/grader/report_diff.hpp"

namespace susurration::cli {
namespace {

nlohmann::json read_report(const std::string& field, const std::string& path) {
  // The bounds of a vector file: a report is smaller than the set it grades.
  auto report = read_json_file<nlohmann::json>(field, path, vector_file_bounds());
  try {
    grader::check_report(report);
  } catch (const grader::ReportFormatError& e) {
    throw InputError(field, path + ": " + e.what(), "a report written by grade --report json");
  }
  return report;
}

}  // namespace

Command add_report_diff(CLI::App& app) {
  struct Options {
    std::string old_path, new_path, format = "text", output;
    bool allow_missing = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* command =
      app.add_subcommand("report-diff", "compare two saved JSON grade reports: what regressed, what was fixed");
  command->add_option("OLD", o->old_path, "the baseline, a report written by `grade --report json`")->required();
  command->add_option("NEW", o->new_path, "the report to compare with it")->required();
  command->add_option("--format", o->format, "text or json (schemas/report-diff.schema.json)")
      ->check(CLI::IsMember({"text", "json"}));
  command->add_option("--output", o->output, "write to this file (a regular file or a new name; - for standard output)");
  command->add_flag("--allow-missing", o->allow_missing,
                    "a case of OLD that NEW did not grade is listed and counted, not a regression");
  command->footer(
      "Exit statuses: 0 no regression; 1 a regression: a case that passed in OLD fails, errored or is skipped\n"
      "in NEW, a case of OLD is missing from NEW (unless --allow-missing), a fresh file's share of cases not\n"
      "passing rose (fresh sets of other seeds), or the level is worse, whatever the selections; 2 a usage\n"
      "error, or a file that is not a grade report or whose level or counts its cases do not give; 4 the\n"
      "output could not be written; 6 the two were graded against different vector sets.");
  return {command, [o] {
            const bool to_stdout = o->output.empty() || o->output == "-";
            if (!to_stdout) generator::check_write_target("output", o->output);
            const nlohmann::json old_report = read_report("OLD", o->old_path);
            const nlohmann::json new_report = read_report("NEW", o->new_path);
            const nlohmann::json diff = grader::diff_reports(old_report, new_report, {o->allow_missing});
            const std::string text = o->format == "json" ? diff.dump(2) + "\n" : grader::diff_text(diff);
            if (to_stdout) {
              emit(text);
              finish_output();
            } else {
              generator::write_atomically(o->output, text, "output");
            }
            if (!diff.at("same_vectors").get<bool>()) return kManifestMismatch;
            return diff.at("regressed").get<bool>() ? kMismatch : kSuccess;
          }};
}

}  // namespace susurration::cli
