// metrics.json: the three metrics of constructed and seeded states (METRIC-1..5).
//
// Conventions: i, j bird indices; d a torus distance; an *edge pair* is a pair
// built to sit exactly on the cluster edge (90) or the nearest-neighbour
// limit (270), or one ulp inside it.
//
// Every case is checked here before it is published (std::logic_error on a
// broken case): its state passes INPUT-9; its edge pairs stand at distances
// that any hypot returns exactly; every other pair keeps 1e-6 away from 90
// and 270, so a hypot one ulp off cannot move a bird into or out of a
// cluster or the mean. A case published with the exact class also has only
// exact speeds, exact distances below 270 and an exact final hypot, so every
// correct engine gets its bits; any other case allows the ulps that a hypot
// one ulp off can cost on its state (metrics_ulps.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <tuple>
#include <stdexcept>

#include "constructed_states.hpp"
#include "files.hpp"
#include "fresh.hpp"
#include "fuzz_cases.hpp"
#include "hard_cases.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/init.hpp"
#include "susurration/inputs.hpp"
#include "susurration/metrics.hpp"
#include "susurration/tolerance.hpp"
#include "metrics_ulps.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace {

// The widest ulps class a fuzzed metrics case may have (metrics_case_of).
constexpr std::uint64_t kMaxFuzzUlps = 1u << 20;

struct MetricsCase {
  std::string name;
  std::string comment;
  std::vector<std::string> clauses;
  std::vector<std::string> flags;
  State state;
  std::vector<Pair> edges = {};
  bool exact = false;  // every correct engine gets these bits (checked below)
  // A band case (hard_cases.hpp): its pair sits within an ulp of a limit on
  // purpose; INPUT-9 and the exact decision replace the margin check.
  std::optional<bool> band_inside = std::nullopt;
  double band_limit = 0;
};

struct MetricsGroup {
  std::string comment;
  std::vector<MetricsCase> cases;
};

// INPUT-9, the exact edge pairs, and the margin of every other pair.
void check_case(const std::string& id, const MetricsCase& c) {
  generator::check_constructed(id, c.state, c.edges, {kClusterEdge, kNearestLimit});
}

// What makes the exact class fair: each unit velocity divides by an exact
// speed, every distance that can be summed (below 270) is exact, and the
// last hypot of METRIC-2 has an exact result. The mean unit velocity is
// recomputed here only to prove the last point.
void check_engine_independent(const std::string& id, const State& s) {
  double sx = 0;
  double sy = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto speed = exact_hypot(s[i].vx, s[i].vy);
    if (!speed) {
      throw std::logic_error(id + ": exact class with an inexact speed");
    }
    sx += s[i].vx / *speed;
    sy += s[i].vy / *speed;
    for (std::size_t j = 0; j < s.size(); ++j) {
      const Delta delta = torus_delta(s[i], s[j]);
      if (torus_distance(delta) < kNearestLimit && !exact_hypot(delta.dx, delta.dy)) {
        throw std::logic_error(id + ": exact class with an inexact distance below 270");
      }
    }
  }
  const double n = static_cast<double>(s.size());
  if (!exact_hypot(sx / n, sy / n)) {
    throw std::logic_error(id + ": exact class with an inexact polarization");
  }
}

Json metrics_json(const Metrics& m) {
  return {
      {"polarization", m.polarization},
      {"cluster_count", m.cluster_count},
      {"mean_neighbor_distance", m.mean_neighbor_distance ? Json(*m.mean_neighbor_distance) : Json(nullptr)}};
}

Case to_case(const MetricsCase& c) {
  const std::string id = "metrics-" + c.name;
  if (c.band_inside) {
    check_constructed(id, c.state, {}, {});
  } else {
    check_case(id, c);
  }
  if (c.exact) {
    check_engine_independent(id, c.state);
  }
  const Metrics m = measure(c.state);
  if (c.band_inside) {
    // Two birds: the exact decision says one cluster or two, a mean or null.
    const bool joined = c.band_limit == kClusterEdge && *c.band_inside;
    const bool counted = c.band_limit == kNearestLimit ? *c.band_inside : true;
    if ((m.cluster_count == 1) != joined || m.mean_neighbor_distance.has_value() != counted) {
      throw std::logic_error(id + ": the reference disagrees with the exact decision");
    }
  }
  const Json compare = c.exact ? compare_exact() : compare_ulps(max_ulps(c.state, m));
  return {id, c.comment, c.clauses, c.flags, compare, {{"state", state_json(c.state)}}, metrics_json(m)};
}

MetricsCase seeded(std::uint32_t seed, int n) {
  const std::string name = "seed-" + std::to_string(seed) + "-" + std::to_string(n) + "-birds-initial-state";
  return {name,
          "The metrics of the initial state of seed " + std::to_string(seed) + " with " + std::to_string(n) +
              " birds (tick 0 of a run).",
          {"METRIC-1", "METRIC-2", "METRIC-3", "METRIC-4", "METRIC-5"},
          {"Seeded"},
          initialise(seed, n)};
}

// --- band cases (issue 17) -------------------------------------------------

MetricsCase band_case(const std::string& name, const std::string& shape, std::vector<std::string> clauses,
                      double limit, const BandPair& p) {
  const std::string flag = band_flag(p);
  MetricsCase c{name, shape + " " + p.position, band_clauses(std::move(clauses), flag), {flag},
                {{p.i.x, p.i.y, 2, 0}, {p.j.x, p.j.y, 2, 0}}};
  c.band_inside = p.inside;
  c.band_limit = limit;
  return c;
}

// The same shapes as step.json's band cases: an axis, a diagonal, one seam,
// both seams; either side of the midpoint L - ulp/2, on it, and just past L.
std::vector<MetricsCase> band_cases(double limit, const std::string& l, const std::string& clause,
                                    const Shape& axis, const Shape& diagonal, const Shape& seam,
                                    const Shape& both_seams, double tie_x, double tie_y) {
  const std::string b = "band-" + l + "-";
  auto cs = [&](std::vector<std::string> extra) {
    extra.insert(extra.begin(), clause);
    return extra;
  };
  return {
      band_case(b + "axis-just-above-the-midpoint-is-outside", "On an axis, within an ulp of " + l + ".",
                cs({"FIELD-6", "FIELD-4"}), limit, band_pair(limit, axis, Band::above_midpoint)),
      band_case(b + "axis-just-below-the-midpoint-is-inside", "On an axis, within an ulp of " + l + ".",
                cs({"FIELD-6", "FIELD-4"}), limit, band_pair(limit, axis, Band::below_midpoint)),
      band_case(b + "diagonal-just-above-the-midpoint-is-outside", "On a diagonal, within an ulp of " + l + ".",
                cs({"FIELD-6", "FIELD-4"}), limit, band_pair(limit, diagonal, Band::above_midpoint)),
      band_case(b + "diagonal-just-below-the-midpoint-is-inside", "On a diagonal, within an ulp of " + l + ".",
                cs({"FIELD-6", "FIELD-4"}), limit, band_pair(limit, diagonal, Band::below_midpoint)),
      band_case(b + "across-the-seam-just-above-the-midpoint-is-outside",
                "Across the x seam, within an ulp of " + l + ".", cs({"FIELD-6", "FIELD-4", "FIELD-3"}), limit,
                band_pair(limit, seam, Band::above_midpoint)),
      band_case(b + "across-both-seams-just-below-the-midpoint-is-inside",
                "Across both seams on a diagonal, within an ulp of " + l + ".", cs({"FIELD-6", "FIELD-4", "FIELD-3"}), limit,
                band_pair(limit, both_seams, Band::below_midpoint)),
      band_case(b + "exact-tie-at-the-midpoint-is-outside",
                "On a diagonal whose legs and " + l + " - ulp/2 form a Pythagorean triple.", cs({"FIELD-6", "FIELD-4"}),
                limit, tie_pair(limit, tie_x, tie_y)),
      band_case(b + "just-above-the-limit-is-outside", "On a diagonal, just past " + l + ".", cs({"FIELD-4"}),
                limit, band_pair(limit, diagonal, Band::above_limit)),
  };
}

// The pair of issue 17's report: its true distance is in (90 - ulp/2, 90),
// so the spec counts two clusters; an engine comparing V8's Math.hypot with
// 90 counts one (measured with Node 18; glibc 2.36's hypot rounds it right).
MetricsCase issue_17_example() {
  const BandPair p = band_pair_of(kClusterEdge, {10, 100, 0, 0}, {100 - 0x1p-46, 100 + 1.3e-6, 0, 0});
  return band_case("band-90-birds-at-10-100-and-100-minus-2-46-100-plus-1-3e-6-are-two-clusters",
                   "The example of issue 17, (10, 100) and (100 - 2^-46, 100 + 1.3e-6).", {"METRIC-3", "FIELD-6", "FIELD-4"},
                   kClusterEdge, p);
}

// The tables below are laid out by hand, one case to a few lines:
// name, comment; clauses, flags; state, edge pairs, exact.
// clang-format off
std::vector<MetricsGroup> groups() {
  const double below90 = std::nextafter(kClusterEdge, 0.0);
  const double below270 = std::nextafter(kNearestLimit, 0.0);
  return {
      {"Cluster edges (METRIC-3): strictly below 90 joins, exactly 90 does not.", {
          {"cluster-edge-at-exactly-90-on-an-axis-is-no-edge",
           "Two birds exactly 90 apart along x are two clusters.",
           {"METRIC-3"}, {"ExactlyNinety"},
           {{100, 100, 2, 0}, {190, 100, 2, 0}}, {{0, 1}}, true},
          {"cluster-edge-at-exactly-90-on-a-diagonal-is-no-edge",
           "Two birds 54-72-90 apart are two clusters.",
           {"METRIC-3"}, {"ExactlyNinety"},
           {{100, 100, 2, 0}, {154, 172, 2, 0}}, {{0, 1}}, true},
          {"cluster-edge-at-exactly-90-across-the-seam-is-no-edge",
           "x 960 and x 50, exactly 90 apart across the seam, are two clusters.",
           {"METRIC-3", "FIELD-3"}, {"ExactlyNinety", "Seam"},
           {{960, 300, 2, 0}, {50, 300, 2, 0}}, {{0, 1}}, true},
          {"cluster-edge-one-ulp-inside-90-is-an-edge",
           "Two birds 90 minus one ulp apart are one cluster.",
           {"METRIC-3"}, {"JustInsideNinety"},
           {{10, 100, 2, 0}, {along(10, below90), 100, 2, 0}}, {{0, 1}}, true},
          {"cluster-chain-joins-across-the-x-seam",
           "880 - 950 - seam - 10 is one chain of edges 70 and 60; 500 stands alone.",
           {"METRIC-3", "FIELD-3"}, {"Seam", "Transitive"},
           {{10, 300, 2, 0}, {500, 300, 2, 0}, {950, 300, 2, 0}, {880, 300, 2, 0}}, {}, true},
          {"cluster-chain-joins-across-the-y-seam",
           "y 520 - 595 - seam - 5 is one chain; the bird at (200, 300) stands alone.",
           {"METRIC-3", "FIELD-3"}, {"Seam", "Transitive"},
           {{500, 5, 2, 0}, {200, 300, 2, 0}, {500, 595, 2, 0}, {500, 520, 2, 0}}, {}, true},
          {"bird-at-x-1000-clusters-with-a-bird-across-the-seam",
           "x 1000 stands where x 0 stands: (1000, 130) and (30, 90) are 50 apart, one cluster (a grid must "
           "put x 1000 in the first column, DET-4).",
           {"METRIC-3", "FIELD-2", "FIELD-3"}, {"SizeCoordinate", "Seam"},
           {{1000, 130, 2, 0}, {30, 90, 2, 0}}, {}, true},
          {"cluster-chain-is-transitive",
           "Four birds 80 apart in a row are one cluster though the ends are 240 apart.",
           {"METRIC-3"}, {"Transitive"},
           {{100, 300, 2, 0}, {340, 300, 2, 0}, {180, 300, 2, 0}, {260, 300, 2, 0}}, {}, true},
      }},
      {"The nearest-neighbour limit (METRIC-4, METRIC-5): 270 or more is left out.", {
          {"nearest-at-exactly-270-is-left-out",
           "Two birds exactly 270 apart: both left out, the mean is null.",
           {"METRIC-5"}, {"ExactlyTwoSeventy", "NullMean"},
           {{100, 100, 2, 0}, {370, 100, 2, 0}}, {{0, 1}}, true},
          {"nearest-at-exactly-270-across-both-seams-is-left-out",
           "162-216-270 across both seams: left out, the mean is null.",
           {"METRIC-5", "FIELD-3"}, {"ExactlyTwoSeventy", "Seam", "NullMean"},
           {{900, 500, 2, 0}, {62, 116, 2, 0}}, {{0, 1}}, true},
          {"nearest-one-ulp-inside-270-is-counted",
           "Two birds 270 minus one ulp apart: the mean is that distance.",
           {"METRIC-5"}, {"JustInsideTwoSeventy"},
           {{100, 100, 2, 0}, {along(100, below270), 100, 2, 0}}, {{0, 1}}, true},
          {"isolated-birds-are-left-out-of-the-mean",
           "A pair 10 apart and a pair 280 apart: the mean is 10 over two birds.",
           {"METRIC-4", "METRIC-5"}, {"Isolated"},
           {{100, 100, 2, 0}, {110, 100, 2, 0}, {100, 400, 2, 0}, {380, 400, 2, 0}}, {}, true},
          {"every-bird-isolated-gives-a-null-mean",
           "Four birds 300 or 500 apart: nobody is counted, the mean is null, written as JSON null (SERIAL-4).",
           {"SERIAL-4", "METRIC-5", "METRIC-3"}, {"NullMean"},
           {{0, 0, 2, 0}, {500, 0, 2, 0}, {0, 300, 2, 0}, {500, 300, 2, 0}}, {}, true},
      }},
      {"Candidates within rounding of each other (METRIC-4): the nearest is the smaller distance.", {
          {"nearest-of-two-candidates-2e-11-apart-is-the-smaller",
           "Bird 0 has neighbours at 50 and at 50 + 2e-11, within 2^-40 of each other in d*d: its nearest is "
           "50, not the one seen last.",
           {"METRIC-4"}, {"NearlyEquidistant"},
           {{100, 100, 2, 0}, {150, 100, 0, 2}, {100, 150.00000000002, 2, 0}}},
      }},
      {"Coincident birds (METRIC-4): distance 0 is a nearest neighbour like any other.", {
          {"coincident-birds-have-nearest-distance-0",
           "Two birds in one place: nearest 0 each; the third bird is isolated.",
           {"METRIC-4", "METRIC-5"}, {"Coincident"},
           {{100, 100, 2, 0}, {100, 100, 3, 0}, {400, 400, 2, 0}}, {}, true},
          {"coincident-birds-at-x-0-and-x-1000",
           "x 0 and x 1000 are one place: one cluster, mean 0.",
           {"METRIC-4", "FIELD-2", "FIELD-3"}, {"Coincident", "SizeCoordinate"},
           {{0, 300, 2, 0}, {1000, 300, 2, 0}}, {}, true},
          {"coincident-pair-and-a-bird-30-away",
           "Nearest distances 0, 0 and 30: mean 10.",
           {"METRIC-4", "METRIC-5"}, {"Coincident"},
           {{100, 100, 2, 0}, {100, 100, 2, 0}, {130, 100, 2, 0}}, {}, true},
      }},
      {"Polarization (METRIC-2): the length of the mean unit velocity.", {
          {"aligned-flock-has-polarization-exactly-1",
           "Three birds flying +x at different speeds: exactly 1.",
           {"METRIC-2"}, {"Aligned"},
           {{100, 100, 2, 0}, {300, 100, 3.5, 0}, {700, 100, 1.6, 0}}, {}, true},
          {"aligned-diagonal-flock-has-polarization-1-up-to-rounding",
           "Three birds along 3-4-5: the rounded unit vectors give 1 up to rounding.",
           {"METRIC-2"}, {"Aligned"},
           {{100, 300, 3, 4}, {300, 300, 6, 8}, {500, 300, 1.5, 2}}},
          {"opposed-pair-has-polarization-0",
           "+x at 2 and -x at 3: the unit velocities cancel exactly.",
           {"METRIC-2"}, {"Opposed"},
           {{100, 300, 2, 0}, {300, 300, -3, 0}}, {}, true},
          {"opposed-diagonal-pairs-have-polarization-0",
           "Two opposed pairs on 3-4-5 diagonals: the sums cancel to exactly 0.",
           {"METRIC-2"}, {"Opposed"},
           {{100, 300, 3, 4}, {300, 300, -6, -8}, {500, 300, -4, 3}, {700, 300, 8, -6}}, {}, true},
          {"polarization-averages-unit-velocities-not-velocities",
           "Units (1, 0) and (0, 1): sqrt(0.5), whatever the speeds.",
           {"METRIC-2"}, {"UnitVelocity"},
           {{100, 300, 2, 0}, {300, 300, 0, 3}}},
          {"polarization-of-three-mixed-headings",
           "Units (1, 0), (1, 0), (0, 1): the length of (2/3, 1/3).",
           {"METRIC-2"}, {"UnitVelocity"},
           {{100, 300, 2, 0}, {300, 300, 4, 0}, {500, 300, 0, 2}}},
          {"polarization-of-speeds-at-the-input-bounds",
           "Speeds of 1e150, 1e-150 and 5 (INPUT-9's bounds): units (1, 0), (0, 1) and (-0.6, 0.8), so the "
           "length of (0.4, 1.8) / 3. Weighting by speed gives about 1; float32 overflows.",
           {"METRIC-2", "INPUT-9"}, {"UnitVelocity", "VelocityBound"},
           {{100, 300, 1e150, 0}, {300, 300, 0, 1e-150}, {500, 300, -3, 4}}},
      }},
      {"A lone bird (METRIC-2..5, n = 1).", {
          {"lone-bird-has-polarization-1-one-cluster-and-a-null-mean",
           "One bird: polarization 1, one cluster, no nearest neighbour.",
           {"SERIAL-4", "METRIC-2", "METRIC-3", "METRIC-4", "METRIC-5"}, {"LoneBird", "NullMean"},
           {{500, 300, 2, 0}}, {}, true},
      }},
      {"Cluster edges within an ulp of 90 (METRIC-3, issue 17): the correctly rounded distance decides, "
       "found with integers; two birds are one cluster only when it is below 90.",
       [] {
         auto cases = band_cases(kClusterEdge, "90", "METRIC-3", {10, 40, 1.0}, {2, 3, 0.6}, {990, 40, 1.0, true},
                                 {980, 590, 0.6, true, true}, 2, 3);
         cases.push_back(issue_17_example());
         return cases;
       }()},
      {"The nearest-neighbour limit within an ulp of 270 (METRIC-5, issue 17): the mean is the distance "
       "only when the correctly rounded distance is below 270, else null.",
       band_cases(kNearestLimit, "270", "METRIC-5", {100, 40, 1.0}, {100, 50, 0.6}, {800, 40, 1.0, true},
                  {900, 500, 0.6, true, true}, 1, 2)},
      {"Initial states of seeded runs: tick 0 of the trajectories.", {
          seeded(42, 120), seeded(0, 120), seeded(42, 400), seeded(4294967295u, 400),
      }},
  };
}
// clang-format on

}  // namespace

// A fuzzed state's metrics (fuzz_cases.hpp), in the class of a drawn flock: no
// margin check, since a fuzzed state sits on edges on purpose; whether the
// class is fair to a correct engine is decided by grading it with engines
// on faithful libms (cli/fuzz_command.cpp).
Case metrics_case_of(const std::string& id, const std::string& comment, std::vector<std::string> clauses,
                     std::vector<std::string> flags, const State& state) {
  const Metrics m = measure(state);
  // Unit velocities that nearly cancel leave a polarization far below the
  // rounding of its sums: no ulps class is fair to every correct engine.
  if (ulps_bound(state, m) > kMaxFuzzUlps) {
    throw std::logic_error(id + ": ill-conditioned: a hypot one ulp off may move a metric by more than 2^20 ulps");
  }
  return {id, comment, std::move(clauses), std::move(flags), compare_ulps(max_ulps(state, m)),
          {{"state", state_json(state)}}, metrics_json(m)};
}

VectorFile metrics_vectors() {
  VectorFile f{
      "metrics",
      {"Polarization, cluster count and mean neighbour distance of constructed and seeded states.",
       "Edge pairs stand at distances every hypot returns exactly (axis deltas, 54-72-90, 162-216-270); "
       "every other pair keeps more than 1e-6 from 90 and 270, so a correct engine whose hypot is one ulp "
       "off counts the same clusters and the same birds.",
       "Band cases (flags BandInside, BandOutside, MidpointTie) are the exception: their pair's true "
       "distance lies within an ulp of 90 or 270, found with integers, and only the correctly rounded "
       "distance decides them (spec/grading.md, \"An engine without a correctly rounded hypot\").",
       "cluster_count and null compare exactly in every class. Cases built only from exact speeds and "
       "distances use the exact class. The others allow as many ulps as an engine whose hypot is at most "
       "one ulp off can cost on that state, a worst case bounded from the state's own sums and rounded "
       "up to a power of two (at least 4); an engine with a correctly rounded hypot matches every bit."},
      metrics_notes(),
      {}};
  for (const MetricsGroup& mg : groups()) {
    Group g{mg.comment, Json::object(), {}};
    for (const MetricsCase& c : mg.cases) {
      g.cases.push_back(to_case(c));
    }
    f.groups.push_back(std::move(g));
  }
  return f;
}

// Drawn flocks (drawn_flock: 10..60 birds in a box 100..700 wide), so that
// some pairs are neighbours, some lie between 90 and 270 and some birds
// have no bird within 270. Drawn again until every pair keeps
// kMargin from 90 and 270 (check_case); the class is ulps_bound's, as for
// every published state that is not exact.
std::vector<Group> fresh_metrics_groups(Draws& draw) {
  Group g{"Drawn flocks.", Json::object(), {}};
  for (int k = 1; k <= 3; ++k) {
    auto flock = [&] {
      return MetricsCase{"fresh-" + std::to_string(k), "A drawn flock.",
                         {"METRIC-1", "METRIC-2", "METRIC-3", "METRIC-4", "METRIC-5"}, {"Fresh"},
                         drawn_flock(draw, 10, 60, 100, 700)};
    };
    Case c = drawn_until(100, flock, [](const MetricsCase& m) { return to_case(m); });
    c.id = "fresh-metrics-drawn-" + std::to_string(k);  // to_case names it metrics-...
    g.cases.push_back(std::move(c));
  }
  std::vector<Group> out = {g};
  // Drawn pairs within an ulp of 90 and of 270 (fresh_bands.cpp), checked
  // against the exact decision as the published band cases are.
  for (const auto& [limit, l, rule] : {std::tuple{kClusterEdge, "90", "METRIC-3"}, {kNearestLimit, "270", "METRIC-5"}}) {
    Group band{std::string("Drawn pairs within an ulp of ") + l + " (" + rule + "): the correctly rounded distance decides.",
               Json::object(), {}};
    int k = 0;
    for (const DrawnBand& b : drawn_band_pairs(draw, limit)) {
      std::vector<std::string> clauses = {rule};
      clauses.insert(clauses.end(), b.clauses.begin(), b.clauses.end());
      const std::string name = std::string("band-") + l + "-" + std::to_string(++k) + "-" + b.name;
      MetricsCase c = band_case(name, b.shape + ", within an ulp of " + l + ".", clauses, limit, b.pair);
      c.flags.push_back("Fresh");
      Case fresh = to_case(c);
      fresh.id = "fresh-metrics-" + name;  // to_case names it metrics-...
      band.cases.push_back(std::move(fresh));
    }
    out.push_back(std::move(band));
  }
  // The published constructed cases moved (drawn_move, fresh.hpp), checked
  // again as they were; band cases are drawn anew above, seeded states
  // drawn below.
  for (const MetricsGroup& mg : groups()) {
    Group moved{"Moved: " + mg.comment, Json::object(), {}};
    for (MetricsCase c : mg.cases) {
      if (c.band_inside) continue;
      const std::optional<State> state = drawn_move(draw, c.state);
      if (!state) continue;
      c.state = *state;
      c.flags.insert(c.flags.begin(), "Fresh");
      try {
        Case fresh = to_case(c);
        fresh.id = "fresh-metrics-moved-" + c.name;
        fresh.comment = "Moved by a drawn offset: " + fresh.comment;
        moved.cases.push_back(std::move(fresh));
      } catch (const std::logic_error&) {
        // What the case shows depends on where it stands.
      }
    }
    if (!moved.cases.empty()) out.push_back(std::move(moved));
  }
  const std::uint32_t seed = draw.u32();
  const int n = static_cast<int>(draw.integer(kMinBirds, kMaxBirds));
  Case seeded_case = to_case(seeded(seed, n));
  seeded_case.id = "fresh-metrics-seed-" + std::to_string(seed) + "-" + std::to_string(n) + "-birds-initial-state";
  seeded_case.flags.insert(seeded_case.flags.begin(), "Fresh");
  out.push_back({"The initial state of a drawn seed and bird count.", Json::object(), {std::move(seeded_case)}});
  return out;
}

}  // namespace susurration::generator
