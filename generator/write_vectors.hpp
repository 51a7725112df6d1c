// Writing the whole vector set: every file and the manifest.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "atomic_file.hpp"
#include "files.hpp"

namespace susurration::generator {

struct WrittenFile {
  std::string name;
  std::size_t cases;
  std::string sha256;
};

// Builds every file in memory first (in parallel), then writes each through
// a temporary name and a rename (atomic_file.hpp), then manifest.json last:
// a failure leaves no half-written file behind. InputError (field "out")
// when `dir` is not a folder that can be made or written into.
std::vector<WrittenFile> write_vectors(const std::filesystem::path& dir, const BuildProgress& progress = {});

// The same for fresh set `seed` (fresh.hpp), written the same way.
std::vector<WrittenFile> write_fresh_vectors(const std::filesystem::path& dir, std::uint32_t seed);

// Writes `files` and their manifest into `dir`, as write_vectors does.
std::vector<WrittenFile> write_vector_files(const std::filesystem::path& dir, const std::vector<VectorFile>& files);

}  // namespace susurration::generator
