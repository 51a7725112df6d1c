#include "vector_lookup.hpp"

#include <exception>
#include <system_error>

#include "susurration/grader/vector_set.hpp"
#include "susurration/grader/verdict.hpp"
#include "vector_file.hpp"

#ifndef SUSURRATION_VERSION
#error "SUSURRATION_VERSION is the kit's version (project(VERSION) in CMakeLists.txt)"
#endif

namespace susurration::cli {

std::filesystem::path vectors_beside_binary() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error || self.empty()) return {};
  return (self.parent_path() / ".." / "share" / "susurration" / "vectors").lexically_normal();
}

std::filesystem::path adapters_beside_binary() {
  std::error_code error;
  const std::filesystem::path vectors = vectors_beside_binary();
  if (vectors.empty()) return {};
  const std::filesystem::path dir = (vectors / ".." / "adapters").lexically_normal();
  return std::filesystem::is_directory(dir, error) ? dir : std::filesystem::path{};
}

std::string version_text() {
  std::string out = "susurration " SUSURRATION_VERSION "\n";
  out += "spec " + std::string(generator::kSpecVersion) + "\n";
  const std::filesystem::path dir = vectors_beside_binary();
  try {
    // Loading checks every file against the manifest, so the hash printed
    // is that of a set grade would accept.
    const std::string hash = grader::load_vector_set(dir).manifest_sha256;
    out += "vectors " + hash + " " + dir.string();
    if (hash == grader::published_manifest_sha256()) return out;
  } catch (const std::exception& e) {
    out += "vectors none: " + std::string(e.what());
  }
  // The set beside the binary is not the one this kit was built with: the
  // published set is named too, as a grade's scope names it.
  out += "\npublished " + grader::published_manifest_sha256() + " (not the set above)";
  return out;  // CLI11 ends the line
}

}  // namespace susurration::cli
