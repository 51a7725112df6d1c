// A trajectory case (PROTOCOL.md, "How the kit grades the answers"):
// 1. one run, its metric columns in the trajectory class over ticks 0..200;
// 2. one step from each anchor's state, in the step class: a wrong rule or
//    constant shows here whatever the chaos does to the metrics;
// 3. the states at the anchor ticks and final_state_hash, exactly: they only
//    decide pass-exact.
// A metric off at or after 90% of the chaos horizon of a NearChaosHorizon
// case whose anchors all pass is drift, not a bug (TOL-5).
#include <algorithm>

#include "check_parts.hpp"
#include "susurration/grader/engine_text.hpp"
#include "susurration/forms.hpp"
#include "susurration/simulation.hpp"

namespace susurration::grader {
namespace {

constexpr double kAnchorStepAbs = 1e-9;  // the step class (spec/tolerance.md TOL-4)

// TOL-5: the horizon is an eight-copy estimate and real engines scatter
// around it, so the drift zone starts a little before it.
int drift_from(int horizon) { return horizon * 9 / 10; }

// The weights in force for the step from `tick` (WEIGHTS-3), by the
// reference's own rule, read from the group's parameters.
Json weights_for_step(const Json& parameters, int tick) {
  const Weights w = weights_at(forms::weights(parameters.at("weights")),
                               forms::schedule(parameters.at("schedule")), tick);
  return Json::array({w.cohesion, w.alignment, w.separation});
}

// A failure just after a logged change is the change applied on the wrong
// tick more often than anything else.
bool next_to_a_change(const Json& parameters, int tick) {
  for (const Json& change : parameters.at("schedule")) {
    const int t = change.at("tick").get<int>();
    if (tick == t || tick == t + 1) return true;
  }
  return false;
}

bool has_flag(const VectorCase& c, const std::string& flag) {
  const Json& flags = c.json->at("flags");
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

// Columns of the wrong length cannot be compared tick by tick.
std::optional<std::string> column_problem(const Json& expected, const Json& actual) {
  for (const char* field : {"polarization", "cluster_count", "mean_neighbor_distance"}) {
    if (actual.at(field).size() != expected.at(field).size()) {
      return std::string("metrics.") + field + " has " + std::to_string(actual.at(field).size()) +
             " ticks, expected " + std::to_string(expected.at(field).size());
    }
  }
  return std::nullopt;
}

// The metrics of tick t - 1 or t + 1 reported at tick t: the metrics taken
// before the step instead of after it, or the other way round (METRIC-1).
bool off_by_one_tick(const Json& expected, const Json& actual, int tick, double relative) {
  const int last = static_cast<int>(expected.at("polarization").size()) - 1;
  for (const int other : {tick - 1, tick + 1}) {
    if (other >= 0 && other <= last &&
        tick_agrees(expected, static_cast<std::size_t>(other), actual, static_cast<std::size_t>(tick), relative)) {
      return true;
    }
  }
  return false;
}

struct Anchors {
  bool checked = false;
  bool exact = true;
  std::optional<Difference> first_off;
  std::optional<Difference> first_inexact;
  int off_tick = 0;
};

Anchors step_from_anchors(const VectorCase& c, Session& session) {
  Anchors a;
  if (!session.ensure_started().capabilities.contains("step")) return a;
  a.checked = true;
  const Json compare = {{"class", "step"}, {"abs", kAnchorStepAbs}};
  for (const Json& anchor : c.json->at("expected").at("anchors")) {
    const int tick = anchor.at("tick").get<int>();
    const Response r = session.call(
        "step", {{"state", anchor.at("state")},
                 {"weights", weights_for_step(c.group->at("parameters"), tick)},
                 {"ticks", 1}});
    if (r.kind != Response::Kind::result) {
      throw EngineBroke("listed step but answered an anchor's step with " +
                            std::string(r.kind == Response::Kind::error ? "an error" : "unsupported"),
                        quote(r.body.dump()));
    }
    Comparison cmp = compare_values(compare, Json{{"state", anchor.at("next_state")}}, r.body);
    for (auto* d : {&cmp.first_off, &cmp.first_inexact}) {
      if (*d) (*d)->tick = tick + 1;
    }
    if (!cmp.exact && a.exact) {
      a.exact = false;
      a.first_inexact = cmp.first_inexact;
    }
    if (!cmp.within) {
      a.first_off = cmp.first_off;
      a.off_tick = tick;
      break;
    }
  }
  return a;
}

// The states the run reported at the anchor ticks, and its final hash, are
// only compared for exactness.
bool run_states_exact(const Json& expected, const Json& result) {
  const Json& anchors = expected.at("anchors");
  const Json& states = result.at("states");
  if (states.size() != anchors.size()) return false;
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    if (states[k].at("tick") != anchors[k].at("tick")) return false;
    if (!compare_values({{"class", "exact"}}, anchors[k].at("state"), states[k].at("state")).exact) {
      return false;
    }
  }
  return !result.contains("final_state_hash") ||
         result.at("final_state_hash") == expected.at("final_state_hash");
}

}  // namespace

CaseResult grade_trajectory(const VectorCase& c, Session& session) {
  CaseResult r = start_result(c);
  const Json& in = c.json->at("input");
  const Json& parameters = c.group->at("parameters");
  const Json& expected = c.json->at("expected");
  const Json& compare = c.json->at("compare");
  const Response run = session.call(
      "run", {{"seed", in.at("seed")}, {"birds", parameters.at("birds")},
              {"weights", parameters.at("weights")}, {"schedule", parameters.at("schedule")},
              {"ticks", in.at("ticks")}, {"state_ticks", in.at("anchor_ticks")}});
  if (judge_non_result(r, run, "run")) return r;
  if (const auto problem = column_problem(expected.at("metrics"), run.body.at("metrics"))) {
    r.outcome = Outcome::fail;
    r.check = "metrics";
    r.clause = "SESSION-1";
    r.message = *problem;
    return r;
  }
  const Comparison metrics = compare_trajectory(compare.at("relative").get<double>(),
                                                compare.at("window").get<int>(),
                                                expected.at("metrics"), run.body.at("metrics"));
  const Anchors anchors = step_from_anchors(c, session);

  // The earlier of the two failures is the one to report: an anchor at tick
  // T is about the state at T + 1.
  const bool anchor_first =
      anchors.first_off && (!metrics.first_off || anchors.off_tick + 1 <= *metrics.first_off->tick);
  if (anchor_first) {
    judge(r, Comparison{false, false, anchors.first_off, anchors.first_inexact},
          "step from anchor tick " + std::to_string(anchors.off_tick));
    r.clause = "STEP-1";
  } else if (metrics.first_off) {
    const int tick = *metrics.first_off->tick;
    const Json& horizon = c.json->at("chaos_horizon").at("first_tick");
    r.drift = has_flag(c, "NearChaosHorizon") && !horizon.is_null() &&
              tick >= drift_from(horizon.get<int>()) && !anchors.first_off;
    judge(r, metrics, "metrics");
    if (r.drift) {
      r.outcome = Outcome::pass_tolerant;
      r.message = "drift at tick " + std::to_string(tick) + ", within 10% of the chaos horizon " +
                  horizon.dump() + " or after it (TOL-5): " + describe(*metrics.first_off);
    } else if (next_to_a_change(parameters, tick)) {
      r.clause = "WEIGHTS-3";
    } else if (off_by_one_tick(expected.at("metrics"), run.body.at("metrics"), tick,
                               compare.at("relative").get<double>())) {
      r.clause = "METRIC-1";
      r.message += "; these are the metrics of the tick before or after";
    }
  } else {
    const bool exact = metrics.exact && anchors.exact && run_states_exact(expected, run.body);
    Comparison all{exact, true, std::nullopt, metrics.first_inexact ? metrics.first_inexact : anchors.first_inexact};
    judge(r, all, "trajectory");
    if (!exact && !all.first_inexact) {
      r.message = "trajectory: every metric and anchor step has the reference's bits; the states "
                  "at the anchor ticks or the final hash do not";
    }
  }
  if (!anchors.checked) r.message += (r.message.empty() ? "" : "; ") + std::string("anchor steps skipped: no step capability");
  if (r.outcome == Outcome::fail || r.outcome == Outcome::pass_tolerant) r.hint = hint_for(c, r.drift);
  return r;
}

}  // namespace susurration::grader
