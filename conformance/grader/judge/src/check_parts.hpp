// Pieces shared by the case checks (checks.cpp) and the trajectory check
// (trajectory_check.cpp); internal to the grader.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

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

// A step's answer that is its input state, where a tick moves it: the
// request took no tick (SESSION-2: one call advances 1 to 1000 ticks),
// which no one rule of the step explains, whichever the case is about.
inline bool took_no_tick(const Json& input, const Json& answer, const Json& expected) {
  return answer == input && expected != input;
}

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

// The rule a refused valid request breaks, when the refusal names one:
// PROTO-5 for unsupported (the engine listed the method), the INPUT clause
// of the parameter an invalid-input error named, PROTO-6 for
// invalid-request (the engine read a valid request as none). Empty for an
// internal error, which accuses what the method computes.
std::string refusal_rule(const Response& response, const std::string& method);

// A request the kit needed within a case (an anchor's step, a segment's
// run_from) came back refused, not answered: the case fails there, as a
// refused valid request does anywhere (judge_non_result).
class RequestRefused : public std::runtime_error {
 public:
  RequestRefused(const std::string& message, std::string method, std::string rule)
      : std::runtime_error(message), method_(std::move(method)), rule_(std::move(rule)) {}
  const std::string& method() const { return method_; }
  const std::string& rule() const { return rule_; }  // refusal_rule's, or empty

 private:
  std::string method_, rule_;
};

// Throws RequestRefused: "listed <method> <what> an error: <the error>".
[[noreturn]] void answered_without_result(const std::string& method, const std::string& what, const Response& r);

// The clause a result of the wrong shape breaks, from where in the result
// its schema found it (`location`, "/result/metrics/cluster_count/3"): the
// defining clause of the value there, as for a wrong value (a draw of 1e19
// is PRNG-2's, an empty bird STATE-1's, a cluster count of 0 METRIC-3's);
// the case's own first clause where the result as a whole is wrong. A
// wrong mean_neighbor_distance leaves METRIC-4 and METRIC-5 both in
// `suspects`.
std::string shape_clause(const CaseResult& r, const std::string& location, std::vector<std::string>& suspects);

// The clauses a wrong answer to `method` accuses when it was asked within a
// case of `category` rather than as the case itself: every STEP clause for
// an anchor's step, every METRIC clause for a state's metrics, and the
// torus rules (FIELD-3..6) each applies. A method
// with a rule of its own is pinned on it instead (pinned_rule_of).
std::vector<std::string> suspects_of(const std::string& method, const std::string& category);
// run_from's PROTO-14 and verify's PROTO-15 inside a trajectory case; else empty.
std::string pinned_rule_of(const std::string& method, const std::string& category);

// The three checks of a trajectory case (grading.md): metrics, anchors, hash.
CaseResult grade_trajectory(const VectorCase& c, Session& session);

}  // namespace susurration::grader
