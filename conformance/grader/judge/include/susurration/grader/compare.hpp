// The comparison classes of spec/tolerance.md TOL-4, on JSON values, with
// the first difference located. Every comparison answers two questions: are
// the bits the same (pass-exact), and is the answer within the case's class
// (pass-tolerant)? Both come with the first place that says no.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace susurration::grader {

using Json = nlohmann::json;

// One located difference: where, what was expected and what came, and how
// far apart they are.
struct Difference {
  std::string path;            // JSON path inside the result, e.g. "state[3][2]"
  std::optional<int> tick;     // trajectories and anchors
  std::optional<int> bird;     // states
  std::string field;           // "vx", "polarization", "u32", "text", ...
  Json expected;
  Json actual;
  std::optional<double> ulps;      // for two numbers
  std::optional<double> relative;  // for two numbers
};

struct Comparison {
  bool exact = true;                     // every value has the same bits
  bool within = true;                    // every value is within the class
  std::optional<Difference> first_off;   // first value outside the class
  std::optional<Difference> first_inexact;  // first value with other bits
  // The number with other bits farthest from the expected one in ulps: what
  // an engine aiming at exact has furthest to go (a text report's
  // tolerant-only list). Empty when no differing value is a pair of numbers.
  std::optional<Difference> worst_inexact;
};

// Keeps in `worst` whichever of it and `d` is farther in ulps.
void keep_worst(std::optional<Difference>& worst, const std::optional<Difference>& d);

// The class named by a case's "compare" object ({"class": "exact"},
// {"class": "ulps", "max_ulps": 2}, {"class": "step", "abs": 1e-9}); the
// trajectory class has its own function below.
Comparison compare_values(const Json& compare, const Json& expected, const Json& actual);

// TOL-1..3 per tick over ticks 0..window of metric columns
// {"polarization": [...], "cluster_count": [...], "mean_neighbor_distance": [...]}.
// Ticks past the window are indicative: compared for exactness, never off.
Comparison compare_trajectory(double relative, int window, const Json& expected, const Json& actual);

// Whether the three metrics at expected_tick of `expected` agree with those
// at actual_tick of `actual` (columns as above) by TOL-1 and TOL-3.
bool tick_agrees(const Json& expected, std::size_t expected_tick, const Json& actual, std::size_t actual_tick,
                 double relative);

// Names a difference for people: "tick 57, bird 3, vx: expected 1.25, got
// 1.2500000000000002 (1 ulp, relative 1.8e-16)".
std::string describe(const Difference& d);

}  // namespace susurration::grader
