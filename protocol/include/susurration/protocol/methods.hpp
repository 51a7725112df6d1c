// The methods of the adapter protocol and the capability that hello lists
// for each (spec/PROTOCOL.md, PROTO-8): the one place this table is written.
// The reference engine (reference_engine/) answers hello from it and the
// grader (conformance/grader) asks a case's method only of an engine that
// listed its capability; neither depends on the other, both on this.
#pragma once

#include <array>
#include <string_view>

namespace susurration::protocol {

struct MethodCapability {
  std::string_view method;      // a request's "method"
  std::string_view capability;  // what hello lists for it
};

// Every method but hello and shutdown, in the order of PROTOCOL.md's table.
inline constexpr std::array<MethodCapability, 11> kMethods = {{
    {"prng", "prng"},
    {"torus_delta", "torus"},
    {"torus_distance", "torus"},
    {"init", "init"},
    {"step", "step"},
    {"metrics", "metrics"},
    {"run", "run"},
    {"run_from", "run_from"},
    {"verify", "verify"},
    {"round", "round"},
    {"hash", "hash"},
}};

// The capability a method needs; a method not in the table names its own.
constexpr std::string_view capability_of(std::string_view method) {
  for (const MethodCapability& m : kMethods) {
    if (m.method == method) return m.capability;
  }
  return method;
}

}  // namespace susurration::protocol
