// Bounded JSON reading (bounded_json.hpp).
#include "susurration/bounded_json.hpp"

#include <nlohmann/json.hpp>

namespace susurration::forms {
namespace {

bool ends_number(char c) {
  return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Checks the bounds in one pass outside strings, and returns the text with
// every bare `-0` token written `-0.0`, or an empty string when there is
// none (the common case, which then costs no copy).
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

}  // namespace

template <class Json>
Json parse_bounded(std::string_view text, const JsonBounds& bounds) {
  const std::string rewritten = scan(text, bounds);
  const std::string_view input = rewritten.empty() ? text : std::string_view(rewritten);
  try {
    return Json::parse(input);
  } catch (const nlohmann::json::exception& e) {
    // parse_error for bad syntax, out_of_range for a number past DBL_MAX:
    // to the caller both are text that is not an acceptable JSON value.
    std::string what = e.what();
    if (const auto at = what.find("] "); at != std::string::npos) what.erase(0, at + 2);
    throw JsonTextError("not JSON: " + what);
  }
}

template nlohmann::json parse_bounded<nlohmann::json>(std::string_view, const JsonBounds&);
template nlohmann::ordered_json parse_bounded<nlohmann::ordered_json>(std::string_view, const JsonBounds&);

}  // namespace susurration::forms
