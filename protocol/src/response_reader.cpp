// Reading one response line (response_reader.hpp).
#include "susurration/protocol/response_reader.hpp"

#include "susurration/protocol/engine_text.hpp"
#include "susurration/protocol/schema_check.hpp"

#include <cctype>
#include <regex>
#include <string_view>

namespace susurration::protocol {
namespace {

using Json = nlohmann::json;

// What a schema violation breaks, from where in the response it lies
// (`location`, the JSON pointer the checker's message starts with).
LineFault broken_part(const std::string& location) {
  const auto under = [&](const std::string& key) {
    return location.rfind(key, 0) == 0 && (location.size() == key.size() || location[key.size()] == '/');
  };
  if (under("/result")) return LineFault::result_of_the_wrong_shape;
  if (under("/error")) return LineFault::error_of_the_wrong_shape;
  if (under("/unsupported")) return LineFault::unsupported_of_the_wrong_shape;
  return LineFault::top_level_of_the_wrong_shape;  // the top level: its keys, or its id
}

// Where in the response the broken value lies, from the checker's message
// ("JSON pointer: what is wrong"): the pointer itself, or for a missing key
// the key's own place (`/result` missing "state" is `/result/state`), so
// that a step answered `{}` accuses the state it left out, not the whole
// result (shape_clause).
std::string where_the_value_breaks(const std::string& problem) {
  const std::string at = problem.substr(0, problem.find(':'));
  static const std::string missing = ": the required property \"";
  const std::size_t from = problem.find(missing);
  // A top-level key left out is the framing's (PROTO-4), not a value's.
  if (from != at.size() || at == "(top level)") return at;
  const std::size_t name = from + missing.size(), end = problem.find('"', name);
  if (end == std::string::npos) return at;
  return at + "/" + problem.substr(name, end - name);
}

// Whether a line that is not JSON holds, where a value belongs (after
// `:`, `[` or `,` outside strings), a number in no JSON form ("0.5.0",
// "1.", ".5", NaN, Infinity, undefined, nan, inf, None): a float written wrong is SERIAL-1's, not the
// framing's (PROTO-1).
// The words other languages write for a double JSON has no form for, or for
// no value at all: JavaScript's NaN, Infinity and undefined, C's and
// Python's nan and inf, Python's None. Where a value belongs, each is a
// number written wrong.
bool names_no_number(std::string token) {
  for (char& c : token) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!token.empty() && (token[0] == '-' || token[0] == '+')) token.erase(0, 1);
  return token == "nan" || token == "inf" || token == "infinity" || token == "undefined" || token == "none";
}

bool holds_a_malformed_number(std::string_view line) {
  static const std::regex json_number(R"(-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)");
  bool in_string = false;
  char before = 0;  // the last character outside strings and spaces
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == ' ' || c == '\t') continue;
    const bool value_place = before == ':' || before == '[' || before == ',';
    before = c;
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (!value_place) continue;
    std::size_t end = i;
    while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '.' ||
                                 line[end] == '+' || line[end] == '-')) {
      ++end;
    }
    const std::string token(line.substr(i, end - i));
    if (names_no_number(token)) return true;
    const bool numeric = !token.empty() && token.find_first_not_of("0123456789.eE+-") == std::string::npos &&
                         token.find_first_of("0123456789") != std::string::npos;
    if (numeric && !std::regex_match(token, json_number)) return true;
    if (end > i) i = end - 1;
  }
  return false;
}

}  // namespace

nlohmann::json read_response(std::string_view line, const std::string& method, long long id) {
  Json response;
  try {
    response = forms::parse_bounded<Json>(line, kResponseBounds);
  } catch (const forms::JsonTextError& e) {
    throw BrokenLine("a response to " + quote(method, 40) + " that is not JSON within the bounds: " + quote(e.what()),
                     quote(line),
                     e.past_a_bound()                  ? LineFault::over_a_bound
                     : holds_a_malformed_number(line) ? LineFault::malformed_number
                                                      : LineFault::not_json);
  }
  std::optional<std::string> problem;
  try {
    problem = protocol_schemas().violation(response, "/$defs/" + method + "/$defs/response");
  } catch (const std::logic_error&) {
    // Only a method the kit never asks has no schema.
    throw BrokenLine("a response to " + quote(method, 40) + ", a method with no response schema", quote(line),
                     LineFault::method_without_response_schema);
  }
  if (problem) {
    const std::string location = where_the_value_breaks(*problem);
    throw BrokenLine("a response to " + method + " that breaks its schema: " + quote(*problem), quote(line),
                     broken_part(location), location);
  }
  if (response.at("id") != Json(id)) {
    // An invalid-request answer with a null id says the engine could not
    // read the request's id: it read as no request a line the kit wrote in
    // PROTO-1's forms. Any other id is the wrong one echoed (PROTO-4).
    const bool unread = response.at("id").is_null() && response.contains("error") &&
                        response.at("error").at("code") == "invalid-request";
    throw BrokenLine("a response with id " + quote(response.at("id").dump()) + " to request " + std::to_string(id) +
                         (unread ? " (invalid-request: the engine did not read the kit's request as one)" : ""),
                     quote(line), unread ? LineFault::request_id_not_read : LineFault::wrong_id);
  }
  return response;
}

}  // namespace susurration::protocol
