// Reading one response line (response_reader.hpp).
#include "susurration/grader/response_reader.hpp"

#include "susurration/grader/engine_text.hpp"
#include "susurration/schema_check.hpp"

namespace susurration::grader {
namespace {

// Parsed once: every session in every thread reads the same checker.
const SchemaChecker& response_schema() {
  static const SchemaChecker checker(Json::parse(protocol_response_schema()));
  return checker;
}

}  // namespace

Json read_response(std::string_view line, const std::string& method, long long id) {
  Json response;
  try {
    response = forms::parse_bounded<Json>(line, kResponseBounds);
  } catch (const forms::JsonTextError& e) {
    throw EngineBroke("a response to " + quote(method, 40) + " that is not JSON within the bounds: " + quote(e.what()),
                      quote(line));
  }
  std::optional<std::string> problem;
  try {
    problem = response_schema().violation(response, "/$defs/response_" + method);
  } catch (const std::logic_error&) {
    // Only a method the kit never asks has no schema.
    throw EngineBroke("a response to " + quote(method, 40) + ", a method with no response schema", quote(line));
  }
  if (problem) {
    throw EngineBroke("a response to " + method + " that breaks its schema: " + quote(*problem), quote(line));
  }
  if (response.at("id") != Json(id)) {
    throw EngineBroke("a response with id " + quote(response.at("id").dump()) + " to request " + std::to_string(id),
                      quote(line));
  }
  return response;
}

}  // namespace susurration::grader
