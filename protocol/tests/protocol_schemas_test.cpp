// Tests the protocol schemas (schemas/protocol/) as the grader uses them:
// compiled in, loadable by the checker, and accepting spec/PROTOCOL.md's examples.
#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "susurration/protocol/schema_check.hpp"

using nlohmann::json;
using susurration::SchemaChecker;

namespace {

std::string read_file(const std::string& relative) {
  std::ifstream in(std::string(SUSURRATION_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const SchemaChecker& requests() {
  static const SchemaChecker checker(json::parse(susurration::protocol_request_schema()));
  return checker;
}

const SchemaChecker& responses() {
  static const SchemaChecker checker(json::parse(susurration::protocol_response_schema()));
  return checker;
}

// The lines of the worked transcript: `> ` a request, `< ` a response.
std::vector<std::string> transcript_lines() {
  std::istringstream protocol(read_file("spec/PROTOCOL.md"));
  std::vector<std::string> lines;
  std::string line;
  bool inside = false;
  while (std::getline(protocol, line)) {
    if (line.starts_with("## A worked transcript")) inside = true;
    else if (inside && line.starts_with("## ")) break;
    else if (inside && (line.starts_with("> ") || line.starts_with("< "))) lines.push_back(line);
  }
  return lines;
}

}  // namespace

TEST(Schemas, CompiledInCopiesMatchTheFiles) {
  EXPECT_EQ(susurration::protocol_request_schema(),
            read_file("schemas/protocol/request.schema.json"));
  EXPECT_EQ(susurration::protocol_response_schema(),
            read_file("schemas/protocol/response.schema.json"));
}

TEST(Schemas, EveryMethodHasAResponseSchema) {
  const json schema = json::parse(susurration::protocol_response_schema());
  for (const char* method : {"hello", "prng", "torus_delta", "torus_distance", "init", "step",
                             "metrics", "run", "verify", "round", "hash", "shutdown"}) {
    EXPECT_TRUE(schema["$defs"].contains(std::string("response_") + method)) << method;
  }
}

// A request the engine refuses as invalid-input is one the schema refuses
// too, at the parameter the error names (PROTO-7: the schemas describe valid
// requests); every other message is valid.
TEST(Schemas, WorkedTranscriptMessagesValidateExceptTheRefusedRequest) {
  const std::vector<std::string> lines = transcript_lines();
  ASSERT_EQ(lines.size(), 12u) << "the transcript of spec/PROTOCOL.md changed shape";
  for (std::size_t i = 0; i + 1 < lines.size(); i += 2) {
    ASSERT_EQ(lines[i][0], '>');
    ASSERT_EQ(lines[i + 1][0], '<');
    const json request = json::parse(lines[i].substr(2));
    const json response = json::parse(lines[i + 1].substr(2));
    const std::string method = request.at("method").get<std::string>();
    EXPECT_EQ(responses().violation(response, "/$defs/response_" + method).value_or("valid"),
              "valid")
        << lines[i + 1];
    const std::string request_verdict = requests().violation(request).value_or("valid");
    if (response.contains("error") && response["error"]["code"] == "invalid-input") {
      const std::string field = response["error"]["field"].get<std::string>();
      EXPECT_TRUE(request_verdict.starts_with("/params/" + field)) << request_verdict;
    } else {
      EXPECT_EQ(request_verdict, "valid") << lines[i];
    }
  }
}

TEST(Schemas, MessageAndHandshakeExamplesValidate) {
  const char* const step_request =
      R"({"id": 7, "method": "step", "params": {"state": [[100.0, 100.0, 2.0, 0.0]], "weights": [1.0, 1.0, 1.0], "ticks": 1}})";
  const char* const step_responses[] = {
      R"({"id": 7, "result": {"state": [[102.0, 100.0, 2.0, 0.0]]}})",
      R"({"id": 7, "unsupported": "this engine does not implement step"})",
      R"x({"id": 7, "error": {"code": "invalid-input", "field": "weights", "message": "invalid cohesion weight: 1.5 (allowed: a number in [0, 1])"}})x"};
  const std::string protocol = read_file("spec/PROTOCOL.md");
  ASSERT_NE(protocol.find(step_request), std::string::npos) << "the example changed";
  EXPECT_EQ(requests().violation(json::parse(step_request)).value_or("valid"), "valid");
  for (const char* response : step_responses) {
    ASSERT_NE(protocol.find(response), std::string::npos) << response;
    const auto violation = responses().violation(json::parse(response), "/$defs/response_step");
    EXPECT_EQ(violation.value_or("valid"), "valid")
        << response;
  }
  const char* const hello_request = R"({"id": 0, "method": "hello", "params": {"protocol": 1}})";
  const char* const hello_response =
      R"({"id": 0, "result": {"protocol": 1, "name": "pyflock", "version": "0.3.0", "language": "Python 3.11", "capabilities": ["prng", "torus", "init", "step", "metrics", "run", "verify", "round", "hash"]}})";
  ASSERT_NE(protocol.find(hello_request), std::string::npos);
  ASSERT_NE(protocol.find(hello_response), std::string::npos);
  EXPECT_EQ(requests().violation(json::parse(hello_request)).value_or("valid"), "valid");
  EXPECT_EQ(
      responses().violation(json::parse(hello_response), "/$defs/response_hello").value_or("valid"),
      "valid");
}

TEST(Schemas, BadBirdInAStepResultNamesItsLocation) {
  const json response = json::parse(
      R"({"id": 2, "result": {"state": [[1, 1, 1, 0], [2, 2, 1, 0], [3, 3, 1, 0],
                                         [4, "1000.5", 1, 0]]}})");
  EXPECT_EQ(responses().violation(response, "/$defs/response_step").value_or("valid"),
            "/result/state/3/1: \"1000.5\" is not of type number");
}

// An off-field coordinate is a wrong answer, graded as a failure against the
// case's clause, not a malformed response (response.schema.json, state).
TEST(Schemas, OffFieldCoordinateInAResultIsWellFormed) {
  const json response = json::parse(R"({"id": 2, "result": {"state": [[1000.0000000000002, 1, 1, 0]]}})");
  EXPECT_FALSE(responses().violation(response, "/$defs/response_step"));
}
