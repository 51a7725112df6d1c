// Reading one response line from an engine (spec/PROTOCOL.md PROTO-4,
// PROTO-7 and "Bounds"): bounded parsing, the schema of the method, the id.
// What is wrong with a line is said in the protocol's own terms (LineFault);
// the grader's blame table names the clause each is reported against
// (conformance/grader/harness/include/susurration/grader/blame.hpp).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "susurration/protocol/bounded_json.hpp"

namespace susurration::protocol {

// What one response may hold (PROTO-10). The largest answer the published
// vectors ask for is a 400-bird run of 250 ticks with its anchor states:
// about 174 kB and 10,775 values, nested 6 deep. The bounds leave a margin
// of about a hundred times, and keep the parse tree of the worst line that
// fits them to tens of megabytes. A member named twice makes the line no
// response (bounded_json.hpp: the kit must read what every reader reads).
inline constexpr forms::JsonBounds kResponseBounds{16u << 20, 64, 1u << 20, false, true};

// The ways a response line can fail to be the answer to its request.
enum class LineFault {
  over_a_bound,                    // past a bound of kResponseBounds, or a member named twice
  malformed_number,                // not JSON, with a number where a value belongs in no JSON form
  not_json,                        // not JSON otherwise
  method_without_response_schema,  // a method the kit never asks
  result_of_the_wrong_shape,       // the result breaks the method's schema
  error_of_the_wrong_shape,
  unsupported_of_the_wrong_shape,
  top_level_of_the_wrong_shape,    // its keys, or its id's type
  request_id_not_read,             // invalid-request with a null id: the request was not read as one
  wrong_id,                        // another id echoed
};

class BrokenLine : public std::runtime_error {
 public:
  BrokenLine(const std::string& cause, std::string offending, LineFault fault, std::string location = "")
      : std::runtime_error(cause), offending_(std::move(offending)), location_(std::move(location)), fault_(fault) {}
  const std::string& offending() const { return offending_; }  // the line, quoted (engine_text.hpp)
  LineFault fault() const { return fault_; }
  // A schema violation's place in the response ("/result/next/0"); else empty.
  const std::string& location() const { return location_; }

 private:
  std::string offending_, location_;
  LineFault fault_;
};

// The response to request `id` of `method`, parsed within kResponseBounds,
// valid against the method's schema and echoing the id. Throws BrokenLine
// naming what is wrong, with the line quoted, for anything else; never any
// other exception for any line.
nlohmann::json read_response(std::string_view line, const std::string& method, long long id);

}  // namespace susurration::protocol
