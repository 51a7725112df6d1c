// limits.json: the most work one request may ask (spec/must-accept.md,
// ACCEPT-71 and ACCEPT-72), outside a plain grade's selection and asked by
// `grade --limits` (spec/grading.md, "The limits set"). Two cases, each in
// the shape of the file whose rules grade it, so that the grader needs no
// other check and the schema reuses theirs (schemas/limits.schema.json):
// - a step of 400 birds for 1000 ticks (SESSION-2, INPUT-4), a step.json
//   case: far past the chaos horizon, so only an exact engine matches it in
//   the step class; the grader checks the rest of what a correct engine's
//   answer must be (checks.cpp, grade_limits_step);
// - the same step with every rule off, whose answer every correct engine
//   gives to the bit, so that capping the ticks is caught;
// - a run of 400 birds for 20000 ticks (INPUT-6), a trajectories.json case,
//   graded as every run is (TOL-2, TOL-6..8): the window in the tolerance,
//   re-anchored after a departure, the states it returns its own.
// Both come from the plain reference (issue 54): step() for the step, and
// the trajectory builder's CheckedRun for the run.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <chrono>
#include <future>
#include <set>

#include "files.hpp"
#include "susurration/constants.hpp"
#include "susurration/init.hpp"
#include "susurration/step.hpp"

namespace susurration::generator {
namespace {

constexpr int kBirds = 400;        // INPUT-2
constexpr int kMostStepTicks = 1000;  // INPUT-4
constexpr int kMostRunTicks = 20000;  // INPUT-6
constexpr std::uint32_t kStepSeed = 7;
constexpr std::uint32_t kRunSeed = 6;  // trajectories.json's 400-bird 1,1,1 seed

const Weights kDefaults{1, 1, 1};
const Weights kRulesOff{0, 0, 0};

void lead_with(Case& c, const std::string& clause) {
  std::vector<std::string>& clauses = c.clauses;
  std::erase(clauses, clause);
  clauses.insert(clauses.begin(), clause);
}

}  // namespace

Case limits_step_case() {
  const State start = initialise(kStepSeed, kBirds);
  State s = start;
  for (int t = 0; t < kMostStepTicks; ++t) s = step(s, kDefaults);
  return {"step-400-birds-for-1000-ticks-the-most-work-one-step-may-ask",
          "The initial state of seed 7 and 400 birds, stepped 1000 ticks in one request with the default weights.",
          {"SESSION-2", "INPUT-4", "INPUT-9", "STEP-7", "FIELD-5"},
          {"MostWorkStep", "PastChaosHorizon"},
          compare_step(),
          {{"state", state_json(start)}, {"ticks", kMostStepTicks}},
          {{"state", state_json(s)}}};
}

// The same step with every rule off (WEIGHTS-1): each bird flies straight
// at its own velocity, so the answer is a sum and a wrap per tick, which
// every correct engine computes to the bit, 1000 ticks on as at one. This
// is the case that catches an engine which caps its ticks or stops early:
// past the chaos horizon, the default-weights case above cannot.
Case limits_step_rules_off_case() {
  const State start = initialise(kStepSeed, kBirds);
  // A speed within rounding of a clamp limit would let a faithful hypot
  // clamp a bird the reference leaves alone: not a fair question.
  for (const Bird& b : start) {
    const double speed = std::hypot(b.vx, b.vy);
    if (std::abs(speed - kMinSpeed) < 1e-9 || std::abs(speed - kMaxSpeed) < 1e-9) {
      throw std::runtime_error("limits.json: a bird of seed 7 flies at a clamp limit; choose another seed");
    }
  }
  State s = start;
  for (int t = 0; t < kMostStepTicks; ++t) s = step(s, kRulesOff);
  return {"step-400-birds-for-1000-ticks-every-rule-off-answered-to-the-bit",
          "The initial state of seed 7 and 400 birds, stepped 1000 ticks in one request with every weight 0: "
          "each bird flies straight, so a correct engine's answer is the reference's to the bit.",
          {"SESSION-2", "INPUT-4", "WEIGHTS-1", "STEP-8", "FIELD-5"},
          {"MostWorkStep"},
          compare_step(),
          {{"state", state_json(start)}, {"ticks", kMostStepTicks}},
          {{"state", state_json(s)}}};
}

Case limits_run_case() {
  Case c = trajectory_case("trajectory-n400-w1-1-1-seed-6-20000-ticks-the-most-work-one-run-may-ask",
                           "Seed 6, 400 birds, the default weights, for 20000 ticks.",
                           RunSpec{kRunSeed, kBirds, kDefaults, {}}, kMostRunTicks, {0, 50, 100, 150, 200},
                           {"MostWorkRun", "Trajectory", "LargeFlock"}, {});
  lead_with(c, "INPUT-6");
  return c;
}

VectorFile limits_vectors() {
  VectorFile f{"limits",
               {"The most work one request may ask (spec/must-accept.md ACCEPT-71, ACCEPT-72): a step of 400 birds "
                "for 1000 ticks (with the default weights, and with every rule off so that the answer is exact for "
                "every correct engine) and a run of 400 birds for 20000 ticks.",
                "Not in a plain grade's selection: `susurration grade --limits` asks them, with deadlines that "
                "scale with n * n * t (spec/grading.md, Deadlines).",
                "Each group is graded as the file its shape is: a step group as step.json's (past the chaos "
                "horizon only an exact engine is within the step class, and a correct one is checked for the "
                "answer's shape, field and speeds), a run group as trajectories.json's (TOL-2, TOL-6 to TOL-8)."},
               {},
               {}};
  auto step = std::async(std::launch::async, limits_step_case);
  auto run = std::async(std::launch::async, limits_run_case);
  f.groups.push_back({"A step of the most birds for the most ticks.", {{"weights", weights_json(kDefaults)}}, {step.get()}});
  f.groups.push_back({"A step of the most birds for the most ticks with every rule off: answered to the bit.",
                      {{"weights", weights_json(kRulesOff)}},
                      {limits_step_rules_off_case()}});
  f.groups.push_back({"A run of the most birds for the most ticks.",
                      {{"birds", kBirds}, {"weights", weights_json(kDefaults)}, {"schedule", Json::array()}},
                      {run.get()}});
  std::set<std::string> used;
  for (const Group& g : f.groups) {
    for (const Case& c : g.cases) used.insert(c.flags.begin(), c.flags.end());
  }
  std::map<std::string, Note> notes = trajectory_notes();
  notes["MostWorkStep"] = {"limits", "The most work one step request may ask (SESSION-2): 400 birds for 1000 ticks. "
                                     "An engine that refuses it, runs out of time or memory, or answers a state of "
                                     "another size, outside the field or at another speed fails here; one that caps "
                                     "its ticks fails the case with every rule off, whose answer is exact."};
  notes["PastChaosHorizon"] = {"limits", "Answered far past the chaos horizon, where TOL-4's step class (a class for "
                                         "one step) holds only for an exact engine: outside it, a correct engine's "
                                         "answer is held to the input's birds, each in the field at a speed within "
                                         "STEP-7's clamp (spec/grading.md, The limits set)."};
  notes["MostWorkRun"] = {"limits", "The most work one run may ask (INPUT-6): 400 birds for 20000 ticks. An engine "
                                    "that refuses it, caps its ticks, runs out of time or memory, or answers another "
                                    "number of metric rows or states fails here."};
  for (const auto& [flag, note] : notes) {
    if (used.contains(flag)) f.notes[flag] = note;
  }
  return f;
}

}  // namespace susurration::generator
