// JUnit XML, the form CI systems display: one testsuite per vector file,
// one testcase per case; fail is <failure>, errored is <error>, skipped is
// <skipped>. Drift and tolerant passes are passes. A failure listed in
// --expect-fail is <skipped message="expected failure: ..."> and a listed
// case that passed a <failure>, as pytest writes xfail and a strict xpass:
// so a CI system's count of failures is what the exit status says. Each
// testsuite's properties give the verdict: the level and its scope.
#include <algorithm>
#include <cstdio>

#include "susurration/protocol/engine_text.hpp"
#include "susurration/grader/report.hpp"
#include "susurration/grader/report_diff.hpp"
#include "susurration/grader/verdict.hpp"

namespace susurration::grader {
namespace {

// Escaped for an attribute or element. visible() first: XML 1.0 has no
// place for most control characters, not even as character references,
// and an engine's output may contain them or bytes that are not UTF-8.
std::string xml(const std::string& text) {
  std::string out;
  for (const char c : protocol::visible(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

std::string testcase(const CaseResult& r, std::size_t k, StderrQuoter& stderr_of) {
  std::string out = "    <testcase classname=\"susurration." + xml(r.category) + "\" name=\"" + xml(r.id) +
                    "\" time=\"" + seconds(r.seconds) + "\"";
  // Engine text on the one line it is given, as in the text report.
  std::string details = protocol::one_line(r.message, protocol::kReportLineBytes);
  if (!r.hint.empty()) details += "\nhint: " + r.hint;
  if (!r.offending.empty()) details += "\noutput: " + protocol::one_line(r.offending, protocol::kReportLineBytes);
  const std::string clause = r.clause.empty() ? "" : "[" + r.clause + "] ";
  if (unexpected_pass(r)) {
    return out + ">\n      <failure message=\"listed in --expect-fail but passed\"/>\n    </testcase>\n";
  }
  if (r.outcome == Outcome::skipped) return out + ">\n      <skipped message=\"" + xml(r.message) + "\"/>\n    </testcase>\n";
  if (r.outcome != Outcome::fail && r.outcome != Outcome::errored) return out + "/>\n";
  // Each stderr line under its label, as in the text report: no line an
  // engine wrote starts a line of the report.
  const std::string tail = stderr_of(k);
  for (std::size_t at = 0, end; at < tail.size(); at = end + 1) {
    end = std::min(tail.find('\n', at), tail.size());
    details += "\nstderr: " + tail.substr(at, end - at);
  }
  const std::string tag = r.expected_to_fail ? "skipped" : r.outcome == Outcome::errored ? "error" : "failure";
  const std::string expected = r.expected_to_fail ? "expected failure: " : "";
  return out + ">\n      <" + tag + " message=\"" + xml(expected + clause + r.message.substr(0, r.message.find('\n'))) +
         "\">" + xml(details) + "</" + tag + ">\n    </testcase>\n";
}

// What the JUnit report draws, all of which a saved JSON report holds too:
// the cases, the verdict and the engine's command.
std::string junit_xml(const GradeRun& run, const Verdict& verdict, const std::string& command) {
  std::map<std::string, std::vector<std::size_t>> by_file;
  std::vector<std::string> order;
  for (std::size_t k = 0; k < run.results.size(); ++k) {
    const CaseResult& r = run.results[k];
    if (!by_file.contains(r.file)) order.push_back(r.file);
    by_file[r.file].push_back(k);
  }
  StderrQuoter stderr_of(run);
  auto tally = [&](const std::vector<std::size_t>& ks, int& failures, int& errors, int& skipped) {
    for (const std::size_t k : ks) {
      const CaseResult* r = &run.results[k];
      const bool listed = r->expected_to_fail;
      if (unexpected_pass(*r) || (!listed && r->outcome == Outcome::fail)) ++failures;
      if (!listed && r->outcome == Outcome::errored) ++errors;
      if (r->outcome == Outcome::skipped || (listed && (r->outcome == Outcome::fail || r->outcome == Outcome::errored))) {
        ++skipped;
      }
    }
  };
  std::string properties = "    <properties>\n";
  const auto property = [&properties](const std::string& name, const std::string& value) {
    properties += "      <property name=\"" + name + "\" value=\"" + xml(value) + "\"/>\n";
  };
  property("level", level_phrase(verdict));
  property("scope", scope_phrase(verdict.scope));
  if (const std::string e = expectation_phrase(verdict); !e.empty()) property("expect-fail", e);
  property("kit", verdict.kit);
  property("manifest_sha256", verdict.scope.manifest_sha256);
  properties += "    </properties>\n";
  std::string suites;
  int all_failures = 0, all_errors = 0, all_skipped = 0;
  for (const std::string& file : order) {
    int failures = 0, errors = 0, skipped = 0;
    tally(by_file[file], failures, errors, skipped);
    all_failures += failures;
    all_errors += errors;
    all_skipped += skipped;
    double time = 0;
    for (const std::size_t k : by_file[file]) time += run.results[k].seconds;
    suites += "  <testsuite name=\"" + xml(file) + "\" tests=\"" + std::to_string(by_file[file].size()) +
              "\" failures=\"" + std::to_string(failures) + "\" errors=\"" + std::to_string(errors) +
              "\" skipped=\"" + std::to_string(skipped) + "\" time=\"" + seconds(time) + "\">\n" + properties;
    for (const std::size_t k : by_file[file]) suites += testcase(run.results[k], k, stderr_of);
    suites += "  </testsuite>\n";
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"susurration grade: " +
         xml(command) + "\" tests=\"" + std::to_string(run.results.size()) + "\" failures=\"" +
         std::to_string(all_failures) + "\" errors=\"" + std::to_string(all_errors) + "\" skipped=\"" +
         std::to_string(all_skipped) + "\" time=\"" + seconds(run.seconds) + "\">\n" + suites +
         "</testsuites>\n";
}

}  // namespace

std::string junit_report(const ReportInput& in) { return junit_xml(in.run, in.verdict, in.options.command); }

// From a report that check_report has passed: the same bytes as the grade
// that wrote it, since JSON keeps every figure drawn here exactly.
std::string junit_from_report(const Json& report) {
  return junit_xml(run_of_report(report), verdict_from_report(report),
                   report.at("engine").at("command").get<std::string>());
}

}  // namespace susurration::grader
