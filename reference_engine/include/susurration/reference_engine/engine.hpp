// The reference engine: the reference behind the adapter protocol
// (spec/PROTOCOL.md), as `susurration engine` serves it, the variants of
// adapters/doubles/variants rebuild it, and the fuzz target
// (conformance/fuzz/fuzz_engine_requests.cpp) calls it line by line.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace susurration::reference_engine {

struct EngineAnswer {
  std::string line;  // the response, one JSON object, without its '\n'
  bool more;         // false after shutdown
};

// Never throws: a line that is no request, a refused parameter and an
// internal failure are all answered with an error response.
EngineAnswer engine_answer(std::string_view line);

// Answers every request line of `in` until it closes or a shutdown, handing
// each response, with its '\n', to `respond` (which writes and flushes it,
// and throws to end the serving when it cannot). A line over the protocol's
// bound is read to its end and answered invalid-request.
void serve(std::FILE* in, const std::function<void(const std::string&)>& respond);

}  // namespace susurration::reference_engine
