// How far a last-bit difference grows within one anchor segment
// (spec/tolerance.md TOL-6): the measurement behind the anchor spacing.
//
//   anchor_spacing vectors/trajectories.json            the published anchors
//   anchor_spacing vectors/trajectories.json --every 100 segments of 100 ticks
//
// For every published trajectory and every segment of its window (from an
// anchor to the next, or to tick 200), the reference is started from the
// state at the segment's first tick and run over the segment; so are the
// eight copies of TOL-5's ensemble (six moved by one ulp in one field of one
// bird at the segment's start, two nudged by one ulp in every bird after
// every step). Printed: for each case, the largest relative difference of
// polarization and mean_neighbor_distance between any copy and the
// unperturbed run within a segment, and whether a cluster count ever
// differed; then the largest over all cases, against TOL-1's 1e-3.
//
// With the published anchors the segment's start is the published state,
// and the unperturbed run is checked bit for bit against the published
// metrics: what is measured is what the grader re-anchors from.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <future>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chaos_horizon.hpp"
#include "susurration/fast_engine.hpp"
#include "susurration/protocol/forms.hpp"
#include "susurration/init.hpp"
#include "susurration/constants.hpp"
#include "susurration/tolerance.hpp"

namespace {

using Json = nlohmann::json;
using namespace susurration;
using generator::kEnsembleSize;
using generator::kStartCopies;

constexpr int kWindow = 200;  // TOL-2

struct Growth {
  double largest = 0;        // relative difference of a float metric
  int at_segment = -1;       // the first tick of the segment where it was reached
  int at_offset = 0;         // ticks into that segment
  bool cluster_count_differed = false;
  int segments = 0;
  int longest = 0;
  bool base_matches_published = true;
};

double metric_distance(const Metrics& a, const Metrics& b) {
  double d = relative_difference(a.polarization, b.polarization);
  if (a.mean_neighbor_distance.has_value() != b.mean_neighbor_distance.has_value()) {
    return std::numeric_limits<double>::infinity();
  }
  if (a.mean_neighbor_distance) {
    d = std::max(d, relative_difference(*a.mean_neighbor_distance, *b.mean_neighbor_distance));
  }
  return d;
}

Metrics published(const Json& columns, int t) {
  const Json& m = columns.at("mean_neighbor_distance").at(t);
  return {columns.at("polarization").at(t).get<double>(), columns.at("cluster_count").at(t).get<int>(),
          m.is_null() ? std::nullopt : std::optional<double>(m.get<double>())};
}

// One segment from `start` at tick `from` to tick `to`.
void measure_segment(const State& start, int from, int to, const Weights& w, const Schedule& schedule,
                     const Json* columns, Growth& g) {
  std::vector<Metrics> base;
  FastFlock flock(start, 1);
  for (int t = from;; ++t) {
    base.push_back(flock.metrics());
    if (columns && !(base.back() == published(*columns, t))) g.base_matches_published = false;
    if (t == to) break;
    flock.step(weights_at(w, schedule, t));
  }
  for (int m = 0; m < kEnsembleSize; ++m) {
    FastFlock copy(m < kStartCopies ? generator::perturbed(start, m) : start, 1);
    for (int t = from;; ++t) {
      const Metrics got = copy.metrics();
      const Metrics& want = base[static_cast<std::size_t>(t - from)];
      if (got.cluster_count != want.cluster_count) g.cluster_count_differed = true;
      const double d = metric_distance(want, got);
      if (d > g.largest) {
        g.largest = d;
        g.at_segment = from;
        g.at_offset = t - from;
      }
      if (t == to) break;
      copy.step(weights_at(w, schedule, t));
      // The noisy copies are nudged after every step, by the tick they
      // reach, as TOL-5's copies 6 and 7 are.
      if (m >= kStartCopies) copy = FastFlock(generator::nudged(copy.state(), m - kStartCopies, t + 1), 1);
    }
  }
  ++g.segments;
  g.longest = std::max(g.longest, to - from);
}

Growth measure_case(const Json& group, const Json& c, int every) {
  Growth g;
  const Json& p = group.at("parameters");
  const Weights w = forms::weights(p.at("weights"));
  const Schedule schedule = forms::schedule(p.at("schedule"));
  const int last = c.at("input").at("ticks").get<int>();
  if (every > 0) {
    // Segments of `every` ticks from the reference's own run.
    FastFlock flock(initialise(c.at("input").at("seed").get<std::uint32_t>(), p.at("birds").get<int>()), 1);
    const int end = std::min(kWindow, last);
    for (int from = 0; from < end; from += every) {
      const int to = std::min(from + every, end);
      measure_segment(flock.state(), from, to, w, schedule, nullptr, g);
      for (int t = from; t < to; ++t) flock.step(weights_at(w, schedule, t));
    }
    return g;
  }
  const Json& anchors = c.at("expected").at("anchors");
  const Json& columns = c.at("expected").at("metrics");
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    const int from = anchors[k].at("tick").get<int>();
    if (from >= kWindow) break;
    // The grader's segments (reanchor.cpp, window_segments): to the next
    // anchor, the last to the window's end, none past the run's end.
    const int to = std::min(k + 1 < anchors.size() ? anchors[k + 1].at("tick").get<int>() : kWindow, last);
    if (to <= from) continue;
    measure_segment(forms::state(anchors[k].at("state")), from, to, w, schedule, &columns, g);
  }
  return g;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && !(argc == 4 && std::string(argv[2]) == "--every")) {
    std::fprintf(stderr, "usage: anchor_spacing TRAJECTORIES_JSON [--every TICKS]\n");
    return 2;
  }
  const int every = argc == 4 ? std::stoi(argv[3]) : 0;
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "anchor_spacing: cannot read %s\n", argv[1]);
    return 2;
  }
  const Json file = Json::parse(in);
  struct Job {
    std::string id;
    std::future<Growth> growth;
  };
  std::vector<Job> jobs;
  for (const Json& group : file.at("groups")) {
    for (const Json& c : group.at("cases")) {
      jobs.push_back({c.at("id").get<std::string>(),
                      std::async(std::launch::async, measure_case, std::cref(group), std::cref(c), every)});
    }
  }
  Growth worst;
  std::string worst_id;
  bool all_published = true, any_cluster = false;
  std::printf("%-48s %8s %8s %12s %10s %s\n", "case", "segments", "longest", "largest rel", "at tick", "cluster count");
  for (Job& j : jobs) {
    const Growth g = j.growth.get();
    std::printf("%-48s %8d %8d %12.3g %6d+%-3d %s%s\n", j.id.c_str(), g.segments, g.longest, g.largest,
                g.at_segment, g.at_offset, g.cluster_count_differed ? "DIFFERED" : "same",
                g.base_matches_published ? "" : "  (base run differs from the published metrics!)");
    all_published = all_published && g.base_matches_published;
    any_cluster = any_cluster || g.cluster_count_differed;
    if (g.largest >= worst.largest) {
      worst = g;
      worst_id = j.id;
    }
  }
  std::printf("\nlargest relative metric difference within one segment: %.3g (%s, segment from tick %d, "
              "%d ticks in), against TOL-1's 1e-3: margin %.3g\n",
              worst.largest, worst_id.c_str(), worst.at_segment, worst.at_offset, 1e-3 / worst.largest);
  std::printf("cluster count differed within a segment: %s\n", any_cluster ? "yes" : "never");
  if (!every) std::printf("unperturbed runs equal to the published metrics: %s\n", all_published ? "yes" : "NO");
  return (worst.largest < kRelativeTolerance && !any_cluster && all_published) ? 0 : 1;
}
