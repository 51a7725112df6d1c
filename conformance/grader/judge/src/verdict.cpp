// The verdict (verdict.hpp): its scope, computed once per run, and the words
// every report form gives it, so the forms cannot disagree.
#include "susurration/grader/verdict.hpp"

#include <stdexcept>

#include "susurration/grader/runner.hpp"
#include "susurration/grader/selection.hpp"

#ifndef SUSURRATION_VERSION
#error "SUSURRATION_VERSION is the kit's version (project(VERSION) in CMakeLists.txt)"
#endif

namespace susurration::grader {
namespace {

std::string counted(std::size_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string joined(const std::vector<std::string>& words, const std::string& by) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : by) + w;
  return out;
}

}  // namespace

std::string kit_name() { return "susurration " SUSURRATION_VERSION; }

Level level_named(const std::string& name) {
  for (Level l : {Level::exact, Level::conformant, Level::incomplete, Level::not_conformant, Level::no_verdict}) {
    if (to_string(l) == name) return l;
  }
  throw std::invalid_argument("no level is named " + name);
}

void Counts::add(const CaseResult& r) {
  ++by_outcome[r.outcome];
  if (r.drift) ++drift;
  const bool bad = r.outcome == Outcome::fail || r.outcome == Outcome::errored;
  if (r.expected_to_fail && bad) ++expected_failures;
  if (unexpected_pass(r)) ++unexpected_passes;
  if (!r.expected_to_fail && r.outcome == Outcome::fail) ++unlisted_failures;
  if (!r.expected_to_fail && r.outcome == Outcome::errored) ++unlisted_errors;
}

int Counts::of(Outcome o) const {
  const auto it = by_outcome.find(o);
  return it == by_outcome.end() ? 0 : it->second;
}

int Counts::total() const {
  int n = 0;
  for (const auto& [outcome, count] : by_outcome) n += count;
  return n;
}

Level Verdict::status_level() const {
  if (scope.expected_failures == 0 || level == Level::no_verdict) return level;
  if (counts.unlisted_failures || counts.unexpected_passes) return Level::not_conformant;
  if (counts.unlisted_errors) return Level::incomplete;
  // Every case that failed or erred is listed, and every listed one did.
  return level == Level::exact ? Level::exact : Level::conformant;
}

Verdict grade_verdict(const VectorSet& set, const Selection& selection, const GradeRun& run) {
  Verdict v = verdict_of(run);
  v.kit = kit_name();
  Scope& s = v.scope;
  s.manifest_sha256 = set.manifest_sha256;
  s.published_manifest_sha256 = published_manifest_sha256();
  s.published_set = s.manifest_sha256 == s.published_manifest_sha256;
  // limits.json is part of the set a grade speaks of only when asked
  // (--limits): without it, a plain grade is whole, and says the limits
  // were not asked (scope_phrase, badge_phrase).
  s.limits = selection.limits;
  for (const VectorCase& c : set.cases) s.cases_in_set += !c.fresh && (!c.limits || selection.limits);
  for (const CaseResult& r : run.results) {
    // checks.cpp's start_result: a fresh case is reported in category fresh.
    if (r.category == "fresh") {
      ++s.fresh_cases;
    } else {
      ++s.cases;
    }
    s.expected_failures += r.expected_to_fail;
  }
  s.only = selection.only;
  s.skip = selection.skip;
  s.shard = std::to_string(selection.shard) + "/" + std::to_string(selection.shards);
  s.fresh_seed = set.fresh_seed;
  s.sandboxed = run.sandboxed;
  return v;
}

std::string level_phrase(const Verdict& v) {
  const Counts& c = v.counts;
  std::vector<std::string> notes;
  if (v.scope.expected_failures > 0) {
    const int failed = c.of(Outcome::fail), errored = c.of(Outcome::errored);
    if (failed + errored > 0) {
      std::vector<std::string> bad;
      if (failed) bad.push_back(counted(failed, "failure"));
      if (errored) bad.push_back(std::to_string(errored) + " errored");
      bad.push_back(c.expected_failures == failed + errored ? "all expected"
                    : c.expected_failures == 0            ? "none expected"
                                                          : std::to_string(c.expected_failures) + " expected");
      notes.push_back(joined(bad, ", "));
    }
    if (c.unexpected_passes) notes.push_back(counted(c.unexpected_passes, "listed case") + " passed");
  }
  if (const int skipped = c.of(Outcome::skipped)) {
    notes.push_back("on the " + std::to_string(c.total() - skipped) + " cases not skipped");
  }
  return to_string(v.level) + (notes.empty() ? "" : " (" + joined(notes, "; ") + ")");
}

std::string scope_phrase(const Scope& s) {
  std::vector<std::string> parts;
  parts.push_back(s.published_set ? "the published set"
                                  : "not the published set (manifest sha256 " + s.manifest_sha256 + ")");
  if (s.whole()) {
    parts.push_back("all " + counted(s.cases_in_set, "case"));
  } else {
    std::vector<std::string> how;
    if (!s.only.empty()) how.push_back("--only " + joined(s.only, ","));
    if (!s.skip.empty()) how.push_back("--skip " + joined(s.skip, ","));
    if (s.shard != "1/1") how.push_back("--shard " + s.shard);
    parts.push_back("a selection, " + std::to_string(s.cases) + " of " + counted(s.cases_in_set, "case") +
                    (how.empty() ? "" : " (" + joined(how, " ") + ")"));
  }
  parts.push_back(s.fresh_seed ? "fresh set seed " + std::to_string(*s.fresh_seed) + " (" +
                                     counted(s.fresh_cases, "case") + ")"
                               : "no fresh set");
  parts.push_back(s.expected_failures ? counted(s.expected_failures, "expected failure") + " listed"
                                      : "no expected failure listed");
  parts.push_back(s.sandboxed ? "sandboxed" : "not sandboxed");
  parts.push_back(s.limits ? "the limits set asked (--limits)" : "the limits set not asked (--limits asks it)");
  return joined(parts, "; ");
}

std::string expectation_phrase(const Verdict& v) {
  if (v.scope.expected_failures == 0) return "";
  const Level status = v.status_level();
  if (status == Level::exact || status == Level::conformant) {
    return "as --expect-fail lists: the cases that failed or errored are exactly the " +
           std::to_string(v.scope.expected_failures) + " listed (exit status 0)";
  }
  std::vector<std::string> off;
  if (v.counts.unlisted_failures) off.push_back(counted(v.counts.unlisted_failures, "failure") + " not listed");
  if (v.counts.unlisted_errors) off.push_back(std::to_string(v.counts.unlisted_errors) + " errored not listed");
  if (v.counts.unexpected_passes) off.push_back(counted(v.counts.unexpected_passes, "listed case") + " passed");
  return "not as --expect-fail lists: " + joined(off, ", ");
}

std::string badge_phrase(const Verdict& v) {
  const Scope& s = v.scope;
  std::string out = to_string(v.level);
  if (v.counts.expected_failures) out += " \u00b7 " + std::to_string(v.counts.expected_failures) + " expected";
  // A selection says the most; "no fresh set" qualifies a whole grade only.
  if (!s.whole()) {
    out += " \u00b7 partial " + std::to_string(s.cases) + "/" + std::to_string(s.cases_in_set);
  } else if (!s.fresh_seed) {
    out += " \u00b7 no fresh set";
  }
  if (!s.published_set) out += " \u00b7 not the published set " + s.manifest_sha256.substr(0, 8);
  // The scope phrase says either way; the badge, short, says only the
  // grade that asked more than a plain one.
  if (s.limits) out += " \u00b7 limits asked";
  return out;
}

Json scope_json(const Scope& s) {
  return {{"published_set", s.published_set},
          {"published_manifest_sha256", s.published_manifest_sha256},
          {"cases", s.cases},
          {"cases_in_set", s.cases_in_set},
          {"only", s.only},
          {"skip", s.skip},
          {"shard", s.shard},
          {"fresh_seed", s.fresh_seed ? Json(*s.fresh_seed) : Json()},
          {"fresh_cases", s.fresh_cases},
          {"expected_failures", s.expected_failures},
          {"sandboxed", s.sandboxed},
          {"limits", s.limits}};
}

Scope scope_from_json(const Json& j, const std::string& manifest_sha256) {
  Scope s;
  s.published_set = j.at("published_set").get<bool>();
  s.manifest_sha256 = manifest_sha256;
  s.published_manifest_sha256 = j.at("published_manifest_sha256").get<std::string>();
  s.cases = j.at("cases").get<std::size_t>();
  s.cases_in_set = j.at("cases_in_set").get<std::size_t>();
  s.only = j.at("only").get<std::vector<std::string>>();
  s.skip = j.at("skip").get<std::vector<std::string>>();
  s.shard = j.at("shard").get<std::string>();
  if (!j.at("fresh_seed").is_null()) s.fresh_seed = j.at("fresh_seed").get<std::uint32_t>();
  s.fresh_cases = j.at("fresh_cases").get<std::size_t>();
  s.expected_failures = j.at("expected_failures").get<std::size_t>();
  s.sandboxed = j.at("sandboxed").get<bool>();
  // A report of a kit before the limits set has none: it asked none.
  s.limits = j.contains("limits") && j.at("limits").get<bool>();
  return s;
}

Verdict verdict_from_report(const Json& report) {
  Verdict v;
  try {
    v.level = level_named(report.at("level").get<std::string>());
  } catch (const std::invalid_argument& e) {
    throw ReportFormatError(std::string("not a grade report this kit wrote: ") + e.what());
  }
  const Json& counts = report.at("counts");
  for (Outcome o : {Outcome::pass_exact, Outcome::pass_tolerant, Outcome::fail, Outcome::errored,
                    Outcome::skipped}) {
    v.counts.by_outcome[o] = counts.at(to_string(o)).get<int>();
  }
  v.counts.drift = counts.at("drift").get<int>();
  v.counts.expected_failures = counts.at("expected-failures").get<int>();
  v.counts.unexpected_passes = counts.at("unexpected-passes").get<int>();
  for (const Json& c : report.at("cases")) {
    const bool listed = c.at("expected_to_fail").get<bool>();
    v.counts.unlisted_failures += !listed && c.at("outcome") == "fail";
    v.counts.unlisted_errors += !listed && c.at("outcome") == "errored";
  }
  v.scope = scope_from_json(report.at("scope"), report.at("vectors").at("manifest_sha256").get<std::string>());
  v.kit = report.at("kit").get<std::string>();
  return v;
}

}  // namespace susurration::grader
