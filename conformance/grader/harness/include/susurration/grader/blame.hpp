// The blame table: for each kind of difference the kit can find, the clause
// it is reported against. Every place that chooses a clause reads it here,
// so this one file answers "what does the grader blame for X?".
//
// A row's clause is what a failing case is weighed by in the diagnosis
// (spec/grading.md, PROTO-11): the case's own first clause means the case
// isolates it; any other clause is pinned, blamed alone.
//
// The table is data with no dependency, kept at the bottom of the grader
// (the harness, conformance/grader/README.md) so that the harness, which
// names the protocol rule an engine broke on the wire, and the judge, which
// names the rule an answer broke, read the same rows.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace susurration::grader {

enum class Found {
  // The wire: how the engine talked (session.cpp, which reads a response
  // line's protocol::LineFault as one of these, and runner.cpp). Listed in
  // session.hpp beside EngineBroke.
  no_answer_in_time,
  line_over_a_bound,
  exit_with_status_0,
  death_or_closed_stdout,
  failed_handshake,
  line_not_json,
  malformed_number,
  method_without_response_schema,
  result_of_the_wrong_shape,
  error_of_the_wrong_shape,
  unsupported_of_the_wrong_shape,
  top_level_of_the_wrong_shape,
  request_id_not_read,
  wrong_id,
  budget_ran_out,
  // Refusals of a valid request, or of an invalid one the wrong way (checks.cpp).
  listed_but_unsupported,
  refused_as_no_request,
  run_ticks_refused,
  // Initialisation told from the whole state (checks.cpp, init_clause).
  bird_in_another_place,
  another_speed,
  another_direction,
  vx_and_vy_swapped,
  direction_off_in_the_last_bits,
  // A step (checks.cpp; reanchor.cpp, anchor_step_clause).
  took_no_tick,
  step_as_a_whole,
  later_birds_read_the_flock_left_behind,
  every_value_a_float32,
  bird_outside_the_field,
  moved_not_by_its_own_velocity,
  speed_outside_the_clamp,
  differs_only_at_the_clamp,
  along_cohesion,
  along_alignment,
  along_separation,
  // The metrics (metric_clause.cpp).
  mean_of_right_nearest_distances,
  nearest_distances,
  // Trajectories (trajectory_check.cpp, trajectory_states.cpp).
  run_from_answer,
  verify_answer,
  state_labelled_with_the_wrong_tick,
  answers_drift,
  next_to_a_weights_change,
  verify_disagrees,
  tick_bookkeeping,
  departs_before_the_chaos_horizon,
  final_state_hash,
  state_not_continued,
};

struct BlameRow {
  Found found;
  const char* clause;
};

// One row per kind; clause_of finds it.
inline constexpr BlameRow kBlameTable[] = {
    {Found::no_answer_in_time, "PROTO-3"},
    {Found::line_over_a_bound, "PROTO-10"},
    {Found::exit_with_status_0, "PROTO-9"},  // rule 7: exit only when stdin closes or after shutdown
    {Found::death_or_closed_stdout, "PROTO-2"},
    {Found::failed_handshake, "PROTO-9"},  // rule 1, whatever the case was about
    {Found::line_not_json, "PROTO-1"},
    {Found::malformed_number, "SERIAL-1"},
    {Found::method_without_response_schema, "PROTO-7"},
    {Found::result_of_the_wrong_shape, "PROTO-7"},  // or the clause defining the value: kValueDefinedBy
    {Found::error_of_the_wrong_shape, "PROTO-6"},
    {Found::unsupported_of_the_wrong_shape, "PROTO-5"},
    {Found::top_level_of_the_wrong_shape, "PROTO-4"},
    {Found::request_id_not_read, "PROTO-1"},  // a null id with invalid-request
    {Found::wrong_id, "PROTO-4"},
    {Found::budget_ran_out, "PROTO-3"},

    {Found::listed_but_unsupported, "PROTO-5"},
    {Found::refused_as_no_request, "PROTO-6"},  // invalid-request
    {Found::run_ticks_refused, "INPUT-6"},      // other refused fields: kRangedBy

    {Found::bird_in_another_place, "INIT-1"},  // in an init case a suspect among its clauses, not a pin
    {Found::another_speed, "INIT-2"},
    {Found::another_direction, "INIT-2"},
    {Found::vx_and_vy_swapped, "INIT-3"},
    {Found::direction_off_in_the_last_bits, "INIT-3"},

    {Found::took_no_tick, "SESSION-2"},
    {Found::step_as_a_whole, "STEP-1"},  // from an anchor: evidence against the step's rules, isolating none
    {Found::later_birds_read_the_flock_left_behind, "STEP-1"},  // the update order (diagnosis_evidence.cpp), pinned
    {Found::every_value_a_float32, "STATE-1"},
    {Found::bird_outside_the_field, "FIELD-5"},
    {Found::moved_not_by_its_own_velocity, "STEP-8"},
    {Found::speed_outside_the_clamp, "STEP-7"},
    {Found::differs_only_at_the_clamp, "STEP-7"},
    {Found::along_cohesion, "STEP-3"},
    {Found::along_alignment, "STEP-4"},
    {Found::along_separation, "STEP-5"},

    {Found::mean_of_right_nearest_distances, "METRIC-5"},
    {Found::nearest_distances, "METRIC-4"},

    {Found::run_from_answer, "PROTO-14"},
    {Found::verify_answer, "PROTO-15"},
    {Found::state_labelled_with_the_wrong_tick, "TOL-7"},
    {Found::answers_drift, "PROTO-9"},  // the same request answered two ways ("drift evidence")
    {Found::next_to_a_weights_change, "WEIGHTS-3"},  // the change applied on the wrong tick; pinned
    {Found::verify_disagrees, "TRACE-1"},
    // A run of T ticks has T + 1 rows; a state or row a tick late.
    {Found::tick_bookkeeping, "METRIC-1"},
    {Found::departs_before_the_chaos_horizon, "TOL-8"},
    {Found::final_state_hash, "DET-3"},
    // A published state the engine's own step or metrics refuse or do not continue.
    {Found::state_not_continued, "SESSION-1"},
};

constexpr const char* clause_of(Found found) {
  for (const BlameRow& row : kBlameTable) {
    if (row.found == found) return row.clause;
  }
  return "";
}

// Keyed rows: a name in an answer or a refusal, and its clause.
struct KeyedRow {
  std::string_view key;
  const char* clause;
};

// The parameter an engine named when it refused a valid request as
// invalid-input: the clause that ranges it (issue 23). `ticks` of a run is
// run_ticks_refused.
inline constexpr KeyedRow kRangedBy[] = {
    {"seed", "INPUT-1"},      {"birds", "INPUT-2"},    {"weights", "INPUT-3"}, {"ticks", "INPUT-4"},
    {"at_tick", "INPUT-5"},   {"schedule", "INPUT-7"}, {"state", "INPUT-9"},
};

// A result of a shape no right value has: the clause that defines the value
// at that key (checks.cpp, shape_clause). mean_neighbor_distance is
// METRIC-5's with METRIC-4 a suspect.
inline constexpr KeyedRow kValueDefinedBy[] = {
    {"polarization", "METRIC-2"}, {"cluster_count", "METRIC-3"}, {"state", "STATE-1"},
    {"states", "STATE-1"},        {"u32", "PRNG-1"},            {"next", "PRNG-2"},
    {"text", "SERIAL-2"},         {"hash", "DET-3"},            {"final_state_hash", "DET-3"},
    {"delta", "FIELD-3"},         {"distance", "FIELD-4"},
    {"mean_neighbor_distance", "METRIC-5"},
};

// A wrong value of a field: the clauses that define it, the first the case
// checks taken (checks.cpp, clause_for); else the case's first clause.
struct FieldRow {
  std::string_view field;
  const char* clauses[2];
};
inline constexpr FieldRow kFieldDefinedBy[] = {
    {"polarization", {"METRIC-2", nullptr}},
    {"cluster_count", {"METRIC-3", nullptr}},
    {"mean_neighbor_distance", {"METRIC-5", "METRIC-4"}},
};

// Suspects: rules a wrong answer is evidence against, isolating none.
// A method asked within a trajectory that came back wrong (refused, of a
// shape no right value has, a crash or stuck on it): every rule it applies
// (checks.cpp, suspects_of). The torus rules each applies as much as its
// own: a step's deltas, distances, exact limit decisions and wrap; the
// metrics' deltas, distances and limits. An engine's own torus_delta can be
// right while the step's inline copy of it is wrong.
inline constexpr const char* kStepRules[] = {"STEP-1", "STEP-2", "STEP-3",  "STEP-4",  "STEP-5",  "STEP-6",
                                             "STEP-7", "STEP-8", "FIELD-3", "FIELD-4", "FIELD-5", "FIELD-6"};
inline constexpr const char* kMetricRules[] = {"METRIC-1", "METRIC-2", "METRIC-3", "METRIC-4",
                                               "METRIC-5", "FIELD-3",  "FIELD-4",  "FIELD-6"};
// A mean_neighbor_distance of the wrong shape: each bird's nearest distance
// or their mean.
inline std::vector<std::string> mean_distance_suspects() {
  return {clause_of(Found::nearest_distances), clause_of(Found::mean_of_right_nearest_distances)};
}

constexpr const char* keyed_clause(const auto& table, std::string_view key) {
  for (const KeyedRow& row : table) {
    if (row.key == key) return row.clause;
  }
  return nullptr;
}

}  // namespace susurration::grader
