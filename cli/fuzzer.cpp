// The engine's side of `susurration fuzz` (fuzzer.hpp).
#include "fuzzer.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>

#include "run_options.hpp"
#include "susurration/inputs.hpp"
#include "write_vectors.hpp"

namespace susurration::cli {
namespace {

namespace fs = std::filesystem;
using namespace susurration::grader;
using Clock = std::chrono::steady_clock;

GradeOptions options_for(const std::string& command, double timeout) {
  GradeOptions o;
  o.command = command;
  try {
    o.argv = split_command(command);
    resolve_program(o.argv);
  } catch (const EngineStartError& e) {
    throw InputError("engine", e.what(), "a command that runs an engine");
  }
  o.timeout = std::chrono::milliseconds(std::llround(timeout * 1000));
  return o;
}

bool differs(const CaseResult& r) { return r.outcome == Outcome::fail || r.outcome == Outcome::errored; }
bool within(const CaseResult& r) { return r.outcome == Outcome::pass_exact || r.outcome == Outcome::pass_tolerant; }

// Shrinking's candidates are asked this many to an engine process.
constexpr std::size_t kCandidatesPerRun = 64;

}  // namespace

Time after(Time t, double seconds) {
  if (!(seconds < std::chrono::duration<double>(Time::max() - t).count())) return Time::max();
  return t + std::chrono::duration_cast<Time::duration>(std::chrono::duration<double>(seconds));
}

Finding Round::difference(const Found& found, const std::vector<Entry>& batch) const {
  Finding d{{}, batch[asked[found.at]], found.result};
  for (std::size_t k = found.from; k < found.at; ++k) d.history.push_back(batch[asked[k]]);
  return d;
}

Fuzzer::Fuzzer(const std::string& engine, const std::vector<std::string>& class_engines, double timeout,
               fs::path scratch)
    : engine_(options_for(engine, timeout)), scratch_(std::move(scratch)) {
  for (const std::string& c : class_engines) classes_.push_back(options_for(c, timeout));
}

// The entries as a vector set, written in the published format and read
// back by the grader's own loader (so that what is asked could be
// published), asked of `engine` in one process in the set's order.
// `narrow`: with the step class narrowed, for the class engines (fuzz_cases.hpp).
Fuzzer::Asked Fuzzer::run(const std::vector<Entry>& entries, const GradeOptions& engine, Time end, bool fail_fast,
                          bool narrow) {
  const fs::path dir = scratch_ / (narrow ? "narrowed" : "set");
  fs::remove_all(dir);
  auto files = generator::fuzz_files(entries, "A round of susurration fuzz.");
  generator::write_vector_files(dir, narrow ? generator::narrowed(std::move(files)) : files);
  const VectorSet set = load_vector_set(dir, !narrow);
  std::map<std::string, std::size_t> by_id;
  for (std::size_t e = 0; e < entries.size(); ++e) by_id[entries[e].second.id] = e;
  std::vector<std::size_t> all(set.cases.size());
  std::iota(all.begin(), all.end(), 0);
  GradeOptions options = engine;
  options.start_none_after = end;
  options.fail_fast = fail_fast;
  const GradeRun graded = run_grade(set, all, options);
  Asked asked;
  asked.not_started = graded.not_started;
  asked.results.resize(entries.size());
  for (std::size_t k = 0; k < set.cases.size(); ++k) {
    const std::size_t e = by_id.at(set.cases[k].id());
    asked.results[e] = graded.results[k];
    asked.order.push_back(e);
  }
  return asked;
}

std::vector<int> Fuzzer::judge(const std::vector<Entry>& entries, Time end) {
  std::vector<int> fair(entries.size(), 1);
  for (const GradeOptions& c : classes_) {
    const Asked by_class = run(entries, c, end, false, true);
    if (!by_class.not_started.empty()) {
      std::string block = by_class.not_started;
      const std::string engine = "The engine did not start";
      if (block.rfind(engine, 0) == 0) block.replace(0, engine.size(), "A class engine did not start");
      throw EngineDidNotStart(block);
    }
    for (std::size_t e = 0; e < entries.size(); ++e) {
      const CaseResult& r = by_class.results[e];
      if (within(r)) continue;
      if (r.outcome != Outcome::skipped) {
        fair[e] = 0;
      } else if (fair[e] == 1) {
        fair[e] = -1;
      }
    }
  }
  return fair;
}

Round Fuzzer::ask(const std::vector<Entry>& batch, Time search_end, Time end) {
  Round round;
  const Asked asked = run(batch, engine_, search_end);
  if (!asked.not_started.empty()) throw EngineDidNotStart(asked.not_started);
  std::vector<Round::Found> differing;
  std::size_t from = 0;
  for (const std::size_t e : asked.order) {
    const CaseResult& r = asked.results[e];
    if (r.outcome == Outcome::skipped) continue;  // no request: not asked, or a capability the engine lacks
    round.asked.push_back(e);
    const std::size_t at = round.asked.size() - 1;
    if (differs(r)) differing.push_back({at, from, r});
    // An errored case ends its engine process: the next one starts afresh.
    if (r.outcome == Outcome::errored) from = at + 1;
  }
  if (differing.empty()) return round;
  std::vector<Entry> judged;
  for (const Round::Found& d : differing) judged.push_back(batch[round.asked[d.at]]);
  const std::vector<int> fair = judge(judged, end);
  for (std::size_t k = 0; k < differing.size(); ++k) {
    if (fair[k] == 1) round.fair.push_back(differing[k]);
    round.dropped += fair[k] == 0;
    round.unjudged += fair[k] == -1;
  }
  return round;
}

std::optional<CaseResult> Fuzzer::replay(const std::vector<Entry>& history, const Entry& entry, Time end) {
  std::vector<Entry> all = history;
  all.push_back(entry);
  const Asked asked = run(all, engine_, end);
  // The set's order is the order given (fuzzer.hpp, Finding): were it
  // not, this would not be the replay `grade` makes of the written set.
  std::vector<std::size_t> given(all.size());
  std::iota(given.begin(), given.end(), 0);
  if (asked.order != given) throw std::logic_error("fuzz: a history is not in the order its set is asked");
  const CaseResult& r = asked.results.back();
  if (differs(r)) return r;
  return std::nullopt;
}

void Fuzzer::shrink_history(Finding& d, Time end) {
  if (d.history.empty()) return;
  // Most differences need no history: one replay says so.
  if (auto r = replay({}, d.entry, end)) {
    d.history.clear();
    d.result = *r;
    return;
  }
  // Delta debugging on the history: runs of it left out, halves first,
  // then finer, keeping every removal after which the case still differs.
  std::size_t chunks = 2;
  while (d.history.size() > 1 && Clock::now() < end) {
    const std::size_t n = d.history.size();
    chunks = std::min(chunks, n);
    const std::size_t size = (n + chunks - 1) / chunks;
    bool reduced = false;
    for (std::size_t from = 0; from < n && !reduced && Clock::now() < end; from += size) {
      std::vector<Entry> fewer(d.history.begin(), d.history.begin() + static_cast<long>(from));
      fewer.insert(fewer.end(), d.history.begin() + static_cast<long>(std::min(n, from + size)), d.history.end());
      if (auto r = replay(fewer, d.entry, end)) {
        d.history = std::move(fewer);
        d.result = *r;
        chunks = std::max<std::size_t>(chunks - 1, 2);
        reduced = true;
      }
    }
    if (!reduced) {
      if (size == 1) break;
      chunks = std::min(n, chunks * 2);
    }
  }
}

void Fuzzer::shrink_case(Finding& d, Time end) {
  const std::string id = d.entry.second.id;
  const std::size_t h = d.history.size();
  std::size_t made = 0;
  for (int step = 0; step < 200 && Clock::now() < end; ++step) {
    // A candidate's case (the reference's answer, and for a step the
    // conditioning copies) is made only when its run comes: most steps
    // keep a candidate of the first run, and making all of a crowd's 800
    // cases first took most of a shrink's time.
    const std::vector<generator::FuzzInput> inputs = generator::shrink_candidates(d.entry.first);
    std::size_t next = 0;
    bool kept = false;
    while (next < inputs.size() && !kept && Clock::now() < end) {
      std::vector<Entry> batch;
      for (; next < inputs.size() && batch.size() < kCandidatesPerRun && Clock::now() < end; ++next) {
        try {
          batch.push_back({inputs[next], generator::fuzz_case(inputs[next], id + "-shrink-" + std::to_string(made))});
          ++made;
        } catch (const std::logic_error&) {
        }
      }
      // The history, then candidates in one process up to the first that
      // differs; an unfair one, or one that does not replay after the
      // history alone, and the rest are asked again after the history.
      for (std::size_t from = 0; from < batch.size() && !kept && Clock::now() < end;) {
        std::vector<Entry> asked = d.history;
        asked.insert(asked.end(), batch.begin() + static_cast<long>(from), batch.end());
        Asked a = run(asked, engine_, end, true);
        const auto differs_in_history = [&] {
          return std::any_of(a.results.begin(), a.results.begin() + static_cast<long>(h), differs);
        };
        // --fail-fast stops at a history case that differs: asked again whole.
        if (differs_in_history()) a = run(asked, engine_, end);
        std::size_t c = asked.size();
        for (std::size_t k = h; k < asked.size() && c == asked.size(); ++k) {
          if (differs(a.results[k])) c = k;
        }
        if (c == asked.size()) break;
        const Entry& candidate = asked[c];
        if (judge({candidate}, end)[0] == 1) {
          // Asked first after the history, it replayed as it stands.
          std::optional<CaseResult> again = c == h && !differs_in_history() ? std::optional(a.results[c])
                                                                             : replay(d.history, candidate, end);
          if (again) {
            d.entry = candidate;
            d.result = *again;
            kept = true;
          }
        }
        from += c - h + 1;
      }
    }
    if (!kept) break;
  }
  d.entry.second = generator::fuzz_case(d.entry.first, id);
}

}  // namespace susurration::cli
