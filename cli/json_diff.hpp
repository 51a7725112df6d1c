// The first place two JSON values differ, and how far apart two doubles are:
// what `vectors-diff` reports for a changed case.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace susurration::cli {

using Json = nlohmann::ordered_json;

// One differing value: where it sits (a path such as "expected.state[3][2]")
// and the value on each side; nullopt for a side that has nothing there (a
// key or an array element only the other side has).
struct Difference {
  std::string path;
  std::optional<Json> old_value;
  std::optional<Json> new_value;
};

// The first difference in document order (the old value's key order, then
// keys only the new value has), or nullopt when the values are the same.
// Numbers compare by kind and value: an integer never equals a float, and
// floats compare by their bits, so -0.0 differs from 0.0 (SERIAL-1 writes
// them differently). The order of an object's keys is not a difference.
std::optional<Difference> first_difference(const Json& old_value, const Json& new_value,
                                           const std::string& path);

// The value as one line of JSON, floats in shortest round-trip form
// (SERIAL-1), cut to about 60 characters so a whole state stays readable.
std::string brief_text(const Json& value);

}  // namespace susurration::cli
