// The HTML report: one self-contained page (no script, no style sheet, font
// or picture to fetch), drawn from the JSON report alone, so that CI can
// keep the JSON and `susurration report` draws the page later, byte for
// byte the one `grade --report html` writes.
//
// Order of the page: who was graded and against what; the diagnosis; every
// failing and errored case with where it went wrong and its pictures, under
// the cause that explains it as the text report lists them; the counts per
// category and per clause; then every other case, folded.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

#include "report_html_parts.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/report.hpp"

namespace susurration::grader {
namespace html {

std::string escape(const std::string& raw) {
  // Control characters an engine wrote are shown as the text report shows
  // them (ESC as \x1b): XML 1.0 forbids most of them in a page.
  const std::string text = protocol::visible(raw);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string value(const Json& v) {
  if (v.is_null()) return "\u2014";
  if (v.is_string()) return escape(v.get<std::string>());
  // An ulp count is a whole number: no ".0" after it.
  if (v.is_number_float() && std::abs(v.get<double>()) < 9007199254740992.0 &&
      v.get<double>() == std::trunc(v.get<double>())) {
    return std::to_string(static_cast<long long>(v.get<double>()));
  }
  return escape(v.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::string coordinate(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

}  // namespace html

namespace {

using html::escape;
using html::value;

const char* const kOutcomes[] = {"pass-exact", "pass-tolerant", "fail", "errored", "skipped"};

// Where a clause is written: its prefix names the spec/ file, except the
// PROTO clauses of how the kit grades, which spec/grading.md holds apart
// from the engine's protocol. The link is relative to the repository's
// root, where the published report sits beside spec/; the text fragment
// scrolls to the clause itself.
std::string clause_href(const std::string& clause) {
  static const std::map<std::string, std::string> files = {
      {"DET", "determinism.md"}, {"FIELD", "field.md"},     {"INIT", "prng-and-init.md"},
      {"INPUT", "inputs.md"},    {"METRIC", "metrics.md"},  {"PRNG", "prng-and-init.md"},
      {"PROTO", "PROTOCOL.md"}, {"REPORT", "grading.md"},  {"LEVEL", "grading.md"},
      {"SERIAL", "serialisation.md"}, {"SESSION", "sessions-and-traces.md"},
      {"STATE", "state.md"},     {"STEP", "step.md"},       {"TOL", "tolerance.md"},
      {"TRACE", "sessions-and-traces.md"}, {"WEIGHTS", "step.md"}};
  static const std::set<std::string> in_grading = {"PROTO-10", "PROTO-11", "PROTO-12", "PROTO-13",
                                                   "PROTO-14", "PROTO-15", "PROTO-16"};
  const auto it = files.find(clause.substr(0, clause.find('-')));
  if (it == files.end()) return "spec/README.md";
  const std::string file = in_grading.count(clause) ? "grading.md" : it->second;
  return "spec/" + file + "#:~:text=" + clause + "%20%E2%80%94";
}

std::string clause_link(const Json& clause) {
  if (!clause.is_string()) return "\u2014";
  const std::string c = clause.get<std::string>();
  return "<a class=\"clause\" href=\"" + escape(clause_href(c)) + "\">" + escape(c) + "</a>";
}

std::string case_anchor(const std::string& id) { return "case-" + id; }

std::string case_link(const std::string& id) {
  return "<a href=\"#" + escape(case_anchor(id)) + "\">" + escape(id) + "</a>";
}

std::string row(const std::vector<std::string>& cells, const char* tag = "td") {
  std::string out = "<tr>";
  for (const std::string& c : cells) out += std::string("<") + tag + ">" + c + "</" + tag + ">";
  return out + "</tr>";
}

std::string outcome_badge(const std::string& outcome) {
  return "<span class=\"outcome " + escape(outcome) + "\">" + escape(outcome) + "</span>";
}

const char* const kStyle = R"(
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 70em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #ddd; padding: 0.15em 0.5em; text-align: left; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
code, .mono { font-family: ui-monospace, monospace; font-size: 0.92em; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; white-space: pre-wrap; }
.level { display: inline-block; padding: 0.1em 0.6em; border-radius: 0.3em; font-weight: bold; color: #fff; }
.level.exact, .level.conformant { background: #2a7d2a; }
.level.not-conformant { background: #b22222; }
.level.incomplete, .level.no-verdict { background: #b8860b; }
.outcome { font-weight: bold; }
.outcome.fail { color: #b22222; }
.outcome.errored { color: #b8860b; }
.outcome.pass-exact { color: #2a7d2a; }
.outcome.pass-tolerant { color: #4a7d2a; }
.outcome.skipped { color: #777; }
article.case { border-left: 4px solid #b22222; padding-left: 0.8em; margin: 1.5em 0; }
article.case.errored { border-left-color: #b8860b; }
.cause { margin: 0.4em 0; }
svg { display: block; margin: 0.4em 0; max-width: 100%; height: auto; }
svg text { font: 11px sans-serif; fill: #444; }
.plot { fill: #fff; stroke: #bbb; }
.reference { fill: none; stroke: #333; stroke-width: 1.5; }
.engine { fill: none; stroke: #1f6fd0; stroke-width: 1.2; stroke-dasharray: 4 2; }
.band { fill: #9ecae1; fill-opacity: 0.45; stroke: none; }
.past-window { fill: #eee; }
line.window { stroke: #888; }
line.anchor { stroke: #aaa; stroke-dasharray: 1 3; }
line.horizon { stroke: #8a2be2; stroke-dasharray: 6 3; }
text.horizon-label { fill: #8a2be2; }
line.departure { stroke: #d00; }
text.departure-label { fill: #d00; }
circle.departure { fill: none; stroke: #d00; stroke-width: 2; }
line.tolerance { stroke: #d00; stroke-dasharray: 5 3; }
.difference { fill: none; stroke-width: 1.2; }
.d0 { stroke: #1f6fd0; fill: #1f6fd0; }
.d1 { stroke: #2a9d2a; fill: #2a9d2a; }
.d2 { stroke: #e07b00; fill: #e07b00; }
path.d0, path.d1, path.d2 { fill: none; }
.field { fill: #fafafa; stroke: #999; stroke-width: 0.5; }
.bird { fill: #999; }
.differs { fill: none; stroke: #d00; stroke-width: 1.5; }
.engine-bird { fill: #1f6fd0; }
.moved { stroke: #1f6fd0; stroke-width: 1; }
.field, .differs, .moved, .zoom-rect { vector-effect: non-scaling-stroke; }
.zoom-rect { fill: #d00; fill-opacity: 0.15; stroke: #d00; stroke-width: 1; }
p.zoom { font-size: 0.9em; color: #555; }
.legend .key { padding: 0 0.4em; border-left: 1.2em solid; margin-right: 0.6em; }
.key.reference { border-color: #333; }
.key.engine { border-color: #1f6fd0; }
.key.band { border-color: #9ecae1; }
.key.departure { border-color: #d00; }
.key.horizon { border-color: #8a2be2; }
.key.anchor { border-color: #aaa; }
.key.window { border-color: #eee; }
.key.d0 { border-color: #1f6fd0; }
.key.d1 { border-color: #2a9d2a; }
.key.d2 { border-color: #e07b00; }
.key.tolerance { border-color: #d00; }
.metric-name { font-weight: bold; }
details { margin: 0.3em 0; }
summary { cursor: pointer; }
)";

std::string facts(const Json& r, const Verdict& verdict) {
  const Json& e = r.at("engine");
  const Json& v = r.at("vectors");
  const Json& s = r.at("selection");
  std::string capabilities;
  for (const Json& c : e.at("capabilities")) capabilities += (capabilities.empty() ? "" : ", ") + value(c);
  std::string out = "<table class=\"facts\">";
  out += row({"Engine", value(e.at("name")) + " " + value(e.at("version")) + " (" + value(e.at("language")) + ")"});
  out += row({"Engine command", "<code>" + value(e.at("command")) + "</code>"});
  out += row({"Capabilities", capabilities});
  out += row({"Vector set", "spec " + value(v.at("spec_version")) + ", generator " + value(v.at("generator_version")) +
                                ", manifest sha256 <code>" + value(v.at("manifest_sha256")) + "</code>"});
  out += row({"Kit", value(r.at("kit"))});
  out += row({"Date", value(r.at("date"))});
  out += row({"Command", "<code>" + value(r.at("command")) + "</code>"});
  std::string selection = value(s.at("cases_selected")) + " of " + value(s.at("cases_in_set")) + " cases";
  if (!s.at("only").empty()) selection += ", only " + value(s.at("only"));
  if (!s.at("skip").empty()) selection += ", skip " + value(s.at("skip"));
  if (s.at("shard") != "1/1") selection += ", shard " + value(s.at("shard"));
  out += row({"Selection", selection});
  out += row({"Scope", escape(scope_phrase(verdict.scope))});
  if (const std::string e = expectation_phrase(verdict); !e.empty()) out += row({"Expected failures", escape(e)});
  out += row({"Run", value(r.at("seconds")) + " s, " + value(r.at("jobs")) + " job(s), timeout " +
                         value(r.at("timeout_seconds")) + " s"});
  return out + "</table>";
}

std::string counts_cells(const Json& counts) {
  std::string out;
  for (const char* o : kOutcomes) {
    const Json& n = counts.at(o);
    out += "<td class=\"n\">" + (n == 0 ? std::string() : value(n)) + "</td>";
  }
  return out;
}

std::string counts_header(const std::string& first, const std::string& last = "") {
  std::string out = "<tr><th>" + first + "</th>";
  for (const char* o : kOutcomes) out += std::string("<th>") + o + "</th>";
  return out + (last.empty() ? "" : "<th>" + last + "</th>") + "</tr>";
}

bool failed(const Json& c) { return c.at("outcome") == "fail" || c.at("outcome") == "errored"; }

// --- the diagnosis -----------------------------------------------------------

// The ids a diagnosis entry names: ids, {"case": id, ...} objects (the
// tolerant-only list), or indices into the cases.
std::vector<std::string> named_cases(const Json& list, const Json& cases) {
  std::vector<std::string> ids;
  if (!list.is_array()) return ids;
  for (const Json& x : list) {
    if (x.is_string()) ids.push_back(x.get<std::string>());
    if (x.is_object() && x.contains("case") && x.at("case").is_string()) ids.push_back(x.at("case").get<std::string>());
    if (x.is_number_unsigned() && x.get<std::size_t>() < cases.size()) {
      ids.push_back(cases.at(x.get<std::size_t>()).at("id").get<std::string>());
    }
  }
  return ids;
}

std::string case_links(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : ", ") + case_link(id);
  return out;
}

struct ReportCause {
  std::string clause, why;
  std::vector<std::string> cases;  // the case shown for it first, then every other it explains
};
struct ReportDiagnosis {
  std::vector<ReportCause> causes;
  std::vector<std::string> tolerant;
};

// The grader's diagnosis (diagnosis.hpp) when the report carries one; a
// report without one gets the failing clauses in the order of their first
// failing case, the first failure's clause first, as the text report reads.
ReportDiagnosis diagnosis_of(const Json& r) {
  const Json& cases = r.at("cases");
  const Json d = r.value("diagnosis", Json());
  std::vector<ReportCause> causes;
  std::vector<std::string> tolerant;
  if (d.is_object()) {
    // diagnosis.hpp's Cause: the case that best isolates it first, then
    // every other failing case it explains.
    for (const Json& c : d.value("causes", Json::array())) {
      ReportCause cause{c.value("clause", ""), c.value("why", ""),
                        named_cases(Json::array({c.value("shown", Json())}), cases)};
      for (const std::string& id : named_cases(c.value("explains", Json()), cases)) {
        if (std::find(cause.cases.begin(), cause.cases.end(), id) == cause.cases.end()) cause.cases.push_back(id);
      }
      causes.push_back(cause);
    }
    tolerant = named_cases(d.value("tolerant_only", Json()), cases);
  } else {
    std::map<std::string, std::size_t> at;
    for (const Json& c : cases) {
      if (c.at("outcome") == "pass-tolerant") tolerant.push_back(c.at("id").get<std::string>());
      if (c.at("outcome") != "fail" || !c.at("clause").is_string()) continue;
      const std::string clause = c.at("clause").get<std::string>();
      if (!at.contains(clause)) {
        at.emplace(clause, causes.size());
        causes.push_back({clause, "", {}});
      }
      causes[at[clause]].cases.push_back(c.at("id").get<std::string>());
    }
    for (ReportCause& c : causes) {
      c.why = failing_cases(c.cases.size()) + " reported against it";
    }
  }
  return {causes, tolerant};
}

// REPORT-8's fingerprint, as the JSON report gives it: the known deviations
// the tolerant cases are consistent with, each with its cases and remedy.
std::string fingerprint(const Json& r) {
  const Json f = r.value("fingerprint", Json::array());
  if (f.empty()) return "";
  // A table, not a list: the diagnosis' list items are its causes.
  std::string out = "<p>What the tolerant cases are consistent with (REPORT-8):</p><table class=\"fingerprint\">";
  out += row({"deviation", "cases", "to remove it"}, "th");
  for (const Json& e : f) {
    out += row({"<b>" + escape(e.at("deviation").get<std::string>()) + "</b>",
                case_links(e.at("cases").get<std::vector<std::string>>()), escape(e.at("remedy").get<std::string>())});
  }
  return out + "</table>";
}

std::string diagnosis(const Json& r) {
  const auto [causes, tolerant] = diagnosis_of(r);
  std::string out = "<section id=\"diagnosis\"><h2>Diagnosis</h2>";
  if (causes.empty()) {
    out += "<p>Nothing failed: no cause to name.</p>";
  } else {
    out += "<ol class=\"causes\">";
    for (const ReportCause& c : causes) {
      out += "<li class=\"cause\">" + clause_link(c.clause) + (c.why.empty() ? "" : ": " + escape(c.why));
      if (!c.cases.empty()) out += "<br/>cases: " + case_links(c.cases);
      out += "</li>";
    }
    out += "</ol>";
  }
  if (!tolerant.empty()) {
    out += "<details><summary>" + std::to_string(tolerant.size()) +
           " case(s) passed within tolerance, not exactly</summary><p>" + case_links(tolerant) + "</p></details>";
  }
  return out + fingerprint(r) + "</section>";
}

// --- one case ----------------------------------------------------------------

std::string localisation(const Json& c) {
  const Json& d = c.at("difference");
  std::string out = "<table class=\"localisation\">";
  out += row({"tick", "bird", "field", "expected", "actual", "ulps", "relative", "clause"}, "th");
  if (d.is_object()) {
    out += row({value(d.at("tick")), value(d.at("bird")), value(d.at("field")), "<span class=\"mono\">" +
                value(d.at("expected")) + "</span>", "<span class=\"mono\">" + value(d.at("actual")) + "</span>",
                value(d.at("ulps")), value(d.at("relative")), clause_link(c.at("clause"))});
  } else {
    out += row({"\u2014", "\u2014", "\u2014", "\u2014", "\u2014", "\u2014", "\u2014", clause_link(c.at("clause"))});
  }
  return out + "</table>";
}

std::string picture_table(const Json& p) {
  std::string out = "<p>" + value(p.at("differing_values")) + " value(s) outside the class, in " +
                    std::to_string(p.at("differing_birds").size()) + " of " +
                    std::to_string(p.at("reference").size()) + " birds (the engine answered " +
                    value(p.at("engine_birds")) + "); the first " + std::to_string(p.at("rows").size()) +
                    ":</p><table class=\"differing\">";
  out += row({"bird", "field", "expected", "actual", "ulps", "relative"}, "th");
  for (const Json& x : p.at("rows")) {
    out += row({value(x.at("bird")), value(x.at("field")), "<span class=\"mono\">" + value(x.at("expected")) + "</span>",
                "<span class=\"mono\">" + value(x.at("actual")) + "</span>", value(x.at("ulps")),
                value(x.at("relative"))});
  }
  return out + "</table>" + html::torus_picture(p);
}

// The replay of case `c` of report `r`: the command the text report gives.
// `fresh_seed`: the scope's, as verdict_from_report reads it.
std::string replay_of(const Json& r, const Json& c, std::optional<std::uint32_t> fresh_seed) {
  if (c.at("category") != "fresh") fresh_seed.reset();
  return replay_command(r.at("engine").at("command").get<std::string>(), r.at("vectors").at("dir").get<std::string>(),
                        c.at("id").get<std::string>(), fresh_seed, r.at("timeout_seconds").get<double>());
}

std::string failing_case(const Json& c, const Json& tails, const std::string& replay) {
  const std::string id = c.at("id").get<std::string>();
  const std::string outcome = c.at("outcome").get<std::string>();
  std::string out = "<article class=\"case " + escape(outcome) + "\" id=\"" + escape(case_anchor(id)) + "\"><h4>" +
                    escape(id) + " " + outcome_badge(outcome) + "</h4>";
  out += "<p>" + value(c.at("message")) + "</p>";
  if (c.at("expected_to_fail") == true) out += "<p>Listed in --expect-fail.</p>";
  out += "<p>check: " + value(c.at("check")) + "; file " + value(c.at("file")) + "; clauses ";
  std::string clauses;
  for (const Json& k : c.at("clauses")) clauses += (clauses.empty() ? "" : ", ") + clause_link(k);
  out += clauses + "</p>";
  out += localisation(c);
  if (!c.at("hint").get<std::string>().empty()) out += "<p class=\"hint\">Hint: " + value(c.at("hint")) + "</p>";
  if (!c.at("offending").get<std::string>().empty()) {
    out += "<p>The engine wrote:</p><pre>" + value(c.at("offending")) + "</pre>";
  }
  if (c.at("stderr_tail").is_number_unsigned() && c.at("stderr_tail").get<std::size_t>() < tails.size()) {
    out += "<p>The engine's stderr ended:</p><pre>" + value(tails.at(c.at("stderr_tail").get<std::size_t>())) + "</pre>";
  }
  // Folded: what was asked, and the command that asks it again alone.
  const bool asked = c.contains("request") && !c.at("request").get<std::string>().empty();
  out += "<details class=\"replay\"><summary>" + std::string(asked ? "The request and its replay" : "Replay") +
         "</summary>";
  if (asked) out += "<p>The request (the whole exchange is in the replay's transcript):</p><pre>" + value(c.at("request")) + "</pre>";
  out += "<p>Grade this case alone and print its transcript:</p><pre>" + value(Json(replay)) + "</pre></details>";
  if (c.at("chart").is_object()) out += html::trajectory_charts(c.at("chart"), id);
  if (c.at("picture").is_object()) out += picture_table(c.at("picture"));
  return out + "</article>";
}

// The failing cases under the causes of the diagnosis, grouped as the text
// report groups them (failures_by_cause, report.hpp); then the failures
// listed in --expect-fail, which count against nothing and no cause explains.
// A listed case that passed stays with the passing cases, where its outcome
// is: its one article is there.
std::string failures(const Json& r) {
  const Json& cases = r.at("cases");
  std::map<std::string, std::size_t> index;
  std::vector<bool> failing;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    index.emplace(cases[k].at("id").get<std::string>(), k);
    failing.push_back(failed(cases[k]) && cases[k].at("expected_to_fail") != true);
  }
  const std::vector<ReportCause> named = diagnosis_of(r).causes;
  std::vector<Cause> causes;
  for (const ReportCause& c : named) {
    // A cause that names no case of this report keeps its place, so the
    // groups are numbered as the diagnosis numbers the causes.
    Cause cause{c.clause, 0, cases.size(), {}, c.why};
    for (const std::string& id : c.cases) {
      if (index.contains(id)) cause.explains.push_back(index.at(id));
    }
    if (!cause.explains.empty()) cause.shown = cause.explains.front();
    causes.push_back(std::move(cause));
  }
  std::string out = "<section id=\"failures\"><h2>Failing and errored cases</h2>";
  const std::optional<std::uint32_t> seed = verdict_from_report(r).scope.fresh_seed;
  const std::vector<FailureGroup> groups = failures_by_cause(causes, failing);
  for (const FailureGroup& g : groups) {
    out += "<h3 class=\"cause-group\">";
    if (g.cause) {
      out += "Cause " + std::to_string(*g.cause + 1) + ", " + clause_link(causes[*g.cause].clause) + " (" +
             failing_cases(g.cases.size()) + ")";
    } else {
      out += "Not explained by a cause (" + failing_cases(g.cases.size()) + ")";
    }
    out += "</h3>";
    for (std::size_t k : g.cases) out += failing_case(cases[k], r.at("stderr_tails"), replay_of(r, cases[k], seed));
  }
  std::string expected;
  for (const char* outcome : {"fail", "errored"}) {
    for (const Json& c : cases) {
      if (c.at("outcome") == outcome && c.at("expected_to_fail") == true) {
        expected += failing_case(c, r.at("stderr_tails"), replay_of(r, c, seed));
      }
    }
  }
  if (!expected.empty()) {
    out += "<h3 class=\"cause-group\">Expected failures (listed in --expect-fail; still failures, which the level "
           "counts)</h3>" + expected;
  }
  if (groups.empty() && expected.empty()) out += "<p>None.</p>";
  return out + "</section>";
}

// --- the counts --------------------------------------------------------------

std::string by_category(const Json& r) {
  std::string out = "<section id=\"categories\"><h2>By category</h2><table>" + counts_header("category");
  for (const auto& [name, counts] : r.at("categories").items()) out += "<tr><td>" + escape(name) + "</td>" + counts_cells(counts) + "</tr>";
  out += "<tr><th>all</th>" + counts_cells(r.at("counts")) + "</tr>";
  return out + "</table></section>";
}

std::string by_clause(const Json& r) {
  std::map<std::string, std::vector<std::string>> failing, all;
  for (const Json& c : r.at("cases")) {
    for (const Json& k : c.at("clauses")) {
      all[k.get<std::string>()].push_back(c.at("id").get<std::string>());
      if (failed(c)) failing[k.get<std::string>()].push_back(c.at("id").get<std::string>());
    }
  }
  std::string out = "<section id=\"clauses\"><h2>By clause</h2><table>" + counts_header("clause", "cases");
  for (const auto& [name, counts] : r.at("clauses").items()) {
    std::string cases;
    if (failing.contains(name)) cases += "failing: " + case_links(failing[name]) + " ";
    cases += "<details><summary>all " + std::to_string(all[name].size()) + "</summary>" + case_links(all[name]) +
             "</details>";
    out += "<tr><td>" + clause_link(name) + "</td>" + counts_cells(counts) + "<td>" + cases + "</td></tr>";
  }
  return out + "</table></section>";
}

// --- everything else, folded -------------------------------------------------

std::string other_cases(const Json& r) {
  std::map<std::string, std::vector<const Json*>> by_file;
  std::vector<std::string> order;
  for (const Json& c : r.at("cases")) {
    if (failed(c)) continue;
    const std::string category = c.at("category").get<std::string>();
    if (!by_file.contains(category)) order.push_back(category);
    by_file[category].push_back(&c);
  }
  std::string out = "<section id=\"passing\"><h2>Passing and skipped cases</h2>";
  if (order.empty()) out += "<p>None.</p>";
  for (const std::string& category : order) {
    const auto& cases = by_file[category];
    out += "<details class=\"category\"><summary>" + escape(category) + ": " + std::to_string(cases.size()) +
           " case(s)</summary><table>" + row({"case", "outcome", "clauses", "note"}, "th");
    for (const Json* c : cases) {
      std::string clauses;
      for (const Json& k : c->at("clauses")) clauses += (clauses.empty() ? "" : ", ") + clause_link(k);
      std::string note = value(c->at("message"));
      if (c->at("chart").is_object()) {
        note += "<details><summary>charts</summary>" +
                html::trajectory_charts(c->at("chart"), c->at("id").get<std::string>()) + "</details>";
      }
      out += "<tr id=\"" + escape(case_anchor(c->at("id").get<std::string>())) + "\"><td>" + value(c->at("id")) +
             "</td><td>" + outcome_badge(c->at("outcome").get<std::string>()) + "</td><td>" + clauses + "</td><td>" +
             note + "</td></tr>";
    }
    out += "</table></details>";
  }
  return out + "</section>";
}

std::string page(const Json& r) {
  if (!r.is_object() || r.value("schema", "") != "report.schema.json") {
    throw ReportFormatError("not a grade report: no \"schema\": \"report.schema.json\"");
  }
  const Verdict verdict = verdict_from_report(r);
  const std::string level = to_string(verdict.level);
  std::string level_class = level;
  std::replace(level_class.begin(), level_class.end(), ' ', '-');
  const std::string engine = r.at("engine").at("name").is_string() ? r.at("engine").at("name").get<std::string>()
                                                                   : r.at("engine").at("command").get<std::string>();
  std::string out =
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><head><meta charset=\"utf-8\"/>"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
      "<title>" + escape(engine) + ": " + escape(level) + " (susurration grade)</title><style>" + kStyle +
      "</style></head><body>";
  out += "<header><h1>Susurration grade of " + escape(engine) + "</h1><p>Level: <span class=\"level " +
         escape(level_class) + "\">" + escape(level) + "</span>" + escape(level_phrase(verdict).substr(level.size())) + "</p>" +
         facts(r, verdict) + "</header>";
  out += "<nav><a href=\"#diagnosis\">Diagnosis</a> \u00b7 <a href=\"#failures\">Failing cases</a> \u00b7 "
         "<a href=\"#categories\">By category</a> \u00b7 <a href=\"#clauses\">By clause</a> \u00b7 "
         "<a href=\"#passing\">Other cases</a></nav>";
  out += diagnosis(r) + failures(r) + by_category(r) + by_clause(r) + other_cases(r);
  return out + "</body></html>\n";
}

}  // namespace

std::string html_from_report(const Json& report) {
  try {
    return page(report);
  } catch (const Json::exception& e) {
    throw ReportFormatError(std::string("not a grade report this kit wrote: ") + e.what());
  }
}

// Through the JSON text, not the value: exactly what `susurration report`
// reads back from a saved report, so the two pages cannot differ.
std::string html_report(const ReportInput& in) { return html_from_report(Json::parse(json_report(in))); }

}  // namespace susurration::grader
