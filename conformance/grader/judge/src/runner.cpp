// Running the cases. Each worker thread owns one engine process; a case
// that breaks the engine fails under the rule it broke (errored when it
// only missed a deadline and may be slow), the engine is killed and the
// next case starts a fresh one (PROTO-3).
#include "susurration/grader/runner.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/sandbox.hpp"

namespace susurration::grader {
namespace {

using Clock = std::chrono::steady_clock;

// A case the engine broke on: a failure, under the rule it broke
// (spec/PROTOCOL.md, PROTO-3); the deadline branch makes a case that may
// only be slow errored again.
CaseResult broke(const VectorCase& c, const std::string& cause, const std::string& offending,
                 std::shared_ptr<const std::string> stderr_tail) {
  CaseResult r = start_result(c);
  r.outcome = Outcome::fail;
  r.broke = true;
  // The case's main clause until the cause names another.
  r.clause = r.clauses.empty() ? "" : r.clauses.front();
  // A cause may carry engine text (a schema violation names a value): kept
  // valid and bounded like any quote.
  r.message = protocol::quote(cause, 4 * protocol::kQuoteBytes);
  r.offending = protocol::quote(offending);
  r.stderr_tail = std::move(stderr_tail);
  return r;
}

// The one time after which no case starts, and what each case it leaves
// is: grade's --budget errs them (the engine was given no chance to answer
// in the time the grade allowed, which says nothing of its values, so the
// level is incomplete); fuzz's start_none_after skips them (a bound the
// caller chose, not a verdict). Where both are given the earlier one holds.
struct Deadline {
  Clock::time_point at = Clock::time_point::max();
  Outcome left_as = Outcome::skipped;
  std::string clause;
  std::string message;

  bool passed() const { return Clock::now() >= at; }

  CaseResult leave(const VectorCase& c) const {
    CaseResult r = start_result(c);
    r.outcome = left_as;
    r.clause = clause;
    r.message = message;
    return r;
  }
};

Deadline deadline_of(const GradeOptions& options, Clock::time_point start) {
  Deadline d;
  if (options.budget.count() > 0) {
    char budget[32];
    std::snprintf(budget, sizeof budget, "%g", static_cast<double>(options.budget.count()) / 1000);
    d = {start + options.budget, Outcome::errored, clause_of(Found::budget_ran_out),
         std::string("not run: the grade's budget of ") + budget + " s (--budget) ran out before this case started"};
  }
  if (options.start_none_after && *options.start_none_after < d.at) {
    d = {*options.start_none_after, Outcome::skipped, "", "not run: the time given ran out"};
  }
  return d;
}

struct Worker {
  const VectorSet& set;
  const std::vector<std::size_t>& selected;
  const GradeOptions& options;
  std::atomic<std::size_t>& next;
  std::atomic<bool>& stopped;  // --fail-fast: a case's outcome was unexpected
  const Deadline& deadline;
  std::vector<CaseResult>& results;
  std::optional<EngineInfo> engine;
  std::vector<std::string> transcript;
  // Two failed handshakes in a row: the engine cannot start, and waiting
  // for a timeout per case would only delay the report.
  int failed_handshakes = 0;
  std::string handshake_cause;
  double largest_answered_work = -1;  // over this worker's session (GradeRun)

  void run(Session& session) {
    if (options.keep_transcript) session.record_to(&transcript, kTranscriptBytes / std::max(1, options.jobs));
    for (std::size_t k; !stopped && (k = next.fetch_add(1)) < selected.size();) {
      const VectorCase& c = set.cases[selected[k]];
      const auto start = Clock::now();
      if (options.on_case) options.on_case(k, false);
      results[k] = start >= deadline.at ? deadline.leave(c) : grade_guarded(c, session);
      results[k].seconds = std::chrono::duration<double>(Clock::now() - start).count();
      results[k].expected_to_fail = options.expect_fail.contains(results[k].id);
      if (options.fail_fast && unexpected_outcome(results[k])) stopped = true;
      if (options.on_case) options.on_case(k, true);
    }
    if (session.answered_any()) largest_answered_work = session.largest_answered_work();
    try {
      session.close();
    } catch (...) {
      // Every result is in; the session's destructor still kills the engine.
    }
  }

  // Nothing thrown while grading a case leaves it: whatever it was (a
  // response the checks could not read, memory, a program that vanished),
  // it is this case's cause, and the next case starts a fresh engine.
  CaseResult grade_guarded(const VectorCase& c, Session& session) {
    std::string cause;
    session.begin_case();
    try {
      CaseResult r = grade_one(c, session);
      // A wrong value is in the answer to the case's own request; a broken
      // or refused one, to the request it came back to (set in grade_one).
      const bool judged = r.outcome == Outcome::fail || r.outcome == Outcome::errored;
      if (judged && r.request.empty()) r.request = protocol::quote(session.first_request(), protocol::kRequestQuoteBytes);
      return r;
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
    // The grader's trouble, not the engine's: the case did not finish.
    CaseResult r = broke(c, cause, "", tail);
    r.outcome = Outcome::errored;
    r.broke = false;
    return r;
  }

  CaseResult grade_one(const VectorCase& c, Session& session) {
    // A failed handshake is PROTO-9's first rule broken (answer hello
    // first), whatever the case was about: the engine was never asked it.
    const auto handshake_failed = [&](const std::string& cause, const std::string& offending) {
      CaseResult r = broke(c, cause, offending, session.stderr_tail());
      r.clause = clause_of(Found::failed_handshake);
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
      r.message = protocol::quote(e.what(), 4 * protocol::kQuoteBytes);
      r.request = protocol::quote(session.last_request(), protocol::kRequestQuoteBytes);
      blame_the_answer(r, e.rule(), e.method(), c.category);
      return r;
    } catch (const EngineBroke& e) {
      session.discard();
      CaseResult r = broke(c, e.what(), e.offending(), session.stderr_tail());
      r.request = protocol::quote(session.last_request(), protocol::kRequestQuoteBytes);
      if (e.missed_deadline() && c.category == "invalid") {
        // A request that must be refused before any work gets the base
        // deadline (grading.md, Deadlines): no answer in it means the
        // engine took the request and is working on it. A wrong answer, not
        // slowness: the case fails with its clause.
        r.broke = false;
        r.check = "rejection";
        r.message = "accepted an invalid request: no refusal within its deadline (--timeout alone), and an "
                    "invalid request is refused before any work (PROTOCOL.md, Deadlines)";
        return r;
      }
      if (e.missed_deadline()) {
        // Slow or stuck (issue 12): the case errs under PROTO-3 until the
        // run is over and run_grade knows the most work answered in time
        // (stuck_on_input). What the answer would accuse, were the engine
        // stuck on this input, goes with it.
        r.outcome = Outcome::errored;
        r.broke = false;
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

// After --fail-fast every case no worker started is reported skipped,
// naming the case that stopped the grade (the first in selection order,
// whichever worker finished it first).
void skip_unstarted(const VectorSet& set, const std::vector<std::size_t>& selected,
                    std::vector<CaseResult>& results) {
  std::string why = "not run: --fail-fast stopped the grade";
  for (const CaseResult& r : results) {
    if (!r.id.empty() && unexpected_outcome(r)) {
      why = "not run: --fail-fast stopped the grade after " + r.id + " counted as a failure";
      break;
    }
  }
  for (std::size_t k = 0; k < selected.size(); ++k) {
    if (!results[k].id.empty()) continue;
    results[k] = start_result(set.cases[selected[k]]);
    results[k].message = why;
  }
}

// The block an engine that did not start is reported by: the command, how
// its second start ended, and the first lines of what it wrote on stderr.
std::string not_started_block(const GradeOptions& options, const std::string& first, const std::string& retry,
                              const std::shared_ptr<const std::string>& stderr_tail) {
  std::string out = "The engine did not start: its handshake failed on the first start and on a retry.\n";
  // The command as given to --engine; a caller that gave only the words, those.
  std::string command = options.command;
  if (command.empty()) {
    for (const std::string& word : options.argv) command += (command.empty() ? "" : " ") + word;
  }
  out += "  command: " + protocol::quote(command, 4 * protocol::kQuoteBytes) + "\n";
  out += "  first:   " + protocol::quote(first, 4 * protocol::kQuoteBytes) + "\n";
  if (retry != first) out += "  retry:   " + protocol::quote(retry, 4 * protocol::kQuoteBytes) + "\n";
  if (!stderr_tail || stderr_tail->empty()) return out + "  stderr:  (nothing)\n";
  constexpr int kLines = 8;
  std::size_t start = 0;
  for (int line = 0; start < stderr_tail->size(); ++line) {
    std::size_t end = stderr_tail->find('\n', start);
    if (end == std::string::npos) end = stderr_tail->size();
    if (line == kLines) {
      out += "           ... (the rest of its stderr is in the report)\n";
      break;
    }
    out += (line == 0 ? "  stderr:  " : "           ") + stderr_tail->substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

// The engine starts once before any case is asked, retried once: an engine
// that cannot shake hands at all is one message, not a failure per case
// (issue 52). Empty when it started; the session then runs on.
std::string start_before_grading(Session& session, const GradeOptions& options) {
  std::string causes[2];
  for (std::string& cause : causes) {
    try {
      session.ensure_started();
      return "";
    } catch (const EngineBroke& e) {
      session.discard();
      cause = e.what();
    }
  }
  return not_started_block(options, causes[0], causes[1], session.stderr_tail());
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

bool stuck_on_input(double unanswered_work, double largest_answered_work) {
  return largest_answered_work >= 0 && unanswered_work <= largest_answered_work;
}

namespace {

// A missed deadline on an input the engine is stuck on fails its case
// (stuck_on_input): decided once every worker is done, against the most
// work any of them had answered in time.
void fail_the_stuck(GradeRun& run) {
  for (CaseResult& r : run.results) {
    if (r.outcome != Outcome::errored || !r.unanswered_work ||
        !stuck_on_input(*r.unanswered_work, run.largest_answered_work)) {
      continue;
    }
    r.outcome = Outcome::fail;
    r.broke = true;
    r.message += "; not slowness: the engine answered a request of as much work or more in time, so it is stuck on "
                 "this input";
  }
}

}  // namespace

Verdict verdict_of(const GradeRun& run) {
  Verdict v;
  for (const CaseResult& r : run.results) v.counts.add(r);
  const auto verdict = [&v](Level level, std::string why) {
    v.level = level;
    v.why = std::move(why);
    return v;
  };
  if (!run.not_started.empty()) {
    return verdict(Level::no_verdict, "the engine did not start (its handshake failed twice), so no case was asked");
  }
  bool exact = true;
  std::size_t graded = 0, skipped = 0, errored = 0;
  for (const CaseResult& r : run.results) {
    // A failure decides at once, listed in --expect-fail or not: the level
    // is never better than the cases. An errored case did not finish in
    // time while the engine was still answering, so it only makes the run
    // incomplete, below.
    if (r.outcome == Outcome::fail) return verdict(Level::not_conformant, "");
    if (r.outcome == Outcome::skipped) {
      ++skipped;
      continue;
    }
    ++graded;
    if (r.outcome == Outcome::errored) ++errored;
    if (r.outcome != Outcome::pass_exact) exact = false;
  }
  if (graded == 0) {
    return verdict(Level::no_verdict, "no case was graded (" + std::to_string(run.results.size()) + " selected, " +
                                          std::to_string(skipped) + " skipped): nothing was asked, so nothing is known");
  }
  if (run.engine) {
    std::string missing;
    for (const std::string& c : core_capabilities()) {
      if (!run.engine->capabilities.contains(c)) missing += (missing.empty() ? "" : ", ") + c;
    }
    if (!missing.empty()) {
      std::string core;
      for (const std::string& c : core_capabilities()) core += (core.empty() ? "" : ", ") + c;
      return verdict(Level::no_verdict, "the engine does not list " + missing +
                                            ": a level needs the core capabilities " + core + " (PROTOCOL.md, Levels)");
    }
  }
  if (errored) {
    return verdict(Level::incomplete, std::to_string(errored) + " case" + (errored == 1 ? "" : "s") +
                                          " missed the deadline while the engine was still answering (slow, not "
                                          "stuck: a larger --timeout serves) and none failed");
  }
  return verdict(exact ? Level::exact : Level::conformant, "");
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
  const Deadline deadline = deadline_of(options, start);
  std::vector<Worker> workers;
  for (int j = 0; j < jobs; ++j) {
    workers.push_back(Worker{set, selected, options, next, stopped, deadline, run.results, {}, {}, 0, {}});
  }
  if (options.keep_transcript) sessions[0]->record_to(&workers[0].transcript, kTranscriptBytes / jobs);
  // With the time already gone no engine starts at all (fuzz --seconds).
  const bool passed_at_start = deadline.passed();
  if (!passed_at_start) run.not_started = start_before_grading(*sessions[0], options);
  if (passed_at_start || !run.not_started.empty()) {
    for (std::size_t k = 0; k < selected.size(); ++k) {
      if (passed_at_start) {
        run.results[k] = deadline.leave(set.cases[selected[k]]);
      } else {
        run.results[k] = start_result(set.cases[selected[k]]);
        run.results[k].message = "not run: the engine did not start (its handshake failed twice)";
      }
    }
    run.transcript = std::move(workers[0].transcript);
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return run;
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
  fail_the_stuck(run);
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return run;
}

}  // namespace susurration::grader
