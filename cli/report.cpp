// `susurration report --in REPORT.json --output FILE.html`: the HTML page
// of a saved JSON grade report, the same bytes `grade --report html` writes
// for that run. The JSON report carries all the page draws (the metric
// columns of both sides, the states of failing cases), so no vector set is
// needed: CI keeps the JSON, people look later. `--badge FILE.svg` draws
// the report's badge (REPORT-5) as well, or instead when no --output is
// given.
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

Command add_report(CLI::App& app) {
  struct Options {
    std::string in, output, badge;
  };
  auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("report", "draw the HTML page or the badge of a saved JSON grade report");
  command->add_option("--in", o->in, "a report written by `grade --report json`")->required();
  command->add_option("--output", o->output,
                      "the page to write (a regular file or a new name; - for standard output, the default without "
                      "--badge)");
  command->add_option("--badge", o->badge, "also write the report's badge, an SVG of its level (a regular file or a new name)");
  return {command, [o] {
            // Without --output the page goes to standard output, unless only a badge was asked for.
            const bool page_wanted = !o->output.empty() || o->badge.empty();
            const bool to_stdout = o->output.empty() || o->output == "-";
            if (page_wanted && !to_stdout) generator::check_write_target("output", o->output);
            if (!o->badge.empty()) generator::check_write_target("badge", o->badge);
            // The bounds of a vector file: a report is smaller than the set it grades.
            const auto report = read_json_file<nlohmann::json>("in", o->in, vector_file_bounds());
            std::string page, badge;
            try {
              // Checked against its schema first: a page or a badge is drawn
              // only from a report this kit could have written.
              grader::check_report(report);
              if (page_wanted) page = grader::html_from_report(report);
              if (!o->badge.empty()) badge = grader::badge_from_report(report);
            } catch (const grader::ReportFormatError& e) {
              throw InputError("in", o->in + ": " + e.what(), "a report written by grade --report json");
            }
            if (!o->badge.empty()) generator::write_atomically(o->badge, badge, "badge");
            if (!page_wanted) return kSuccess;
            if (to_stdout) {
              emit(page);
              finish_output();
            } else {
              generator::write_atomically(o->output, page, "output");
            }
            return kSuccess;
          }};
}

}  // namespace susurration::cli
