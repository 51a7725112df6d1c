// fuzz's short runs and band pairs (fuzz_cases.hpp): drawn, conditioned and shrunk.
#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>
#include <string>

#include "files.hpp"
#include "fuzz_parts.hpp"
#include "susurration/constants.hpp"
#include "susurration/init.hpp"
#include "susurration/metrics.hpp"
#include "susurration/step.hpp"
#include "susurration/tolerance.hpp"
#include "vector_file.hpp"

namespace susurration::generator::fuzzing {
namespace {

// A run in words: its birds, seed, ticks, changes, anchors and verify ticks.
std::string run_shape(const FuzzInput& in) {
  auto ticks = [](const std::vector<int>& ts) {
    std::string out;
    for (const int t : ts) out += (out.empty() ? "" : ", ") + std::to_string(t);
    return out.empty() ? std::string("none") : out;
  };
  std::vector<int> changes;
  for (const WeightChange& c : in.schedule) changes.push_back(c.tick);
  return "a run of " + count(static_cast<std::size_t>(in.count), "birds") + " from seed " + std::to_string(in.seed) +
         " to tick " + std::to_string(in.ticks) + ", weight changes at ticks " + ticks(changes) +
         ", run_from from ticks " + ticks(in.anchors) + ", verify at ticks " + ticks(in.verify);
}

}  // namespace

// A run is well conditioned as a step is, over the whole run and its
// metrics: copies of its initial state with every value one ulp off (a
// correct engine's init is within 2 ulps, INIT-1), their velocities moved
// one ulp again after every tick, stay within kFairShare of the step class
// of the reference's state at every tick (what the anchors' steps and
// run_from start from) and their metrics within kFairShare of the
// trajectory tolerance, with the same cluster count; and no pair comes
// within kMargin of 28, 90 or 270 at any tick, where an ulp decides a
// neighbour, a cluster or a nearest distance. A run that is not so is one
// where rounding decides the answer: not drawn.
void check_run_well_conditioned(const std::string& id, const FuzzInput& in) {
  const double allowed = compare_step().at("abs").get<double>() * kFairShare;
  const double relative = kRelativeTolerance * kFairShare;
  State run = initialise(in.seed, in.count);
  std::vector<State> copies;
  for (std::size_t copy = 0; copy < kConditioningCopies; ++copy) copies.push_back(moved(run, copy, true));
  for (int t = 0;; ++t) {
    check_clear_of(id, run, t, {kSeparationRadius, kPerceptionRadius, kNearestLimit});
    const Metrics m = measure(run);
    for (const State& copy : copies) {
      const double off = farthest(run, copy);
      if (!(off <= allowed)) {
        throw std::logic_error(id + ": ill-conditioned: one ulp moves a bird by " + number(off) + " by tick " +
                               std::to_string(t));
      }
      const Metrics c = measure(copy);
      const bool same = c.cluster_count == m.cluster_count &&
                        within_relative_tolerance(c.polarization, m.polarization, relative) &&
                        c.mean_neighbor_distance.has_value() == m.mean_neighbor_distance.has_value() &&
                        (!m.mean_neighbor_distance ||
                         within_relative_tolerance(*c.mean_neighbor_distance, *m.mean_neighbor_distance, relative));
      if (!same) throw std::logic_error(id + ": ill-conditioned: one ulp moves the metrics at tick " + std::to_string(t));
    }
    if (t == in.ticks) return;
    const Weights w = weights_at(in.weights, in.schedule, t);
    run = step(run, w);
    for (std::size_t k = 0; k < copies.size(); ++k) {
      copies[k] = moved(step(copies[k], w), k + 1 + static_cast<std::size_t>(t), false);
    }
  }
}

// A short run (10 to 24 birds, 1 to 12 ticks) from a drawn seed (0 one time
// in ten) with drawn weights and up to three changes, each at tick 0, at
// the last tick or between: a change at tick 0 replaces the initial weights
// (WEIGHTS-3), one at the last tick is logged and never acts. Anchors at
// tick 0 and at drawn ticks, at a change's tick among them, so that
// run_from starts on both sides of a change; verify at drawn ticks.
FuzzInput draw_run(Draws& d) {
  FuzzInput in;
  in.method = FuzzInput::Method::run;
  in.seed = d.unit() < 0.1 ? 0 : d.u32();
  in.count = d.unit() < 0.5 ? kMinBirds : static_cast<int>(d.integer(kMinBirds, 24));
  in.ticks = static_cast<int>(d.integer(1, 12));
  in.weights = {drawn_weight(d), drawn_weight(d), drawn_weight(d)};
  std::set<int> changes;
  for (auto k = d.integer(0, 3); k > 0; --k) {
    const double u = d.unit();
    changes.insert(u < 1.0 / 3 ? 0 : u < 2.0 / 3 ? in.ticks : static_cast<int>(d.integer(0, in.ticks)));
  }
  for (const int t : changes) in.schedule.push_back({t, {drawn_weight(d), drawn_weight(d), drawn_weight(d)}});
  std::set<int> anchors = {0};
  for (int t = 1; t < in.ticks; ++t) {
    if (d.unit() < 0.3 || (changes.contains(t) && d.unit() < 0.5)) anchors.insert(t);
  }
  in.anchors.assign(anchors.begin(), anchors.end());
  for (int t = 1; t <= in.ticks; ++t) {  // verify_ticks start at 1 (trajectories.schema.json)
    if (d.unit() < 0.3) in.verify.push_back(t);
  }
  in.shape = run_shape(in);
  return in;
}

// A pair within an ulp of a limit built as the fresh band cases build theirs
// (drawn_band_pair): 90 or 28 for a step of one tick, with the weight of the
// limit's rule 1 so that its decision shows, or 90 or 270 for the metrics;
// the birds at drawn headings and speeds.
FuzzInput draw_band(Draws& d) {
  FuzzInput in;
  in.band = true;
  in.method = d.unit() < 0.6 ? FuzzInput::Method::step : FuzzInput::Method::metrics;
  const bool first = d.unit() < 0.5;
  if (in.method == FuzzInput::Method::step) {
    in.limit = first ? kPerceptionRadius : kSeparationRadius;
    in.weights = first ? Weights{1, drawn_weight(d), drawn_weight(d)} : Weights{drawn_weight(d), drawn_weight(d), 1};
  } else {
    in.limit = first ? kClusterEdge : kNearestLimit;
  }
  const DrawnBand b = drawn_band_pair(d, in.limit, static_cast<std::size_t>(d.integer(0, kBandKinds - 1)));
  in.state = {heading(b.pair.i.x, b.pair.i.y, d.uniform(0.5, 5), d.uniform(0, 2 * kPi)),
              heading(b.pair.j.x, b.pair.j.y, d.uniform(0.5, 5), d.uniform(0, 2 * kPi))};
  // The pair's words as the comment's sentence continues them.
  auto clause = [](std::string text) {
    if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
    return text;
  };
  in.shape = "a band pair within an ulp of " + number(in.limit) + " (" + b.name + "), " + clause(b.shape) + "; " +
             clause(b.pair.position);
  return in;
}

// Smaller runs: fewer birds (10, then ever closer to its count, as init's),
// fewer ticks (the changes, anchors and verify ticks past them left out),
// each change, anchor (but tick 0's) and verify tick left out.
std::vector<FuzzInput> shrink_run(const FuzzInput& in) {
  std::vector<FuzzInput> out;
  auto keep = [&](FuzzInput c) {
    c.shape = run_shape(c);
    out.push_back(std::move(c));
  };
  std::vector<int> sizes = {kMinBirds};
  for (int cut = (in.count - kMinBirds) / 2; cut >= 1; cut /= 2) sizes.push_back(in.count - cut);
  for (const int n : std::set<int>(sizes.begin(), sizes.end())) {
    if (n >= in.count) continue;
    FuzzInput c = in;
    c.count = n;
    keep(c);
  }
  for (const int ticks : std::set<int>{1, in.ticks / 2, in.ticks - 1}) {
    if (ticks < 1 || ticks >= in.ticks) continue;
    FuzzInput c = in;
    c.ticks = ticks;
    std::erase_if(c.schedule, [&](const WeightChange& w) { return w.tick > ticks; });
    std::erase_if(c.anchors, [&](int t) { return t >= ticks; });
    std::erase_if(c.verify, [&](int t) { return t > ticks; });
    keep(c);
  }
  for (std::size_t k = 0; k < in.schedule.size(); ++k) {
    FuzzInput c = in;
    c.schedule.erase(c.schedule.begin() + static_cast<long>(k));
    keep(c);
  }
  for (std::size_t k = 1; k < in.anchors.size(); ++k) {
    FuzzInput c = in;
    c.anchors.erase(c.anchors.begin() + static_cast<long>(k));
    keep(c);
  }
  for (std::size_t k = 0; k < in.verify.size(); ++k) {
    FuzzInput c = in;
    c.verify.erase(c.verify.begin() + static_cast<long>(k));
    keep(c);
  }
  return out;
}

}  // namespace susurration::generator::fuzzing
