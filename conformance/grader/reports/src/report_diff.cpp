// The regression gate (report_diff.hpp, spec/grading.md REPORT-4). It
// reads two reports that check_report has already recomputed, and it can
// only be passed by a NEW run that answered at least what OLD answered as
// well: a case left out, a fresh set whose failing share rose, or a level
// gone worse is a regression, whatever else changed between the runs.
#include "susurration/grader/report_diff.hpp"

#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/report.hpp"

namespace susurration::grader {

namespace {

bool passes(const std::string& outcome) { return outcome == "pass-exact" || outcome == "pass-tolerant"; }

// What the report's verdict says it spoke of: read as every form reads a
// saved report's scope (verdict_from_report), and so once.
Scope scope_of(const Json& r) { return verdict_from_report(r).scope; }

// One line of a run: what a reader needs to know which run is which.
Json run_summary(const Json& r) {
  const Json& engine = r.at("engine");
  const Scope scope = scope_of(r);
  return {{"engine", engine.at("name").is_string() ? engine.at("name") : engine.at("command")},
          {"version", engine.at("version")},
          {"kit", r.at("kit")},
          {"date", r.at("date")},
          // The cases' level, by the grader's rule (check_report has refused a report stating another).
          {"level", level_of_report(r)},
          {"manifest_sha256", r.at("vectors").at("manifest_sha256")},
          {"fresh_seed", scope.fresh_seed ? Json(*scope.fresh_seed) : Json(nullptr)},
          {"cases", r.at("cases").size()}};
}

// What was asked, as a reader compares two runs: each part a line.
std::vector<std::pair<std::string, std::string>> scope_parts(const Json& r) {
  const Json& s = r.at("selection");
  const Scope scope = scope_of(r);
  const auto globs = [](const char* option, const std::vector<std::string>& list) {
    std::string out;
    for (const std::string& g : list) out += std::string(" ") + option + " " + protocol::one_line(g, 60);
    return out;
  };
  return {{"selection", s.at("cases_selected").dump() + " of " + s.at("cases_in_set").dump() + " cases" +
                            globs("--only", scope.only) + globs("--skip", scope.skip) + " shard " + scope.shard},
          {"expected failures listed", std::to_string(s.at("expect_fail").size())},
          {"fresh", scope.fresh_seed ? "seed " + std::to_string(*scope.fresh_seed) : "no fresh set"},
          {"sandboxed", scope.sandboxed ? "true" : "false"}};
}

Json scope_changes(const Json& old_report, const Json& new_report) {
  Json changes = Json::array();
  const auto before = scope_parts(old_report);
  auto after = scope_parts(new_report);
  for (const auto& [name, was] : before) {
    std::string now = "not stated";
    for (const auto& [n, v] : after) {
      if (n == name) now = v;
    }
    if (was != now) changes.push_back({{"what", name}, {"old", was}, {"new", now}});
  }
  return changes;
}

// Fresh cases are the same questions only when drawn from the same seed by
// the same kit (PROTO-12: the generator, and so the set, is the kit's).
bool same_fresh_set(const Json& a, const Json& b) {
  const auto seed_a = scope_of(a).fresh_seed, seed_b = scope_of(b).fresh_seed;
  return seed_a && seed_b && *seed_a == *seed_b && a.at("kit") == b.at("kit");
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

struct Share {
  long cases = 0, not_passing = 0;
};

std::map<std::string, Share> fresh_shares(const Json& report) {
  std::map<std::string, Share> files;
  for (const Json& c : report.at("cases")) {
    if (!is_fresh(c)) continue;
    Share& s = files[c.at("file").get<std::string>()];
    ++s.cases;
    if (!passes(c.at("outcome").get<std::string>())) ++s.not_passing;
  }
  return files;
}

// Fresh cases of other seeds ask other questions under the same ids, so
// they are compared per fresh file by the share that does not pass: a bug
// the old seed did not draw and a new bug look alike here, and both are
// worth a stop. A fresh file of OLD with no case in NEW is missing
// (`missing` gets its cases).
Json fresh_summary(const Json& old_report, const Json& new_report, Json& missing) {
  const auto before = fresh_shares(old_report);
  const auto after = fresh_shares(new_report);
  Share old_total, new_total;
  Json files = Json::array();
  bool regressed = false;
  for (const auto& [file, was] : before) {
    old_total.cases += was.cases;
    old_total.not_passing += was.not_passing;
    const auto found = after.find(file);
    if (found == after.end()) {
      for (const Json& c : old_report.at("cases")) {
        if (is_fresh(c) && c.at("file") == file) missing.push_back({{"id", c.at("id")}, {"old", c.at("outcome")}});
      }
      continue;
    }
    const Share& now = found->second;
    // now/now.cases > was/was.cases, without rounding.
    const bool rose = now.not_passing * was.cases > was.not_passing * now.cases;
    regressed = regressed || rose;
    files.push_back({{"file", file}, {"old_cases", was.cases}, {"new_cases", now.cases},
                     {"old_not_passing", was.not_passing}, {"new_not_passing", now.not_passing},
                     {"regressed", rose}});
  }
  for (const auto& [file, now] : after) {
    new_total.cases += now.cases;
    new_total.not_passing += now.not_passing;
  }
  return {{"old_cases", old_total.cases},
          {"new_cases", new_total.cases},
          {"old_not_passing", old_total.not_passing},
          {"new_not_passing", new_total.not_passing},
          {"regressed", regressed},
          {"files", files}};
}

// One line, whatever an engine put in a message (engine_text.hpp).
std::string line_of(const Json& text) {
  return text.is_string() ? protocol::one_line(std::string_view(text.get_ref<const std::string&>())) : "";
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

Json diff_reports(const Json& old_report, const Json& new_report, const DiffOptions& options) {
  const auto old_cases = by_id(old_report);
  const auto new_cases = by_id(new_report);
  const bool fresh_by_id = same_fresh_set(old_report, new_report);
  Json regressions = Json::array(), fixes = Json::array(), changes = Json::array();
  Json only_old = Json::array(), only_new = Json::array(), missing = Json::array();
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
    const bool compared_as_share = is_fresh(before) && !fresh_by_id;
    if (!new_cases.contains(id) || compared_as_share) only_old.push_back(id);
    if (!new_cases.contains(id) && !compared_as_share) missing.push_back({{"id", id}, {"old", before.at("outcome")}});
  }
  const Json fresh = fresh_by_id ? Json(nullptr) : fresh_summary(old_report, new_report, missing);
  const bool level_worse = worse(level_named(level_of_report(new_report)), level_named(level_of_report(old_report)));
  const bool regressed = !regressions.empty() || (fresh.is_object() && fresh.at("regressed").get<bool>()) ||
                         level_worse || (!missing.empty() && !options.allow_missing);
  return {{"schema", "report-diff.schema.json"},
          {"old", run_summary(old_report)},
          {"new", run_summary(new_report)},
          {"same_vectors", old_report.at("vectors").at("manifest_sha256") ==
                               new_report.at("vectors").at("manifest_sha256")},
          {"scope_changes", scope_changes(old_report, new_report)},
          {"fresh_compared_by_id", fresh_by_id},
          {"regressed", regressed},
          {"level_worse", level_worse},
          {"regressions", regressions},
          {"missing", missing},
          {"missing_allowed", options.allow_missing},
          {"fixes", fixes},
          {"changes", changes},
          {"fresh", fresh},
          {"only_in_old", only_old},
          {"only_in_new", only_new}};
}

std::string diff_text(const Json& d) {
  std::string out = "report-diff\n" + run_line("old", d.at("old")) + run_line("new", d.at("new"));
  // What was asked changed: said first, since it qualifies every line below.
  for (const Json& s : d.at("scope_changes")) {
    out += "scope changed: " + s.at("what").get<std::string>() + ": " + line_of(s.at("old")) + " -> " +
           line_of(s.at("new")) + "\n";
  }
  if (!d.at("same_vectors").get<bool>()) {
    out += "graded against different vector sets: cases are compared by id, and the same id may ask another "
           "question\n";
  }
  const std::string old_level = d.at("old").at("level").get<std::string>();
  const std::string new_level = d.at("new").at("level").get<std::string>();
  out += "level: " + (old_level == new_level ? old_level + " (unchanged)" : old_level + " -> " + new_level) +
         (d.at("level_worse").get<bool>() ? ": worse, a regression" : "") + "\n";
  out += "regressions (passed before; fail, errored or skipped now): " +
         std::to_string(d.at("regressions").size()) + "\n" + change_lines(d.at("regressions"), true);
  const Json& missing = d.at("missing");
  out += "missing (graded before, not now): " + std::to_string(missing.size()) +
         (missing.empty() ? ""
          : d.at("missing_allowed").get<bool>() ? " (allowed by --allow-missing)"
                                                : ": a regression (--allow-missing accepts them)") +
         "\n";
  for (const Json& m : missing) out += "  " + line_of(m.at("id")) + ": " + m.at("old").get<std::string>() + " -> missing\n";
  if (const Json& fresh = d.at("fresh"); fresh.is_object()) {
    out += "fresh cases (other seeds, compared per file by the share not passing): " +
           fresh.at("old_not_passing").dump() + " of " + fresh.at("old_cases").dump() + " not passing before, " +
           fresh.at("new_not_passing").dump() + " of " + fresh.at("new_cases").dump() + " now" +
           (fresh.at("regressed").get<bool>() ? ": a regression" : "") + "\n";
    for (const Json& f : fresh.at("files")) {
      out += "  " + line_of(f.at("file")) + ": " + f.at("old_not_passing").dump() + " of " +
             f.at("old_cases").dump() + " -> " + f.at("new_not_passing").dump() + " of " + f.at("new_cases").dump() +
             (f.at("regressed").get<bool>() ? ", a larger share" : "") + "\n";
    }
  }
  out += "fixes (did not pass before, pass now): " + std::to_string(d.at("fixes").size()) + "\n" +
         change_lines(d.at("fixes"), false);
  out += "other changes of outcome: " + std::to_string(d.at("changes").size()) + "\n" +
         change_lines(d.at("changes"), true);
  out += "not compared one by one: " + std::to_string(d.at("only_in_old").size()) +
         " case(s) only in the old report or fresh of another seed, " + std::to_string(d.at("only_in_new").size()) +
         " in the new one\n";
  out += d.at("regressed").get<bool>() ? "verdict: regressed\n" : "verdict: no regression\n";
  return out;
}

}  // namespace susurration::grader
