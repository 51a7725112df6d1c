// schema_check_driver SCHEMA_FILE POINTER: checks each stdin line (one JSON
// instance) against the schema at POINTER and prints `valid` or
// `invalid<TAB>violation`, one line each; cross_check.py compares these
// verdicts with python3-jsonschema's, json_schema_test_suite.py with the
// JSON-Schema-Test-Suite's. A schema the checker refuses is one line
// `refused<TAB>why` and exit status 3.
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "susurration/protocol/schema_check.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: schema_check_driver SCHEMA_FILE POINTER\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  std::unique_ptr<const susurration::SchemaChecker> made;
  try {
    made = std::make_unique<const susurration::SchemaChecker>(nlohmann::json::parse(file));
  } catch (const std::logic_error& e) {
    // A schema the checker does not implement: one line, and its own status.
    std::cout << "refused\t" << e.what() << '\n';
    return 3;
  }
  const susurration::SchemaChecker& checker = *made;
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto violation = checker.violation(nlohmann::json::parse(line), argv[2]);
    std::cout << (violation ? "invalid\t" + *violation : std::string("valid")) << '\n';
  }
  return 0;
}
