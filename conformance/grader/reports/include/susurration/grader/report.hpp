// The three forms of a grade report: text for people, JSON for tools
// (schemas/report.schema.json), JUnit XML for CI systems.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "susurration/grader/diagnosis.hpp"
#include "susurration/grader/runner.hpp"
#include "susurration/grader/selection.hpp"

namespace susurration::grader {

struct ReportInput {
  const VectorSet& set;
  const Selection& selection;
  const GradeOptions& options;
  const GradeRun& run;
  const Verdict& verdict;    // grade_verdict(set, selection, run): what every form renders
  const Diagnosis& diagnosis;  // diagnose(set, run), computed once beside the verdict
  std::string date = "";     // when the run was graded, ISO 8601 UTC; shown by the JSON and HTML reports
  std::string command = "";  // the kit's own command line that graded it
};

// grade_verdict and counts_json: verdict.hpp.

// The engine's stderr tails of a run, each distinct one once, in order of
// first appearance: a report quotes a tail once and refers to it from every
// other case, so an engine that fills stderr cannot multiply the report.
struct StderrTails {
  std::vector<const std::string*> tails;
  std::vector<int> of_case;              // per result: index into tails, or -1
  std::vector<std::size_t> first_case;   // per tail: the first result quoting it
};
StderrTails stderr_tails(const GradeRun& run);

// For the reports that quote a tail inside a case (text, JUnit): the whole
// tail for the first case shown that has it, "the same as for <id>" for
// every later one, "" for a case without one.
class StderrQuoter {
 public:
  explicit StderrQuoter(const GradeRun& run) : run_(run), tails_(stderr_tails(run)) {}
  std::string operator()(std::size_t result);

 private:
  const GradeRun& run_;
  StderrTails tails_;
  std::map<int, std::string> shown_;  // tail -> the case it was quoted with
};

// The failing cases as the text report and the HTML page list them
// (spec/grading.md, PROTO-11): one group per cause, in the causes' order,
// holding the case shown for it and then the rest it explains in manifest
// order; a case is listed once, under the first cause that explains it, and
// the failing cases no cause explains make the last group. `failing[k]` says
// whether case k counts as a failure; a cause left with no case to list has
// no group.
struct FailureGroup {
  std::optional<std::size_t> cause;  // index into the causes; empty for the unexplained
  std::vector<std::size_t> cases;    // indices into the cases
};
std::vector<FailureGroup> failures_by_cause(const std::vector<Cause>& causes, const std::vector<bool>& failing);
// A group's count, as its heading gives it: "1 failing case", "3 failing cases".
std::string failing_cases(std::size_t n);

// The first case, in manifest order, whose outcome is unexpected.
const CaseResult* first_failure(const GradeRun& run);
// The failure a report shows first: the case that best isolates the
// diagnosis' top cause (the first in manifest order when no cause names one).
const CaseResult* first_failure(const GradeRun& run, const Diagnosis& diagnosis);

// The one-line command that grades case `id` alone as it was graded (the
// same engine, vector set and timeout; its fresh set's seed for a fresh
// case, else --fresh off) and prints its transcript on standard output.
std::string replay_command(const std::string& engine, const std::string& vectors, const std::string& id,
                           std::optional<std::uint32_t> fresh_seed, double timeout_seconds);

std::string text_report(const ReportInput& in);  // text_from_report(report_document(in))
std::string json_report(const ReportInput& in);  // json_from_report(report_document(in))
// The text report drawn from a JSON report alone (one check_report has
// passed), as the page is: the bytes text_report wrote for the same run.
// A diagnosis naming a case the report lacks throws ReportFormatError.
std::string text_from_report(const Json& report);
// The JSON report as grade writes it: a saved one that check_report has
// passed, read and written again, is the bytes grade wrote (JSON keeps
// every figure exactly, and the keys are written in one order).
std::string json_from_report(const Json& report);

// The JSON report as a value: what json_report writes and what the HTML
// page is drawn from, so a saved JSON report redraws the same page.
Json report_document(const ReportInput& in);

// The HTML page (report_html.cpp): one self-contained file, drawn from the
// JSON report alone, so `susurration report` on a saved JSON report writes
// the same bytes as `grade --report html`. A document that is not a grade
// report throws ReportFormatError naming what is wrong.
// (ReportFormatError is declared in verdict.hpp.)
std::string html_from_report(const Json& report);
// The badge (report_badge.cpp): a small self-contained SVG giving the level,
// the spec version and a short manifest hash, drawn from a JSON report alone.
std::string badge_from_report(const Json& report);
// The EARL report (report_earl.cpp): W3C EARL 1.0 assertions in JSON-LD, one
// per graded case, drawn from a JSON report alone.
std::string earl_from_report(const Json& report);
std::string earl_report(const ReportInput& in);  // earl_from_report(report_document(in))
std::string html_report(const ReportInput& in);  // html_from_report(report_document(in))
std::string junit_report(const ReportInput& in);
// The JUnit report of a saved JSON report (one check_report has passed):
// the bytes junit_report wrote for the same run.
std::string junit_from_report(const Json& report);

}  // namespace susurration::grader
