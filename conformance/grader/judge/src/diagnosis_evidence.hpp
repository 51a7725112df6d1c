// The evidence of one graded case (spec/grading.md, "How a report ranks
// causes", PROTO-11): which clause it isolates, whether pinned, and which
// clauses it tests. diagnosis_evidence.cpp decides it by kRules, one rule
// per row of the section's two tables; diagnosis.cpp weighs it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "susurration/grader/case_result.hpp"
#include "susurration/grader/vector_set.hpp"

namespace susurration::grader::evidence {

struct Evidence {
  std::vector<std::string> tests;  // every clause the case checks
  std::string primary;             // the clause it isolates
  bool pinned = false;             // the grader's check found primary in the difference itself
};

// A case the engine broke on says which rule it broke, not whether the
// clauses it checks hold: it is explained, but it neither clears nor
// accuses an isolated clause.
bool graded(const CaseResult& r);
bool failed(const CaseResult& r);

// Adds `clauses` to what the evidence tests, each once.
void also_tests(Evidence& e, const std::vector<std::string>& clauses);

// A failing case starts from the clause its check reported, pinned when
// that is not the case's own first clause; a passing one from its first
// clause, the one its author says it is about. Then every row of kRules
// decided here that holds. `c` is null for a case not in the set;
// `init_clauses` are the clauses every init case checks (row tick-0).
Evidence evidence_of(const CaseResult& r, const VectorCase* c, const std::vector<std::string>& init_clauses);

// The rules' keys, in the order they apply (diagnosis.hpp's evidence_rule_keys).
std::vector<std::string_view> rule_keys();

}  // namespace susurration::grader::evidence
