// The diagnosis of a grade run: which clauses explain the failures, most
// likely first, weighed with what passed as evidence (a clause whose
// isolating cases all pass is not the cause), and the cases that passed only
// within tolerance. Every report form shows this one diagnosis.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "susurration/grader/runner.hpp"
#include "susurration/grader/vector_set.hpp"

namespace susurration::grader {

struct Cause {
  std::string clause;                 // e.g. "STEP-3"
  double score = 0;                   // higher is more likely; only the order is meaningful
  std::size_t shown = 0;              // index into run.results: the failing case that best isolates it
  std::vector<std::size_t> explains;  // indices of the failing cases this clause explains
  std::string why;                    // one line for people: the evidence for this cause
};

struct Diagnosis {
  std::vector<Cause> causes;              // most likely first; empty when nothing failed
  std::vector<std::size_t> tolerant_only; // indices of cases that passed within tolerance, not exactly
};

Diagnosis diagnose(const VectorSet& set, const GradeRun& run);

// The keys of the rules that decide a case's evidence, in the order they
// apply: one per row of the two tables of spec/grading.md's PROTO-11.
std::vector<std::string_view> evidence_rule_keys();

}  // namespace susurration::grader
