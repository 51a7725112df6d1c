// Running the cases. Each worker thread owns one engine process; a case
// that breaks the engine is recorded as errored, the engine is killed and
// the next case starts a fresh one (PROTO-3).
#include "susurration/grader/runner.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>

#include "check_parts.hpp"
#include "susurration/grader/engine_text.hpp"
#include "susurration/grader/sandbox.hpp"

namespace susurration::grader {
namespace {

using Clock = std::chrono::steady_clock;

CaseResult errored(const VectorCase& c, const std::string& cause, const std::string& offending,
                   std::shared_ptr<const std::string> stderr_tail) {
  CaseResult r = start_result(c);
  r.outcome = Outcome::errored;
  // The case's main clause until the cause names another.
  r.clause = r.clauses.empty() ? "" : r.clauses.front();
  // A cause may carry engine text (a schema violation names a value): kept
  // valid and bounded like any quote.
  r.message = quote(cause, 4 * kQuoteBytes);
  r.offending = quote(offending);
  r.stderr_tail = std::move(stderr_tail);
  return r;
}

struct Worker {
  const VectorSet& set;
  const std::vector<std::size_t>& selected;
  const GradeOptions& options;
  std::atomic<std::size_t>& next;
  std::atomic<bool>& stopped;  // --fail-fast: a case counted as a failure
  std::vector<CaseResult>& results;
  std::optional<EngineInfo> engine;
  std::vector<std::string> transcript;
  // Two failed handshakes in a row: the engine cannot start, and waiting
  // for a timeout per case would only delay the report.
  int failed_handshakes = 0;
  std::string handshake_cause;
  double largest_answered_work = -1;  // over this worker's session (GradeRun)
  Clock::time_point budget_end = Clock::time_point::max();

  void run(Session& session) {
    if (options.keep_transcript) session.record_to(&transcript, kTranscriptBytes / std::max(1, options.jobs));
    for (std::size_t k; !stopped && (k = next.fetch_add(1)) < selected.size();) {
      const VectorCase& c = set.cases[selected[k]];
      const auto start = Clock::now();
      if (options.on_case) options.on_case(k, false);
      results[k] = start >= budget_end ? out_of_budget(c) : grade_guarded(c, session);
      results[k].seconds = std::chrono::duration<double>(Clock::now() - start).count();
      results[k].expected_to_fail = options.expect_fail.contains(results[k].id);
      if (options.fail_fast && counts_as_failure(results[k])) stopped = true;
      if (options.on_case) options.on_case(k, true);
    }
    if (session.answered_any()) largest_answered_work = session.largest_answered_work();
    try {
      session.close();
    } catch (...) {
      // Every result is in; the session's destructor still kills the engine.
    }
  }

  // Errored, not skipped: the engine was given no chance to answer within
  // the time the grade allowed it, which says nothing of its values.
  CaseResult out_of_budget(const VectorCase& c) const {
    char budget[32];
    std::snprintf(budget, sizeof budget, "%g", static_cast<double>(options.budget.count()) / 1000);
    CaseResult r = errored(c, std::string("not run: the grade's budget of ") + budget +
                                  " s (--budget) ran out before this case started",
                           "", nullptr);
    r.clause = "PROTO-3";
    return r;
  }

  // Nothing thrown while grading a case leaves it: whatever it was (a
  // response the checks could not read, memory, a program that vanished),
  // it is this case's cause, and the next case starts a fresh engine.
  CaseResult grade_guarded(const VectorCase& c, Session& session) {
    std::string cause;
    try {
      return grade_one(c, session);
    } catch (const std::exception& e) {
      cause = std::string("the grader could not grade this case: ") + e.what();
    } catch (...) {
      cause = "the grader could not grade this case: an unknown exception";
    }
    std::shared_ptr<const std::string> tail;
    try {
      session.discard();
      tail = session.stderr_tail();
    } catch (...) {
      // The cause above is what matters; the tail is a courtesy.
    }
    return errored(c, cause, "", tail);
  }

  CaseResult grade_one(const VectorCase& c, Session& session) {
    // A failed handshake is PROTO-9's first rule broken (answer hello
    // first), whatever the case was about: the engine was never asked it.
    const auto handshake_failed = [&](const std::string& cause, const std::string& offending) {
      CaseResult r = errored(c, cause, offending, session.stderr_tail());
      r.clause = "PROTO-9";
      return r;
    };
    if (failed_handshakes >= 2) return handshake_failed("not run: " + handshake_cause, "");
    try {
      engine = session.ensure_started();
      failed_handshakes = 0;
    } catch (const EngineBroke& e) {
      session.discard();
      ++failed_handshakes;
      handshake_cause = std::string("the handshake failed: ") + e.what();
      return handshake_failed(handshake_cause, e.offending());
    }
    const std::string needed = capability_of(c);
    if (!engine->capabilities.contains(needed)) {
      CaseResult r = start_result(c);
      r.message = "the engine does not list the capability " + needed;
      return r;
    }
    try {
      return grade_case(c, session);
    } catch (const RequestRefused& e) {
      // A valid request within the case refused: a wrong answer, as a
      // refused case request is (judge_non_result). The engine is fine.
      CaseResult r = start_result(c);
      r.outcome = Outcome::fail;
      r.check = e.method();
      r.message = quote(e.what(), 4 * kQuoteBytes);
      blame_the_answer(r, e.rule(), e.method(), c.category);
      return r;
    } catch (const EngineBroke& e) {
      session.discard();
      CaseResult r = errored(c, e.what(), e.offending(), session.stderr_tail());
      if (e.missed_deadline() && c.category == "invalid") {
        // A request that must be refused before any work gets the base
        // deadline (PROTOCOL.md, Deadlines): no answer in it means the
        // engine took the request and is working on it. A wrong answer, not
        // slowness: the case fails with its clause.
        r.outcome = Outcome::fail;
        r.check = "rejection";
        r.message = "accepted an invalid request: no refusal within its deadline (--timeout alone), and an "
                    "invalid request is refused before any work (PROTOCOL.md, Deadlines)";
        return r;
      }
      if (e.missed_deadline()) {
        // Slow or stuck, not wrong (issue 12): the case errs under PROTO-3.
        // What the answer would accuse, were the engine stuck on this input,
        // goes with it; the diagnosis decides which from the work asked.
        blame_the_answer(r, "", e.method(), c.category);
        if (r.suspects.empty() && !r.clause.empty()) r.suspects = {r.clause};
        r.clause = e.clause();
        r.unanswered_work = session.last_work();
        return r;
      }
      // The engine broke the protocol: reported under the rule it broke
      // (session.hpp), not the case's, which would read as a wrong value
      // (issue 12). Unless what broke was the answer itself: a result of
      // a shape no right value has, a crash computing it.
      blame_the_answer(r, e.accuses() == Accuses::rule ? e.clause() : "", e.method(), c.category, e.location());
      return r;
    }
  }

  // `rule` when the failure names one; else what the method computes: the
  // case's own clause, or the rule of the method asked within it. A result
  // of a shape no right value has, found at `location`, names the clause
  // that defines the value there (shape_clause).
  static void blame_the_answer(CaseResult& r, const std::string& rule, const std::string& method,
                               const std::string& category, const std::string& location = "") {
    if (!rule.empty()) {
      r.clause = rule;
    } else if (const std::string own = pinned_rule_of(method, category); !own.empty()) {
      r.clause = own;
    } else {
      r.clause = r.clauses.empty() ? "" : r.clauses.front();
      r.suspects = suspects_of(method, category);
      if (!location.empty() && r.suspects.empty()) r.clause = shape_clause(r, location, r.suspects);
    }
  }
};

// --fail-fast: every case no worker started is reported skipped, naming the
// case that stopped the grade (the first in selection order, whichever
// worker finished it first).
void skip_unstarted(const VectorSet& set, const std::vector<std::size_t>& selected,
                    std::vector<CaseResult>& results) {
  std::string first;
  for (const CaseResult& r : results) {
    if (!r.id.empty() && counts_as_failure(r)) {
      first = r.id;
      break;
    }
  }
  for (std::size_t k = 0; k < selected.size(); ++k) {
    if (!results[k].id.empty()) continue;
    results[k] = start_result(set.cases[selected[k]]);
    results[k].message = "not run: --fail-fast stopped the grade after " + first + " counted as a failure";
  }
}

}  // namespace

std::string to_string(Level level) {
  switch (level) {
    case Level::exact: return "exact";
    case Level::conformant: return "conformant";
    case Level::incomplete: return "incomplete";
    case Level::not_conformant: return "not conformant";
    case Level::no_verdict: return "no verdict";
  }
  return "?";
}

const std::vector<std::string>& core_capabilities() {
  static const std::vector<std::string> core{"init", "step", "metrics", "run"};
  return core;
}

Verdict verdict_of(const GradeRun& run) {
  bool exact = true;
  std::size_t graded = 0, skipped = 0, errored = 0;
  for (const CaseResult& r : run.results) {
    // A failure (an unexpected pass too) decides at once; an errored case
    // says nothing about the engine's values, so it only makes the run
    // incomplete, below.
    if (counts_as_failure(r) && r.outcome != Outcome::errored) return {Level::not_conformant, ""};
    if (r.outcome == Outcome::skipped) {
      ++skipped;
      continue;
    }
    ++graded;
    if (counts_as_failure(r)) ++errored;
    if (r.outcome != Outcome::pass_exact) exact = false;
  }
  if (graded == 0) {
    return {Level::no_verdict, "no case was graded (" + std::to_string(run.results.size()) + " selected, " +
                                   std::to_string(skipped) + " skipped): nothing was asked, so nothing is known"};
  }
  if (run.engine) {
    std::string missing;
    for (const std::string& c : core_capabilities()) {
      if (!run.engine->capabilities.contains(c)) missing += (missing.empty() ? "" : ", ") + c;
    }
    if (!missing.empty()) {
      std::string core;
      for (const std::string& c : core_capabilities()) core += (core.empty() ? "" : ", ") + c;
      return {Level::no_verdict, "the engine does not list " + missing + ": a level needs the core capabilities " +
                                     core + " (PROTOCOL.md, Levels)"};
    }
  }
  if (errored) {
    return {Level::incomplete, std::to_string(errored) + " case" + (errored == 1 ? "" : "s") +
                                   " did not complete (errored) and none failed"};
  }
  return {exact ? Level::exact : Level::conformant, ""};
}

GradeRun run_grade(const VectorSet& set, const std::vector<std::size_t>& selected,
                   const GradeOptions& options) {
  const auto start = Clock::now();
  GradeRun run;
  run.cases_in_set = set.cases.size();
  run.results.resize(selected.size());
  const int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(selected.size())));
  // Sessions are made here, so a command that cannot start at all
  // (EngineStartError) stops the run before any thread exists.
  std::vector<std::unique_ptr<Session>> sessions;
  for (int j = 0; j < jobs; ++j) sessions.push_back(std::make_unique<Session>(options.argv, options.timeout));
  resolve_program(options.argv);

  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopped{false};
  std::vector<Worker> workers;
  for (int j = 0; j < jobs; ++j) {
    workers.push_back(Worker{set, selected, options, next, stopped, run.results, {}, {}, 0, {}});
  }
  if (options.budget.count() > 0) {
    for (Worker& w : workers) w.budget_end = start + options.budget;
  }
  run.sandboxed = engine_launch().sandbox;
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back([&, j] { workers[j].run(*sessions[j]); });
  workers[0].run(*sessions[0]);
  for (std::thread& t : threads) t.join();
  if (stopped) skip_unstarted(set, selected, run.results);

  for (Worker& w : workers) {
    if (!run.engine && w.engine) run.engine = w.engine;
    run.largest_answered_work = std::max(run.largest_answered_work, w.largest_answered_work);
    if (options.keep_transcript) {
      run.transcript.insert(run.transcript.end(), w.transcript.begin(), w.transcript.end());
    }
  }
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return run;
}

}  // namespace susurration::grader
