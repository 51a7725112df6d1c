// The published vectors as the grader reads them: the manifest, each file
// checked against its SHA-256 pin, and the cases in manifest order.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "susurration/grader/compare.hpp"

namespace susurration::grader {

// The directory is not a usable vector set (missing, unreadable, not the
// manifest's bytes): a usage error of `grade`.
class VectorSetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct VectorCase {
  std::string file;      // "step.json"
  std::string category;  // the file's "category"
  const Json* file_doc;  // the whole file: its "notes"
  const Json* group;     // the group: its "parameters"
  const Json* json;      // the case itself
  std::string id() const { return json->at("id").get<std::string>(); }
};

struct VectorSet {
  std::filesystem::path dir;
  Json manifest;
  std::vector<Json> files;  // in manifest order; cases point into these
  std::vector<VectorCase> cases;
};

// Reads and checks a vector directory. Throws VectorSetError.
VectorSet load_vector_set(const std::filesystem::path& dir);

}  // namespace susurration::grader
