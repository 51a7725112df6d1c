// `susurration report`: what a saved JSON grade report shows, without the
// vectors or the engine. One report: any form grade writes, the same bytes
// `grade --format FORM` wrote for that run (REPORT-2), and with `--badge`
// its badge (REPORT-5). Several, or one with `--board`: a board, the
// reports side by side (REPORT-6), as a page, a JSON table or one line per
// engine. The JSON report carries all either draws, so CI keeps the JSON
// and people look later.
#include <memory>
#include <string>
#include <vector>

#include "atomic_file.hpp"
#include "commands.hpp"
#include "exit_status.hpp"
#include "json_file.hpp"
#include "output.hpp"
#include "susurration/grader/board.hpp"
#include "susurration/grader/report.hpp"
#include "susurration/grader/report_diff.hpp"

namespace susurration::cli {
namespace {

// Checked against its schema first: nothing is drawn but from a report
// this kit could have written.
nlohmann::json read_report(const std::string& path) {
  // The bounds of a vector file: a report is smaller than the set it grades.
  auto report = read_json_file<nlohmann::json>("in", path, vector_file_bounds());
  try {
    grader::check_report(report);
  } catch (const grader::ReportFormatError& e) {
    throw InputError("in", path + ": " + e.what(), "a report written by grade --report json");
  }
  return report;
}

// `--failing-ids`: the ids of the report's failing and errored cases, one
// per line, as `grade --expect-fail` reads them (toml-test's -script and
// wpt's update-expectations do the same), so a known set of failures is
// written by the kit, never by hand.
std::string failing_ids(const nlohmann::json& report) {
  // The header quotes nothing of the report: an engine's command may hold a
  // newline, which would make the rest of it a line of ids.
  std::string out = "# the failing and errored cases of one report (susurration report --failing-ids)\n";
  for (const nlohmann::json& c : report.at("cases")) {
    const std::string outcome = c.at("outcome").get<std::string>();
    if (outcome == "fail" || outcome == "errored") out += c.at("id").get<std::string>() + "\n";
  }
  return out;
}

}  // namespace

Command add_report(CLI::App& app) {
  struct Options {
    std::vector<std::string> in;
    std::string output, badge, format = "html";
    bool failing_ids = false, board = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "report", "draw a saved JSON grade report in any form grade writes, or as a badge; several side by side as a board");
  command->add_option("--in", o->in, "a report written by `grade --format json` (repeat for a board)")->required();
  command->add_option("--output", o->output,
                      "the file to write (a regular file or a new name; - for standard output, the default "
                      "without --badge)");
  command->add_option("--format", o->format,
                      "with one --in, the report in that form as grade wrote it, the same bytes: html (its "
                      "page), text, json (the report itself, checked), junit or earl; with several --in, or "
                      "with --board, their board: html (a page), json (schemas/board.schema.json) or text "
                      "(one line per engine)")
      ->check(CLI::IsMember({"html", "json", "text", "earl", "junit"}));
  command->add_flag("--board", o->board,
                    "draw the board even of one report (its html, json or text), as of several; without it "
                    "one --in draws the report itself");
  command->add_option("--badge", o->badge, "write the report's badge, an SVG of its level (one --in only)");
  command->add_flag("--failing-ids", o->failing_ids,
                    "print the ids of the report's failing and errored cases, a file for grade --expect-fail "
                    "(one --in only)");
  return {command, [o] {
            if (o->failing_ids && (o->in.size() != 1 || !o->badge.empty())) {
              throw InputError("failing-ids", std::to_string(o->in.size()) + " reports",
                               "the failing ids of one report: give --in once, without --badge");
            }
            if (!o->badge.empty() && o->in.size() != 1) {
              throw InputError("badge", o->badge, "a badge of one report: give --in once");
            }
            if ((o->format == "earl" || o->format == "junit") && o->in.size() != 1) {
              throw InputError("format", o->format, "the " + o->format + " form of one report: give --in once");
            }
            if (o->board && (o->failing_ids || o->format == "earl" || o->format == "junit")) {
              throw InputError("board", o->failing_ids ? "--failing-ids" : "--format " + o->format,
                               "a board as html, json or text, without --failing-ids");
            }
            // One report is drawn as itself in every form grade writes;
            // the board is for several, or asked for (--board).
            const bool board = o->board || o->in.size() > 1;
            // Without --output the page goes to standard output, unless only a badge was asked for.
            const bool page_wanted = !o->output.empty() || o->badge.empty();
            const bool to_stdout = o->output.empty() || o->output == "-";
            if (page_wanted && !to_stdout) generator::check_write_target("output", o->output);
            // `--badge -`: the badge on standard output, where the page then cannot go too.
            const bool badge_to_stdout = o->badge == "-";
            if (badge_to_stdout && page_wanted && to_stdout) {
              throw InputError("badge", o->badge, "a file, or - when the page goes to a file (--output FILE)");
            }
            if (!o->badge.empty() && !badge_to_stdout) generator::check_write_target("badge", o->badge);
            std::vector<grader::BoardReport> reports;
            for (const std::string& path : o->in) reports.push_back({path, read_report(path)});
            std::string page, badge;
            try {
              if (!o->badge.empty()) badge = grader::badge_from_report(reports.front().report);
              if (!page_wanted) {
              } else if (o->failing_ids) {
                page = failing_ids(reports.front().report);
              } else if (!board) {
                const nlohmann::json& report = reports.front().report;
                page = o->format == "html"    ? grader::html_from_report(report)
                       : o->format == "text"  ? grader::text_from_report(report)
                       : o->format == "json"  ? grader::json_from_report(report)
                       : o->format == "earl"  ? grader::earl_from_report(report)
                                              : grader::junit_from_report(report);
              } else {
                const nlohmann::json board = grader::board_document(reports);
                page = o->format == "json" ? board.dump(2) + "\n"
                       : o->format == "text" ? grader::board_text(board)
                                             : grader::board_html(board);
              }
            } catch (const grader::ReportFormatError& e) {
              throw InputError("in", e.what(), "reports written by grade --report json");
            }
            if (badge_to_stdout) {
              emit(badge);
              finish_output();
            } else if (!o->badge.empty()) {
              generator::write_atomically(o->badge, badge, "badge");
            }
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
