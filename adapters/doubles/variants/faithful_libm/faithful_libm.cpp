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
//
// The fast bracket. MPFR's bracket costs about half a microsecond a
// hypot, ten times the double-double arithmetic that replaces it. In the
// window of the reference's hypot_core (reference/src/exact_math.cpp:
// 2^-400 <= a <= 2^400, a 2^-27 < b <= a), the same residual S - c^2
// tells, far outside its error, on which side of z a double c lies; r =
// sqrt(sh + sl) and one neighbour then bracket z. Only a bracket so proven
// is used: exact results, near-exact ones and everything outside the
// window take MPFR as before. Both ways find the same two doubles, and the
// choice among them is made by the same code, so which way ran never
// changes a bit (proof at fast_bracket;
// FaithfulLibm.TheFastBracketIsTheMpfrBracketBitForBit checks it).
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

// mpfr_hypot(a, b) as the f of on_grid and bracket.
auto mpfr_hypot_of(double a, double b) {
  return [a, b](mpfr_ptr z, mpfr_rnd_t rnd) {
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
}

// The window of the fast bracket: hypot_core's in reference/src/exact_math.cpp.
constexpr double kWindowLow = 0x1p-400, kWindowHigh = 0x1p400, kNegligibleRatio = 0x1p-27;

// The bracket of z for a >= b, without MPFR, where it is certain; false
// (and *out untouched) everywhere else. Notation of hypot_core's proof
// sketch, whose (1), (2) and (4) this follows: eps = 2^-53, S = a^2 + b^2,
// D(c) = S - c^2 for a double c, u = ulp(r).
// (0) In the window b > 2^-427 and a <= 2^400, so b^2 > 2^-854, S <= 2^801,
//     and no square, error term or residual below underflows or overflows:
//     every fma error term (pl, ql, cl) is exact.
// (1) As there, S = sh + se + pl + ql exactly, |se + pl + ql| <= 2.1 eps S,
//     sh is within a factor 1 +- 2.1 eps of S, |sl - (se + pl + ql)| <=
//     3.1 eps^2 S, and |z - r| < 1.5 u, so r and its neighbours r+ = r + u
//     and r- lie within 2.5 u <= 5.1 eps z of z.
// (2) For any double c within 8 eps z of z (at least 4 of its ulps, a
//     margin of more than 1.5 over r+-): ch + cl = c^2 exactly, |D(c)| =
//     |z - c| (z + c) <= 17 eps S, and ch is within a factor 1 +- 18.1 eps
//     of S like sh, so sh - ch is exact (Sterbenz). D(c) = (sh - ch) - cl + (se + pl +
//     ql) exactly. Rounding (sh - ch) - cl, which is D(c) - (se + pl + ql),
//     at most 19.1 eps S, costs 19.1 eps^2 S; adding sl to it, a sum within
//     17.1 eps S, costs 17.1 eps^2 S: with (1)'s 3.1 eps^2 S, |res(c) -
//     D(c)| < 40 eps^2 S.
// (3) tol = 2^-96 sh = 1024 eps^2 sh > 1000 eps^2 S, 25 times that bound
//     (and exact, a power of two times sh). So res(c) > tol proves D(c) > 0,
//     c < z, and res(c) < -tol proves c > z. res(r) > tol and res(r+) <
//     -tol give r < z < r+: z is no double and r, r+ are the two around it,
//     which is what MPFR's RNDD and the double above give, as z lies in
//     [2^-400, 2^401] where 53-bit MPFR rounding is binary64 rounding.
//     Likewise r- < z < r.
// (4) Everything else takes MPFR: |res(r)| <= tol (z within about 2^-96
//     relative of r: ties with a double, and near-ties some 2^-43 of
//     random inputs), or a neighbour tried that is not proven beyond z
//     (z at it, within a hair of it or past it, which |z - r| < 1.5 u
//     allows). An exact result (z a double) is always one of these:
//     |res(z)| < 40 eps^2 S < tol, so z is never proven to be on either
//     side of itself, and MPFR returns it as before.
bool fast_bracket(double a, double b, Bracket* out) {
  if (!(a >= kWindowLow && a <= kWindowHigh && b > a * kNegligibleRatio)) {
    return false;  // a * 2^-27 is exact: a >= 2^-400
  }
  const double ph = a * a;
  const double pl = std::fma(a, a, -ph);
  const double qh = b * b;
  const double ql = std::fma(b, b, -qh);
  const double sh = ph + qh;
  const double se = qh - (sh - ph);  // Fast2Sum: ph >= qh
  const double sl = se + (pl + ql);
  const double r = std::sqrt(sh + sl);
  const double tol = sh * 0x1p-96;
  auto res = [sh, sl](double c) {
    const double ch = c * c;
    const double cl = std::fma(c, c, -ch);
    return ((sh - ch) - cl) + sl;
  };
  // r is normal and below 2^402: its neighbours are one unit of its bits away.
  const auto bits = std::bit_cast<std::uint64_t>(r);
  const double d = res(r);
  if (d > tol) {
    const double up = std::bit_cast<double>(bits + 1);
    if (res(up) < -tol) {
      *out = {r, up};
      return true;
    }
  } else if (d < -tol) {
    const double down = std::bit_cast<double>(bits - 1);
    if (res(down) > tol) {
      *out = {down, r};
      return true;
    }
  }
  return false;
}

// faithful_hypot with the fast bracket where it is proven (kFast) or with
// MPFR's everywhere (faithful_hypot_mpfr); from the bracket on, one code.
template <bool kFast>
double hypot_with(double x, double y, std::uint64_t seed) {
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
  const auto f = mpfr_hypot_of(a, b);
  Bracket r{};
  if (!(kFast && fast_bracket(a, b, &r))) {
    r = bracket(f);
  }
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

}  // namespace

double faithful_hypot(double x, double y, std::uint64_t seed) {
  return hypot_with<true>(x, y, seed);
}

// What faithful_libm_test.cpp holds the fast bracket to, bit for bit.
double faithful_hypot_mpfr(double x, double y, std::uint64_t seed) {
  return hypot_with<false>(x, y, seed);
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
