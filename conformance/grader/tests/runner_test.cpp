// A worker thread keeps every exception inside the case it came from.
#include <gtest/gtest.h>

#include "susurration/grader/diagnosis.hpp"
#include "susurration/grader/runner.hpp"

namespace susurration::grader {
namespace {

TEST(RunGrade, AnExceptionWhileGradingACaseErrorsThatCaseAloneInEveryThread) {
  // An engine that shakes hands and lists nothing; a case the grader has no
  // request for (it throws std::logic_error) and one it skips for the
  // missing capability.
  const std::string engine =
      "import json, sys\n"
      "hello = {'protocol': 1, 'name': 'n', 'version': '1', 'language': 'Python', 'capabilities': []}\n"
      "for line in sys.stdin:\n"
      "    request = json.loads(line)\n"
      "    answer = hello if request['method'] == 'hello' else {}\n"
      "    print(json.dumps({'id': request['id'], 'result': answer}), flush=True)\n";
  GradeOptions options;
  options.argv = {"python3", "-c", engine};
  options.timeout = std::chrono::milliseconds(60000);  // generous: the engine answers everything
  const Json file = {{"notes", Json::object()}};
  const Json group = {{"parameters", {{"seed", 1}}}};
  const Json odd = {{"id", "odd-1"}, {"clauses", {"PROTO-3"}}, {"input", Json::object()}};
  const Json prng = {{"id", "prng-1"}, {"clauses", {"PRNG-1"}}, {"input", {{"skip", 0}, {"count", 1}}}};
  VectorSet set;
  set.cases = {VectorCase{"odd.json", "nonsense", &file, &group, &odd},
               VectorCase{"prng.json", "prng", &file, &group, &prng}};
  for (const int jobs : {1, 2}) {
    options.jobs = jobs;
    const GradeRun run = run_grade(set, {0, 1}, options);
    ASSERT_EQ(run.results.size(), 2u);
    EXPECT_EQ(run.results[0].outcome, Outcome::errored);
    EXPECT_NE(run.results[0].message.find("could not grade this case: no request for category nonsense"),
              std::string::npos)
        << run.results[0].message;
    EXPECT_EQ(run.results[1].outcome, Outcome::skipped) << run.results[1].message;
  }
}

// An engine whose reader is broken answers hello without its id: its
// handshake fails on the first start and on the retry, so it did not start
// (issue 52: one message, not an error per case). No case is asked: each is
// skipped saying so, and nothing is left for the diagnosis to blame.
TEST(RunGrade, AnEngineThatFailsTheHandshakeTwiceDidNotStartAndNoCaseIsAsked) {
  const std::string engine =
      "import json, sys\n"
      "for line in sys.stdin:\n"
      "    print(json.dumps({'id': None, 'error': {'code': 'invalid-request', 'field': None, 'message': 'x'}}),"
      " flush=True)\n";
  GradeOptions options;
  options.argv = {"python3", "-c", engine};
  options.timeout = std::chrono::milliseconds(60000);
  const Json file = {{"notes", Json::object()}};
  const Json group = {{"parameters", {{"seed", 1}}}};
  std::vector<Json> cases;
  for (int k = 0; k < 4; ++k) {
    cases.push_back({{"id", "prng-" + std::to_string(k)}, {"clauses", {"PRNG-1", "INPUT-9"}},
                     {"input", {{"skip", 0}, {"count", 1}}}});
  }
  VectorSet set;
  for (const Json& c : cases) set.cases.push_back(VectorCase{"prng.json", "prng", &file, &group, &c});
  for (const int jobs : {1, 2}) {
    options.jobs = jobs;
    const GradeRun run = run_grade(set, {0, 1, 2, 3}, options);
    EXPECT_NE(run.not_started.find("did not start"), std::string::npos) << run.not_started;
    EXPECT_NE(run.not_started.find("python3"), std::string::npos) << run.not_started;
    ASSERT_EQ(run.results.size(), 4u);
    for (const CaseResult& r : run.results) {
      EXPECT_EQ(r.outcome, Outcome::skipped) << r.id;
      EXPECT_NE(r.message.find("did not start"), std::string::npos) << r.id << ": " << r.message;
    }
    EXPECT_EQ(verdict_of(run).level, Level::no_verdict);
    EXPECT_TRUE(diagnose(set, run).causes.empty());
  }
}

// `fuzz --seconds` is a bound because the runner starts no case at or after
// the time it is given: the cases left are skipped, each saying why, and no
// engine is started for them.
TEST(RunGrade, NoCaseStartsAtOrAfterTheTimeGivenAndTheRestAreSkippedSayingSo) {
  GradeOptions options;
  options.argv = {"python3", "-c", "import sys\nraise SystemExit('started although the time had run out')"};
  options.start_none_after = std::chrono::steady_clock::now();
  const Json file = {{"notes", Json::object()}};
  const Json group = {{"parameters", {{"seed", 1}}}};
  const Json prng = {{"id", "prng-1"}, {"clauses", {"PRNG-1"}}, {"input", {{"skip", 0}, {"count", 1}}}};
  VectorSet set;
  set.cases = {VectorCase{"prng.json", "prng", &file, &group, &prng},
               VectorCase{"prng.json", "prng", &file, &group, &prng}};
  for (const int jobs : {1, 2}) {
    options.jobs = jobs;
    const GradeRun run = run_grade(set, {0, 1}, options);
    EXPECT_FALSE(run.engine) << "an engine was started";
    for (const CaseResult& r : run.results) {
      EXPECT_EQ(r.outcome, Outcome::skipped);
      EXPECT_EQ(r.message, "not run: the time given ran out");
    }
  }
}

// --budget and start_none_after are one deadline: the earlier decides when
// no case starts and what the cases left are (errored under PROTO-3 naming
// the budget, or skipped). A budget of 1 ms has passed before any case
// starts, since the engine's handshake alone takes longer.
TEST(RunGrade, TheEarlierOfTheBudgetAndTheTimeGivenDecidesWhatTheCasesLeftAre) {
  const std::string engine =
      "import json, sys\n"
      "hello = {'protocol': 1, 'name': 'n', 'version': '1', 'language': 'Python', 'capabilities': ['prng']}\n"
      "for line in sys.stdin:\n"
      "    request = json.loads(line)\n"
      "    print(json.dumps({'id': request['id'], 'result': hello}), flush=True)\n";
  GradeOptions options;
  options.argv = {"python3", "-c", engine};
  options.timeout = std::chrono::milliseconds(60000);
  const Json file = {{"notes", Json::object()}};
  const Json group = {{"parameters", {{"seed", 1}}}};
  const Json prng = {{"id", "prng-1"}, {"clauses", {"PRNG-1"}}, {"input", {{"skip", 0}, {"count", 1}}}};
  VectorSet set;
  set.cases = {VectorCase{"prng.json", "prng", &file, &group, &prng},
               VectorCase{"prng.json", "prng", &file, &group, &prng}};
  const auto hour_from_now = std::chrono::steady_clock::now() + std::chrono::hours(1);
  options.budget = std::chrono::milliseconds(1);
  options.start_none_after = hour_from_now;
  for (const int jobs : {1, 2}) {
    options.jobs = jobs;
    for (const CaseResult& r : run_grade(set, {0, 1}, options).results) {
      EXPECT_EQ(r.outcome, Outcome::errored) << r.message;
      EXPECT_EQ(r.clause, "PROTO-3");
      EXPECT_EQ(r.message, "not run: the grade's budget of 0.001 s (--budget) ran out before this case started");
    }
  }
  options.budget = std::chrono::hours(1);
  options.start_none_after = std::chrono::steady_clock::now();
  for (const int jobs : {1, 2}) {
    options.jobs = jobs;
    for (const CaseResult& r : run_grade(set, {0, 1}, options).results) {
      EXPECT_EQ(r.outcome, Outcome::skipped) << r.message;
      EXPECT_EQ(r.message, "not run: the time given ran out");
    }
  }
}

}  // namespace
}  // namespace susurration::grader
