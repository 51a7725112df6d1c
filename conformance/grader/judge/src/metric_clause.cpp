// Which rule an engine's wrong mean_neighbor_distance breaks: each bird's
// nearest distance (METRIC-4) or their mean over the birds nearer than 270
// (METRIC-5). Told from the state the case hands the engine, with a torus
// distance of the grader's own (a diagnosis, never a grade: the grade is the
// published value).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "check_parts.hpp"
#include "susurration/grader/blame.hpp"
#include "susurration/constants.hpp"

namespace susurration::grader {
namespace {

double axis_delta(double a, double b, double size) {
  double d = b - a;
  if (d > size / 2) d -= size;
  if (d < -size / 2) d += size;
  return d;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }

}  // namespace

std::string mean_distance_clause(const Json& state, const Json& actual) {
  std::vector<double> nearest;
  try {
    for (std::size_t i = 0; i < state.size(); ++i) {
      double best = std::numeric_limits<double>::infinity();
      for (std::size_t j = 0; j < state.size(); ++j) {
        if (j == i) continue;
        best = std::min(best, std::hypot(axis_delta(state[i][0].get<double>(), state[j][0].get<double>(), kWidth),
                                         axis_delta(state[i][1].get<double>(), state[j][1].get<double>(), kHeight)));
      }
      nearest.push_back(best);
    }
  } catch (const std::exception&) {
    return clause_of(Found::mean_of_right_nearest_distances);
  }
  // null where a number is due, or a number where null is: which birds
  // count is METRIC-5's.
  if (!actual.is_number() || nearest.size() < 2) return clause_of(Found::mean_of_right_nearest_distances);
  const double got = actual.get<double>();
  // The means a mistake in METRIC-5 gives from right nearest distances: the
  // rule itself (summed in another order), every bird counted, 270 counted,
  // the sum over all birds.
  double below = 0, at_or_below = 0, all = 0;
  int n_below = 0, n_at_or_below = 0;
  for (double d : nearest) {
    all += d;
    if (d < kNearestLimit) below += d, ++n_below;
    if (d <= kNearestLimit) at_or_below += d, ++n_at_or_below;
  }
  const double n = static_cast<double>(nearest.size());
  const double means[] = {n_below ? below / n_below : NAN, all / n,
                          n_at_or_below ? at_or_below / n_at_or_below : NAN, below / n};
  for (double m : means) {
    if (std::isfinite(m) && near(got, m)) return clause_of(Found::mean_of_right_nearest_distances);
  }
  // Not explained by the mean: the nearest distances themselves differ.
  return clause_of(Found::nearest_distances);
}

}  // namespace susurration::grader
