// step.json: single steps from constructed states, each built to sit on one
// rule's edge (STEP-1..8, WEIGHTS-1, FIELD-2, FIELD-3, FIELD-5, STATE-2).
//
// Conventions: i, j bird indices; d a torus distance; an *edge pair* is a pair
// built to sit exactly on the 90 or 28 radius, or one ulp inside it.
//
// Every case is checked here before it is published (std::logic_error on a
// broken case): its state passes INPUT-9; its edge pairs stand at distances
// that any hypot returns exactly; every other pair keeps 1e-6 away from 90
// and 28, so a correct engine whose hypot is one ulp off cannot flip a rule;
// and the step shows what the case claims (a velocity kept or turned, a
// speed clamped, a faulty engine visibly wrong).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>

#include "constructed_states.hpp"
#include "files.hpp"
#include "fresh.hpp"
#include "step_terms.hpp"
#include "hard_cases.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/inputs.hpp"
#include "susurration/step.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace {


const double kBelow90 = std::nextafter(kPerceptionRadius, 0.0);
const double kBelow28 = std::nextafter(kSeparationRadius, 0.0);
constexpr double kTiny = 0x1p-54;  // half an ulp of 0.25: 0.25 - (0.25 + kTiny) is -kTiny

// A statement about the reference's step of a case, checked at generation.
struct Claim {
  std::string says;
  std::function<bool(const State& before, const Weights& w, const State& after)> holds;
};

struct StepCase {
  std::string name;
  std::string comment;
  std::vector<std::string> clauses;
  std::vector<std::string> flags;
  State state;
  std::vector<Pair> edges = {};
  std::vector<Claim> claims = {};
  // Published with the exact class: the fault it hunts moves numbers by less
  // than 1e-9, and every correct engine gets these bits (checked below).
  bool exact = false;
  // A band case (hard_cases.hpp): its pair sits within an ulp of a limit on
  // purpose, so the margin check gives way to INPUT-9 and the claims, which
  // the exact decision of hard_cases.cpp sets.
  bool band = false;
};

struct StepGroup {
  std::string comment;
  Weights weights;
  std::vector<StepCase> cases;
};

// INPUT-9, the exact edge pairs, and the margin of every other pair.
void check_case(const std::string& id, const StepCase& c) {
  generator::check_constructed(id, c.state, c.edges, {kPerceptionRadius, kSeparationRadius});
}

// One fault per case: only the clamp's own cases may reach 1.6 or 4.2.
bool about_the_clamp(const StepCase& c) {
  return std::any_of(c.flags.begin(), c.flags.end(), [](const std::string& flag) {
    return flag == "MinSpeed" || flag == "MaxSpeed" || flag == "ZeroSpeed" || flag == "SubnormalSpeed";
  });
}

void check_clamp_not_reached(const std::string& id, const State& after) {
  for (const Bird& b : after) {
    const double speed = cr_hypot(b.vx, b.vy);
    if (!(speed > kMinSpeed + kMargin && speed < kMaxSpeed - kMargin)) {
      throw std::logic_error(id + ": a speed reaches the clamp in a case about another rule");
    }
  }
}

// What makes the exact class fair: every distance that reaches the
// arithmetic (0 < d < 28, through d*d) is exact, and every new speed sits
// inside the clamp, where the factor is exactly 1 whatever hypot returns.
void check_engine_independent(const std::string& id, const State& before, const State& after) {
  for (std::size_t i = 0; i < before.size(); ++i) {
    for (std::size_t j = 0; j < before.size(); ++j) {
      const Delta delta = torus_delta(before[i], before[j]);
      const double d = torus_distance(delta);
      if (i != j && d > 0 && d < kSeparationRadius && !exact_hypot(delta.dx, delta.dy)) {
        throw std::logic_error(id + ": exact class with an inexact separation distance");
      }
    }
  }
  check_clamp_not_reached(id, after);
}

// --- claims ---------------------------------------------------------------

double largest_difference(const State& a, const State& b) {
  double most = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (const double diff :
         {std::abs(torus_delta(a[i].x, b[i].x, kWidth)), std::abs(torus_delta(a[i].y, b[i].y, kHeight)),
          std::abs(a[i].vx - b[i].vx), std::abs(a[i].vy - b[i].vy)}) {
      most = std::isnan(diff) ? std::numeric_limits<double>::infinity() : std::max(most, diff);
    }
  }
  return most;
}

Claim keeps_velocity(std::vector<std::size_t> birds) {
  return {"the birds keep their velocities",
          [birds](const State& before, const Weights&, const State& after) {
            return std::all_of(birds.begin(), birds.end(), [&](std::size_t i) {
              return after[i].vx == before[i].vx && after[i].vy == before[i].vy;
            });
          }};
}

Claim turns(std::vector<std::size_t> birds) {
  return {"the birds' velocities change visibly",
          [birds](const State& before, const Weights&, const State& after) {
            return std::all_of(birds.begin(), birds.end(), [&](std::size_t i) {
              return std::max(std::abs(after[i].vx - before[i].vx), std::abs(after[i].vy - before[i].vy)) >
                     kVisible;
            });
          }};
}

Claim speed_becomes(std::size_t i, double speed) {
  return {"the speed is clamped", [i, speed](const State&, const Weights&, const State& after) {
            return std::abs(cr_hypot(after[i].vx, after[i].vy) - speed) < 1e-12;
          }};
}

Claim lands_on(std::size_t i, double x, double y) {
  return {"the bird lands on the given place", [i, x, y](const State&, const Weights&, const State& after) {
            return after[i].x == x && after[i].y == y;
          }};
}

// A faulty engine, written in terms of the reference's step.
using Engine = std::function<State(const State&, const Weights&)>;

// Bird i leaves along (dx, dy): its new velocity is a positive multiple of
// it, within what a hypot one ulp off could change.
Claim heads_along(std::size_t i, double dx, double dy) {
  return {"the bird leaves along the given direction", [i, dx, dy](const State&, const Weights&, const State& after) {
            const double n = std::hypot(dx, dy);
            const double s = std::hypot(after[i].vx, after[i].vy);
            return std::abs(after[i].vx / s - dx / n) < kVisible && std::abs(after[i].vy / s - dy / n) < kVisible;
          }};
}

Claim visibly_differs_from(std::string fault, Engine faulty) {
  return {"an engine that " + fault + " fails the step class",
          [faulty](const State& before, const Weights& w, const State& after) {
            return largest_difference(after, faulty(before, w)) > kVisible;
          }};
}

Claim bitwise_differs_from(std::string fault, Engine faulty) {
  return {"an engine that " + fault + " fails the exact class",
          [faulty](const State& before, const Weights& w, const State& after) {
            return after != faulty(before, w);
          }};
}

// STEP-1 broken: bird i sees birds 0..i-1 already moved.
State in_place(const State& s, const Weights& w) {
  State flock = s;
  for (std::size_t i = 0; i < flock.size(); ++i) {
    flock[i] = step(flock, w)[i];
  }
  return flock;
}

// STATE-2 broken: every sum runs in decreasing index order.
State reversed_sums(const State& s, const Weights& w) {
  State flock(s.rbegin(), s.rend());
  flock = step(flock, w);
  return State(flock.rbegin(), flock.rend());
}

// FIELD-2 broken: a coordinate equal to the size is taken as 0 before moving.
State size_as_zero(const State& s, const Weights& w) {
  State flock = s;
  for (Bird& b : flock) {
    b.x = b.x == kWidth ? 0.0 : b.x;
    b.y = b.y == kHeight ? 0.0 : b.y;
  }
  return step(flock, w);
}

// STATE-1 broken: the state is stored in float32 between steps.
State float32_state(const State& s, const Weights& w) {
  auto narrow = [](State flock) {
    for (Bird& b : flock) {
      b = {static_cast<float>(b.x), static_cast<float>(b.y), static_cast<float>(b.vx),
           static_cast<float>(b.vy)};
    }
    return flock;
  };
  return narrow(step(narrow(s), w));
}

// STEP-3 broken: cohesion steers toward the neighbours' mean position, not
// their mean torus delta, which is the same only away from the seam.
State cohesion_toward_mean_position(const State& s, const Weights& w) {
  State flock = step(s, {0, w.alignment, w.separation});
  for (std::size_t i = 0; i < s.size(); ++i) {
    double sx = 0, sy = 0;
    int k = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      if (j != i && cr_hypot(torus_delta(s[i].x, s[j].x, kWidth), torus_delta(s[i].y, s[j].y, kHeight)) < 90) {
        sx += s[j].x;
        sy += s[j].y;
        ++k;
      }
    }
    if (k > 0) {
      flock[i].vx += (sx / k - s[i].x) * (w.cohesion * kCohesionScale);
      flock[i].vy += (sy / k - s[i].y) * (w.cohesion * kCohesionScale);
    }
  }
  return flock;
}

// STEP-4 broken: alignment subtracts the bird's own velocity before
// dividing by k, (Svx - vx) / k, which is the same only for k = 1.
State alignment_subtracts_first(const State& s, const Weights& w) {
  State flock = step(s, {w.cohesion, 0, w.separation});
  for (std::size_t i = 0; i < s.size(); ++i) {
    double svx = 0, svy = 0;
    int k = 0;
    for (std::size_t j = 0; j < s.size(); ++j) {
      if (j != i && cr_hypot(torus_delta(s[i].x, s[j].x, kWidth), torus_delta(s[i].y, s[j].y, kHeight)) < 90) {
        svx += s[j].vx;
        svy += s[j].vy;
        ++k;
      }
    }
    if (k > 0) {
      flock[i].vx += (svx - s[i].vx) / k * (w.alignment * kAlignmentScale);
      flock[i].vy += (svy - s[i].vy) / k * (w.alignment * kAlignmentScale);
    }
  }
  return flock;
}

// STEP-8 broken: the bird moves by its start-of-tick velocity, not by the
// clamped one it leaves with.
State moves_by_old_velocity(const State& s, const Weights& w) {
  State flock = step(s, w);
  for (std::size_t i = 0; i < s.size(); ++i) {
    flock[i].x = wrapped(s[i].x + s[i].vx, kWidth);
    flock[i].y = wrapped(s[i].y + s[i].vy, kHeight);
  }
  return flock;
}

// STEP-8 broken: x moves by vy and y by vx.
State swapped_move(const State& s, const Weights& w) {
  State flock = step(s, w);
  for (std::size_t i = 0; i < s.size(); ++i) {
    flock[i].x = wrapped(s[i].x + flock[i].vy, kWidth);
    flock[i].y = wrapped(s[i].y + flock[i].vx, kHeight);
  }
  return flock;
}

// SERIAL-1 and STATE-1 broken: subnormals are flushed to zero, on the way
// in and on the way out (a build with flush-to-zero, or a writer that
// prints too few exponent digits).
State flushes_subnormals(const State& s, const Weights& w) {
  auto flush = [](State flock) {
    for (Bird& b : flock) {
      for (double* v : {&b.x, &b.y, &b.vx, &b.vy}) {
        if (std::fpclassify(*v) == FP_SUBNORMAL) *v = std::copysign(0.0, *v);
      }
    }
    return flock;
  };
  return flush(step(flush(s), w));
}

// STEP-6 broken: the three forces are summed first and added to v once,
// v + ((c + a) + s), which rounds differently from ((v + c) + a) + s. Its
// cases keep every speed inside the clamp's range, where f is exactly 1.
State forces_summed_first(const State& s, const Weights& w) {
  const auto terms = step_terms(s, w);
  State flock = s;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto& t = terms[i];
    double ux = s[i].vx + ((t[0] + t[2]) + t[4]);
    double uy = s[i].vy + ((t[1] + t[3]) + t[5]);
    const double sp = cr_hypot(ux, uy);
    const double f = std::min(std::max(sp, kMinSpeed), kMaxSpeed) / sp;
    ux *= f;
    uy *= f;
    flock[i] = {wrapped(s[i].x + ux, kWidth), wrapped(s[i].y + uy, kHeight), ux, uy};
  }
  return flock;
}

Engine with_weights(Weights other) {
  return [other](const State& s, const Weights&) { return step(s, other); };
}

// --- the cases --------------------------------------------------------------

Case to_case(const StepCase& c, const Weights& w) {
  const std::string id = "step-" + c.name;
  if (c.band) {
    check_constructed(id, c.state, {}, {});
  } else {
    check_case(id, c);
  }
  const State after = step(c.state, w);
  for (const Claim& claim : c.claims) {
    if (!claim.holds(c.state, w, after)) {
      throw std::logic_error(id + ": the case does not show that " + claim.says);
    }
  }
  if (c.exact) {
    check_engine_independent(id, c.state, after);
  }
  if (!about_the_clamp(c)) {
    check_clamp_not_reached(id, after);
  }
  // The terms that act in the case are checked by it too: a wrong
  // constant in one of them fails it, whatever its first clause is about.
  std::vector<std::string> clauses = c.clauses;
  const auto terms = step_terms(c.state, w);
  for (std::size_t t = 0; t < 3; ++t) {
    const std::string clause = "STEP-" + std::to_string(3 + t);
    const bool acts = std::any_of(terms.begin(), terms.end(),
                                  [t](const auto& row) { return row[2 * t] != 0 || row[2 * t + 1] != 0; });
    if (acts && std::find(clauses.begin(), clauses.end(), clause) == clauses.end()) clauses.push_back(clause);
  }
  // So is STEP-6's lone bird, when one has no neighbour.
  const bool lone = std::any_of(terms.begin(), terms.end(), [](const auto& row) { return row[6] == 0; });
  if (lone && std::find(clauses.begin(), clauses.end(), "STEP-6") == clauses.end()) clauses.push_back("STEP-6");
  return {id,
          c.comment,
          clauses,
          c.flags,
          c.exact ? compare_exact() : compare_step(),
          {{"state", state_json(c.state)}},
          {{"state", state_json(after)}}};
}

// Eight birds with six pairs inside 28 (20, 24 and 25 on axes and on 3-4-5
// diagonals, all exact), most pairs inside 90 and a few beyond; velocities
// with long binary expansions so that every sum rounds.
const State kCrowd = {{200, 200, 2.1, -0.7},  {212, 216, -1.3, 2.2},  {224, 200, 0.4, 2.9},
                      {236, 216, -2.6, -1.1}, {200, 176, 1.7, 1.9},   {251, 236, -0.3, -3.1},
                      {293, 205, 2.45, 0.35}, {150, 260, -1.05, 1.85}};

// The same crowd with bird 0 heading 1.65 along x, not 2.1: at weights 0.5,
// 0.8, 0.3 every sum of kCrowd happens to round alike in either order, and
// this one velocity is enough for the reversed order to change bits.
const State kCrowdAtOtherWeights = [] {
  State crowd = kCrowd;
  crowd[0].vx = 1.65;
  return crowd;
}();

StepCase weight_case(std::string name, std::string comment, std::vector<std::string> clauses,
                     std::string flag, Weights faulty) {
  return {std::move(name),
          std::move(comment),
          std::move(clauses),
          {std::move(flag)},
          kCrowd,
          {},
          {visibly_differs_from("applies other weights", with_weights(faulty))}};
}

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

std::vector<StepGroup> band_groups() {
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
// is such a hypot do the same through d*d.
State misrounded_clamp(const State& s, const Weights&) {
  const Bird& b = s[0];
  const double speed = hypot_misrounded(b.vx, b.vy);
  const double f = std::min(std::max(speed, kMinSpeed), kMaxSpeed) / speed;
  const double ux = b.vx * f, uy = b.vy * f;
  return {{wrap_coordinate(b.x + ux, kWidth), wrap_coordinate(b.y + uy, kHeight), ux, uy}};
}

State misrounded_separation(const State& s, const Weights& w) {
  State after = s;
  for (std::size_t i = 0; i < 2; ++i) {
    const Delta delta = torus_delta(s[i], s[1 - i]);
    const double d = hypot_misrounded(delta.dx, delta.dy);
    const double d2 = d * d;
    const double ux = s[i].vx + (-delta.dx / d2) * (w.separation * kSeparationScale);
    const double uy = s[i].vy + (-delta.dy / d2) * (w.separation * kSeparationScale);
    after[i] = {wrap_coordinate(s[i].x + ux, kWidth), wrap_coordinate(s[i].y + uy, kHeight), ux, uy};
  }
  return after;
}

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

StepGroup hard_to_round_group() {
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

// The tables below are laid out by hand, one case to a few lines:
// name, comment; clauses, flags; state, edge pairs, claims[, exact].
// clang-format off
std::vector<StepGroup> groups() {
  const Weights full{1, 1, 1};
  std::vector<StepGroup> g;
  g.push_back({"The perception radius (STEP-2): exactly 90 is out, one ulp less is in.", full, {
      {"neighbour-at-exactly-90-on-an-axis-is-ignored",
       "Two birds exactly 90 apart along x keep their velocities.",
       {"STEP-2", "STEP-6"}, {"ExactlyNinety"},
       {{100, 100, 2, 0}, {190, 100, 0, 2}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-90-on-a-diagonal-is-ignored",
       "Two birds 54-72-90 apart keep their velocities.",
       {"STEP-2", "STEP-6"}, {"ExactlyNinety"},
       {{100, 100, 2, 0}, {154, 172, 0, 2}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-90-across-the-seam-is-ignored",
       "x 960 and x 50 are exactly 90 apart the short way round.",
       {"STEP-2", "FIELD-3"}, {"ExactlyNinety", "Seam"},
       {{960, 300, 2, 0}, {50, 300, 0, 2}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-one-ulp-inside-90-on-x-is-a-neighbour",
       "90 minus one ulp apart along x: both birds steer.",
       {"STEP-2", "STEP-3", "STEP-4"}, {"JustInsideNinety"},
       {{10, 100, 2, 0}, {along(10, kBelow90), 100, 0, 2}}, {{0, 1}}, {turns({0, 1})}},
      {"neighbour-one-ulp-inside-90-on-y-is-a-neighbour",
       "90 minus one ulp apart along y: both birds steer.",
       {"STEP-2", "STEP-3", "STEP-4"}, {"JustInsideNinety"},
       {{300, 10, 2, 0}, {300, along(10, kBelow90), 0, 2.5}}, {{0, 1}}, {turns({0, 1})}},
  }});
  g.push_back({"The torus (FIELD-2, FIELD-3): neighbours across the seam and at the size.", full, {
      {"neighbour-across-the-x-seam-is-a-neighbour",
       "x 980 and x 30 are 50 apart across the seam.",
       {"FIELD-3", "STEP-2"}, {"Seam"},
       {{980, 300, 2, 0}, {30, 300, 0, 2}}, {}, {turns({0, 1})}},
      {"neighbour-across-the-y-seam-is-a-neighbour",
       "y 570 and y 20 are 50 apart across the seam.",
       {"FIELD-3", "STEP-2"}, {"Seam"},
       {{400, 570, 2, 0}, {400, 20, 0, 2}}, {}, {turns({0, 1})}},
      {"neighbour-across-both-seams-is-a-neighbour",
       "(990, 590) and (30, 40) are 40-50 apart across the corner.",
       {"FIELD-3", "STEP-2"}, {"Seam"},
       {{990, 590, 2, 0}, {30, 40, 0, 2}}, {}, {turns({0, 1})}},
      {"bird-at-x-1000-sees-a-neighbour-across-the-seam",
       "A bird at x 1000 and one at x 30 are 30 apart.",
       {"FIELD-2", "FIELD-3", "STEP-2"}, {"SizeCoordinate", "Seam"},
       {{1000, 300, 2, 0}, {30, 300, 0, 2}}, {}, {turns({0, 1})}},
      {"coincident-birds-at-x-0-and-x-1000-still-align",
       "x 0 and x 1000 are one place: alignment acts, nothing divides by 0.",
       {"FIELD-2", "FIELD-3", "STEP-4", "STEP-5"}, {"SizeCoordinate", "Coincident"},
       {{0, 300, 2, 0}, {1000, 300, 0, 2}}, {}, {turns({0, 1})}},
  }});
  g.push_back({"The wrap (FIELD-5, STEP-8) on lone birds: every correct engine gets these bits.", full, {
      {"tiny-negative-x-wraps-to-exactly-1000",
       "x 0.25 moves by -(0.25 + 2^-54) to -2^-54, which wraps to 1000.0 and stays.",
       {"FIELD-5", "STEP-8", "FIELD-2"}, {"TinyNegativeWrap"},
       {{0.25, 300, -(0.25 + kTiny), -2}}, {}, {lands_on(0, kWidth, 298)}, true},
      {"tiny-negative-y-wraps-to-exactly-600",
       "y 0.25 moves by -(0.25 + 2^-54) to -2^-54, which wraps to 600.0 and stays.",
       {"FIELD-5", "STEP-8", "FIELD-2"}, {"TinyNegativeWrap"},
       {{300, 0.25, 2, -(0.25 + kTiny)}}, {}, {lands_on(0, 302, kHeight)}, true},
      {"move-ending-exactly-on-x-1000-wraps-to-0",
       "x 998 moves by exactly 2 to 1000.0, which is the size: it wraps to 0.0 (p >= size, not p > size).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{998, 300, 2, 1}}, {}, {lands_on(0, 0, 301)}, true},
      {"move-ending-exactly-on-y-600-wraps-to-0",
       "y 598 moves by exactly 2 to 600.0, which is the size: it wraps to 0.0 (p >= size, not p > size).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{300, 598, 1, 2}}, {}, {lands_on(0, 301, 0)}, true},
      {"move-ending-exactly-on-x-0-stays-at-0",
       "x 2 moves by exactly -2 to 0.0, which is on the field: it stays 0.0 (p < 0, not p <= 0).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{2, 300, -2, 1}}, {}, {lands_on(0, 0, 301)}, true},
      {"move-ending-exactly-on-y-0-stays-at-0",
       "y 2 moves by exactly -2 to 0.0, which is on the field: it stays 0.0 (p < 0, not p <= 0).",
       {"FIELD-5", "STEP-8"}, {"LandsOnTheSeam"},
       {{300, 2, 1, -2}}, {}, {lands_on(0, 301, 0)}, true},
      {"bird-at-x-1000-moves-on-from-1000",
       "A bird starting at x 1000 moves to (1000 + 2.3) - 1000, not to 2.3.",
       {"FIELD-2", "FIELD-5", "STEP-8"}, {"SizeCoordinate"},
       {{1000, 300, 2.3, 1.1}}, {}, {bitwise_differs_from("treats x 1000 as 0", size_as_zero)}, true},
      {"bird-at-y-600-moves-on-from-600",
       "A bird starting at y 600 moves to (600 + 2.3) - 600, not to 2.3.",
       {"FIELD-2", "FIELD-5", "STEP-8"}, {"SizeCoordinate"},
       {{300, 600, 1.1, 2.3}}, {}, {bitwise_differs_from("treats y 600 as 0", size_as_zero)}, true},
  }});
  g.push_back({"Lone birds (STEP-6): no force at all, but the clamp still applies (STEP-7).", full, {
      {"lone-bird-keeps-its-velocity",
       "One bird, no neighbours: u = v, nothing divides by k = 0.",
       {"STEP-6", "STEP-8"}, {"LoneBird"},
       {{500, 300, 2.5, -1}}, {}, {keeps_velocity({0})}},
      {"lone-bird-keeps-the-sign-of-a-zero-velocity",
       "vy -0.0 stays -0.0 (f is exactly 1); an engine that writes it as 0 loses the sign.",
       {"SERIAL-1", "STEP-6"}, {"SignOfZero"},
       {{300, 200, 2, -0.0}}, {}, {keeps_velocity({0})}, true},
      {"lone-bird-moves-by-float64-values",
       "Values with more digits than a float32 holds: p + v in doubles.",
       {"STATE-1", "STEP-8"}, {"Float64"},
       {{123.456789012345, 234.56789012345, 1.23456789012345, 2.3456789012345}}, {},
       {visibly_differs_from("stores the state in float32", float32_state)}},
      // The two that isolate STATE-3: a state handed over out of the speed
      // band is inside it after one step.
      {"lone-bird-faster-than-4-2-is-clamped-to-4-2",
       "A constructed state may start too fast; the first step clamps it.",
       {"STATE-3", "STEP-6", "STEP-7"}, {"LoneBird", "MaxSpeed"},
       {{500, 300, 4.5, -2.5}}, {}, {speed_becomes(0, kMaxSpeed)}},
      {"lone-bird-slower-than-1-6-is-clamped-to-1-6",
       "A constructed state may start too slow; the first step clamps it.",
       {"STATE-3", "STEP-6", "STEP-7"}, {"LoneBird", "MinSpeed"},
       {{500, 300, 0.3, -0.4}}, {}, {speed_becomes(0, kMinSpeed)}},
      {"lone-bird-keeps-a-position-float32-cannot-hold",
       "x is the double just above 500, 500 + 2^-44: vx 0 keeps it, and only a float64 state holds it.",
       {"STATE-1", "STEP-8"}, {"Float64"},
       {{std::nextafter(500.0, 1000.0), 300, 0, 2}}, {},
       {bitwise_differs_from("stores the state in float32", float32_state)}, true},
      {"lone-bird-carries-a-subnormal-velocity-component",
       "vx 2^-1074, the least double, with vy 2: the speed is 2, f exactly 1, and x 0 moves to 2^-1074. Written "
       "in the shortest form that reads back (SERIAL-1), it is 5e-324, never 0.",
       {"SERIAL-1", "STATE-1", "STEP-8"}, {"SubnormalValue"},
       {{0, 300, std::numeric_limits<double>::denorm_min(), 2}}, {},
       {keeps_velocity({0}), bitwise_differs_from("flushes subnormals to zero", flushes_subnormals)}, true},
  }});
  g.push_back({"The move (STEP-8): by the velocity the bird leaves with.", full, {
      {"lone-birds-move-each-axis-by-its-own-component",
       "Two lone birds far apart keep their velocities and move by them: x by vx, y by vy.",
       {"STEP-8", "STEP-6"}, {"LoneBird"},
       {{500, 300, 1.5, -2.25}, {100, 500, -2.5, 0.75}}, {},
       {keeps_velocity({0, 1}), visibly_differs_from("moves x by vy and y by vx", swapped_move)}},
      {"clamped-bird-moves-by-its-clamped-velocity",
       "A lone bird at speed 5, (3, 4), is clamped to (2.52, 3.36) and moves by that, not by (3, 4).",
       {"STEP-8", "STEP-7"}, {"LoneBird", "MaxSpeed"},
       {{500, 300, 3, 4}}, {},
       {speed_becomes(0, kMaxSpeed), visibly_differs_from("moves by its start-of-tick velocity", moves_by_old_velocity)}},
  }});
  g.push_back({"The separation radius (STEP-5) and the zero-speed clamp (STEP-7), separation alone.",
               {0, 0, 1}, {
      {"birds-at-the-same-position-do-not-separate",
       "Two birds in one place: no separation term, no NaN.",
       {"STEP-5"}, {"Coincident"},
       {{100, 100, 2, 0}, {100, 100, 0, 2}}, {}, {keeps_velocity({0, 1})}},
      {"birds-at-x-0-and-x-1000-do-not-separate",
       "x 0 and x 1000 are one place on the torus: distance 0.",
       {"STEP-5", "FIELD-2", "FIELD-3"}, {"Coincident", "SizeCoordinate"},
       {{0, 300, 2, 0}, {1000, 300, 0, 2}}, {}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-28-does-not-separate",
       "Two birds exactly 28 apart along x keep their velocities.",
       {"STEP-5"}, {"ExactlyTwentyEight"},
       {{100, 100, 2, 0}, {128, 100, 2, 0}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-at-exactly-28-across-the-y-seam-does-not-separate",
       "y 590 and y 18 are exactly 28 apart across the seam.",
       {"STEP-5", "FIELD-3"}, {"ExactlyTwentyEight", "Seam"},
       {{500, 590, 2, 0}, {500, 18, 2, 0}}, {{0, 1}}, {keeps_velocity({0, 1})}},
      {"neighbour-one-ulp-inside-28-on-x-separates",
       "28 minus one ulp apart along x: the birds push apart.",
       {"STEP-5"}, {"JustInsideTwentyEight"},
       {{4, 100, 2, 0}, {along(4, kBelow28), 100, 2, 0}}, {{0, 1}}, {turns({0, 1})}},
      {"neighbour-one-ulp-inside-28-on-y-separates",
       "28 minus one ulp apart along y: the birds push apart.",
       {"STEP-5"}, {"JustInsideTwentyEight"},
       {{300, 4, 0, 2}, {300, along(4, kBelow28), 0, 2}}, {{0, 1}}, {turns({0, 1})}},
      {"birds-either-side-of-the-seam-separate-the-short-way",
       "x 5 and x 995 are 10 apart: pushed apart across the seam.",
       {"STEP-5", "FIELD-3"}, {"Seam"},
       {{5, 300, 2, 0}, {995, 300, 2, 0}}, {}, {turns({0, 1})}},
      {"zero-new-velocity-keeps-the-old-direction-at-1-6",
       "Separation -2.5 cancels vx 2.5: bird 0 keeps +x at 1.6; bird 1 reaches 5 and clamps to 4.2.",
       {"STEP-7", "STEP-5"}, {"ZeroSpeed", "MaxSpeed"},
       {{100, 100, 2.5, 0}, {101, 100, 2.5, 0}}, {},
       {speed_becomes(0, kMinSpeed), speed_becomes(1, kMaxSpeed), lands_on(0, 101.6, 100)}},
      {"separation-above-4-2-is-clamped-to-4-2",
       "Separation pushes bird 1 to speed 4.28: clamped to 4.2.",
       {"STEP-7", "STEP-5"}, {"MaxSpeed"},
       {{100, 100, 4, 0.5}, {110, 100, 4, 0.5}}, {}, {speed_becomes(1, kMaxSpeed)}},
  }});
  g.push_back({"Alignment alone (STEP-4), and the minimum speed it can reach (STEP-7).", {0, 1, 0}, {
      {"alignment-divides-the-neighbours-sum-before-subtracting",
       "Three birds 40 to 57 apart: each steers by (Svx / 2 - vx) * 0.05, not (Svx - vx) / 2 * 0.05.",
       {"STEP-4"}, {"AlignmentFormula"},
       {{100, 100, 2, 0}, {140, 100, 0, 2}, {100, 140, -1, 1.5}}, {},
       {turns({0, 1, 2}), visibly_differs_from("subtracts before dividing by k", alignment_subtracts_first)}},
      {"alignment-below-1-6-is-clamped-to-1-6",
       "Opposite neighbours slow each other from 1.7 to 1.53: clamped up to 1.6.",
       {"STEP-7", "STEP-4"}, {"MinSpeed"},
       {{100, 100, 1.7, 0}, {150, 100, -1.7, 0}}, {},
       {speed_becomes(0, kMinSpeed), speed_becomes(1, kMinSpeed)}},
  }});
  // Weights [1, 0.625, 1]: 0.625 * 0.05 rounds to 2^-5 exactly, so every
  // product below is exact and an engine that fuses multiply-adds, sums in
  // another order or has a hypot one ulp off gets the same subnormal. By
  // hand for bird 0 (neighbours 40 away, no separation): uy = (1 + 0) +
  // (-31 - 1) * 2^-5 = 0 exactly; ux = 0 + (2e-310 / 2) * 0.0045, about 4.5e-313.
  g.push_back({"A new speed cancelled to a subnormal (STEP-7, AMB-31).", {1, 0.625, 1}, {
      {"subnormal-new-velocity-keeps-the-old-direction-at-1-6",
       "Forces cancel v (0, 1) to about (4.5e-313, 0): bird 0 keeps +y at 1.6, not +x.",
       {"STEP-7", "STEP-6"}, {"SubnormalSpeed", "MaxSpeed"},
       {{0, 0, 0, 1}, {1e-310, 40, 0, -31}, {1e-310, 560, 0, -31}}, {},
       {speed_becomes(0, kMinSpeed), speed_becomes(1, kMaxSpeed), lands_on(0, 0, kMinSpeed)}},
  }});
  // Alignment with a neighbour at -31 v cancels bird 0's velocity exactly:
  // 0.625 * 0.05 rounds to 2^-5, and 2^-5 * (-32) = -1 per component with
  // no rounding, so an engine that fuses multiply-adds cancels it too. What
  // is left is the separation push alone, made subnormal by a separation
  // weight near 2^-1022: both components subnormal, the speed either side
  // of the smallest normal.
  // STEP-7 decides on the correctly rounded speed, which is 30% from the
  // boundary in both cases: every hypot agrees.
  g.push_back({"A new velocity of two subnormal components (STEP-7, AMB-31): speed 0.7 * 2^-1022.",
               {0, 0.625, 3.1151034019100817e-308}, {
      {"subnormal-components-below-the-smallest-normal-speed-keep-the-old-direction",
       "Bird 0's new velocity is the push from bird 1 alone, (-0.42, -0.56) * 2^-1022: its speed is below "
       "2^-1022, so it keeps its old direction (1, 1) at 1.6.",
       {"STEP-7", "STEP-5"}, {"SubnormalSpeed", "MinSpeed"},
       {{100, 100, 1, 1}, {103, 104, -31, -31}}, {},
       {speed_becomes(0, kMinSpeed), heads_along(0, 1, 1)}},
  }});
  g.push_back({"A new velocity of two subnormal components (STEP-7, AMB-31): speed 1.1 * 2^-1022.",
               {0, 0.625, 4.895162488715843e-308}, {
      {"subnormal-components-of-a-normal-speed-are-raised-along-the-push",
       "Bird 0's new velocity is the push from bird 1 alone, (-0.66, -0.88) * 2^-1022: both components are "
       "subnormal but the speed is not, so it is raised to 1.6 along the push (-3, -4).",
       {"STEP-7", "STEP-5"}, {"SubnormalSpeed", "MinSpeed"},
       {{100, 100, 1, 1}, {103, 104, -31, -31}}, {},
       {speed_becomes(0, kMinSpeed), heads_along(0, -3, -4)}},
  }});
  g.push_back({"Synchronous update and summation order (STEP-1, STATE-2, STEP-6) at full weights.", full, {
      {"synchronous-update-reads-the-flock-at-the-start-of-the-tick",
       "Three birds in a row: updating in place moves the later ones differently.",
       {"STEP-1"}, {"Synchronous"},
       {{100, 100, 2, 0}, {140, 100, 0, 2}, {180, 110, -2, 1}}, {},
       {visibly_differs_from("updates birds in place", in_place)}},
      {"synchronous-update-of-a-pair-reads-both-as-they-stood",
       "Two birds 30 apart: bird 1 steers from where bird 0 stood, not from where it has just moved.",
       {"STEP-1"}, {"Synchronous"},
       {{100, 100, 2, 0}, {130, 100, 0, 2}}, {},
       {turns({0, 1}), visibly_differs_from("updates birds in place", in_place)}},
      {"crowd-sums-neighbours-in-index-order",
       "Eight birds, 20 neighbour pairs, six separating; summing in another order changes bits.",
       {"STATE-2", "STEP-2", "STEP-3", "STEP-4", "STEP-5", "STEP-6"}, {"IndexOrder", "ForceOrder"},
       // The step class, not exact: summing in another order is the engine's
       // loss of pass-exact, never a failure (issue 6: such an engine conforms).
       kCrowd, {}, {bitwise_differs_from("sums neighbours in reverse order", reversed_sums)}},
      {"crowd-adds-the-forces-to-the-velocity-one-at-a-time",
       "The eight-bird crowd: u = ((v + c) + a) + s; summing the forces first, v + ((c + a) + s), changes bits.",
       {"STEP-6"}, {"ForceOrder"},
       kCrowd, {}, {bitwise_differs_from("sums the forces before adding them to v", forces_summed_first)}},
  }});
  g.push_back({"Summation order (STATE-2) at weights 0.5, 0.8, 0.3.", {0.5, 0.8, 0.3}, {
      {"crowd-at-other-weights-sums-neighbours-in-index-order",
       "The eight-bird crowd, one velocity changed, at the weights of the published runs: summing in another order changes bits.",
       {"STATE-2", "STEP-2", "STEP-6"}, {"IndexOrder"},
       kCrowdAtOtherWeights, {}, {bitwise_differs_from("sums neighbours in reverse order", reversed_sums)}},
  }});
  g.push_back({"Cohesion alone across the seam (STEP-3, FIELD-3).", {1, 0, 0}, {
      {"cohesion-across-the-x-seam-pulls-the-short-way",
       "x 980 and x 30 are 50 apart across the seam: each steers toward the other that way.",
       {"STEP-3", "FIELD-3"}, {"Seam"},
       {{980, 300, 0, 2}, {30, 300, 0, 2}}, {},
       {turns({0, 1}), visibly_differs_from("coheres toward the mean position", cohesion_toward_mean_position)}},
  }});
  g.push_back({"The crowd with cohesion off.", {0, 0.5, 0.25}, {
      weight_case("cohesion-weight-0-switches-cohesion-off",
                  "Weight 0 removes cohesion; the other two rules act at 0.5 and 0.25.",
                  {"WEIGHTS-1", "STEP-3"}, "WeightZero", {1, 0.5, 0.25}),
  }});
  g.push_back({"The crowd with cohesion at full strength.", {1, 0.5, 0.25}, {
      weight_case("cohesion-weight-1-is-the-full-rule",
                  "Cohesion at 1, the others weakened: each weight scales its own rule.",
                  {"STEP-3", "WEIGHTS-1"}, "WeightOne", {1, 1, 1}),
  }});
  g.push_back({"The crowd with alignment off.", {0.5, 0, 0.75}, {
      weight_case("alignment-weight-0-switches-alignment-off",
                  "Weight 0 removes alignment; the other two rules act at 0.5 and 0.75.",
                  {"WEIGHTS-1", "STEP-4"}, "WeightZero", {0.5, 1, 0.75}),
  }});
  g.push_back({"The crowd with alignment at full strength.", {0.5, 1, 0.75}, {
      weight_case("alignment-weight-1-is-the-full-rule",
                  "Alignment at 1, the others weakened: each weight scales its own rule.",
                  {"STEP-4", "WEIGHTS-1"}, "WeightOne", {1, 1, 1}),
  }});
  g.push_back({"The crowd with separation off.", {0.25, 0.75, 0}, {
      weight_case("separation-weight-0-switches-separation-off",
                  "Weight 0 removes separation; the other two rules act at 0.25 and 0.75.",
                  {"WEIGHTS-1", "STEP-5"}, "WeightZero", {0.25, 0.75, 1}),
  }});
  g.push_back({"The crowd with separation at full strength.", {0.25, 0.75, 1}, {
      weight_case("separation-weight-1-is-the-full-rule",
                  "Separation at 1, the others weakened: each weight scales its own rule.",
                  {"STEP-5", "WEIGHTS-1"}, "WeightOne", {1, 1, 1}),
  }});
  g.push_back({"The crowd with every rule off.", {0, 0, 0}, {
      {"all-weights-0-leave-every-velocity-unchanged",
       "Every weight 0: the crowd only moves, each bird by its own velocity.",
       {"WEIGHTS-1", "STEP-6"}, {"WeightZero"},
       kCrowd, {}, {keeps_velocity({0, 1, 2, 3, 4, 5, 6, 7})}},
  }});
  for (StepGroup& band : band_groups()) {
    g.push_back(std::move(band));
  }
  g.push_back(hard_to_round_group());
  return g;
}
// clang-format on

}  // namespace

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

// The notes of step.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> step_notes() {
  std::map<std::string, Note> notes =
      {{"ExactlyNinety",
        {"boundary",
         "A neighbour at exactly 90 is not a neighbour (STEP-2). An engine comparing with <= "
         "makes the pair cohere and align, and their velocities change."}},
       {"JustInsideNinety",
        {"boundary",
         "A neighbour one ulp inside 90 is a neighbour. An engine that compares with a "
         "tolerance, in single precision, or against a rounded radius leaves it out."}},
       {"ExactlyTwentyEight",
        {"boundary",
         "A neighbour at exactly 28 adds no separation term (STEP-5). An engine comparing with "
         "<= pushes the pair apart."}},
       {"JustInsideTwentyEight",
        {"boundary",
         "A neighbour one ulp inside 28 separates. An engine with a looser comparison leaves "
         "the pair alone."}},
       {"Seam",
        {"wrap",
         "Neighbours across the seam (FIELD-3). An engine without torus deltas sees them a field "
         "apart and leaves them alone, or pushes them the long way round."}},
       {"SizeCoordinate",
        {"wrap",
         "x = 1000 and y = 600 are legal and stand where 0 stands (FIELD-2). An engine that refuses "
         "them, or turns them into 0 before moving, fails; the second fault is only seen in the "
         "exact class."}},
       {"Coincident",
        {"degenerate",
         "Birds at distance 0 add no separation term (STEP-5) but still count for cohesion "
         "and alignment. An engine that divides by d*d gets NaN or infinity."}},
       {"LandsOnTheSeam",
        {"wrap",
         "A move that ends exactly on 0 or on the size (FIELD-5): the size wraps to 0 and 0 stays. An "
         "engine that wraps with p > size keeps 1000.0, one that wraps with p <= 0 makes 0.0 into 1000.0; "
         "the step class counts 0 and 1000 as one place, so these cases use the exact class."}},
       {"TinyNegativeWrap",
        {"wrap",
         "-2^-54 + 1000 rounds to exactly 1000.0, which is kept (FIELD-5, AMB-1). An engine that "
         "corrects a second time gives 0.0; the step class counts 0 and 1000 as one place, so these "
         "cases use the exact class."}},
       {"ZeroSpeed",
        {"degenerate",
         "A new velocity of exactly (0, 0) takes the old direction at speed 1.6 (STEP-7). An "
         "engine that divides by the zero speed gets NaN; one that keeps (0, 0) stops the bird."}},
       {"SubnormalSpeed",
        {"degenerate",
         "A new velocity the forces cancel to a nonzero subnormal speed takes the old direction at "
         "speed 1.6, as a zero one does (STEP-7, AMB-31). An engine that divides by the speed gets "
         "an infinity and NaN; one that keeps the new velocity's own direction flies another way."}},
       {"MinSpeed",
        {"clamp",
         "A new speed below 1.6 is scaled up to 1.6 (STEP-7). An engine without the lower clamp "
         "leaves the bird slow."}},
       {"MaxSpeed",
        {"clamp",
         "A new speed above 4.2 is scaled down to 4.2 (STEP-7). An engine without the upper clamp, "
         "or that clamps each component, gives another velocity."}},
       {"LoneBird",
        {"degenerate",
         "A bird with no neighbours gets no force (STEP-6) but is still clamped. An engine "
         "that divides by k = 0 gets NaN; one that skips the clamp keeps the speed."}},
       {"Synchronous",
        {"order",
         "Every bird steers from the flock as it stood at the start of the tick (STEP-1). An "
         "engine that updates birds in place moves the later birds differently."}},
       {"SignOfZero",
        {"format",
         "-0.0 is a value of its own: it keeps its sign through the step and in JSON (SERIAL-1). "
         "An engine that writes it as 0 (JavaScript's JSON.stringify does) changes the state's bits "
         "and its hash."}},
       {"Float64",
        {"precision",
         "Positions and velocities are doubles (STATE-1). An engine that stores them in float32 is "
         "off by about 1e-5 after one step, and loses outright a position float32 cannot hold."}},
       {"SubnormalValue",
        {"precision",
         "A subnormal component (2^-1074, the least double) is an ordinary value: it is carried through "
         "the step and written so that it reads back (STATE-1, SERIAL-1). An engine built with "
         "flush-to-zero, or one whose writer prints too few digits, answers 0."}},
       {"AlignmentFormula",
        {"formula",
         "Alignment divides the neighbours' velocity sum by k before subtracting the bird's own "
         "velocity (STEP-4). An engine that subtracts first, (Svx - vx) / k, agrees only when k is 1."}},
       {"IndexOrder",
        {"rounding",
         "Neighbour sums run in increasing index order (STATE-2). Another order (reversed, "
         "grid cells, nearest first) changes the last bits: such an engine passes the step "
         "class but loses pass-exact."}},
       {"ForceOrder",
        {"rounding",
         "Forces are formed as value * (weight * constant) and added as ((v + c) + a) + s "
         "(AMB-13, AMB-14). Another grouping, or a fused multiply-add, changes the last bits."}},
       {"WeightZero",
        {"weights",
         "A weight of 0 switches its rule off (WEIGHTS-1). An engine that ignores the weight, "
         "or treats 0 as missing and uses the default 1, keeps the rule on."}},
       {"BandInside",
        {"boundary",
         "The pair's true distance lies within an ulp of the limit, just below the midpoint L - ulp(L)/2, "
         "so the correctly rounded distance is the double below L: inside (FIELD-4, DET-2). An engine "
         "that compares its platform's hypot with L leaves the pair out when that hypot rounds up to L."}},
       {"BandOutside",
        {"boundary",
         "The pair's true distance lies within an ulp of the limit, at or above the midpoint "
         "L - ulp(L)/2, so the correctly rounded distance is L or more: outside. An engine that compares "
         "its platform's hypot with L takes the pair in when that hypot rounds down, and one that decides "
         "dx*dx + dy*dy < L*L exactly takes it in whenever the true distance is below L "
         "(spec/PROTOCOL.md, \"An engine without a correctly rounded hypot\")."}},
       {"MidpointTie",
        {"boundary",
         "The true distance is exactly the midpoint L - ulp(L)/2, a tie, which rounds to L (its last "
         "significand bit is 0): outside. An engine that decides the band with <= takes the pair in."}},
       {"HardToRound",
        {"rounding",
         "A hypot whose true value lies a tiny fraction of an ulp from a midpoint between two doubles "
         "(DET-2). A correctly rounded engine gets every bit; a libm hypot that rounds it the other way "
         "changes the last bits: pass-tolerant, not a failure."}},
       {"WeightOne",
        {"weights",
         "One weight at 1 and the others weakened: each weight scales its own rule. An engine "
         "that ignores weights or reads [cohesion, alignment, separation] in another order fails."}}};
  notes.insert(step_ticks_note());
  notes.insert(step_bounds_note());
  return notes;
}

// The published constructed cases moved (drawn_move, fresh.hpp): each
// keeps its flags, clauses and claims, which to_case checks again on the
// moved state; a case the move breaks, or cannot move, is left out. Band
// cases are drawn anew instead (fresh_step_band_groups).
std::vector<Group> fresh_step_moved_groups(Draws& draw) {
  std::vector<Group> out;
  for (const StepGroup& sg : groups()) {
    Group g{"Moved: " + sg.comment, {{"weights", weights_json(sg.weights)}}, {}};
    for (StepCase c : sg.cases) {
      if (c.band) continue;
      const std::optional<State> moved = drawn_move(draw, c.state);
      if (!moved) continue;
      c.state = *moved;
      c.flags.insert(c.flags.begin(), "Fresh");
      try {
        Case fresh = to_case(c, sg.weights);
        fresh.id = "fresh-step-moved-" + c.name;
        fresh.comment = "Moved by a drawn offset: " + fresh.comment;
        g.cases.push_back(std::move(fresh));
      } catch (const std::logic_error&) {
        // What the case shows depends on where it stands.
      }
    }
    if (!g.cases.empty()) out.push_back(std::move(g));
  }
  return out;
}

VectorFile step_vectors() {
  VectorFile f{
      "step",
      {"One step from constructed states, each built to sit on one rule's edge.",
       "Edge pairs stand at distances every hypot returns exactly (axis deltas, 54-72-90); every other pair "
       "keeps more than 1e-6 from 90 and 28, so a correct engine whose hypot is one ulp off passes the "
       "step class.",
       "Band cases (flags BandInside, BandOutside, MidpointTie) are the exception: their pair's true "
       "distance lies within an ulp of 90 or 28, found with integers, and only the correctly rounded "
       "distance decides them (spec/PROTOCOL.md, \"An engine without a correctly rounded hypot\"). "
       "HardToRound cases hold a hypot a tiny fraction of an ulp from a midpoint: a libm one costs "
       "pass-exact there, not the step class.",
       "Cases whose fault moves numbers by less than 1e-9 (the wrap to exactly the size, summation order) "
       "use the exact class; their bits are the same for every correct engine, since every distance that "
       "enters the arithmetic is exact and no speed reaches the clamp."},
      step_notes(),
      {}};
  for (const StepGroup& sg : groups()) {
    Group g{sg.comment, {{"weights", weights_json(sg.weights)}}, {}};
    for (const StepCase& c : sg.cases) {
      g.cases.push_back(to_case(c, sg.weights));
    }
    f.groups.push_back(std::move(g));
  }
  f.groups.push_back(step_ticks_group());
  f.groups.push_back(step_bounds_group());
  return f;
}

}  // namespace susurration::generator
