// The ulps class of a metrics case that is not exact: as many ulps as an
// engine whose hypot is at most one ulp off can cost on the state, so that
// every correct engine passes it (metrics_ulps.cpp).
#pragma once

#include <cstdint>

#include "susurration/metrics.hpp"
#include "susurration/state.hpp"

namespace susurration::generator {

// A worst-case bound, following every rounding of METRIC-2 and METRIC-5.
std::uint64_t ulps_bound(const State& s, const Metrics& m);

// The bound rounded up to a power of two, at least 4: the case's max_ulps.
int max_ulps(const State& s, const Metrics& m);

}  // namespace susurration::generator
