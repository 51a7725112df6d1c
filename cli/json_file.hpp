// Reading a JSON file the user named, with the one-line complaint of
// INPUT-8 when it cannot be read or parsed. One place for the schedule and
// claim files (run_options.cpp) and the vector files (vectors_diff.cpp).
//
// The file is read with a cap on its size and parsed by
// forms::parse_bounded, so no file (/dev/zero, 50,000 levels of nesting, a
// number past double range) can exhaust the memory or the stack: each is
// refused with one line and exit status 2.
#pragma once

#include <string>

#include "susurration/protocol/bounded_file.hpp"
#include "susurration/protocol/bounded_json.hpp"
#include "susurration/inputs.hpp"

namespace susurration::cli {

// A schedule or a claim: far more than 20,001 schedule entries. A number
// past double range is marked, so its reader names where it stands.
inline forms::JsonBounds small_file_bounds() {
  forms::JsonBounds bounds;
  bounds.mark_out_of_range = true;
  return bounds;
}

// A vector file (vectors-diff): the cap the grader states for one
// (conformance/grader vector_set.hpp), ten times the largest published one.
inline forms::JsonBounds vector_file_bounds() {
  return {64u << 20, 64, 1u << 23, false};
}

// Json is nlohmann::json or nlohmann::ordered_json. A file the user names
// may be a pipe (`--schedule <(...)`); files found in a folder
// (regular_only) must be regular files.
template <class Json>
Json read_json_file(const std::string& field, const std::string& path,
                    const forms::JsonBounds& bounds = small_file_bounds(), bool regular_only = false) {
  std::string text;
  try {
    text = forms::read_bounded_file(path, {bounds.max_bytes, regular_only, false});
  } catch (const forms::FileReadError& e) {
    throw InputError(field, path + ": " + e.what(), "a readable JSON file");
  }
  try {
    return forms::parse_bounded<Json>(text, bounds);
  } catch (const forms::JsonTextError& e) {
    throw InputError(field, path + ": " + e.what(), "a JSON file");
  }
}

}  // namespace susurration::cli
