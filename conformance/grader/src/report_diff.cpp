// The regression gate (report_diff.hpp, spec/PROTOCOL.md REPORT-4).
#include "susurration/grader/report_diff.hpp"

#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "susurration/grader/engine_text.hpp"
#include "susurration/grader/report.hpp"
#include "susurration/schema_check.hpp"

namespace susurration::grader {

std::string_view report_schema();  // report_schema.cpp, generated from schemas/report.schema.json

namespace {

const SchemaChecker& report_checker() {
  static const SchemaChecker checker(Json::parse(report_schema()));
  return checker;
}

bool passes(const std::string& outcome) { return outcome == "pass-exact" || outcome == "pass-tolerant"; }

// One line of a run: what a reader needs to know which run is which.
Json run_summary(const Json& r) {
  const Json& engine = r.at("engine");
  const Json& fresh = r.at("vectors").at("fresh");
  return {{"engine", engine.at("name").is_string() ? engine.at("name") : engine.at("command")},
          {"version", engine.at("version")},
          {"kit", r.at("kit")},
          {"date", r.at("date")},
          {"level", r.at("level")},
          {"manifest_sha256", r.at("vectors").at("manifest_sha256")},
          {"fresh_seed", fresh.is_null() ? Json(nullptr) : fresh.at("seed")},
          {"cases", r.at("cases").size()}};
}

// Fresh cases are the same questions only when drawn from the same seed by
// the same kit (PROTO-12: the generator, and so the set, is the kit's).
bool same_fresh_set(const Json& a, const Json& b) {
  const Json& fa = a.at("vectors").at("fresh");
  const Json& fb = b.at("vectors").at("fresh");
  return !fa.is_null() && !fb.is_null() && fa.at("seed") == fb.at("seed") && a.at("kit") == b.at("kit");
}

bool is_fresh(const Json& c) { return c.at("category") == "fresh"; }

// Ids are unique in a checked report (check_report).
std::map<std::string, const Json*> by_id(const Json& report) {
  std::map<std::string, const Json*> cases;
  for (const Json& c : report.at("cases")) cases.emplace(c.at("id").get<std::string>(), &c);
  return cases;
}

Json change(const std::string& id, const Json& before, const Json& after) {
  return {{"id", id},
          {"old", before.at("outcome")},
          {"new", after.at("outcome")},
          {"clause", after.at("clause")},
          {"message", after.at("message")}};
}

// The fresh category as a whole, when its cases cannot be compared one by
// one: every fresh case passed before and some fail or error now. A bug the
// old seed did not draw and a new bug look alike here; both are worth a stop.
Json fresh_summary(const Json& old_report, const Json& new_report) {
  const auto tally = [](const Json& report) {
    int cases = 0, passing = 0;
    for (const Json& c : report.at("cases")) {
      if (!is_fresh(c)) continue;
      ++cases;
      if (passes(c.at("outcome").get<std::string>()) || c.at("outcome") == "skipped") ++passing;
    }
    return std::pair{cases, passing};
  };
  const auto [old_cases, old_passing] = tally(old_report);
  const auto [new_cases, new_passing] = tally(new_report);
  bool new_failing = false;
  for (const Json& c : new_report.at("cases")) {
    if (is_fresh(c) && (c.at("outcome") == "fail" || c.at("outcome") == "errored")) new_failing = true;
  }
  return {{"old_cases", old_cases},
          {"new_cases", new_cases},
          {"old_not_passing", old_cases - old_passing},
          {"new_not_passing", new_cases - new_passing},
          {"regressed", old_cases > 0 && old_passing == old_cases && new_failing}};
}

// One line, whatever an engine put in a message (engine_text.hpp).
std::string line_of(const Json& text) {
  return text.is_string() ? one_line(std::string_view(text.get_ref<const std::string&>())) : "";
}

std::string run_line(const char* which, const Json& run) {
  const std::string engine = line_of(run.at("engine"));
  const std::string version = run.at("version").is_string() ? " " + line_of(run.at("version")) : "";
  return std::string("  ") + which + ": " + engine + version + ", " + run.at("level").get<std::string>() + ", " +
         line_of(run.at("date")) + ", " + line_of(run.at("kit")) + ", vectors " +
         run.at("manifest_sha256").get<std::string>().substr(0, 12) +
         (run.at("fresh_seed").is_null() ? "" : ", fresh seed " + run.at("fresh_seed").dump()) + "\n";
}

std::string change_lines(const Json& changes, bool with_cause) {
  std::string out;
  for (const Json& c : changes) {
    out += "  " + line_of(c.at("id")) + ": " + c.at("old").get<std::string>() + " -> " +
           c.at("new").get<std::string>();
    if (with_cause) {
      if (c.at("clause").is_string()) out += " (" + c.at("clause").get<std::string>() + ")";
      const std::string message = line_of(c.at("message"));
      if (!message.empty()) out += " " + message;
    }
    out += "\n";
  }
  return out;
}

}  // namespace

void check_report(const Json& report) {
  if (const auto problem = report_checker().violation(report)) {
    throw ReportFormatError("not a grade report this kit writes (schemas/report.schema.json): " + *problem);
  }
  // A case is named by its id: two of one id would make "this case
  // regressed" ambiguous, so such a document is no report.
  std::set<std::string> ids;
  for (const Json& c : report.at("cases")) {
    if (!ids.insert(c.at("id").get<std::string>()).second) {
      throw ReportFormatError("two cases have the id " + quote(c.at("id").dump()));
    }
  }
}

Json diff_reports(const Json& old_report, const Json& new_report) {
  const auto old_cases = by_id(old_report);
  const auto new_cases = by_id(new_report);
  const bool fresh_by_id = same_fresh_set(old_report, new_report);
  Json regressions = Json::array(), fixes = Json::array(), changes = Json::array();
  Json only_old = Json::array(), only_new = Json::array();
  // Manifest order, the new report's: the order a reader of its report sees.
  for (const Json& after : new_report.at("cases")) {
    const std::string id = after.at("id").get<std::string>();
    const auto found = old_cases.find(id);
    if (found == old_cases.end() || (is_fresh(after) && !fresh_by_id)) {
      only_new.push_back({{"id", id}, {"outcome", after.at("outcome")}});
      continue;
    }
    const Json& before = *found->second;
    const std::string was = before.at("outcome").get<std::string>();
    const std::string now = after.at("outcome").get<std::string>();
    if (passes(was) && !passes(now)) {
      regressions.push_back(change(id, before, after));
    } else if (!passes(was) && passes(now)) {
      fixes.push_back(change(id, before, after));
    } else if (was != now) {
      changes.push_back(change(id, before, after));
    }
  }
  for (const Json& before : old_report.at("cases")) {
    const std::string id = before.at("id").get<std::string>();
    if (!new_cases.contains(id) || (is_fresh(before) && !fresh_by_id)) only_old.push_back(id);
  }
  const Json fresh = fresh_by_id ? Json(nullptr) : fresh_summary(old_report, new_report);
  const bool regressed = !regressions.empty() || (fresh.is_object() && fresh.at("regressed").get<bool>());
  return {{"schema", "report-diff.schema.json"},
          {"old", run_summary(old_report)},
          {"new", run_summary(new_report)},
          {"same_vectors", old_report.at("vectors").at("manifest_sha256") ==
                               new_report.at("vectors").at("manifest_sha256")},
          {"fresh_compared_by_id", fresh_by_id},
          {"regressed", regressed},
          {"regressions", regressions},
          {"fixes", fixes},
          {"changes", changes},
          {"fresh", fresh},
          {"only_in_old", only_old},
          {"only_in_new", only_new}};
}

std::string diff_text(const Json& d) {
  std::string out = "report-diff\n" + run_line("old", d.at("old")) + run_line("new", d.at("new"));
  if (!d.at("same_vectors").get<bool>()) {
    out += "graded against different vector sets: cases are compared by id, and the same id may ask another "
           "question\n";
  }
  const std::string old_level = d.at("old").at("level").get<std::string>();
  const std::string new_level = d.at("new").at("level").get<std::string>();
  out += "level: " + (old_level == new_level ? old_level + " (unchanged)" : old_level + " -> " + new_level) + "\n";
  out += "regressions (passed before; fail, errored or skipped now): " +
         std::to_string(d.at("regressions").size()) + "\n" + change_lines(d.at("regressions"), true);
  if (const Json& fresh = d.at("fresh"); fresh.is_object()) {
    out += "fresh cases (other seeds, compared as a category): " + fresh.at("old_not_passing").dump() + " of " +
           fresh.at("old_cases").dump() + " not passing before, " + fresh.at("new_not_passing").dump() + " of " +
           fresh.at("new_cases").dump() + " now" +
           (fresh.at("regressed").get<bool>() ? ": a regression (every fresh case passed before)" : "") + "\n";
  }
  out += "fixes (did not pass before, pass now): " + std::to_string(d.at("fixes").size()) + "\n" +
         change_lines(d.at("fixes"), false);
  out += "other changes of outcome: " + std::to_string(d.at("changes").size()) + "\n" +
         change_lines(d.at("changes"), true);
  out += "not compared: " + std::to_string(d.at("only_in_old").size()) + " case(s) only in the old report, " +
         std::to_string(d.at("only_in_new").size()) + " only in the new one\n";
  out += d.at("regressed").get<bool>() ? "verdict: regressed\n" : "verdict: no regression\n";
  return out;
}

}  // namespace susurration::grader
