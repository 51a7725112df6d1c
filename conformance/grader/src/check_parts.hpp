// Pieces shared by the case checks (checks.cpp) and the trajectory check
// (trajectory_check.cpp); internal to the grader.
#pragma once

#include <optional>
#include <string>

#include "susurration/grader/checks.hpp"

namespace susurration::grader {

// A result with the case's identity filled in and nothing judged yet.
CaseResult start_result(const VectorCase& c);

// The clause a wrong value of `field` is reported against.
std::string clause_for(const CaseResult& r, const std::string& field);

// The INIT clause a wrong initial state breaks (INIT-1..3), told from the
// whole state; also for the state at tick 0 of a run.
std::string init_clause(const Json& expected, const Json& actual);

// The clause an engine's wrong mean_neighbor_distance for `state` breaks:
// METRIC-5 when `actual` is a mean (or null) a mistake in METRIC-5 would give
// from the right nearest distances, else METRIC-4 (metric_clause.cpp).
std::string mean_distance_clause(const Json& state, const Json& actual);

// "Flag (bug_type): description" of the case's first flag; with drift, of
// its NearChaosHorizon flag.
std::string hint_for(const VectorCase& c, bool drift);

// Sets the outcome from a comparison: fail, pass-tolerant or pass-exact.
void judge(CaseResult& r, const Comparison& cmp, const std::string& check);

// The clause that ranges the parameter an engine named when it refused a
// valid request as invalid-input; empty when it named none the kit knows.
std::optional<std::string> refused_clause(const Json& error, const std::string& method);

// Records an unsupported (skipped) or refused (fail) answer to a valid
// request; false when the response is a result to be compared.
bool judge_non_result(CaseResult& r, const Response& response, const std::string& method);

// A listed method answered a request the kit needed with an error or
// unsupported: the engine broke (the case is errored), the answer quoted.
// `what` reads on: "listed <what> an error".
[[noreturn]] void answered_without_result(const std::string& what, const Response& r);

// The three checks of a trajectory case (PROTOCOL.md): metrics, anchors, hash.
CaseResult grade_trajectory(const VectorCase& c, Session& session);

}  // namespace susurration::grader
