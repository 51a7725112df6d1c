// A faithful libm for the faithful_libm variant (README.md here): hypot, sin
// and cos that, call by call, return either of the two doubles around the
// true value, as a platform's libm may, instead of the nearer one.
//
// Which of the two is a seeded hash of the arguments: the same arguments
// and seed give the same double every time (an engine is deterministic),
// another seed picks the other side about half the time (another libm).
// The true value and its two neighbours come from GNU MPFR, or, where it
// provably gives the same two, from a double-double residual (the common
// case, faithful_libm.cpp).
//
// What stays as in any real libm: an exact result (the true value is a
// double) is returned as it is; hypot depends only on |x| and |y|, in
// either order; NaN and infinities follow IEEE 754.
//
// What stays as grading.md asks of any engine ("An engine without a
// correctly rounded hypot"): the strict comparisons d < 90, d < 28, d > 0
// and nearest < 270 come out as for the correctly rounded distance. Where
// the true distance z lies between L - u and L for a limit L (u the gap
// below L), the two candidates are L - u and L and only the nearer one
// compares with L as RN(z) does, so faithful_hypot returns the nearer one
// there; everywhere else either candidate compares with every limit as
// RN(z) does, and the choice is free (proof in faithful_libm.cpp). So the
// reference's own `d < L` tests, the fast engine's included, decide exactly
// with no change to their source.
#pragma once

#include <cstdint>

namespace susurration::faithful {

// The limits the spec compares a distance with strictly (STEP-2, STEP-5,
// METRIC-3, METRIC-5).
inline constexpr double kStrictLimits[] = {28.0, 90.0, 270.0};

double faithful_hypot(double x, double y, std::uint64_t seed);
// The same with MPFR's bracket on every call, as faithful_hypot was before
// its fast bracket: what faithful_libm_test checks the fast one against.
double faithful_hypot_mpfr(double x, double y, std::uint64_t seed);
double faithful_sin(double x, std::uint64_t seed);
double faithful_cos(double x, std::uint64_t seed);

}  // namespace susurration::faithful
