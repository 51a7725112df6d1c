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
#include <utility>
#include <vector>

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
  // `pointer` of the document (e.g. "/$defs/step/$defs/response"); otherwise one
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

// Schema files that refer to one another ("common.schema.json#/$defs/id") as
// one document the checker reads: each file, given as {stem, text} with stem
// its name less ".schema.json", under /$defs/<stem>, and every reference into
// another file or into its own ("#/$defs/x") made one into that part. A
// reference to a file not given names nothing, which the checker refuses.
using SchemaTexts = std::vector<std::pair<std::string_view, std::string_view>>;
nlohmann::json one_schema_document(const SchemaTexts& files);

// The protocol schemas, schemas/protocol/<stem>.schema.json, compiled into
// the binary (protocol_schemas.cpp.in) so the kit works from any directory.
const SchemaTexts& protocol_schema_texts();

// The checker of every protocol message, built from those once: a method's
// request is /$defs/<method>, its response /$defs/<method>/$defs/response.
const SchemaChecker& protocol_schemas();

}  // namespace susurration
