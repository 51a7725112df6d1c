// The ranking of spec/grading.md, "How a report ranks causes": evidence
// from every graded case, failing and passing, weighed per clause.
#include "susurration/grader/diagnosis.hpp"

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"

#include "susurration/constants.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

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
bool order_evidence(const CaseResult& r, const VectorCase* c) {
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

struct Evidence {
  std::vector<std::string> tests;  // every clause the case checks
  std::string primary;             // the clause it isolates
  bool pinned = false;             // the grader's check found primary in the difference itself
};

// Adds `clauses` to what the evidence tests, each once.
void also_tests(Evidence& e, const std::vector<std::string>& clauses) {
  for (const std::string& clause : clauses) {
    if (std::find(e.tests.begin(), e.tests.end(), clause) == e.tests.end()) e.tests.push_back(clause);
  }
}

// Evidence against every one of `clauses`, isolating none of them.
void isolates_none_of(Evidence& e, const std::vector<std::string>& clauses) {
  e.primary.clear();
  e.pinned = false;
  also_tests(e, clauses);
}

// A deadline missed on an input the engine is stuck on (stuck_on_input,
// decided by run_grade) accuses the answer, as a crash does; a missed
// deadline otherwise stays PROTO-3's (spec/grading.md, "How a report
// ranks causes").
Evidence evidence_of(const CaseResult& r, const VectorCase* c, const std::vector<std::string>& init_clauses) {
  const bool stuck = grader::stuck(r);
  Evidence e{r.clauses, r.clauses.empty() ? "" : r.clauses.front()};
  // A failing case is weighed by the clause its check pinned (a field's
  // defining clause, INIT-1..3, METRIC-1, WEIGHTS-3, ...), a passing one by
  // its first clause: the one its author says it is about.
  if (failed(r) && !r.clause.empty()) {
    e.primary = r.clause;
    e.pinned = r.clauses.empty() || r.clause != r.clauses.front();
    // Birds in other places (INIT-1 from init's check) say the draws went
    // wrong, not whether their order or the PRNG under them did: a suspect
    // among the init case's clauses, not a pin. Right places with another
    // velocity (INIT-2, INIT-3) clear the PRNG, and stay pinned.
    if (c && c->category == "init" && r.clause == clause_of(Found::bird_in_another_place)) e.pinned = false;
  }
  if (order_evidence(r, c)) {
    e.primary = clause_of(Found::later_birds_read_the_flock_left_behind);
    e.pinned = true;
  }
  // A run's state at tick 0 is init's answer: off there, it checks what the
  // init cases check (the PRNG that init draws from as much as the draws),
  // so its INIT clause is a suspect among those, not a pin.
  if (failed(r) && r.check == "states" && r.difference && r.difference->tick == 0) {
    e.pinned = false;
    also_tests(e, init_clauses);
  }
  // An anchor step whose difference lies along no one term, the clamp or
  // the move is reported against the step as a whole (STEP-1): evidence
  // that some rule of the step is wrong, isolating none of them.
  // So is a re-anchored segment that departs: its metric names where the
  // runs parted, not which rule parted them (WEIGHTS-3 excepted, pinned on
  // the tick of a change).
  const bool anchor_step = r.clause == clause_of(Found::step_as_a_whole) && r.check.rfind("step from anchor", 0) == 0;
  // A segment off at its very first tick is not a departure: the metric
  // of the published state itself is wrong, and its clause stays pinned.
  const std::string segment_check = "re-anchored segment ";
  const bool is_segment = r.check.rfind(segment_check, 0) == 0;
  const bool at_start = is_segment && r.difference && r.difference->tick &&
                        r.check.rfind(segment_check + std::to_string(*r.difference->tick) + "..", 0) == 0;
  const bool segment = r.clause != clause_of(Found::next_to_a_weights_change) && is_segment && !at_start;
  // A method asked within the case came back wrong (refused, of a shape no
  // right value has, or the engine died or got stuck on it): evidence
  // against that method's rules, isolating none of them.
  // Stuck on a method with a rule of its own (run_from's PROTO-14,
  // verify's PROTO-15: the one suspect that is not the case's first
  // clause) is pinned on that rule, as its crash is (r.clause != the
  // first clause): the case's other clauses are what the answer would have
  // been checked against, not what went wrong.
  if (failed(r) && stuck && r.suspects.size() == 1 && !r.clauses.empty() && r.suspects.front() != r.clauses.front()) {
    e.primary = r.suspects.front();
    e.pinned = true;
  } else if (failed(r) && !r.suspects.empty() && (!r.unanswered_work || stuck)) {
    isolates_none_of(e, r.suspects);
  }
  if (failed(r) && (anchor_step || segment)) isolates_none_of(e, suspects_of("step", "trajectories"));
  if (!e.primary.empty()) also_tests(e, {e.primary});
  return e;
}

struct Tally {
  int failing = 0;  // isolating cases that fail
  int cases = 0;    // isolating cases graded
};

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

// The classes that fail as a whole: every graded case the flag marks
// fails, those cases lead with two or more clauses and their checks report
// two or more, and the other cases that lead with those clauses mostly
// pass. That is one mistake seen through several rules or parameters (42.0
// taken for an integer shows in the seed, the bird count, every tick), and
// it is one cause, named by the class's clause (spec/grading.md, "How a
// report ranks causes"). A mistake that fails everything fails the others
// too, and is left to the ranking.
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

}  // namespace

Diagnosis diagnose(const VectorSet& set, const GradeRun& run) {
  Diagnosis d;
  std::map<std::string, const VectorCase*> by_id;
  std::vector<std::string> init_clauses;
  for (const VectorCase& c : set.cases) {
    by_id.emplace(c.id(), &c);
    if (c.category != "init" || !c.json->contains("clauses")) continue;
    for (const Json& clause : c.json->at("clauses")) {
      const std::string name = clause.get<std::string>();
      if (std::find(init_clauses.begin(), init_clauses.end(), name) == init_clauses.end()) init_clauses.push_back(name);
    }
  }

  std::vector<Evidence> ev;
  for (const CaseResult& r : run.results) {
    const auto it = by_id.find(r.id);
    ev.push_back(evidence_of(r, it == by_id.end() ? nullptr : it->second, init_clauses));
  }
  // A failure of a class that fails as a whole is pinned on the class's
  // clause (the largest class, where a case is in two).
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
    if (std::find(ev[k].tests.begin(), ev[k].tests.end(), b->clause) == ev[k].tests.end()) {
      ev[k].tests.push_back(b->clause);
    }
  }

  std::map<std::string, Tally> isolating;
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
      Tally& t = isolating[ev[k].primary];
      ++t.cases;
      if (failed(r)) ++t.failing;
    }
    if (unexpected_outcome(r)) remaining.push_back(k);
  }
  // A clause is cleared when it has isolating cases and every one passed.
  auto cleared = [&](const std::string& clause) {
    const auto it = isolating.find(clause);
    return it != isolating.end() && it->second.cases > 0 && it->second.failing == 0;
  };
  // A failure the grader pinned on a clause from the difference itself is
  // that clause's to explain; any other shares its blame among the clauses
  // it checks that are not cleared.
  auto suspects = [&](std::size_t k) {
    std::vector<std::string> out;
    for (const std::string& clause : ev[k].tests) {
      if (!cleared(clause)) out.push_back(clause);
    }
    return out;
  };
  auto candidates = [&](std::size_t k) {
    if (ev[k].pinned) return std::vector<std::string>{ev[k].primary};
    std::vector<std::string> out = suspects(k);
    if (out.empty() && !ev[k].primary.empty()) out.push_back(ev[k].primary);
    if (out.empty()) out = ev[k].tests;  // every suspect cleared: still one of them
    return out;
  };
  // How consistently a clause's isolating cases fail, between 1/2 (none
  // of them, or none at all) and 1 (every one): a mistake confined to one
  // special case (a radius, a division by zero) passes most of its
  // clause's cases, so this weighs, but never outweighs, how much a clause
  // explains.
  auto consistency = [&](const std::string& clause) {
    const auto it = isolating.find(clause);
    if (it == isolating.end() || it->second.cases == 0) return 0.5;
    return 0.5 + 0.5 * it->second.failing / it->second.cases;
  };

  while (!remaining.empty()) {
    // Each remaining failure shares one unit of blame among its candidates.
    std::map<std::string, double> share;
    for (std::size_t k : remaining) {
      const std::vector<std::string> cands = candidates(k);
      for (const std::string& clause : cands) share[clause] += 1.0 / static_cast<double>(cands.size());
    }
    if (share.empty()) break;  // failures that name no clause at all
    std::string best;
    double best_score = -1;
    for (const auto& [clause, s] : share) {
      const double score = consistency(clause) * s;
      const bool better = score > best_score ||
                          (score == best_score && first_seen.at(clause) < first_seen.at(best));
      if (better) {
        best = clause;
        best_score = score;
      }
    }
    Cause cause{best, best_score, 0, {}, ""};
    std::vector<std::size_t> rest;
    int alone = 0;
    for (std::size_t k : remaining) {
      const auto& t = ev[k].tests;
      if (std::find(t.begin(), t.end(), best) == t.end()) {
        rest.push_back(k);
        continue;
      }
      cause.explains.push_back(k);
      if (candidates(k) == std::vector<std::string>{best}) ++alone;
    }
    // The case shown for it: one it isolates, checking the fewest clauses
    // not cleared, earliest in the manifest.
    auto rank_of = [&](std::size_t k) {
      return std::make_tuple(ev[k].primary == best ? 0 : 1, suspects(k).size(), k);
    };
    cause.shown = *std::min_element(cause.explains.begin(), cause.explains.end(),
                                    [&](std::size_t a, std::size_t b) { return rank_of(a) < rank_of(b); });
    const Tally t = isolating.count(best) ? isolating.at(best) : Tally{};
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
