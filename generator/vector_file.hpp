// A vector file as the generator builds it: envelope, notes, groups, cases
// (vectors/README.md describes the format; schemas/ checks it).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "json_writer.hpp"
#include "susurration/state.hpp"

namespace susurration::generator {

inline constexpr const char* kSpecVersion = "1.0.0";
#ifndef SUSURRATION_VERSION
#error "SUSURRATION_VERSION is the kit's version (project(VERSION) in CMakeLists.txt)"
#endif
inline constexpr const char* kGeneratorVersion = "susurration " SUSURRATION_VERSION;

// What a flag hunts: the bug class, and what goes wrong in an engine that
// fails a case carrying it.
struct Note {
  std::string bug_type;
  std::string description;
};

struct Case {
  std::string id;
  std::string comment;
  std::vector<std::string> clauses;
  std::vector<std::string> flags;
  Json compare;
  Json input;
  Json expected;
  Json extra = Json::object();  // category-specific fields after `expected`
};

struct Group {
  std::string comment;
  Json parameters = Json::object();
  std::vector<Case> cases;
};

struct VectorFile {
  std::string category;  // also the file name: <category>.json
  std::vector<std::string> header;
  std::map<std::string, Note> notes;
  std::vector<Group> groups;

  std::size_t number_of_cases() const;
  Json to_json() const;  // the envelope, in the order vectors/README.md shows
};

// The comparison classes (vectors/README.md).
Json compare_exact();
Json compare_ulps(int max_ulps);
Json compare_step();
Json compare_trajectory();

// [[x, y, vx, vy], ...] and [c, a, s].
Json state_json(const State& s);
Json weights_json(const Weights& w);

}  // namespace susurration::generator
