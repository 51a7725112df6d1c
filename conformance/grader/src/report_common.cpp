// What all three report forms share: counting outcomes, the first failure
// (the diagnosis' top cause's case).
#include "susurration/grader/report.hpp"

#include <string_view>

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

StderrTails stderr_tails(const GradeRun& run) {
  StderrTails t;
  std::map<std::string_view, int> index;
  for (std::size_t k = 0; k < run.results.size(); ++k) {
    const auto& tail = run.results[k].stderr_tail;
    int at = -1;
    if (tail && !tail->empty()) {
      const auto [it, added] = index.emplace(*tail, static_cast<int>(t.tails.size()));
      if (added) {
        t.tails.push_back(tail.get());
        t.first_case.push_back(k);
      }
      at = it->second;
    }
    t.of_case.push_back(at);
  }
  return t;
}

std::string StderrQuoter::operator()(std::size_t result) {
  const int tail = tails_.of_case[result];
  if (tail < 0) return "";
  if (const auto it = shown_.find(tail); it != shown_.end()) return "the same as for " + it->second;
  shown_.emplace(tail, run_.results[result].id);
  return *tails_.tails[static_cast<std::size_t>(tail)];
}

const CaseResult* first_failure(const GradeRun& run) {
  for (const CaseResult& r : run.results) {
    if (counts_as_failure(r)) return &r;
  }
  return nullptr;
}

const CaseResult* first_failure(const GradeRun& run, const Diagnosis& diagnosis) {
  if (!diagnosis.causes.empty()) return &run.results.at(diagnosis.causes.front().shown);
  return first_failure(run);
}

}  // namespace susurration::grader
