// Schema files read as one document (schema_check.hpp). The checker resolves
// local references only, so files that refer to each other are joined here
// rather than the checker taught to fetch: one document, one way to resolve.
#include <string>

#include "susurration/protocol/schema_check.hpp"

namespace susurration {

nlohmann::json one_schema_document(const SchemaTexts& files) {
  using nlohmann::json;
  json parts = json::object();
  for (const auto& [stem, text] : files) {
    json part = json::parse(text);
    const std::string own = "#/$defs/" + std::string(stem);
    const auto rewrite = [&](auto&& self, json& node) -> void {
      if (node.is_object() && node.contains("$ref") && node.at("$ref").is_string()) {
        const std::string ref = node.at("$ref").get<std::string>();
        const std::size_t hash = ref.find('#');
        const std::string file = ref.substr(0, hash);
        const std::string target = file.empty() ? own : "#/$defs/" + file.substr(0, file.find(".schema.json"));
        node["$ref"] = target + (hash == std::string::npos ? "" : ref.substr(hash + 1));
      }
      if (node.is_structured()) {
        for (json& child : node) self(self, child);
      }
    };
    rewrite(rewrite, part);
    parts[std::string(stem)] = std::move(part);
  }
  return {{"$defs", std::move(parts)}};
}

const SchemaChecker& protocol_schemas() {
  // Parsed once: every session in every thread reads the same checker.
  static const SchemaChecker checker(one_schema_document(protocol_schema_texts()));
  return checker;
}

}  // namespace susurration
