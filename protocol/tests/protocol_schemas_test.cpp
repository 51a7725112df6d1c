// Tests the protocol schemas (schemas/protocol/) as the grader uses them:
// compiled in, one file for each method of the table, strict, loadable by
// the checker, and accepting spec/PROTOCOL.md's examples.
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "susurration/protocol/methods.hpp"
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

const SchemaChecker& schemas() { return susurration::protocol_schemas(); }

std::string request_of(const std::string& method) { return "/$defs/" + method; }
std::string response_to(const std::string& method) { return "/$defs/" + method + "/$defs/response"; }

// The stems of schemas/protocol/*.schema.json as the folder holds them.
std::set<std::string> stems_in_the_folder() {
  std::set<std::string> stems;
  const std::string suffix = ".schema.json";
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(SUSURRATION_SOURCE_DIR) + "/schemas/protocol")) {
    const std::string name = entry.path().filename().string();
    if (name.ends_with(suffix)) stems.insert(name.substr(0, name.size() - suffix.size()));
  }
  return stems;
}

// Every subschema of `schema` (itself included) that says "type": "object"
// but takes properties it does not name, by its pointer in the file.
void loose_objects(const json& schema, const std::string& at, std::vector<std::string>& found) {
  if (schema.is_object()) {
    if (schema.contains("type") && schema["type"] == "object" &&
        schema.value("additionalProperties", json(true)) != json(false)) {
      found.push_back(at.empty() ? "(root)" : at);
    }
    for (const auto& [key, value] : schema.items()) loose_objects(value, at + "/" + key, found);
  } else if (schema.is_array()) {
    for (std::size_t i = 0; i < schema.size(); ++i) loose_objects(schema[i], at + "/" + std::to_string(i), found);
  }
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
  std::set<std::string> compiled;
  for (const auto& [stem, text] : susurration::protocol_schema_texts()) {
    compiled.insert(std::string(stem));
    EXPECT_EQ(text, read_file("schemas/protocol/" + std::string(stem) + ".schema.json")) << stem;
  }
  EXPECT_EQ(compiled, stems_in_the_folder());
}

// One file per method of the table, and hello and shutdown, which the table
// leaves out, each holding the method's request (its root, whose `method` is
// the file's name) and its response; common.schema.json besides, and no file
// for a method the table lacks.
TEST(Schemas, EveryMethodHasOneFileHoldingItsRequestAndResponseAndNoFileAnother) {
  std::set<std::string> expected = {"common", "hello", "shutdown"};
  for (const auto& m : susurration::protocol::kMethods) expected.insert(std::string(m.method));
  EXPECT_EQ(stems_in_the_folder(), expected);
  for (const auto& [stem_view, text] : susurration::protocol_schema_texts()) {
    const std::string stem(stem_view);
    const json file = json::parse(text);
    if (stem == "common") {
      EXPECT_FALSE(file.contains("properties")) << "common.schema.json is no message's schema";
      continue;
    }
    EXPECT_EQ(file["properties"]["method"]["const"], stem) << stem;
    EXPECT_TRUE(file["properties"].contains("params")) << stem;
    ASSERT_TRUE(file["$defs"].contains("response")) << stem;
    // Both resolve in the document the kit reads: an empty object breaks each.
    EXPECT_TRUE(schemas().violation(json::object(), request_of(stem))) << stem;
    EXPECT_TRUE(schemas().violation(json::object(), response_to(stem))) << stem;
  }
}

// The schemas describe exactly the messages of the protocol: an object
// anywhere in them (a request, its params, a result, an error, a schedule
// entry) refuses a key it does not name.
TEST(Schemas, EveryObjectRefusesKeysItDoesNotName) {
  for (const auto& [stem, text] : susurration::protocol_schema_texts()) {
    std::vector<std::string> loose;
    loose_objects(json::parse(text), "", loose);
    EXPECT_TRUE(loose.empty()) << stem << ".schema.json: " << ::testing::PrintToString(loose);
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
    EXPECT_EQ(schemas().violation(response, response_to(method)).value_or("valid"), "valid") << lines[i + 1];
    const std::string request_verdict = schemas().violation(request, request_of(method)).value_or("valid");
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
  EXPECT_EQ(schemas().violation(json::parse(step_request), request_of("step")).value_or("valid"), "valid");
  for (const char* response : step_responses) {
    ASSERT_NE(protocol.find(response), std::string::npos) << response;
    const auto violation = schemas().violation(json::parse(response), response_to("step"));
    EXPECT_EQ(violation.value_or("valid"), "valid")
        << response;
  }
  const char* const hello_request = R"({"id": 0, "method": "hello", "params": {"protocol": 1}})";
  const char* const hello_response =
      R"({"id": 0, "result": {"protocol": 1, "name": "pyflock", "version": "0.3.0", "language": "Python 3.11", "capabilities": ["prng", "torus", "init", "step", "metrics", "run", "verify", "round", "hash"]}})";
  ASSERT_NE(protocol.find(hello_request), std::string::npos);
  ASSERT_NE(protocol.find(hello_response), std::string::npos);
  EXPECT_EQ(schemas().violation(json::parse(hello_request), request_of("hello")).value_or("valid"), "valid");
  EXPECT_EQ(schemas().violation(json::parse(hello_response), response_to("hello")).value_or("valid"), "valid");
}

TEST(Schemas, BadBirdInAStepResultNamesItsLocation) {
  const json response = json::parse(
      R"({"id": 2, "result": {"state": [[1, 1, 1, 0], [2, 2, 1, 0], [3, 3, 1, 0],
                                         [4, "1000.5", 1, 0]]}})");
  EXPECT_EQ(schemas().violation(response, response_to("step")).value_or("valid"),
            "/result/state/3/1: \"1000.5\" is not of type number");
}

// An off-field coordinate is a wrong answer, graded as a failure against the
// case's clause, not a malformed response (common.schema.json, reported_state).
TEST(Schemas, OffFieldCoordinateInAResultIsWellFormed) {
  const json response = json::parse(R"({"id": 2, "result": {"state": [[1000.0000000000002, 1, 1, 0]]}})");
  EXPECT_FALSE(schemas().violation(response, response_to("step")));
}
