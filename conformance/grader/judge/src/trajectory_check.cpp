// A trajectory case (grading.md, "How the kit grades the answers"):
// 1. one run, its metric columns in the trajectory class over ticks 0..200;
//    when they leave it, the engine is re-anchored (reanchor.cpp): drift
//    when every re-anchored segment agrees, a failure in the first that
//    does not (TOL-6);
// 2. one step from each anchor's state, in the step class: a wrong rule or
//    constant shows here whatever the chaos does to the metrics;
// 3. the states the run returns (TOL-7, trajectory_states.cpp): one per
//    requested tick; tick 0 in the init class; each later one by what the
//    engine itself says of it;
// 4. the final state's DET-3 hash, computed here from the state the run
//    returned at its last tick: an engine's final_state_hash must be that
//    hash (every engine, exact or not), and pass-exact needs the states and
//    that hash to be the reference's.
// 5. where the engine lists run_from, one run_from from each anchor over
//    its segment, in the trajectory class, whether or not the run departs
//    (PROTO-14);
//    and each run_from the case gives its own state for (expected.segments:
//    a lone bird, a segment ending past tick 20000), in the same class;
// 6. where the engine lists verify, verify at each of the case's
//    verify_ticks: the metrics its own run reported there (PROTO-15).
// The failure reported is the earliest of those found, by tick.
#include <algorithm>
#include <limits>
#include <set>

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"
#include "trajectory_parts.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "reanchor.hpp"
#include "susurration/constants.hpp"
#include "susurration/protocol/forms.hpp"
#include "susurration/serialise.hpp"

namespace susurration::grader {
namespace {

using namespace trajectory;

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
  std::optional<Difference> first_inexact;
  std::optional<Difference> worst_inexact;
  std::optional<Finding> off;
};

Anchors step_from_anchors(const VectorCase& c, Session& session) {
  Anchors a;
  if (!session.ensure_started().capabilities.contains("step")) return a;
  a.checked = true;
  const Json compare = {{"class", "step"}, {"abs", kAnchorStepAbs}};
  for (const Json& anchor : c.json->at("expected").at("anchors")) {
    const int tick = anchor.at("tick").get<int>();
    const Json weights = weights_for_step(c.group->at("parameters"), tick);
    const Response r = session.call("step", {{"state", anchor.at("state")}, {"weights", weights}, {"ticks", 1}});
    if (r.kind != Response::Kind::result) answered_without_result("step", "but answered an anchor's step with", r);
    Comparison cmp = compare_values(compare, Json{{"state", anchor.at("next_state")}}, r.body);
    for (auto* d : {&cmp.first_off, &cmp.first_inexact, &cmp.worst_inexact}) {
      if (*d) (*d)->tick = tick + 1;
    }
    keep_worst(a.worst_inexact, cmp.worst_inexact);
    if (!cmp.exact && a.exact) {
      a.exact = false;
      a.first_inexact = cmp.first_inexact;
    }
    if (!cmp.within) {
      // The one-step difference names the rule: the term, the clamp or the
      // move it lies along, else the step as a whole (STEP-1).
      std::string why;
      const std::string clause =
          r.body.contains("state") ? anchor_step_clause(anchor, weights, r.body.at("state"), why)
                                   : clause_of(Found::step_as_a_whole);
      a.off = Finding{tick + 1, "step from anchor tick " + std::to_string(tick), clause, *cmp.first_off,
                      why.empty() ? "" : "; " + why};
      break;
    }
  }
  return a;
}

// --- the evidence for drift (TOL-8) ----------------------------------------------

constexpr int kMostStates = 100;  // state_ticks per run request (PROTOCOL.md, methods table)

struct Chain {
  bool shown = false;  // every state 0..t checked against the engine's own step and metrics
  std::optional<Finding> off;
};

// Before a departure at `departure` is drift, the run must be the engine's
// own chain up to it: asked again for every state 0..departure (in requests
// of at most 100 states, each overlapping the last by one tick), the same
// run gives the same metrics, and each state is, by TOL-7's two checks, the
// engine's own step from the one before with the engine's own metrics. A run
// that goes wrong between the anchors (issue 23: run-only bugs the anchors
// never saw passed as drift) shows here at the tick it goes wrong.
Chain own_chain(const VectorCase& c, Session& session, const Json& first, int departure) {
  Chain chain;
  const std::set<std::string>& offered = session.ensure_started().capabilities;
  if (!offered.contains("step") || !offered.contains("metrics")) return chain;
  const Json& in = c.json->at("input");
  const Json& parameters = c.group->at("parameters");
  Json last_state;  // the previous request's state at `from`, the tick the two share
  for (int from = 0; from < departure || from == 0;) {
    const int to = std::min(departure, from + kMostStates - 1);
    Json wanted = Json::array();
    for (int t = from; t <= to; ++t) wanted.push_back(t);
    // The run again, to the chunk's last tick only: its metrics are the
    // first run's up to there.
    const Response again = session.call(
        "run", {{"seed", in.at("seed")}, {"birds", parameters.at("birds")},
                {"weights", parameters.at("weights")}, {"schedule", parameters.at("schedule")},
                {"ticks", to}, {"state_ticks", wanted}});
    if (again.kind != Response::Kind::result) answered_without_result("run", "but answered the same run again with", again);
    // An engine keeps nothing between requests that changes an answer
    // (PROTO-9, rule 6): asked again, the same run reports the same metrics.
    Json prefix = Json::object();
    for (const auto& [field, column] : first.at("metrics").items()) {
      prefix[field] = Json(column.begin(), column.begin() + to + 1);
    }
    const Comparison same = compare_values({{"class", "exact"}}, prefix, again.body.at("metrics"));
    if (!same.exact) {
      Difference d = *same.first_inexact;
      chain.off = Finding{from, "drift evidence", clause_of(Found::answers_drift), d,
                          "; the same run, asked again for its states " + std::to_string(from) + ".." +
                              std::to_string(to) + ", reports other metrics (expected: the first answer)"};
      return chain;
    }
    // Every state one step on from the one before; the engine's own metrics
    // only at the departure: before it the run's metrics are within the
    // tolerance, so they need no explaining (and a metrics request of 400
    // birds costs several steps).
    Json result = again.body;
    result["metrics"] = first.at("metrics");
    States s = grade_states(c, session, wanted, result, departure);
    if (s.off) {
      s.off->check = "drift evidence";
      s.off->note += "; asked for every state up to the departure at tick " + std::to_string(departure) +
                     " to show that the run is the engine's own (TOL-8)";
      chain.off = s.off;
      return chain;
    }
    const Json& states = again.body.at("states");
    if (!last_state.is_null() && !compare_values({{"class", "exact"}}, last_state, states.front().at("state")).exact) {
      chain.off = Finding{from, "drift evidence", clause_of(Found::answers_drift),
                          shape_difference(from, "state", last_state, states.front().at("state")),
                          "; the same run, asked again, returns another state at tick " + std::to_string(from)};
      return chain;
    }
    if (to == departure) break;
    last_state = states.back().at("state");
    from = to;
  }
  chain.shown = true;
  return chain;
}

// --- run_from from every anchor (PROTO-14) ---------------------------------------

// run_from is asked from every anchor, not only to re-anchor a departure:
// asked only then, a run_from that is wrong while run and step are right
// (its schedule replayed a tick late, or not at all; issue 22's Stryker
// survivors) is never asked of an engine whose run stays within the
// tolerance. TOL-6's measurement is what makes this fair: from the same bits,
// a correct engine agrees with the reference over every segment.
std::optional<Finding> run_from_from_anchors(const VectorCase& c, Session& session, const CaseResult& r,
                                             const Comparison& metrics) {
  if (!session.ensure_started().capabilities.contains("run_from")) return std::nullopt;
  const Reanchored all = reanchor(c, session, std::numeric_limits<int>::max());
  if (!all.off) return std::nullopt;
  const int at = *all.first_off->tick;
  const std::string segment = describe(std::vector<Segment>{*all.off});
  const bool near_change = next_to_a_change(c.group->at("parameters"), at);
  if (metrics.first_off && *metrics.first_off->tick <= at) {
    // The run itself departed by then: this is a re-anchored segment that
    // departs, as TOL-6 would have found it.
    return Finding{at, "re-anchored segment " + segment,
                   near_change ? clause_of(Found::next_to_a_weights_change) : clause_for(r, all.first_off->field), *all.first_off,
                   "; started again from the reference's state at tick " + std::to_string(all.off->from) +
                       " (run_from), the engine departs within the segment"};
  }
  // The run agrees up to here: what differs is run_from's own.
  return Finding{at, "run_from segment " + segment, clause_of(Found::run_from_answer), *all.first_off,
                 "; the engine's run agrees with the reference up to this tick, its run_from from the "
                 "reference's state at tick " + std::to_string(all.off->from) + " does not" +
                     (near_change ? ", next to a weight change (WEIGHTS-3)" : "")};
}

// run_from from the states a case gives (expected.segments), which no
// anchor of a run from a seed can be: one bird, a segment ending past tick
// 20000 (PROTO-14; spec/must-accept.md). From the reference's own bits a
// correct engine agrees, as over an anchor's segment (TOL-6).
std::optional<Finding> run_from_given_states(const VectorCase& c, Session& session) {
  const Json& e = c.json->at("expected");
  if (!e.contains("segments") || !session.ensure_started().capabilities.contains("run_from")) return std::nullopt;
  const double relative = c.json->at("compare").at("relative").get<double>();
  for (const Json& s : e.at("segments")) {
    const int from = s.at("from_tick").get<int>(), ticks = s.at("ticks").get<int>();
    const Json got = run_from_metrics(c, session, s.at("state"), from, ticks, "a segment from a given state");
    const std::string segment = "run_from segment " + std::to_string(from) + ".." + std::to_string(from + ticks) +
                                " from a given state of " + std::to_string(s.at("state").size()) + " bird(s)";
    if (const auto problem = column_problem(s.at("metrics"), got)) {
      return Finding{from, segment, clause_of(Found::run_from_answer),
                     shape_difference(from, "metrics.length", s.at("metrics").at("polarization").size(),
                                      got.at("polarization").size()),
                     "; " + *problem};
    }
    Comparison cmp = compare_trajectory(relative, ticks, s.at("metrics"), got);
    if (!cmp.within) {
      Difference d = *cmp.first_off;
      d.tick = *d.tick + from;
      d.path = ".metrics." + d.field + "[" + std::to_string(*d.tick) + "]";
      return Finding{*d.tick, segment, clause_of(Found::run_from_answer), d, ""};
    }
  }
  return std::nullopt;
}

// --- verify (PROTO-15) -------------------------------------------------------------

// verify re-simulates the run to at_tick (TRACE-1): its metrics are those
// the same engine's run reported at that tick, compared by TOL-1 to TOL-3 as
// TOL-7 compares a returned state's own metrics. The case's verify_ticks are
// where that is fair whatever the engine's libm: before its chaos horizon,
// or anywhere in a run in which no rule acts. Against the engine's own run,
// not the reference: a run that drifted is judged by TOL-6, and a verify that
// agrees with it is right. Pass-exact needs the reference's bits.
struct Verified {
  bool exact = true;
  std::optional<Finding> off;
};

Verified verify_at_ticks(const VectorCase& c, Session& session, const Json& run_metrics) {
  Verified v;
  const Json& in = c.json->at("input");
  if (!in.contains("verify_ticks") || !session.ensure_started().capabilities.contains("verify")) return v;
  const Json& parameters = c.group->at("parameters");
  const Json& published = c.json->at("expected").at("metrics");
  const double relative = c.json->at("compare").at("relative").get<double>();
  for (const Json& at : in.at("verify_ticks")) {
    const int t = at.get<int>();
    const std::string check = "verify at tick " + std::to_string(t);
    const Response r = session.call("verify", {{"seed", in.at("seed")}, {"birds", parameters.at("birds")},
                                               {"weights", parameters.at("weights")},
                                               {"schedule", parameters.at("schedule")}, {"at_tick", t}});
    if (r.kind == Response::Kind::unsupported) {
      keep_earliest(v.off, {t, check, clause_of(Found::listed_but_unsupported), shape_difference(t, "verify", "a result", r.body),
                            "; listed verify in hello but answered unsupported"});
      return v;
    }
    if (r.kind == Response::Kind::error) {
      keep_earliest(v.off, {t, check, refused_clause(r.body, "verify").value_or(clause_of(Found::verify_disagrees)),
                            shape_difference(t, "verify", "a result", r.body), "; refused a valid verify request"});
      return v;
    }
    Json own = Json::object(), reference = Json::object(), answer = Json::object();
    for (const char* field : {"polarization", "cluster_count", "mean_neighbor_distance"}) {
      own[field] = Json::array({run_metrics.at(field).at(static_cast<std::size_t>(t))});
      reference[field] = Json::array({published.at(field).at(static_cast<std::size_t>(t))});
      answer[field] = Json::array({r.body.at(field)});
    }
    if (!compare_values({{"class", "exact"}}, reference, answer).exact) v.exact = false;
    Comparison cmp = compare_trajectory(relative, 0, own, answer);
    if (!cmp.within) {
      cmp.first_off->tick = t;
      keep_earliest(v.off, {t, check, clause_of(Found::verify_disagrees), *cmp.first_off,
                            "; verify's metrics at tick " + std::to_string(t) + " (actual) are not those the "
                            "engine's own run reported there (expected)" +
                                (next_to_a_change(parameters, t) ? ", next to a weight change (WEIGHTS-3)" : "")});
      return v;
    }
  }
  return v;
}

// TOL-5's horizon: the first tick a last-bit difference can carry the run
// out of the tolerance; none by the tick it was looked for up to counts as
// never.
bool before_chaos_horizon(const VectorCase& c, int tick) {
  const Json& first = c.json->at("chaos_horizon").at("first_tick");
  return first.is_null() || tick < first.get<int>();
}

}  // namespace

CaseResult grade_trajectory(const VectorCase& c, Session& session) {
  CaseResult r = start_result(c);
  const Json& in = c.json->at("input");
  const Json& parameters = c.group->at("parameters");
  const Json& expected = c.json->at("expected");
  const Json& compare = c.json->at("compare");
  const double relative = compare.at("relative").get<double>();
  const Json wanted = state_ticks(c);
  const Response run = session.call(
      "run", {{"seed", in.at("seed")}, {"birds", parameters.at("birds")},
              {"weights", parameters.at("weights")}, {"schedule", parameters.at("schedule")},
              {"ticks", in.at("ticks")}, {"state_ticks", wanted}});
  if (judge_non_result(r, run, "run")) return r;
  r.engine_answer = std::make_shared<const Json>(run.body.at("metrics"));
  if (const auto problem = column_problem(expected.at("metrics"), run.body.at("metrics"))) {
    // A run of T ticks has T + 1 rows (METRIC-1): one that always steps
    // once, or leaves out tick 0, has the wrong number.
    r.outcome = Outcome::fail;
    r.check = "metrics";
    r.clause = clause_of(Found::tick_bookkeeping);
    r.message = *problem;
    return r;
  }
  const Comparison metrics =
      compare_trajectory(relative, compare.at("window").get<int>(), expected.at("metrics"), run.body.at("metrics"));
  const Anchors anchors = step_from_anchors(c, session);
  const States states = grade_states(c, session, wanted, run.body);

  // The run left the tolerance: re-anchor (TOL-6).
  std::optional<Finding> off = anchors.off;
  if (states.off) keep_earliest(off, *states.off);
  std::string drift_message;
  if (metrics.first_off) {
    const int tick = *metrics.first_off->tick;
    const Reanchored re = reanchor(c, session, tick);
    if (re.possible) r.reanchor = re.measured;
    const std::string departed = "the run left the tolerance at " + describe(*metrics.first_off);
    std::vector<std::string> suspects;
    if (!re.possible) {
      std::string clause = metric_clause(c, r, *metrics.first_off, suspects);
      std::string note = "; not re-anchored: the engine offers neither run_from nor step and metrics";
      if (next_to_a_change(parameters, tick)) {
        clause = clause_of(Found::next_to_a_weights_change);
      } else if (off_by_one_tick(expected.at("metrics"), run.body.at("metrics"), tick, relative)) {
        clause = clause_of(Found::tick_bookkeeping);
        note = "; these are the metrics of the tick before or after" + note;
      }
      keep_earliest(off, {tick, "metrics", clause, *metrics.first_off, note, suspects});
    } else if (re.off) {
      const int at = *re.first_off->tick;
      const std::string clause =
          next_to_a_change(parameters, at) ? clause_of(Found::next_to_a_weights_change) : metric_clause(c, r, *re.first_off, suspects);
      keep_earliest(off, {at,
                          "re-anchored segment " + describe(std::vector<Segment>{*re.off}),
                          clause, *re.first_off,
                          "; started again from the reference's state at tick " + std::to_string(re.off->from) +
                              " (" + re.how + "), the engine departs within the segment, so this is not drift; " +
                              departed,
                          suspects});
    } else if (const Chain chain = own_chain(c, session, run.body, tick); chain.off) {
      keep_earliest(off, *chain.off);
    } else if (!chain.shown && before_chaos_horizon(c, tick)) {
      keep_earliest(off, {tick, "metrics", clause_of(Found::departs_before_the_chaos_horizon), *metrics.first_off,
                          "; before the case's chaos horizon, and the engine offers no step and metrics to show "
                          "that the run is its own, so this is not drift; " + departed});
    } else {
      drift_message = "drift: " + departed + ", but started again from the reference's state at each anchor (" +
                      re.how + "), it agrees over segment" + (re.agreed.size() == 1 ? " " : "s ") +
                      describe(re.agreed) + " (TOL-6)" +
                      (chain.shown ? ", and its states 0.." + std::to_string(tick) +
                                         " are its own step and metrics, tick by tick (TOL-8)"
                                   : "");
    }
  }

  if (const auto f = run_from_from_anchors(c, session, r, metrics)) keep_earliest(off, *f);
  if (const auto f = run_from_given_states(c, session)) keep_earliest(off, *f);
  const Verified verified = verify_at_ticks(c, session, run.body.at("metrics"));
  if (verified.off) keep_earliest(off, *verified.off);

  if (off) {
    r.outcome = Outcome::fail;
    r.check = off->check;
    r.clause = off->clause;
    r.suspects = off->suspects;
    r.difference = off->difference;
    r.message = off->check + ": " + describe(off->difference) + off->note;
  } else if (!drift_message.empty()) {
    r.outcome = Outcome::pass_tolerant;
    r.drift = true;
    r.check = "metrics";
    r.difference = metrics.first_off;
    r.message = drift_message;
  } else {
    const bool exact = metrics.exact && anchors.exact && states.exact && verified.exact;
    Comparison all{exact, true, std::nullopt,
                   metrics.first_inexact ? metrics.first_inexact : anchors.first_inexact, metrics.worst_inexact};
    keep_worst(all.worst_inexact, anchors.worst_inexact);
    judge(r, all, "trajectory");
    if (!exact && !all.first_inexact) {
      r.message = "trajectory: every metric and anchor step has the reference's bits; the states "
                  "the run returned (or the hash of its final one, or verify's metrics) do not";
    }
  }
  auto note = [&r](const std::string& text) { r.message += (r.message.empty() ? "" : "; ") + text; };
  if (!anchors.checked) note("anchor steps skipped: no step capability");
  for (const std::string& missing : states.unchecked) {
    note("states after tick 0 not checked against the engine's own " + missing + ": no " + missing + " capability");
  }
  if (r.outcome == Outcome::fail || r.outcome == Outcome::pass_tolerant) r.hint = hint_for(c, r.drift);
  return r;
}

}  // namespace susurration::grader
