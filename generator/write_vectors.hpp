// Writing the whole vector set: every file and the manifest.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace susurration::generator {

struct WrittenFile {
  std::string name;
  std::size_t cases;
  std::string sha256;
};

// Builds every file in memory first (in parallel), then writes each through
// a temporary name and a rename, then manifest.json last: a failure leaves
// no half-written file behind.
std::vector<WrittenFile> write_vectors(const std::filesystem::path& dir);

// Writes a file whole or not at all: a temporary beside it, then a rename.
// Throws std::runtime_error naming the file. `grade --output` uses it too.
void write_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace susurration::generator
