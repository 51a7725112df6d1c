// The clause of a result of the wrong shape (checks.cpp shape_clause): the
// rule that defines the value the response schema found wrong, read from
// its place in the result, as spec/PROTOCOL.md's defining clauses are for
// a wrong value; the case's own first clause when the result as a whole is.
#include <gtest/gtest.h>

#include "../judge/src/check_parts.hpp"

namespace susurration::grader {
namespace {

std::string clause_at(const std::string& location, std::vector<std::string> clauses = {"SESSION-1", "METRIC-3"}) {
  CaseResult r;
  r.clauses = std::move(clauses);
  std::vector<std::string> suspects;
  return shape_clause(r, location, suspects);
}

// Stryker's mutants of the Node engine that scripts/diagnosis-share found
// diagnosed as missed deadlines: each value below is one of them.
TEST(ShapeClause, AValueOfTheWrongShapeIsItsDefiningRules) {
  EXPECT_EQ(clause_at("/result/next/0", {"PRNG-3"}), "PRNG-2");          // a draw of 1e19: no division by 2^32
  EXPECT_EQ(clause_at("/result/next", {"PRNG-3"}), "PRNG-2");            // no draw at all
  EXPECT_EQ(clause_at("/result/u32/2", {"PRNG-3"}), "PRNG-1");
  EXPECT_EQ(clause_at("/result/state/0", {"STEP-2"}), "STATE-1");        // a bird of no numbers
  EXPECT_EQ(clause_at("/result/states/0/state/0"), "STATE-1");
  EXPECT_EQ(clause_at("/result/states/3/tick"), "TOL-7");                // a state labelled with no tick
  EXPECT_EQ(clause_at("/result/cluster_count", {"METRIC-2"}), "METRIC-3");  // 0 clusters
  EXPECT_EQ(clause_at("/result/metrics/cluster_count/0"), "METRIC-3");
  EXPECT_EQ(clause_at("/result/metrics/polarization/7"), "METRIC-2");
  EXPECT_EQ(clause_at("/result/text", {"SERIAL-3"}), "SERIAL-2");        // a number where the text belongs
  EXPECT_EQ(clause_at("/result/final_state_hash"), "DET-3");
  EXPECT_EQ(clause_at("/result/delta", {"FIELD-1"}), "FIELD-3");
}

TEST(ShapeClause, AWholeResultOfTheWrongShapeIsTheCasesOwnRule) {
  EXPECT_EQ(clause_at("/result", {"INIT-1", "PRNG-1"}), "INIT-1");  // init answered [] (a missing key is located at the key)
  EXPECT_EQ(clause_at("/result/surprise", {"FIELD-1"}), "FIELD-1");  // a key no result has
}

TEST(ShapeClause, AWrongMeanSuspectsBothOfItsRules) {
  CaseResult r;
  r.clauses = {"METRIC-1"};
  std::vector<std::string> suspects;
  shape_clause(r, "/result/mean_neighbor_distance", suspects);
  EXPECT_EQ(suspects, (std::vector<std::string>{"METRIC-4", "METRIC-5"}));
}

}  // namespace
}  // namespace susurration::grader
