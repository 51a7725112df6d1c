// How two numbers, or two sets of metrics, are said to agree (spec/tolerance.md).
// One place for the rule: `verify` and the grader both call it.
#pragma once

#include <cstdint>
#include <optional>

#include "susurration/constants.hpp"
#include "susurration/metrics.hpp"

namespace susurration {

// TOL-1: |a - b| <= 1e-3 * max(|a|, |b|). Equal values agree (0 and 0
// too); NaN agrees with nothing.
bool within_relative_tolerance(double a, double b, double tolerance = kRelativeTolerance);

// The number of doubles strictly between a and b, plus one (0 when the bits
// are equal, 1 for neighbours); +0 and -0 are one apart. Empty for NaN.
std::optional<std::uint64_t> ulp_distance(double a, double b);

// |a - b| / max(|a|, |b|), 0 when both are 0.
double relative_difference(double a, double b);

enum class Agreement { exact, within_tolerance, mismatch };

// TOL-1, TOL-3: exact when every metric has the same bits (null equal to
// null); within tolerance when cluster_count is equal, null meets null and
// the two real metrics agree by TOL-1; a mismatch otherwise.
Agreement compare_metrics(const Metrics& expected, const Metrics& actual);

const char* to_string(Agreement a);

}  // namespace susurration
