// The reference's exact_math.cpp for the `glibc_libm` variant (issue 17): hypot,
// sin and cos are the platform's (glibc's libm), as a reimplementation that
// reaches for <cmath> would have them, except where a last bit would change a
// discrete decision.
//
// The decisions at 28, 90 and 270 (STEP-2, STEP-5, METRIC-3, METRIC-5) are
// taken the way spec/grading.md tells an engine without a correctly rounded
// hypot to take them: outside a band of relative width 2^-40 around L^2 the
// squared distance s = dx*dx + dy*dy decides, and so does any hypot within an
// ulp; inside it the answer must be the correctly rounded distance, which
// this file takes from MPFR. Everywhere else the value is glibc's, so this
// engine must be *conformant* and may miss *exact* only through its libm
// (adapters/doubles/variants/libm_misses_exact.py checks both).
//
// Built with SUSURRATION_NAIVE_LIMITS it is the engine most people write
// instead: glibc's hypot compared with the limits as it comes. That build must
// be *not conformant*, failed by the band cases with their limit's clause
// (naive_limits_rejected.py).
#include <mpfr.h>

#include <cmath>
#include <initializer_list>

#include "susurration/exact_math.hpp"

namespace susurration {
namespace {

// L^2 (1 -+ 2^-40) for the three limits.
bool near_a_limit(double s) {
  for (const double limit : {28.0, 90.0, 270.0}) {
    const double square = limit * limit;
    if (s > square * (1 - 0x1p-40) && s < square * (1 + 0x1p-40)) {
      return true;
    }
  }
  return false;
}

double correctly_rounded_hypot(double x, double y) {
  mpfr_t a, b;
  mpfr_inits2(53, a, b, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_set_d(b, y, MPFR_RNDN);
  mpfr_hypot(a, a, b, MPFR_RNDN);  // in this range 53-bit MPFR rounding is binary64 rounding
  const double h = mpfr_get_d(a, MPFR_RNDN);
  mpfr_clears(a, b, static_cast<mpfr_ptr>(nullptr));
  return h;
}

}  // namespace

double cr_hypot(double x, double y) {
#if defined(SUSURRATION_NAIVE_LIMITS)
  constexpr bool exact_limits = false;
#else
  constexpr bool exact_limits = true;
#endif
  if (exact_limits && near_a_limit(x * x + y * y)) {
    return correctly_rounded_hypot(x, y);
  }
  return std::hypot(x, y);
}

double cr_sin(double x) { return std::sin(x); }

double cr_cos(double x) { return std::cos(x); }

}  // namespace susurration
