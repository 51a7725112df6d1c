// The states a trajectory case's run returns (TOL-7), checked for
// trajectory_check.cpp: one per requested tick; tick 0 in the init class;
// each later one by what the engine itself says of it (its own metrics of
// the state, its own step from the state before); and the final state's
// DET-3 hash, computed here from the state the run returned.
#include <algorithm>
#include <set>

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"
#include "reanchor.hpp"
#include "susurration/constants.hpp"
#include "susurration/protocol/forms.hpp"
#include "susurration/serialise.hpp"
#include "trajectory_parts.hpp"

namespace susurration::grader::trajectory {
namespace {

// The reference's state at `tick`, from the published anchors: an anchor's
// state, or the next_state of the anchor before it; null at a tick the case
// publishes only the hash of (its last).
const Json* published_state(const VectorCase& c, int tick) {
  for (const Json& anchor : c.json->at("expected").at("anchors")) {
    if (anchor.at("tick").get<int>() == tick) return &anchor.at("state");
  }
  for (const Json& anchor : c.json->at("expected").at("anchors")) {
    if (anchor.at("tick").get<int>() + 1 == tick) return &anchor.at("next_state");
  }
  return nullptr;
}

// DET-3 of a state the engine returned; nothing when it is not a state of
// finite numbers at all (the checks below say what is wrong with it).
std::optional<std::string> hash_of(const Json& state) {
  try {
    return hex64(state_hash(forms::finite_state(state)));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool outside_field(const Json& state) {
  for (const Json& bird : state) {
    if (bird.size() < 2 || !bird.at(0).is_number() || !bird.at(1).is_number()) return false;
    const double x = bird.at(0).get<double>(), y = bird.at(1).get<double>();
    if (!(x >= 0 && x <= kWidth && y >= 0 && y <= kHeight)) return true;
  }
  return false;
}

// The run's final state, hashed here: pass-exact needs the reference's hash,
// and a final_state_hash the engine gives must be this one, exact engine or
// not (issue 23: a non-exact engine could once report any hash at all).
void check_final_hash(const VectorCase& c, const Json& result, const Json& state, States& s) {
  const int last = c.json->at("input").at("ticks").get<int>();
  const auto own = hash_of(state);
  if (!own || *own != c.json->at("expected").at("final_state_hash").get<std::string>()) s.exact = false;
  if (!own || !result.contains("final_state_hash") || result.at("final_state_hash") == *own) return;
  Difference d;
  d.tick = last;
  d.field = "final_state_hash";
  d.path = ".final_state_hash";
  d.expected = *own;
  d.actual = result.at("final_state_hash");
  keep_earliest(s.off, {last, "final_state_hash", clause_of(Found::final_state_hash), d,
                        "; expected is the DET-3 hash of the state the run itself returned at tick " +
                            std::to_string(last)});
}

}  // namespace

// The ticks whose states the run is asked for: every anchor and the tick
// after it, so that each later state can be checked as one step of the
// engine's own from the state before it, and the last tick, whose state the
// kit hashes itself (DET-3) rather than take the engine's word for it.
// A case may name its own (a run of 0 ticks asks for none).
Json state_ticks(const VectorCase& c) {
  if (c.json->at("input").contains("state_ticks")) return c.json->at("input").at("state_ticks");
  const int last = c.json->at("input").at("ticks").get<int>();
  std::vector<int> ticks{last};
  for (const Json& anchor : c.json->at("expected").at("anchors")) {
    const int t = anchor.at("tick").get<int>();
    ticks.push_back(t);
    if (t + 1 <= last) ticks.push_back(t + 1);
  }
  std::sort(ticks.begin(), ticks.end());
  ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
  return ticks;
}

// The clause a wrong metric at the difference's tick breaks: its defining
// clause (clause_for), except mean_neighbor_distance, which two rules make.
// Where the reference's state at that tick is published it tells them
// apart as a metrics case does (mean_distance_clause: a mean that a METRIC-5
// mistake gives from the right nearest distances, else the nearest
// distances themselves, METRIC-4); elsewhere both are suspects, neither
// pinned. A METRIC-4 mutant was diagnosed METRIC-5 by 31 such segments.
std::string metric_clause(const VectorCase& c, const CaseResult& r, const Difference& d,
                          std::vector<std::string>& suspects) {
  if (d.field != "mean_neighbor_distance" || !d.tick) return clause_for(r, d.field);
  if (const Json* state = published_state(c, *d.tick)) return mean_distance_clause(*state, d.actual);
  suspects = mean_distance_suspects();
  return clause_for(r, d.field);
}

Difference shape_difference(int tick, const std::string& field, Json expected, Json actual) {
  Difference d;
  d.tick = tick;
  d.field = field;
  d.path = ".states";
  d.expected = std::move(expected);
  d.actual = std::move(actual);
  return d;
}

// `own_metrics_from`: the first tick whose state is checked against the
// engine's own metrics (every state after tick 0 unless the caller says).
States grade_states(const VectorCase& c, Session& session, const Json& wanted, const Json& result,
                    int own_metrics_from) {
  States s;
  const Json& states = result.at("states");
  const int birds = c.group->at("parameters").at("birds").get<int>();
  // One state per requested tick, in order, each of the run's birds: a
  // missing, extra or mislabelled one fails at the first tick it touches,
  // under TOL-7, the clause that says so (issue 23: once SESSION-1).
  for (std::size_t k = 0; k < std::max(states.size(), wanted.size()); ++k) {
    if (k >= states.size()) {
      const int t = wanted[k].get<int>();
      s.off = Finding{t, "states", clause_of(Found::state_labelled_with_the_wrong_tick), shape_difference(t, "states.tick", t, nullptr),
                      "; the run returned no state for tick " + std::to_string(t)};
      return s;
    }
    const int got = states[k].at("tick").get<int>();
    if (k >= wanted.size() || got != wanted[k].get<int>()) {
      const Json expected = k < wanted.size() ? wanted[k] : Json(nullptr);
      const int t = k < wanted.size() ? std::min(got, wanted[k].get<int>()) : got;
      s.off = Finding{t, "states", clause_of(Found::state_labelled_with_the_wrong_tick), shape_difference(t, "states.tick", expected, got),
                      k < wanted.size() ? "; state " + std::to_string(k) + " is not the one asked for"
                                        : "; a state the run was not asked for"};
      return s;
    }
    if (states[k].at("state").size() != static_cast<std::size_t>(birds)) {
      s.off = Finding{got, "states", clause_of(Found::state_labelled_with_the_wrong_tick),
                      shape_difference(got, "state.length", birds, states[k].at("state").size()),
                      "; the state at tick " + std::to_string(got) + " has the wrong number of birds"};
      return s;
    }
  }
  const std::set<std::string>& offered = session.ensure_started().capabilities;
  const Json parameters = c.group->at("parameters");
  const Json& metrics = result.at("metrics");
  const double relative = c.json->at("compare").at("relative").get<double>();
  const int last = c.json->at("input").at("ticks").get<int>();
  for (std::size_t k = 0; k < states.size(); ++k) {
    const int t = states[k].at("tick").get<int>();
    const Json& state = states[k].at("state");
    const Json* published = published_state(c, t);
    if (published && !compare_values({{"class", "exact"}}, *published, state).exact) s.exact = false;
    if (t == last) check_final_hash(c, result, state, s);
    if (t == 0 && published) {
      // Tick 0 is init's answer, with nothing chaotic before it.
      Comparison cmp = compare_values({{"class", "ulps"}, {"max_ulps", kInitUlps}}, Json{{"state", *published}},
                                      Json{{"state", state}});
      if (!cmp.within) {
        cmp.first_off->tick = 0;
        keep_earliest(s.off, {0, "states", init_clause(*published, state), *cmp.first_off,
                              "; the run's state at tick 0 is not the initial state"});
      }
      continue;
    }
    // A later state, deep in a chaotic run, is checked by what the engine
    // says of it: its own metrics of it are those the run reported at t ...
    if (t < own_metrics_from) {
      // not asked for (the drift evidence, below)
    } else if (offered.contains("metrics")) {
      const Response m = session.call("metrics", {{"state", state}});
      if (m.kind == Response::Kind::error) {
        // A state it refuses because a bird is outside the field is its
        // wrap that is wrong (FIELD-5), not the session.
        keep_earliest(s.off, {t, "states", outside_field(state) ? clause_of(Found::bird_outside_the_field) : clause_of(Found::state_not_continued),
                              shape_difference(t, "state", "a valid state", m.body),
                              "; the engine refuses its own state at tick " + std::to_string(t)});
        continue;
      }
      if (m.kind != Response::Kind::result) answered_without_result("metrics", "but answered a run state's metrics with", m);
      Json column = Json::object();
      for (const char* field : {"polarization", "cluster_count", "mean_neighbor_distance"}) {
        column[field] = Json::array({metrics.at(field).at(static_cast<std::size_t>(t))});
      }
      Json own = Json::object();
      for (const char* field : {"polarization", "cluster_count", "mean_neighbor_distance"}) {
        own[field] = Json::array({m.body.at(field)});
      }
      Comparison cmp = compare_trajectory(relative, 0, column, own);
      if (!cmp.within) {
        cmp.first_off->tick = t;
        keep_earliest(s.off, {t, "states", clause_of(Found::tick_bookkeeping), *cmp.first_off,
                              "; the metrics of the state the run returned at tick " + std::to_string(t) +
                                  " (actual, by the engine's own metrics) are not those the run reported "
                                  "there (expected)"});
      }
    } else if (s.unchecked.empty() || s.unchecked.back() != "metrics") {
      s.unchecked.push_back("metrics");
    }
    // ... and a state at t whose state at t - 1 was returned too is one
    // step of the engine's own from it, in the step class.
    if (k == 0 || states[k - 1].at("tick").get<int>() != t - 1) continue;
    if (!offered.contains("step")) {
      if (std::find(s.unchecked.begin(), s.unchecked.end(), "step") == s.unchecked.end()) s.unchecked.push_back("step");
      continue;
    }
    const Response next = session.call(
        "step", {{"state", states[k - 1].at("state")}, {"weights", weights_for_step(parameters, t - 1)}, {"ticks", 1}});
    if (next.kind == Response::Kind::error) {
      keep_earliest(s.off, {t - 1, "states", outside_field(states[k - 1].at("state")) ? clause_of(Found::bird_outside_the_field) : clause_of(Found::state_not_continued), shape_difference(t - 1, "state", "a valid state", next.body),
                            "; the engine refuses its own state at tick " + std::to_string(t - 1)});
      continue;
    }
    if (next.kind != Response::Kind::result) answered_without_result("step", "but answered a run state's step with", next);
    Comparison cmp = compare_values({{"class", "step"}, {"abs", kAnchorStepAbs}}, next.body, Json{{"state", state}});
    if (!cmp.within) {
      cmp.first_off->tick = t;
      std::string note = "; the run's state at tick " + std::to_string(t) + " (actual) is not one step, by the "
                         "engine's own step, from its state at tick " + std::to_string(t - 1) + " (expected)";
      // As for the metrics: next to a weight change, the change applied on
      // the wrong tick; the same state at two ticks, a state reported a
      // tick late (the bookkeeping of METRIC-1).
      std::string clause = clause_of(Found::state_not_continued);
      if (next_to_a_change(parameters, t)) {
        clause = clause_of(Found::next_to_a_weights_change);
      } else if (compare_values({{"class", "step"}, {"abs", kAnchorStepAbs}}, states[k - 1].at("state"), state).within) {
        clause = clause_of(Found::tick_bookkeeping);
        note += "; it is the state the run returned at tick " + std::to_string(t - 1);
      }
      keep_earliest(s.off, {t, "states", clause, *cmp.first_off, note});
    }
  }
  return s;
}

}  // namespace susurration::grader::trajectory
