// Building vector files.
#include "vector_file.hpp"

#include "note_clauses.hpp"

#include "susurration/constants.hpp"

namespace susurration::generator {

std::size_t VectorFile::number_of_cases() const {
  std::size_t n = 0;
  for (const Group& g : groups) {
    n += g.cases.size();
  }
  return n;
}

Json VectorFile::to_json() const {
  Json notes_json = Json::object();
  for (const auto& [flag, note] : notes) {
    notes_json[flag] = {{"bug_type", note.bug_type},
                        {"clause", note_clause(category, flag)},
                        {"description", note.description}};
  }
  Json groups_json = Json::array();
  for (const Group& g : groups) {
    Json cases = Json::array();
    for (const Case& c : g.cases) {
      Json one = {{"id", c.id},           {"comment", c.comment},   {"clauses", c.clauses},
                  {"flags", c.flags},     {"compare", c.compare},   {"input", c.input},
                  {"expected", c.expected}};
      for (const auto& [key, value] : c.extra.items()) {
        one[key] = value;
      }
      cases.push_back(std::move(one));
    }
    groups_json.push_back({{"comment", g.comment}, {"parameters", g.parameters}, {"cases", cases}});
  }
  return {{"schema", category + ".schema.json"},
          {"spec_version", kSpecVersion},
          {"generator_version", kGeneratorVersion},
          {"category", category},
          {"header", header},
          {"number_of_cases", number_of_cases()},
          {"notes", notes_json},
          {"groups", groups_json}};
}

Json compare_exact() { return {{"class", "exact"}}; }

Json compare_ulps(int max_ulps) { return {{"class", "ulps"}, {"max_ulps", max_ulps}}; }

// vectors/README.md explains 1e-9: six orders of magnitude above last-bit
// libm noise after one step, six below the smallest rule or constant error.
Json compare_step() { return {{"class", "step"}, {"abs", 1e-9}}; }

Json compare_trajectory() {
  return {{"class", "trajectory"}, {"relative", kRelativeTolerance}, {"window", kToleranceWindow}};
}

Json state_json(const State& s) {
  Json birds = Json::array();
  for (const Bird& b : s) {
    birds.push_back({b.x, b.y, b.vx, b.vy});
  }
  return birds;
}

Json weights_json(const Weights& w) { return {w.cohesion, w.alignment, w.separation}; }

}  // namespace susurration::generator
