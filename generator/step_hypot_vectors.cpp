// step.json's cases that only a correctly rounded hypot decides (issue 17):
// band pairs within an ulp of 90 and of 28, found with integers
// (hard_cases.hpp), and lone birds or pairs whose hypot lies a tiny
// fraction of an ulp from a midpoint; and the fresh set's drawn band pairs.
#include <functional>
#include <stdexcept>

#include "files.hpp"
#include "fresh.hpp"
#include "hard_cases.hpp"
#include "step_cases.hpp"
#include "susurration/constants.hpp"
#include "susurration/step.hpp"

namespace susurration::generator {
namespace {

// --- band cases (issue 17) -------------------------------------------------

// One band pair as a step case: the birds' velocities show the decision (two
// birds that are neighbours turn; two that are not keep their velocities).
StepCase band_case(const std::string& name, const std::string& shape, std::vector<std::string> clauses,
                   const BandPair& p, double vx_i, double vy_i, double vx_j, double vy_j) {
  const std::string flag = band_flag(p);
  return {name,
          shape + " " + p.position,
          band_clauses(std::move(clauses), flag),
          {flag},
          {{p.i.x, p.i.y, vx_i, vy_i}, {p.j.x, p.j.y, vx_j, vy_j}},
          {},
          {p.inside ? turns({0, 1}) : keeps_velocity({0, 1})},
          false,
          true};
}

// The shapes every limit is tried on: an axis, a 3-4-5 diagonal, across a
// seam, across both; below, above and exactly on the midpoint L - ulp/2, and
// just above L. `sx`, `sy`: where bird i stands for each shape.
struct BandShapes {
  Shape axis, diagonal, seam, both_seams;
  double tie_x, tie_y;
};

std::vector<StepCase> band_cases(double limit, const std::string& l, const BandShapes& s,
                                 const std::vector<std::string>& clauses, Bird vi, Bird vj) {
  auto with = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> all = clauses;
    all.insert(all.end(), extra.begin(), extra.end());
    return all;
  };
  auto make = [&](const std::string& name, const std::string& shape, const std::vector<std::string>& extra,
                  const BandPair& p) { return band_case(name, shape, with(extra), p, vi.vx, vi.vy, vj.vx, vj.vy); };
  const std::string where = "-" + l + "-";
  return {
      make("band" + where + "axis-just-above-the-midpoint-is-outside", "On an axis, within an ulp of " + l + ".",
           {"FIELD-6", "FIELD-4"}, band_pair(limit, s.axis, Band::above_midpoint)),
      make("band" + where + "axis-just-below-the-midpoint-is-inside", "On an axis, within an ulp of " + l + ".",
           {"FIELD-6", "FIELD-4"}, band_pair(limit, s.axis, Band::below_midpoint)),
      make("band" + where + "diagonal-just-above-the-midpoint-is-outside", "On a diagonal, within an ulp of " + l + ".",
           {"FIELD-6", "FIELD-4"}, band_pair(limit, s.diagonal, Band::above_midpoint)),
      make("band" + where + "diagonal-just-below-the-midpoint-is-inside", "On a diagonal, within an ulp of " + l + ".",
           {"FIELD-6", "FIELD-4"}, band_pair(limit, s.diagonal, Band::below_midpoint)),
      make("band" + where + "across-the-seam-just-above-the-midpoint-is-outside",
           "Across the x seam, within an ulp of " + l + ".", {"FIELD-6", "FIELD-4", "FIELD-3"},
           band_pair(limit, s.seam, Band::above_midpoint)),
      make("band" + where + "across-both-seams-just-below-the-midpoint-is-inside",
           "Across both seams on a diagonal, within an ulp of " + l + ".", {"FIELD-6", "FIELD-4", "FIELD-3"},
           band_pair(limit, s.both_seams, Band::below_midpoint)),
      make("band" + where + "exact-tie-at-the-midpoint-is-outside",
           "On a diagonal whose legs and " + l + " - ulp/2 form a Pythagorean triple.", {"FIELD-6", "FIELD-4"},
           tie_pair(limit, s.tie_x, s.tie_y)),
      make("band" + where + "just-above-the-limit-is-outside", "On a diagonal, just past " + l + ".", {"FIELD-4"},
           band_pair(limit, s.diagonal, Band::above_limit)),
  };
}

}  // namespace

std::vector<StepGroup> step_band_groups() {
  const BandShapes at90{{10, 40, 1.0}, {2, 3, 0.6}, {990, 40, 1.0, true}, {980, 590, 0.6, true, true}, 2, 3};
  const BandShapes at28{{4, 10, 1.0}, {1, 2, 0.6}, {995, 10, 1.0, true}, {990, 595, 0.6, true, true}, 1, 2};
  return {
      {"The perception radius within an ulp (STEP-2, issue 17): the correctly rounded distance decides, "
       "found with integers; the birds turn when they are neighbours and keep their velocities otherwise.",
       {1, 1, 1},
       band_cases(kPerceptionRadius, "90", at90, {"STEP-2"}, {0, 0, 2, 0.5}, {0, 0, 0.5, 2.5})},
      {"The separation radius within an ulp (STEP-5, issue 17), separation alone: the birds push apart "
       "only when the correctly rounded distance is below 28.",
       {0, 0, 1},
       band_cases(kSeparationRadius, "28", at28, {"STEP-5"}, {0, 0, 2, 0}, {0, 0, 2, 0})},
  };
}

// --- hard-to-round hypot in the step (issue 17) ----------------------------

// Lone birds whose speed hypot(vx, vy) lies a tiny fraction of an ulp from a
// midpoint, and the clamp's factor limit / speed then differs for the double
// on the other side: a libm that rounds the speed the other way misses the
// bits (pass-tolerant), never the class. Two birds whose separation distance
// is such a hypot do the same through d*d (step_faults.cpp misrounds them).

namespace {

// The first of a few hard legs whose case a misrounding engine gets wrong in
// the last bits (the product or the sum can hide a misrounded hypot).
StepCase first_visible(const std::vector<double>& fractions, int e,
                       const std::function<StepCase(const HardLegs&)>& make, const Weights& w,
                       const Engine& misrounding) {
  for (const double fraction : fractions) {
    const HardLegs legs = hard_hypot_below_midpoint(e, fraction);
    StepCase c = make(legs);
    const State after = step(c.state, w);
    if (after != misrounding(c.state, w)) {
      c.claims.push_back(bitwise_differs_from("rounds this hypot the other way", misrounding));
      return c;
    }
  }
  throw std::logic_error("step: no hard-to-round case shows its misrounding");
}

}  // namespace

StepGroup step_hard_to_round_group() {
  const Weights separation_only{0, 0, 1};
  const std::vector<double> fractions = {0.1, 0.3, 0.5, 0.7, 0.9, 0.2, 0.4, 0.6, 0.8};
  auto lone = [](std::string name, std::string what, std::string clamp) {
    return [name, what, clamp](const HardLegs& legs) -> StepCase {
      return {name, what + " " + legs.position, {"DET-2", "STEP-7"}, {"HardToRound", clamp},
              {{500, 300, legs.dx, legs.dy}}, {}, {}};
    };
  };
  StepCase fast = first_visible(fractions, 2,
                                lone("hard-to-round-speed-above-4-2", "A lone bird whose speed (about 5) is a "
                                                                      "hard-to-round hypot, clamped to 4.2.", "MaxSpeed"),
                                separation_only, misrounded_clamp);
  // Speeds below 1.6 only: fractions under 0.6 of the binade [1, 2).
  StepCase slow = first_visible({0.1, 0.2, 0.3, 0.4, 0.5, 0.05, 0.15, 0.25, 0.35, 0.45}, 0,
                                   lone("hard-to-round-speed-below-1-6", "A lone bird whose speed (about 1.3) "
                                                                         "is a hard-to-round hypot, clamped to 1.6.", "MinSpeed"),
                                   separation_only, misrounded_clamp);
  StepCase pair = first_visible(
      fractions, 4,
      [](const HardLegs& legs) -> StepCase {
        return {"hard-to-round-separation-distance",
                "Two birds about 24 apart whose distance is a hard-to-round hypot, separation alone. " + legs.position,
                {"DET-2", "STEP-5"},
                {"HardToRound"},
                {{1, 2, 2, 0}, {along(1, legs.dx), along(2, legs.dy), 2, 0}},
                {},
                {}};
      },
      separation_only, misrounded_separation);
  return {"Hard-to-round hypot in the step (DET-2, issue 17), separation alone: a correctly rounded engine "
          "gets every bit; one whose hypot rounds these the other way is pass-tolerant.",
          separation_only,
          {fast, slow, pair}};
}

// The fresh band cases (fresh.hpp): drawn pairs within an ulp of 90 and of
// 28, as step cases with the published band groups' weights and velocities
// and the same claims (they turn when inside, keep their velocities when not).
std::vector<Group> fresh_step_band_groups(Draws& draw) {
  struct Limit {
    double limit;
    std::string l, rule;
    Weights weights;
    Bird vi, vj;
  };
  const Limit limits[] = {{kPerceptionRadius, "90", "STEP-2", {1, 1, 1}, {0, 0, 2, 0.5}, {0, 0, 0.5, 2.5}},
                          {kSeparationRadius, "28", "STEP-5", {0, 0, 1}, {0, 0, 2, 0}, {0, 0, 2, 0}}};
  std::vector<Group> groups;
  for (const Limit& at : limits) {
    Group g{"Drawn pairs within an ulp of " + at.l + " (" + at.rule + "): the correctly rounded distance decides.",
            {{"weights", weights_json(at.weights)}}, {}};
    int k = 0;
    for (const DrawnBand& b : drawn_band_pairs(draw, at.limit)) {
      std::vector<std::string> clauses = {at.rule};
      clauses.insert(clauses.end(), b.clauses.begin(), b.clauses.end());
      const std::string name = "band-" + at.l + "-" + std::to_string(++k) + "-" + b.name;
      StepCase c = band_case(name, b.shape + ", within an ulp of " + at.l + ".", clauses, b.pair, at.vi.vx, at.vi.vy,
                             at.vj.vx, at.vj.vy);
      c.flags.push_back("Fresh");
      Case fresh = to_case(c, at.weights);
      fresh.id = "fresh-step-" + name;  // to_case names it step-...
      g.cases.push_back(std::move(fresh));
    }
    groups.push_back(std::move(g));
  }
  return groups;
}

}  // namespace susurration::generator
