// Two saved grade reports compared case by case: the regression gate of
// `susurration report-diff` (spec/grading.md REPORT-4). It reads reports
// only, never a vector set or an engine, so CI can keep last week's JSON
// report and ask what this week's run broke.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "susurration/grader/diagnosis.hpp"
#include "susurration/grader/runner.hpp"

namespace susurration::grader {

using Json = nlohmann::json;

// Throws ReportFormatError (report.hpp) naming the first rule of
// schemas/report.schema.json the document breaks (every count and size in
// it is bounded), or the first figure (counts, categories, clauses, level,
// cases_selected) that its cases do not give: a diff or a page is only as
// trustworthy as what it reads, so anything but a report this kit could
// have written is refused, not half-read (report_check.cpp).
void check_report(const Json& report);

// A report's cases as the grader's results, so that the grader's own rules
// (Counts::add, verdict_of) recompute its figures: never a second copy.
GradeRun run_of_report(const Json& report);
// The diagnosis a report states, over run_of_report's cases: the grader
// cannot diagnose again without the vector set, so it is read, each case
// it names looked up among the report's cases (ReportFormatError if one is
// not there).
Diagnosis diagnosis_of_report(const Json& report, const GradeRun& run);
Json counts_of_report(const Json& report);      // as report.schema.json's counts
std::string level_of_report(const Json& report);  // verdict_of's level, as report.schema.json spells it

// The diff of two checked reports, as a document of
// schemas/report-diff.schema.json: the old and new run in a line each,
// whether they were graded against the same vector set, the level of each,
// and the cases that regressed, were fixed or otherwise changed outcome.
struct DiffOptions {
  // --allow-missing: a case of OLD that NEW did not grade is listed and
  // counted, not a regression.
  bool allow_missing = false;
};
Json diff_reports(const Json& old_report, const Json& new_report, const DiffOptions& options = {});

// The text form of a diff: regressions first, then fixes, the level, other
// changes and what could not be compared. Engine-supplied text is shown on
// one line, escaped.
std::string diff_text(const Json& diff);

}  // namespace susurration::grader
