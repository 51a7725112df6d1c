// The fingerprint of REPORT-8: each known deviation, the cases that are its
// evidence and what masks them, derived from where each one can show.
#include "susurration/grader/fingerprint.hpp"

#include <fnmatch.h>

#include <algorithm>

namespace susurration::grader {
namespace {

// Cases whose bits, by the recipe, only this deviation and those in
// `masked_by` (named earlier in the table) can move: a tolerant one names
// the deviation unless one of those is named, which explains it as well.
struct Evidence {
  std::vector<const char*> cases;
  std::vector<const char*> masked_by;
};

struct Deviation {
  const char* name;
  std::vector<Evidence> evidence;
  std::vector<const char*> reach;  // the cases whose bits it can move at all: what it is listed with
  const char* remedy;
};

using Globs = std::vector<const char*>;

Globs with(Globs a, const Globs& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The step cases in which some speed is clamped (STEP-7), and those in which
// some bird has three or more neighbours (and close pairs off an axis).
const Globs kClamped = {"step-lone-bird-*", "step-clamped-*", "step-zero-new-velocity-*",
                        "step-separation-above-*", "step-alignment-below-*", "step-subnormal-*",
                        "step-hard-to-round-speed-*", "step-*1e150*", "step-*1e-150*"};
const Globs kCrowds = {"step-crowd-*", "step-*-weight-*", "step-all-weights-*"};

// Why each piece of evidence is what it is (spec/grading.md REPORT-8 keeps the same table):
// - a torus distance and the metrics' values come from hypot and nothing
//   else: no sum of neighbours, no a*b + c, no clamp;
// - step-band-90-*-inside and the pair one ulp inside 28 on an axis have
//   one neighbour (a sum of one term has one order), no separation term
//   off an axis (on an axis hypot is |dx| and d*d is dx*dx) and no clamp,
//   but forces added to the velocity: only fusing moves them;
// - the lone bird at (3, 4) is clamped from speed 5, which every faithful
//   hypot returns exactly, and has no force to fuse: only the clamp's
//   formula moves it; the other clamp cases can move by a hypot (the speed)
//   or fusing (the forces before it);
// - the separation cases off an axis (hard to round, band 28) move by d*d
//   against dx*dx + dy*dy, and by a hypot (d) or fusing (s added to u);
// - a crowd has more than two terms in each sum, so their order shows; so
//   can a hypot, fusing or d*d, through its separation terms;
// - init moves by sin and cos, and by fusing the speed 1.6 + next*2.6;
//   in the three init cases named apart every bird's speed rounds the same
//   fused or not (checked with exact rationals), so sin and cos alone move them.
// Trajectories and fresh runs carry every deviation (a chaotic flock turns
// one bit into another run): reached by all, the evidence of none.
const std::vector<Deviation>& table() {
  static const std::vector<Deviation> rows = {
      {"platform-hypot",
       {{{"torus-distance-*", "metrics-*"}, {}}},
       {"torus-distance-*", "metrics-*", "step-*"},
       "use a correctly rounded hypot (DET-2, FIELD-4) and decide 28, 90 and 270 exactly (FIELD-6)"},
      {"fused-multiply-add",
       {{{"step-band-90-*-inside", "step-neighbour-one-ulp-inside-28-*"}, {}}},
       {"init-*", "step-*"},
       "round every product and sum apart: -ffp-contract=off, no fma (DET-1)"},
      {"clamp-formula",
       {{{"step-clamped-bird-moves-by-its-clamped-velocity"}, {}}, {kClamped, {"platform-hypot", "fused-multiply-add"}}},
       with(kClamped, {"step-crowd-for-*"}),
       "clamp as STEP-7 says: f = min(max(sp, 1.6), 4.2) / sp, then u * f"},
      {"squared-deltas",
       {{{"step-hard-to-round-separation-distance", "step-band-28-*-inside"}, {"platform-hypot", "fused-multiply-add"}}},
       with(kCrowds, {"step-band-28-*", "step-hard-to-round-separation-*", "step-subnormal-components-*"}),
       "divide by d2 = d*d, d the correctly rounded distance, not dx*dx + dy*dy (STEP-5)"},
      {"sum-order",
       {{{"step-crowd-sums-*", "step-crowd-adds-*", "step-crowd-at-other-weights-*"},
         {"platform-hypot", "fused-multiply-add", "squared-deltas"}}},
       kCrowds,
       "sum each neighbour term from 0.0 in increasing index order (STEP-2, STATE-2)"},
      {"platform-sin-cos",
       {{{"init-seed-2147483647-10-birds", "init-hard-to-round-seed-63729-10-birds",
          "init-hard-to-round-seed-262837-10-birds"},
         {}},
        {{"init-*"}, {"fused-multiply-add"}}},
       {"init-*"},
       "use a correctly rounded sin and cos for the initial velocities (INIT-3, DET-2)"},
  };
  return rows;
}

bool any_glob(const std::vector<const char*>& globs, const std::string& id) {
  return std::any_of(globs.begin(), globs.end(), [&](const char* g) { return ::fnmatch(g, id.c_str(), 0) == 0; });
}

bool is_run(const CaseResult& r) {
  return r.category == "trajectories" || r.category == "fresh" || r.id.starts_with("trajectory-");
}

}  // namespace

std::vector<std::string> fingerprint_deviations() {
  std::vector<std::string> names;
  for (const Deviation& d : table()) names.emplace_back(d.name);
  return names;
}

std::vector<FingerprintEntry> fingerprint_of(const std::vector<CaseResult>& cases) {
  std::vector<const CaseResult*> tolerant;
  for (const CaseResult& r : cases) {
    if (r.outcome == Outcome::pass_tolerant) tolerant.push_back(&r);
  }
  std::vector<FingerprintEntry> named;
  std::vector<std::string> names;
  for (const Deviation& d : table()) {
    const auto is_named = [&](const char* m) { return std::find(names.begin(), names.end(), m) != names.end(); };
    const bool shown = std::any_of(d.evidence.begin(), d.evidence.end(), [&](const Evidence& e) {
      return std::none_of(e.masked_by.begin(), e.masked_by.end(), is_named) &&
             std::any_of(tolerant.begin(), tolerant.end(),
                         [&](const CaseResult* r) { return !is_run(*r) && any_glob(e.cases, r->id); });
    });
    if (!shown) continue;
    FingerprintEntry e{d.name, {}, d.remedy};
    for (const CaseResult* r : tolerant) {
      if (is_run(*r) || any_glob(d.reach, r->id)) e.cases.push_back(r->id);
    }
    names.emplace_back(d.name);
    named.push_back(std::move(e));
  }
  return named;
}

}  // namespace susurration::grader

namespace susurration::grader {

Json fingerprint_json(const std::vector<CaseResult>& cases) {
  Json out = Json::array();
  for (const FingerprintEntry& e : fingerprint_of(cases)) {
    out.push_back({{"deviation", e.deviation}, {"cases", e.cases}, {"remedy", e.remedy}});
  }
  return out;
}

std::string fingerprint_text(const std::vector<CaseResult>& cases) {
  const std::vector<FingerprintEntry> entries = fingerprint_of(cases);
  if (entries.empty()) return "";
  constexpr std::size_t shown = 6;  // the JSON report lists them all
  std::string out = "\nWhat the tolerant cases are consistent with (REPORT-8):\n";
  for (const FingerprintEntry& e : entries) {
    out += "  " + e.deviation + ": " + std::to_string(e.cases.size()) + (e.cases.size() == 1 ? " case" : " cases");
    for (std::size_t k = 0; k < e.cases.size() && k < shown; ++k) out += (k ? ", " : " (") + e.cases[k];
    if (e.cases.size() > shown) out += ", and " + std::to_string(e.cases.size() - shown) + " more";
    out += e.cases.empty() ? "\n" : ")\n";
    out += "    to remove it: " + e.remedy + "\n";
  }
  return out;
}

}  // namespace susurration::grader
