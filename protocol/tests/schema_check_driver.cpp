// schema_check_driver SCHEMA POINTER: checks each stdin line (one JSON
// instance) against the schema at POINTER of SCHEMA, a schema file or a
// folder of *.schema.json read as one document as the kit reads
// schemas/protocol/ (POINTER then e.g. /$defs/step/$defs/response), and
// prints `valid` or `invalid<TAB>violation`, one line each; cross_check.py compares these
// verdicts with python3-jsonschema's, json_schema_test_suite.py with the
// JSON-Schema-Test-Suite's. A schema the checker refuses is one line
// `refused<TAB>why` and exit status 3.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "susurration/protocol/schema_check.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: schema_check_driver SCHEMA_FILE_OR_FOLDER POINTER\n";
    return 2;
  }
  const std::filesystem::path schema = argv[1];
  // A folder's files as {stem, text}, sorted as CMake's glob sorts them.
  std::vector<std::pair<std::string, std::string>> files;
  if (std::filesystem::is_directory(schema)) {
    for (const auto& entry : std::filesystem::directory_iterator(schema)) {
      const std::string name = entry.path().filename().string();
      if (!name.ends_with(".schema.json")) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      files.emplace_back(name.substr(0, name.size() - std::string(".schema.json").size()), text.str());
    }
    std::sort(files.begin(), files.end());
  }
  std::unique_ptr<const susurration::SchemaChecker> made;
  try {
    if (files.empty()) {
      std::ifstream file(schema);
      made = std::make_unique<const susurration::SchemaChecker>(nlohmann::json::parse(file));
    } else {
      const susurration::SchemaTexts texts(files.begin(), files.end());
      made = std::make_unique<const susurration::SchemaChecker>(susurration::one_schema_document(texts));
    }
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
