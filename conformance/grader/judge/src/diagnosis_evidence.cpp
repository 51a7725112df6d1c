// The evidence of a case (spec/grading.md, "How a report ranks causes",
// PROTO-11), decided by kRules: one row per row of the two tables in that
// section, keyed as the spec keys them (diagnosis_rules_test checks the
// keys match one to one). diagnosis.cpp weighs what these rules decide.
#include "diagnosis_evidence.hpp"

#include <algorithm>
#include <cmath>

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"

#include "susurration/constants.hpp"

namespace susurration::grader::evidence {

bool graded(const CaseResult& r) { return r.outcome != Outcome::skipped && r.outcome != Outcome::errored && !r.broke; }
bool failed(const CaseResult& r) { return r.outcome == Outcome::fail || r.outcome == Outcome::errored; }

namespace {

// A two-bird step case whose first bird off is bird 1, while bird 0 felt the
// flock (its expected velocity is not its input velocity) and was computed
// right: the rule was right for the first bird, so what differs is what the
// later birds read, the flock the earlier birds left behind (STEP-1). A
// wrong term, radius or clamp would have put bird 0 off as well.
bool update_order(const CaseResult& r, const VectorCase* c) {
  if (r.outcome != Outcome::fail || !c || !r.difference || !r.difference->bird || *r.difference->bird == 0) return false;
  const Json& json = *c->json;
  if (!json.contains("input") || !json.at("input").contains("state") || !json.contains("expected") ||
      !json.at("expected").contains("state")) {
    return false;
  }
  const Json& before = json.at("input").at("state");
  const Json& after = json.at("expected").at("state");
  // Two birds, so that every rule acts on both alike (one distance, one
  // neighbour decision), and neither at a limit of the clamp, which could
  // hold one and not the other.
  if (before.size() != 2 || after.size() != 2) return false;
  for (const Json& bird : after) {
    if (bird.size() < 4 || !bird.at(2).is_number() || !bird.at(3).is_number()) return false;
    const double speed = std::hypot(bird.at(2).get<double>(), bird.at(3).get<double>());
    if (!(speed > kMinSpeed * (1 + 1e-12) && speed < kMaxSpeed * (1 - 1e-12))) return false;
  }
  return before.at(0).at(2) != after.at(0).at(2) || before.at(0).at(3) != after.at(0).at(3);
}

// Birds in other places (INIT-1 from init's check) say the draws went
// wrong, not whether their order or the PRNG under them did. Right places
// with another velocity (INIT-2, INIT-3) clear the PRNG: not this row.
bool init_birds_elsewhere(const CaseResult& r, const VectorCase* c) {
  return failed(r) && c && c->category == "init" && r.clause == clause_of(Found::bird_in_another_place);
}

// A run's state at tick 0 is init's answer: off there, it checks what the
// init cases check, the PRNG that init draws from as much as the draws.
bool run_state_at_tick_0(const CaseResult& r, const VectorCase*) {
  return failed(r) && r.check == "states" && r.difference && r.difference->tick == 0;
}

// Stuck on a method with a rule of its own (run_from's PROTO-14, verify's
// PROTO-15: the one suspect that is not the case's first clause), as its
// crash is pinned there: the case's other clauses are what the answer
// would have been checked against, not what went wrong.
bool stuck_on_its_own_rule(const CaseResult& r, const VectorCase*) {
  return failed(r) && stuck(r) && r.suspects.size() == 1 && !r.clauses.empty() &&
         r.suspects.front() != r.clauses.front();
}

// The check left suspects on a case that missed no deadline: a method
// asked within it came back refused or of a shape no right value has
// (its method's rules), or a mean is wrong at a tick whose state is not
// published or of a shape no mean has (METRIC-4 and METRIC-5: which one
// cannot be told). The rows differ only in the suspects.
bool answered_wrong(const CaseResult& r) { return failed(r) && !r.suspects.empty() && !r.unanswered_work; }
bool method_answered_wrong(const CaseResult& r, const VectorCase*) {
  return answered_wrong(r) && r.suspects != mean_distance_suspects();
}
bool mean_off_an_unpublished_tick(const CaseResult& r, const VectorCase*) {
  return answered_wrong(r) && r.suspects == mean_distance_suspects();
}

// A deadline missed on an input the engine is stuck on (stuck_on_input,
// decided by run_grade) accuses the answer, as a crash does; a deadline
// merely missed (errored) keeps the check's PROTO-3.
bool stuck_on_the_input(const CaseResult& r, const VectorCase* c) {
  return failed(r) && !r.suspects.empty() && stuck(r) && !stuck_on_its_own_rule(r, c);
}

// An anchor step whose difference lies along no one term, the clamp or the
// move: evidence that some rule of the step is wrong, isolating none.
bool anchor_fits_no_term(const CaseResult& r, const VectorCase*) {
  return failed(r) && r.clause == clause_of(Found::step_as_a_whole) && r.check.rfind("step from anchor", 0) == 0;
}

// A re-anchored segment that departs: its metric names where the runs
// parted, not which rule parted them. Off at its very first tick it is no
// departure (the metric of the published state itself is wrong), and on
// the tick of a weights change it is WEIGHTS-3's: both stay pinned.
bool segment_departs(const CaseResult& r, const VectorCase*) {
  const std::string segment = "re-anchored segment ";
  if (!failed(r) || r.check.rfind(segment, 0) != 0 || r.clause == clause_of(Found::next_to_a_weights_change)) {
    return false;
  }
  const bool at_start = r.difference && r.difference->tick &&
                        r.check.rfind(segment + std::to_string(*r.difference->tick) + "..", 0) == 0;
  return !at_start;
}

// What a row does to the evidence when its case matches.
enum class Act {
  check_pins,     // the check chose the clause (r.clause, from blame.hpp): the starting evidence holds it
  unpin,          // the clause isolated stays, but is a suspect among the tests, with `from` added
  pin,            // isolates the one clause of `from`, pinned
  count_against,  // isolates nothing; counts against `from`
  class_pin,      // decided over the whole run: failing_classes
};
// The clauses an act names.
enum class From { none, update_order, stuck_method, init_cases, case_suspects, step_rules };

struct Rule {
  std::string_view key;  // the key of the row in spec/grading.md's PROTO-11 tables
  Act act;
  bool (*holds)(const CaseResult&, const VectorCase*) = nullptr;  // decided here: the case the row is about
  From from = From::none;
};

// The rows decided here apply in this order, every row that holds for a
// case over what the earlier rows left, so where two hold the later one
// decides: the update order pins over init-places, isolating nothing
// overrides any pin. The rows a check decides are kept for the spec's
// sake, each with where it is decided; predicates of rows decided here
// spare them where they say so.
constexpr Rule kRules[] = {
    // Isolates (pinned), as the check reported it.
    {"metric", Act::check_pins},            // checks.cpp clause_for, kFieldDefinedBy
    {"init", Act::check_pins},              // checks.cpp init_clause
    {"metric-rows", Act::check_pins},       // Found::tick_bookkeeping
    {"weights-change", Act::check_pins},    // Found::next_to_a_weights_change; segment-departs spares it
    {"outside-field", Act::check_pins},     // Found::bird_outside_the_field
    {"states-shape", Act::check_pins},      // Found::state_labelled_with_the_wrong_tick, trajectory_states.cpp
    {"valid-refused", Act::check_pins},     // kRangedBy, Found::run_ticks_refused
    {"unsupported", Act::check_pins},       // Found::listed_but_unsupported
    {"invalid-request", Act::check_pins},   // Found::refused_as_no_request
    {"other-parameter", Act::check_pins},   // checks.cpp refusal_rule
    {"errored", Act::check_pins},           // session.hpp EngineBroke's clause
    {"mean-metric-5", Act::check_pins},     // metric_clause.cpp
    {"mean-metric-4", Act::check_pins},     // metric_clause.cpp
    {"mean-published", Act::check_pins},    // trajectory_states.cpp
    {"anchor-term", Act::check_pins},       // reanchor.cpp anchor_step_clause
    {"anchor-no-tick", Act::check_pins},    // Found::took_no_tick
    {"segment-first-tick", Act::check_pins},  // segment-departs spares it
    {"init-velocity", Act::check_pins},     // init-places spares it
    {"deadline-slow", Act::check_pins},     // runner.cpp; stuck spares it
    // Decided here.
    {"init-places", Act::unpin, init_birds_elsewhere},
    {"update-order", Act::pin, update_order, From::update_order},
    {"tick-0", Act::unpin, run_state_at_tick_0, From::init_cases},
    {"stuck-own-rule", Act::pin, stuck_on_its_own_rule, From::stuck_method},
    {"method-wrong", Act::count_against, method_answered_wrong, From::case_suspects},
    {"stuck", Act::count_against, stuck_on_the_input, From::case_suspects},
    {"mean-unpublished", Act::count_against, mean_off_an_unpublished_tick, From::case_suspects},
    {"anchor-no-term", Act::count_against, anchor_fits_no_term, From::step_rules},
    {"segment-departs", Act::count_against, segment_departs, From::step_rules},
    {"bug-class", Act::class_pin},
};

}  // namespace

void also_tests(Evidence& e, const std::vector<std::string>& clauses) {
  for (const std::string& clause : clauses) {
    if (std::find(e.tests.begin(), e.tests.end(), clause) == e.tests.end()) e.tests.push_back(clause);
  }
}

std::vector<std::string> clauses_from(From from, const CaseResult& r, const std::vector<std::string>& init_clauses) {
  switch (from) {
    case From::none: return {};
    case From::update_order: return {clause_of(Found::later_birds_read_the_flock_left_behind)};
    case From::stuck_method: return {r.suspects.front()};
    case From::init_cases: return init_clauses;
    case From::case_suspects: return r.suspects;
    case From::step_rules: return suspects_of("step", "trajectories");
  }
  return {};
}

Evidence evidence_of(const CaseResult& r, const VectorCase* c, const std::vector<std::string>& init_clauses) {
  Evidence e{r.clauses, r.clauses.empty() ? "" : r.clauses.front()};
  if (failed(r) && !r.clause.empty()) {
    e.primary = r.clause;
    e.pinned = r.clauses.empty() || r.clause != r.clauses.front();
  }
  for (const Rule& rule : kRules) {
    if (!rule.holds || !rule.holds(r, c)) continue;
    const std::vector<std::string> clauses = clauses_from(rule.from, r, init_clauses);
    switch (rule.act) {
      case Act::unpin:
        e.pinned = false;
        also_tests(e, clauses);
        break;
      case Act::pin:
        e.primary = clauses.front();
        e.pinned = true;
        break;
      case Act::count_against:
        e.primary.clear();
        e.pinned = false;
        also_tests(e, clauses);
        break;
      case Act::check_pins:
      case Act::class_pin: break;
    }
  }
  if (!e.primary.empty()) also_tests(e, {e.primary});
  return e;
}

std::vector<std::string_view> rule_keys() {
  std::vector<std::string_view> out;
  for (const Rule& rule : kRules) out.push_back(rule.key);
  return out;
}

}  // namespace susurration::grader::evidence
