// The ranking of spec/grading.md, "How a report ranks causes" (PROTO-11):
// evidence from every graded case, failing and passing, weighed per clause.
//
// The evidence of a case is decided by kRules, one row per row of the two
// tables in that section, keyed as the spec keys them
// (diagnosis_rules_test checks the keys match one to one); the ranking
// that weighs the evidence is the numbered steps under them.
#include "susurration/grader/diagnosis.hpp"

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"

#include "susurration/constants.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace susurration::grader {
namespace {

// A case the engine broke on says which rule it broke, not whether the
// clauses it checks hold: it is explained, but it neither clears nor
// accuses an isolated clause.
bool graded(const CaseResult& r) { return r.outcome != Outcome::skipped && r.outcome != Outcome::errored && !r.broke; }
bool failed(const CaseResult& r) { return r.outcome == Outcome::fail || r.outcome == Outcome::errored; }

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

struct Evidence {
  std::vector<std::string> tests;  // every clause the case checks
  std::string primary;             // the clause it isolates
  bool pinned = false;             // the grader's check found primary in the difference itself
};

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

// Adds `clauses` to what the evidence tests, each once.
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

// A failing case starts from the clause its check reported, pinned when
// that is not the case's own first clause; a passing one from its first
// clause, the one its author says it is about. Then every row decided here
// that holds.
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

// A bug class: the cases one flag of one file marks, and the clause its
// note says the class belongs to.
struct BugClass {
  std::string flag;
  std::string clause;
  std::vector<std::size_t> members;  // indices into run.results
  std::set<std::string> leads;       // the members' first clauses
  std::set<std::string> named;       // the clauses the members' checks reported
  int graded = 0;
  int failing = 0;
};

// The classes that fail as a whole (row bug-class): every graded case the
// flag marks fails, those cases lead with two or more clauses and their
// checks report two or more, and the other cases that lead with those
// clauses mostly pass. That is one mistake seen through several rules or
// parameters (42.0 taken for an integer shows in the seed, the bird count,
// every tick), and it is one cause, named by the class's clause. A mistake
// that fails everything fails the others too, and is left to the ranking.
std::map<std::string, BugClass> failing_classes(const GradeRun& run,
                                                const std::map<std::string, const VectorCase*>& by_id) {
  std::map<std::string, BugClass> classes;
  for (std::size_t k = 0; k < run.results.size(); ++k) {
    const CaseResult& r = run.results[k];
    const auto it = by_id.find(r.id);
    if (it == by_id.end() || r.clauses.empty() || !graded(r)) continue;
    const VectorCase& c = *it->second;
    if (!c.json->contains("flags") || !c.file_doc || !c.file_doc->contains("notes")) continue;
    for (const Json& f : c.json->at("flags")) {
      const std::string flag = f.get<std::string>();
      const Json& notes = c.file_doc->at("notes");
      if (!notes.contains(flag) || !notes.at(flag).contains("clause")) continue;
      BugClass& b = classes[c.file + " " + flag];
      b.flag = flag;
      b.clause = notes.at(flag).at("clause").get<std::string>();
      b.members.push_back(k);
      b.leads.insert(r.clauses.front());
      b.named.insert(r.clause.empty() ? r.clauses.front() : r.clause);
      ++b.graded;
      if (r.outcome == Outcome::fail) ++b.failing;
    }
  }
  std::map<std::string, BugClass> out;
  for (auto& [key, b] : classes) {
    // Checks that all report one clause (init's, pinned from the difference
    // on every case) already name the mistake: there is no spread to join.
    if (b.graded < 2 || b.failing < b.graded || b.leads.size() < 2 || b.named.size() < 2) continue;
    const std::set<std::size_t> members(b.members.begin(), b.members.end());
    int pass = 0, fail = 0;
    for (std::size_t k = 0; k < run.results.size(); ++k) {
      const CaseResult& r = run.results[k];
      if (members.contains(k) || !graded(r) || r.clauses.empty() || !b.leads.contains(r.clauses.front())) continue;
      (r.outcome == Outcome::fail ? fail : pass) += 1;
    }
    if (pass > fail) out.emplace(key, std::move(b));
  }
  return out;
}

// The clauses every init case checks, in order of first mention: what a
// run's state at tick 0 counts against (row tick-0).
std::vector<std::string> init_clauses_of(const VectorSet& set) {
  std::vector<std::string> out;
  for (const VectorCase& c : set.cases) {
    if (c.category != "init" || !c.json->contains("clauses")) continue;
    for (const Json& clause : c.json->at("clauses")) {
      const std::string name = clause.get<std::string>();
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
  }
  return out;
}

struct Tally {
  int failing = 0;  // isolating cases that fail
  int cases = 0;    // isolating cases graded
};

// The numbered steps of "How a report ranks causes", over the evidence.
struct Ranking {
  const std::vector<Evidence>& ev;
  std::map<std::string, Tally> isolating;

  // (1) A clause is cleared when it has isolating cases and every one passed.
  bool cleared(const std::string& clause) const {
    const auto it = isolating.find(clause);
    return it != isolating.end() && it->second.cases > 0 && it->second.failing == 0;
  }
  std::vector<std::string> suspects(std::size_t k) const {
    std::vector<std::string> out;
    for (const std::string& clause : ev[k].tests) {
      if (!cleared(clause)) out.push_back(clause);
    }
    return out;
  }
  // (2) A failure the grader pinned on a clause is that clause's to
  // explain; any other shares its blame among its suspects.
  std::vector<std::string> candidates(std::size_t k) const {
    if (ev[k].pinned) return {ev[k].primary};
    std::vector<std::string> out = suspects(k);
    if (out.empty() && !ev[k].primary.empty()) out.push_back(ev[k].primary);
    if (out.empty()) out = ev[k].tests;  // every suspect cleared: still one of them
    return out;
  }
  // (3) How consistently a clause's isolating cases fail, between 1/2 (none
  // of them, or none at all) and 1 (every one): a mistake confined to one
  // special case (a radius, a division by zero) passes most of its
  // clause's cases, so this weighs, but never outweighs, how much a clause
  // explains.
  double consistency(const std::string& clause) const {
    const auto it = isolating.find(clause);
    if (it == isolating.end() || it->second.cases == 0) return 0.5;
    return 0.5 + 0.5 * it->second.failing / it->second.cases;
  }
  // (4) The clause with the highest score, ties to the clause mentioned
  // first; a score of -1 when no remaining failure names a clause.
  std::pair<std::string, double> best(const std::vector<std::size_t>& remaining,
                                      const std::map<std::string, std::size_t>& first_seen) const {
    std::map<std::string, double> share;
    for (std::size_t k : remaining) {
      const std::vector<std::string> cands = candidates(k);
      for (const std::string& clause : cands) share[clause] += 1.0 / static_cast<double>(cands.size());
    }
    std::string best;
    double best_score = -1;
    for (const auto& [clause, s] : share) {
      const double score = consistency(clause) * s;
      if (score > best_score || (score == best_score && first_seen.at(clause) < first_seen.at(best))) {
        best = clause;
        best_score = score;
      }
    }
    return {best, best_score};
  }
  // The case shown for a cause: one it isolates, checking the fewest
  // clauses not cleared, earliest in the manifest.
  std::size_t shown(const Cause& cause) const {
    auto rank_of = [&](std::size_t k) {
      return std::make_tuple(ev[k].primary == cause.clause ? 0 : 1, suspects(k).size(), k);
    };
    return *std::min_element(cause.explains.begin(), cause.explains.end(),
                             [&](std::size_t a, std::size_t b) { return rank_of(a) < rank_of(b); });
  }
};

}  // namespace

std::vector<std::string_view> evidence_rule_keys() {
  std::vector<std::string_view> out;
  for (const Rule& rule : kRules) out.push_back(rule.key);
  return out;
}

Diagnosis diagnose(const VectorSet& set, const GradeRun& run) {
  Diagnosis d;
  std::map<std::string, const VectorCase*> by_id;
  for (const VectorCase& c : set.cases) by_id.emplace(c.id(), &c);
  const std::vector<std::string> init_clauses = init_clauses_of(set);

  std::vector<Evidence> ev;
  for (const CaseResult& r : run.results) {
    const auto it = by_id.find(r.id);
    ev.push_back(evidence_of(r, it == by_id.end() ? nullptr : it->second, init_clauses));
  }
  // Row bug-class: a failure of a class that fails as a whole is pinned on
  // the class's clause (the largest class, where a case is in two).
  std::map<std::size_t, const BugClass*> class_of;
  const std::map<std::string, BugClass> classes = failing_classes(run, by_id);
  for (const auto& [key, b] : classes) {
    for (std::size_t k : b.members) {
      const auto at = class_of.find(k);
      if (at == class_of.end() || at->second->members.size() < b.members.size()) class_of[k] = &b;
    }
  }
  for (const auto& [k, b] : class_of) {
    ev[k].primary = b->clause;
    ev[k].pinned = true;
    also_tests(ev[k], {b->clause});
  }

  Ranking ranking{ev, {}};
  std::vector<std::size_t> remaining;
  std::map<std::string, std::size_t> first_seen;  // a clause's first mention: the last tie-break
  for (std::size_t k = 0; k < run.results.size(); ++k) {
    const CaseResult& r = run.results[k];
    if (r.outcome == Outcome::pass_tolerant) d.tolerant_only.push_back(k);
    for (const std::string& clause : ev[k].tests) first_seen.emplace(clause, first_seen.size());
    // An errored case, or one the engine broke on, says nothing of which
    // rule is wrong: it is explained, but it neither clears nor accuses an
    // isolated clause.
    if (graded(r) && !ev[k].primary.empty()) {
      Tally& t = ranking.isolating[ev[k].primary];
      ++t.cases;
      if (failed(r)) ++t.failing;
    }
    if (unexpected_outcome(r)) remaining.push_back(k);
  }

  while (!remaining.empty()) {
    const auto [best, score] = ranking.best(remaining, first_seen);
    if (score < 0) break;  // failures that name no clause at all
    Cause cause{best, score, 0, {}, ""};
    std::vector<std::size_t> rest;
    int alone = 0;
    for (std::size_t k : remaining) {
      const auto& t = ev[k].tests;
      if (std::find(t.begin(), t.end(), best) == t.end()) {
        rest.push_back(k);
        continue;
      }
      cause.explains.push_back(k);
      if (ranking.candidates(k) == std::vector<std::string>{best}) ++alone;
    }
    cause.shown = ranking.shown(cause);
    const Tally t = ranking.isolating.count(best) ? ranking.isolating.at(best) : Tally{};
    char why[320];
    std::snprintf(why, sizeof why,
                  "fails %d of the %d cases that isolate it; explains %zu failing case%s, %d with no other "
                  "suspect (clauses whose isolating cases all pass are cleared)",
                  t.failing, t.cases, cause.explains.size(), cause.explains.size() == 1 ? "" : "s", alone);
    cause.why = why;
    if (const auto it = class_of.find(cause.shown); it != class_of.end() && it->second->clause == best) {
      const BugClass& b = *it->second;
      std::snprintf(why, sizeof why,
                    "every one of the %d cases flagged %s fails, across %zu clauses, while the other cases of "
                    "those clauses mostly pass: one bug class, which belongs to %s",
                    b.graded, b.flag.c_str(), b.leads.size(), b.clause.c_str());
      cause.why = why;
    }
    d.causes.push_back(std::move(cause));
    remaining = std::move(rest);
  }
  return d;
}

}  // namespace susurration::grader
