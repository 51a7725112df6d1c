// The board's document and its text form (board.hpp, spec/grading.md
// REPORT-6); the page is report_board_html.cpp.
#include <cstdio>
#include <map>

#include "susurration/grader/board.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/report_diff.hpp"

namespace susurration::grader {
namespace {

constexpr const char* kOutcomes[] = {"pass-exact", "pass-tolerant", "fail", "errored", "skipped"};

Json zero_counts() {
  Json counts = Json::object();
  for (const char* o : kOutcomes) counts[o] = 0;
  return counts;
}

// Read as every form reads a saved report's scope (verdict_from_report).
Json fresh_seed_of(const Scope& scope) { return scope.fresh_seed ? Json(*scope.fresh_seed) : Json(nullptr); }
Json fresh_seed_of(const Json& report) { return fresh_seed_of(verdict_from_report(report).scope); }

// Reports are one table only when graded against one vector set by one kit,
// and with one fresh seed or none: other vectors, and fresh cases of
// another seed, ask other questions under the same ids; another kit may
// grade the same answer otherwise.
std::string group_key(const Json& report) {
  return report.at("vectors").at("manifest_sha256").get<std::string>() + " " + report.at("kit").get<std::string>() +
         " " + fresh_seed_of(report).dump();
}

// Counted here, from the cases, by the grader's rules: a column never
// shows what a report only states.
Json engine_column(const BoardReport& r) {
  const Json& report = r.report;
  const Json& engine = report.at("engine");
  const Json& selection = report.at("selection");
  const Scope scope = verdict_from_report(report).scope;
  return {{"report", r.path},
          {"name", engine.at("name")},
          {"version", engine.at("version")},
          {"language", engine.at("language")},
          {"command", engine.at("command")},
          {"date", report.at("date")},
          {"level", level_of_report(report)},
          {"counts", counts_of_report(report)},
          {"cases_graded", report.at("cases").size()},
          {"cases_in_set", selection.at("cases_in_set")},
          // A selection is marked wherever the column is shown: its level
          // speaks for the cases asked, not for the set.
          {"partial", !scope.whole()},
          {"seconds", report.at("seconds")},
          {"fresh_seed", fresh_seed_of(scope)},
          {"sandboxed", scope.sandboxed},
          {"limits", scope.limits}};
}

// Rows of one kind (by category or by clause): the rows in order of first
// appearance, each with a cell of counts per engine (null when that engine
// graded none of its cases) and its cases' ids in order of first appearance.
struct Rows {
  std::vector<std::string> order;
  std::map<std::string, std::vector<Json>> cells;
  std::map<std::string, std::vector<std::string>> cases;
  std::map<std::string, std::map<std::string, bool>> seen;

  void add(const std::string& row, const std::string& id, std::size_t engine, std::size_t engines,
           const std::string& outcome) {
    if (!cells.contains(row)) {
      order.push_back(row);
      cells[row] = std::vector<Json>(engines, nullptr);
    }
    Json& cell = cells[row][engine];
    if (cell.is_null()) cell = zero_counts();
    cell[outcome] = cell[outcome].get<int>() + 1;
    if (!seen[row][id]) {
      seen[row][id] = true;
      cases[row].push_back(id);
    }
  }
};

Json table(const std::vector<const BoardReport*>& members) {
  const std::size_t n = members.size();
  Rows categories, clauses;
  std::map<std::string, std::vector<Json>> outcome_of;  // case id -> outcome per engine
  for (std::size_t e = 0; e < n; ++e) {
    for (const Json& c : members[e]->report.at("cases")) {
      const std::string id = c.at("id").get<std::string>();
      const std::string outcome = c.at("outcome").get<std::string>();
      auto& outcomes = outcome_of[id];
      if (outcomes.empty()) outcomes.assign(n, nullptr);
      outcomes[e] = outcome;
      categories.add(c.at("category").get<std::string>(), id, e, n, outcome);
      for (const Json& clause : c.at("clauses")) clauses.add(clause.get<std::string>(), id, e, n, outcome);
    }
  }
  Json category_rows = Json::array(), clause_rows = Json::array();
  for (const std::string& name : categories.order) {
    Json cases = Json::array();
    for (const std::string& id : categories.cases[name]) cases.push_back({{"id", id}, {"outcomes", outcome_of[id]}});
    category_rows.push_back({{"name", name}, {"cells", categories.cells[name]}, {"cases", cases}});
  }
  for (const std::string& name : clauses.order) {
    clause_rows.push_back({{"name", name}, {"cells", clauses.cells[name]}, {"cases", clauses.cases[name]}});
  }
  Json engines = Json::array();
  for (const BoardReport* r : members) engines.push_back(engine_column(*r));
  const Json& vectors = members.front()->report.at("vectors");
  return {{"manifest_sha256", vectors.at("manifest_sha256")},
          {"spec_version", vectors.at("spec_version")},
          {"kit", members.front()->report.at("kit")},
          {"fresh_seed", fresh_seed_of(members.front()->report)},
          {"engines", engines},
          {"categories", category_rows},
          {"clauses", clause_rows}};
}

std::string cell_text(const Json& value) {
  return value.is_string() ? protocol::one_line(value.get_ref<const std::string&>(), 60) : "-";
}

}  // namespace

Json board_document(const std::vector<BoardReport>& reports) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const BoardReport*>> groups;
  for (const BoardReport& r : reports) {
    const std::string key = group_key(r.report);
    if (!groups.contains(key)) order.push_back(key);
    groups[key].push_back(&r);
  }
  Json tables = Json::array();
  for (const std::string& key : order) tables.push_back(table(groups[key]));
  return {{"schema", "board.schema.json"}, {"split", tables.size() > 1}, {"groups", tables}};
}

std::string board_text(const Json& board) {
  const Json& groups = board.at("groups");
  std::size_t engines = 0;
  for (const Json& g : groups) engines += g.at("engines").size();
  std::string out = "board of " + std::to_string(engines) + " report(s)";
  out += board.at("split").get<bool>()
             ? ", split into " + std::to_string(groups.size()) +
                   " tables: they were graded against other vector sets, by other kits or with other fresh seeds, "
                   "and are not compared\n"
             : "\n";
  char line[512];
  for (const Json& g : groups) {
    out += "vectors " + g.at("manifest_sha256").get<std::string>().substr(0, 12) + " (spec " +
           cell_text(g.at("spec_version")) + "), kit " + cell_text(g.at("kit")) + ", " +
           (g.at("fresh_seed").is_null() ? std::string("no fresh set") : "fresh seed " + g.at("fresh_seed").dump()) +
           "\n";
    std::snprintf(line, sizeof line, "  %-28s %-15s %-16s %6s %8s %5s %7s %7s %8s %9s  ", "engine", "level", "cases", "exact",
                  "tolerant", "fail", "errored", "skipped", "seconds", "sandboxed");
    out += std::string(line) + "report\n";
    for (const Json& e : g.at("engines")) {
      std::string name = cell_text(e.at("name").is_string() ? e.at("name") : e.at("command"));
      if (e.at("name").is_string() && e.at("version").is_string()) name.append(" ").append(cell_text(e.at("version")));
      const Json& c = e.at("counts");
      const std::string cases = (e.at("partial").get<bool>() ? "partial " : "all ") + e.at("cases_graded").dump() +
                                "/" + e.at("cases_in_set").dump() +
                                (e.contains("limits") && e.at("limits").get<bool>() ? " +limits" : "");
      std::snprintf(line, sizeof line, "  %-28s %-15s %-16s %6d %8d %5d %7d %7d %8.1f %9s  ", name.c_str(),
                    e.at("level").get<std::string>().c_str(), cases.c_str(), c.at("pass-exact").get<int>(),
                    c.at("pass-tolerant").get<int>(), c.at("fail").get<int>(), c.at("errored").get<int>(),
                    c.at("skipped").get<int>(), e.at("seconds").get<double>(),
                    e.at("sandboxed").get<bool>() ? "yes" : "no");
      out += std::string(line) + protocol::one_line(e.at("report").get_ref<const std::string&>()) + "\n";
    }
  }
  return out;
}

}  // namespace susurration::grader
