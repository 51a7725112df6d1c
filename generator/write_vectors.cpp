// Writing the vector set and its manifest.
#include "write_vectors.hpp"

#include <chrono>
#include <future>
#include <iterator>
#include <thread>
#include <stdexcept>

#include "files.hpp"
#include "fresh.hpp"
#include "sha256.hpp"
#include "susurration/inputs.hpp"

namespace susurration::generator {

namespace {

// The published files, in the manifest's order: the one list of them.
struct PublishedFile {
  const char* name;
  VectorFile (*build)();
};
constexpr PublishedFile kPublished[] = {
    {"prng", prng_vectors},         {"torus", torus_vectors},
    {"init", init_vectors},         {"step", step_vectors},
    {"metrics", metrics_vectors},   {"trajectories", trajectory_vectors},
    {"serialisation", serialisation_vectors}, {"invalid", invalid_vectors},
    {"limits", limits_vectors},
};

}  // namespace

std::size_t published_file_count() { return std::size(kPublished); }

std::vector<VectorFile> all_vector_files(const BuildProgress& progress) {
  // Each builder is independent and deterministic, so they may run at once.
  std::vector<std::future<VectorFile>> jobs;
  for (const auto& file : kPublished) {
    jobs.push_back(std::async(std::launch::async, file.build));
  }
  for (std::size_t done = 0; progress && done < jobs.size();) {
    done = 0;
    std::string building;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      if (jobs[k].wait_for(std::chrono::milliseconds(0)) == std::future_status::ready) {
        ++done;
      } else if (building.empty()) {
        building = std::string(kPublished[k].name) + ".json";
      }
    }
    progress(done, jobs.size(), building);
    if (done < jobs.size()) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  std::vector<VectorFile> files;
  for (auto& job : jobs) {
    files.push_back(job.get());
  }
  return files;
}

std::vector<WrittenFile> write_vectors(const std::filesystem::path& dir, const BuildProgress& progress) {
  return write_vector_files(dir, all_vector_files(progress));
}

std::vector<WrittenFile> write_fresh_vectors(const std::filesystem::path& dir, std::uint32_t seed) {
  return write_vector_files(dir, fresh_vector_files(seed));
}

std::vector<WrittenFile> write_vector_files(const std::filesystem::path& dir, const std::vector<VectorFile>& files) {
  std::vector<std::pair<std::string, std::string>> texts;
  std::vector<WrittenFile> written;
  Json listing = Json::array();
  std::size_t total = 0;
  for (const VectorFile& f : files) {
    const std::string name = f.category + ".json";
    texts.emplace_back(name, canonical_text(f.to_json()));
    written.push_back({name, f.number_of_cases(), digest::sha256_hex(texts.back().second)});
    listing.push_back({{"file", name},
                       {"sha256", written.back().sha256},
                       {"number_of_cases", written.back().cases},
                       {"spec_version", kSpecVersion}});
    total += f.number_of_cases();
  }
  const Json manifest = {{"schema", "manifest.schema.json"},
                         {"spec_version", kSpecVersion},
                         {"generator_version", kGeneratorVersion},
                         {"number_of_cases", total},
                         {"files", listing}};
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    throw InputError("out", dir.string(), "a folder that exists or can be made");
  }
  for (const auto& [name, text] : texts) {
    write_atomically(dir / name, text, "out");
  }
  write_atomically(dir / "manifest.json", canonical_text(manifest), "out");
  return written;
}

}  // namespace susurration::generator
