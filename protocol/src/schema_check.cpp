// The checker behind PROTO-7: JSON Schema 2020-12, cut down to the keywords
// schemas/protocol/ uses. Conventions: `schema` is a (sub)schema, `instance`
// the value checked against it, `at` the instance's JSON pointer.
#include "susurration/protocol/schema_check.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

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
      "pattern",  "maxLength", "minLength", "oneOf", "anyOf", "allOf", "$ref",
      "if", "then", "else", "propertyNames"};
  for (const char* name : known) {
    if (k == name) return true;
  }
  return false;
}

// The keywords the walker acts on, told apart once per keyword met: it meets
// several for every number of every state it checks, and comparing their
// names as strings, one candidate after another, was most of its time.
enum class Keyword {
  other, ref, allOf, anyOf, oneOf, enum_, const_, maxLength, pattern, properties,
  additionalProperties, minItems, maxItems, uniqueItems, prefixItems, items,
  minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, if_, propertyNames
};

Keyword keyword_of(const std::string& k) {
  static const std::unordered_map<std::string_view, Keyword> names = {
      {"$ref", Keyword::ref}, {"allOf", Keyword::allOf}, {"anyOf", Keyword::anyOf},
      {"oneOf", Keyword::oneOf}, {"enum", Keyword::enum_}, {"const", Keyword::const_},
      {"maxLength", Keyword::maxLength}, {"pattern", Keyword::pattern},
      {"properties", Keyword::properties}, {"additionalProperties", Keyword::additionalProperties},
      {"minItems", Keyword::minItems}, {"maxItems", Keyword::maxItems},
      {"uniqueItems", Keyword::uniqueItems}, {"prefixItems", Keyword::prefixItems},
      {"items", Keyword::items}, {"minimum", Keyword::minimum}, {"maximum", Keyword::maximum},
      {"exclusiveMinimum", Keyword::exclusiveMinimum}, {"exclusiveMaximum", Keyword::exclusiveMaximum},
      {"minLength", Keyword::minLength}, {"if", Keyword::if_}, {"propertyNames", Keyword::propertyNames}};
  const auto it = names.find(k);
  return it == names.end() ? Keyword::other : it->second;
}

// The JSON types as bits, so that a `type` keyword is one mask. "integer"
// is what nlohmann parsed as one: written without a fraction or exponent
// (PROTOCOL.md, Numbers). 42.0 is a float here, unlike in plain JSON Schema,
// because the protocol refuses 42.0 where an integer belongs.
enum TypeBit : unsigned { kNull = 1, kBoolean = 2, kObject = 4, kArray = 8, kNumber = 16, kString = 32, kInteger = 64 };

// A type name's bit; 0 for a name JSON Schema does not have.
unsigned type_bit(const std::string& t) {
  if (t == "null") return kNull;
  if (t == "boolean") return kBoolean;
  if (t == "object") return kObject;
  if (t == "array") return kArray;
  if (t == "number") return kNumber;
  if (t == "string") return kString;
  if (t == "integer") return kInteger;
  return 0;
}

bool is_type_name(const std::string& t) { return type_bit(t) != 0; }

// The bits an instance answers to: an integer is a number too.
unsigned type_bits(const json& instance) {
  if (instance.is_null()) return kNull;
  if (instance.is_boolean()) return kBoolean;
  if (instance.is_object()) return kObject;
  if (instance.is_array()) return kArray;
  if (instance.is_string()) return kString;
  if (instance.is_number_integer()) return kNumber | kInteger;
  if (instance.is_number()) return kNumber;
  return 0;
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

// Where the walker is in the instance: a chain of steps from the top, each
// living on the stack of the call that took it, spelled as a JSON pointer
// only when a failure names it. Most checks pass, and spelling a pointer for
// each of a state's 1,600 numbers once cost more than checking them.
struct Pointer {
  const Pointer* parent = nullptr;   // null at the top
  const std::string* key = nullptr;  // the member's name, or null for an array item
  std::size_t index = 0;             // the item's index

  std::string spelled() const {
    if (parent == nullptr) return "";
    return key != nullptr ? child(parent->spelled(), *key) : child(parent->spelled(), index);
  }
};

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

// A subschema (an object) read once: the walker meets the same few for
// every number of every state it checks, and looking their keywords up by
// name each time (a map search per keyword, a string compare per type name)
// was most of its time.
struct Node {
  const json* type = nullptr;      // the `type` keyword, if any ...
  unsigned types = 0;              // ... as a mask of TypeBit
  const json* required = nullptr;  // the `required` keyword, if any
  // The other keywords that assert, with their values, in the schema's order.
  std::vector<std::pair<Keyword, const json*>> keywords;
};

Node node_of(const json& schema) {
  Node node;
  for (const auto& [name, value] : schema.items()) {
    if (name == "type") {
      node.type = &value;
      for (const auto& t : value.is_array() ? value : json::array({value})) node.types |= type_bit(t.get<std::string>());
    } else if (name == "required") {
      node.required = &value;
    } else if (const Keyword keyword = keyword_of(name); keyword != Keyword::other) {
      node.keywords.emplace_back(keyword, &value);
    }
  }
  return node;
}

}  // namespace

// Each $ref of the schema (the node holding its text) and what it names,
// resolved once at construction rather than parsed as a pointer at every
// use; each subschema read once into a Node.
struct SchemaChecker::Compiled {
  std::unordered_map<const json*, const json*> refs;
  std::unordered_map<const json*, Node> nodes;
};

namespace {

using Compiled = SchemaChecker::Compiled;

class Walker {
 public:
  Walker(const json& root, const std::map<std::string, std::regex, std::less<>>& patterns, const Compiled& compiled)
      : root_(root), patterns_(patterns), compiled_(compiled) {}

  Result check(const json& schema, const json& instance, const Pointer& at) const {
    if (schema.is_boolean()) {
      if (schema.get<bool>()) return std::nullopt;
      return Failure{at.spelled(), "nothing is allowed here"};
    }
    // Every subschema was read at construction; one named by a pointer into
    // something else (a caller's mistake) is read now.
    const auto known = compiled_.nodes.find(&schema);
    const Node node = known != compiled_.nodes.end() ? Node{} : node_of(schema);
    const Node& n = known != compiled_.nodes.end() ? known->second : node;
    // type first, so a value of the wrong kind is reported as such; then
    // required, so a missing key is named before the keys present are judged.
    if (n.type != nullptr && (type_bits(instance) & n.types) == 0) {
      const std::string wanted = n.type->is_string() ? n.type->get<std::string>() : n.type->dump();
      return Failure{at.spelled(), quote(instance) + " is not of type " + wanted};
    }
    if (n.required != nullptr && instance.is_object()) {
      for (const auto& name : *n.required) {
        if (!instance.contains(name.get<std::string>())) {
          return Failure{at.spelled(), "the required property " + quote(name) + " is missing"};
        }
      }
    }
    // type and required were judged above; annotations never fail.
    for (const auto& [keyword, value] : n.keywords) {
      if (auto f = check_keyword(keyword, *value, schema, instance, at)) return f;
    }
    return std::nullopt;
  }

 private:

  Result check_keyword(Keyword keyword, const json& value, const json& schema,
                       const json& instance, const Pointer& at) const {
    if (keyword == Keyword::ref) {
      const auto known = compiled_.refs.find(&value);
      return check(known != compiled_.refs.end() ? *known->second : resolve(root_, value.get<std::string>()), instance, at);
    }
    if (keyword == Keyword::allOf || keyword == Keyword::anyOf || keyword == Keyword::oneOf) {
      return check_combination(keyword, value, instance, at);
    }
    if (keyword == Keyword::enum_) {
      for (const auto& option : value) {
        if (option == instance) return std::nullopt;
      }
      return Failure{at.spelled(), quote(instance) + " is not one of " + quote_schema(value), true};
    }
    if (keyword == Keyword::const_) {
      if (value == instance) return std::nullopt;
      return Failure{at.spelled(), quote(instance) + " is not " + quote_schema(value), true};
    }
    if (keyword == Keyword::if_) {
      // `then` applies when the instance is valid against `if`, `else` when
      // not; neither acts alone.
      const char* branch = check(value, instance, at) ? "else" : "then";
      return schema.contains(branch) ? check(schema[branch], instance, at) : std::nullopt;
    }
    if (keyword == Keyword::propertyNames && instance.is_object()) {
      for (const auto& [name, member] : instance.items()) {
        if (auto f = check(value, json(name), Pointer{&at, &name})) return f;
      }
      return std::nullopt;
    }
    if (instance.is_object()) return check_object(keyword, value, schema, instance, at);
    if (instance.is_array()) return check_array(keyword, value, schema, instance, at);
    if (instance.is_number()) return check_number(keyword, value, instance, at);
    if (instance.is_string()) return check_string(keyword, value, schema, instance, at);
    return std::nullopt;
  }

  Result check_string(Keyword keyword, const json& value, const json& schema,
                      const json& instance, const Pointer& at) const {
    const std::string& text = instance.get_ref<const std::string&>();
    // A pattern checks the length first, whatever the keyword order: the
    // construction-time walk made sure every pattern has a maxLength.
    if (keyword == Keyword::maxLength || keyword == Keyword::pattern) {
      const std::size_t limit = schema["maxLength"].get<std::size_t>();
      if (code_points(text) > limit) {
        return Failure{at.spelled(), "a string of " + std::to_string(code_points(text)) +
                               " characters, more than the maximum " + std::to_string(limit)};
      }
    }
    if (keyword == Keyword::minLength && code_points(text) < value.get<std::size_t>()) {
      return Failure{at.spelled(), "a string of " + std::to_string(code_points(text)) +
                             " characters, fewer than the minimum " + value.dump()};
    }
    if (keyword != Keyword::pattern) return std::nullopt;
    const std::regex& pattern = patterns_.find(value.get<std::string>())->second;
    if (std::regex_search(text, pattern)) return std::nullopt;
    return Failure{at.spelled(), quote(instance) + " does not match the pattern " + quote_schema(value)};
  }

  // Of failing alternatives the most relevant is reported: a step result
  // with one bad coordinate should name that coordinate, not the missing
  // `unsupported` of another alternative. Ties go to the first listed.
  Result check_combination(Keyword keyword, const json& alternatives,
                           const json& instance, const Pointer& at) const {
    Result deepest;
    std::size_t first_match = alternatives.size();
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      Result f = check(alternatives[i], instance, at);
      if (f && keyword == Keyword::allOf) return f;
      if (f) {
        if (!deepest || relevance(*f) > relevance(*deepest)) deepest = std::move(f);
        continue;
      }
      if (keyword == Keyword::anyOf) return std::nullopt;
      if (keyword == Keyword::oneOf && first_match < alternatives.size()) {
        return Failure{at.spelled(), "matches alternatives " + std::to_string(first_match) + " and " +
                               std::to_string(i) + " of oneOf, exactly one allowed"};
      }
      first_match = i;
    }
    if (keyword == Keyword::allOf || first_match < alternatives.size()) return std::nullopt;
    return deepest;
  }

  Result check_object(Keyword keyword, const json& value, const json& schema,
                      const json& instance, const Pointer& at) const {
    if (keyword == Keyword::properties) {
      for (const auto& [name, sub] : value.items()) {
        if (auto it = instance.find(name); it != instance.end()) {
          if (auto f = check(sub, *it, Pointer{&at, &name})) return f;
        }
      }
    } else if (keyword == Keyword::additionalProperties) {
      const json& declared = schema.contains("properties") ? schema["properties"] : json::object();
      for (const auto& [name, member] : instance.items()) {
        if (declared.contains(name)) continue;
        if (value == false) return Failure{at.spelled(), "the property " + quote(name) + " is not allowed"};
        if (auto f = check(value, member, Pointer{&at, &name})) return f;
      }
    }
    return std::nullopt;
  }

  Result check_array(Keyword keyword, const json& value, const json& schema,
                     const json& instance, const Pointer& at) const {
    const std::size_t n = instance.size();
    if (keyword == Keyword::minItems && n < value.get<std::size_t>()) {
      return Failure{at.spelled(), std::to_string(n) + " items, fewer than the minimum " + value.dump()};
    }
    if (keyword == Keyword::maxItems && n > value.get<std::size_t>()) {
      return Failure{at.spelled(), std::to_string(n) + " items, more than the maximum " + value.dump()};
    }
    if (keyword == Keyword::uniqueItems && value == true) {
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
          if (instance[i] == instance[j]) {
            return Failure{at.spelled(), "items " + std::to_string(i) + " and " + std::to_string(j) +
                                   " are equal, items must be unique"};
          }
        }
      }
    }
    if (keyword == Keyword::prefixItems) {
      for (std::size_t i = 0; i < n && i < value.size(); ++i) {
        if (auto f = check(value[i], instance[i], Pointer{&at, nullptr, i})) return f;
      }
    }
    if (keyword == Keyword::items) {
      const std::size_t first = schema.contains("prefixItems") ? schema["prefixItems"].size() : 0;
      for (std::size_t i = first; i < n; ++i) {
        if (value == false) {
          return Failure{Pointer{&at, nullptr, i}.spelled(), "no item is allowed beyond the first " +
                                           std::to_string(first)};
        }
        if (auto f = check(value, instance[i], Pointer{&at, nullptr, i})) return f;
      }
    }
    return std::nullopt;
  }

  Result check_number(Keyword keyword, const json& bound, const json& instance,
                      const Pointer& at) const {
    const int c = bound.is_number() ? compare_numbers(instance, bound) : 0;
    // The message is made only for a failure: this runs for every number of every state.
    const char* broken = nullptr;
    if (keyword == Keyword::minimum && c < 0) broken = "below the minimum ";
    if (keyword == Keyword::maximum && c > 0) broken = "above the maximum ";
    if (keyword == Keyword::exclusiveMinimum && c <= 0) broken = "not above the exclusive minimum ";
    if (keyword == Keyword::exclusiveMaximum && c >= 0) broken = "not below the exclusive maximum ";
    if (broken == nullptr) return std::nullopt;
    return Failure{at.spelled(), quote(instance) + " is " + broken + bound.dump()};
  }

  const json& root_;
  const std::map<std::string, std::regex, std::less<>>& patterns_;
  const Compiled& compiled_;
};

// Construction-time walk: every keyword known, every $ref resolvable, every
// pattern compiled. `where` is the schema's own pointer, for the message.
void walk(const json& schema, const std::string& where, const json& root,
          std::map<std::string, std::regex, std::less<>>& patterns, Compiled& compiled) {
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
      for (const auto& [name, sub] : value.items()) walk(sub, child(here, name), root, patterns, compiled);
    } else if (k == "items" || k == "additionalProperties" || k == "if" || k == "then" || k == "else" ||
               k == "propertyNames") {
      walk(value, here, root, patterns, compiled);
    } else if (k == "prefixItems" || k == "allOf" || k == "anyOf" || k == "oneOf") {
      for (std::size_t i = 0; i < value.size(); ++i) walk(value[i], child(here, i), root, patterns, compiled);
    } else if (k == "$ref") {
      compiled.refs.emplace(&value, &resolve(root, value.get<std::string>()));
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
  compiled.nodes.emplace(&schema, node_of(schema));
}

}  // namespace

SchemaChecker::SchemaChecker(nlohmann::json schema)
    : schema_(std::move(schema)), compiled_(std::make_unique<Compiled>()) {
  walk(schema_, "", schema_, patterns_, *compiled_);
}

SchemaChecker::~SchemaChecker() = default;

std::optional<std::string> SchemaChecker::violation(const nlohmann::json& instance,
                                                    std::string_view pointer) const {
  // Built in two steps: GCC 12 at -O2 warns falsely (-Wrestrict) on "#" + string.
  std::string ref = "#";
  ref += pointer;
  const json& schema = resolve(schema_, ref);
  Result f = Walker(schema_, patterns_, *compiled_).check(schema, instance, Pointer{});
  if (!f) return std::nullopt;
  return shown(f->at) + ": " + f->rule;
}

}  // namespace susurration
