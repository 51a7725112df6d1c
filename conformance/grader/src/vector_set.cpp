// Loading a vector set. The grader grades against exactly the bytes the
// manifest pins, so a hand-edited or truncated file is refused, not graded.
#include "susurration/grader/vector_set.hpp"

#include <fstream>
#include <sstream>

#include "sha256.hpp"

namespace susurration::grader {
namespace {

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw VectorSetError("cannot read " + path.string());
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

Json parse(const std::filesystem::path& path, const std::string& bytes) {
  try {
    return Json::parse(bytes);
  } catch (const Json::parse_error& e) {
    throw VectorSetError(path.string() + " is not JSON: " + e.what());
  }
}

}  // namespace

VectorSet load_vector_set(const std::filesystem::path& dir) {
  VectorSet set;
  set.dir = dir;
  const auto manifest_path = dir / "manifest.json";
  if (!std::filesystem::is_regular_file(manifest_path)) {
    throw VectorSetError(dir.string() + " has no manifest.json");
  }
  set.manifest = parse(manifest_path, read_bytes(manifest_path));
  try {
    const Json& listed = set.manifest.at("files");
    set.files.reserve(listed.size());  // cases keep pointers into these
    for (const Json& entry : listed) {
      const std::string name = entry.at("file").get<std::string>();
      const auto path = dir / name;
      const std::string bytes = read_bytes(path);
      if (generator::sha256_hex(bytes) != entry.at("sha256").get<std::string>()) {
        throw VectorSetError(path.string() + " does not match its sha256 in manifest.json");
      }
      set.files.push_back(parse(path, bytes));
    }
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      const Json& doc = set.files[f];
      const std::string name = listed[f].at("file").get<std::string>();
      for (const Json& group : doc.at("groups")) {
        for (const Json& c : group.at("cases")) {
          set.cases.push_back({name, doc.at("category").get<std::string>(), &doc, &group, &c});
        }
      }
    }
  } catch (const Json::exception& e) {
    throw VectorSetError(dir.string() + " is not a vector set: " + e.what());
  }
  return set;
}

}  // namespace susurration::grader
