// What every step case passes before it is published (std::logic_error on
// a broken case): its state passes INPUT-9; its edge pairs stand at
// distances that any hypot returns exactly; every other pair keeps 1e-6
// away from 90 and 28, so a correct engine whose hypot is one ulp off cannot
// flip a rule; and the step shows what the case claims (a velocity kept or
// turned, a speed clamped, a faulty engine visibly wrong).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "step_cases.hpp"
#include "step_terms.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/step.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace {

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

}  // namespace

// --- claims ---------------------------------------------------------------

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

// --- the case as published --------------------------------------------------

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
  for (const std::string& clause : acting_terms(c.state, w)) {
    if (std::find(clauses.begin(), clauses.end(), clause) == clauses.end()) clauses.push_back(clause);
  }
  // So is STEP-6's lone bird, when one has no neighbour.
  const auto terms = step_terms(c.state, w);
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

}  // namespace susurration::generator
