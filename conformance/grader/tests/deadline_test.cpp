// The deadline of a request (spec/grading.md, Deadlines), against the
// worked example's numbers, computed there by hand.
#include <gtest/gtest.h>

#include "susurration/grader/session.hpp"

namespace susurration::grader {
namespace {

using std::chrono::milliseconds;

const milliseconds kBase{10000};

Json run_params(int birds, int ticks) {
  return {{"seed", 42}, {"birds", birds}, {"weights", {1.0, 1.0, 1.0}}, {"schedule", Json::array()},
          {"ticks", ticks}, {"state_ticks", Json::array()}};
}

Json state_of(int birds) {
  Json state = Json::array();
  for (int i = 0; i < birds; ++i) state.push_back({2.0 * i, 300.0, 2.0, 0.0});
  return state;
}

TEST(Deadline, LargestRunGetsTwentyOneTimesTheBase) {
  // 400 * 400 * 250 = 40,000,000 pair-ticks: 1 + 40e6 / 2e6 = 21.
  EXPECT_EQ(request_deadline(kBase, "run", run_params(400, 250)), milliseconds(210000));
  // 120 * 120 * 500 = 7,200,000: 1 + 3.6 = 4.6.
  EXPECT_EQ(request_deadline(kBase, "run", run_params(120, 500)), milliseconds(46000));
}

TEST(Deadline, StepScalesByBirdsSquaredTimesTicks) {
  const Json one = {{"state", state_of(400)}, {"weights", {1.0, 1.0, 1.0}}, {"ticks", 1}};
  EXPECT_EQ(request_deadline(kBase, "step", one), milliseconds(10800));  // 1 + 160,000 / 2e6
  const Json ten = {{"state", state_of(100)}, {"weights", {1.0, 1.0, 1.0}}, {"ticks", 10}};
  EXPECT_EQ(request_deadline(kBase, "step", ten), milliseconds(10500));  // 1 + 100,000 / 2e6
  EXPECT_EQ(request_deadline(kBase, "metrics", {{"state", state_of(400)}}), milliseconds(10800));
}

TEST(Deadline, RequestThatBreaksItsSchemaGetsTheBase) {
  // An engine must refuse it before it works (invalid.json).
  Json bad = run_params(400, 250);
  bad["weights"] = {1.5, 1.0, 1.0};
  EXPECT_EQ(request_deadline(kBase, "run", bad), kBase);
  EXPECT_EQ(request_deadline(kBase, "run", run_params(400, 20001)), kBase);
}

TEST(Deadline, RequestsWithoutBirdsGetTheBase) {
  EXPECT_EQ(request_deadline(kBase, "prng", {{"seed", 1}, {"skip", 0}, {"count", 1600}}), kBase);
  EXPECT_EQ(request_deadline(kBase, "round", {{"value", 2.675}, {"places", 2}}), kBase);
}

TEST(Deadline, TheBaseScalesEveryDeadline) {
  EXPECT_EQ(request_deadline(milliseconds(30000), "run", run_params(400, 250)), milliseconds(630000));
}

}  // namespace
}  // namespace susurration::grader
