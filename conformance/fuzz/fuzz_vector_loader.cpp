// Fuzz target: a vector set, as `grade --vectors DIR` reads it. The bytes
// are one vector file; the target writes it beside a manifest that pins it
// by its SHA-256 (so the bytes get past the pin to the parser and the case
// reader), loads the set and reads every case's id and clauses, as
// selection does. Whatever the bytes, loading returns or throws
// VectorSetError: anything else is a finding.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "susurration/grader/selection.hpp"
#include "susurration/grader/vector_set.hpp"
#include "sha256.hpp"

namespace fs = std::filesystem;

namespace {

// One folder per process, removed when the process ends normally.
struct Folder {
  fs::path path = fs::temp_directory_path() / ("susurration-fuzz-vectors-" + std::to_string(::getpid()));
  Folder() { fs::create_directories(path); }
  ~Folder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

const fs::path& folder() {
  static const Folder dir;
  return dir.path;
}

void write(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace susurration::grader;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  write(folder() / "step.json", bytes);
  write(folder() / "manifest.json",
        R"({"spec_version": "1.0.0", "generator_version": "0.1.0", "number_of_cases": 1, "files": [)"
        R"({"file": "step.json", "sha256": ")" + susurration::digest::sha256_hex(bytes) +
            R"(", "number_of_cases": 1, "spec_version": "1.0.0"}]})");
  try {
    const VectorSet set = load_vector_set(folder());
    (void)select_cases(set, Selection{{"*"}, {}, 1, 1});
  } catch (const VectorSetError&) {
    // Refused as a usage error of grade, which is the loader doing its job.
  }
  return 0;
}
