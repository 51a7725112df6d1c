// Reading one response line from an engine (spec/PROTOCOL.md PROTO-4,
// PROTO-7 and "Bounds"): bounded parsing, the schema of the method, the id.
// A free function so that the fuzzer reads responses exactly as grade does.
#pragma once

#include <string>
#include <string_view>

#include "susurration/protocol/bounded_json.hpp"
#include "susurration/grader/session.hpp"

namespace susurration::grader {

// What one response may hold (PROTO-10). The largest answer the published
// vectors ask for is a 400-bird run of 250 ticks with its anchor states:
// about 174 kB and 10,775 values, nested 6 deep. The bounds leave a margin
// of about a hundred times, and keep the parse tree of the worst line that
// fits them to tens of megabytes. A member named twice makes the line no
// response (bounded_json.hpp: the kit must read what every reader reads).
inline constexpr forms::JsonBounds kResponseBounds{16u << 20, 64, 1u << 20, false, true};

// The response to request `id` of `method`, parsed within kResponseBounds,
// valid against the method's schema and echoing the id. Throws EngineBroke
// naming what is wrong, with the line quoted (engine_text.hpp), for
// anything else; never any other exception for any line.
Json read_response(std::string_view line, const std::string& method, long long id);

}  // namespace susurration::grader
