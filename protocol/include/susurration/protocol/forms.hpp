// Request parameters from JSON, checked by spec/inputs.md: the one place that
// turns a JSON value into a typed, valid input. The engine (reference_engine/),
// the schedule file of the CLI (cli/run_options.cpp) and the generator's
// verdict on invalid.json (generator/invalid_vectors.cpp) all read through it.
//
// Conventions: `v` is the JSON value of one parameter; `params` a request's
// parameter object. Every reader returns the value or throws a
// ParameterError, whose field() is the parameter's name as a request spells
// it (PROTO-6: seed, birds, weights, ticks, at_tick, schedule, state) and
// whose what() is the INPUT-8 line, which may name a place inside the
// parameter ("invalid schedule[1].tick: 3 (allowed: ...)").
//
// JSON types (PROTOCOL.md "Numbers", rule 5): an integer must be a JSON
// integer, so 42.0 is refused like 1.5; a string, null, a missing key, an
// array of the wrong length and an unknown key in a schedule entry are all
// refused, never coerced.
//
// The readers are templates over nlohmann's json and ordered_json (the
// generator keeps key order); both are instantiated in forms.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "susurration/inputs.hpp"
#include "susurration/simulation.hpp"
#include "susurration/state.hpp"

namespace susurration::forms {

// An InputError about one request parameter. field() names the parameter;
// what() is the one line of INPUT-8, as precise as the check that failed.
class ParameterError : public InputError {
 public:
  // The line "invalid <where>: <value> (allowed: <allowed>)".
  ParameterError(std::string_view parameter, std::string_view where, std::string_view value,
                 std::string_view allowed);
  // A check of the reference (check_state, check_schedule, check_weight)
  // failed inside the parameter: its line, unchanged.
  ParameterError(std::string_view parameter, const InputError& inside);

  const char* what() const noexcept override { return line_.c_str(); }

 private:
  std::string line_;
};

// The value of `key` in `params`; ParameterError naming `key` when missing.
template <class Json>
const Json& required(const Json& params, const std::string& key);

// A JSON integer in lo..hi (a float such as 42.0 is refused).
template <class Json>
std::int64_t integer(const Json& v, std::string_view field, std::int64_t lo, std::int64_t hi);

// A finite JSON number, integer or float.
template <class Json>
double number(const Json& v, std::string_view field);

template <class Json> std::uint32_t seed(const Json& v);  // INPUT-1
template <class Json> int birds(const Json& v);           // INPUT-2
template <class Json> Weights weights(const Json& v);     // INPUT-3: [c, a, s]
template <class Json> int ticks_per_call(const Json& v);  // INPUT-4, field "ticks"
template <class Json> int run_ticks(const Json& v);       // INPUT-6, field "ticks"
template <class Json> int at_tick(const Json& v);         // INPUT-5

// INPUT-7 and SESSION-4: [{"tick", "cohesion", "alignment", "separation"}, ...],
// exactly those four keys in each entry.
template <class Json> Schedule schedule(const Json& v);

// INPUT-9: [[x, y, vx, vy], ...] that the step and the metrics accept.
template <class Json> State state(const Json& v);

// Any state of one or more birds of four finite numbers (the `hash` method,
// DET-3, which asks nothing else of a state). Field "state".
template <class Json> State finite_state(const Json& v);

}  // namespace susurration::forms
