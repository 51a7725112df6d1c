// The verdict (verdict.hpp): the level from the outcomes alone, the exit
// status --expect-fail adjusts, and the words every form gives them. The
// expectations are written out by hand from the outcomes below.
#include <gtest/gtest.h>

#include "susurration/grader/report.hpp"

namespace susurration::grader {
namespace {

CaseResult result(const std::string& id, Outcome outcome, bool listed = false, const std::string& category = "step") {
  CaseResult r;
  r.id = id;
  r.file = category + ".json";
  r.category = category;
  r.outcome = outcome;
  r.expected_to_fail = listed;
  return r;
}

GradeRun run_of(std::vector<CaseResult> results) {
  GradeRun run;
  run.results = std::move(results);
  run.cases_in_set = run.results.size();
  return run;
}

TEST(Verdict, AnExpectedFailureNeverRaisesTheLevel) {
  // Two failures, both listed: the level is the cases', the status 0.
  const Verdict listed = verdict_of(run_of({result("a", Outcome::fail, true), result("b", Outcome::fail, true),
                                            result("c", Outcome::pass_exact)}));
  Verdict v = listed;
  v.scope.expected_failures = 2;
  EXPECT_EQ(v.level, Level::not_conformant);
  EXPECT_EQ(v.counts.of(Outcome::fail), 2);
  EXPECT_EQ(v.status_level(), Level::conformant);
  EXPECT_EQ(level_phrase(v), "not conformant (2 failures, all expected)");
  EXPECT_EQ(expectation_phrase(v),
            "as --expect-fail lists: the cases that failed or errored are exactly the 2 listed (exit status 0)");
}

TEST(Verdict, AFailureNotListedOrAListedPassGivesTheStatusOfAFailure) {
  Verdict more = verdict_of(run_of({result("a", Outcome::fail, true), result("b", Outcome::fail)}));
  more.scope.expected_failures = 1;
  EXPECT_EQ(more.level, Level::not_conformant);
  EXPECT_EQ(more.status_level(), Level::not_conformant);
  EXPECT_EQ(level_phrase(more), "not conformant (2 failures, 1 expected)");
  EXPECT_EQ(expectation_phrase(more), "not as --expect-fail lists: 1 failure not listed");

  // A listed case that passed: every case passed, so the level says so,
  // and the stale list makes the status a failure's.
  Verdict stale = verdict_of(run_of({result("a", Outcome::pass_exact, true), result("b", Outcome::pass_exact)}));
  stale.scope.expected_failures = 1;
  EXPECT_EQ(stale.level, Level::exact);
  EXPECT_EQ(stale.status_level(), Level::not_conformant);
  EXPECT_EQ(level_phrase(stale), "exact (1 listed case passed)");

  // An error not listed beside a listed failure: incomplete's status.
  Verdict errored = verdict_of(run_of({result("a", Outcome::fail, true), result("b", Outcome::errored)}));
  errored.scope.expected_failures = 1;
  EXPECT_EQ(errored.level, Level::not_conformant);
  EXPECT_EQ(errored.status_level(), Level::incomplete);
}

TEST(Verdict, WithoutAListTheStatusIsTheLevel) {
  const Verdict v = verdict_of(run_of({result("a", Outcome::errored), result("b", Outcome::pass_tolerant)}));
  EXPECT_EQ(v.level, Level::incomplete);
  EXPECT_EQ(v.status_level(), Level::incomplete);
  EXPECT_EQ(expectation_phrase(v), "");
}

TEST(Verdict, TheBadgeSaysTheScopeBesideTheLevel) {
  Verdict v;
  v.level = Level::conformant;
  v.scope.cases = 14;
  v.scope.cases_in_set = 360;
  EXPECT_EQ(badge_phrase(v), "conformant \u00b7 partial 14/360");
  v.scope.cases = 360;
  EXPECT_EQ(badge_phrase(v), "conformant \u00b7 no fresh set");
  v.scope.fresh_seed = 7;
  EXPECT_EQ(badge_phrase(v), "conformant");
  // A conformant grade with --limits never reads like one without (LEVEL-2).
  v.scope.limits = true;
  EXPECT_EQ(badge_phrase(v), "conformant \u00b7 limits asked");
  v.level = Level::not_conformant;
  v.counts.expected_failures = 5;
  EXPECT_EQ(badge_phrase(v), "not conformant \u00b7 5 expected \u00b7 limits asked");
  v.scope.published_set = false;
  v.scope.manifest_sha256 = std::string(64, 'a');
  EXPECT_EQ(badge_phrase(v), "not conformant \u00b7 5 expected \u00b7 not the published set aaaaaaaa \u00b7 limits asked");
}

TEST(Verdict, TheScopeSaysSelectionFreshSetListAndSandbox) {
  Scope s;
  s.cases = 14;
  s.cases_in_set = 360;
  s.only = {"torus-x-*"};
  s.shard = "1/1";
  EXPECT_EQ(scope_phrase(s), "the published set; a selection, 14 of 360 cases (--only torus-x-*); no fresh set; "
                             "no expected failure listed; not sandboxed; the limits set not asked (--limits asks it)");
  s.cases = 360;
  s.only.clear();
  s.fresh_seed = 42;
  s.fresh_cases = 48;
  s.expected_failures = 1;
  s.sandboxed = true;
  s.limits = true;
  s.published_set = false;
  s.manifest_sha256 = std::string(64, 'b');
  EXPECT_EQ(scope_phrase(s), "not the published set (manifest sha256 " + std::string(64, 'b') +
                                 "); all 360 cases; fresh set seed 42 (48 cases); 1 expected failure listed; sandboxed; "
                                 "the limits set asked (--limits)");
  // And back from the JSON report's scope, unchanged.
  const Scope back = scope_from_json(scope_json(s), s.manifest_sha256);
  EXPECT_EQ(scope_phrase(back), scope_phrase(s));
}

}  // namespace
}  // namespace susurration::grader
