// What the report forms share: the stderr tails, the first failure
// (the diagnosis' top cause's case), the failures grouped by cause.
#include "susurration/grader/report.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace susurration::grader {

namespace {

// A word as a POSIX shell reads it back whole: in single quotes, each
// single quote written '\''.
std::string shell_word(const std::string& word) {
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string replay_command(const std::string& engine, const std::string& vectors, const std::string& id,
                           std::optional<std::uint32_t> fresh_seed, double timeout_seconds) {
  std::string out = "susurration grade --engine " + shell_word(engine) + " --vectors " + shell_word(vectors) +
                    " --only " + shell_word(id) + " --fresh " + (fresh_seed ? std::to_string(*fresh_seed) : "off");
  if (timeout_seconds != 10) {
    char buf[40];
    std::snprintf(buf, sizeof buf, " --timeout %g", timeout_seconds);
    out += buf;
  }
  return out + " --transcript -";
}

StderrTails stderr_tails(const GradeRun& run) {
  StderrTails t;
  std::map<std::string_view, int> index;
  for (std::size_t k = 0; k < run.results.size(); ++k) {
    const auto& tail = run.results[k].stderr_tail;
    int at = -1;
    if (tail && !tail->empty()) {
      const auto [it, added] = index.emplace(*tail, static_cast<int>(t.tails.size()));
      if (added) {
        t.tails.push_back(tail.get());
        t.first_case.push_back(k);
      }
      at = it->second;
    }
    t.of_case.push_back(at);
  }
  return t;
}

std::string StderrQuoter::operator()(std::size_t result) {
  const int tail = tails_.of_case[result];
  if (tail < 0) return "";
  if (const auto it = shown_.find(tail); it != shown_.end()) return "the same as for " + it->second;
  shown_.emplace(tail, run_.results[result].id);
  return *tails_.tails[static_cast<std::size_t>(tail)];
}

std::vector<FailureGroup> failures_by_cause(const std::vector<Cause>& causes, const std::vector<bool>& failing) {
  std::vector<bool> listed(failing.size(), false);
  auto take = [&](std::size_t k, FailureGroup& g) {
    if (k >= failing.size() || !failing[k] || listed[k]) return;
    listed[k] = true;
    g.cases.push_back(k);
  };
  std::vector<FailureGroup> groups;
  for (std::size_t i = 0; i < causes.size(); ++i) {
    FailureGroup g{i, {}};
    // The shown case leads: it is the one that best isolates the cause,
    // where an implementer should start.
    take(causes[i].shown, g);
    std::vector<std::size_t> rest = causes[i].explains;
    std::sort(rest.begin(), rest.end());
    for (std::size_t k : rest) take(k, g);
    if (!g.cases.empty()) groups.push_back(std::move(g));
  }
  FailureGroup unexplained;
  for (std::size_t k = 0; k < failing.size(); ++k) take(k, unexplained);
  if (!unexplained.cases.empty()) groups.push_back(std::move(unexplained));
  return groups;
}

std::string failing_cases(std::size_t n) { return std::to_string(n) + " failing case" + (n == 1 ? "" : "s"); }

const CaseResult* first_failure(const GradeRun& run) {
  for (const CaseResult& r : run.results) {
    if (unexpected_outcome(r)) return &r;
  }
  return nullptr;
}

const CaseResult* first_failure(const GradeRun& run, const Diagnosis& diagnosis) {
  if (!diagnosis.causes.empty()) return &run.results.at(diagnosis.causes.front().shown);
  return first_failure(run);
}

}  // namespace susurration::grader
