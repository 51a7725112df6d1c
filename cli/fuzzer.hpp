// What `susurration fuzz` does with an engine (cli/fuzz_command.cpp): asks it
// cases in one process, judges a difference's fairness with the class
// engines, confirms it by replaying in a fresh process the requests that
// process had been sent, and shrinks both the history and the case. Every
// step reads the clock: no case starts at or after the time it is given.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_cases.hpp"
#include "susurration/grader/runner.hpp"

namespace susurration::cli {

using Entry = std::pair<generator::FuzzInput, generator::Case>;
using Time = std::chrono::steady_clock::time_point;

// `t` plus `seconds`, Time::max() when that is infinite or past it.
Time after(Time t, double seconds);

// A difference and the requests before it: `history` is what the engine
// process had been asked, in order, before `entry`'s case (the set they
// make, in the published format, holds them in that order: files in their
// fixed order, cases in the order given, so `grade` asks them so too).
struct Finding {
  std::vector<Entry> history;
  Entry entry;
  grader::CaseResult result;
};

// One round of the search: the entries of the batch the engine was asked,
// in the order asked (a case it was not asked, the time having run out, is
// not there), and its fair differences in that order; how many differences
// were unfair (dropped) or left unjudged when the time ran out.
struct Round {
  struct Found {
    std::size_t at;    // in `asked`
    std::size_t from;  // the first of `asked` its engine process was sent
    grader::CaseResult result;
  };
  std::vector<std::size_t> asked;
  std::vector<Found> fair;
  std::size_t dropped = 0, unjudged = 0;
  // The difference `found` is, with its history, from `batch`.
  Finding difference(const Found& found, const std::vector<Entry>& batch) const;
};

// An engine whose handshake failed on its first start and on a retry (as
// grade's not_started): the engine under test in a round of the search, or
// a class engine asked to judge. `what()` is grade's block, naming the
// command, how it ended and its stderr.
struct EngineDidNotStart : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Fuzzer {
 public:
  // `timeout` in seconds, as for grade; `scratch` a private folder.
  Fuzzer(const std::string& engine, const std::vector<std::string>& class_engines, double timeout,
         std::filesystem::path scratch);

  // Asks the engine `batch` in one process, starting no case at or after
  // `search_end`, and judges each difference with the class engines,
  // starting none at or after `end`. EngineDidNotStart when either the
  // engine or a class engine did not start: no case was asked of it, which
  // is neither "no difference" nor "no time".
  Round ask(const std::vector<Entry>& batch, Time search_end, Time end);

  // The entry's result when it still differs after its history, replayed
  // in a fresh engine process before `end`; nothing when it does not (or
  // the time ran out first).
  std::optional<grader::CaseResult> replay(const std::vector<Entry>& history, const Entry& entry, Time end);

  // The fewest earlier requests that still make the difference replay:
  // runs of the history left out, halves first, down to single cases.
  void shrink_history(Finding& d, Time end);

  // A smaller case (generator::shrink_candidates) that the engine still
  // fails fairly after the same history, replayed, again and again until
  // none is left or the time runs out.
  void shrink_case(Finding& d, Time end);

 private:
  struct Asked {
    std::vector<grader::CaseResult> results;  // by entry
    std::vector<std::size_t> order;           // entries in the order asked
    std::string not_started;                  // grade's block when the engine did not start
  };
  Asked run(const std::vector<Entry>& entries, const grader::GradeOptions& engine, Time end, bool fail_fast = false,
            bool narrow = false);
  // Per entry of `entries`: 1 fair, 0 unfair, -1 not judged in time.
  std::vector<int> judge(const std::vector<Entry>& entries, Time end);

  grader::GradeOptions engine_;
  std::vector<grader::GradeOptions> classes_;
  std::filesystem::path scratch_;
};

}  // namespace susurration::cli
