// The ranking of causes (spec/grading.md, "How a report ranks causes") on
// grade runs built by hand, each the situation a claim is about; what is
// expected is worked out from the situation, not read off the ranking.
#include <gtest/gtest.h>

#include <deque>

#include "susurration/grader/diagnosis.hpp"

namespace susurration::grader {
namespace {

CaseResult result(const std::string& id, std::vector<std::string> clauses, Outcome outcome,
                  std::string clause = "") {
  CaseResult r;
  r.id = id;
  r.clauses = std::move(clauses);
  r.outcome = outcome;
  r.clause = clause.empty() && !r.clauses.empty() && (outcome == Outcome::fail || outcome == Outcome::errored)
                 ? r.clauses.front()
                 : clause;
  return r;
}

const VectorSet kNoVectors{};

// The situation: a wrong cohesion constant fails every case where
// cohesion acts alone, and the boundary cases where a neighbour is inside
// the radius (they fail through cohesion); the boundary cases where the
// neighbour is outside pass, so STEP-2 is not what is wrong, though it is
// the first clause of more failing cases than STEP-3 is.
TEST(Diagnosis, AWrongCohesionConstantIsRankedAboveTheBoundaryCasesItFails) {
  GradeRun run;
  run.results = {
      result("band-inside-1", {"STEP-2", "FIELD-4", "STEP-3"}, Outcome::fail),
      result("band-inside-2", {"STEP-2", "FIELD-4", "STEP-3"}, Outcome::fail),
      result("band-inside-3", {"STEP-2", "FIELD-4", "STEP-3"}, Outcome::fail),
      result("band-outside-1", {"STEP-2", "FIELD-4"}, Outcome::pass_exact),
      result("band-outside-2", {"STEP-2", "FIELD-4"}, Outcome::pass_exact),
      result("band-outside-3", {"STEP-2", "FIELD-4"}, Outcome::pass_exact),
      result("exactly-90", {"STEP-2", "STEP-6"}, Outcome::pass_exact),
      result("hard-distance", {"FIELD-4", "DET-2"}, Outcome::pass_exact),
      result("cohesion-weight-1", {"STEP-3", "WEIGHTS-1"}, Outcome::fail),
      result("cohesion-seam", {"STEP-3", "FIELD-3"}, Outcome::fail),
      result("cohesion-weight-0", {"WEIGHTS-1", "STEP-3"}, Outcome::pass_exact),
  };
  const Diagnosis d = diagnose(kNoVectors, run);
  ASSERT_FALSE(d.causes.empty());
  EXPECT_EQ(d.causes.front().clause, "STEP-3");
  // Shown: a case STEP-3 isolates, not the first failing case in file order.
  EXPECT_EQ(run.results[d.causes.front().shown].id, "cohesion-weight-1");
  // It explains every failure, so it is the only cause.
  EXPECT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().explains.size(), 5u);
}

// The other way round: the radius is wrong (a neighbour at exactly 90 is
// taken in). The cases where cohesion acts alone pass, which clears STEP-3,
// and the failing boundary cases are STEP-2's alone.
TEST(Diagnosis, AClauseWhoseIsolatingCasesAllPassIsCleared) {
  GradeRun run;
  run.results = {
      result("exactly-90-axis", {"STEP-2", "STEP-6"}, Outcome::fail),
      result("exactly-90-diagonal", {"STEP-2", "STEP-6"}, Outcome::fail),
      result("band-inside", {"STEP-2", "FIELD-4", "STEP-3"}, Outcome::pass_exact),
      result("cohesion-weight-1", {"STEP-3", "WEIGHTS-1"}, Outcome::pass_exact),
      result("lone-bird", {"STEP-6", "STEP-8"}, Outcome::pass_exact),
  };
  const Diagnosis d = diagnose(kNoVectors, run);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().clause, "STEP-2");
  EXPECT_NE(d.causes.front().why.find("fails 2 of the 3 cases that isolate it"), std::string::npos)
      << d.causes.front().why;
}

// Two independent mistakes: each is a cause, the one with more evidence
// first, and every failure is explained by exactly one of them.
TEST(Diagnosis, TwoIndependentMistakesAreTwoCausesThatShareNoFailure) {
  GradeRun run;
  run.results = {
      result("serial-1", {"SERIAL-2"}, Outcome::fail),
      result("serial-2", {"SERIAL-2"}, Outcome::fail),
      result("serial-3", {"SERIAL-2"}, Outcome::fail),
      result("hash", {"DET-3"}, Outcome::fail),
      result("hash-2", {"DET-3"}, Outcome::pass_exact),
  };
  const Diagnosis d = diagnose(kNoVectors, run);
  ASSERT_EQ(d.causes.size(), 2u);
  EXPECT_EQ(d.causes[0].clause, "SERIAL-2");
  EXPECT_EQ(d.causes[1].clause, "DET-3");
  EXPECT_EQ(d.causes[0].explains.size() + d.causes[1].explains.size(), 4u);
}

// The clause a check pinned (a field's defining clause, METRIC-1, ...) is
// what the failing case isolates, even when its author listed it later or
// not at all.
TEST(Diagnosis, TheClauseACheckPinnedIsWhatAFailingCaseIsolates) {
  GradeRun run;
  run.results = {
      result("trajectory-1", {"SESSION-1", "METRIC-1", "METRIC-2", "STEP-1"}, Outcome::fail, "METRIC-2"),
      result("trajectory-2", {"SESSION-1", "METRIC-1", "METRIC-2", "STEP-1"}, Outcome::fail, "METRIC-2"),
      result("polarization", {"METRIC-2"}, Outcome::fail),
      result("session", {"SESSION-1"}, Outcome::pass_exact),
  };
  const Diagnosis d = diagnose(kNoVectors, run);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().clause, "METRIC-2");
  EXPECT_EQ(run.results[d.causes.front().shown].id, "polarization");  // fewest other suspects
}

// Nothing failed: no cause at all, and the cases that passed only within
// tolerance are listed, in order, whatever else passed.
TEST(Diagnosis, APassingRunHasNoCauseAndListsItsTolerantCases) {
  GradeRun run;
  run.results = {
      result("a", {"STEP-3"}, Outcome::pass_exact),
      result("b", {"STEP-4"}, Outcome::pass_tolerant),
      result("c", {"STEP-5"}, Outcome::skipped),
      result("d", {"STEP-6"}, Outcome::pass_tolerant),
  };
  const Diagnosis d = diagnose(kNoVectors, run);
  EXPECT_TRUE(d.causes.empty());
  EXPECT_EQ(d.tolerant_only, (std::vector<std::size_t>{1, 3}));
}

// A failure listed in --expect-fail is still a failure (the level counts
// it), but not news: it is not a failure to explain; a passing case clears
// its clause as ever.
TEST(Diagnosis, AnExpectedFailureIsNotExplained) {
  GradeRun run;
  run.results = {
      result("known", {"STEP-7"}, Outcome::fail),
      result("new", {"STEP-5"}, Outcome::fail),
  };
  run.results[0].expected_to_fail = true;
  const Diagnosis d = diagnose(kNoVectors, run);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().clause, "STEP-5");
}

// The update order: a two-bird step whose bird 0 felt the other and came
// out right, while bird 1 is off, is read as STEP-1 whatever the case lists.
TEST(Diagnosis, ASecondBirdOffAfterAFirstThatFeltTheFlockIsTheUpdateOrder) {
  const Json file = {{"notes", Json::object()}};
  const Json group = {{"parameters", Json::object()}};
  const Json step = {{"id", "two-birds"},
                     {"clauses", {"STEP-5"}},
                     {"input", {{"state", {{100.0, 100.0, 2.0, 0.0}, {110.0, 100.0, -2.0, 0.0}}}}},
                     {"expected", {{"state", {{101.9, 100.0, 1.9, 0.0}, {108.1, 100.0, -1.9, 0.0}}}}}};
  VectorSet set;
  set.cases = {VectorCase{"step.json", "step", &file, &group, &step}};
  GradeRun run;
  run.results = {result("two-birds", {"STEP-5"}, Outcome::fail),
                 result("separation", {"STEP-5"}, Outcome::pass_exact),
                 result("separation-2", {"STEP-5"}, Outcome::pass_exact)};
  Difference off;
  off.bird = 1;
  off.field = "x";
  run.results[0].difference = off;
  const Diagnosis d = diagnose(set, run);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().clause, "STEP-1");
  // With bird 0 off instead, the same failure is separation's.
  run.results[0].difference->bird = 0;
  EXPECT_EQ(diagnose(set, run).causes.front().clause, "STEP-5");
}

// A wrong PRNG puts every initial state off too: the runs' states at tick
// 0, which the tick-0 check reports as INIT-1 (the draws differ), are
// init's answers and check what init's cases check, the PRNG included. The
// PRNG's own cases fail, so the PRNG explains more than INIT-1 does.
TEST(Diagnosis, AWrongInitialStateOfARunIsSuspectedOfWhatInitDrawsFrom) {
  const Json file = {{"notes", Json::object()}};
  const Json group = {{"parameters", Json::object()}};
  const Json init = {{"id", "init-1"}, {"clauses", {"INIT-1", "INIT-2", "PRNG-1"}}};
  VectorSet set;
  set.cases = {VectorCase{"init.json", "init", &file, &group, &init}};
  GradeRun run;
  run.results = {result("prng-1", {"PRNG-1"}, Outcome::fail), result("prng-2", {"PRNG-1"}, Outcome::fail),
                 result("init-1", {"INIT-1", "INIT-2", "PRNG-1"}, Outcome::fail)};
  for (int k = 0; k < 4; ++k) {
    CaseResult r = result("trajectory-" + std::to_string(k), {"SESSION-1", "METRIC-1", "STEP-1"}, Outcome::fail, "INIT-1");
    r.check = "states";
    Difference d;
    d.tick = 0;
    d.bird = 0;
    d.field = "x";
    r.difference = d;
    run.results.push_back(r);
  }
  run.results.push_back(result("session", {"SESSION-1"}, Outcome::pass_exact));
  run.results.push_back(result("metrics-row", {"METRIC-1"}, Outcome::pass_exact));
  run.results.push_back(result("synchronous", {"STEP-1"}, Outcome::pass_exact));
  const Diagnosis d = diagnose(set, run);
  ASSERT_FALSE(d.causes.empty());
  EXPECT_EQ(d.causes.front().clause, "PRNG-1");
}

// A re-anchored segment that departs names where the runs parted, not the
// rule: unless it is off at its first tick, where the metric of the
// published state itself is wrong, and its clause is that metric's.
TEST(Diagnosis, ASegmentOffAtItsFirstTickIsItsMetricAndOneOffLaterIsTheStep) {
  auto segment = [](const std::string& id, int tick) {
    CaseResult r = result(id, {"SESSION-1", "METRIC-1", "METRIC-2", "STEP-1"}, Outcome::fail, "METRIC-2");
    r.check = "re-anchored segment 0..50";
    Difference d;
    d.tick = tick;
    d.field = "polarization";
    r.difference = d;
    return r;
  };
  GradeRun run;
  run.results = {segment("trajectory-1", 0), segment("trajectory-2", 0), segment("trajectory-3", 0),
                 result("polarization", {"METRIC-2"}, Outcome::pass_exact),
                 result("polarization-2", {"METRIC-2"}, Outcome::fail),
                 result("cohesion", {"STEP-3"}, Outcome::fail)};
  EXPECT_EQ(diagnose(kNoVectors, run).causes.front().clause, "METRIC-2");
  for (std::size_t k = 0; k < 3; ++k) run.results[k].difference->tick = 17;
  EXPECT_EQ(diagnose(kNoVectors, run).causes.front().clause, "STEP-3");
}

// invalid.json as far as a bug class needs it: each case's flags, and the
// notes that give each flag its clause (the notes' clauses are the
// generator's; here they are written for the situation).
struct FlaggedSet {
  Json file = {{"notes",
                {{"ZeroFraction", {{"bug_type", "type"}, {"clause", "PROTO-9"}, {"description", "42.0"}}},
                 {"OutOfRange", {{"bug_type", "range"}, {"clause", "PROTO-9"}, {"description", "-1"}}}}}};
  Json group = {{"parameters", Json::object()}};
  std::deque<Json> cases;
  VectorSet set;
  std::string name = "invalid.json", category = "invalid";
  void add(const std::string& id, const std::string& clause, const std::string& flag) {
    cases.push_back({{"id", id}, {"clauses", {clause}}, {"flags", {flag}}});
    set.cases.push_back(VectorCase{name, category, &file, &group, &cases.back()});
  }
  void add_unflagged(const std::string& id, const std::vector<std::string>& clauses) {
    cases.push_back({{"id", id}, {"clauses", clauses}});
    set.cases.push_back(VectorCase{name, category, &file, &group, &cases.back()});
  }
};

// Taking 42.0 for an integer fails the zero-fraction case of every integer
// parameter, each under its own INPUT clause, while every other refusal of
// those parameters passes: one mistake, one cause, the class's clause.
TEST(Diagnosis, ABugClassThatFailsAsAWholeIsOneCauseNamedByItsClause) {
  FlaggedSet s;
  GradeRun run;
  for (const auto& [param, clause] : std::vector<std::pair<std::string, std::string>>{
           {"seed", "INPUT-1"}, {"birds", "INPUT-2"}, {"ticks", "INPUT-6"}, {"at-tick", "INPUT-5"}}) {
    s.add(param + "-with-a-zero-fraction", clause, "ZeroFraction");
    run.results.push_back(result(param + "-with-a-zero-fraction", {clause}, Outcome::fail));
    s.add(param + "-out-of-range", clause, "OutOfRange");
    run.results.push_back(result(param + "-out-of-range", {clause}, Outcome::pass_exact));
  }
  const Diagnosis d = diagnose(s.set, run);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().clause, "PROTO-9");
  EXPECT_EQ(d.causes.front().explains.size(), 4u);
  EXPECT_NE(d.causes.front().why.find("flagged ZeroFraction"), std::string::npos) << d.causes.front().why;
}

// An engine that refuses nothing fails the class too, but it fails every
// other case of those clauses as well: the class is no better an
// explanation than each clause, and the ranking names the clauses.
TEST(Diagnosis, AClassWhoseClausesFailElsewhereTooIsNotGrouped) {
  FlaggedSet s;
  GradeRun run;
  for (const auto& [param, clause] :
       std::vector<std::pair<std::string, std::string>>{{"seed", "INPUT-1"}, {"birds", "INPUT-2"}}) {
    s.add(param + "-with-a-zero-fraction", clause, "ZeroFraction");
    run.results.push_back(result(param + "-with-a-zero-fraction", {clause}, Outcome::fail));
    s.add(param + "-out-of-range", clause, "OutOfRange");
    run.results.push_back(result(param + "-out-of-range", {clause}, Outcome::fail));
  }
  const Diagnosis d = diagnose(s.set, run);
  ASSERT_EQ(d.causes.size(), 2u);
  EXPECT_EQ(d.causes[0].clause, "INPUT-1");
  EXPECT_EQ(d.causes[1].clause, "INPUT-2");
}

// init.json's cases lead in turn with INIT-1, INIT-2 and INIT-3 and share
// their flags. A sine for a cosine fails all of them, and init's check
// reports INIT-3 on each, from the difference: the checks already agree on
// one clause, so there is no spread for the class to join, and the cause is
// the check's clause, not the clause of the flag's note.
TEST(Diagnosis, AClassWhoseChecksAllReportOneClauseIsLeftToThatClause) {
  FlaggedSet s;
  s.name = "init.json";
  s.category = "init";
  s.file["notes"]["DrawOrder"] = {{"bug_type", "order"}, {"clause", "INIT-1"}, {"description", "x, y, angle, speed"}};
  GradeRun run;
  for (const std::string lead : {"INIT-1", "INIT-2", "INIT-3"}) {
    s.add("init-led-by-" + lead, lead, "DrawOrder");
    run.results.push_back(result("init-led-by-" + lead, {lead}, Outcome::fail, "INIT-3"));
  }
  for (int k = 0; k < 4; ++k) {
    s.add_unflagged("other-" + std::to_string(k), {"INIT-1"});
    run.results.push_back(result("other-" + std::to_string(k), {"INIT-1"}, Outcome::pass_exact));
  }
  const Diagnosis d = diagnose(s.set, run);
  ASSERT_FALSE(d.causes.empty());
  EXPECT_EQ(d.causes.front().clause, "INIT-3");
}

// A mulberry32 that forms its output before advancing puts every bird of
// every init case elsewhere (init's check: INIT-1) and fails the PRNG's own
// cases. Birds elsewhere do not tell the draw order from the PRNG under it,
// so those failures are not pinned on INIT-1, even on a case that leads
// with another clause: the PRNG explains both kinds, and is the cause.
TEST(Diagnosis, BirdsInOtherPlacesAtInitSuspectThePrngAsMuchAsTheDrawOrder) {
  FlaggedSet s;
  s.name = "init.json";
  s.category = "init";
  GradeRun run;
  const std::vector<std::string> init_clauses = {"INIT-2", "INIT-1", "INIT-3", "PRNG-1", "PRNG-2"};
  for (int k = 0; k < 3; ++k) {
    const std::string id = "init-" + std::to_string(k);
    s.add_unflagged(id, init_clauses);
    run.results.push_back(result(id, init_clauses, Outcome::fail, "INIT-1"));
  }
  run.results.push_back(result("prng-skip-1", {"PRNG-1"}, Outcome::fail));
  run.results.push_back(result("prng-skip-2", {"PRNG-1"}, Outcome::fail));
  run.results.push_back(result("prng-next-is-out-over-2-32", {"PRNG-2"}, Outcome::pass_exact));
  const Diagnosis d = diagnose(s.set, run);
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().clause, "PRNG-1");
  EXPECT_EQ(d.causes.front().explains.size(), 5u);
}

// An engine whose step breaks on crowds: its trajectories' anchor steps come
// back refused (an internal error), which says some STEP rule went wrong,
// not the run (SESSION-1), whose own cases pass. The refusals isolate
// nothing and accuse every STEP clause; the failing separation case names
// which one.
TEST(Diagnosis, AMethodThatFailsWithinACaseAccusesItsRulesNotTheCases) {
  GradeRun run;
  for (const char* id : {"trajectory-1", "trajectory-2", "trajectory-3"}) {
    CaseResult r = result(id, {"SESSION-1", "METRIC-1", "STEP-1"}, Outcome::fail);
    for (int n = 1; n <= 8; ++n) r.suspects.push_back("STEP-" + std::to_string(n));
    run.results.push_back(r);
  }
  run.results.push_back(result("run-ok", {"SESSION-1", "METRIC-1"}, Outcome::pass_exact));
  run.results.push_back(result("metrics-ok", {"METRIC-1"}, Outcome::pass_exact));
  run.results.push_back(result("lone-bird-ok", {"STEP-1"}, Outcome::pass_exact));
  run.results.push_back(result("separation-crowd", {"STEP-5", "STEP-1"}, Outcome::fail));
  run.results.push_back(result("cohesion-ok", {"STEP-3"}, Outcome::pass_exact));
  const Diagnosis d = diagnose(kNoVectors, run);
  ASSERT_FALSE(d.causes.empty());
  EXPECT_EQ(d.causes.front().clause, "STEP-5");
  EXPECT_EQ(d.causes.front().explains.size(), 4u);
}

// A missed deadline as run_grade leaves it: failed when the engine is
// stuck on the input (stuck_on_input, against the most work the run
// answered in time), errored when it may only be slow.
CaseResult missed(const std::string& id, std::vector<std::string> clauses, std::vector<std::string> suspects,
                  double work, double largest_answered_work) {
  const bool stuck = stuck_on_input(work, largest_answered_work);
  CaseResult r = result(id, std::move(clauses), stuck ? Outcome::fail : Outcome::errored, "PROTO-3");
  r.broke = stuck;
  r.suspects = std::move(suspects);
  r.unanswered_work = work;
  return r;
}

// The rule itself: stuck when a request of as much work or more was
// answered in time; slow (not stuck) when none was, or only less.
TEST(Diagnosis, ADeadlineMissedOnNoMoreWorkThanOneAnsweredIsStuckAndOtherwiseSlow) {
  EXPECT_TRUE(stuck_on_input(0, 160000));
  EXPECT_TRUE(stuck_on_input(1000, 1000));
  EXPECT_FALSE(stuck_on_input(0, -1));        // nothing answered in time
  EXPECT_FALSE(stuck_on_input(50000, 100));   // a run of 10 birds and 500 ticks, past all work answered
}

// A prng that loops forever on any skip: the requests with a skip miss
// their deadline, while a request of as much work (prng asks none, n = 0)
// and more was answered in time. Not a slow engine, one stuck on those
// inputs: the cause is the rule they are about, as for a crash. With
// nothing answered, or only requests of less work than the one missed, the
// same deadlines stay PROTO-3's.
TEST(Diagnosis, ADeadlineMissedOnNoMoreWorkThanOneAnsweredIsStuckOnItsInput) {
  const auto run_of = [](double work, double largest) {
    GradeRun run;
    run.results = {result("prng-first-ten", {"PRNG-3", "PRNG-1", "PRNG-2"}, Outcome::pass_exact),
                   result("prng-first-1600", {"PRNG-1", "PRNG-2"}, Outcome::pass_exact),
                   missed("prng-after-100000", {"PRNG-1"}, {"PRNG-1"}, work, largest),
                   missed("prng-after-2-53", {"PRNG-1"}, {"PRNG-1"}, work, largest),
                   result("init-400-birds", {"INIT-1", "INIT-2"}, Outcome::pass_exact)};
    run.largest_answered_work = largest;
    return run;
  };
  Diagnosis d = diagnose(kNoVectors, run_of(0, 160000));
  ASSERT_EQ(d.causes.size(), 1u);
  EXPECT_EQ(d.causes.front().clause, "PRNG-1");
  EXPECT_EQ(d.causes.front().explains.size(), 2u);

  d = diagnose(kNoVectors, run_of(0, -1));  // nothing answered in time
  ASSERT_FALSE(d.causes.empty());
  EXPECT_EQ(d.causes.front().clause, "PROTO-3");

  d = diagnose(kNoVectors, run_of(50000, 100));  // a run of 10 birds and 500 ticks missed
  ASSERT_FALSE(d.causes.empty());
  EXPECT_EQ(d.causes.front().clause, "PROTO-3");
}

// A run_from that never returns (a loop whose end it steps past), asked
// for segments of no more work than requests answered in time: stuck, as
// a crash, and a crash of run_from within a case is PROTO-14's alone, not
// the trajectory's clauses the segments would have been checked against.
TEST(Diagnosis, ARunFromStuckWithinACaseIsItsOwnRuleNotTheTrajectorys) {
  for (const double largest : {5000.0, -1.0}) {  // answered in time; nothing answered: slow, not stuck
    GradeRun run;
    for (const char* id : {"trajectory-1", "trajectory-2", "trajectory-3"}) {
      // The suspect is what the runner's deadline branch leaves for a run_from.
      run.results.push_back(missed(id, {"SESSION-1", "WEIGHTS-2", "TOL-7", "METRIC-1"}, {"PROTO-14"}, 1000, largest));
    }
    run.largest_answered_work = largest;
    const Diagnosis d = diagnose(kNoVectors, run);
    ASSERT_FALSE(d.causes.empty());
    EXPECT_EQ(d.causes.front().clause, largest < 0 ? "PROTO-3" : "PROTO-14");
    if (largest >= 0) {
      EXPECT_EQ(d.causes.front().explains.size(), 3u);
    }
  }
}

}  // namespace
}  // namespace susurration::grader
