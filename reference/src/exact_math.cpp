// Correctly rounded hypot, sin and cos (spec/determinism.md, DET-2).
//
// Conventions: a >= b >= 0 are |x| and |y| after sorting; S = a*a + b*b is
// the exact sum of squares and z = sqrt(S) the exact result; RN is rounding
// to nearest, ties to even; eps = 2^-53, so RN(t) = t(1 + d) with |d| <= eps
// when nothing underflows; r is a candidate double for RN(z), u = ulp(r) =
// r+ - r and u_ = r - r- the gaps to its neighbours r+ and r- (u_ = u/2
// when r is a power of two). Comments give the bounds the code relies on.
#include "susurration/exact_math.hpp"

#include <mpfr.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "susurration/exact_hypot.hpp"

namespace susurration {
namespace {

using exact_hypot::kCoreHigh;
using exact_hypot::kCoreLow;
using exact_hypot::kNegligibleRatio;
using exact_hypot::kScaleDown;
using exact_hypot::kScaleUp;
using exact_hypot::Sum2;
using exact_hypot::VeltkampSquare;

// ---- Exact squares --------------------------------------------------------

// Both Square policies (VeltkampSquare in exact_hypot.hpp, FusedSquare here)
// return identical bits, so which one runs never changes a result, only the
// speed.

// The error of a product is exact in a fused multiply-add. Only fast where
// the compiler may emit the instruction; elsewhere std::fma is a call into
// glibc (always correct, and measured no faster than VeltkampSquare).
struct FusedSquare {
  static Sum2<double> square(double v) {
    const double hi = v * v;
    return {hi, std::fma(v, v, -hi)};
  }
};

// ---- MPFR helpers ----------------------------------------------------------

// One 53-bit MPFR number that frees itself.
class Mpfr53 {
 public:
  Mpfr53() { mpfr_init2(v_, 53); }
  explicit Mpfr53(double d) : Mpfr53() { mpfr_set_d(v_, d, MPFR_RNDN); }  // exact
  ~Mpfr53() { mpfr_clear(v_); }
  Mpfr53(const Mpfr53&) = delete;
  Mpfr53& operator=(const Mpfr53&) = delete;
  mpfr_ptr get() { return v_; }

 private:
  mpfr_t v_;
};

// Narrows MPFR's exponent range to binary64's while alive, so that
// mpfr_subnormalize rounds tiny results to the subnormal grid in one step
// (rounding to 53 bits first and to the grid second could round twice).
// The range is per thread in a thread-safe MPFR (mpfr_buildopt_tls_p(), which
// the tests check), so other threads never see the change.
class DoubleExponentRange {
 public:
  DoubleExponentRange() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(-1073);  // 2^-1074 = 0.5 * 2^-1073 in MPFR's convention
    mpfr_set_emax(1024);   // DBL_MAX < 2^1024 = 0.5 * 2^1025 overflows
  }
  ~DoubleExponentRange() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }
  DoubleExponentRange(const DoubleExponentRange&) = delete;
  DoubleExponentRange& operator=(const DoubleExponentRange&) = delete;

 private:
  mpfr_exp_t emin_, emax_;
};

// MPFR keeps caches per thread (the constants sin and cos reduce by) that
// nothing frees when a thread ends: a kit that draws a fresh set in worker
// threads would leave them behind (LeakSanitizer reports them). A thread that
// has called MPFR frees its caches when it ends; results never depend on them.
void free_mpfr_caches_when_this_thread_ends() {
  struct Caches {
    ~Caches() { mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE); }
  };
  thread_local Caches caches;
  (void)caches;
}

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// f(x) rounded to the binary64 grid, subnormals and overflow included.
double round_with_mpfr(MpfrUnary f, double x) {
  free_mpfr_caches_when_this_thread_ends();
  const DoubleExponentRange range;
  Mpfr53 in(x), out;
  int ternary = f(out.get(), in.get(), MPFR_RNDN);
  ternary = mpfr_check_range(out.get(), ternary, MPFR_RNDN);
  mpfr_subnormalize(out.get(), ternary, MPFR_RNDN);
  return mpfr_get_d(out.get(), MPFR_RNDN);  // exact: out is on the grid
}

// The filter's fallback. Only called in the scaled range of hypot_core,
// where the result lies in [2^-400, 2^401]: 53-bit MPFR rounding is then
// exactly binary64 rounding and the default exponent range is wide enough.
[[gnu::cold, gnu::noinline]] double mpfr_hypot_normal(double a, double b) {
  free_mpfr_caches_when_this_thread_ends();
  Mpfr53 x(a), y(b), z;
  mpfr_hypot(z.get(), x.get(), y.get(), MPFR_RNDN);
  return mpfr_get_d(z.get(), MPFR_RNDN);
}

// ---- hypot -----------------------------------------------------------------

// kNegligibleRatio and the window [kCoreLow, kCoreHigh] are in
// exact_hypot.hpp, with why they hold.

// RN(sqrt(a^2 + b^2)) for 2^-400 <= a <= 2^400 and a 2^-27 < b <= a.
// In this window b >= 2^-427, so b^2 >= 2^-854 and every square, sum and
// residual below is exact or has relative error at most eps (nothing
// underflows or overflows); r lies in [2^-400, 2^401], so r u >= 2^-852.
//
// Proof sketch of the filter.
// (1) ph + pl = a^2 and qh + ql = b^2 exactly; Fast2Sum (ph >= qh) makes
//     sh + se = ph + qh exactly, so S = sh + se + pl + ql, with |se| <=
//     eps sh, |pl| <= eps ph, |ql| <= eps qh. sl rounds se + pl + ql twice:
//     |sl - (se + pl + ql)| <= 3.1 eps^2 S.
// (2) s1 = RN(sh + sl) has |s1 - S| <= eps S (1 + 4 eps), so
//     |sqrt(s1) - z| <= (eps/2)(1 + 10 eps) r < (u/2)(1 + 10 eps), as
//     eps r < u. r = RN(sqrt(s1)) is within u/2 of sqrt(s1), so |z - r| <
//     u (1 + 5 eps) < 1.5 u. If r is a power of two and z < r, then
//     sqrt(s1) >= r - u/4 and eps r = u/2 give z > r - 0.51 u > r - 3u/4.
//     Either way RN(z) is r-, r or r+: r+ iff z > r + u/2, r- iff
//     z < r - u_/2. (From sqrt(sh) alone r could be 2u off and need more
//     candidates; hence sl is added before the square root.)
// (3) Squared, with the residual D = S - r^2 and 0 < u^2/4 <= eps^2 S:
//     z > r + u/2   <=>  D - r u  > u^2/4,
//     z < r - u_/2  <=>  D + r u_ < u_^2/4.
// (4) rh + rl = r^2 exactly, and rh is within a factor 1 +- 7 eps of sh,
//     so sh - rh is exact (Sterbenz). D = (sh - rh) - rl + (se + pl + ql)
//     with |D| <= 4.1 eps S, |rl| <= eps S, |sl| <= 2.1 eps S. The two
//     roundings forming d cost at most 6.2 eps^2 S and 4.2 eps^2 S, so
//     |d - D| <= 13.5 eps^2 S. r u and r u_ are exact (u, u_ are powers of
//     two; r+ - r and r - r- are exact by Sterbenz), and the subtraction or
//     addition costs at most 6.2 eps^2 S more: `above` and `below` are
//     within 20 eps^2 S of D - r u and D + r u_.
// (5) tol = 2^-100 sh >= 63 eps^2 S covers those 20 eps^2 S plus the
//     u^2/4 term with a margin of 2: above > tol proves z > r + u/2, above
//     < -tol proves z < r + u/2, and likewise `below` for r - u_/2. Only
//     within tol of a midpoint (exact ties, and near-ties closer than about
//     2^-99 relative: some 10^-14 of random inputs) does MPFR decide.
template <class Square>
inline double hypot_core(double a, double b) {
  const Sum2<double> p = Square::square(a), q = Square::square(b);
  const double sh = p.hi + q.hi;
  const double se = q.hi - (sh - p.hi);
  const double sl = se + (p.lo + q.lo);
  const double r = std::sqrt(sh + sl);
  const Sum2<double> rr = Square::square(r);
  const double d = ((sh - rr.hi) - rr.lo) + sl;
  const double tol = sh * 0x1p-100;
  const auto bits = std::bit_cast<std::uint64_t>(r);
  const double r_up = std::bit_cast<double>(bits + 1);
  const double r_down = std::bit_cast<double>(bits - 1);
  const double above = d - r * (r_up - r);
  const double below = d + r * (r - r_down);
  if (!(std::fabs(above) > tol && std::fabs(below) > tol)) [[unlikely]] {
    return mpfr_hypot_normal(a, b);
  }
  // above > tol and below < -tol exclude each other (below - above =
  // r (u + u_) > 2 tol), so this picks r+, r- or r without a branch that
  // random inputs would mispredict about one time in eight.
  return std::bit_cast<double>(bits + (above > tol) - (below < -tol));
}

// hypot_core with the faster exact square this CPU allows: on x86-64 with
// FMA, a copy compiled for FMA (-ffp-contract=off still holds inside it,
// so only the explicit std::fma is fused). Measured here: about 13 ns a
// call against 19 ns for the VeltkampSquare version.
// __builtin_cpu_supports reads flags that libgcc fills in before static
// constructors run (until then it says no, which costs speed, not
// correctness). A per-call test rather than an ifunc (target_clones): the
// branch always goes the same way, and an ifunc resolver runs before
// ThreadSanitizer's runtime and crashes -fsanitize=thread builds.
// SUSURRATION_EXACT_MATH_NO_FMA builds only the portable version, to test
// it on a machine that has FMA.
#if defined(__x86_64__) && !defined(SUSURRATION_EXACT_MATH_NO_FMA)
[[gnu::target("fma")]] double hypot_window_fused(double a, double b) {
  return hypot_core<FusedSquare>(a, b);
}
inline double hypot_window(double a, double b) {
  if (__builtin_cpu_supports("fma")) {
    return hypot_window_fused(a, b);
  }
  return hypot_core<VeltkampSquare>(a, b);
}
#elif defined(FP_FAST_FMA) && !defined(SUSURRATION_EXACT_MATH_NO_FMA)
inline double hypot_window(double a, double b) { return hypot_core<FusedSquare>(a, b); }
#else
inline double hypot_window(double a, double b) { return hypot_core<VeltkampSquare>(a, b); }
#endif

// RN(sqrt(a^2 + b^2)) for subnormal (or zero) a >= b, in exact integers.
// A subnormal's bits are its value in units of 2^-1074, so with n = A^2 +
// B^2 < 2^105 the answer is round(sqrt(n)) units: results below 2^-1021
// all sit on that one grid, and sqrt(n) < 2^52.5 keeps it there. sqrt(n) is
// never a half-integer ((k + 1/2)^2 is not an integer), so no tie arises.
__extension__ typedef unsigned __int128 U128;

double hypot_subnormal(double a, double b) {
  const U128 big_a = std::bit_cast<std::uint64_t>(a);
  const U128 big_b = std::bit_cast<std::uint64_t>(b);
  const U128 n = big_a * big_a + big_b * big_b;
  // The double square root is within two units of sqrt(n); the loops make
  // k = floor(sqrt(n)) exactly.
  auto k = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
  while (U128{k} * k > n) {
    --k;
  }
  while (U128{k + 1} * (k + 1) <= n) {
    ++k;
  }
  if (n - U128{k} * k > k) {  // n > k^2 + k  <=>  sqrt(n) > k + 1/2
    ++k;
  }
  return static_cast<double>(k) * 0x1p-1074;  // k < 2^53: both steps exact
}

// Everything off the hot path: infinities, NaN, subnormals, and scaling by
// exact powers of two. Scaling the result back is exact, or overflows to
// +inf exactly when RN(z) does, as RN(z * 2^-700) is already correct.
[[gnu::noinline]] double hypot_edge(double a, double b) {
  if (std::isinf(a) || std::isinf(b)) {
    return std::numeric_limits<double>::infinity();  // even hypot(inf, NaN)
  }
  if (std::isnan(a) || std::isnan(b)) {
    return a + b;
  }
  if (a < std::numeric_limits<double>::min()) {
    return hypot_subnormal(a, b);
  }
  double unscale = 1.0;
  if (a > kCoreHigh) {
    // A b that loses bits here is below 2^-1022, far below a 2^-27, and
    // rounding is monotonic, so the ratio test below still holds for it.
    a *= kScaleDown;
    b *= kScaleDown;
    unscale = kScaleUp;
  } else if (a < kCoreLow) {
    a *= kScaleUp;
    b *= kScaleUp;
    unscale = kScaleDown;
  }
  if (b <= a * kNegligibleRatio) {  // a >= 2^-400 here: the product is exact
    return a * unscale;
  }
  return hypot_window(a, b) * unscale;
}

}  // namespace

double cr_hypot(double x, double y) {
  double a = std::fabs(x);
  double b = std::fabs(y);
  if (a < b) {
    std::swap(a, b);
  }
  // A NaN, in a or in b, fails every comparison below and so reaches
  // hypot_edge.
  if (a >= kCoreLow && a <= kCoreHigh) [[likely]] {
    const double negligible = a * kNegligibleRatio;
    if (b > negligible) [[likely]] {
      return hypot_window(a, b);
    }
    if (b <= negligible) {  // includes b == 0, common for field deltas
      return a;
    }
  }
  return hypot_edge(a, b);
}

double cr_sin(double x) { return round_with_mpfr(mpfr_sin, x); }

double cr_cos(double x) { return round_with_mpfr(mpfr_cos, x); }

}  // namespace susurration
