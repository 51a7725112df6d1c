// Placeholder ranking until the evidence-weighed one lands: each failing
// case's own clause, in manifest order.
#include "susurration/grader/diagnosis.hpp"

#include <map>

namespace susurration::grader {

Diagnosis diagnose(const VectorSet&, const GradeRun& run) {
  Diagnosis d;
  std::map<std::string, std::size_t> at;
  for (std::size_t k = 0; k < run.results.size(); ++k) {
    const CaseResult& r = run.results[k];
    if (r.outcome == Outcome::pass_tolerant) d.tolerant_only.push_back(k);
    if (!counts_as_failure(r) || r.clause.empty()) continue;
    auto [it, added] = at.emplace(r.clause, d.causes.size());
    if (added) d.causes.push_back(Cause{r.clause, 0, k, {}, "the clause of the first failing case that names it"});
    d.causes[it->second].explains.push_back(k);
  }
  return d;
}

}  // namespace susurration::grader
