// invalid.json: requests with exactly one bad parameter, which an engine must
// refuse rather than clamp, wrap or guess (INPUT-1..7, INPUT-9, SESSION-2,
// SESSION-4, AMB-24, AMB-28).
//
// Conventions: a *request* is the JSON object of parameters one call takes;
// `kind` is run, step, metrics, run_from or verify. Each case is a valid request of its
// kind with one parameter replaced (or removed), and the expected `field` is
// that parameter's key. Before a case is published, the readers the engine
// uses (susurration/protocol/forms.hpp) must refuse it naming that key and accept the
// request it was made from (std::logic_error otherwise).
#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "files.hpp"
#include "fresh.hpp"
#include "susurration/constants.hpp"
#include "susurration/protocol/forms.hpp"
#include "susurration/inputs.hpp"

namespace susurration::generator {
namespace {

const Json kWeights = {1.0, 1.0, 1.0};
const Json kSchedule =
    Json::array({{{"tick", 100}, {"cohesion", 0.5}, {"alignment", 1.0}, {"separation", 1.0}},
                 {{"tick", 150}, {"cohesion", 1.0}, {"alignment", 0.25}, {"separation", 1.0}}});
const Json kState = {{100.0, 100.0, 2.0, 0.0}, {150.0, 120.0, -1.0, 2.0}};

// The valid request each case starts from; its keys in the order they are checked.
Json valid_request(const std::string& kind) {
  if (kind == "run") {
    return {{"seed", 42}, {"birds", 120}, {"weights", kWeights}, {"ticks", 200}, {"schedule", kSchedule}};
  }
  if (kind == "step") {
    return {{"state", kState}, {"weights", kWeights}, {"ticks", 1}};
  }
  if (kind == "metrics") {
    return {{"state", kState}};
  }
  if (kind == "run_from") {
    // A segment of the run of kSchedule, from tick 100, across its change at 150.
    return {{"state", kState}, {"from_tick", 100}, {"weights", kWeights}, {"schedule", kSchedule}, {"ticks", 60}};
  }
  return {{"seed", 42}, {"birds", 120}, {"weights", kWeights}, {"at_tick", 200}, {"schedule", kSchedule}};
}

// --- the reference's verdict on a request ------------------------------------

// The reader of forms.hpp for one parameter, as the engine uses it.
void check_parameter(const std::string& kind, const std::string& key, const Json& v) {
  if (key == "seed") {
    forms::seed(v);
  } else if (key == "birds") {
    forms::birds(v);
  } else if (key == "weights") {
    forms::weights(v);
  } else if (key == "ticks") {
    if (kind == "run") {
      forms::run_ticks(v);  // INPUT-6
    } else {
      forms::ticks_per_call(v);  // INPUT-4
    }
  } else if (key == "at_tick") {
    forms::at_tick(v);
  } else if (key == "from_tick") {
    forms::integer(v, "from_tick", 0, kMaxAtTick);  // the kit's own (PROTOCOL.md), never the bad one
  } else if (key == "schedule") {
    forms::schedule(v);
  } else {
    forms::state(v);
  }
}

// The parameter the reference refuses first, as the refusal names it, or
// empty when it takes them all.
std::optional<std::string> refused_parameter(const std::string& kind, const Json& request) {
  const Json valid = valid_request(kind);
  for (const auto& [key, unused] : valid.items()) {
    try {
      check_parameter(kind, key, forms::required(request, key));
    } catch (const InputError& e) {
      return e.field();
    }
  }
  return std::nullopt;
}

// --- the cases ----------------------------------------------------------------

struct Bad {
  std::string name;
  std::string key;
  std::optional<Json> value;  // empty: the key is left out
  std::string comment;
  std::vector<std::string> flags;
};

std::vector<std::string> clauses_of(const std::string& kind, const std::string& key) {
  if (key == "seed") return {"INPUT-1"};
  if (key == "birds") return {"INPUT-2"};
  if (key == "weights") return {"INPUT-3", "WEIGHTS-1"};
  if (key == "ticks")
    return kind == "run" ? std::vector<std::string>{"INPUT-6"}
                         : std::vector<std::string>{"INPUT-4", "SESSION-2"};
  if (key == "at_tick") return {"INPUT-5"};
  if (key == "schedule") return {"INPUT-7", "SESSION-4"};
  return {"INPUT-9"};
}

Group request_group(const std::string& kind, const std::string& comment, const std::vector<Bad>& bad) {
  Group g{comment, {{"request", kind}}, {}};
  if (refused_parameter(kind, valid_request(kind))) {
    throw std::logic_error("invalid vectors: the valid " + kind + " request is refused");
  }
  for (const Bad& b : bad) {
    std::string slug = kind;  // run_from's ids read invalid-run-from-... (ids are lowercase words and hyphens)
    std::replace(slug.begin(), slug.end(), '_', '-');
    const std::string id = "invalid-" + slug + "-" + b.name;
    Json request = valid_request(kind);
    if (b.value) {
      request[b.key] = *b.value;
    } else {
      request.erase(b.key);
    }
    if (refused_parameter(kind, request) != b.key) {
      throw std::logic_error(id + ": the reference does not refuse it on " + b.key);
    }
    // A schedule of the wrong shape breaks the schedule format itself
    // (SESSION-4) before any one value is out of range (INPUT-7): those
    // cases isolate SESSION-4.
    std::vector<std::string> clauses = clauses_of(kind, b.key);
    if (b.key == "schedule" && std::find(b.flags.begin(), b.flags.end(), "Shape") != b.flags.end()) {
      std::swap(clauses.front(), clauses.back());
    }
    g.cases.push_back({id,
                       b.comment,
                       clauses,
                       b.flags,
                       compare_exact(),
                       request,
                       {{"rejected", true}, {"field", b.key}}});
  }
  return g;
}

Json schedule_with(const std::string& key, const Json& value) {
  Json s = kSchedule;
  s[1][key] = value;
  return s;
}

Json state_with(std::size_t index, const Json& value) {
  Json s = kState;
  s[1][index] = value;
  return s;
}

Json bird_of(const Json& values) {
  Json s = kState;
  s[1] = values;
  return s;
}

Json many_birds(int n) {
  Json s = Json::array();
  for (int i = 0; i < n; ++i) {
    s.push_back({static_cast<double>(2 * i), 300.0, 2.0, 0.0});
  }
  return s;
}

// The tables below are laid out by hand, one case to a line or two:
// name, key, value (std::nullopt: the key is left out), comment, flags.
// clang-format off
std::vector<Bad> seed_cases() {
  return {
      {"seed-negative", "seed", -1,
       "-1 is below the uint32 range; it must not wrap to 4294967295.", {"Wraparound"}},
      {"seed-2-to-the-32", "seed", 4294967296ull,
       "2^32 is one past the range; it must not wrap to 0.", {"Wraparound"}},
      {"seed-fraction", "seed", 1.5, "A fraction is no seed; it must not be truncated to 1.", {"WrongType"}},
      {"seed-42-with-a-zero-fraction", "seed", 42.0,
       "42.0 is written with a fraction, so it is no integer (PROTOCOL.md, Numbers), though JSON.parse reads it "
       "as 42.", {"ZeroFraction"}},
      {"seed-string", "seed", "42", "The string \"42\" is not the number 42.", {"WrongType"}},
      {"seed-null", "seed", Json(nullptr), "null is no seed; an engine must not invent one (AMB-24).", {"WrongType"}},
      {"seed-missing", "seed", std::nullopt, "A run without a seed cannot be replayed (AMB-24).", {"Missing"}},
  };
}

std::vector<Bad> birds_cases() {
  return {
      {"birds-9", "birds", 9, "One below the range 10..400.", {"OutOfRange"}},
      {"birds-401", "birds", 401, "One above the range 10..400.", {"OutOfRange"}},
      {"birds-0", "birds", 0, "No birds.", {"OutOfRange"}},
      {"birds-fraction", "birds", 120.5, "A fraction of a bird.", {"WrongType"}},
      {"birds-120-with-a-zero-fraction", "birds", 120.0,
       "120.0 is written with a fraction: no bird count, though its value is whole.", {"ZeroFraction"}},
      {"birds-string", "birds", "120", "The string \"120\" is not the number 120.", {"WrongType"}},
  };
}

std::vector<Bad> weights_cases() {
  return {
      {"cohesion-weight-negative", "weights", Json::array({-0.1, 1.0, 1.0}),
       "A cohesion weight below 0.", {"OutOfRange"}},
      {"alignment-weight-one-ulp-above-1", "weights", Json::array({1.0, 1.0000000000000002, 1.0}),
       "The double just above 1 is outside [0, 1].", {"OneUlpOutside"}},
      {"separation-weight-nan", "weights", Json::array({1.0, 1.0, "NaN"}),
       "NaN, written as a string, is no weight.", {"NonFinite"}},
      {"cohesion-weight-infinity", "weights", Json::array({"Infinity", 1.0, 1.0}),
       "+Infinity, written as a string.", {"NonFinite"}},
      {"alignment-weight-minus-infinity", "weights", Json::array({1.0, "-Infinity", 1.0}),
       "-Infinity, written as a string.", {"NonFinite"}},
      {"separation-weight-null", "weights", Json::array({1.0, 1.0, nullptr}),
       "A null weight must not default to 1.", {"WrongType"}},
      {"weights-too-few", "weights", Json::array({1.0, 1.0}),
       "Two weights: the separation weight is missing.", {"Shape"}},
      {"weights-too-many", "weights", Json::array({1.0, 1.0, 1.0, 1.0}), "Four weights.", {"Shape"}},
  };
}

std::vector<Bad> schedule_cases() {
  return {
      {"schedule-tick-repeated", "schedule", schedule_with("tick", 100),
       "Two changes at tick 100: ticks must strictly increase.", {"Order"}},
      {"schedule-ticks-decreasing", "schedule", schedule_with("tick", 50), "Tick 50 after tick 100.", {"Order"}},
      {"schedule-tick-negative", "schedule", Json::array({{{"tick", -1}, {"cohesion", 0.5},
                                                           {"alignment", 1.0}, {"separation", 1.0}}}),
       "A change at tick -1, before the run starts.", {"OutOfRange"}},
      {"schedule-tick-above-20000", "schedule", schedule_with("tick", 20001),
       "A change at tick 20001, past the last tick.", {"OutOfRange"}},
      {"schedule-tick-fraction", "schedule", schedule_with("tick", 150.5), "A change at tick 150.5.", {"WrongType"}},
      {"schedule-tick-with-a-zero-fraction", "schedule", schedule_with("tick", 150.0),
       "A change at tick 150.0: a tick is written without a fraction.", {"ZeroFraction"}},
      {"schedule-weight-above-1", "schedule", schedule_with("separation", 1.5),
       "A scheduled separation weight of 1.5.", {"OutOfRange"}},
      {"schedule-weight-nan", "schedule", schedule_with("cohesion", "NaN"),
       "A scheduled cohesion weight NaN, written as a string.", {"NonFinite"}},
      {"schedule-entry-missing-a-key", "schedule",
       Json::array({kSchedule[0], {{"tick", 150}, {"cohesion", 1.0}, {"separation", 1.0}}}),
       "A change without its alignment weight.", {"Shape"}},
      {"schedule-entry-with-an-unknown-key", "schedule", schedule_with("speed", 2.0),
       "A change with a fifth key, speed.", {"Shape"}},
      {"schedule-entry-null", "schedule", Json::array({kSchedule[0], nullptr}),
       "null where a change belongs.", {"Shape"}},
      {"schedule-entry-a-string-of-four-letters", "schedule", Json::array({kSchedule[0], "tick"}),
       "The string \"tick\" where a change belongs: four characters, like a change's four keys.", {"Shape"}},
      {"schedule-alignment-weight-above-1", "schedule", schedule_with("alignment", 1.5),
       "A scheduled alignment weight of 1.5.", {"OutOfRange"}},
      {"schedule-not-an-array", "schedule", kSchedule[0],
       "One change object instead of an array of changes.", {"Shape"}},
  };
}

std::vector<Bad> run_cases() {
  std::vector<Bad> run = seed_cases();
  for (const std::vector<Bad>& more : {birds_cases(), weights_cases(), schedule_cases()}) {
    run.insert(run.end(), more.begin(), more.end());
  }
  run.push_back({"ticks-above-20000", "ticks", 20001, "A run of 20001 ticks: 0..20000 are allowed.", {"OutOfRange"}});
  run.push_back({"ticks-negative", "ticks", -1, "A run of -1 ticks.", {"OutOfRange"}});
  run.push_back({"ticks-200-with-a-zero-fraction", "ticks", 200.0,
                 "A run of 200.0 ticks: a count is written without a fraction.", {"ZeroFraction"}});
  return run;
}

std::vector<Bad> step_cases() {
  return {
      {"state-no-birds", "state", Json::array(),
       "An empty state: a constructed state has 1..400 birds.", {"OutOfRange"}},
      {"state-401-birds", "state", many_birds(401), "401 birds, one more than any state may have.", {"OutOfRange"}},
      {"state-x-past-1000", "state", state_with(0, 1000.5),
       "x past the field: 1000 is the last legal x.", {"OutOfRange"}},
      {"state-x-one-ulp-above-1000", "state", state_with(0, std::nextafter(1000.0, 2000.0)),
       "x one ulp past 1000: the closed end is 1000 itself.", {"OneUlpOutside"}},
      {"state-y-negative", "state", state_with(1, -0.5), "y below 0.", {"OutOfRange"}},
      {"state-x-negative", "state", state_with(0, -0.5), "x below 0.", {"OutOfRange"}},
      {"state-null", "state", Json(nullptr), "null where the state belongs.", {"WrongType"}},
      {"state-y-one-ulp-above-600", "state", state_with(1, std::nextafter(600.0, 1000.0)),
       "y one ulp past 600.", {"OneUlpOutside"}},
      {"state-zero-velocity", "state", bird_of(Json::array({150.0, 120.0, 0.0, 0.0})),
       "A bird that does not move has no direction for the zero-speed rule.", {"ZeroVelocity"}},
      {"state-negative-zero-velocity", "state", bird_of(Json::array({150.0, 120.0, -0.0, -0.0})),
       "-0.0 is still zero: the speed is 0.", {"ZeroVelocity"}},
      {"state-two-birds-1e-300-apart", "state",
       Json::array({Json::array({0.0, 100.0, 2.0, 0.0}), Json::array({1e-300, 100.0, 0.0, 2.0})}),
       "Two birds 1e-300 apart: d*d is 0 and separation would divide by it (AMB-30).", {"TooClose"}},
      {"state-two-birds-1e-300-apart-across-the-x-seam", "state",
       Json::array({Json::array({0.0, 0.0, 2.0, 0.0}), Json::array({1000.0, 1e-300, 0.0, 2.0})}),
       "x 0 and x 1000 are one place, so these birds are 1e-300 apart across the seam (FIELD-2, FIELD-3).",
       {"TooClose"}},
      {"state-two-birds-1e-300-apart-at-one-x", "state",
       Json::array({Json::array({500.0, 0.0, 2.0, 0.0}), Json::array({500.0, 1e-300, 0.0, 2.0})}),
       "Two birds at one x, 1e-300 apart along y.", {"TooClose"}},
      {"state-velocity-one-ulp-above-1e150", "state", state_with(2, std::nextafter(1e150, 1e300)),
       "vx one ulp past 1e150, the largest component a velocity may have.", {"OneUlpOutside", "VelocityRange"}},
      {"state-velocity-near-the-largest-double", "state", state_with(3, 1.7e308),
       "vy 1.7e308: hypot overflows and the clamp would stop the bird dead.", {"VelocityRange"}},
      {"state-speed-one-ulp-below-1e-150", "state",
       bird_of(Json::array({150.0, 120.0, std::nextafter(1e-150, 0.0), 0.0})),
       "The larger component one ulp below 1e-150, the smallest a moving bird may have.",
       {"OneUlpOutside", "VelocityRange"}},
      {"state-subnormal-speed", "state", bird_of(Json::array({150.0, 120.0, 5e-324, -5e-324})),
       "A speed of about 7e-324: the clamp's 1.6 / speed is infinite and the bird NaN.", {"VelocityRange"}},
      {"state-x-nan", "state", state_with(0, "NaN"), "x NaN, written as a string.", {"NonFinite"}},
      {"state-vy-infinity", "state", state_with(3, "Infinity"), "vy +Infinity, written as a string.", {"NonFinite"}},
      {"state-x-null", "state", state_with(0, nullptr), "A null coordinate.", {"WrongType"}},
      {"state-bird-with-3-numbers", "state", bird_of(Json::array({150.0, 120.0, -1.0})),
       "A bird without vy.", {"Shape"}},
      {"state-bird-with-5-numbers", "state", bird_of(Json::array({150.0, 120.0, -1.0, 2.0, 0.0})),
       "A bird with a fifth number.", {"Shape"}},
      {"ticks-0", "ticks", 0, "A stepping call of 0 ticks: 1..1000 are allowed.", {"OutOfRange"}},
      {"ticks-1001", "ticks", 1001, "A stepping call of 1001 ticks.", {"OutOfRange"}},
      {"ticks-fraction", "ticks", 1.5, "A stepping call of 1.5 ticks.", {"WrongType"}},
      {"ticks-1-with-a-zero-fraction", "ticks", 1.0,
       "A stepping call of 1.0 ticks: a count is written without a fraction.", {"ZeroFraction"}},
      {"weights-cohesion-above-1", "weights", Json::array({1.5, 1.0, 1.0}),
       "A cohesion weight of 1.5.", {"OutOfRange"}},
  };
}

std::vector<Bad> metrics_cases() {
  return {
      {"state-no-birds", "state", Json::array(), "An empty state has no metrics.", {"OutOfRange"}},
      {"state-401-birds", "state", many_birds(401), "401 birds.", {"OutOfRange"}},
      {"state-y-past-600", "state", state_with(1, 600.5), "y past the field.", {"OutOfRange"}},
      {"state-zero-velocity", "state", bird_of(Json::array({150.0, 120.0, 0.0, 0.0})),
       "Speed 0: polarization would divide by it.", {"ZeroVelocity"}},
      {"state-y-nan", "state", state_with(1, "NaN"), "y NaN, written as a string.", {"NonFinite"}},
      {"state-two-birds-1e-300-apart", "state",
       Json::array({Json::array({0.0, 100.0, 2.0, 0.0}), Json::array({1e-300, 100.0, 0.0, 2.0})}),
       "Two birds 1e-300 apart: a state no step may take (AMB-30).", {"TooClose"}},
      {"state-velocity-above-1e150", "state", state_with(3, -1e300),
       "vy -1e300, past 1e150: one rule (INPUT-9) for the states of the step and the metrics.", {"VelocityRange"}},
      {"state-subnormal-speed", "state", bird_of(Json::array({150.0, 120.0, 0.0, 1e-310})),
       "A subnormal speed, 1e-310: no state a step can reach.", {"VelocityRange"}},
      {"state-bird-as-an-object", "state",
       bird_of(Json::object({{"x", 150.0}, {"y", 120.0}, {"vx", -1.0}, {"vy", 2.0}})),
       "A bird as an object instead of [x, y, vx, vy].", {"Shape"}},
  };
}

// run_from takes its state, weights, schedule and ticks by the rules step
// and run take them (INPUT-3, INPUT-4, INPUT-7, INPUT-9): an engine whose
// run_from reads them by another path is asked each. from_tick is the kit's
// own and never sent wrong (PROTOCOL.md).
std::vector<Bad> run_from_cases() {
  return {
      {"state-no-birds", "state", Json::array(), "An empty state: a segment starts from 1..400 birds.", {"OutOfRange"}},
      {"state-x-negative", "state", state_with(0, -0.5), "x below 0.", {"OutOfRange"}},
      {"state-velocity-one-ulp-above-1e150", "state", state_with(2, std::nextafter(1e150, 1e300)),
       "vx one ulp past 1e150.", {"OneUlpOutside", "VelocityRange"}},
      {"state-two-birds-1e-300-apart-across-the-x-seam", "state",
       Json::array({Json::array({0.0, 0.0, 2.0, 0.0}), Json::array({1000.0, 1e-300, 0.0, 2.0})}),
       "Two birds 1e-300 apart across the seam (AMB-30).", {"TooClose"}},
      {"state-bird-with-3-numbers", "state", bird_of(Json::array({150.0, 120.0, -1.0})), "A bird without vy.",
       {"Shape"}},
      {"ticks-0", "ticks", 0, "A segment of 0 ticks: 1..1000 are allowed.", {"OutOfRange"}},
      {"ticks-1001", "ticks", 1001, "A segment of 1001 ticks.", {"OutOfRange"}},
      {"ticks-60-with-a-zero-fraction", "ticks", 60.0,
       "A segment of 60.0 ticks: a count is written without a fraction.", {"ZeroFraction"}},
      {"weights-cohesion-above-1", "weights", Json::array({1.5, 1.0, 1.0}), "A cohesion weight of 1.5.",
       {"OutOfRange"}},
      {"schedule-tick-above-20000", "schedule", schedule_with("tick", 20001),
       "A change at tick 20001, past the last tick.", {"OutOfRange"}},
      {"schedule-weight-above-1", "schedule", schedule_with("separation", 1.5),
       "A scheduled separation weight of 1.5.", {"OutOfRange"}},
  };
}

std::vector<Bad> verify_cases() {
  return {
      {"at-tick-0", "at_tick", 0, "Tick 0 is not a claim's tick: 1..20000.", {"OutOfRange"}},
      {"at-tick-20001", "at_tick", 20001, "One past the last tick.", {"OutOfRange"}},
      {"at-tick-fraction", "at_tick", 150.5, "A fractional tick.", {"WrongType"}},
      {"at-tick-150-with-a-zero-fraction", "at_tick", 150.0,
       "Tick 150.0: a tick is written without a fraction.", {"ZeroFraction"}},
      {"at-tick-missing", "at_tick", std::nullopt, "A claim without a tick.", {"Missing"}},
      {"seed-2-to-the-32", "seed", 4294967296ull, "2^32 must not wrap to seed 0.", {"Wraparound"}},
      {"birds-401", "birds", 401, "One above the range 10..400.", {"OutOfRange"}},
      {"weights-too-many", "weights", Json::array({1.0, 1.0, 1.0, 1.0}), "Four weights.", {"Shape"}},
      {"schedule-tick-above-20000", "schedule", schedule_with("tick", 20001),
       "A change past the last tick.", {"OutOfRange"}},
  };
}
// clang-format on

}  // namespace

// The notes of invalid.json's flags, which its fresh twin shares (fresh_vectors.cpp).
std::map<std::string, Note> invalid_notes() {
  return
      {{"OutOfRange",
        {"range",
         "A number outside its range (spec/inputs.md). An engine that clamps it runs another "
         "simulation than the one asked for (AMB-28)."}},
       {"OneUlpOutside",
        {"boundary",
         "The double just past a closed end (1, 1000, 600, 1e150, 1e-150). An engine that compares "
         "with a tolerance, or rounds first, accepts it."}},
       {"Wraparound",
        {"integer-overflow",
         "A seed just outside the uint32 range. An engine that reduces it modulo 2^32 "
         "runs seed 0 or 4294967295 instead of refusing (AMB-28)."}},
       {"WrongType",
        {"type",
         "A string, fraction or null where an integer or number belongs. An engine that coerces "
         "(\"42\" to 42, 1.5 to 1, null to a default) runs a guessed simulation."}},
       {"ZeroFraction",
        {"type",
         "A whole value written with a fraction (42.0) where an integer belongs: seed, birds, ticks, "
         "at_tick, a schedule's tick. An engine whose JSON reader cannot tell 42 from 42.0 "
         "(JavaScript's JSON.parse, PROTOCOL.md) accepts every one of them: one mistake, shown by "
         "every integer parameter."}},
       {"NonFinite",
        {"non-finite",
         "NaN or an infinity, carried as a string. An engine that lets one through "
         "poisons every sum it enters; NaN fails every comparison, so a check written as "
         "`w < 0 || w > 1` lets it pass."}},
       {"Missing",
        {"missing",
         "A required parameter left out. An engine that invents it (a random seed, AMB-24) "
         "runs something nobody can replay."}},
       {"Shape",
        {"format",
         "An array of the wrong length, an object for an array, a missing or unknown key "
         "(SESSION-4). An engine that pads, truncates or ignores keys guesses the request."}},
       {"Order",
        {"schedule",
         "Schedule ticks that do not strictly increase (INPUT-7). An engine that sorts them "
         "or lets the later entry win applies other weights than the log says."}},
       {"TooClose",
        {"degenerate",
         "Two birds not in one place but less than 1e-150 apart (INPUT-9, AMB-30). The square "
         "of their distance is 0, so an engine that accepts the state divides by 0 in the "
         "separation term."}},
       {"VelocityRange",
        {"degenerate",
         "A velocity component above 1e150 in size, or a speed whose larger component is below "
         "1e-150 (INPUT-9). The clamp divides by the speed: a subnormal speed makes it infinite "
         "and the bird NaN; near the largest double hypot overflows and the bird stops dead. "
         "An engine that accepts the state answers with a non-finite or a wrong velocity."}},
       {"ZeroVelocity",
        {"degenerate",
         "A bird with speed 0 (INPUT-9). The zero-speed rule divides by the start-of-tick "
         "speed, so an engine that accepts it produces NaN."}}};
}

VectorFile invalid_vectors() {
  VectorFile f{
      "invalid",
      {"Requests with exactly one bad parameter; every one must be refused, naming that parameter.",
       "A request is the object of parameters one call takes: run {seed, birds, weights, ticks, schedule}, "
       "step {state, weights, ticks}, metrics {state}, "
       "run_from {state, from_tick, weights, schedule, ticks}, verify {seed, birds, weights, at_tick, schedule}. "
       "`field` is the key of the bad parameter, as spec/PROTOCOL.md's error.field spells it.",
       "JSON has no NaN or infinity: those values are written as the strings \"NaN\", \"Infinity\" and "
       "\"-Infinity\". An engine may refuse them as strings or convert them and refuse them as not finite; "
       "either way the request is refused on the same field.",
       "Every case is refused by the reference's own input checks, and the valid request it was made from "
       "is accepted."},
      invalid_notes(),
      {}};
  f.groups.push_back(request_group("run", "A run from a seed (INPUT-1..3, INPUT-6, INPUT-7).", run_cases()));
  f.groups.push_back(request_group("step", "One stepping call on a constructed state (INPUT-3, INPUT-4, INPUT-9).",
                                   step_cases()));
  f.groups.push_back(request_group("metrics", "The metrics of a constructed state (INPUT-9).", metrics_cases()));
  f.groups.push_back(request_group("run_from",
                                   "A segment of a run from a given state (INPUT-3, INPUT-4, INPUT-7, INPUT-9).",
                                   run_from_cases()));
  f.groups.push_back(request_group("verify", "Verifying a claim at a tick (INPUT-1..3, INPUT-5, INPUT-7).",
                                   verify_cases()));
  return f;
}

// Drawn values past each end of the run's ranges and of step's ticks and
// positions: an engine that only refuses the published values (a list of
// them, or a bound off by more than one) lets these through.
std::vector<Group> fresh_invalid_groups(Draws& draw) {
  const auto past_one = [&] { return std::nextafter(1.0, 2.0) + draw.unit() * 10; };  // > 1
  const auto below_zero = [&] { return -std::nextafter(0.0, 1.0) - draw.unit() * 10; };  // < 0
  Json high = Json::array({1.0, 1.0, 1.0}), low = Json::array({1.0, 1.0, 1.0});
  high[draw.integer(0, 2)] = past_one();
  low[draw.integer(0, 2)] = below_zero();
  const std::vector<Bad> run = {
      {"seed-above-the-range", "seed", 4294967296ll + draw.u32(), "A drawn seed past 2^32 - 1.", {"Fresh", "OutOfRange"}},
      {"seed-below-the-range", "seed", -1 - static_cast<std::int64_t>(draw.u32()), "A drawn negative seed.", {"Fresh", "OutOfRange"}},
      {"birds-above-the-range", "birds", draw.integer(401, 1000000), "A drawn count above 400.", {"Fresh", "OutOfRange"}},
      {"birds-below-the-range", "birds", draw.integer(-1000000, 9), "A drawn count below 10.", {"Fresh", "OutOfRange"}},
      {"weight-above-1", "weights", high, "A drawn weight above 1.", {"Fresh", "OutOfRange"}},
      {"weight-below-0", "weights", low, "A drawn weight below 0.", {"Fresh", "OutOfRange"}},
      {"ticks-above-the-range", "ticks", draw.integer(20001, 1000000000), "A drawn run length above 20000.", {"Fresh", "OutOfRange"}},
  };
  Json off_field = valid_request("step")["state"];
  off_field[0][0] = std::nextafter(kWidth, 2 * kWidth) + draw.unit() * 1000;  // > 1000
  const std::vector<Bad> step = {
      {"ticks-above-the-range", "ticks", draw.integer(1001, 1000000), "A drawn count of ticks above 1000.", {"Fresh", "OutOfRange"}},
      {"x-beyond-the-field", "state", off_field, "A drawn x past 1000.", {"Fresh", "OutOfRange"}},
  };
  std::vector<Group> groups = {request_group("run", "Drawn values outside a run's ranges.", run),
                               request_group("step", "Drawn values outside step's ranges.", step)};
  for (Group& g : groups) {
    for (Case& c : g.cases) c.id = "fresh-" + c.id;
  }
  return groups;
}

}  // namespace susurration::generator
