// Tests that cr_hypot, cr_sin and cr_cos give GNU MPFR's correctly rounded bits (spec/determinism.md DET-2).
//
// The inputs and the MPFR reference are hypot_inputs.hpp's, shared with the
// fast engine's cr_hypot_batch (fast_engine/tests/hypot_batch_test.cpp),
// which is held to the same inputs.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hypot_inputs.hpp"
#include "susurration/exact_math.hpp"

using namespace susurration;
using namespace susurration::hypot_inputs;

namespace {

// cr_hypot against MPFR, input by input.
class ScalarSink {
 public:
  void add(double x, double y, double scalar, double want) { out_.check(x, y, scalar, want); }
  const Disagreements& result() const { return out_; }

 private:
  Disagreements out_;
};

using ScalarChecker = HypotChecker<ScalarSink>;

TEST(CrHypot, AgreesWithMpfrOnTenMillionFieldDeltas) {
  const Disagreements found = check_ten_million_field_deltas<ScalarChecker>();
  EXPECT_EQ(found.count(), 0) << found.examples();
}

TEST(CrHypot, AgreesWithMpfrOnExactTiesAndNearTies) {
  ScalarChecker check;
  check_exact_ties_and_near_ties(check);
  EXPECT_NO_DISAGREEMENTS(check);
}

TEST(CrHypot, AgreesWithMpfrOnTinyHugeAndSubnormalInputs) {
  ScalarChecker check;
  check_tiny_huge_and_subnormal(check);
  // IEEE 754 special cases, also against explicit values.
  EXPECT_TRUE(same(cr_hypot(kInf, kNaN), kInf));
  EXPECT_TRUE(same(cr_hypot(kNaN, -kInf), kInf));
  EXPECT_TRUE(same(cr_hypot(-kInf, 0.0), kInf));
  EXPECT_TRUE(std::isnan(cr_hypot(kNaN, 0.0)));
  EXPECT_TRUE(std::isnan(cr_hypot(1.0, kNaN)));
  EXPECT_TRUE(std::isnan(cr_hypot(DBL_TRUE_MIN, kNaN)));
  EXPECT_TRUE(same(cr_hypot(0.0, 0.0), 0.0));
  EXPECT_TRUE(same(cr_hypot(-0.0, -0.0), 0.0));  // +0, not -0
  EXPECT_TRUE(same(cr_hypot(-0.0, -7.0), 7.0));
  EXPECT_TRUE(same(cr_hypot(3 * DBL_TRUE_MIN, -4 * DBL_TRUE_MIN), 5 * DBL_TRUE_MIN));
  EXPECT_TRUE(same(cr_hypot(DBL_MAX, DBL_MAX), kInf));
  EXPECT_TRUE(same(cr_hypot(DBL_MAX, 1.0), DBL_MAX));
  EXPECT_TRUE(same(cr_hypot(DBL_MIN, 0.0), DBL_MIN));
  EXPECT_NO_DISAGREEMENTS(check);
}

// ---- Symmetry ----------------------------------------------------------------

TEST(CrHypot, IsSymmetricAndSignBlind) {
  std::mt19937_64 gen(6);
  std::vector<std::pair<double, double>> inputs;
  for (const double x : special_values()) {
    for (const double y : special_values()) {
      inputs.emplace_back(x, y);
    }
  }
  for (int i = 0; i < 200'000; ++i) {
    inputs.emplace_back(uniform(gen, -500.0, 500.0), uniform(gen, -300.0, 300.0));
    inputs.emplace_back(std::bit_cast<double>(gen()), std::bit_cast<double>(gen()));
  }
  long asymmetric = 0;
  std::string examples;
  for (const auto& [x, y] : inputs) {
    const double h = cr_hypot(x, y);
    const bool symmetric = same(h, cr_hypot(y, x)) && same(h, cr_hypot(-x, y)) && same(h, cr_hypot(x, -y)) &&
                           same(h, cr_hypot(-x, -y)) && same(h, cr_hypot(-y, -x)) && !std::signbit(h);
    if (!symmetric && ++asymmetric <= 8) {
      examples += "\n  (" + hex(x) + ", " + hex(y) + ")";
    }
  }
  EXPECT_EQ(asymmetric, 0) << examples;
}

// ---- Threads -------------------------------------------------------------------

// Inputs that take every path: the window, both scalings, the MPFR
// fallback (the ties) and the subnormal integers.
std::vector<std::pair<double, double>> inputs_on_every_path() {
  std::vector<std::pair<double, double>> inputs;
  for (const Tie& t : pythagorean_ties(200)) {
    for (const int k : {-1074, -1000, -500, -60, 0, 500, 960}) {
      inputs.emplace_back(std::ldexp(static_cast<double>(t.a), k), std::ldexp(static_cast<double>(t.b), k));
    }
  }
  std::mt19937_64 gen(7);
  for (int i = 0; i < 20'000; ++i) {
    inputs.emplace_back(uniform(gen, -500.0, 500.0), uniform(gen, -300.0, 300.0));
    inputs.emplace_back(std::bit_cast<double>(gen() >> 13), std::bit_cast<double>(gen() >> 13));
  }
  return inputs;
}

TEST(CrHypot, GivesTheSameBitsFromSeveralThreadsAtOnce) {
  const auto inputs = inputs_on_every_path();
  std::vector<double> alone;
  for (const auto& [x, y] : inputs) {
    alone.push_back(cr_hypot(x, y));
  }
  constexpr int kThreads = 4;
  std::vector<long> differences(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int pass = 0; pass < 3; ++pass) {
        for (std::size_t i = 0; i < inputs.size(); ++i) {
          differences[t] += !same(cr_hypot(inputs[i].first, inputs[i].second), alone[i]);
        }
        // sin and cos narrow the MPFR exponent range of their own thread.
        differences[t] += !same(cr_sin(1e-310 * (t + 1)), 1e-310 * (t + 1));
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(differences[t], 0) << "thread " << t;
  }
}

TEST(ExactMath, LinksAThreadSafeMpfr) {
  // The per-thread exponent range and caches that make MPFR safe to call
  // from several threads come only with a thread-safe (TLS) build.
  EXPECT_TRUE(mpfr_buildopt_tls_p());
}

// ---- sin and cos -----------------------------------------------------------

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// 256 bits, then mpfr_get_d's one rounding to the double grid (subnormals
// included). Rounding twice could only differ from rounding once if the
// function came within 2^-256 relative of a binary64 midpoint, far closer
// than the hardest cases known for sin and cos of doubles.
double mpfr_reference(MpfrUnary f, double x) {
  mpfr_t in, out;
  mpfr_init2(in, 53);
  mpfr_init2(out, 256);
  mpfr_set_d(in, x, MPFR_RNDN);
  f(out, in, MPFR_RNDN);
  const double result = mpfr_get_d(out, MPFR_RNDN);
  mpfr_clear(in);
  mpfr_clear(out);
  return result;
}

void check_sin_cos(Disagreements& out, double angle) {
  out.check(angle, 0.0, cr_sin(angle), mpfr_reference(mpfr_sin, angle));
  out.check(angle, 1.0, cr_cos(angle), mpfr_reference(mpfr_cos, angle));
}

// The initial heading (u * 2) * PI for u = k / 2^32, as INIT-2 forms it.
double heading(std::uint64_t k) { return (static_cast<double>(k) * 0x1p-32 * 2) * kPi; }

TEST(CrSinCos, AgreeWithMpfrOnInitialisationAngles) {
  Disagreements out;  // second coordinate: 0 for sin, 1 for cos
  std::mt19937_64 gen(8);
  for (std::uint64_t i = 0; i < (1 << 14); ++i) {
    check_sin_cos(out, heading((i << 18) + (gen() & ((1 << 18) - 1))));  // spread over [0, 2 pi)
    check_sin_cos(out, heading(gen() >> 32));
  }
  for (const std::uint64_t k : {0ULL, 1ULL, 2ULL, 1ULL << 30, 1ULL << 31, 3ULL << 30, (1ULL << 32) - 1}) {
    check_sin_cos(out, heading(k));
  }
  for (const double x : {0.0, -0.0, DBL_TRUE_MIN, -DBL_TRUE_MIN, 1e-310, DBL_MIN, 1e-300, 0x1p-26, 1e-8, 1.0,
                         kPi, kPi / 2, 2 * kPi, 1e6 * kPi, 1e22, -1e300, 0x1p1023, DBL_MAX, -DBL_MAX, kInf, kNaN}) {
    check_sin_cos(out, x);
  }
  EXPECT_EQ(out.count(), 0) << out.examples();
  // Explicit values: tiny arguments keep their bits and sign.
  EXPECT_TRUE(same(cr_sin(-0.0), -0.0));
  EXPECT_TRUE(same(cr_sin(DBL_TRUE_MIN), DBL_TRUE_MIN));
  EXPECT_TRUE(same(cr_cos(DBL_TRUE_MIN), 1.0));
  EXPECT_TRUE(same(cr_cos(0.0), 1.0));
}

TEST(CrSinCos, LeaveTheThreadsMpfrExponentRangeAsFound) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  cr_sin(1e-310);
  cr_cos(2.0);
  EXPECT_EQ(mpfr_get_emin(), emin);
  EXPECT_EQ(mpfr_get_emax(), emax);
}

}  // namespace
