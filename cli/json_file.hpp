// Reading a JSON file the user named, with the one-line complaint of
// INPUT-8 when it cannot be read or parsed. One place for the schedule and
// claim files (run_options.cpp) and the vector files (vectors_diff.cpp).
#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include "susurration/inputs.hpp"

namespace susurration::cli {

// Json is nlohmann::json or nlohmann::ordered_json.
template <class Json>
Json read_json_file(const std::string& field, const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    throw InputError(field, path, "a readable JSON file");
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    return Json::parse(text.str());
  } catch (const typename Json::parse_error& e) {
    throw InputError(field, path + ": not JSON at byte " + std::to_string(e.byte), "a JSON file");
  }
}

}  // namespace susurration::cli
