// Loading a vector set. The grader grades against exactly the bytes the
// manifest pins, so a hand-edited or truncated file is refused, not graded.
#include "susurration/grader/vector_set.hpp"

#include <fcntl.h>
#include <algorithm>
#include <unistd.h>

#include <map>

#include "sha256.hpp"
#include "susurration/protocol/engine_text.hpp"
#include "susurration/protocol/schema_check.hpp"
#include "susurration/protocol/bounded_file.hpp"
#include "susurration/protocol/bounded_json.hpp"

namespace susurration::grader {
namespace {

// A name the manifest may list: a plain file name in the vector folder, so
// no entry reaches outside it (an absolute path, `..`, a subfolder).
bool plain_file_name(const std::string& name) {
  return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
         name.find('\0') == std::string::npos;
}

// A regular file of the folder, opened without following a symlink or
// waiting on a FIFO, refused past the cap before more than the cap is read.
std::string read_member(int dir_fd, const std::filesystem::path& dir, const std::string& name,
                        std::size_t cap) {
  try {
    return forms::read_bounded_file_at(dir_fd, name, {cap, true, true});
  } catch (const forms::FileReadError& e) {
    throw VectorSetError((dir / name).string() + ": " + e.what());
  }
}

Json parse(const std::filesystem::path& path, const std::string& bytes, std::size_t cap) {
  try {
    return forms::parse_bounded<Json>(bytes, {cap, 64, kMaxVectorFileValues, false});
  } catch (const forms::JsonTextError& e) {
    throw VectorSetError(path.string() + " is not JSON: " + e.what());
  }
}

class Folder {
 public:
  explicit Folder(const std::filesystem::path& dir)
      : fd_(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    if (fd_ < 0) throw VectorSetError(dir.string() + " is not a readable folder");
  }
  Folder(const Folder&) = delete;
  Folder& operator=(const Folder&) = delete;
  ~Folder() { ::close(fd_); }
  int fd() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

// schemas/<stem>.schema.json for each stem, compiled in (vector_schemas.cpp.in).
const std::vector<std::pair<std::string_view, std::string_view>>& vector_schema_texts();

namespace {

// The vector schemas as one document the checker reads, each under
// /$defs/<stem> (one_schema_document). A pattern gets the checker's bound on
// its input where the schema gives none: every patterned string of a vector
// file (an id, a version, a hash, a flag) is far shorter.
Json vector_schema_document() {
  Json document = one_schema_document(vector_schema_texts());
  const auto bound = [](auto&& self, Json& node) -> void {
    if (node.is_object() && node.contains("pattern") && !node.contains("maxLength")) node["maxLength"] = 1000;
    if (node.is_structured()) {
      for (Json& child : node) self(self, child);
    }
  };
  bound(bound, document);
  return document;
}

// The file against the schema it names (its "schema", e.g. step.schema.json).
void check_file_schema(const std::filesystem::path& file, const Json& doc, const std::string& wanted = "") {
  static const SchemaChecker checker(vector_schema_document());
  const std::string named = doc.is_object() && doc.contains("schema") && doc.at("schema").is_string()
                                ? doc.at("schema").get<std::string>()
                                : "";
  const std::string stem = named.substr(0, named.find(".schema.json"));
  const bool known = !stem.empty() && stem + ".schema.json" == named && stem != "common" &&
                     (wanted.empty() ? stem != "manifest" : stem == wanted) &&
                     std::any_of(vector_schema_texts().begin(), vector_schema_texts().end(),
                                 [&](const auto& t) { return t.first == stem; });
  if (!known) {
    throw VectorSetError(file.string() + " names no schema of a vector " + (wanted.empty() ? "file" : wanted) +
                         " (\"schema\": " + protocol::quote(Json(named).dump(), 100) + ")");
  }
  if (const auto problem = checker.violation(doc, "/$defs/" + stem)) {
    throw VectorSetError(file.string() + " breaks " + named + ": " + protocol::quote(*problem, 300));
  }
}

// What selection reads of every case before any case is graded (its id and
// clauses): a case without them is refused with the set, not met as an
// exception outside the workers that catch a case's trouble.
void check_case_shape(const std::filesystem::path& file, const Json& c) {
  const auto strings = [](const Json& v) {
    return v.is_array() && std::all_of(v.begin(), v.end(), [](const Json& s) { return s.is_string(); });
  };
  if (!c.is_object() || !c.contains("id") || !c.at("id").is_string() || !c.contains("clauses") ||
      !strings(c.at("clauses"))) {
    throw VectorSetError(file.string() + " has a case without a string id and a list of clauses");
  }
}

}  // namespace

VectorSet load_vector_set(const std::filesystem::path& dir, bool check_schemas) {
  VectorSet set;
  set.dir = dir;
  const Folder folder(dir);
  const std::string manifest = read_member(folder.fd(), dir, "manifest.json", kMaxManifestBytes);
  set.manifest = parse(dir / "manifest.json", manifest, kMaxManifestBytes);
  set.manifest_sha256 = digest::sha256_hex(manifest);
  if (check_schemas) check_file_schema(dir / "manifest.json", set.manifest, "manifest");
  try {
    const Json& listed = set.manifest.at("files");
    std::size_t total = 0;
    for (const Json& entry : listed) {
      const std::string name = entry.at("file").get<std::string>();
      if (!plain_file_name(name)) {
        throw VectorSetError("manifest.json lists " + Json(name).dump() +
                             ", not a file name in the vector folder");
      }
      const auto path = dir / name;
      // The cap of one file, or what is left of the whole set's.
      const std::string bytes =
          read_member(folder.fd(), dir, name, std::min(kMaxVectorFileBytes, kMaxVectorSetBytes - total));
      total += bytes.size();
      if (digest::sha256_hex(bytes) != entry.at("sha256").get<std::string>()) {
        throw VectorSetError(path.string() + " does not match its sha256 in manifest.json");
      }
      set.files.push_back(parse(path, bytes, kMaxVectorFileBytes));
    }
    // A report holds one outcome per case id: a set that repeats one, or
    // whose files hold another number of cases than the manifest says, is
    // not the published set and would give a report no reader accepts.
    std::map<std::string, std::string> file_of_id;
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      const Json& doc = set.files[f];
      const std::string name = listed[f].at("file").get<std::string>();
      if (check_schemas) check_file_schema(dir / name, doc);
      std::size_t count = 0;
      for (const Json& group : doc.at("groups")) {
        for (const Json& c : group.at("cases")) {
          check_case_shape(dir / name, c);
          const auto [at, added] = file_of_id.emplace(c.at("id").get<std::string>(), name);
          if (!added) {
            throw VectorSetError((dir / name).string() + " repeats the case id " + protocol::quote(c.at("id").dump(), 200) +
                                 (at->second == name ? "" : " of " + at->second) + ": case ids are unique in a set");
          }
          const std::string category = doc.at("category").get<std::string>();
          if (category == kLimitsCategory) {
            // limits.schema.json: a group of step.json's shape or of trajectories.json's.
            const bool run = group.at("parameters").contains("birds");
            set.cases.push_back({name, run ? "trajectories" : "step", &doc, &group, &c, false, true});
          } else {
            set.cases.push_back({name, category, &doc, &group, &c});
          }
          ++count;
        }
      }
      if (count != listed[f].at("number_of_cases").get<std::size_t>() ||
          count != doc.at("number_of_cases").get<std::size_t>()) {
        throw VectorSetError((dir / name).string() + " holds " + std::to_string(count) +
                             " cases, not the number_of_cases manifest.json and the file give");
      }
    }
    if (set.cases.size() != set.manifest.at("number_of_cases").get<std::size_t>()) {
      throw VectorSetError((dir / "manifest.json").string() + " gives number_of_cases " +
                           set.manifest.at("number_of_cases").dump() + ", but its files hold " +
                           std::to_string(set.cases.size()));
    }
  } catch (const Json::exception& e) {
    throw VectorSetError(dir.string() + " is not a vector set: " + e.what());
  }
  return set;
}

void add_fresh(VectorSet& set, std::vector<Json> files, std::uint32_t seed) {
  for (Json& doc : files) {
    set.files.push_back(std::move(doc));  // a deque: the cases' pointers stay valid
    const Json& kept = set.files.back();
    const std::string category = kept.at("category").get<std::string>();
    for (const Json& group : kept.at("groups")) {
      for (const Json& c : group.at("cases")) {
        check_case_shape("fresh/" + category + ".json", c);
        set.cases.push_back({"fresh/" + category + ".json", category, &kept, &group, &c, true});
      }
    }
  }
  set.fresh_seed = seed;
}

}  // namespace susurration::grader
