// How many ulps metrics.json allows on a state: what an engine whose hypot
// is at most one ulp off can cost there (metrics_ulps.hpp).
#include "metrics_ulps.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/tolerance.hpp"
#include "susurration/torus.hpp"

namespace susurration::generator {
namespace {

// The ulps class never allows less than this; ulps_bound may allow more.
constexpr std::uint64_t kMinUlps = 4;

double ulp(double x) {
  x = std::abs(x);
  return std::nextafter(x, std::numeric_limits<double>::infinity()) - x;
}

// How many doubles lie within `error` of `value`, on the far side.
std::uint64_t ulps_within(double value, double error) {
  return std::max(*ulp_distance(value, value + error), *ulp_distance(value, value - error));
}

}  // namespace

// A worst-case bound on the ulps by which an engine whose hypot is at most
// one ulp off can miss the reference's polarization and mean on this state,
// following every rounding of METRIC-2 and METRIC-5 in both engines:
// - a speed one ulp off moves a unit component by at most 4 ulps of it (2 in
//   the quotient, up to 2 from the two roundings a binade apart);
// - each running sum can then round the other way, up to 2 ulps of the
//   partial sum; dividing by n adds 2 ulps, and the final hypot, which is
//   1-Lipschitz, adds its own 3;
// - a nearest distance is at most 2 ulps off (a minimum of distances each one
//   ulp off), and the mean's sum and division add up the same way.
// The birds counted are the same in both engines, since no distance is
// within 1e-6 of 270 (check_constructed).
std::uint64_t ulps_bound(const State& s, const Metrics& m) {
  const double n = static_cast<double>(s.size());
  double sx = 0, sy = 0, ex = 0, ey = 0;
  for (const Bird& b : s) {
    const double speed = cr_hypot(b.vx, b.vy);
    sx += b.vx / speed;
    sy += b.vy / speed;
    ex += 4 * ulp(b.vx / speed) + 2 * ulp(sx);
    ey += 4 * ulp(b.vy / speed) + 2 * ulp(sy);
  }
  const double polarization_error = (ex / n + 2 * ulp(sx / n)) + (ey / n + 2 * ulp(sy / n));
  std::uint64_t bound = ulps_within(m.polarization, polarization_error) + 3;
  if (m.mean_neighbor_distance) {
    double sum = 0, counted = 0, error = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      double nearest = std::numeric_limits<double>::infinity();
      for (std::size_t j = 0; j < s.size(); ++j) {
        nearest = j == i ? nearest : std::min(nearest, torus_distance(torus_delta(s[i], s[j])));
      }
      if (nearest < kNearestLimit) {
        sum += nearest;
        counted += 1;
        error += 2 * ulp(nearest) + 2 * ulp(sum);
      }
    }
    const double mean = *m.mean_neighbor_distance;
    bound = std::max(bound, ulps_within(mean, error / counted + 2 * ulp(mean)));
  }
  return bound;
}

// The bound rounded up to a power of two, at least kMinUlps, so that a
// small change to the bound's arithmetic does not change the published case.
int max_ulps(const State& s, const Metrics& m) {
  const std::uint64_t bound = ulps_bound(s, m);
  std::uint64_t allowed = kMinUlps;
  while (allowed < bound) {
    allowed *= 2;
  }
  return static_cast<int>(allowed);
}

}  // namespace susurration::generator
