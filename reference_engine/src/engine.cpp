// The reference behind spec/PROTOCOL.md (`susurration engine`, the variants'
// engines): one response per request line, read until the input closes or a
// `shutdown` (PROTO-1, PROTO-2, PROTO-9). The methods themselves are in
// engine_methods.cpp.
//
// Decisions the protocol leaves to an engine, each the reference's choice:
// - hello is answered with protocol 1 whatever protocol it asks for: the
//   engine says what it speaks and the kit refuses anything but 1 (PROTO-8).
//   hello takes `protocol` alone and shutdown no parameter: any other key
//   in their params is invalid-request like any other (PROTO-6), and a
//   refused shutdown does not shut the engine down.
// - invalid-input names only the parameters of spec/inputs.md, PROTO-6's
//   seven: seed, birds, weights, ticks, at_tick, schedule, state. A key in
//   params that the method does not take is invalid-request (PROTO-6).
// - A bad value of a parameter outside spec/inputs.md (skip, count, a, b,
//   size, from, to, value, places, state_ticks) is invalid-request with a
//   null field: the request breaks its schema (schemas/protocol/), and
//   PROTO-6 has no field name for it.
// - A top-level key other than id, method and params makes the line
//   invalid-request; so does an id that is not an integer in 0..2^53-1,
//   answered with id null.
// - A line is read through forms::parse_bounded: over 16 MiB, nested deeper
//   than 64 levels or holding over 2^20 values, it is invalid-request. A
//   number past double range (1e400) is read as a marked string, so the
//   parameter's reader refuses it: invalid-input naming the parameter when
//   it is one of the seven, invalid-request otherwise, like any bad value.
// - A run's state_ticks holds at most 100 ticks (engine_methods.cpp), so
//   that one response stays a few megabytes; more is invalid-request, as
//   PROTO-6 allows for state_ticks.
#include "susurration/reference_engine/engine.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "engine_methods.hpp"
#include "susurration/protocol/bounded_json.hpp"
#include "susurration/inputs.hpp"
#include "susurration/protocol/methods.hpp"
#include "susurration/reference_engine/json_text.hpp"

namespace susurration::reference_engine {
namespace {

using Json = nlohmann::ordered_json;  // results keep the key order of PROTOCOL.md

// The parameters of spec/inputs.md: the only names an error's field takes.
const std::vector<std::string> kInputNames = {"seed",    "birds",    "weights", "ticks",
                                              "at_tick", "schedule", "state"};

// An answer that is not a result: thrown from where it is decided.
struct Refusal {
  std::string kind;  // "unsupported" or "error"
  Json body;
};

Refusal error(const std::string& code, const Json& field, const std::string& message) {
  return {"error", {{"code", code}, {"field", field}, {"message", message}}};
}

Refusal invalid_request(const std::string& message) {
  return error("invalid-request", nullptr, message);
}

// --- writing -------------------------------------------------------------------

// One response line: the id first, then result, unsupported or error
// (PROTO-4). Without its '\n'.
std::string response_line(const Json& id, const std::string& kind, const Json& body) {
  std::string line = "{\"id\":";
  append_compact(id, line);
  line += ",\"" + kind + "\":";
  append_compact(body, line);
  line += "}";
  return line;
}

// --- reading -------------------------------------------------------------------

enum class LineRead { line, too_long, end };

// The next line of `in` without its '\n', held only up to `max` bytes: a
// longer line is read to its end and dropped, so no line can exhaust the
// memory. A last line without '\n' is a line. Bytes are read without
// stdio's lock (getc takes it for each one, a twentieth of an engine's time
// on 400-bird states): nothing else reads standard input.
LineRead read_line(std::FILE* in, std::string& line, std::size_t max) {
  line.clear();
  bool any = false, too_long = false;
  for (int c = getc_unlocked(in); c != EOF; c = getc_unlocked(in)) {
    any = true;
    if (c == '\n') return too_long ? LineRead::too_long : LineRead::line;
    if (line.size() < max) {
      line.push_back(static_cast<char>(c));
    } else {
      too_long = true;
    }
  }
  if (!any) return LineRead::end;
  return too_long ? LineRead::too_long : LineRead::line;
}

struct Request {
  Json id;
  std::string method;
  Json params;
};

// The bounds of a request line (PROTOCOL.md): a 400-bird state is ~40 kB
// and 2,000 values, so these leave room for any request the kit sends.
constexpr std::size_t kMaxRequestBytes = 16u << 20;
forms::JsonBounds request_bounds() {
  forms::JsonBounds bounds;
  bounds.max_bytes = kMaxRequestBytes;
  // A number past double range is refused by the parameter's reader, which
  // names the parameter (invalid-input), not as a line that is no JSON.
  bounds.mark_out_of_range = true;
  return bounds;
}

// The request on a line, or the invalid-request answer with the id if one
// could be read.
Request parse_request(const std::string& line, Json& id) {
  Json doc;
  try {
    doc = forms::parse_bounded<Json>(line, request_bounds());
  } catch (const forms::JsonTextError& e) {
    throw invalid_request(std::string("a request is one JSON object on one line: ") + e.what());
  }
  if (!doc.is_object()) {
    throw invalid_request("a request is one JSON object on one line");
  }
  // PROTO-6: only a valid id is echoed; -1, 1.5, "7" or 2^53 cannot be
  // (the response schema's id is the request's), so they are answered null.
  const auto found = doc.find("id");
  if (found == doc.end() || !found->is_number_unsigned() ||
      found->template get<std::uint64_t>() > 9007199254740991u) {
    throw invalid_request("id must be an integer in 0..9007199254740991");
  }
  id = *found;
  for (const auto& [key, unused] : doc.items()) {
    if (key != "id" && key != "method" && key != "params") {
      throw invalid_request("unknown top-level key " + Json(key).dump());
    }
  }
  if (!doc.contains("method") || !doc["method"].is_string()) {
    throw invalid_request("method must be a string");
  }
  if (!doc.contains("params") || !doc["params"].is_object()) {
    throw invalid_request("params must be an object");
  }
  return {*found, doc["method"].get<std::string>(), doc["params"]};
}

// --- answering -----------------------------------------------------------------

Json hello() {
  Json capabilities = Json::array();
  for (const EngineMethod& m : engine_methods()) {
    const std::string capability(protocol::capability_of(m.name));
    if (capabilities.empty() || capabilities.back() != capability) {
      capabilities.push_back(capability);
    }
  }
  return {{"protocol", 1},
          {"name", "susurration"},
          {"version", SUSURRATION_VERSION},
          {"language", "C++20"},
          {"capabilities", capabilities}};
}

bool is_input_name(const std::string& key) {
  return std::find(kInputNames.begin(), kInputNames.end(), key) != kInputNames.end();
}

// PROTO-6: no key but the method's own. A key it does not take, even one
// of the seven input names (`seed` sent to metrics), makes the request
// invalid-request: invalid-input is for the value of a parameter it takes.
void check_keys(const EngineMethod& m, const Json& params) {
  for (const auto& [key, unused] : params.items()) {
    if (std::find(m.keys.begin(), m.keys.end(), key) == m.keys.end()) {
      throw invalid_request(std::string(m.name) + " takes no parameter " + Json(key).dump());
    }
  }
}

Json answer(const Request& r) {
  if (r.method == "hello") {
    return hello();
  }
  for (const EngineMethod& m : engine_methods()) {
    if (r.method == m.name) {
      check_keys(m, r.params);
      try {
        return m.answer(r.params);
      } catch (const InputError& e) {
        if (is_input_name(e.field())) {
          throw error("invalid-input", e.field(), e.what());
        }
        throw invalid_request(e.what());
      }
    }
  }
  throw Refusal{"unsupported", "susurration does not know the method " + Json(r.method).dump()};
}

}  // namespace

EngineAnswer engine_answer(std::string_view line) {
  Json id = nullptr;
  std::string kind = "result";
  Json body;
  bool more = true;
  try {
    const Request r = parse_request(std::string(line), id);
    for (const auto& [key, unused] : r.params.items()) {
      if (r.method == "shutdown" || (r.method == "hello" && key != "protocol")) {
        throw invalid_request(r.method + " takes no parameter " + Json(key).dump());
      }
    }
    more = r.method != "shutdown";
    body = more ? answer(r) : Json::object();
  } catch (const Refusal& refusal) {
    kind = refusal.kind;
    body = refusal.body;
  } catch (const std::exception& e) {
    const Refusal internal = error("internal", nullptr, e.what());
    kind = internal.kind;
    body = internal.body;
  }
  return {response_line(id, kind, body), more};
}

void serve(std::FILE* in, const std::function<void(const std::string&)>& respond) {
  std::string line;
  for (;;) {
    const LineRead read = read_line(in, line, kMaxRequestBytes);
    if (read == LineRead::end) break;
    if (read == LineRead::too_long) {
      const Refusal refusal =
          invalid_request("a request line over " + std::to_string(kMaxRequestBytes) + " bytes");
      respond(response_line(nullptr, refusal.kind, refusal.body) + "\n");
      continue;
    }
    const EngineAnswer a = engine_answer(line);
    respond(a.line + "\n");
    if (!a.more) break;
  }
}

}  // namespace susurration::reference_engine
