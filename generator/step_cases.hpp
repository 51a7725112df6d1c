// The step cases of step.json and of its fresh twin, shared by the files
// that build them: a case is a constructed state, the clauses it isolates,
// and claims about the reference's step of it, each checked at generation
// (to_case refuses a case that does not show what it claims).
//
//   step_cases.cpp          the checks every case passes, the claims, to_case
//   step_faults.cpp         the faulty engines the claims compare against
//   step_vectors.cpp        the cases laid out by hand, and step.json itself
//   step_hypot_vectors.cpp  the cases only a correctly rounded hypot decides
//   step_notes.cpp          the notes of step.json's flags
// (step.json's cases of several ticks and at INPUT-9's velocity bounds are
// built apart, in step_ticks_vectors.cpp and step_bounds_vectors.cpp.)
//
// Conventions: i, j bird indices; d a torus distance; an *edge pair* is a pair
// built to sit exactly on the 90 or 28 radius, or one ulp inside it.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "constructed_states.hpp"
#include "susurration/state.hpp"
#include "vector_file.hpp"

namespace susurration::generator {

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
  // than 1e-9, and every correct engine gets these bits (to_case checks).
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

// A faulty engine, written in terms of the reference's step.
using Engine = std::function<State(const State&, const Weights&)>;

// The claims (step_cases.cpp).
Claim keeps_velocity(std::vector<std::size_t> birds);
Claim turns(std::vector<std::size_t> birds);
Claim speed_becomes(std::size_t i, double speed);
Claim lands_on(std::size_t i, double x, double y);
// Bird i leaves along (dx, dy): its new velocity is a positive multiple of
// it, within what a hypot one ulp off could change.
Claim heads_along(std::size_t i, double dx, double dy);
Claim visibly_differs_from(std::string fault, Engine faulty);
Claim bitwise_differs_from(std::string fault, Engine faulty);

// The case as published, "step-" + its name, after every check: its state,
// its claims, the exact class's fairness, no clamp reached by a case about
// another rule. Its clauses gain the terms that act in it (STEP-3..5) and
// STEP-6 when a bird has no neighbour. Throws std::logic_error otherwise.
Case to_case(const StepCase& c, const Weights& w);

// The faulty engines (step_faults.cpp), each named for the rule it breaks.
State in_place(const State& s, const Weights& w);
State reversed_sums(const State& s, const Weights& w);
State size_as_zero(const State& s, const Weights& w);
State float32_state(const State& s, const Weights& w);
State cohesion_toward_mean_position(const State& s, const Weights& w);
State alignment_subtracts_first(const State& s, const Weights& w);
State moves_by_old_velocity(const State& s, const Weights& w);
State swapped_move(const State& s, const Weights& w);
State flushes_subnormals(const State& s, const Weights& w);
State forces_summed_first(const State& s, const Weights& w);
Engine with_weights(Weights other);
State misrounded_clamp(const State& s, const Weights& w);
State misrounded_separation(const State& s, const Weights& w);

// The band groups at 90 and at 28, and the hard-to-round hypot group
// (step_hypot_vectors.cpp), in the order step.json publishes them.
std::vector<StepGroup> step_band_groups();
StepGroup step_hard_to_round_group();

}  // namespace susurration::generator
