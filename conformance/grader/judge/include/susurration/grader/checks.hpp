// How each kind of case is asked and judged: the request(s) a case turns
// into and the comparison of the answer (spec/grading.md, "How the kit
// grades the answers").
#pragma once

#include "susurration/grader/case_result.hpp"
#include "susurration/grader/session.hpp"
#include "susurration/grader/vector_set.hpp"

namespace susurration::grader {

// Grades one case on a started session. Throws EngineBroke when the engine
// broke; the caller records that as errored.
CaseResult grade_case(const VectorCase& c, Session& session);

// The capability a case needs (PROTO-8): cases needing one the engine did
// not list are skipped without asking.
std::string capability_of(const VectorCase& c);

}  // namespace susurration::grader
