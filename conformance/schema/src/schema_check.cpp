// The checker behind PROTO-7: JSON Schema 2020-12, cut down to the keywords
// schemas/protocol/ uses. Conventions: `schema` is a (sub)schema, `instance`
// the value checked against it, `at` the instance's JSON pointer.
#include "susurration/schema_check.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace susurration {
namespace {

using nlohmann::json;

// Keywords that never constrain an instance; $defs is walked, the rest ignored.
bool is_annotation(const std::string& k) {
  return k == "description" || k == "title" || k == "$schema" || k == "$id" ||
         k == "$comment" || k == "$defs";
}

// Keywords the checker enforces. Anything else is refused at construction:
// a keyword this list lacks would otherwise be silently ignored.
bool is_assertion(const std::string& k) {
  static const char* const known[] = {
      "type",     "properties", "required", "additionalProperties", "items",
      "prefixItems", "minItems", "maxItems", "uniqueItems", "minimum",
      "maximum",  "exclusiveMinimum", "exclusiveMaximum", "enum", "const",
      "pattern",  "maxLength", "oneOf", "anyOf", "allOf", "$ref"};
  for (const char* name : known) {
    if (k == name) return true;
  }
  return false;
}

bool is_type_name(const std::string& t) {
  return t == "null" || t == "boolean" || t == "object" || t == "array" || t == "number" ||
         t == "string" || t == "integer";
}

// "integer" is what nlohmann parsed as one: written without a fraction or
// exponent (PROTOCOL.md, Numbers). 42.0 is a float here, unlike in plain
// JSON Schema, because the protocol refuses 42.0 where an integer belongs.
bool has_type(const json& instance, const std::string& t) {
  if (t == "null") return instance.is_null();
  if (t == "boolean") return instance.is_boolean();
  if (t == "object") return instance.is_object();
  if (t == "array") return instance.is_array();
  if (t == "number") return instance.is_number();
  if (t == "string") return instance.is_string();
  return instance.is_number_integer();
}

// a <=> b as -1, 0, 1. Two integers compare exactly (4294967296 must not
// round onto the seed bound 4294967295); otherwise as doubles, which is exact
// for every bound the schemas use (all integers within 2^53, or 0 and 1).
int compare_numbers(const json& a, const json& b) {
  auto sign = [](auto x, auto y) { return (x > y) - (x < y); };
  if (a.is_number_integer() && b.is_number_integer()) {
    const bool a_negative = !a.is_number_unsigned() && a.get<std::int64_t>() < 0;
    const bool b_negative = !b.is_number_unsigned() && b.get<std::int64_t>() < 0;
    if (a_negative != b_negative) return a_negative ? -1 : 1;
    if (a_negative) return sign(a.get<std::int64_t>(), b.get<std::int64_t>());
    return sign(a.get<std::uint64_t>(), b.get<std::uint64_t>());
  }
  return sign(a.get<double>(), b.get<double>());
}

// std::regex matches recursively, one frame per character: a pattern is
// only ever run on strings its schema's maxLength has kept this short.
constexpr std::size_t kLongestPatternInput = 1000;

// A value of the schema as messages quote it: shortest round-trip numbers,
// cut short when long so the violation stays one readable line.
std::string quote_schema(const json& value) {
  std::string text = value.dump();
  return text.size() <= 60 ? text : text.substr(0, 57) + "...";
}

// A value of the instance as messages quote it. Containers are described,
// not dumped: an engine's answer can nest deeper than a recursive dump survives.
std::string quote(const json& value) {
  if (value.is_array()) return "an array of " + std::to_string(value.size()) + " items";
  if (value.is_object()) return "an object of " + std::to_string(value.size()) + " members";
  return quote_schema(value);
}

// Characters as JSON Schema counts them: code points, not UTF-8 bytes.
std::size_t code_points(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

// A pointer as messages show it: the empty pointer, the whole value, has a name.
std::string shown(const std::string& pointer) {
  return pointer.empty() ? "(top level)" : pointer;
}

std::string child(const std::string& at, const std::string& token) {
  std::string escaped;
  for (char c : token) {
    if (c == '~') escaped += "~0";
    else if (c == '/') escaped += "~1";
    else escaped += c;
  }
  return at + "/" + escaped;
}

std::string child(const std::string& at, std::size_t index) {
  return at + "/" + std::to_string(index);
}

struct Failure {
  std::string at;
  std::string rule;
  // A const or enum refused the value: in a oneOf over message kinds that is
  // usually the alternative not meant (`"method": "step" is not "hello"`).
  bool mismatch = false;
};

using Result = std::optional<Failure>;

// How telling a failure of one alternative is: the deeper into the instance
// the likelier that alternative was meant; at equal depth a mismatch of a
// const or enum tells least.
std::size_t relevance(const Failure& f) {
  std::size_t depth = 0;
  for (char c : f.at) depth += c == '/';
  return 2 * depth + (f.mismatch ? 0 : 1);
}

// The schema a local `$ref` ("#" plus a JSON pointer) names in `root`.
const json& resolve(const json& root, std::string_view ref) {
  if (ref.empty() || ref.front() != '#') {
    throw std::logic_error("schema $ref \"" + std::string(ref) + "\" is not local (#/...)");
  }
  try {
    return root.at(json::json_pointer(std::string(ref.substr(1))));
  } catch (const json::exception&) {
    throw std::logic_error("schema reference \"" + std::string(ref) +
                           "\" names nothing in the document");
  }
}

class Walker {
 public:
  Walker(const json& root, const std::map<std::string, std::regex, std::less<>>& patterns)
      : root_(root), patterns_(patterns) {}

  Result check(const json& schema, const json& instance, const std::string& at) const {
    if (schema.is_boolean()) {
      if (schema.get<bool>()) return std::nullopt;
      return Failure{at, "nothing is allowed here"};
    }
    // type first, so a value of the wrong kind is reported as such; then
    // required, so a missing key is named before the keys present are judged.
    if (auto t = schema.find("type"); t != schema.end()) {
      if (auto f = check_type(*t, instance, at)) return f;
    }
    if (auto r = schema.find("required"); r != schema.end() && instance.is_object()) {
      for (const auto& name : *r) {
        if (!instance.contains(name.get<std::string>())) {
          return Failure{at, "the required property " + quote(name) + " is missing"};
        }
      }
    }
    for (const auto& [keyword, value] : schema.items()) {
      if (auto f = check_keyword(keyword, value, schema, instance, at)) return f;
    }
    return std::nullopt;
  }

 private:
  Result check_type(const json& type, const json& instance, const std::string& at) const {
    if (type.is_string()) {
      if (has_type(instance, type)) return std::nullopt;
    } else {
      for (const auto& t : type) {
        if (has_type(instance, t)) return std::nullopt;
      }
    }
    const std::string wanted = type.is_string() ? type.get<std::string>() : type.dump();
    return Failure{at, quote(instance) + " is not of type " + wanted};
  }

  Result check_keyword(const std::string& keyword, const json& value, const json& schema,
                       const json& instance, const std::string& at) const {
    if (keyword == "$ref") return check(resolve(root_, value.get<std::string>()), instance, at);
    if (keyword == "allOf" || keyword == "anyOf" || keyword == "oneOf") {
      return check_combination(keyword, value, instance, at);
    }
    if (keyword == "enum") {
      for (const auto& option : value) {
        if (option == instance) return std::nullopt;
      }
      return Failure{at, quote(instance) + " is not one of " + quote_schema(value), true};
    }
    if (keyword == "const") {
      if (value == instance) return std::nullopt;
      return Failure{at, quote(instance) + " is not " + quote_schema(value), true};
    }
    if (instance.is_object()) return check_object(keyword, value, schema, instance, at);
    if (instance.is_array()) return check_array(keyword, value, schema, instance, at);
    if (instance.is_number()) return check_number(keyword, value, instance, at);
    if (instance.is_string()) return check_string(keyword, value, schema, instance, at);
    return std::nullopt;
  }

  Result check_string(const std::string& keyword, const json& value, const json& schema,
                      const json& instance, const std::string& at) const {
    const std::string& text = instance.get_ref<const std::string&>();
    // A pattern checks the length first, whatever the keyword order: the
    // construction-time walk made sure every pattern has a maxLength.
    if (keyword == "maxLength" || keyword == "pattern") {
      const std::size_t limit = schema["maxLength"].get<std::size_t>();
      if (code_points(text) > limit) {
        return Failure{at, "a string of " + std::to_string(code_points(text)) +
                               " characters, more than the maximum " + std::to_string(limit)};
      }
    }
    if (keyword != "pattern") return std::nullopt;
    const std::regex& pattern = patterns_.find(value.get<std::string>())->second;
    if (std::regex_search(text, pattern)) return std::nullopt;
    return Failure{at, quote(instance) + " does not match the pattern " + quote_schema(value)};
  }

  // Of failing alternatives the most relevant is reported: a step result
  // with one bad coordinate should name that coordinate, not the missing
  // `unsupported` of another alternative. Ties go to the first listed.
  Result check_combination(const std::string& keyword, const json& alternatives,
                           const json& instance, const std::string& at) const {
    Result deepest;
    std::size_t first_match = alternatives.size();
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      Result f = check(alternatives[i], instance, at);
      if (f && keyword == "allOf") return f;
      if (f) {
        if (!deepest || relevance(*f) > relevance(*deepest)) deepest = std::move(f);
        continue;
      }
      if (keyword == "anyOf") return std::nullopt;
      if (keyword == "oneOf" && first_match < alternatives.size()) {
        return Failure{at, "matches alternatives " + std::to_string(first_match) + " and " +
                               std::to_string(i) + " of oneOf, exactly one allowed"};
      }
      first_match = i;
    }
    if (keyword == "allOf" || first_match < alternatives.size()) return std::nullopt;
    return deepest;
  }

  Result check_object(const std::string& keyword, const json& value, const json& schema,
                      const json& instance, const std::string& at) const {
    if (keyword == "properties") {
      for (const auto& [name, sub] : value.items()) {
        if (auto it = instance.find(name); it != instance.end()) {
          if (auto f = check(sub, *it, child(at, name))) return f;
        }
      }
    } else if (keyword == "additionalProperties") {
      const json& declared = schema.contains("properties") ? schema["properties"] : json::object();
      for (const auto& [name, member] : instance.items()) {
        if (declared.contains(name)) continue;
        if (value == false) return Failure{at, "the property " + quote(name) + " is not allowed"};
        if (auto f = check(value, member, child(at, name))) return f;
      }
    }
    return std::nullopt;
  }

  Result check_array(const std::string& keyword, const json& value, const json& schema,
                     const json& instance, const std::string& at) const {
    const std::size_t n = instance.size();
    if (keyword == "minItems" && n < value.get<std::size_t>()) {
      return Failure{at, std::to_string(n) + " items, fewer than the minimum " + value.dump()};
    }
    if (keyword == "maxItems" && n > value.get<std::size_t>()) {
      return Failure{at, std::to_string(n) + " items, more than the maximum " + value.dump()};
    }
    if (keyword == "uniqueItems" && value == true) {
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
          if (instance[i] == instance[j]) {
            return Failure{at, "items " + std::to_string(i) + " and " + std::to_string(j) +
                                   " are equal, items must be unique"};
          }
        }
      }
    }
    if (keyword == "prefixItems") {
      for (std::size_t i = 0; i < n && i < value.size(); ++i) {
        if (auto f = check(value[i], instance[i], child(at, i))) return f;
      }
    }
    if (keyword == "items") {
      const std::size_t first = schema.contains("prefixItems") ? schema["prefixItems"].size() : 0;
      for (std::size_t i = first; i < n; ++i) {
        if (value == false) {
          return Failure{child(at, i), "no item is allowed beyond the first " +
                                           std::to_string(first)};
        }
        if (auto f = check(value, instance[i], child(at, i))) return f;
      }
    }
    return std::nullopt;
  }

  Result check_number(const std::string& keyword, const json& bound, const json& instance,
                      const std::string& at) const {
    const int c = bound.is_number() ? compare_numbers(instance, bound) : 0;
    const std::string v = quote(instance) + " is ";
    if (keyword == "minimum" && c < 0) return Failure{at, v + "below the minimum " + bound.dump()};
    if (keyword == "maximum" && c > 0) return Failure{at, v + "above the maximum " + bound.dump()};
    if (keyword == "exclusiveMinimum" && c <= 0) {
      return Failure{at, v + "not above the exclusive minimum " + bound.dump()};
    }
    if (keyword == "exclusiveMaximum" && c >= 0) {
      return Failure{at, v + "not below the exclusive maximum " + bound.dump()};
    }
    return std::nullopt;
  }

  const json& root_;
  const std::map<std::string, std::regex, std::less<>>& patterns_;
};

// Construction-time walk: every keyword known, every $ref resolvable, every
// pattern compiled. `where` is the schema's own pointer, for the message.
void walk(const json& schema, const std::string& where, const json& root,
          std::map<std::string, std::regex, std::less<>>& patterns) {
  if (schema.is_boolean()) return;
  if (!schema.is_object()) {
    throw std::logic_error("schema at " + shown(where) + " is not an object");
  }
  for (const auto& [k, value] : schema.items()) {
    const std::string here = child(where, k);
    if (!is_annotation(k) && !is_assertion(k)) {
      throw std::logic_error("schema keyword \"" + k + "\" at " + shown(where) +
                             " is not implemented by the checker");
    }
    if (k == "$defs" || k == "properties") {
      for (const auto& [name, sub] : value.items()) walk(sub, child(here, name), root, patterns);
    } else if (k == "items" || k == "additionalProperties") {
      walk(value, here, root, patterns);
    } else if (k == "prefixItems" || k == "allOf" || k == "anyOf" || k == "oneOf") {
      for (std::size_t i = 0; i < value.size(); ++i) walk(value[i], child(here, i), root, patterns);
    } else if (k == "$ref") {
      resolve(root, value.get<std::string>());
    } else if (k == "pattern") {
      if (!schema.contains("maxLength") ||
          schema["maxLength"].get<std::size_t>() > kLongestPatternInput) {
        throw std::logic_error("schema pattern at " + here + " needs a maxLength of at most " +
                               std::to_string(kLongestPatternInput));
      }
      try {
        patterns.emplace(value.get<std::string>(), std::regex(value.get<std::string>()));
      } catch (const std::regex_error&) {
        throw std::logic_error("schema pattern at " + here + " does not compile");
      }
    } else if (k == "type") {
      for (const auto& t : value.is_array() ? value : json::array({value})) {
        if (!is_type_name(t.get<std::string>())) {
          throw std::logic_error("schema type " + t.dump() + " at " + here + " is unknown");
        }
      }
    }
  }
}

}  // namespace

SchemaChecker::SchemaChecker(nlohmann::json schema) : schema_(std::move(schema)) {
  walk(schema_, "", schema_, patterns_);
}

std::optional<std::string> SchemaChecker::violation(const nlohmann::json& instance,
                                                    std::string_view pointer) const {
  // Built in two steps: GCC 12 at -O2 warns falsely (-Wrestrict) on "#" + string.
  std::string ref = "#";
  ref += pointer;
  const json& schema = resolve(schema_, ref);
  Result f = Walker(schema_, patterns_).check(schema, instance, "");
  if (!f) return std::nullopt;
  return shown(f->at) + ": " + f->rule;
}

}  // namespace susurration
