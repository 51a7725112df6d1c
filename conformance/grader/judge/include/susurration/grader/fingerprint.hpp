// What stands between a conformant engine and exact: the known deviations
// its tolerant results are consistent with (spec/grading.md, REPORT-8).
#pragma once

#include <string>
#include <vector>

#include "susurration/grader/case_result.hpp"

namespace susurration::grader {

struct FingerprintEntry {
  std::string deviation;           // "platform-hypot", "fused-multiply-add", ...
  std::vector<std::string> cases;  // the tolerant cases it explains, in manifest order
  std::string remedy;              // one line: how to remove it
};

// Drawn from the cases alone (so a saved report yields the same): empty
// when no case passed only within tolerance, or none is the evidence of a
// known deviation.
std::vector<FingerprintEntry> fingerprint_of(const std::vector<CaseResult>& cases);

// The JSON report's `fingerprint`: an empty array when none is named (the
// report then leaves the key out).
Json fingerprint_json(const std::vector<CaseResult>& cases);

// The text report's section: each deviation, its cases (the first few) and
// its remedy; "" when there is none.
std::string fingerprint_text(const std::vector<CaseResult>& cases);

// The deviations REPORT-8 names, in the table's order.
std::vector<std::string> fingerprint_deviations();

}  // namespace susurration::grader
