// The inputs on which cr_hypot (reference/tests/exact_math_test.cpp) and
// the fast engine's cr_hypot_batch (fast_engine/tests/hypot_batch_test.cpp)
// are checked against GNU MPFR's correctly rounded bits (spec/determinism.md
// DET-2): one set of families, so that both are held to the same inputs.
//
// Conventions: the reference for hypot is mpfr_hypot at 53 bits, MPFR_RNDN,
// in binary64's exponent range with mpfr_subnormalize, i.e. IEEE rounding
// to nearest, ties to even, subnormals and overflow included. Generators are
// std::mt19937_64 with fixed seeds (its output is fixed by the standard) and
// doubles are built from its bits, so every run checks the same inputs.
// Disagreements are counted and the first few printed, rather than one
// EXPECT per input, to keep ten million comparisons fast.
//
// A family takes a checker `check` with check(x, y) (checks the input
// against MPFR), check.expect(x, y, want) (and against an expectation derived
// without MPFR) and check.all_signs(x, y); HypotChecker<Sink> below is one,
// handing each input with cr_hypot's value and MPFR's to its Sink.
#pragma once

#include <gtest/gtest.h>
#include <mpfr.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "susurration/exact_math.hpp"

namespace susurration::hypot_inputs {

__extension__ typedef unsigned __int128 U128;

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kPi = 3.141592653589793;

// Same bits, or both NaN (NaN payloads are not specified).
inline bool same(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

inline std::string hex(double v) {
  std::ostringstream s;
  s << std::hexfloat << v;
  return s.str();
}

inline double unit(std::mt19937_64& gen) { return static_cast<double>(gen() >> 11) * 0x1p-53; }

inline double uniform(std::mt19937_64& gen, double lo, double hi) { return lo + (hi - lo) * unit(gen); }

// A positive double with a uniformly random significand and exponent e.
inline double random_with_exponent(std::mt19937_64& gen, int e) { return std::ldexp(1.0 + unit(gen), e); }

// Narrows MPFR's exponent range to binary64's in this thread while alive
// (MPFR's range is per thread, see ExactMath.LinksAThreadSafeMpfr).
class Binary64Range {
 public:
  Binary64Range() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
  }
  ~Binary64Range() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }
  Binary64Range(const Binary64Range&) = delete;
  Binary64Range& operator=(const Binary64Range&) = delete;

 private:
  mpfr_exp_t emin_, emax_;
};

// The hypot reference; one per thread, reusing its MPFR numbers.
class MpfrHypot {
 public:
  MpfrHypot() {
    mpfr_init2(x_, 53);
    mpfr_init2(y_, 53);
    mpfr_init2(z_, 53);
  }
  ~MpfrHypot() {
    mpfr_clear(x_);
    mpfr_clear(y_);
    mpfr_clear(z_);
  }
  MpfrHypot(const MpfrHypot&) = delete;
  MpfrHypot& operator=(const MpfrHypot&) = delete;

  double operator()(double x, double y) {
    mpfr_set_d(x_, x, MPFR_RNDN);
    mpfr_set_d(y_, y, MPFR_RNDN);
    int ternary = mpfr_hypot(z_, x_, y_, MPFR_RNDN);
    ternary = mpfr_check_range(z_, ternary, MPFR_RNDN);
    mpfr_subnormalize(z_, ternary, MPFR_RNDN);
    return mpfr_get_d(z_, MPFR_RNDN);
  }

 private:
  Binary64Range range_;  // first member: set before the numbers exist
  mpfr_t x_, y_, z_;
};

// Counts wrong results and keeps the first few for the failure message.
class Disagreements {
 public:
  // `what` names the function and reference when it is not cr_hypot against MPFR.
  void check(double x, double y, double got, double want, const std::string& what = "") {
    if (same(got, want)) {
      return;
    }
    if (count_ < 8) {
      examples_ += "\n  " + what + "(" + hex(x) + ", " + hex(y) + "): got " + hex(got) + ", want " + hex(want);
    }
    ++count_;
  }
  void add(const Disagreements& other) {
    count_ += other.count_;
    examples_ += other.examples_;
  }
  long count() const { return count_; }
  const std::string& examples() const { return examples_; }

 private:
  long count_ = 0;
  std::string examples_;
};

// Checks each input against MPFR: cr_hypot's value and MPFR's go to a
// Sink, which has add(x, y, scalar, want) and result() -> Disagreements.
template <class Sink>
class HypotChecker {
 public:
  void operator()(double x, double y) {
    const double scalar = cr_hypot(x, y), want = reference_(x, y);
    sink_.add(x, y, scalar, want);
  }
  // Also checks cr_hypot against an expectation derived without MPFR.
  void expect(double x, double y, double want) {
    (*this)(x, y);
    out_.check(x, y, cr_hypot(x, y), want);
  }
  // All eight sign and order variants.
  void all_signs(double x, double y) {
    for (const double sx : {x, -x}) {
      for (const double sy : {y, -y}) {
        (*this)(sx, sy);
        (*this)(sy, sx);
      }
    }
  }
  // Every disagreement, once the Sink has checked all it holds.
  Disagreements result() {
    Disagreements all = out_;
    all.add(sink_.result());
    return all;
  }

 private:
  MpfrHypot reference_;
  Disagreements out_;
  Sink sink_;
};

#define EXPECT_NO_DISAGREEMENTS(checker)                     \
  do {                                                       \
    const Disagreements found = (checker).result();          \
    EXPECT_EQ(found.count(), 0) << found.examples();         \
  } while (false)

// ---- Field-sized inputs ----------------------------------------------------

// A torus delta as the simulation forms it: the difference of two positions
// in [0, size), wrapped into [-size/2, size/2].
inline double torus_like_delta(std::mt19937_64& gen, double size) {
  double d = size * unit(gen) - size * unit(gen);
  if (d > size / 2) {
    d -= size;
  } else if (d < -size / 2) {
    d += size;
  }
  return d;
}

// One share of the ten million: three fifths uniform field deltas, one
// fifth differences of positions, one fifth velocity-sized.
template <class Checker>
Disagreements check_field_deltas(std::uint64_t seed, long count) {
  std::mt19937_64 gen(seed);
  Checker check;
  for (long i = 0; i < count; ++i) {
    switch (i % 5) {
      case 3:
        check(torus_like_delta(gen, 1000.0), torus_like_delta(gen, 600.0));
        break;
      case 4:
        check(uniform(gen, -5.0, 5.0), uniform(gen, -5.0, 5.0));
        break;
      default:
        check(uniform(gen, -500.0, 500.0), uniform(gen, -300.0, 300.0));
    }
  }
  return check.result();
}

// Ten million of them, in two threads, each with its own reference: MPFR
// takes ~0.5 us a call.
template <class Checker>
Disagreements check_ten_million_field_deltas() {
  constexpr long kTotal = 10'000'000;
  Disagreements first, second;
  std::thread helper([&] { second = check_field_deltas<Checker>(2, kTotal / 2); });
  first = check_field_deltas<Checker>(1, kTotal / 2);
  helper.join();
  first.add(second);
  return first;
}

// ---- Ties and near-ties ----------------------------------------------------

// a^2 + b^2 = c^2 exactly with a, b exact doubles and c odd in [2^53,
// 2^54): c has 54 significant bits, so it is the midpoint between the
// doubles c - 1 and c + 1, and converting c to double rounds it to the even
// one, the answer expected from hypot.
struct Tie {
  std::uint64_t a, b, c;
};

inline bool is_double(std::uint64_t v) { return v < (1ULL << 53) || (v < (1ULL << 54) && v % 2 == 0); }

inline bool is_tie(const Tie& t) {
  const bool exact = U128{t.a} * t.a + U128{t.b} * t.b == U128{t.c} * t.c;
  return exact && is_double(t.a) && is_double(t.b) && t.c >= (1ULL << 53) && t.c < (1ULL << 54) && t.c % 2 == 1;
}

// Euclid's formula (m^2 - n^2, 2mn, m^2 + n^2); c is odd when m + n is odd.
inline std::vector<Tie> pythagorean_ties(int count) {
  std::mt19937_64 gen(3);
  std::vector<Tie> ties;
  while (static_cast<int>(ties.size()) < count) {
    const std::uint64_t m = (1ULL << 26) + gen() % (1ULL << 26);
    const std::uint64_t n = (1ULL << 25) + gen() % (m - (1ULL << 25));
    const Tie t{m * m - n * n, 2 * m * n, m * m + n * n};
    if (is_tie(t)) {
      ties.push_back(t);
    }
  }
  // Midpoints next to a power of two (found by factoring c), where the
  // gaps below and above the candidate differ by a factor of two:
  // 2^53 + 1 lies between 2^53 and 2^53 + 2; 2^54 - 1 between 2^54 - 2 and
  // 2^54. Both round to the power of two, whose significand is even.
  ties.push_back({4071351205843455ULL, 8034534073192032ULL, (1ULL << 53) + 1});
  ties.push_back({6081690782099583ULL, 16956756496728720ULL, (1ULL << 54) - 1});
  return ties;
}

// Scales covering the fast window [2^-300, 2^300], both scaled paths,
// subnormal inputs and results, and overflow (c 2^970 is near 2^1024).
inline constexpr int kTieScales[] = {-1100, -1076, -1074, -1060, -1040, -1022, -1000, -980, -700, -427, -400, -353,
                              -301,  -300,  -299,  -253,  -100,  -60,   -53,   -27,  -1,   0,    1,    27,
                              100,   247,   299,   300,   301,   400,   700,   900,  960,  969,  970};

// x 2^k when that is exact, which the round trip shows.
inline bool scales_exactly(double x, int k) { return std::ldexp(std::ldexp(x, k), -k) == x; }

void check_tie(auto& check, const Tie& t, int k) {
  const double x = std::ldexp(static_cast<double>(t.a), k);
  const double y = std::ldexp(static_cast<double>(t.b), k);
  // Past k = -1075 a result of c 2^k is subnormal; ldexp would round twice.
  if (k >= -1000 && scales_exactly(static_cast<double>(t.a), k) && scales_exactly(static_cast<double>(t.b), k)) {
    check.expect(x, y, std::ldexp(static_cast<double>(t.c), k));
  }
  check.all_signs(x, y);
  for (const double dir : {0.0, kInf}) {
    check(std::nextafter(x, dir), y);
    check(x, std::nextafter(y, dir));
  }
}

// (c - 1)^2 + b^2 = c^2 + delta for integers with b^2 = 2c - 1 + delta and
// c odd in [2^53, 2^54): z = sqrt(c^2 + delta) lies |delta|/(2c), about
// |delta| 2^-54, from the midpoint c between the doubles c - 1 and c + 1:
// the closest that inputs can bring hypot to a midpoint without reaching
// it. The answer is c + 1 for delta > 0, c - 1 for delta < 0, and c
// rounded to even for delta = 0. cr_hypot's filter hands |delta| below
// 2^6 to 2^8 (its tolerance, 2^-100 c^2) to MPFR, so this range crosses the
// boundary on both sides.
void check_near_ties_around(auto& check, std::uint64_t b, int max_delta) {
  for (int delta = -max_delta; delta <= max_delta; ++delta) {
    const auto magnitude = static_cast<std::uint64_t>(delta < 0 ? -delta : delta);
    const U128 twice_c = delta < 0 ? U128{b} * b + 1 + magnitude : U128{b} * b + 1 - magnitude;
    const U128 c = twice_c / 2;
    if (twice_c % 2 != 0 || c % 2 != 1 || c < (U128{1} << 53) || c >= (U128{1} << 54)) {
      continue;
    }
    const double x = static_cast<double>(static_cast<std::uint64_t>(c - 1));  // even: exact
    const double y = static_cast<double>(b);
    const auto near = static_cast<std::uint64_t>(delta > 0 ? c + 1 : delta < 0 ? c - 1 : c);
    for (const int k : {0, -1000, -600, -300, 200, 600, 900}) {
      check.expect(std::ldexp(x, k), std::ldexp(y, k), std::ldexp(static_cast<double>(near), k));
      check(std::ldexp(-y, k), std::ldexp(x, k));
    }
  }
}

// Exact results, exact ties at every scale, and near-ties either side of
// the filter's tolerance.
void check_exact_ties_and_near_ties(auto& check) {
  // Exact results, and field-sized corners.
  check.expect(3.0, 4.0, 5.0);
  check.expect(-300.0, 400.0, 500.0);
  check.expect(5.0, -12.0, 13.0);
  check.expect(20.0, 21.0, 29.0);
  check.expect(1000.0, 0.0, 1000.0);
  check.expect(0.0, -600.0, 600.0);
  check.all_signs(-500.0, 300.0);
  check.all_signs(500.0, 300.0);
  check.all_signs(90.0, 0.0);
  check.all_signs(4.2, 1.6);

  for (const Tie& t : pythagorean_ties(1000)) {
    ASSERT_TRUE(is_tie(t)) << t.a << " " << t.b << " " << t.c;
    for (const int k : kTieScales) {
      check_tie(check, t, k);
    }
  }
  std::mt19937_64 gen(4);
  for (int i = 0; i < 64; ++i) {
    // b in [2^27, 2^27.5) puts c = (b^2 + 1 - delta)/2 in [2^53, 2^54).
    check_near_ties_around(check, (1ULL << 27) + gen() % 55594803ULL, 1024);
  }
}

// ---- Tiny, huge, subnormal and special inputs ------------------------------

inline const std::vector<double>& special_values() {
  static const std::vector<double> values = {
      0.0, -0.0, DBL_TRUE_MIN, 2 * DBL_TRUE_MIN, 3 * DBL_TRUE_MIN, 4 * DBL_TRUE_MIN, 0x1p-1060, 0x1.fffffffffffffp-1023,
      DBL_MIN, std::nextafter(DBL_MIN, 1.0), 0x1p-1021, 0x1p-1000, 0x1p-995, 0x1p-700, 0x1p-427, 0x1p-400,
      std::nextafter(0x1p-300, 0.0), 0x1p-300, std::nextafter(0x1p-300, 1.0), 0x1p-27, 1.0, 1.5,
      std::nextafter(1.0, 0.0), 3.0, 4.0, 500.0, std::nextafter(0x1p300, 0.0), 0x1p300,
      std::nextafter(0x1p300, kInf), 0x1p511, 0x1p512, 0x1.6a09e667f3bcdp511, 0x1p996, 0x1p1000,
      0x1.fffffffffffffp1022, 0x1p1023, std::nextafter(DBL_MAX, 0.0), DBL_MAX, kInf, -kInf, kNaN};
  return values;
}

// Pairs whose ratio b/a sits at the 2^-27 shortcut, a few ulps either side.
void check_ratio_threshold(auto& check, double a) {
  const double b = a * 0x1p-27;
  double below = b, above = b;
  for (int i = 0; i < 40; ++i) {
    check(a, below);
    check(a, above);
    below = std::nextafter(below, 0.0);
    above = std::nextafter(above, kInf);
  }
  check(a, a * 0x1.6a09e667f3bcdp-27);  // ratio 2^-26.5
}

// Random pairs with a near 2^e and b within 2^-spread of it.
void check_random_band(auto& check, std::mt19937_64& gen, int e_lo, int e_hi, int spread, int count) {
  for (int i = 0; i < count; ++i) {
    const int e = e_lo + static_cast<int>(gen() % static_cast<std::uint64_t>(e_hi - e_lo + 1));
    const double a = random_with_exponent(gen, e);
    const double b = a * std::ldexp(1.0 + unit(gen), -static_cast<int>(gen() % static_cast<std::uint64_t>(spread)));
    check(a, b);
    check(-b, a);
  }
}

// Subnormal pairs by their integer significands, with random bit lengths.
void check_random_subnormals(auto& check, std::mt19937_64& gen, int count) {
  for (int i = 0; i < count; ++i) {
    const std::uint64_t a = gen() >> (12 + gen() % 52);
    const std::uint64_t b = gen() >> (12 + gen() % 52);
    check(std::bit_cast<double>(a), std::bit_cast<double>(b));
  }
}

// Tiny, huge, subnormal and special inputs, and ratios at the shortcut.
void check_tiny_huge_and_subnormal(auto& check) {
  for (const double x : special_values()) {
    for (const double y : special_values()) {
      check(x, y);
      check(-x, y);
    }
  }
  for (const double a : {1.0, 1.5, 0x1.fffffffffffffp0, DBL_MIN, 0x1p-1000, 0x1p-300, 0x1p300, 0x1p1000, DBL_MAX}) {
    check_ratio_threshold(check, a);
  }
  // hypot(DBL_MAX, y) reaches the overflow threshold DBL_MAX + ulp/2 just
  // below y = 2^997.5; approach it from both sides, from far to very near.
  for (int e = 940; e <= 996; ++e) {
    check(DBL_MAX, 0x1.6a09e667f3bcdp997 + std::ldexp(1.0, e));
    check(DBL_MAX, 0x1.6a09e667f3bcdp997 - std::ldexp(1.0, e));
  }
  std::mt19937_64 gen(5);
  check_random_subnormals(check, gen, 200'000);
  check_random_band(check, gen, -1075, -1019, 60, 100'000);  // subnormal results and their edge
  check_random_band(check, gen, -430, -290, 30, 50'000);     // around the scale-up boundary
  check_random_band(check, gen, 290, 410, 30, 50'000);       // around the scale-down boundary
  check_random_band(check, gen, 1018, 1023, 30, 100'000);    // results that may overflow
  check_random_band(check, gen, -1022, 1023, 64, 200'000);   // anything
}

}  // namespace susurration::hypot_inputs
