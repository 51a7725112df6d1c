// The canonical text of a vector file: the same JSON value always gives the
// same bytes, on any machine, so regenerated vectors can be diffed byte for byte.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace susurration::generator {

using Json = nlohmann::ordered_json;  // keys keep the order they were written in

// Objects one key per line (two-space indent); an array of scalars on one
// line; an array of such arrays (a state) one inner array per line. Floats
// in shortest round-trip form (SERIAL-1); the text ends with a newline.
std::string canonical_text(const Json& value);

}  // namespace susurration::generator
