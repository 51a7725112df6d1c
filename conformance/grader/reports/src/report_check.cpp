// A saved report read as hostile (report_diff.hpp, spec/grading.md
// REPORT-4 and REPORT-6): its schema, with a bound on every count and size,
// and then every figure it states recomputed from its cases by the
// grader's own rules (Counts::add, verdict_of), so what `report` draws and
// `report-diff` gates on is what the cases say, not what a hand wrote.
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string_view>

#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/fingerprint.hpp"
#include "susurration/grader/report.hpp"
#include "susurration/grader/report_diff.hpp"
#include "susurration/grader/vector_set.hpp"
#include "susurration/protocol/schema_check.hpp"

namespace susurration::grader {

std::string_view report_schema();  // report_schema.cpp, generated from schemas/report.schema.json

namespace {

const SchemaChecker& report_checker() {
  static const SchemaChecker checker(Json::parse(report_schema()));
  return checker;
}

Outcome outcome_named(const std::string& name) {
  for (Outcome o : {Outcome::pass_exact, Outcome::pass_tolerant, Outcome::fail, Outcome::errored,
                    Outcome::skipped}) {
    if (to_string(o) == name) return o;
  }
  throw ReportFormatError("no outcome is named " + protocol::quote(name));  // the schema's enum keeps this unreachable
}

std::optional<Difference> difference_of(const Json& d) {
  if (d.is_null()) return std::nullopt;
  const auto number = [](const Json& v) { return v.is_null() ? std::nullopt : std::optional<double>(v.get<double>()); };
  const auto whole = [](const Json& v) { return v.is_null() ? std::nullopt : std::optional<int>(v.get<int>()); };
  return Difference{d.at("path").get<std::string>(), whole(d.at("tick")), whole(d.at("bird")),
                    d.at("field").get<std::string>(), d.at("expected"), d.at("actual"),
                    number(d.at("ulps")), number(d.at("relative"))};
}

// What the level and the counts are computed from, and what the text and
// JUnit reports draw; the rest of a case (chart, picture) only the page.
CaseResult result_of(const Json& c) {
  CaseResult r;
  r.id = c.at("id").get<std::string>();
  r.file = c.at("file").get<std::string>();
  r.category = c.at("category").get<std::string>();
  r.clauses = c.at("clauses").get<std::vector<std::string>>();
  r.outcome = outcome_named(c.at("outcome").get<std::string>());
  r.clause = c.at("clause").is_string() ? c.at("clause").get<std::string>() : "";
  r.check = c.at("check").get<std::string>();
  r.message = c.at("message").get<std::string>();
  r.hint = c.at("hint").get<std::string>();
  r.drift = c.at("drift").get<bool>();
  r.expected_to_fail = c.at("expected_to_fail").get<bool>();
  r.seconds = c.at("seconds").get<double>();
  r.offending = c.at("offending").get<std::string>();
  r.request = c.value("request", "");  // absent from reports of earlier kits
  r.difference = difference_of(c.at("difference"));
  return r;
}

Json full_counts(const Counts& c) {
  Json j = counts_json(c);
  j["drift"] = c.drift;
  j["expected-failures"] = c.expected_failures;
  j["unexpected-passes"] = c.unexpected_passes;
  return j;
}

// Each case's index by its id: a report names its cases by id.
std::map<std::string, std::size_t> index_of_cases(const GradeRun& run) {
  std::map<std::string, std::size_t> index;
  for (std::size_t k = 0; k < run.results.size(); ++k) index.emplace(run.results[k].id, k);
  return index;
}

void must_equal(const Json& stated, const Json& computed, const std::string& what) {
  if (stated != computed) {
    throw ReportFormatError(what + " says " + stated.dump() + " but its cases give " + computed.dump() +
                            ": the report was edited or damaged");
  }
}

}  // namespace

GradeRun run_of_report(const Json& report) {
  GradeRun run;
  const Json& engine = report.at("engine");
  // A report names the engine only when a handshake succeeded (report_json.cpp).
  if (engine.at("name").is_string()) {
    run.engine = EngineInfo{engine.at("name").get<std::string>(),
                            engine.at("version").is_string() ? engine.at("version").get<std::string>() : "",
                            engine.at("language").is_string() ? engine.at("language").get<std::string>() : "",
                            engine.at("capabilities").get<std::set<std::string>>()};
  }
  // Each stderr tail once, shared by the cases that quote it, as the run
  // held them: the JUnit report quotes a tail with its first case only.
  std::vector<std::shared_ptr<const std::string>> tails;
  for (const Json& t : report.at("stderr_tails")) tails.push_back(std::make_shared<const std::string>(t.get<std::string>()));
  for (const Json& c : report.at("cases")) {
    run.results.push_back(result_of(c));
    if (c.at("stderr_tail").is_number()) run.results.back().stderr_tail = tails.at(c.at("stderr_tail").get<std::size_t>());
  }
  run.cases_in_set = report.at("selection").at("cases_in_set").get<std::size_t>();
  run.seconds = report.at("seconds").get<double>();
  run.not_started = report.value("not_started", "");
  // A tolerant case's worst value is kept with the diagnosis, which lists it.
  const std::map<std::string, std::size_t> index = index_of_cases(run);
  for (const Json& t : report.at("diagnosis").at("tolerant_only")) {
    const auto found = index.find(t.at("case").get<std::string>());
    if (found != index.end()) run.results[found->second].worst = difference_of(t.at("worst"));
  }
  return run;
}

Diagnosis diagnosis_of_report(const Json& report, const GradeRun& run) {
  const std::map<std::string, std::size_t> index = index_of_cases(run);
  const auto case_named = [&index](const Json& id) {
    const auto found = index.find(id.get<std::string>());
    if (found == index.end()) {
      throw ReportFormatError("the diagnosis names case " + protocol::quote(id.dump()) + ", which is not among its cases");
    }
    return found->second;
  };
  Diagnosis d;
  for (const Json& c : report.at("diagnosis").at("causes")) {
    Cause cause{c.at("clause").get<std::string>(), c.at("score").get<double>(), case_named(c.at("shown")), {},
                c.at("why").get<std::string>()};
    for (const Json& id : c.at("explains")) cause.explains.push_back(case_named(id));
    d.causes.push_back(std::move(cause));
  }
  for (const Json& t : report.at("diagnosis").at("tolerant_only")) d.tolerant_only.push_back(case_named(t.at("case")));
  return d;
}

Json counts_of_report(const Json& report) {
  Counts total;
  for (const CaseResult& r : run_of_report(report).results) total.add(r);
  return full_counts(total);
}

std::string level_of_report(const Json& report) { return to_string(verdict_of(run_of_report(report)).level); }

void check_report(const Json& report) {
  if (const auto problem = report_checker().violation(report)) {
    throw ReportFormatError("not a grade report this kit writes (schemas/report.schema.json): " + *problem);
  }
  // A case is named by its id: two of one id would make "this case
  // regressed" ambiguous, so such a document is no report.
  std::set<std::string> ids;
  for (const Json& c : report.at("cases")) {
    if (!ids.insert(c.at("id").get<std::string>()).second) {
      throw ReportFormatError("two cases have the id " + protocol::quote(c.at("id").dump()));
    }
  }
  const Json& cases = report.at("cases");
  const Json& selection = report.at("selection");
  must_equal(selection.at("cases_selected"), Json(cases.size()), "selection.cases_selected");
  if (selection.at("cases_selected").get<std::size_t>() > selection.at("cases_in_set").get<std::size_t>()) {
    throw ReportFormatError("selection.cases_selected is more than selection.cases_in_set");
  }
  const std::size_t tails = report.at("stderr_tails").size();
  for (const Json& c : cases) {
    if (c.at("stderr_tail").is_number() && c.at("stderr_tail").get<std::size_t>() >= tails) {
      throw ReportFormatError("case " + protocol::quote(c.at("id").get<std::string>()) + " names stderr tail " +
                              c.at("stderr_tail").dump() + " of " + std::to_string(tails));
    }
  }
  const GradeRun run = run_of_report(report);
  diagnosis_of_report(report, run);  // names only cases of the report, or throws
  Counts total;
  std::map<std::string, Counts> by_category, by_clause;
  for (const CaseResult& r : run.results) {
    total.add(r);
    by_category[r.category].add(r);
    for (const std::string& clause : r.clauses) by_clause[clause].add(r);
  }
  must_equal(report.at("counts"), full_counts(total), "counts");
  Json categories = Json::object(), clauses = Json::object();
  for (const auto& [name, c] : by_category) categories[name] = counts_json(c);
  for (const auto& [name, c] : by_clause) clauses[name] = counts_json(c);
  must_equal(report.at("categories"), categories, "categories");
  must_equal(report.at("clauses"), clauses, "clauses");
  must_equal(report.at("level"), Json(to_string(verdict_of(run).level)), "level");
  // The scope every form reads (verdict_from_report) says what the cases
  // and the vector set say, so a reader of it reads the report.
  const Scope scope = verdict_from_report(report).scope;
  const auto fresh = static_cast<std::size_t>(
      std::count_if(cases.begin(), cases.end(), [](const Json& c) { return c.at("category") == "fresh"; }));
  must_equal(Json(scope.fresh_cases), Json(fresh), "scope.fresh_cases");
  must_equal(Json(scope.cases), Json(cases.size() - fresh), "scope.cases");
  const bool limits_graded =
      std::any_of(cases.begin(), cases.end(), [](const Json& c) { return c.at("category") == kLimitsCategory; });
  if (limits_graded && !scope.limits) {
    throw ReportFormatError("a case of category limits was graded but scope.limits says the limits set was not asked");
  }
  const Json& drawn = report.at("vectors").at("fresh");
  const Json seed = scope.fresh_seed ? Json(*scope.fresh_seed) : Json(nullptr);
  if (seed != (drawn.is_null() ? Json(nullptr) : drawn.at("seed"))) {
    throw ReportFormatError("scope.fresh_seed says " + seed.dump() + " but vectors.fresh says " + drawn.dump() +
                            ": the report was edited or damaged");
  }
  // A report of a kit before REPORT-8 has none; one that states it must be the cases'.
  if (report.contains("fingerprint")) must_equal(report.at("fingerprint"), fingerprint_json(run.results), "fingerprint");
}

}  // namespace susurration::grader
