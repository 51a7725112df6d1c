// Faithful hypot, sin and cos (faithful_libm.hpp). Conventions: z is the
// true result; lo <= z <= hi are the two adjacent doubles around it (lo ==
// hi == z when z is a double); RN(z) is the correctly rounded result.
//
// Why the strict comparisons stay exact. Take a limit L (a double) and
// lo < z < hi. If hi < L, lo, hi and RN(z) are all below L; if lo >= L,
// none is. Otherwise lo < L <= hi, and as no double lies strictly between
// lo and hi, L == hi: only then may lo and hi compare with L differently,
// and only then does faithful_hypot give up its choice and return RN(z).
// METRIC-5's nearest < 270 follows: the least of the distances is below
// 270 exactly when one of them is, and each of those comparisons is exact.
// d > 0 needs nothing: z >= max(|x|, |y|), a double, so lo > 0 whenever
// x or y is nonzero.
#include "faithful_libm.hpp"

#include <mpfr.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

namespace susurration::faithful {
namespace {

// Salts so that hypot, sin and cos of the same bits choose independently.
constexpr std::uint64_t kHypotSalt = 0x68797074'00000001;  // "hypt"
constexpr std::uint64_t kSinSalt = 0x73696e00'00000002;
constexpr std::uint64_t kCosSalt = 0x636f7300'00000003;

// SplitMix64's finaliser: every input bit reaches every output bit.
std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

// The seeded coin: true picks hi, false lo.
bool pick_hi(std::uint64_t seed, std::uint64_t salt, double a, double b) {
  std::uint64_t h = mix(seed ^ salt);
  h = mix(h ^ std::bit_cast<std::uint64_t>(a));
  h = mix(h ^ std::bit_cast<std::uint64_t>(b));
  return (h & 1) != 0;
}

// Binary64's exponent range for MPFR while alive, so that a result is put
// on the double grid, subnormals included, in one rounding. MPFR's range is
// per thread (a thread-safe build, as the reference requires), and the fast
// engine calls hypot from several threads.
class DoubleRange {
 public:
  DoubleRange() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
  }
  ~DoubleRange() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }
  DoubleRange(const DoubleRange&) = delete;
  DoubleRange& operator=(const DoubleRange&) = delete;

 private:
  mpfr_exp_t emin_, emax_;
};

struct Bracket {
  double lo, hi;  // equal when the result is exact
};

// f(out, rounding) computes the true result into `out` (53 bits) rounded
// the given way and returns MPFR's ternary value.
template <class F>
double on_grid(F f, mpfr_rnd_t rnd, int* ternary) {
  const DoubleRange range;
  mpfr_t z;
  mpfr_init2(z, 53);
  int t = f(z, rnd);
  t = mpfr_check_range(z, t, rnd);
  t = mpfr_subnormalize(z, t, rnd);
  const double d = mpfr_get_d(z, rnd);  // exact: z is on the grid
  mpfr_clear(z);
  if (ternary != nullptr) {
    *ternary = t;
  }
  return d;
}

template <class F>
Bracket bracket(F f) {
  int ternary = 0;
  const double lo = on_grid(f, MPFR_RNDD, &ternary);
  if (ternary == 0) {
    return {lo, lo};
  }
  // Past DBL_MAX, RNDD stops at DBL_MAX and the next one up is +inf.
  return {lo, std::nextafter(lo, std::numeric_limits<double>::infinity())};
}

}  // namespace

double faithful_hypot(double x, double y, std::uint64_t seed) {
  double a = std::fabs(x);
  double b = std::fabs(y);
  if (std::isinf(a) || std::isinf(b)) {
    return std::numeric_limits<double>::infinity();  // even hypot(inf, NaN)
  }
  if (std::isnan(a) || std::isnan(b)) {
    return a + b;
  }
  if (a < b) {
    std::swap(a, b);  // a >= b: the coin sees the same pair either way round
  }
  auto f = [a, b](mpfr_ptr z, mpfr_rnd_t rnd) {
    mpfr_t ma, mb;
    mpfr_init2(ma, 53);
    mpfr_init2(mb, 53);
    mpfr_set_d(ma, a, MPFR_RNDN);  // exact
    mpfr_set_d(mb, b, MPFR_RNDN);
    const int t = mpfr_hypot(z, ma, mb, rnd);
    mpfr_clear(ma);
    mpfr_clear(mb);
    return t;
  };
  const Bracket r = bracket(f);
  if (r.lo == r.hi) {
    return r.lo;
  }
  for (const double limit : kStrictLimits) {
    if (r.hi == limit) {
      return on_grid(f, MPFR_RNDN, nullptr);
    }
  }
  return pick_hi(seed, kHypotSalt, a, b) ? r.hi : r.lo;
}

namespace {

double faithful_unary(int (*g)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), std::uint64_t salt, double x,
                      std::uint64_t seed) {
  if (!std::isfinite(x)) {
    return x - x;  // sin and cos of +-inf or NaN are NaN
  }
  auto f = [g, x](mpfr_ptr z, mpfr_rnd_t rnd) {
    mpfr_t mx;
    mpfr_init2(mx, 53);
    mpfr_set_d(mx, x, MPFR_RNDN);  // exact
    const int t = g(z, mx, rnd);
    mpfr_clear(mx);
    return t;
  };
  const Bracket r = bracket(f);
  if (r.lo == r.hi) {
    // Exact, e.g. sin(+-0) = +-0 and cos(0) = 1. RNDD would give +0 for an
    // exact zero of either sign; the sign is the argument's (sin(-0) = -0).
    return r.lo == 0 ? std::copysign(0.0, x) : r.lo;
  }
  return pick_hi(seed, salt, x, 0.0) ? r.hi : r.lo;
}

}  // namespace

double faithful_sin(double x, std::uint64_t seed) {
  return faithful_unary(mpfr_sin, kSinSalt, x, seed);
}

double faithful_cos(double x, std::uint64_t seed) {
  return faithful_unary(mpfr_cos, kCosSalt, x, seed);
}

}  // namespace susurration::faithful
