// REPORT-8's rule on hand-made outcomes: the expected names are read off the
// clause's table, not computed.
#include "susurration/grader/fingerprint.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace susurration::grader {
namespace {

CaseResult result(const std::string& id, Outcome outcome, const std::string& category = "") {
  CaseResult r;
  r.id = id;
  r.category = category.empty() ? id.substr(0, id.find('-')) : category;
  r.outcome = outcome;
  return r;
}

std::vector<std::string> named(const std::vector<CaseResult>& cases) {
  std::vector<std::string> out;
  for (const FingerprintEntry& e : fingerprint_of(cases)) out.push_back(e.deviation);
  return out;
}

TEST(Fingerprint, AnExactGradeHasNone) {
  EXPECT_TRUE(fingerprint_of({result("torus-distance-exactly-90", Outcome::pass_exact),
                              result("init-seed-0-10-birds", Outcome::pass_exact)})
                  .empty());
}

TEST(Fingerprint, AFailureIsNoDeviationsEvidence) {
  EXPECT_TRUE(fingerprint_of({result("torus-distance-exactly-90", Outcome::fail)}).empty());
}

TEST(Fingerprint, TrajectoriesAreNoOnesEvidenceButAreListedWithWhatIsNamed) {
  const CaseResult run = result("trajectory-n120-w1-1-1-seed-2", Outcome::pass_tolerant, "trajectories");
  EXPECT_TRUE(fingerprint_of({run}).empty());
  const auto f = fingerprint_of({result("step-band-90-axis-just-below-the-midpoint-is-inside", Outcome::pass_tolerant), run});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].deviation, "fused-multiply-add");
  EXPECT_EQ(f[0].cases, (std::vector<std::string>{"step-band-90-axis-just-below-the-midpoint-is-inside", run.id}));
  // A fresh case is a run too, whatever its id.
  const CaseResult fresh = result("step-band-90-axis-just-below-the-midpoint-is-inside", Outcome::pass_tolerant, "fresh");
  EXPECT_TRUE(fingerprint_of({fresh}).empty());
}

TEST(Fingerprint, ACrowdBehindAPlatformHypotIsTheHypotsAndSumOrderGoesUnnamed) {
  const auto f = fingerprint_of({result("torus-distance-hard-to-round-about-60-just-below-a-midpoint", Outcome::pass_tolerant),
                                 result("step-crowd-sums-neighbours-in-index-order", Outcome::pass_tolerant)});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].deviation, "platform-hypot");
  EXPECT_EQ(f[0].cases.size(), 2u);
  // Alone, the same crowd names the order of the sums.
  EXPECT_EQ(named({result("step-crowd-sums-neighbours-in-index-order", Outcome::pass_tolerant)}),
            (std::vector<std::string>{"sum-order"}));
}

TEST(Fingerprint, TheLoneBirdAtSpeedFiveNamesTheClampBesideAPlatformHypot) {
  EXPECT_EQ(named({result("torus-distance-hard-to-round-about-60-just-below-a-midpoint", Outcome::pass_tolerant),
                   result("step-clamped-bird-moves-by-its-clamped-velocity", Outcome::pass_tolerant)}),
            (std::vector<std::string>{"platform-hypot", "clamp-formula"}));
  // Another clamped case is the hypot's as much as the clamp's.
  EXPECT_EQ(named({result("torus-distance-hard-to-round-about-60-just-below-a-midpoint", Outcome::pass_tolerant),
                   result("step-hard-to-round-speed-below-1-6", Outcome::pass_tolerant)}),
            (std::vector<std::string>{"platform-hypot"}));
}

TEST(Fingerprint, InitBehindFusingIsFusingsButTheSeedsWhoseSpeedsFuseAlikeNameSinAndCos) {
  const CaseResult fma = result("step-neighbour-one-ulp-inside-28-on-x-separates", Outcome::pass_tolerant);
  EXPECT_EQ(named({fma, result("init-hard-to-round-seed-103256-10-birds", Outcome::pass_tolerant)}),
            (std::vector<std::string>{"fused-multiply-add"}));
  EXPECT_EQ(named({fma, result("init-hard-to-round-seed-262837-10-birds", Outcome::pass_tolerant)}),
            (std::vector<std::string>{"fused-multiply-add", "platform-sin-cos"}));
  EXPECT_EQ(named({result("init-hard-to-round-seed-103256-10-birds", Outcome::pass_tolerant)}),
            (std::vector<std::string>{"platform-sin-cos"}));
}

TEST(Fingerprint, EachNamedDeviationHasARemedyAndTheTextSectionGivesIt) {
  const std::vector<CaseResult> cases = {result("step-band-28-diagonal-just-below-the-midpoint-is-inside", Outcome::pass_tolerant)};
  const auto f = fingerprint_of(cases);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].deviation, "squared-deltas");
  EXPECT_NE(f[0].remedy.find("d*d"), std::string::npos);
  const std::string text = fingerprint_text(cases);
  EXPECT_NE(text.find("squared-deltas: 1 case (step-band-28-diagonal-just-below-the-midpoint-is-inside)"), std::string::npos);
  EXPECT_NE(text.find("to remove it: " + f[0].remedy), std::string::npos);
  EXPECT_EQ(fingerprint_text({}), "");
}

}  // namespace
}  // namespace susurration::grader
