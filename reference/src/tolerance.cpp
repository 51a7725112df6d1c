// The agreement rules (spec/tolerance.md TOL-1, TOL-3).
#include "susurration/tolerance.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace susurration {

bool within_relative_tolerance(double a, double b, double tolerance) {
  return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}

// Doubles ordered by value map to integers in the same order, so the ulp
// distance is a difference of those integers.
std::optional<std::uint64_t> ulp_distance(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) {
    return std::nullopt;
  }
  auto ordered = [](double v) {
    const auto bits = std::bit_cast<std::uint64_t>(v);
    return (bits >> 63) != 0 ? ~bits : bits | (std::uint64_t{1} << 63);
  };
  const std::uint64_t x = ordered(a);
  const std::uint64_t y = ordered(b);
  return x > y ? x - y : y - x;
}

double relative_difference(double a, double b) {
  const double scale = std::max(std::abs(a), std::abs(b));
  return scale == 0 ? 0.0 : std::abs(a - b) / scale;
}

namespace {

// TOL-1: NaN is never a metric, so even two identical NaNs do not agree.
bool same_bits(double a, double b) {
  return !std::isnan(a) && std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

bool same_bits(const std::optional<double>& a, const std::optional<double>& b) {
  return a.has_value() == b.has_value() && (!a || same_bits(*a, *b));
}

bool within(const std::optional<double>& a, const std::optional<double>& b) {
  return a.has_value() == b.has_value() && (!a || within_relative_tolerance(*a, *b));
}

}  // namespace

Agreement compare_metrics(const Metrics& expected, const Metrics& actual) {
  if (expected.cluster_count != actual.cluster_count) {
    return Agreement::mismatch;
  }
  if (same_bits(expected.polarization, actual.polarization) &&
      same_bits(expected.mean_neighbor_distance, actual.mean_neighbor_distance)) {
    return Agreement::exact;
  }
  if (within_relative_tolerance(expected.polarization, actual.polarization) &&
      within(expected.mean_neighbor_distance, actual.mean_neighbor_distance)) {
    return Agreement::within_tolerance;
  }
  return Agreement::mismatch;
}

const char* to_string(Agreement a) {
  switch (a) {
    case Agreement::exact:
      return "exact";
    case Agreement::within_tolerance:
      return "within-tolerance";
    case Agreement::mismatch:
      return "mismatch";
  }
  return "mismatch";
}

}  // namespace susurration
