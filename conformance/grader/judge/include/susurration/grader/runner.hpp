// A grade run: the selected cases through one or more engine processes,
// results in manifest order whatever the number of processes.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "susurration/grader/case_result.hpp"
#include "susurration/grader/session.hpp"
#include "susurration/grader/vector_set.hpp"
#include "susurration/grader/verdict.hpp"

namespace susurration::grader {

struct GradeOptions {
  std::string command;              // as given to --engine
  std::vector<std::string> argv;    // split_command(command)
  std::chrono::milliseconds timeout{10000};
  int jobs = 1;
  std::set<std::string> expect_fail;
  bool keep_transcript = false;
  // --fail-fast: no case starts after one whose outcome is unexpected (it
  // fails or errs unlisted in --expect-fail, or passes listed there). The
  // cases left are reported skipped, each saying so; the exit status is zero
  // exactly when a whole grade's would be, since a grade that stops has an
  // outcome that makes it non-zero, and a listed failure, which leaves it
  // zero, does not stop the grade (grading.md, Levels).
  bool fail_fast = false;
  // Two spellings of the run's one deadline (runner.cpp, Deadline): no case
  // starts at or after it, a case under way runs on within its own
  // deadlines, and each case left says why. Where both are given the
  // earlier holds.
  // - start_none_after (`fuzz --seconds`: a bound, not a wish): the cases
  //   left are skipped, and with the time gone at the start no engine starts.
  // - budget (grade's --budget, counted from the call; 0: none): the cases
  //   left are errored, naming the budget, so the level is incomplete.
  std::optional<std::chrono::steady_clock::time_point> start_none_after;
  std::chrono::milliseconds budget{0};
  // Told as each selected case (k indexes the selection) starts and
  // finishes, from the worker threads: for progress on a terminal.
  std::function<void(std::size_t k, bool finished)> on_case;
};

// The capabilities a level needs: what a replay needs (PROTOCOL.md).
const std::vector<std::string>& core_capabilities();

struct GradeRun {
  std::optional<EngineInfo> engine;     // empty when no handshake ever succeeded
  std::vector<CaseResult> results;      // the selected cases, in manifest order
  std::size_t cases_in_set = 0;
  double seconds = 0;
  bool sandboxed = false;  // the engine ran inside the sandbox (issue 24)
  // The most work of any request answered in time (session.hpp), -1 when
  // none was: the diagnosis tells slow from stuck by it.
  double largest_answered_work = -1;
  std::vector<std::string> transcript;  // every line, when asked for
  // Not empty when the engine did not start: its handshake failed on the
  // first start and on the retry, so no case was asked (each is skipped,
  // saying so). One block for people: the command, how it ended, the first
  // lines of its stderr.
  std::string not_started;
};

// Grades the cases; an engine that cannot be started at all throws
// EngineStartError before any case is graded, and one that starts but fails
// its handshake twice in a row, before any case, is `not_started`.
GradeRun run_grade(const VectorSet& set, const std::vector<std::size_t>& selected,
                   const GradeOptions& options);

// not conformant: a case failed (listed in --expect-fail or not: the list
// changes only the exit status, Verdict::status_level); no verdict: nothing
// failed, but no case was graded (all skipped) or the engine lacks a core
// capability; incomplete: nothing failed but a case errored; exact: every
// graded case bit-identical; otherwise conformant. `why` says it in one
// line for people ("" for exact, conformant and not conformant). The level
// and counts only: grade_verdict (report.hpp) adds the scope.
Verdict verdict_of(const GradeRun& run);

}  // namespace susurration::grader
