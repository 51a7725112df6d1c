// The three forms of a grade report: text for people, JSON for tools
// (schemas/report.schema.json), JUnit XML for CI systems.
#pragma once

#include <map>
#include <string>

#include "susurration/grader/runner.hpp"
#include "susurration/grader/selection.hpp"

namespace susurration::grader {

struct ReportInput {
  const VectorSet& set;
  const Selection& selection;
  const GradeOptions& options;
  const GradeRun& run;
};

// Outcome counts of a set of cases.
struct Counts {
  std::map<Outcome, int> by_outcome;
  int drift = 0;
  int expected_failures = 0;   // listed and failed
  int unexpected_passes = 0;   // listed and passed: the list is stale
  void add(const CaseResult& r);
  int of(Outcome o) const;  // 0 for an outcome no case had
  int total() const;
};

// The first case, in manifest order, that counts as a failure.
const CaseResult* first_failure(const GradeRun& run);

std::string text_report(const ReportInput& in);
std::string json_report(const ReportInput& in);
std::string junit_report(const ReportInput& in);

}  // namespace susurration::grader
