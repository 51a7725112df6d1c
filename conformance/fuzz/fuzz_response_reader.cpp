// Fuzz target: an engine's response line, as the grader reads it (PROTO-4,
// the response schemas, the bounds of grading.md). The first byte picks
// the method the line answers; the rest is the line. Whatever the bytes,
// the reader returns a checked response or throws EngineBroke: any other
// exception, crash or sanitizer report is a finding.
#include <cstdint>
#include <string>
#include <string_view>

#include "susurration/grader/session.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const char* const kMethods[] = {"hello", "prng",  "torus_delta", "torus_distance",
                                         "init",  "step",  "metrics",     "run",
                                         "verify", "round", "hash",       "shutdown"};
  if (size == 0) return 0;
  const std::string method = kMethods[data[0] % std::size(kMethods)];
  const std::string_view line(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    (void)susurration::grader::read_response(line, method, 7);
  } catch (const susurration::grader::EngineBroke&) {
    // A broken response: the case is errored, which is the reader doing its job.
  }
  return 0;
}
