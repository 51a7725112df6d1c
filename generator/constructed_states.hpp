// Checks for hand-built states, shared by the step and metrics vectors: a
// constructed case must sit on exactly the edge it is about and nowhere
// near any other, for every correct engine whatever its hypot.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "susurration/state.hpp"

namespace susurration::generator {

// No pair but an edge pair may stand this close to a limit.
inline constexpr double kMargin = 1e-6;

// A fault a step case hunts must move some number by more than this to be
// seen by the `step` class (abs 1e-9): three orders of magnitude of headroom.
inline constexpr double kVisible = 1e-6;

using Pair = std::pair<std::size_t, std::size_t>;

// p put back on [0, size) after one move of less than a field: computed
// here, apart from the reference's wrap (FIELD-5), for positions the
// generator builds or checks by hand.
inline double wrapped(double p, double size) { return p >= size ? p - size : (p < 0 ? p + size : p); }

// `from + d`, refused (std::logic_error) unless the delta back is exactly d.
double along(double from, double d);

// hypot(a, b) when every hypot returns it exactly: one argument zero, or
// both integers of a Pythagorean triple (54-72-90, 162-216-270). Empty otherwise.
std::optional<double> exact_hypot(double a, double b);

// INPUT-9; every `edges` pair at an exact distance within kMargin of one of
// `limits`; every other pair at a nonzero distance farther than kMargin from
// all of them. Throws std::logic_error naming `id` otherwise.
void check_constructed(const std::string& id, const State& s, const std::vector<Pair>& edges,
                       const std::vector<double>& limits);

}  // namespace susurration::generator
