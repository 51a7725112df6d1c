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

#include "susurration/protocol/bounded_json.hpp"
#include "susurration/reference_engine/engine.hpp"

namespace {

// A valid request may ask for minutes of simulation (a 2,000-bird run of
// 20,000 ticks); that is work, not a finding, and would only stall the
// search. Requests whose birds or ticks exceed small numbers are skipped;
// the readers of those parameters are still met through every other method.
bool too_much_work(std::string_view line) {
  try {
    const auto request = susurration::forms::parse_bounded<nlohmann::json>(line);
    const auto& params = request.at("params");
    for (const char* key : {"birds", "ticks", "at_tick"}) {
      if (params.contains(key) && params.at(key).is_number() && params.at(key).get<double>() > 50) return true;
    }
    if (params.contains("state") && params.at("state").is_array() && params.at("state").size() > 50 &&
        params.contains("ticks") && params.at("ticks").is_number() && params.at("ticks").get<double>() > 5) {
      return true;
    }
  } catch (const std::exception&) {
    // Not a request this filter can read: the engine must answer it, cheaply.
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  if (line.find('\n') != std::string_view::npos) return 0;  // one request is one line
  if (too_much_work(line)) return 0;
  const susurration::reference_engine::EngineAnswer answer = susurration::reference_engine::engine_answer(line);
  // The answer must be JSON whatever the request was (the engine's own
  // output is bounded, so the plain parser is safe here).
  if (!nlohmann::json::accept(answer.line)) std::abort();
  // An internal error is an exception that got past every check of the
  // request: a bad request must be refused as invalid-request or
  // invalid-input, naming what was wrong.
  if (answer.line.find(R"("code":"internal")") != std::string::npos) std::abort();
  return 0;
}
