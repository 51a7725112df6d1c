// Bounded JSON reading (bounded_json.hpp).
#include "susurration/protocol/bounded_json.hpp"

#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

namespace susurration::forms {
namespace {

bool ends_number(char c) {
  return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The end of the scalar token starting at i.
std::size_t token_end(std::string_view text, std::size_t i) {
  while (i < text.size() && !ends_number(text[i]) && text[i] != ':') ++i;
  return i;
}

// Whether a number token is past double range (strtod gives an infinity;
// a token that is no number at all is left for the parser to refuse).
bool past_double_range(std::string_view token) {
  const std::string copy(token);
  char* end = nullptr;
  const double v = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size() && std::isinf(v);
}

// The JSON string a marked number is read as (bounded_json.hpp).
std::string marked(std::string_view token) {
  return nlohmann::json(std::string(kOutOfRangePrefix) + std::string(token)).dump();
}

// Checks the bounds in one pass outside strings, and returns the text with
// every bare `-0` token written `-0.0` and, when asked, every number past
// double range written as its marking string; or an empty string when
// nothing changes (the common case, which then costs no copy).
std::string scan(std::string_view text, const JsonBounds& bounds) {
  if (text.size() > bounds.max_bytes) {
    throw JsonTextError("JSON text of " + std::to_string(text.size()) + " bytes, over the bound of " +
                        std::to_string(bounds.max_bytes));
  }
  std::string rewritten;
  std::size_t copied = 0;  // text before this offset is already in `rewritten`
  std::size_t depth = 0, values = 0;
  bool in_string = false, in_value = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    const bool starts = c == '"' || c == '[' || c == '{' || c == '-' || (c >= '0' && c <= '9') ||
                        c == 't' || c == 'f' || c == 'n';
    if (starts && !in_value) {
      in_value = c != '"' && c != '[' && c != '{';  // a scalar runs until a delimiter
      if (++values > bounds.max_values) {
        throw JsonTextError("JSON text with more than " + std::to_string(bounds.max_values) +
                            " values (at byte " + std::to_string(i) + ")");
      }
      if (c == '-' && i + 2 <= text.size() && text[i + 1] == '0' &&
          (i + 2 == text.size() || ends_number(text[i + 2]))) {
        rewritten.append(text.substr(copied, i + 2 - copied)).append(".0");
        copied = i + 2;
      } else if (bounds.mark_out_of_range && (c == '-' || (c >= '0' && c <= '9'))) {
        const std::size_t end = token_end(text, i);
        if (past_double_range(text.substr(i, end - i))) {
          rewritten.append(text.substr(copied, i - copied)).append(marked(text.substr(i, end - i)));
          copied = end;
        }
      }
    }
    if (c == '"') {
      in_string = true;
      in_value = false;
    } else if (c == '[' || c == '{') {
      in_value = false;
      if (++depth > bounds.max_depth) {
        throw JsonTextError("JSON text nested deeper than " + std::to_string(bounds.max_depth) +
                            " levels (at byte " + std::to_string(i) + ")");
      }
    } else if (c == ']' || c == '}') {
      in_value = false;
      if (depth > 0) --depth;
    } else if (ends_number(c) || c == ':') {
      in_value = false;
    }
  }
  if (copied == 0) return {};
  rewritten.append(text.substr(copied));
  return rewritten;
}

// The parser's callback that refuses a second member of one name: the
// names of each open object, innermost last (depth is bounded by the scan).
template <class Json>
class DuplicateKeys {
 public:
  bool operator()(int, nlohmann::detail::parse_event_t event, Json& parsed) {
    using Event = nlohmann::detail::parse_event_t;
    if (event == Event::object_start) {
      open_.emplace_back();
    } else if (event == Event::object_end) {
      open_.pop_back();
    } else if (event == Event::key) {
      const auto& name = parsed.template get_ref<const std::string&>();
      if (!open_.back().insert(name).second) {
        throw JsonTextError("an object names the member " + nlohmann::json(name).dump() + " twice");
      }
    }
    return true;
  }

 private:
  std::vector<std::set<std::string>> open_;
};

}  // namespace

template <class Json>
Json parse_bounded(std::string_view text, const JsonBounds& bounds) {
  const std::string rewritten = scan(text, bounds);
  const std::string_view input = rewritten.empty() ? text : std::string_view(rewritten);
  try {
    if (bounds.refuse_duplicate_keys) {
      DuplicateKeys<Json> names;
      return Json::parse(input, [&names](int depth, nlohmann::detail::parse_event_t event, Json& parsed) {
        return names(depth, event, parsed);
      });
    }
    return Json::parse(input);
  } catch (const nlohmann::json::exception& e) {
    // parse_error for bad syntax, out_of_range for a number past DBL_MAX:
    // to the caller both are text that is not an acceptable JSON value.
    std::string what = e.what();
    if (const auto at = what.find("] "); at != std::string::npos) what.erase(0, at + 2);
    throw JsonTextError("not JSON: " + what, false);
  }
}

template nlohmann::json parse_bounded<nlohmann::json>(std::string_view, const JsonBounds&);
template nlohmann::ordered_json parse_bounded<nlohmann::ordered_json>(std::string_view, const JsonBounds&);

}  // namespace susurration::forms
