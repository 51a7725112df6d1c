// One builder per vector file; each lives in the source file of its name.
#pragma once

#include <functional>
#include <string>
#include <vector>

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
VectorFile trajectory_vectors();     // trajectory_vectors.cpp
VectorFile serialisation_vectors();  // serialisation_vectors.cpp
VectorFile invalid_vectors();        // invalid_vectors.cpp

// Every file, in the order the manifest lists them.
// `progress`, when set, is told the files built so far and one still
// being built, every fifth of a second (for `susurration vectors` on a terminal).
using BuildProgress = std::function<void(std::size_t done, std::size_t total, const std::string& building)>;
std::vector<VectorFile> all_vector_files(const BuildProgress& progress = {});

}  // namespace susurration::generator
