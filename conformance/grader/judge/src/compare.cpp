// The comparison classes (spec/tolerance.md TOL-1..4, vectors/README.md).
// The agreement rules themselves (relative tolerance, ulp distance) are the
// reference library's tolerance module, the one place they are written.
#include "susurration/grader/compare.hpp"

#include <bit>
#include <cmath>
#include <cstdio>
#include <optional>

#include "susurration/tolerance.hpp"

namespace susurration::grader {
namespace {

constexpr const char* kBirdFields[] = {"x", "y", "vx", "vy"};
constexpr double kFieldSize[] = {1000.0, 600.0};

bool is_float(const Json& v) { return v.is_number_float(); }

// Two numbers are the same bits when both read as the same double; an
// integer and a float with the same value are the same number (PROTOCOL.md
// "Numbers"), but an integer field compares as an integer.
bool same(const Json& e, const Json& a) {
  if (e.is_number() && a.is_number()) {
    if (is_float(e) || is_float(a)) {
      return std::bit_cast<std::uint64_t>(e.get<double>()) ==
             std::bit_cast<std::uint64_t>(a.get<double>());
    }
    return e == a;
  }
  return e == a;
}

void measure(Difference& d) {
  if (d.expected.is_number() && d.actual.is_number()) {
    const double e = d.expected.get<double>();
    const double a = d.actual.get<double>();
    if (const auto u = ulp_distance(e, a)) d.ulps = static_cast<double>(*u);
    d.relative = relative_difference(e, a);
  }
}

// The index of a path step "[17]"; nothing for a key (".state", ".length"),
// so that no answer of another shape can be read as a bird or a field.
std::optional<std::size_t> index_of(const std::string& step) {
  if (step.size() < 3 || step.front() != '[' || step.back() != ']') return std::nullopt;
  std::size_t n = 0;
  for (std::size_t k = 1; k + 1 < step.size(); ++k) {
    if (step[k] < '0' || step[k] > '9' || n > 1000000) return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(step[k] - '0');
  }
  return n;
}

// A state inside the result ("state", or an anchor's) gets bird and field.
Difference locate(const std::vector<std::string>& path, const Json& e, const Json& a) {
  Difference d;
  for (const std::string& step : path) d.path += step;
  d.expected = e;
  d.actual = a;
  // Another number of elements: the counts are no measurements.
  if (!path.empty() && path.back() == ".length") {
    d.field = "length";
    return d;
  }
  // Paths look like .state[3][2] or .u32[17] or .text.
  for (std::size_t k = 0; k < path.size(); ++k) {
    if (path[k] == ".state" && k + 2 < path.size()) {
      const auto bird = index_of(path[k + 1]), field = index_of(path[k + 2]);
      if (bird && field && *field < 4) {
        d.bird = static_cast<int>(*bird);
        d.field = kBirdFields[*field];
        break;
      }
    }
    if (path[k][0] == '.') d.field = path[k].substr(1);
  }
  if (d.field.empty()) d.field = d.path;
  measure(d);
  return d;
}

// The torus distance between two coordinates of one axis (FIELD-3): how
// far apart 999.9999999999 and 0.0 really are. Both lie on the field
// (FIELD-2), so |a - e| is at most the size and the distance is never
// negative: a coordinate off the field is no position at all, and is never
// close to one (issue 23: 1e300, or x + 1000, once passed as "0 away").
std::optional<double> along_torus(double e, double a, double size) {
  if (!(a >= 0 && a <= size) || !(e >= 0 && e <= size)) return std::nullopt;
  const double d = std::abs(a - e);
  return std::min(d, size - d);
}

struct Walker {
  const Json& compare;
  std::string cls;
  Comparison result;
  std::vector<std::string> path;

  bool within_class(const Json& e, const Json& a) const {
    if (!e.is_number() || !a.is_number()) return same(e, a);
    if (!is_float(e) && !is_float(a)) return e == a;  // integers are exact in every class
    const double x = e.get<double>();
    const double y = a.get<double>();
    if (cls == "ulps") {
      const auto u = ulp_distance(x, y);
      return u && *u <= compare.at("max_ulps").get<std::uint64_t>();
    }
    if (cls == "step") {
      const double abs = compare.at("abs").get<double>();
      // Positions of a state ([bird][field] under .state) are on the torus.
      const auto field = path.empty() ? std::nullopt : index_of(path.back());
      if (field && *field < 2 && path.size() >= 3 && path[path.size() - 3] == ".state") {
        const auto d = along_torus(x, y, kFieldSize[*field]);
        return d && *d <= abs;
      }
      return std::abs(x - y) <= abs;
    }
    return same(e, a);
  }

  void leaf(const Json& e, const Json& a) {
    const bool exact = same(e, a);
    const bool in = exact || within_class(e, a);
    if (!exact) keep_worst(result.worst_inexact, locate(path, e, a));
    if (!exact && result.exact) {
      result.exact = false;
      result.first_inexact = locate(path, e, a);
    }
    if (!in && result.within) {
      result.within = false;
      result.first_off = locate(path, e, a);
    }
  }

  void walk(const Json& e, const Json& a) {
    if (e.is_object() && a.is_object()) {
      for (const auto& [key, value] : e.items()) {
        path.push_back("." + key);
        walk(value, a.contains(key) ? a.at(key) : Json());
        path.pop_back();
      }
    } else if (e.is_array() && a.is_array() && e.size() == a.size()) {
      for (std::size_t k = 0; k < e.size(); ++k) {
        path.push_back("[" + std::to_string(k) + "]");
        walk(e[k], a[k]);
        path.pop_back();
      }
    } else if (e.is_array() && a.is_array()) {
      // A different length is a difference in the array itself.
      Json e_len = e.size(), a_len = a.size();
      path.push_back(".length");
      result.exact = result.within = false;
      if (!result.first_inexact) result.first_inexact = locate(path, e_len, a_len);
      if (!result.first_off) result.first_off = locate(path, e_len, a_len);
      path.pop_back();
    } else {
      leaf(e, a);
    }
  }
};

}  // namespace

void keep_worst(std::optional<Difference>& worst, const std::optional<Difference>& d) {
  if (d && d->ulps && (!worst || !worst->ulps || *d->ulps > *worst->ulps)) worst = d;
}

Comparison compare_values(const Json& compare, const Json& expected, const Json& actual) {
  Walker w{compare, compare.at("class").get<std::string>(), {}, {}};
  w.walk(expected, actual);
  return w.result;
}

namespace {

// TOL-1 for a float metric; cluster_count and a null mean only agree when
// equal (TOL-3).
bool metric_agrees(const Json& e, const Json& a, double relative) {
  if (e.is_number_float() && a.is_number()) {
    return within_relative_tolerance(e.get<double>(), a.get<double>(), relative);
  }
  return same(e, a);
}

}  // namespace

bool tick_agrees(const Json& expected, std::size_t expected_tick, const Json& actual, std::size_t actual_tick,
                 double relative) {
  for (const char* field : {"cluster_count", "polarization", "mean_neighbor_distance"}) {
    if (!metric_agrees(expected.at(field).at(expected_tick), actual.at(field).at(actual_tick), relative)) {
      return false;
    }
  }
  return true;
}

Comparison compare_trajectory(double relative, int window, const Json& expected, const Json& actual) {
  Comparison result;
  const std::size_t ticks = expected.at("polarization").size();
  for (std::size_t t = 0; t < ticks; ++t) {
    for (const char* field : {"cluster_count", "polarization", "mean_neighbor_distance"}) {
      const Json& e = expected.at(field).at(t);
      const Json& a = actual.at(field).at(t);
      const bool exact = same(e, a);
      const bool in = exact || metric_agrees(e, a, relative);
      if (exact && in) continue;
      Difference d;
      d.path = std::string(".metrics.") + field + "[" + std::to_string(t) + "]";
      d.tick = static_cast<int>(t);
      d.field = field;
      d.expected = e;
      d.actual = a;
      measure(d);
      if (!exact) keep_worst(result.worst_inexact, d);
      if (!exact && result.exact) {
        result.exact = false;
        result.first_inexact = d;
      }
      // TOL-2: past the window a disagreement is indicative, never a failure.
      if (!in && result.within && static_cast<int>(t) <= window) {
        result.within = false;
        result.first_off = d;
      }
    }
  }
  return result;
}

namespace {

// Both sides written the same way: when either is a float, both as floats
// (an engine may write -500 for -500.0, PROTOCOL.md "Numbers"), so that the
// text never shows a difference of form where only the value differs.
std::pair<std::string, std::string> written_alike(const Json& expected, const Json& actual) {
  const bool floats = expected.is_number() && actual.is_number() &&
                      (expected.is_number_float() || actual.is_number_float());
  if (!floats) return {expected.dump(), actual.dump()};
  return {Json(expected.get<double>()).dump(), Json(actual.get<double>()).dump()};
}

}  // namespace

std::string describe(const Difference& d) {
  std::string where;
  if (d.tick) where += "tick " + std::to_string(*d.tick) + ", ";
  if (d.bird) where += "bird " + std::to_string(*d.bird) + ", ";
  // A length is named with its array ("state.length"): "length" alone
  // would not say which answer was short.
  const bool length = d.field == "length" && d.path.size() > 1;
  const auto [expected, actual] = written_alike(d.expected, d.actual);
  where += (length ? d.path.substr(1) : d.field) + ": expected " + expected + ", got " + actual;
  if (d.ulps || d.relative) {
    char buf[96];
    // Counts of ulps past a million say "far", not a number anyone reads.
    const double ulps = d.ulps.value_or(-1);
    std::snprintf(buf, sizeof buf, ulps < 1e6 ? " (%.0f ulp%s, relative %.3g)" : " (%.3g ulp%s, relative %.3g)",
                  ulps, ulps == 1.0 ? "" : "s", d.relative.value_or(0));
    where += buf;
  }
  return where;
}

}  // namespace susurration::grader
