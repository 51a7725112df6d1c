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
  std::string manifest_sha256;  // of manifest.json's bytes: names the set in a report
  std::vector<Json> files;  // in manifest order; cases point into these
  std::vector<VectorCase> cases;
};

// The caps on what a vector set may hold, checked before a file is read
// past them: ten times the largest published file (trajectories.json,
// 5.3 MB), and room for a manifest of hundreds of files.
inline constexpr std::size_t kMaxVectorFileBytes = 64u << 20;
inline constexpr std::size_t kMaxVectorFileValues = 1u << 23;
inline constexpr std::size_t kMaxVectorSetBytes = 256u << 20;  // all files together
inline constexpr std::size_t kMaxManifestBytes = 1u << 20;

// Reads and checks a vector directory. The manifest names plain file names
// in the folder (no '/', so nothing outside it); each must be a regular
// file, not a symlink, within kMaxVectorFileBytes. Throws VectorSetError.
VectorSet load_vector_set(const std::filesystem::path& dir);

}  // namespace susurration::grader
