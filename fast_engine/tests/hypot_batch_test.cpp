// Tests that the fast engine's cr_hypot_batch gives cr_hypot's bits, which
// are GNU MPFR's correctly rounded ones (spec/determinism.md DET-2), on each
// HypotLanes this CPU has.
//
// Every input of reference/tests/exact_math_test.cpp (hypot_inputs.hpp) is
// checked here too, with cr_hypot_batch against MPFR and against cr_hypot,
// in runs of every length up to 67 (so each vector width meets every
// remainder and every mix of lanes), and so are two million mixed inputs.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "hypot_inputs.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/hypot_batch.hpp"

using namespace susurration;
using namespace susurration::hypot_inputs;

namespace {

// Collects inputs and checks cr_hypot_batch on them, a run at a time.
class BatchChecker {
 public:
  void add(double x, double y, double scalar, double want) {
    x_.push_back(x);
    y_.push_back(y);
    scalar_.push_back(scalar);
    want_.push_back(want);
    if (x_.size() == run_) {
      flush();
    }
  }
  // Checks what was collected; the next run is one longer, up to 67, then 1.
  void flush() {
    std::vector<double> got(x_.size());
    for (const auto& [lanes, name] : {std::pair{HypotLanes::widest, "widest"},
                                      std::pair{HypotLanes::avx2, "avx2"},
                                      std::pair{HypotLanes::portable, "portable"}}) {
      cr_hypot_batch(x_.data(), y_.data(), got.data(), x_.size(), lanes);
      const std::string against_mpfr = std::string("cr_hypot_batch ") + name + " against MPFR ";
      const std::string against_scalar = std::string("cr_hypot_batch ") + name + " against cr_hypot ";
      for (std::size_t i = 0; i < x_.size(); ++i) {
        out_.check(x_[i], y_[i], got[i], want_[i], against_mpfr);
        out_.check(x_[i], y_[i], got[i], scalar_[i], against_scalar);
      }
    }
    x_.clear();
    y_.clear();
    scalar_.clear();
    want_.clear();
    run_ = run_ % 67 + 1;
  }
  // Checks the last run first.
  const Disagreements& result() {
    flush();
    return out_;
  }

 private:
  std::vector<double> x_, y_, scalar_, want_;
  std::size_t run_ = 1;
  Disagreements out_;
};

using BatchHypotChecker = HypotChecker<BatchChecker>;

TEST(CrHypotBatch, AgreesWithMpfrAndCrHypotOnTenMillionFieldDeltas) {
  const Disagreements found = check_ten_million_field_deltas<BatchHypotChecker>();
  EXPECT_EQ(found.count(), 0) << found.examples();
}

TEST(CrHypotBatch, AgreesWithMpfrAndCrHypotOnExactTiesAndNearTies) {
  BatchHypotChecker check;
  check_exact_ties_and_near_ties(check);
  EXPECT_NO_DISAGREEMENTS(check);
}

TEST(CrHypotBatch, AgreesWithMpfrAndCrHypotOnTinyHugeAndSubnormalInputs) {
  BatchHypotChecker check;
  check_tiny_huge_and_subnormal(check);
  EXPECT_NO_DISAGREEMENTS(check);
}

// Any double at all, by its bits, or one of the inputs that take the other
// paths, so that one vector mixes lanes the filter decides with lanes
// cr_hypot finishes: field deltas, zeros, equal magnitudes, ratios at the
// 2^-27 shortcut, subnormals and exact ties.
std::pair<double, double> mixed_input(std::mt19937_64& gen) {
  const double field = uniform(gen, -28.0, 28.0);
  switch (gen() % 8) {
    case 0:
    case 1:
      return {std::bit_cast<double>(gen()), std::bit_cast<double>(gen())};
    case 2:
      return {field, std::bit_cast<double>(gen())};
    case 3:
      return {gen() % 2 == 0 ? 0.0 : -0.0, field};
    case 4:
      return {field, -field};
    case 5:
      return {field, field * std::ldexp(1.0 + unit(gen), -28 + static_cast<int>(gen() % 3))};
    case 6:
      return {std::bit_cast<double>(gen() >> 12), std::bit_cast<double>(gen() >> (12 + gen() % 52))};
    default:
      return {std::ldexp(3.0, static_cast<int>(gen() % 2000) - 1000), std::ldexp(4.0, static_cast<int>(gen() % 2000) - 1000)};
  }
}

TEST(CrHypotBatch, AgreesWithMpfrAndCrHypotOnTwoMillionMixedInputs) {
  std::mt19937_64 gen(9);
  BatchHypotChecker check;
  for (int i = 0; i < 2'000'000; ++i) {
    const auto [x, y] = mixed_input(gen);
    check(x, y);
  }
  EXPECT_NO_DISAGREEMENTS(check);
}

TEST(CrHypotBatch, MayWriteOverItsInputsAndWritesNothingPastN) {
  std::mt19937_64 gen(10);
  for (const HypotLanes lanes : {HypotLanes::widest, HypotLanes::avx2, HypotLanes::portable}) {
    for (std::size_t n = 0; n <= 40; ++n) {
      std::vector<double> x(n + 1), y(n + 1), want(n);
      for (std::size_t i = 0; i < n; ++i) {
        std::tie(x[i], y[i]) = mixed_input(gen);
        want[i] = cr_hypot(x[i], y[i]);
      }
      x[n] = y[n] = 7.0;  // past the end: must stay
      std::vector<double> into_x = x, into_y = y, apart(n + 1, 7.0);
      cr_hypot_batch(into_x.data(), y.data(), into_x.data(), n, lanes);
      cr_hypot_batch(x.data(), into_y.data(), into_y.data(), n, lanes);
      cr_hypot_batch(x.data(), y.data(), apart.data(), n, lanes);
      for (std::size_t i = 0; i < n; ++i) {
        EXPECT_TRUE(same(into_x[i], want[i])) << "n " << n << " i " << i << " out = x";
        EXPECT_TRUE(same(into_y[i], want[i])) << "n " << n << " i " << i << " out = y";
        EXPECT_TRUE(same(apart[i], want[i])) << "n " << n << " i " << i;
      }
      EXPECT_EQ(into_x[n], 7.0);
      EXPECT_EQ(into_y[n], 7.0);
      EXPECT_EQ(apart[n], 7.0);
    }
  }
}

}  // namespace
