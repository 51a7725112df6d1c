// One builder per vector file; each lives in the source file of its name.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "chaos_horizon.hpp"
#include "susurration/state.hpp"
#include "vector_file.hpp"

namespace susurration::generator {

VectorFile prng_vectors();           // prng_vectors.cpp
VectorFile torus_vectors();          // torus_vectors.cpp
VectorFile init_vectors();           // init_vectors.cpp
VectorFile step_vectors();           // step_vectors.cpp
// step.json's cases of several ticks (step_ticks_vectors.cpp) and at
// INPUT-9's velocity bounds (step_bounds_vectors.cpp), each with its note.
Group step_ticks_group();
std::pair<std::string, Note> step_ticks_note();
Group step_bounds_group();
std::pair<std::string, Note> step_bounds_note();
VectorFile metrics_vectors();        // metrics_vectors.cpp
// The notes of a file's flags, which its fresh twin shares.
std::map<std::string, Note> prng_notes();     // prng_vectors.cpp
std::map<std::string, Note> torus_notes();    // torus_vectors.cpp
std::map<std::string, Note> init_notes();     // init_vectors.cpp
std::map<std::string, Note> step_notes();     // step_notes.cpp
std::map<std::string, Note> metrics_notes();  // metrics_notes.cpp
std::map<std::string, Note> trajectory_notes();     // trajectory_vectors.cpp
std::map<std::string, Note> serialisation_notes();  // serialisation_vectors.cpp
std::map<std::string, Note> invalid_notes();        // invalid_vectors.cpp
VectorFile trajectory_vectors();     // trajectory_vectors.cpp
VectorFile serialisation_vectors();  // serialisation_vectors.cpp
VectorFile invalid_vectors();        // invalid_vectors.cpp
// limits.json (limits_vectors.cpp): outside every set a plain grade asks;
// its two cases apart, so that their cost can be measured (bench/limits_cost).
VectorFile limits_vectors();
Case limits_step_case();
Case limits_run_case();

// The cases published, fresh and fuzzed sets share, each built in one place.
// prng.json's: `count` draws after skipping `skip` (the seed is the group's).
Case prng_case(std::uint32_t seed, std::uint64_t skip, int count, std::string id, std::string comment,
               std::vector<std::string> clauses, std::vector<std::string> flags);  // prng_vectors.cpp
// init.json's: the state straight after initialising n birds from `seed`
// (the group's `birds` is n), in the class every correct engine passes;
// `lead` is the clause it lists first.
Case init_case(std::uint32_t seed, int n, std::string id, std::string comment, std::vector<std::string> flags,
               const std::string& lead = "INIT-1");  // init_vectors.cpp
// torus.json's: the delta from a to b on an axis of `size` (the group's),
// exact; the delta and distance between two positions, in `compare`.
Case torus_delta_case(std::string id, std::string comment, std::vector<std::string> flags, double a, double b,
                      double size);  // torus_vectors.cpp
Case torus_distance_case(std::string id, std::string comment, std::vector<std::string> clauses,
                         std::vector<std::string> flags, Json compare, const Bird& from, const Bird& to);

// trajectories.json's: the run to tick `ticks` (its birds, weights and
// schedule the group's, schedule_json), anchored at `anchors`, with verify
// asked at `verify_ticks` and its chaos horizon (TOL-5).
Case trajectory_case(std::string id, std::string comment, const RunSpec& run, int ticks, std::vector<int> anchors,
                     std::vector<std::string> flags, std::vector<int> verify_ticks);  // trajectory_vectors.cpp
Json schedule_json(const Schedule& schedule, bool integers = false);

// Every file, in the order the manifest lists them.
// `progress`, when set, is told the files built so far and one still
// being built, every fifth of a second (for `susurration vectors` on a terminal).
using BuildProgress = std::function<void(std::size_t done, std::size_t total, const std::string& building)>;
std::vector<VectorFile> all_vector_files(const BuildProgress& progress = {});
// How many files all_vector_files builds (the progress line's total).
std::size_t published_file_count();

}  // namespace susurration::generator
