// The board's page (board.hpp, spec/grading.md REPORT-6): one table per
// group of comparable reports, engines as columns; rows by category and by
// clause, each row's cases folded away below the table (a <details> cannot
// hold table rows). No script, nothing fetched, well-formed as XML, like
// the single-engine page (REPORT-1).
#include <iterator>
#include <map>
#include <string>
#include <utility>

#include "report_html_parts.hpp"
#include "susurration/grader/board.hpp"

namespace susurration::grader {
namespace {

using html::escape;

const char* const kBoardStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ccc; margin-top: 2em; font-size: 1.2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #ddd; padding: 0.15em 0.5em; text-align: left; vertical-align: top; }
th.engine { min-width: 9em; font-weight: normal; }
tr.row th { white-space: nowrap; }
th.engine .name { font-weight: bold; }
code { font-family: ui-monospace, monospace; font-size: 0.92em; }
.flag { background: #fff3cd; border: 1px solid #e0c060; padding: 0.4em 0.8em; }
.level { display: inline-block; padding: 0.05em 0.5em; border-radius: 0.3em; font-weight: bold; color: #fff; }
.level.exact, .level.conformant { background: #2a7d2a; }
.level.not-conformant { background: #b22222; }
.level.incomplete, .level.no-verdict { background: #b8860b; }
td.fail { background: #f8d7da; } td.errored { background: #fff3cd; }
td.pass-exact { background: #e6f4e6; } td.pass-tolerant { background: #eef6e0; }
td.skipped, td.none { background: #f3f3f3; color: #777; }
details.cases { margin: 0.2em 0; } details.cases summary { cursor: pointer; }
.unsandboxed { color: #b22222; }
.partial { background: #fff3cd; border: 1px solid #e0c060; padding: 0 0.3em; font-weight: bold; }
)";

constexpr const char* kOutcomes[] = {"fail", "errored", "pass-tolerant", "pass-exact", "skipped"};  // worst first
constexpr const char* kShort[] = {"fail", "errored", "tolerant", "exact", "skipped"};

std::string css_class(std::string text) {
  for (char& c : text) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) c = '-';
  }
  return text;
}

// A fragment id that no two names share: letters and digits kept, every
// other byte (the escape's own "_" included) written as _XX, so FIELD-1 and
// INPUT-1, or STEP-1 and INIT-1, stay apart, and parts joined by "."
// (always escaped inside a part) cannot run together.
std::string id_part(const std::string& name) {
  static const char* const hex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : name) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      out += static_cast<char>(c);
    } else {
      out += '_';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string anchor(const std::string& kind, const std::string& name, std::size_t group) {
  return "g" + std::to_string(group) + "." + kind + "." + id_part(name);
}

// A row's cell: its counts as words, coloured by the worst outcome in it,
// the counts also as attributes for tools that read the page.
std::string counts_cell(const Json& cell) {
  if (cell.is_null()) return "<td class=\"none\">not graded</td>";
  std::string worst, text, data;
  for (std::size_t k = 0; k < std::size(kOutcomes); ++k) {
    const int n = cell.at(kOutcomes[k]).get<int>();
    data += std::string(" data-") + kShort[k] + "=\"" + std::to_string(n) + "\"";
    if (n == 0) continue;
    if (worst.empty()) worst = kOutcomes[k];
    text += (text.empty() ? "" : " \u00b7 ") + std::to_string(n) + " " + kShort[k];
  }
  return "<td class=\"" + (worst.empty() ? std::string("none") : worst) + "\"" + data + ">" + text + "</td>";
}

std::string outcome_cell(const Json& outcome) {
  if (outcome.is_null()) return "<td class=\"none\">not graded</td>";
  const std::string o = outcome.get<std::string>();
  std::string word = o;
  for (std::size_t k = 0; k < std::size(kOutcomes); ++k) {
    if (o == kOutcomes[k]) word = kShort[k];
  }
  return "<td class=\"" + escape(o) + "\" data-outcome=\"" + escape(o) + "\">" + escape(word) + "</td>";
}

std::string engine_header(const Json& e) {
  const std::string level = e.at("level").get<std::string>();
  std::string name = e.at("name").is_string() ? e.at("name").get<std::string>() : e.at("command").get<std::string>();
  const std::string version = e.at("version").is_string() ? " " + e.at("version").get<std::string>() : "";
  const std::string language = e.at("language").is_string() ? e.at("language").get<std::string>() : "";
  // A selection is marked beside its level: the level speaks for the cases asked.
  const std::string scope = e.at("cases_graded").dump() + " of " + e.at("cases_in_set").dump() + " cases";
  const std::string partial = e.at("partial").get<bool>()
                                  ? "<span class=\"partial\">partial: " + scope + "</span>"
                                  : "<span class=\"whole\">" + scope + "</span>";
  // As the text board's "+limits": the limits set is outside a plain grade,
  // so a reader is told which columns were asked it (a board of older
  // reports, before the set, says nothing).
  const std::string limits = !e.contains("limits")           ? ""
                             : e.at("limits").get<bool>() ? "<span class=\"limits\">limits set asked</span><br/>"
                                                          : "<span class=\"limits\">limits set not asked</span><br/>";
  return "<th class=\"engine\"><span class=\"name\">" + escape(name + version) + "</span><br/>" + escape(language) +
         "<br/><span class=\"level " + css_class(level) + "\">" + escape(level) + "</span><br/>" + partial + "<br/>" +
         limits +
         escape(e.at("date").get<std::string>()) + "<br/>" +
         (e.at("sandboxed").get<bool>() ? std::string("sandboxed")
                                        : std::string("<span class=\"unsandboxed\">not sandboxed</span>")) +
         "<br/><code>" + escape(e.at("report").get<std::string>()) + "</code></th>";
}

// The cases of one row, folded: one line per case, one cell per engine.
// Each case row has an anchor of its own, unique within the row's table.
std::string case_table(const std::string& id, const std::string& title, const Json& cases,
                       const std::map<std::string, const Json*>& outcomes, std::size_t engines) {
  std::string out = "<details class=\"cases\" id=\"" + escape(id) + "\"><summary>" + escape(title) + ": " +
                    std::to_string(cases.size()) + " case(s)</summary><table>";
  for (const Json& c : cases) {
    const std::string case_id = c.is_string() ? c.get<std::string>() : c.at("id").get<std::string>();
    out += "<tr id=\"" + escape(id + ".case." + id_part(case_id)) + "\"><th>" + escape(case_id) + "</th>";
    const Json* row = outcomes.at(case_id);
    for (std::size_t e = 0; e < engines; ++e) out += outcome_cell(row->at(e));
    out += "</tr>";
  }
  return out + "</table></details>";
}

std::string group_section(const Json& g, std::size_t index, bool split) {
  const Json& engines = g.at("engines");
  const std::size_t n = engines.size();
  std::map<std::string, const Json*> outcomes;  // every case's outcomes, from the category rows
  for (const Json& row : g.at("categories")) {
    for (const Json& c : row.at("cases")) outcomes[c.at("id").get<std::string>()] = &c.at("outcomes");
  }
  std::string out = "<section class=\"group\" id=\"group-" + std::to_string(index) + "\"><h2>Vectors <code>" +
                    escape(g.at("manifest_sha256").get<std::string>()) + "</code> (spec " +
                    escape(g.at("spec_version").get<std::string>()) + "), graded by " +
                    escape(g.at("kit").get<std::string>()) + ", " +
                    (g.at("fresh_seed").is_null() ? std::string("no fresh set")
                                                  : "fresh seed " + g.at("fresh_seed").dump()) +
                    "</h2>";
  if (split) {
    out += "<p class=\"flag\">Graded against other vectors, by another kit or with another fresh seed than the "
           "other tables on this page: these columns are not comparable with theirs.</p>";
  }
  std::string head = "<tr><th></th>";
  for (const Json& e : engines) head += engine_header(e);
  head += "</tr>";
  std::string folded;
  out += "<table class=\"board\"><thead>" + head + "</thead><tbody>";
  for (const auto& [kind, title] : {std::pair{"categories", "By category"}, std::pair{"clauses", "By clause"}}) {
    out += "<tr class=\"part\"><th colspan=\"" + std::to_string(n + 1) + "\">" + title + "</th></tr>";
    for (const Json& row : g.at(kind)) {
      const std::string name = row.at("name").get<std::string>();
      const std::string id = anchor(kind, name, index);
      out += "<tr class=\"row " + std::string(kind) + "\" data-name=\"" + escape(name) + "\"><th><a href=\"#" +
             escape(id) + "\">" + escape(name) + "</a></th>";
      for (const Json& cell : row.at("cells")) out += counts_cell(cell);
      out += "</tr>";
      folded += case_table(id, name, row.at("cases"), outcomes, n);
    }
  }
  return out + "</tbody></table>" + folded + "</section>";
}

}  // namespace

std::string board_html(const Json& board) {
  const Json& groups = board.at("groups");
  std::size_t engines = 0;
  for (const Json& g : groups) engines += g.at("engines").size();
  const bool split = board.at("split").get<bool>();
  std::string out =
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><head><meta charset=\"utf-8\"/>"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>Susurration board: " +
      std::to_string(engines) + " engine(s)</title><style>" + kBoardStyle + "</style></head><body>";
  out += "<header><h1>Susurration board</h1><p>" + std::to_string(engines) + " grade report(s)";
  if (split) {
    out += ", in " + std::to_string(groups.size()) +
           " tables: they were graded against different vector sets, by different kits or with different fresh "
           "seeds, so they are shown apart and never merged";
  }
  out += ". Each column is one engine's saved JSON report; each row's cases are listed below its table.</p></header>";
  for (std::size_t i = 0; i < groups.size(); ++i) out += group_section(groups[i], i + 1, split);
  return out + "</body></html>\n";
}

}  // namespace susurration::grader
