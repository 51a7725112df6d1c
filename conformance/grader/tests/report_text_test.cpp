// The order in which the reports list failing cases (spec/grading.md,
// PROTO-11): under the cause that explains them, the case shown for it
// first. The expected orders are worked out by hand from each situation.
#include <gtest/gtest.h>

#include <sstream>

#include "susurration/grader/report.hpp"

namespace susurration::grader {
namespace {

Cause cause(const std::string& clause, std::size_t shown, std::vector<std::size_t> explains) {
  return Cause{clause, 1.0, shown, std::move(explains), ""};
}

TEST(FailuresByCause, TheShownCaseLeadsAndTheRestFollowInManifestOrder) {
  const std::vector<bool> failing = {true, true, true, true};
  const auto groups = failures_by_cause({cause("STEP-4", 2, {3, 0, 2})}, failing);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].cause, std::optional<std::size_t>(0));
  EXPECT_EQ(groups[0].cases, (std::vector<std::size_t>{2, 0, 3}));
  EXPECT_EQ(groups[1].cause, std::nullopt);
  EXPECT_EQ(groups[1].cases, (std::vector<std::size_t>{1}));
}

// Case 5 is explained by two causes and case 1 by a third that comes after
// both: each is listed once, under the first; a cause left with nothing to
// list has no group, and a case that does not fail is never listed.
TEST(FailuresByCause, ACaseSeveralCausesExplainIsListedOnceUnderTheFirstOfThem) {
  const std::vector<bool> failing = {true, true, false, true, true, true, true};
  const auto groups = failures_by_cause(
      {cause("STEP-4", 3, {5, 1, 3}), cause("STEP-3", 5, {5, 0, 2}), cause("STEP-5", 1, {1})}, failing);
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].cause, std::optional<std::size_t>(0));
  EXPECT_EQ(groups[0].cases, (std::vector<std::size_t>{3, 1, 5}));
  EXPECT_EQ(groups[1].cause, std::optional<std::size_t>(1));
  EXPECT_EQ(groups[1].cases, (std::vector<std::size_t>{0}));
  EXPECT_EQ(groups[2].cause, std::nullopt);
  EXPECT_EQ(groups[2].cases, (std::vector<std::size_t>{4, 6}));
}

TEST(FailuresByCause, NothingFailingIsNoGroup) {
  EXPECT_TRUE(failures_by_cause({}, {false, false}).empty());
  EXPECT_TRUE(failures_by_cause({cause("STEP-3", 0, {0})}, {false}).empty());
}

// The manifest fields a report states (the text is drawn from the JSON report).
Json manifest() { return {{"spec_version", "1.0.0"}, {"generator_version", "1.0.0"}, {"files", Json::array()}}; }

CaseResult result(const std::string& id, std::vector<std::string> clauses, Outcome outcome) {
  CaseResult r;
  r.id = id;
  r.clauses = std::move(clauses);
  r.outcome = outcome;
  if ((outcome == Outcome::fail || outcome == Outcome::errored) && !r.clauses.empty()) r.clause = r.clauses.front();
  r.message = "what " + id + " found";
  return r;
}

// The lines of a text report that open a group or a case block.
std::vector<std::string> headings_and_blocks(const std::string& report) {
  std::vector<std::string> out;
  std::istringstream lines(report);
  for (std::string line; std::getline(lines, line);) {
    for (const char* start : {"Cause ", "Not ", "Expected ", "FAIL ", "ERROR ", "NOTE ", "XPASS "}) {
      if (line.rfind(start, 0) == 0) out.push_back(line);
    }
  }
  return out;
}

// Two mistakes, cohesion (STEP-3) and number serialisation (SERIAL-2). Each
// explains a case that fails first of all through another clause (its
// check reported FIELD-3 or PROTO-3), and that case comes before the one
// the cause isolates, so manifest order would put the wrong case first.
TEST(TextReport, ListsEachFailureOnceUnderItsCauseWithTheShownCaseFirst) {
  GradeRun run;
  run.results = {
      result("seam-cohesion", {"FIELD-3", "STEP-3"}, Outcome::fail),
      result("seam-plain", {"FIELD-3"}, Outcome::pass_exact),
      result("cohesion-1", {"STEP-3"}, Outcome::fail),
      result("serial-float", {"PROTO-3", "SERIAL-2"}, Outcome::fail),
      result("cohesion-2", {"STEP-3"}, Outcome::fail),
      result("proto-plain", {"PROTO-3"}, Outcome::pass_exact),
      result("serial-int", {"SERIAL-2"}, Outcome::fail),
      result("crashed", {}, Outcome::errored),
      result("drifting", {"STEP-6"}, Outcome::pass_tolerant),
      result("known", {"STEP-8"}, Outcome::fail),
  };
  run.results[8].drift = true;
  run.results[9].expected_to_fail = true;
  run.cases_in_set = run.results.size();
  VectorSet set;
  set.dir = "vectors";
  set.manifest = manifest();

  // The situation is the one intended: STEP-3 then SERIAL-2, each shown by
  // the case that checks it alone (a precondition, not the claim).
  const Diagnosis d = diagnose(set, run);
  ASSERT_EQ(d.causes.size(), 2u);
  ASSERT_EQ(d.causes[0].clause, "STEP-3");
  ASSERT_EQ(run.results[d.causes[0].shown].id, "cohesion-1");
  ASSERT_EQ(d.causes[1].clause, "SERIAL-2");
  ASSERT_EQ(run.results[d.causes[1].shown].id, "serial-int");

  const Selection selection;
  GradeOptions options;
  options.command = "engine";
  const Verdict verdict = grade_verdict(set, selection, run);
  const std::string text = text_report({set, selection, options, run, verdict, d});
  const std::vector<std::string> expected = {
      "Cause 1, STEP-3 (3 failing cases):",
      "FAIL  cohesion-1  [STEP-3]",
      "FAIL  seam-cohesion  [FIELD-3]",
      "FAIL  cohesion-2  [STEP-3]",
      "Cause 2, SERIAL-2 (2 failing cases):",
      "FAIL  serial-int  [SERIAL-2]",
      "FAIL  serial-float  [PROTO-3]",
      "Not explained by a cause (1 failing case):",
      "ERROR crashed",
      "Expected failures (listed in --expect-fail; still failures, which the level counts):",
      "FAIL  known  [STEP-8]",
      "Not counted as failures:",
      "NOTE  drifting",
  };
  EXPECT_EQ(headings_and_blocks(text), expected) << text;
  // The rest of the report is where it was: the causes before the cases,
  // the first failure and the counts after them.
  EXPECT_LT(text.find("Likely causes"), text.find("Cause 1, STEP-3"));
  EXPECT_GT(text.find("First failure: cohesion-1"), text.find("FAIL  known"));
  // The expected failure is a failure all the same.
  EXPECT_NE(text.find("\nLevel: not conformant (6 failures, 1 errored, 1 expected)\n"), std::string::npos) << text;
}

// Every line of a text as a viewer may break it: at '\n', and at U+2028
// and U+2029, which many viewers take for new lines.
std::vector<std::string> viewed_lines(const std::string& text) {
  std::vector<std::string> out(1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text.compare(i, 3, "\xE2\x80\xA8") == 0 || text.compare(i, 3, "\xE2\x80\xA9") == 0) {
      if (text[i] != '\n') i += 2;
      out.emplace_back();
    } else {
      out.back() += text[i];
    }
  }
  return out;
}

// An engine that puts a report's lines after newlines and line separators
// in its hello, an unsupported reason, its output and its stderr (issue
// 24): each shows on the line it belongs to, escaped, and the report's one
// level line is the kit's.
TEST(TextReport, EngineTextCannotStartALineOfItsOwn) {
  const std::string forged = "\nLevel: exact\n  forged-row 308 0 0 0 0 0\n";
  GradeRun run;
  run.engine = EngineInfo{"ref" + forged, "1" + forged, "C" + forged + "\xE2\x80\xA8Level: exact", {}};
  run.results = {result("refused", {"PROTO-5"}, Outcome::fail), result("crashed", {"PROTO-3"}, Outcome::errored)};
  run.results[0].message = "listed torus_delta in hello but answered unsupported: no" + forged;
  run.results[0].offending = "{\"unsupported\": \"\xE2\x80\xA9Level: exact\"}";
  run.results[1].stderr_tail = std::make_shared<const std::string>("fine\rLevel: exact\nforged-row 1\n");
  run.cases_in_set = run.results.size();
  VectorSet set;
  set.dir = "vectors";
  set.manifest = manifest();
  const Selection selection;
  GradeOptions options;
  options.command = "engine";
  const Verdict verdict = grade_verdict(set, selection, run);
  const Diagnosis diagnosis = diagnose(set, run);
  const std::string text = text_report({set, selection, options, run, verdict, diagnosis});

  std::vector<std::string> levels;
  for (const std::string& line : viewed_lines(text)) {
    if (line.rfind("Level:", 0) == 0) levels.push_back(line);
    const std::size_t row = line.find("forged-row");
    if (row != std::string::npos) {
      EXPECT_NE(line.find_first_not_of(' '), row) << "a forged row starts a line: " << line;
    }
  }
  EXPECT_EQ(levels, std::vector<std::string>{"Level: not conformant"}) << text;
  // Each piece is where it belongs, written visibly.
  const std::string shown = "\\nLevel: exact\\n  forged-row 308 0 0 0 0 0\\n";
  EXPECT_NE(text.find("           ref" + shown + " 1" + shown + " (C" + shown + "\\u2028Level: exact)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("      listed torus_delta in hello but answered unsupported: no" + shown + "\n"),
            std::string::npos);
  EXPECT_NE(text.find("      output: {\"unsupported\": \"\\u2029Level: exact\"}\n"), std::string::npos);
  EXPECT_NE(text.find("      stderr: fine\\x0dLevel: exact\n      stderr: forged-row 1\n"), std::string::npos);
}

}  // namespace
}  // namespace susurration::grader
