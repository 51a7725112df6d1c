// The published vectors as the grader reads them: the manifest, each file
// checked against its SHA-256 pin, and the cases in manifest order.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <optional>
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
  std::string file;      // "step.json"; "fresh/step.json" for a fresh case
  std::string category;  // the file's "category"
  const Json* file_doc;  // the whole file: its "notes"
  const Json* group;     // the group: its "parameters"
  const Json* json;      // the case itself
  bool fresh = false;    // from a fresh set (add_fresh), reported as category "fresh"
  // From limits.json (spec/grading.md, "The limits set"): asked only by
  // `grade --limits`, graded as the file of its group's shape is (its
  // `category` here, "step" or "trajectories"), reported as category "limits".
  bool limits = false;
  std::string id() const { return json->at("id").get<std::string>(); }
};

struct VectorSet {
  std::filesystem::path dir;
  Json manifest;
  // SHA-256 of manifest.json's bytes as read, lower-case hex: the manifest
  // pins each file, so this one hash pins the set (grade --expect-manifest).
  std::string manifest_sha256;
  std::deque<Json> files;  // in manifest order, then a fresh set's; cases point into these
  std::vector<VectorCase> cases;
  // The seed of the fresh set graded beside this one (add_fresh), if any.
  std::optional<std::uint32_t> fresh_seed;
};

// The caps on what a vector set may hold, checked before a file is read
// past them: ten times the largest published file (trajectories.json,
// 5.3 MB), and room for a manifest of hundreds of files.
inline constexpr const char* kLimitsCategory = "limits";
inline constexpr std::size_t kMaxVectorFileBytes = 64u << 20;
inline constexpr std::size_t kMaxVectorFileValues = 1u << 23;
inline constexpr std::size_t kMaxVectorSetBytes = 256u << 20;  // all files together
inline constexpr std::size_t kMaxManifestBytes = 1u << 20;

// Reads and checks a vector directory. The manifest names plain file names
// in the folder (no '/', so nothing outside it); each must be a regular
// file, not a symlink, within kMaxVectorFileBytes. Throws VectorSetError.
// Every file is checked against its schema, but where `check_schemas` is
// false: fuzz's narrowed set for its class engines (fuzz_cases.hpp), the kit's
// own, holds a step class narrower than the schema's one constant.
VectorSet load_vector_set(const std::filesystem::path& dir, bool check_schemas = true);

// Adds the files of fresh set `seed` (the generator's fresh_vector_files,
// as JSON) after the set's own: their cases are graded like any other and
// reported under the category "fresh", from files named "fresh/<file>".
void add_fresh(VectorSet& set, std::vector<Json> files, std::uint32_t seed);

}  // namespace susurration::grader
