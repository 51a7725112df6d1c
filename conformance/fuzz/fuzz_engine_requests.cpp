// Fuzz target: one request line to `susurration engine` (spec/PROTOCOL.md,
// spec/inputs.md). Whatever the bytes, the engine answers one line of JSON
// that is a response (a result, unsupported, or an error such as
// invalid-request or invalid-input): a crash, an `internal` error (an
// exception no check caught), or a line that is not JSON is a finding.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine_answer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  if (line.find('\n') != std::string_view::npos) return 0;  // one request is one line
  const susurration::cli::EngineAnswer answer = susurration::cli::engine_answer(line);
  // The answer must be JSON whatever the request was (the engine's own
  // output is bounded, so the plain parser is safe here).
  if (!nlohmann::json::accept(answer.line)) std::abort();
  // An internal error is an exception that got past every check of the
  // request: a bad request must be refused as invalid-request or
  // invalid-input, naming what was wrong.
  if (answer.line.find(R"("code":"internal")") != std::string::npos) std::abort();
  return 0;
}
