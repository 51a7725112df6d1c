// schema_check_driver SCHEMA_FILE POINTER: checks each stdin line (one JSON
// instance) against the schema at POINTER and prints `valid` or
// `invalid<TAB>violation`, one line each; cross_check.py compares these
// verdicts with python3-jsonschema's.
#include <fstream>
#include <iostream>
#include <string>

#include "susurration/schema_check.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: schema_check_driver SCHEMA_FILE POINTER\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  const susurration::SchemaChecker checker(nlohmann::json::parse(file));
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto violation = checker.violation(nlohmann::json::parse(line), argv[2]);
    std::cout << (violation ? "invalid\t" + *violation : std::string("valid")) << '\n';
  }
  return 0;
}
