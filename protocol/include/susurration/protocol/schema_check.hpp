// A JSON Schema checker for the kit's own schemas (schemas/protocol/).
// It knows exactly the keywords those schemas use and refuses any other, so
// a schema can never rely on a rule the checker silently skips.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace susurration {

class SchemaChecker {
 public:
  // Walks the whole document once: throws std::logic_error naming the first
  // keyword it does not implement, a `$ref` that is not local or does not
  // resolve, a type name it does not know, or a pattern std::regex cannot
  // compile or that lacks a maxLength of at most 1000 (std::regex recurses
  // once per character, so it never sees a longer string).
  explicit SchemaChecker(nlohmann::json schema);
  ~SchemaChecker();
  // It keeps pointers into its own document (the resolved $refs): not copied or moved.
  SchemaChecker(const SchemaChecker&) = delete;
  SchemaChecker& operator=(const SchemaChecker&) = delete;

  // Empty when `instance` is valid against the schema at JSON pointer
  // `pointer` of the document (e.g. "/$defs/response_step"); otherwise one
  // line naming the instance location and the rule it breaks, e.g.
  // `/result/state/3/0: 1000.5 is above the maximum 1000`. Safe to call from
  // several threads at once.
  // Throws std::logic_error when `pointer` names nothing in the document.
  std::optional<std::string> violation(const nlohmann::json& instance,
                                       std::string_view pointer = "") const;

 private:
  // The document, and every `pattern` in it compiled once at construction.
  nlohmann::json schema_;
  std::map<std::string, std::regex, std::less<>> patterns_;

 public:
  // Every `$ref` node of the document and the subschema it names, and every
  // subschema's keywords, read once (schema_check.cpp).
  struct Compiled;

 private:
  std::unique_ptr<Compiled> compiled_;
};

// The two protocol schemas, compiled into the binary from
// schemas/protocol/*.schema.json so the grader works from any directory.
std::string_view protocol_request_schema();
std::string_view protocol_response_schema();

}  // namespace susurration
