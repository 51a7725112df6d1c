// A grade run: the selected cases through one or more engine processes,
// results in manifest order whatever the number of processes.
#pragma once

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "susurration/grader/case_result.hpp"
#include "susurration/grader/session.hpp"
#include "susurration/grader/vector_set.hpp"

namespace susurration::grader {

struct GradeOptions {
  std::string command;              // as given to --engine
  std::vector<std::string> argv;    // split_command(command)
  std::chrono::milliseconds timeout{10000};
  int jobs = 1;
  std::set<std::string> expect_fail;
  bool keep_transcript = false;
};

enum class Level { exact, conformant, not_conformant };
std::string to_string(Level level);  // "exact", "conformant", "not conformant"

struct GradeRun {
  std::optional<EngineInfo> engine;     // empty when no handshake ever succeeded
  std::vector<CaseResult> results;      // the selected cases, in manifest order
  std::size_t cases_in_set = 0;
  double seconds = 0;
  std::vector<std::string> transcript;  // every line, when asked for
};

// Grades the cases; an engine that cannot be started at all throws
// EngineStartError before any case is graded.
GradeRun run_grade(const VectorSet& set, const std::vector<std::size_t>& selected,
                   const GradeOptions& options);

// exact: every graded case bit-identical; conformant: every graded case
// within its class (skips aside); otherwise not conformant. Expected
// failures that fail do not count; expected failures that pass do.
Level level_of(const std::vector<CaseResult>& results);

}  // namespace susurration::grader
