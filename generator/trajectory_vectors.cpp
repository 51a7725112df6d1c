// trajectories.json: runs from a seed with per-tick metrics, anchor states
// and their next step, the final state hash, and each run's chaos horizon.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

#include "chaos_horizon.hpp"
#include "checked_run.hpp"
#include "constructed_states.hpp"
#include "step_terms.hpp"
#include "files.hpp"
#include "fresh.hpp"
#include "susurration/constants.hpp"
#include "susurration/init.hpp"
#include "susurration/serialise.hpp"
#include "susurration/step.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace {

constexpr int kTicks = 250;             // the window (200) and 50 indicative ticks after it
constexpr int kCheckedTo = 500;         // how far the chaos horizon is looked for
constexpr int kComfortablyPast = 260;  // below this the case is flagged NearChaosHorizon
constexpr int kMostTicks = 20000;      // INPUT-6
// Anchors at most 60 ticks apart over the window: a last-bit difference
// grows by no more than about 1e-11 relative within such a segment, so a
// correct engine re-anchored from them stays within the tolerance (TOL-6;
// spec/tolerance.md gives the measurement, bench/anchor_spacing.cpp).
const std::vector<int> kAnchors = {0, 50, 100, 150, 200};

// A run_from the kit asks from a state it gives rather than from an anchor
// (PROTO-14): a state no run from a seed reaches (one bird, INPUT-9), or a
// segment that ends past tick 20000, which INPUT-6 does not bound. In the
// case's weights and schedule; its metrics are the plain reference's.
struct GivenSegment {
  State state;
  int from_tick;
  int ticks;
};

struct TrajectoryCase {
  std::string id;
  std::string comment;
  RunSpec run;
  int ticks;
  std::vector<int> anchors;
  std::vector<std::string> flags;
  // The states the kit asks the run for, where not its default (every
  // anchor, the tick after each and the last tick; TOL-7): only the run of
  // 0 ticks that asks for none (issue 23: state_ticks never empty).
  std::optional<std::vector<int>> state_ticks = std::nullopt;
  // verify's ticks beyond the default (PROTO-15, in build()).
  std::vector<int> verify_ticks = {};
  // The clause the case isolates, first in its list: the one its pass
  // clears in a report's ranking (grading.md, "How a report ranks causes").
  std::string lead = "SESSION-1";
  std::vector<GivenSegment> segments = {};
};

constexpr int kWindow = 200;  // TOL-2


// A run in which no rule ever acts: every velocity is kept exactly (STEP-6
// with zero forces, STEP-7's factor exactly 1 inside 1.6..4.2), so each bird
// flies straight and a last-bit difference in the initial state never grows.
bool no_rule_acts(const RunSpec& run) {
  const auto zero = [](const Weights& w) { return w.cohesion == 0 && w.alignment == 0 && w.separation == 0; };
  return zero(run.weights) && std::all_of(run.schedule.begin(), run.schedule.end(),
                                          [&](const WeightChange& c) { return zero(c.weights); });
}

// The nearest any pair of `s` comes to a limit the metrics decide at (90,
// METRIC-3; 270, METRIC-5): a run compared over thousands of ticks must keep
// every pair farther than kMargin from both, or a correct engine whose hypot
// is an ulp off could count another cluster there.
double nearest_to_a_metric_limit(const State& s) {
  double nearest = 1e300;
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      const double d = torus_distance(torus_delta(s[i], s[j]));
      nearest = std::min({nearest, std::abs(d - kClusterEdge), std::abs(d - kNearestLimit)});
    }
  }
  return nearest;
}

Json metric_columns(const std::vector<Metrics>& m, int ticks) {
  Json p = Json::array(), c = Json::array(), d = Json::array();
  for (int t = 0; t <= ticks; ++t) {
    const Metrics& row = m[static_cast<std::size_t>(t)];
    p.push_back(row.polarization);
    c.push_back(row.cluster_count);
    d.push_back(row.mean_neighbor_distance ? Json(*row.mean_neighbor_distance) : Json(nullptr));
  }
  return {{"polarization", p}, {"cluster_count", c}, {"mean_neighbor_distance", d}};
}

// A weight as JSON: a float (SERIAL-1), or, where `integers` asks, a whole
// weight as the integer 0 or 1, which INPUT-3 obliges an engine to accept as
// the same weight and which the kit would otherwise never write.
Json weight_json(double w, bool integers) {
  if (integers && (w == 0 || w == 1)) return static_cast<int>(w);
  return w;
}

Json weights_as_written(const Weights& w, bool integers) {
  if (!integers) return weights_json(w);
  return {weight_json(w.cohesion, true), weight_json(w.alignment, true), weight_json(w.separation, true)};
}

}  // namespace

Json schedule_json(const Schedule& schedule, bool integers) {
  Json out = Json::array();
  for (const WeightChange& change : schedule) {
    out.push_back({{"tick", change.tick},
                   {"cohesion", weight_json(change.weights.cohesion, integers)},
                   {"alignment", weight_json(change.weights.alignment, integers)},
                   {"separation", weight_json(change.weights.separation, integers)}});
  }
  return out;
}

namespace {

// The anchor's per-bird terms (step_terms.hpp) to six significant digits:
// the grader compares directions, never values.
Json terms_json(const State& s, const Weights& w) {
  Json out = Json::array();
  for (const auto& row : step_terms(s, w)) {
    Json six = Json::array();
    for (std::size_t t = 0; t < 6; ++t) {
      const double x = row[t];
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.6g", x);
      six.push_back(std::strtod(buf, nullptr));
    }
    out.push_back(std::move(six));
  }
  return out;
}

Json segments_json(const TrajectoryCase& tc) {
  Json out = Json::array();
  for (const GivenSegment& g : tc.segments) {
    CheckedRun flock("trajectories: a segment of case " + tc.id, g.state);
    std::vector<Metrics> metrics;
    for (int t = g.from_tick;; ++t) {
      metrics.push_back(flock.metrics());
      if (t == g.from_tick + g.ticks) break;
      flock.step(weights_at(tc.run.weights, tc.run.schedule, t));
    }
    out.push_back({{"from_tick", g.from_tick}, {"ticks", g.ticks}, {"state", state_json(g.state)},
                   {"metrics", metric_columns(metrics, g.ticks)}});
  }
  return out;
}

Case build(const TrajectoryCase& tc) {
  const RunSpec& run = tc.run;
  const int last = std::max(tc.ticks, kCheckedTo);
  std::vector<Metrics> metrics;
  Json anchors = Json::array();
  // The plain reference writes the case; the fast engine runs beside it
  // and must agree bit for bit at every tick (checked_run.hpp, DET-4).
  CheckedRun flock("trajectories: case " + tc.id, initialise(run.seed, run.birds));
  State final_state;
  const std::set<int> anchor_ticks(tc.anchors.begin(), tc.anchors.end());
  const bool straight = no_rule_acts(run);
  for (int t = 0;; ++t) {
    metrics.push_back(flock.metrics());
    if (straight && t <= tc.ticks && nearest_to_a_metric_limit(flock.state()) <= kMargin) {
      throw std::logic_error(tc.id + ": a pair within 1e-6 of 90 or 270 at tick " + std::to_string(t));
    }
    if (t == tc.ticks) {
      final_state = flock.state();
    }
    if (t == last) {
      break;
    }
    const State before = anchor_ticks.contains(t) ? flock.state() : State{};
    const Weights w = weights_at(run.weights, run.schedule, t);
    flock.step(w);
    if (anchor_ticks.contains(t)) {
      anchors.push_back({{"tick", t}, {"state", state_json(before)}, {"next_state", state_json(flock.state())},
                         {"terms", terms_json(before, w)}});
    }
  }
  const Horizon h = chaos_horizon(run, metrics, kCheckedTo);
  std::vector<std::string> flags = tc.flags;
  if (h.first_tick && *h.first_tick < kComfortablyPast) {
    flags.push_back("NearChaosHorizon");
  }
  // What the engine's answers must be. How they are compared (TOL-1..3
  // and TOL-5..6, the trajectory class of TOL-4) and which requests the
  // kit sends (PROTO-14, PROTO-15) are the kit's rules, not the engine's
  // promises: like every case's class they are not listed, and a failure
  // of run_from is still filed under PROTO-14 by the grader.
  std::vector<std::string> clauses = {"SESSION-1", "METRIC-1", "METRIC-2", "METRIC-3", "METRIC-4", "METRIC-5", "STEP-1"};
  // Every trajectory also checks the JSON forms of its metrics (floats,
  // integer cluster counts, null), the final hash, the states it returns
  // and that the run it is asked again is the same run.
  clauses.insert(clauses.end(), {"SERIAL-1", "SERIAL-4", "DET-3", "TOL-7", "TOL-8"});
  if (!run.schedule.empty()) {
    clauses.insert(clauses.end(), {"WEIGHTS-2", "WEIGHTS-3"});
  }
  // verify (PROTO-15) at tick 1 and the window's end of every 10-bird run
  // whose horizon is none by tick 500, where the engine's own verify and run
  // cannot drift apart; at the last tick only of a run in which no rule acts.
  std::set<int> verify(tc.verify_ticks.begin(), tc.verify_ticks.end());
  if (!h.first_tick && run.birds == 10 && tc.ticks >= kWindow) verify.insert({1, kWindow});
  Json input = {{"seed", run.seed}, {"ticks", tc.ticks}, {"anchor_ticks", tc.anchors}};
  if (tc.state_ticks) input["state_ticks"] = *tc.state_ticks;
  if (!verify.empty()) {
    input["verify_ticks"] = std::vector<int>(verify.begin(), verify.end());
    clauses.push_back("TRACE-1");
  }
  if (tc.ticks == 0 || tc.ticks == kMostTicks) clauses.push_back("INPUT-6");
  std::erase(clauses, tc.lead);
  clauses.insert(clauses.begin(), tc.lead);
  Json expected = {{"metrics", metric_columns(metrics, tc.ticks)},
                   {"anchors", anchors},
                   {"final_state_hash", hex64(state_hash(final_state))}};
  if (!tc.segments.empty()) expected["segments"] = segments_json(tc);
  Json horizon = {{"first_tick", h.first_tick ? Json(*h.first_tick) : Json(nullptr)},
                  {"checked_to", h.checked_to},
                  {"ensemble", h.ensemble}};
  return {tc.id, tc.comment, clauses, flags, compare_trajectory(), input, expected,
          {{"chaos_horizon", horizon}}};
}

struct GroupSpec {
  std::string comment;
  int birds;
  Weights weights;
  Schedule schedule;
  std::vector<TrajectoryCase> cases;
  bool integer_weights = false;  // whole weights written 0 and 1 (weight_json)
};

// "1, 1, 1": the weights as a comment reads them.
std::string weights_text(const Weights& w) {
  return shortest(w.cohesion) + ", " + shortest(w.alignment) + ", " + shortest(w.separation);
}

// "1-1-1", "0p5-0p8-0p3": the weights as they read in an id (ids are
// lowercase letters, digits and dashes).
std::string weights_name(const Weights& w) {
  auto one = [](double v) {
    std::string text = shortest(v);
    text = text.ends_with(".0") ? text.substr(0, text.size() - 2) : text;
    std::replace(text.begin(), text.end(), '.', 'p');
    return text;
  };
  return one(w.cohesion) + "-" + one(w.alignment) + "-" + one(w.separation);
}

std::vector<GroupSpec> group_specs() {
  std::vector<GroupSpec> groups;
  // Seeds for the full-strength weights 1,1,1 were picked for late chaos
  // horizons: at n = 120, seeds 2, 16 and 37 depart after tick 275 (42 is
  // the upstream's seed and departs at 238); at n = 400 no seed of 1..10
  // departs after tick 226, so those cases carry NearChaosHorizon. Found by
  // running chaos_horizon() over seeds 1..40 (n = 120) and 1..10 (n = 400).
  //
  // The 400-bird runs are two seeds each, not four (issue 25, and 23's
  // "make the crowded and the long cases cheap"): they were two thirds of
  // every grade's time, and every test that grades pays it. With 1,1,1 the
  // two kept are the ones whose horizons come earliest (6 at 180, 42 at
  // 191), where correct engines on another libm depart inside the window:
  // the drift that TOL-6 and TOL-8 are there to tell from a failure. With
  // 0.5,0.8,0.3 the two kept are the ends of the seed range.
  auto seeds_for = [](int birds, const Weights& w) -> std::vector<std::uint32_t> {
    if (w == Weights{1, 1, 1} && birds == 120) {
      return {2, 16, 37, 42};
    }
    if (w == Weights{1, 1, 1} && birds == 400) {
      return {6, 42};
    }
    if (birds == 400) {
      return {1, 4294967295u};
    }
    return {1, 42, 2024, 4294967295u};
  };
  for (int birds : {10, 120, 400}) {
    for (const Weights& w : {Weights{1, 1, 1}, Weights{0.5, 0.8, 0.3}}) {
      const std::vector<std::uint32_t> seeds = seeds_for(birds, w);
      GroupSpec g{std::to_string(birds) + " birds, weights " + weights_text(w) + ".", birds, w, {}, {}};
      for (std::uint32_t seed : seeds) {
        std::vector<std::string> flags = {"Trajectory"};
        if (birds == 400) {
          flags.push_back("LargeFlock");
        }
        g.cases.push_back({"trajectory-n" + std::to_string(birds) + "-w" + weights_name(w) +
                               "-seed-" + std::to_string(seed),
                           "Seed " + std::to_string(seed) + ", ticks 0.." + std::to_string(kTicks) + ".",
                           RunSpec{seed, birds, w, Schedule{}}, kTicks, kAnchors, flags});
        // The drift runs (above) isolate TOL-8: where a correct engine
        // departs, the kit asks its run again before calling it drift.
        if (birds == 400 && w == Weights{1, 1, 1}) g.cases.back().lead = "TOL-8";
        // verify with every parameter at its upper bound at once (seed
        // 2^32 - 1, 400 birds; spec/must-accept.md): at tick 1, where the
        // engine's own run and verify cannot have drifted apart.
        if (birds == 400 && seed == 4294967295u) g.cases.back().verify_ticks = {1};
      }
      groups.push_back(std::move(g));
    }
  }
  const Schedule changes = {{60, {0.2, 1, 1}}, {120, {1, 0, 0.5}}, {180, {0, 0.3, 1}}};
  GroupSpec sched{"Weight changes mid-run at ticks 60, 120 and 180.", 120, {1, 1, 1}, changes, {}};
  for (std::uint32_t seed : {42u, 7u}) {
    sched.cases.push_back({"trajectory-schedule-n120-seed-" + std::to_string(seed),
                           "Seed " + std::to_string(seed) + " with three weight changes.",
                           RunSpec{seed, 120, Weights{1, 1, 1}, changes}, kTicks, {0, 59, 60, 61, 119, 120, 180, 200},
                           {"Trajectory", "WeightChange"}});
  }
  // Seed 42 is about when a change acts (WEIGHTS-3), seed 7 about a
  // schedule of several changes (WEIGHTS-2).
  sched.cases[0].lead = "WEIGHTS-3";
  sched.cases[1].lead = "WEIGHTS-2";
  groups.push_back(std::move(sched));
  // A change at each of ticks 1 to 4 (WEIGHTS-2: weights may change between
  // any two steps): an engine that keeps only one change per stretch of
  // steps, or batches the steps between changes, runs other weights. Every
  // tick of the changes is an anchor.
  const Schedule every_tick = {{1, {0, 0, 0}}, {2, {1, 1, 1}}, {3, {0, 1, 0}}, {4, {1, 0, 1}}};
  GroupSpec ticks{"A change at each of ticks 1 to 4.", 10, {1, 1, 1}, every_tick, {}};
  ticks.cases.push_back({"trajectory-schedule-n10-seed-8-a-change-at-each-of-ticks-1-to-4",
                         "Seed 8; weights 0, 0, 0 for the step from tick 1, back to 1, 1, 1 from tick 2, alignment "
                         "alone from tick 3 and cohesion with separation from tick 4 on.",
                         RunSpec{8, 10, Weights{1, 1, 1}, every_tick}, kTicks, {0, 1, 2, 3, 4, 5, 50, 100, 150, 200},
                         {"Trajectory", "WeightChange"}});
  ticks.cases.back().lead = "WEIGHTS-2";
  groups.push_back(std::move(ticks));
  // verify asked at many ticks (TRACE-1: it re-simulates from tick 0 to
  // at_tick), of a run without weight changes and of one with them, whose
  // verify must replay the schedule: an engine whose verify ignores the
  // schedule, or stops a tick early or late, reports another tick's metrics.
  std::vector<int> every_twentieth = {1};
  for (int t = 20; t <= kWindow; t += 20) every_twentieth.push_back(t);
  GroupSpec verify{"verify at every twentieth tick.", 10, {1, 1, 1}, {}, {}};
  verify.cases.push_back({"trajectory-verify-at-every-twentieth-tick-n10-seed-21",
                          "Seed 21, with verify asked at tick 1 and every twentieth tick to 200.",
                          RunSpec{21, 10, Weights{1, 1, 1}, Schedule{}}, kTicks, kAnchors, {"Trajectory", "Verify"},
                          std::nullopt, every_twentieth});
  verify.cases.back().lead = "TRACE-1";
  groups.push_back(std::move(verify));
  const Schedule two_changes = {{50, {0.5, 0.8, 0.3}}, {120, {1, 0, 1}}};
  GroupSpec verify_schedule{"verify of a run with weight changes at ticks 50 and 120.", 10, {1, 1, 1}, two_changes, {}};
  verify_schedule.cases.push_back({"trajectory-verify-with-a-schedule-n10-seed-22",
                                   "Seed 22, weights changed at ticks 50 and 120, with verify asked either side of "
                                   "each change.",
                                   RunSpec{22, 10, Weights{1, 1, 1}, two_changes}, kTicks,
                                   {0, 49, 50, 51, 100, 119, 120, 121, 150, 200}, {"Trajectory", "WeightChange", "Verify"},
                                   std::nullopt, {49, 50, 51, 52, 119, 120, 121, 122}});
  verify_schedule.cases.back().lead = "TRACE-1";
  groups.push_back(std::move(verify_schedule));
  // The number forms INPUT-3 obliges an engine to accept and the kit writes
  // nowhere else (spec/must-accept.md): weights written as the integers 0
  // and 1 in the run, its anchor steps, its segments and verify, one with
  // an exponent (1e-05) in the schedule, and a change logged at the run's
  // last tick, legal (INPUT-7) and never in force; verify asks that tick.
  const Schedule written = {{100, {0.5, 1e-5, 1}}, {kTicks, {0, 0, 0}}};
  GroupSpec forms{"Weights written as the integers 0 and 1, and a change at the run's last tick.", 10, {1, 0, 1},
                  written, {}, true};
  forms.cases.push_back({"trajectory-weights-written-as-integers-n10-seed-53",
                         "Seed 53; weights [1,0,1] written without a fraction, 0.5, 1e-05, 1 from tick 100, and "
                         "a change at tick 250, the last, which never acts.",
                         RunSpec{53, 10, Weights{1, 0, 1}, written}, kTicks, {0, 50, 99, 100, 101, 150, 200},
                         {"Trajectory", "WeightChange", "NumberForms"}, std::nullopt, {1, 100, 101, kTicks}});
  // Led by WEIGHTS-3, as the other schedule runs are: led by INPUT-3, whose
  // other cases (invalid.json's) pass for an engine wrong in its rules, it
  // would make a whole class of failing runs look like one cause (PROTO-11)
  // and mislead the ranking of four mutants. A refusal of its forms is
  // still filed under INPUT-3, the rule the refusal breaks.
  forms.cases.back().lead = "WEIGHTS-3";
  groups.push_back(std::move(forms));
  for (const Weights& w : {Weights{1, 0, 0}, Weights{0, 1, 0}, Weights{0, 0, 1}, Weights{0, 0, 0}}) {
    GroupSpec g{"One rule at a time: weights " + weights_text(w) + ".", 120, w, {}, {}};
    g.cases.push_back({"trajectory-single-rule-w" + weights_name(w) + "-seed-3",
                       "Seed 3 with only weights " + weights_text(w) + ".", RunSpec{3, 120, w, Schedule{}}, kTicks,
                       kAnchors, {"Trajectory", "SingleRule"}});
    groups.push_back(std::move(g));
  }
  // The run's parameters at the protocol's bounds (issue 23), where every
  // other case asks mid-range values: seed 0, and a change logged at tick 0,
  // which replaces the initial weights for every step (WEIGHTS-3). An
  // engine that only applies changes after tick 0, or from the step after
  // their tick, runs with 1, 1, 1 until tick 120. Its last change is logged
  // at tick 20000, the last tick a schedule may name (INPUT-7): legal, and
  // never in force in a run of 200 ticks; an engine that refuses it
  // (t >= 20000 for t > 20000) answers nothing.
  const Schedule from_zero = {{0, {0.5, 0.8, 0.3}}, {120, {1, 1, 1}}, {20000, {0, 0, 0}}};
  GroupSpec zero{"A change logged at tick 0, and seed 0.", 10, {1, 1, 1}, from_zero, {}};
  zero.cases.push_back({"trajectory-schedule-n10-seed-0-change-at-tick-0",
                        "Seed 0; weights 0.5, 0.8, 0.3 from tick 0 (a change logged at tick 0 replaces the "
                        "initial 1, 1, 1), back to 1, 1, 1 at tick 120; a change at tick 20000 never takes effect.",
                        RunSpec{0, 10, Weights{1, 1, 1}, from_zero}, kTicks, {0, 1, 50, 100, 119, 120, 150, 200},
                        {"Trajectory", "WeightChange", "RunBounds"}});
  zero.cases.back().lead = "WEIGHTS-3";
  groups.push_back(std::move(zero));
  // A run of 0 ticks, the least INPUT-6 allows (issue 23: run ticks and
  // state_ticks never at their lower bounds): one row of metrics, and the
  // state at tick 0 where it is asked for. The second asks for no state at
  // all, so an engine that always returns its final state, or cannot answer
  // an empty state_ticks, is seen.
  GroupSpec none{"Runs of 0 ticks: the initial state's metrics alone.", 10, {1, 1, 1}, {}, {}};
  none.cases.push_back({"trajectory-zero-ticks-n10-seed-3", "Seed 3, 0 ticks: one row of metrics and the state at tick 0.",
                        RunSpec{3, 10, Weights{1, 1, 1}, Schedule{}}, 0, {0}, {"RunBounds"}});
  none.cases.push_back({"trajectory-zero-ticks-no-states-n10-seed-4",
                        "Seed 4, 0 ticks, and no state asked for (state_ticks empty).",
                        RunSpec{4, 10, Weights{1, 1, 1}, Schedule{}}, 0, {0}, {"RunBounds"}, std::vector<int>{}});
  // Both are about which states a run returns (TOL-7): the one asked for, or none.
  for (TrajectoryCase& tc : none.cases) tc.lead = "TOL-7";
  groups.push_back(std::move(none));
  // A run of 20000 ticks, the most INPUT-6 allows, with every weight 0: no
  // rule acts, so no difference grows and every check holds to the last
  // tick, where a chaotic run could only be compared for 200 (TOL-2). Its
  // anchors make the most state_ticks a run request may name (100: each
  // anchor and the tick after it, the last anchor at 19999 so that the tick
  // after it is the last), and the segment from tick 0 to the anchor at 1000
  // the longest run_from INPUT-4 allows; only a run where no rule acts may
  // have a segment longer than 60 ticks (TOL-6). verify asks its last tick.
  // Seed 5 keeps every pair more than 1e-6 from 90 and 270 over all 20000
  // ticks (build() checks it).
  std::vector<int> long_anchors = {0, 1000};
  for (int t = 1400; t <= 19800; t += 400) long_anchors.push_back(t);
  long_anchors.push_back(kMostTicks - 1);
  GroupSpec straight{"Every weight 0 for 20000 ticks: each bird flies straight.", 10, {0, 0, 0}, {}, {}};
  straight.cases.push_back({"trajectory-straight-flight-n10-seed-5-20000-ticks",
                            "Seed 5, weights 0, 0, 0, for 20000 ticks, the most a run may ask.",
                            RunSpec{5, 10, Weights{0, 0, 0}, Schedule{}}, kMostTicks, long_anchors,
                            {"LongRun", "RunBounds"}, std::nullopt, {kMostTicks}});
  // run_from from a lone bird (INPUT-9 allows one; a run from a seed has 10
  // or more) over the last 500 ticks of the run's 20000 and 500 past them:
  // the segment is a stretch of steps, not a run, so it may end past 20000
  // (PROTO-14; spec/must-accept.md). An engine that checks a segment's end
  // by INPUT-6, or a state's birds by INPUT-2, refuses it.
  straight.cases.back().segments = {{State{Bird{500.0, 300.0, 2.0, -1.5}}, kMostTicks - 500, 1000}};
  groups.push_back(std::move(straight));
  GroupSpec snap{"The upstream's snapshot run: seed 42, defaults, 500 ticks.", 120, {1, 1, 1}, {}, {}};
  snap.cases.push_back({"trajectory-snapshot-seed-42-defaults-500-ticks",
                        "The run the upstream locks with a snapshot test (DET-5).", RunSpec{42, 120, Weights{1, 1, 1}, Schedule{}},
                        500, {0, 50, 100, 150, 200, 499}, {"Trajectory", "Snapshot"}});
  groups.push_back(std::move(snap));
  return groups;
}

}  // namespace

Case trajectory_case(std::string id, std::string comment, const RunSpec& run, int ticks, std::vector<int> anchors,
                     std::vector<std::string> flags, std::vector<int> verify_ticks) {
  return build({std::move(id), std::move(comment), run, ticks, std::move(anchors), std::move(flags), std::nullopt,
                std::move(verify_ticks)});
}

// The notes of trajectories.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> trajectory_notes() {
  return
      {{"Trajectory",
        {"integration", "A whole run. An engine that fails only here, with every single-step and "
                        "metrics case passing, usually sums in another order or updates in place."}},
       {"LargeFlock",
        {"integration", "400 birds, the upstream maximum: dense flocks with many neighbours and "
                        "separation terms."}},
       {"WeightChange",
        {"schedule", "Weights change mid-run. An engine applying a change one tick early or late "
                     "matches until the change and diverges right after it (WEIGHTS-3)."}},
       {"SingleRule",
        {"isolation", "Only one rule has a nonzero weight, so a wrong constant or formula in that "
                      "rule shows on its own."}},
       {"RunBounds",
        {"boundary", "A run's parameters at the protocol's bounds: seed 0, a change logged at tick 0, "
                     "which replaces the initial weights for every step (WEIGHTS-3), a run of 0 ticks (one "
                     "row of metrics, and no state where none is asked for) and one of 20000. An engine "
                     "that only applies changes after tick 0 runs the first 120 ticks with the wrong "
                     "weights; one that always steps once, or always returns its final state, fails the "
                     "runs of 0 ticks."}},
       {"LongRun",
        {"boundary", "A run of 20000 ticks, the most a run may ask (INPUT-6), in which no rule acts: each "
                     "bird flies straight, so no last-bit difference grows and the states, their steps and "
                     "verify are checked to the last tick. An engine that caps or wraps the tick count, or "
                     "whose positions drift under thousands of wraps, fails here."}},
       {"NumberForms",
        {"boundary", "Weights written as the integers 0 and 1 and with an exponent, which are the same weights "
                     "as 0.0 and 1.0 (INPUT-3). An engine that reads only numbers written with a fraction, "
                     "or takes an integer for no weight, refuses a valid run."}},
       {"Snapshot",
        {"known-answer", "The upstream's snapshot run (seed 42, defaults, 500 ticks)."}},
       {"Verify",
        {"replay", "verify asked at many ticks (TRACE-1), with the run's schedule: it re-simulates from tick 0 "
                   "to at_tick. An engine whose verify ignores the schedule, stops a tick early or late, or "
                   "answers from a cache of another run, reports other metrics than its own run did."}},
       {"NearChaosHorizon",
        {"drift", "The chaos horizon is before tick 260: a correct engine whose hypot, sin or cos "
                  "differ in the last bit may leave the tolerance near the end of the window. The "
                  "grader then re-anchors it from the published anchor states: if every re-anchored "
                  "segment agrees, the departure is drift, not a bug (TOL-6)."}}};
}

VectorFile trajectory_vectors() {
  VectorFile f{
      "trajectories",
      {"Runs from a seed: the metrics of every tick 0..ticks, the state at anchor ticks with the "
       "state one step later, and the hash of the final state.",
       "Metrics compare by the upstream tolerance over ticks 0..200; anchors compare one step from "
       "the given state (class step); the final hash is for engines that aim to be exact.",
       "Metrics that leave the tolerance are re-anchored: the engine runs again from each anchor's "
       "state to the next anchor, and drift is a departure every such segment agrees with "
       "(spec/tolerance.md TOL-6).",
       "chaos_horizon, for information: the first tick at which a one-ulp perturbation of the "
       "initial state leaves the tolerance (spec/tolerance.md TOL-5)."},
      trajectory_notes(),
      {}};
  std::vector<GroupSpec> specs = group_specs();
  // Cases are independent: build them concurrently, collect in order.
  std::vector<std::vector<std::future<Case>>> built(specs.size());
  for (std::size_t g = 0; g < specs.size(); ++g) {
    for (const TrajectoryCase& tc : specs[g].cases) {
      built[g].push_back(std::async(std::launch::async, build, tc));
    }
  }
  for (std::size_t g = 0; g < specs.size(); ++g) {
    Group group{specs[g].comment,
                {{"birds", specs[g].birds},
                 {"weights", weights_as_written(specs[g].weights, specs[g].integer_weights)},
                 {"schedule", schedule_json(specs[g].schedule, specs[g].integer_weights)}},
                {}};
    for (auto& c : built[g]) {
      group.cases.push_back(c.get());
    }
    f.groups.push_back(std::move(group));
  }
  return f;
}

// Two drawn runs over the published window and anchors: 10..40 birds with
// drawn weights, and 120 birds with the defaults and one change of weights
// at a drawn tick (anchored on both sides of it, as the published schedule
// runs are). Each carries its own chaos horizon, so that a correct engine on
// another libm that departs is re-anchored, as on a published run (TOL-6).
std::vector<Group> fresh_trajectory_groups(Draws& draw) {
  const std::uint32_t seed1 = draw.u32();
  const int birds1 = static_cast<int>(draw.integer(10, 40));
  const Weights weights1{draw.unit(), draw.unit(), draw.unit()};
  const std::uint32_t seed2 = draw.u32();
  const int change = static_cast<int>(draw.integer(1, 199));
  const Schedule schedule2 = {{change, Weights{draw.unit(), draw.unit(), draw.unit()}}};
  std::set<int> around(kAnchors.begin(), kAnchors.end());
  around.insert({change - 1, change, change + 1});
  const std::vector<TrajectoryCase> cases = {
      {"fresh-trajectory-n" + std::to_string(birds1) + "-seed-" + std::to_string(seed1),
       "A drawn seed, bird count and weights.", RunSpec{seed1, birds1, weights1, {}}, kTicks, kAnchors,
       {"Fresh", "Trajectory"}},
      {"fresh-trajectory-schedule-n120-seed-" + std::to_string(seed2),
       "A drawn seed, and weights drawn for a change at tick " + std::to_string(change) + ".",
       RunSpec{seed2, 120, Weights{1, 1, 1}, schedule2}, kTicks, std::vector<int>(around.begin(), around.end()),
       {"Fresh", "Trajectory", "WeightChange", "NumberForms"}}};
  // The second run's initial 1, 1, 1 written as integers, as published (NumberForms).
  const std::vector<bool> integers = {false, true};
  std::vector<std::future<Case>> built;
  for (const TrajectoryCase& tc : cases) built.push_back(std::async(std::launch::async, build, tc));
  std::vector<Group> groups;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const RunSpec& run = cases[k].run;
    groups.push_back({"A drawn run.",
                      {{"birds", run.birds}, {"weights", weights_as_written(run.weights, integers[k])},
                       {"schedule", schedule_json(run.schedule)}},
                      {built[k].get()}});
  }
  return groups;
}

}  // namespace susurration::generator
