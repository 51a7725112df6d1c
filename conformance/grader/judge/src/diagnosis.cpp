// The ranking of spec/grading.md, "How a report ranks causes" (PROTO-11):
// evidence from every graded case, failing and passing, weighed per clause.
//
// The evidence of a case is decided by kRules (diagnosis_evidence.cpp), one
// row per row of the two tables in that section; the ranking here that
// weighs the evidence is the numbered steps under them, and the bug-class
// row, decided over the whole run.
#include "susurration/grader/diagnosis.hpp"

#include "diagnosis_evidence.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace susurration::grader {
namespace {

using evidence::Evidence;
using evidence::also_tests;
using evidence::evidence_of;
using evidence::failed;
using evidence::graded;

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

std::vector<std::string_view> evidence_rule_keys() { return evidence::rule_keys(); }

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
