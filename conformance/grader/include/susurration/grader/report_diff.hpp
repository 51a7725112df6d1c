// Two saved grade reports compared case by case: the regression gate of
// `susurration report-diff` (spec/PROTOCOL.md REPORT-4). It reads reports
// only, never a vector set or an engine, so CI can keep last week's JSON
// report and ask what this week's run broke.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace susurration::grader {

using Json = nlohmann::json;

// Throws ReportFormatError (report.hpp) naming the first rule of
// schemas/report.schema.json the document breaks: a diff is only as
// trustworthy as what it reads, so anything but a report this kit's schema
// describes is refused, not half-read.
void check_report(const Json& report);

// The diff of two checked reports, as a document of
// schemas/report-diff.schema.json: the old and new run in a line each,
// whether they were graded against the same vector set, the level of each,
// and the cases that regressed, were fixed or otherwise changed outcome.
Json diff_reports(const Json& old_report, const Json& new_report);

// The text form of a diff: regressions first, then fixes, the level, other
// changes and what could not be compared. Engine-supplied text is shown on
// one line, escaped.
std::string diff_text(const Json& diff);

}  // namespace susurration::grader
