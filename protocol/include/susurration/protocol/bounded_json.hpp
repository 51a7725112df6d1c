// Reading JSON text that came from outside the kit (an engine's response, a
// request to `susurration engine`, a file a user named) with bounds, so that
// no text can exhaust the stack or the memory of the kit, and with JSON's
// numbers read as JSON means them:
//
// - depth: nesting deeper than the bound is refused before anything is
//   built, so nothing recursive (dump, schema check, destruction) can meet
//   it later;
// - size: bytes and values are bounded before parsing, because a parse
//   tree costs tens of bytes per value (a 63 MiB line of small numbers
//   becomes gigabytes);
// - numbers: one out of double range (1e400) is refused with the same
//   error as any other bad text, never an exception of another type;
//   `-0` is negative zero (nlohmann would read it as the integer 0), so it
//   is read as the double -0.0 (and refused where an integer belongs, as
//   0.0 would be).
//
// - names: with refuse_duplicate_keys, an object naming one member twice
//   is refused, naming the member.
//
// One scan, no recursion; then nlohmann's parser, which is iterative.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace susurration::forms {

struct JsonBounds {
  std::size_t max_bytes = 16u << 20;
  std::size_t max_depth = 64;
  std::size_t max_values = 1u << 20;  // numbers, strings, literals, arrays and objects
  // A number past double range (1e400) is read as a string marking it
  // (out_of_range_text) instead of refusing the whole text, so that the
  // reader of the value refuses it where it stands, naming its parameter.
  bool mark_out_of_range = false;
  // An object with two members of one name is refused, naming it. JSON
  // leaves duplicate names to the reader (RFC 8259 section 4): nlohmann keeps
  // the last, another reader the first, so a response `{"delta": 0.5,
  // "delta": 1.5}` would mean one answer to the kit and another elsewhere
  // (issue 24). The kit reads engines' responses so.
  bool refuse_duplicate_keys = false;
};

// The string a marked number is read as: this prefix, then its JSON text.
// The NUL in front keeps it apart from any text a person would write.
inline constexpr std::string_view kOutOfRangePrefix{"\0number past double range: ", 27};

// The JSON text of a marked number, or empty for any other string.
inline std::string_view out_of_range_text(std::string_view s) {
  return s.starts_with(kOutOfRangePrefix) ? s.substr(kOutOfRangePrefix.size()) : std::string_view{};
}

// The text is not JSON, or exceeds a bound. what() is one line that says
// which, with the byte offset where the scan or the parser stopped;
// past_a_bound() tells them apart (a response past a bound breaks PROTO-10,
// one that is not JSON PROTO-1). A member named twice counts as a bound.
class JsonTextError : public std::runtime_error {
 public:
  explicit JsonTextError(const std::string& what, bool past_a_bound = true)
      : std::runtime_error(what), past_a_bound_(past_a_bound) {}
  bool past_a_bound() const { return past_a_bound_; }

 private:
  bool past_a_bound_;
};

// Json is nlohmann::json or nlohmann::ordered_json (both instantiated).
template <class Json>
Json parse_bounded(std::string_view text, const JsonBounds& bounds = {});

}  // namespace susurration::forms
