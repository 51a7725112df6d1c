// Checks for hand-built states (step and metrics vectors).
#include "constructed_states.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "susurration/inputs.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {

double along(double from, double d) {
  const double to = from + d;
  if (to - from != d) {
    throw std::logic_error("constructed state: " + std::to_string(from) + " + d is not exact");
  }
  return to;
}

std::optional<double> exact_hypot(double a, double b) {
  if (a == 0 || b == 0) {
    return std::abs(a) + std::abs(b);
  }
  if (a != std::trunc(a) || b != std::trunc(b) || std::abs(a) > 1e6 || std::abs(b) > 1e6) {
    return std::nullopt;
  }
  const auto ia = static_cast<std::int64_t>(a);
  const auto ib = static_cast<std::int64_t>(b);
  const std::int64_t squares = ia * ia + ib * ib;
  const auto root = static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(squares))));
  return root * root == squares ? std::optional<double>(static_cast<double>(root)) : std::nullopt;
}

void check_constructed(const std::string& id, const State& s, const std::vector<Pair>& edges,
                       const std::vector<double>& limits) {
  try {
    check_state(s);
  } catch (const InputError& e) {
    throw std::logic_error(id + ": " + e.what());
  }
  auto near_a_limit = [&limits](double d) {
    return std::any_of(limits.begin(), limits.end(),
                       [d](double limit) { return std::abs(d - limit) <= kMargin; });
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      const Delta delta = torus_delta(s[i], s[j]);
      const double d = torus_distance(delta);
      const bool edge = std::find(edges.begin(), edges.end(), Pair{i, j}) != edges.end();
      if (edge && (exact_hypot(delta.dx, delta.dy) != d || !near_a_limit(d))) {
        throw std::logic_error(id + ": edge pair not at an exact distance on a limit");
      }
      if (!edge && d > 0 && near_a_limit(d)) {
        throw std::logic_error(id + ": a pair within 1e-6 of a limit that is no edge pair");
      }
    }
  }
}

}  // namespace susurration::generator
