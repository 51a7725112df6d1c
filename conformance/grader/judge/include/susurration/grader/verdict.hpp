// The verdict of a grade (spec/grading.md, "Levels and exit statuses"):
// one value, computed once from the graded cases (verdict_of, runner.hpp;
// grade_verdict, report.hpp) and rendered by every report form with its
// scope, so no form can say more than the cases do.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "susurration/grader/case_result.hpp"

namespace susurration::grader {

// Each with its exit status in cli/grade.cpp. Declared best first, so the
// enum's order is the levels' (report-diff's "a worse level"): saying
// nothing (incomplete, no verdict) is worse than any passing level and
// better than a failure.
enum class Level { exact, conformant, incomplete, no_verdict, not_conformant };
constexpr bool worse(Level a, Level than) { return a > than; }
std::string to_string(Level level);  // "exact", "conformant", "incomplete", "not conformant", "no verdict"
Level level_named(const std::string& name);  // to_string's inverse; throws std::invalid_argument

// Outcome counts of a set of cases.
struct Counts {
  std::map<Outcome, int> by_outcome;
  int drift = 0;
  int expected_failures = 0;   // listed and failed or errored
  int unexpected_passes = 0;   // listed and passed: the list is stale
  int unlisted_failures = 0;   // failed, not listed
  int unlisted_errors = 0;     // errored, not listed
  void add(const CaseResult& r);
  int of(Outcome o) const;  // 0 for an outcome no case had
  int total() const;
};

// What the verdict speaks of. A level is only as wide as this: a selection,
// a grade without fresh cases or against another vector set says less than
// a plain grade of the published set, and every form says which it was.
struct Scope {
  bool published_set = true;            // manifest.json is the one this kit was built with
  std::string manifest_sha256;          // of the set graded
  std::string published_manifest_sha256;  // pinned in the kit at configure time
  std::size_t cases = 0;                // published (not fresh) cases graded
  std::size_t cases_in_set = 0;         // published cases in the set, limits.json's only when asked
  bool limits = false;                  // --limits: limits.json's cases were in the selection
  std::vector<std::string> only, skip;  // the globs
  std::string shard = "1/1";
  std::optional<std::uint32_t> fresh_seed;  // empty: no fresh set
  std::size_t fresh_cases = 0;          // fresh cases graded
  std::size_t expected_failures = 0;    // graded cases listed in --expect-fail
  bool sandboxed = false;
  bool whole() const { return cases == cases_in_set; }
};

struct Verdict {
  Level level = Level::no_verdict;
  std::string why;  // one line for people ("" for exact, conformant and not conformant)
  Counts counts;
  Scope scope;
  std::string kit;  // "susurration 1.2.0": the kit that graded
  // The level the exit status gives: the level itself, or, when cases
  // listed in --expect-fail were graded, that of the rest, a listed case
  // that passed counting as a failure there. So the status is 0 exactly
  // when the cases that fail or err are the listed ones.
  Level status_level() const;
};

// The SHA-256 of vectors/manifest.json when the kit was configured: the
// published set (published_manifest.cpp.in). And "susurration VERSION".
const std::string& published_manifest_sha256();
std::string kit_name();

// The verdict's words, the same in every form:
// "not conformant (5 failures, all expected)"
std::string level_phrase(const Verdict& v);
// "the published set; all 360 cases; fresh set seed 7 (48 cases); no expected failure listed; not sandboxed;
// the limits set not asked (--limits)"
std::string scope_phrase(const Scope& s);
// With cases listed in --expect-fail: whether the failing cases are the
// listed ones, and the exit status that gives; "" with none listed.
std::string expectation_phrase(const Verdict& v);
// The badge's right half (grading.md REPORT-5): "conformant · partial 14/360".
std::string badge_phrase(const Verdict& v);

// A document that is not a grade report this kit wrote.
class ReportFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The JSON report's `scope` (schemas/report.schema.json) and back; and the
// verdict a saved report holds (level, counts, scope, kit), for the forms
// drawn from it. Throw nlohmann::json::exception on a document without them.
nlohmann::json scope_json(const Scope& s);
Scope scope_from_json(const nlohmann::json& j, const std::string& manifest_sha256);
Verdict verdict_from_report(const nlohmann::json& report);

struct VectorSet;
struct Selection;
struct GradeRun;
// The verdict of a run, once: its level and counts (verdict_of), its scope
// (the selection, the fresh set, the expected failures, the sandbox, whether
// the set is the published one), the kit and the manifest.
Verdict grade_verdict(const VectorSet& set, const Selection& selection, const GradeRun& run);
// The five outcomes' counts as report.schema.json's $defs/counts.
nlohmann::json counts_json(const Counts& c);

}  // namespace susurration::grader
