// The reference engine's answer to one request line (spec/PROTOCOL.md),
// apart from the reading and writing of `susurration engine`, so that the
// fuzz target (conformance/fuzz/fuzz_engine_requests.cpp) can call it.
#pragma once

#include <string>
#include <string_view>

namespace susurration::cli {

struct EngineAnswer {
  std::string line;  // the response, one JSON object, without its '\n'
  bool more;         // false after shutdown
};

// Never throws: a line that is no request, a refused parameter and an
// internal failure are all answered with an error response.
EngineAnswer engine_answer(std::string_view line);

}  // namespace susurration::cli
