// What grading one case found: the outcome and, when it is not a clean
// pass, where and why (the first tick, bird and field, the clause, a hint).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "susurration/grader/compare.hpp"

namespace susurration::grader {

// Kept apart as toml-test keeps them apart: the engine is wrong (fail), the
// engine declined (skipped), the case did not finish though nothing was
// wrong (errored: a deadline missed by an engine still answering, which is
// slow, not stuck; spec/grading.md, Levels). An engine that broke on a
// case (a crash, a line that is not the response, a result its schema
// refuses, a deadline missed on an input it is stuck on) fails it.
enum class Outcome { pass_exact, pass_tolerant, fail, errored, skipped };

std::string to_string(Outcome o);  // "pass-exact", "pass-tolerant", ...

// How close the re-anchored segments of a trajectory case came to the
// tolerance (TOL-6): what decides drift, so what a margin is measured on.
struct Reanchoring {
  int segments = 0;             // segments re-anchored, the one that disagreed included
  double largest_relative = 0;  // TOL-1's |a-b|/max(|a|,|b|), polarization and mean_neighbor_distance
  int unequal_ticks = 0;        // ticks whose cluster_count differs, or whose mean is null on one side only
};

struct CaseResult {
  std::string id;
  std::string file;
  std::string category;
  std::vector<std::string> clauses;  // all the case checks
  Outcome outcome = Outcome::skipped;
  std::string clause;   // the clause a failure is reported against
  // Clauses a failure accuses besides those the case checks: the rules of a
  // method asked within the case whose answer came back wrong (every STEP
  // clause for an anchor's step the engine refused or broke on).
  // A missed deadline also keeps here what the answer would accuse, were
  // the engine stuck on this input rather than slow.
  std::vector<std::string> suspects;
  // A missed deadline: the work the unanswered request asked (session.hpp
  // request_work). Errored when the engine may be slow; failed when it is
  // stuck (stuck_on_input).
  std::optional<double> unanswered_work;
  // Failed because the engine broke on the case rather than answering a
  // wrong value: what went wrong says which rule, not which value, so the
  // diagnosis neither clears nor accuses a clause's isolating cases by it.
  bool broke = false;
  std::string check;    // which part of the case decided: "result", "metrics", "anchor 50", ...
  std::string message;  // one line for people
  std::string hint;     // from the vector's notes: the bug class that fails here
  std::optional<Difference> difference;  // first value off (fail) or not exact (pass-tolerant)
  std::optional<Difference> worst;       // pass-tolerant: the value farthest in ulps, when numbers differ
  bool drift = false;   // off in the run, every re-anchored segment agrees (TOL-6)
  std::optional<Reanchoring> reanchor;  // set when the case was re-anchored
  std::string offending;     // broke or errored: the engine's output, quoted (engine_text.hpp)
  // Not passed: the request of the exchange that decided, quoted within
  // kRequestQuoteBytes (the whole is in the replay's transcript): the
  // case's own request, or the one within the case that broke or was refused.
  std::string request;
  // errored: the engine's last stderr lines, or null. Shared, not copied:
  // every case an engine process broke on points at its one tail.
  std::shared_ptr<const std::string> stderr_tail;
  // What the HTML report draws (report_html.cpp): a trajectory's metric
  // columns as the engine's run returned them, a failing init or step
  // case's answer ({"state": ...}). Shared, so copying a result stays cheap.
  std::shared_ptr<const Json> engine_answer;
  bool expected_to_fail = false;  // listed in --expect-fail
  double seconds = 0;
};

// An outcome --expect-fail did not say: a failure or error not listed, or
// a listed case that passed (the list must not rot). What the exit status
// and --fail-fast watch and the diagnosis explains; a listed failure is
// still a failure, and the level counts it (runner.hpp, verdict_of).
bool unexpected_outcome(const CaseResult& r);

// A deadline missed on a request that asked no more work than one the
// engine answered in time (`largest_answered_work`, -1 when it answered
// none): not slowness, which would have missed the larger one too, but an
// engine stuck on this input (a skip that loops forever, a lone bird). The
// one rule: run_grade applies it once the run is over, and a case it holds
// for fails; everything else reads that outcome (stuck() below).
bool stuck_on_input(double unanswered_work, double largest_answered_work);
inline bool stuck(const CaseResult& r) { return r.unanswered_work && r.outcome == Outcome::fail; }
bool unexpected_pass(const CaseResult& r);

}  // namespace susurration::grader
