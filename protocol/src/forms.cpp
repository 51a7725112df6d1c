// Request parameters from JSON (forms.hpp), checked by spec/inputs.md.
#include "susurration/protocol/forms.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

#include "susurration/protocol/bounded_json.hpp"
#include "susurration/constants.hpp"

namespace susurration::forms {

ParameterError::ParameterError(std::string_view parameter, std::string_view where,
                               std::string_view value, std::string_view allowed)
    : InputError(parameter, value, allowed),
      line_(InputError(where, value, allowed).what()) {}

ParameterError::ParameterError(std::string_view parameter, const InputError& inside)
    : InputError(parameter, "", ""), line_(inside.what()) {}

namespace {

// A value as the complaint shows it: its JSON text, cut short so that a
// state of 401 birds still makes one readable line; a number past double
// range (bounded_json.hpp marks it) as the number it was written as. The
// dump recurses, but parse_bounded has bounded the depth of every value.
template <class Json>
std::string shown(const Json& v) {
  constexpr std::size_t kLongest = 80;
  if (v.is_string()) {
    const std::string_view number = out_of_range_text(v.template get_ref<const std::string&>());
    if (!number.empty()) return std::string(number.substr(0, kLongest));
  }
  std::string text = v.dump(-1, ' ', false, nlohmann::detail::error_handler_t::replace);
  if (text.size() > kLongest) {
    text = text.substr(0, kLongest) + "...";
  }
  return text;
}

// A finite JSON number for the place `where` inside `parameter`. A number
// too large for a double parses as infinity, so finiteness is checked here.
template <class Json>
double finite(const Json& v, std::string_view parameter, std::string_view where,
              std::string_view allowed) {
  if (!v.is_number() || !std::isfinite(v.template get<double>())) {
    throw ParameterError(parameter, where, shown(v), allowed);
  }
  return v.template get<double>();
}

template <class Json>
std::int64_t integer_at(const Json& v, std::string_view parameter, std::string_view where,
                        std::int64_t lo, std::int64_t hi) {
  const std::string allowed = "integer " + std::to_string(lo) + ".." + std::to_string(hi);
  // A JSON integer past int64 is unsigned in nlohmann; it is above any hi.
  const bool in_range =
      v.is_number_unsigned()
          ? hi >= 0 && v.template get<std::uint64_t>() <= static_cast<std::uint64_t>(hi) &&
                static_cast<std::int64_t>(v.template get<std::uint64_t>()) >= lo
          : v.is_number_integer() && v.template get<std::int64_t>() >= lo &&
                v.template get<std::int64_t>() <= hi;
  if (!in_range) {
    throw ParameterError(parameter, where, shown(v), allowed);
  }
  return v.template get<std::int64_t>();
}

// [[x, y, vx, vy], ...] of finite numbers; the checks of INPUT-9 come after.
template <class Json>
State birds_of(const Json& v) {
  static constexpr std::array<const char*, 4> kNames = {"x", "y", "vx", "vy"};
  if (!v.is_array()) {
    throw ParameterError("state", "state", shown(v), "an array of birds [x, y, vx, vy]");
  }
  State s;
  s.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Json& bird = v[i];
    const std::string where = "state[" + std::to_string(i) + "]";
    if (!bird.is_array() || bird.size() != kNames.size()) {
      throw ParameterError("state", where, shown(bird), "[x, y, vx, vy]: four numbers");
    }
    std::array<double, 4> b{};
    for (std::size_t k = 0; k < kNames.size(); ++k) {
      b[k] = finite(bird[k], "state", where + "." + kNames[k], "a finite number");
    }
    s.push_back({b[0], b[1], b[2], b[3]});
  }
  return s;
}

}  // namespace

template <class Json>
const Json& required(const Json& params, const std::string& key) {
  const auto it = params.find(key);
  if (it == params.end()) {
    throw ParameterError(key, key, "missing", "a value: every parameter is required");
  }
  return *it;
}

template <class Json>
std::int64_t integer(const Json& v, std::string_view field, std::int64_t lo, std::int64_t hi) {
  return integer_at(v, field, field, lo, hi);
}

template <class Json>
double number(const Json& v, std::string_view field) {
  return finite(v, field, field, "a finite number");
}

template <class Json>
std::uint32_t seed(const Json& v) {
  return static_cast<std::uint32_t>(integer(v, "seed", 0, 4294967295));
}

template <class Json>
int birds(const Json& v) {
  return static_cast<int>(integer(v, "birds", kMinBirds, kMaxBirds));
}

template <class Json>
int ticks_per_call(const Json& v) {
  return static_cast<int>(integer(v, "ticks", 1, 1000));
}

template <class Json>
int run_ticks(const Json& v) {
  return static_cast<int>(integer(v, "ticks", 0, kMaxAtTick));
}

template <class Json>
int at_tick(const Json& v) {
  return static_cast<int>(integer(v, "at_tick", kMinAtTick, kMaxAtTick));
}

// Each weight is named as parse_weights names it ("cohesion weight").
template <class Json>
Weights weights(const Json& v) {
  static constexpr std::array<const char*, 3> kNames = {"cohesion weight", "alignment weight",
                                                        "separation weight"};
  if (!v.is_array() || v.size() != kNames.size()) {
    throw ParameterError("weights", "weights", shown(v),
                         "three numbers [cohesion, alignment, separation] each in [0, 1]");
  }
  std::array<double, 3> w{};
  for (std::size_t k = 0; k < kNames.size(); ++k) {
    if (!v[k].is_number()) {
      throw ParameterError("weights", kNames[k], shown(v[k]), "a number in [0, 1]");
    }
    w[k] = v[k].template get<double>();
    try {
      check_weight(kNames[k], w[k]);
    } catch (const InputError& e) {
      throw ParameterError("weights", e);
    }
  }
  return {w[0], w[1], w[2]};
}

template <class Json>
Schedule schedule(const Json& v) {
  static constexpr std::array<const char*, 4> kKeys = {"tick", "cohesion", "alignment",
                                                       "separation"};
  if (!v.is_array()) {
    throw ParameterError("schedule", "schedule", shown(v), "a JSON array of weight changes");
  }
  Schedule changes;
  for (std::size_t k = 0; k < v.size(); ++k) {
    const Json& entry = v[k];
    const std::string where = "schedule[" + std::to_string(k) + "]";
    if (!entry.is_object()) {
      throw ParameterError("schedule", where, shown(entry),
                           "an object with tick, cohesion, alignment, separation");
    }
    for (const auto& [key, unused] : entry.items()) {
      if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end()) {
        throw ParameterError("schedule", where, "unknown key " + Json(key).dump(),
                             "only the documented keys");
      }
    }
    const auto member = [&](const char* key, std::string_view allowed) -> const Json& {
      const auto it = entry.find(key);
      if (it == entry.end()) {
        throw ParameterError("schedule", where + "." + key, "missing", allowed);
      }
      return *it;
    };
    const auto weight = [&](const char* key) {
      return finite(member(key, "a number"), "schedule", where + "." + key, "a number");
    };
    const int tick = static_cast<int>(integer_at(member("tick", "integer 0..20000"), "schedule",
                                                 where + ".tick", 0, kMaxAtTick));
    changes.push_back({tick, {weight("cohesion"), weight("alignment"), weight("separation")}});
  }
  try {
    check_schedule(changes);
  } catch (const InputError& e) {
    throw ParameterError("schedule", e);
  }
  return changes;
}

template <class Json>
State state(const Json& v) {
  State s = birds_of(v);
  try {
    check_state(s);
  } catch (const InputError& e) {
    throw ParameterError("state", e);
  }
  return s;
}

template <class Json>
State finite_state(const Json& v) {
  State s = birds_of(v);
  if (s.empty()) {
    throw ParameterError("state", "state", "no birds", "one or more birds");
  }
  return s;
}

// The two JSON types the kit uses.
#define SUSURRATION_FORMS_FOR(Json)                                                        \
  template const Json& required(const Json&, const std::string&);                          \
  template std::int64_t integer(const Json&, std::string_view, std::int64_t, std::int64_t); \
  template double number(const Json&, std::string_view);                                   \
  template std::uint32_t seed(const Json&);                                                \
  template int birds(const Json&);                                                         \
  template Weights weights(const Json&);                                                   \
  template int ticks_per_call(const Json&);                                                \
  template int run_ticks(const Json&);                                                     \
  template int at_tick(const Json&);                                                       \
  template Schedule schedule(const Json&);                                                 \
  template State state(const Json&);                                                       \
  template State finite_state(const Json&);

SUSURRATION_FORMS_FOR(nlohmann::json)
SUSURRATION_FORMS_FOR(nlohmann::ordered_json)

#undef SUSURRATION_FORMS_FOR

}  // namespace susurration::forms
