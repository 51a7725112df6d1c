// The text report: what went wrong first, each failing case with where and
// why under the cause that explains it, then the summaries and the level.
// Passing cases are counted, not listed. Drawn from the JSON report alone,
// as the page is, so that `report --in` of a saved one writes what grade
// wrote, and grade's own text is that drawing of its report.
#include <cstdio>
#include <set>
#include <vector>

#include "susurration/grader/diagnosis.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/fingerprint.hpp"
#include "susurration/grader/report.hpp"
#include "susurration/grader/report_diff.hpp"

namespace susurration::grader {
namespace {

// What the text draws, read once from a report: its cases as the grader's
// results, the diagnosis and verdict it states, and the run's settings.
struct Drawn {
  GradeRun run;
  Diagnosis diagnosis;
  Verdict verdict;
  std::string command, vectors, spec_version;
  std::optional<std::uint32_t> fresh_seed;
  int jobs = 1;
  double timeout_seconds = 10;
};

Drawn drawn_from(const Json& report) {
  Drawn d;
  d.run = run_of_report(report);
  d.diagnosis = diagnosis_of_report(report, d.run);
  d.verdict = verdict_from_report(report);
  // The one line of why is the grader's rule on the cases (check_report has
  // made the level it gives the level the report states).
  d.verdict.why = verdict_of(d.run).why;
  d.command = report.at("engine").at("command").get<std::string>();
  const Json& vectors = report.at("vectors");
  d.vectors = vectors.at("dir").get<std::string>();
  d.spec_version = vectors.at("spec_version").get<std::string>();
  if (vectors.at("fresh").is_object()) d.fresh_seed = vectors.at("fresh").at("seed").get<std::uint32_t>();
  d.jobs = report.at("jobs").get<int>();
  d.timeout_seconds = report.at("timeout_seconds").get<double>();
  return d;
}

// Text from outside the kit's own code (an engine's words, a command line, a
// path): escaped onto the one line it is given, so that no newline, line
// separator or bidirectional mark in it can start a report line of its own.
std::string outside(std::string_view text) { return protocol::one_line(text, protocol::kReportLineBytes); }

std::string counts_row(const std::string& name, const Counts& c) {
  char buf[160];
  // Drift is a pass-tolerant outcome, counted apart: the run left the
  // tolerance and re-anchoring showed it was rounding (TOL-6).
  std::snprintf(buf, sizeof buf, "  %-16s %6d %9d %6d %5d %8d %8d\n", name.c_str(),
                c.of(Outcome::pass_exact), c.of(Outcome::pass_tolerant) - c.drift, c.drift,
                c.of(Outcome::fail), c.of(Outcome::errored), c.of(Outcome::skipped));
  return buf;
}

// Each line of the text, escaped (outside), under the label: for a text of
// lines, such as a stderr tail.
std::string indent(const std::string& label, const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += "      " + label + outside(std::string_view(text).substr(start, end - start)) + "\n";
    start = end + 1;
  }
  return out;
}

std::string case_block(const CaseResult& r, const std::string& stderr_lines, const std::string& replay) {
  std::string tag = r.outcome == Outcome::errored ? "ERROR" : r.outcome == Outcome::fail ? "FAIL " : "NOTE ";
  if (unexpected_pass(r)) tag = "XPASS";
  std::string out = tag + " " + r.id + (r.clause.empty() ? "" : "  [" + r.clause + "]") + "\n";
  if (unexpected_pass(r)) {
    out += "      listed in --expect-fail but passed (" + to_string(r.outcome) + "): remove it from the list\n";
    return out;
  }
  // A message or an output is one line, whatever newlines an engine put in
  // what it quotes.
  if (!r.message.empty()) out += "      " + outside(r.message) + "\n";
  if (!r.hint.empty()) out += indent("hint: ", r.hint);
  if (!r.offending.empty()) out += "      output: " + outside(r.offending) + "\n";
  out += stderr_lines;
  if (!r.request.empty()) out += indent("request: ", r.request);
  if (r.outcome == Outcome::fail || r.outcome == Outcome::errored) {
    out += indent("replay (this case alone, its whole transcript): ", replay);
  }
  return out;
}

std::string where(const CaseResult& r) {
  std::string out = r.id;
  if (r.difference) {
    const Difference& d = *r.difference;
    if (d.tick) out += ", tick " + std::to_string(*d.tick);
    if (d.bird) out += ", bird " + std::to_string(*d.bird);
    out += ", field " + d.field;
  }
  return out;
}

// The diagnosis first: the clauses most likely at fault, each with the
// failing case that best isolates it, so an implementer starts there.
std::string likely_causes(const GradeRun& run, const Diagnosis& d) {
  if (d.causes.empty()) return "";
  std::string out = "Likely cause" + std::string(d.causes.size() == 1 ? "" : "s, most likely first") + ":\n";
  const std::size_t shown = std::min<std::size_t>(d.causes.size(), 5);
  for (std::size_t i = 0; i < shown; ++i) {
    const Cause& c = d.causes[i];
    out += "  " + std::to_string(i + 1) + ". " + c.clause + ": see " + where(run.results[c.shown]) + "\n";
    out += "     " + c.why + "\n";
  }
  if (shown < d.causes.size()) {
    out += "  and " + std::to_string(d.causes.size() - shown) + " more:";
    for (std::size_t i = shown; i < d.causes.size(); ++i) out += " " + d.causes[i].clause;
    out += "\n";
  }
  return out + "\n";
}

// Each failing case under the cause that explains it, the cause's shown case
// first, so that the cases read as the diagnosis ranks them (PROTO-11); then
// the failures listed in --expect-fail under a heading of their own (still
// failures, but not news: no cause is asked to explain them); then the drift
// notes, which are not failures; each in manifest order.
std::string case_blocks(const Drawn& in, const Diagnosis& d) {
  const GradeRun& run = in.run;
  StderrQuoter stderr_of(run);
  auto block = [&](std::size_t k) {
    const CaseResult& r = run.results[k];
    const std::string tail = stderr_of(k);
    const std::string replay =
        replay_command(in.command, in.vectors, r.id, r.category == "fresh" ? in.fresh_seed : std::nullopt,
                       in.timeout_seconds);
    return case_block(r, tail.empty() ? "" : indent("stderr: ", tail), replay);
  };
  std::vector<bool> failing;
  for (const CaseResult& r : run.results) failing.push_back(unexpected_outcome(r));
  std::string out;
  const std::vector<FailureGroup> groups = failures_by_cause(d.causes, failing);
  for (const FailureGroup& g : groups) {
    if (!out.empty()) out += "\n";
    if (g.cause) {
      out += "Cause " + std::to_string(*g.cause + 1) + ", " + d.causes[*g.cause].clause + " (" +
             failing_cases(g.cases.size()) + "):\n";
    } else {
      out += "Not explained by a cause (" + failing_cases(g.cases.size()) + "):\n";
    }
    for (std::size_t k : g.cases) out += block(k);
  }
  std::string expected, drift;
  for (std::size_t k = 0; k < run.results.size(); ++k) {
    const CaseResult& r = run.results[k];
    if (failing[k]) continue;
    if (r.expected_to_fail && (r.outcome == Outcome::fail || r.outcome == Outcome::errored)) {
      expected += block(k);
    } else if (r.drift) {
      drift += block(k);
    }
  }
  if (!expected.empty()) {
    out += std::string(out.empty() ? "" : "\n") +
           "Expected failures (listed in --expect-fail; still failures, which the level counts):\n" + expected;
  }
  if (!drift.empty() && !out.empty()) out += "\nNot counted as failures:\n";
  return out + drift;
}

// Cases that passed only within tolerance: what stands between the engine
// and *exact*, one line each with its worst value in ulps (where the
// engine has furthest to go), else its first inexact value.
std::string tolerant_only(const GradeRun& run, const Diagnosis& d) {
  if (d.tolerant_only.empty()) return "";
  std::string out = "\n  passed only within tolerance (" + std::to_string(d.tolerant_only.size()) +
                    "; what stands between this engine and exact):\n";
  for (std::size_t k : d.tolerant_only) {
    const CaseResult& r = run.results[k];
    out += "    " + r.id;
    if (r.drift) out += "  drift (TOL-6)";
    const std::optional<Difference>& shown = r.worst ? r.worst : r.difference;
    if (shown) {
      std::string where;
      if (shown->tick) where += "tick " + std::to_string(*shown->tick) + ", ";
      if (shown->bird) where += "bird " + std::to_string(*shown->bird) + ", ";
      where += shown->field;
      char buf[160];
      if (r.worst) {
        std::snprintf(buf, sizeof buf, "  worst %.0f ulp%s (%s)", *shown->ulps, *shown->ulps == 1 ? "" : "s",
                      where.c_str());
      } else if (shown->relative) {
        std::snprintf(buf, sizeof buf, "  first inexact %s: relative %.2g", where.c_str(), *shown->relative);
      } else {
        std::snprintf(buf, sizeof buf, "  first inexact %s", where.c_str());
      }
      out += buf;
    }
    out += "\n";
  }
  return out;
}

}  // namespace

std::string text_from_report(const Json& report) {
  const Drawn in = drawn_from(report);
  const GradeRun& run = in.run;
  std::string out = "susurration grade\n";
  out += "  engine:  " + outside(in.command) + "\n";
  if (run.engine) {
    // An engine's hello, whatever it holds, is one line under the command
    // (issue 24: a newline in its name once wrote a column-0 `Level: exact`).
    const EngineInfo& e = *run.engine;
    out += "           " + outside(e.name) + " " + outside(e.version) + " (" + outside(e.language) + ")\n";
  } else {
    out += "           no handshake succeeded\n";
  }
  out += "  vectors: " + outside(in.vectors) + " (spec " + in.spec_version + ", " +
         std::to_string(run.cases_in_set) + " cases)\n";
  if (in.fresh_seed) {
    out += "  fresh:   seed " + std::to_string(*in.fresh_seed) + ", category fresh (replay: grade --fresh " +
           std::to_string(*in.fresh_seed) + ")\n";
  }
  if (!run.not_started.empty()) {
    // Nothing was asked: the one block says why, and no table of skips.
    return protocol::visible(out + "\n" + run.not_started + "\nLevel: " + to_string(in.verdict.level) + "\n  " +
                             in.verdict.why + "\n");
  }
  char buf[200];
  std::snprintf(buf, sizeof buf, "  graded:  %zu of %zu cases in %.1f s, %d engine process%s\n\n",
                run.results.size(), run.cases_in_set, run.seconds, in.jobs, in.jobs == 1 ? "" : "es");
  out += buf;
  const Diagnosis& diagnosis = in.diagnosis;
  out += likely_causes(run, diagnosis);

  const Counts& total = in.verdict.counts;
  std::map<std::string, Counts> by_category;
  std::map<std::string, Counts> by_clause;
  std::vector<std::string> category_order;
  for (const CaseResult& r : run.results) {
    if (!by_category.contains(r.category)) category_order.push_back(r.category);
    by_category[r.category].add(r);
    for (const std::string& clause : r.clauses) by_clause[clause].add(r);
  }
  out += case_blocks(in, diagnosis);
  out += tolerant_only(run, diagnosis);
  out += fingerprint_text(run.results);
  if (const CaseResult* first = first_failure(run, diagnosis)) {
    // The top cause's case, under the top cause's clause.
    out += "\nFirst failure: " + where(*first);
    const std::string clause = diagnosis.causes.empty() ? first->clause : diagnosis.causes.front().clause;
    if (!clause.empty()) out += ", clause " + clause;
    out += "\n";
  }
  out += "\n  by category      exact  tolerant  drift  fail  errored  skipped\n";
  for (const std::string& category : category_order) out += counts_row(category, by_category[category]);
  out += counts_row("all", total);
  out += "\n  by clause        exact  tolerant  drift  fail  errored  skipped\n";
  for (const auto& [clause, counts] : by_clause) out += counts_row(clause, counts);
  if (total.drift) {
    // Each drift case's NOTE above names the re-anchored segments that agree.
    out += "\n  drift (not failures: every re-anchored segment agrees, TOL-6): " + std::to_string(total.drift) + "\n";
  }
  if (total.expected_failures || total.unexpected_passes) {
    out += "\n  expected failures: " + std::to_string(total.expected_failures) +
           ", listed but passed: " + std::to_string(total.unexpected_passes) + "\n";
  }
  const Verdict& verdict = in.verdict;
  out += "\nLevel: " + level_phrase(verdict) + "\n";
  out += "Scope: " + scope_phrase(verdict.scope) + "\n";
  if (const std::string e = expectation_phrase(verdict); !e.empty()) out += "  " + e + "\n";
  if (!verdict.why.empty()) out += "  " + verdict.why + (verdict.level == Level::incomplete ? ":" : "") + "\n";
  if (verdict.level == Level::incomplete) {
    for (const CaseResult& r : run.results) {
      if (r.outcome == Outcome::errored) {
        out += "    " + r.id + ": " + outside(r.message) + "\n";
      }
    }
  }
  // Every text from outside is escaped above (outside); this is the net for
  // what the kit read from a vector set (ids, clauses), which it checked
  // against its schema but did not write.
  return protocol::visible(out);
}

std::string text_report(const ReportInput& in) { return text_from_report(report_document(in)); }

}  // namespace susurration::grader
