// Pieces of the trajectory check shared by trajectory_check.cpp (the run,
// the anchors, drift, run_from and verify) and trajectory_states.cpp (the
// states the run returns, TOL-7); internal to the grader.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "susurration/grader/checks.hpp"
#include "susurration/grader/session.hpp"

namespace susurration::grader::trajectory {

inline constexpr double kAnchorStepAbs = 1e-9;  // the step class (spec/tolerance.md TOL-4)
inline constexpr int kInitUlps = 2;             // the init class (vectors/init.json, TOL-7)

// One failure found by one of the checks, to be ordered by tick.
struct Finding {
  int tick;
  std::string check;
  std::string clause;
  Difference difference;
  std::string note;  // appended to the message
  std::vector<std::string> suspects = {};  // CaseResult::suspects
};

inline void keep_earliest(std::optional<Finding>& kept, Finding f) {
  if (!kept || f.tick < kept->tick) kept = std::move(f);
}

// A failure just after a logged change is the change applied on the wrong
// tick more often than anything else.
inline bool next_to_a_change(const Json& parameters, int tick) {
  for (const Json& change : parameters.at("schedule")) {
    const int t = change.at("tick").get<int>();
    if (tick == t || tick == t + 1) return true;
  }
  return false;
}

// What the states of a run showed (trajectory_states.cpp).
struct States {
  bool exact = true;
  std::optional<Finding> off;
  std::vector<std::string> unchecked;  // consistency checks the engine's capabilities did not allow
};

// The ticks whose states a case's run asks for.
Json state_ticks(const VectorCase& c);

// The clause a wrong metric at the difference's tick breaks, and its
// suspects when the published states cannot pin one.
std::string metric_clause(const VectorCase& c, const CaseResult& r, const Difference& d,
                          std::vector<std::string>& suspects);

// A difference in the shape of the run's states at `tick`.
Difference shape_difference(int tick, const std::string& field, Json expected, Json actual);

// The run's states (result.states, asked for at `wanted`) checked: tick 0
// in the init class, later ones by the engine's own metrics (from tick
// `own_metrics_from`) and step, the final state by its DET-3 hash.
States grade_states(const VectorCase& c, Session& session, const Json& wanted, const Json& result,
                    int own_metrics_from = 1);

}  // namespace susurration::grader::trajectory
