// The methods of the adapter protocol (spec/PROTOCOL.md), each answered by
// the reference: one function per method, in a table by method name.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace susurration::reference_engine {

struct EngineMethod {
  const char* name;  // the request's "method"; its capability is protocol::capability_of's
  // Every key of its params, each required (PROTOCOL.md: "A method's
  // parameters are all required and no other key is allowed").
  std::vector<std::string> keys;
  // The result object; InputError for a parameter outside spec/inputs.md.
  nlohmann::ordered_json (*answer)(const nlohmann::ordered_json& params);
};

// Every method but hello and shutdown, in the order of PROTOCOL.md's table
// (protocol/include/susurration/protocol/methods.hpp).
const std::vector<EngineMethod>& engine_methods();

}  // namespace susurration::reference_engine
