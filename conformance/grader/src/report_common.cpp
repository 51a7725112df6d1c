// What all three report forms share: counting outcomes, the first failure.
#include "susurration/grader/report.hpp"

namespace susurration::grader {

void Counts::add(const CaseResult& r) {
  ++by_outcome[r.outcome];
  if (r.drift) ++drift;
  if (r.expected_to_fail && !counts_as_failure(r) && !unexpected_pass(r)) ++expected_failures;
  if (unexpected_pass(r)) ++unexpected_passes;
}

int Counts::of(Outcome o) const {
  const auto it = by_outcome.find(o);
  return it == by_outcome.end() ? 0 : it->second;
}

int Counts::total() const {
  int n = 0;
  for (const auto& [outcome, count] : by_outcome) n += count;
  return n;
}

const CaseResult* first_failure(const GradeRun& run) {
  for (const CaseResult& r : run.results) {
    if (counts_as_failure(r)) return &r;
  }
  return nullptr;
}

}  // namespace susurration::grader
