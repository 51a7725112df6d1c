// The rules that decide a case's evidence in the diagnosis are the rows of
// spec/grading.md's two PROTO-11 tables: every rule a row, every row a rule,
// matched by the key in the row's first column. The spec is read as
// written, so a row added to either side alone fails here.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "susurration/grader/diagnosis.hpp"

namespace susurration::grader {
namespace {

// The keys of the rows of the tables under "How a report ranks causes",
// with how many times each appears.
std::map<std::string, int> spec_row_keys() {
  std::ifstream in(SUSURRATION_SPEC_DIR "/grading.md");
  std::map<std::string, int> keys;
  std::string line;
  bool in_section = false;
  bool in_table = false;
  const std::regex row(R"(^\| `([a-z0-9-]+)` \|)");
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## How a report ranks causes";
    if (!in_section) continue;
    // Only the two tables whose header starts with the key column.
    if (line.rfind("| Row | A failing case where |", 0) == 0) in_table = true;
    if (line.rfind("|", 0) != 0) in_table = false;
    std::smatch m;
    if (in_table && std::regex_search(line, m, row)) ++keys[m[1]];
  }
  return keys;
}

TEST(DiagnosisRules, EveryRowOfTheSpecsTablesIsOneRuleAndEveryRuleARow) {
  const std::map<std::string, int> rows = spec_row_keys();
  // The two tables had 22 and 7 rows when the keys were added: a parse
  // that finds few or none has lost the tables, not the rows.
  ASSERT_GE(rows.size(), 20u) << "the PROTO-11 tables of spec/grading.md were not found";
  std::map<std::string, int> rules;
  for (std::string_view key : evidence_rule_keys()) ++rules[std::string(key)];
  for (const auto& [key, n] : rules) {
    EXPECT_EQ(n, 1) << "rule " << key << " is in diagnosis_evidence.cpp's kRules " << n << " times";
    EXPECT_TRUE(rows.contains(key)) << "rule " << key << " has no row in spec/grading.md's PROTO-11 tables";
  }
  for (const auto& [key, n] : rows) {
    EXPECT_EQ(n, 1) << "row " << key << " is in spec/grading.md " << n << " times";
    EXPECT_TRUE(rules.contains(key)) << "row " << key << " of spec/grading.md has no rule in diagnosis_evidence.cpp's kRules";
  }
}

}  // namespace
}  // namespace susurration::grader
