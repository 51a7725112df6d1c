// Tests that the build keeps every operation separately rounded (spec/determinism.md DET-1).
#include <gtest/gtest.h>

#include <cmath>

namespace {

// volatile keeps the compiler from folding the expression at compile time,
// so the multiply and add below are the instructions the build emits.
volatile double a = 1.0 + std::ldexp(1.0, -30);
volatile double b = 1.0 - std::ldexp(1.0, -30);
volatile double c = -1.0;

}  // namespace

TEST(Determinism, MultiplyAddIsNotFused) {
  // a * b = 1 - 2^-60 exactly, which rounds to 1; so a * b + c is 0 when the
  // product is rounded first and -2^-60 when the compiler fuses the two into
  // one FMA (what -ffp-contract=fast does on a machine with FMA).
  const double x = a;
  const double y = b;
  const double z = c;
  EXPECT_EQ(x * y + z, 0.0);
  EXPECT_EQ(std::fma(x, y, z), -std::ldexp(1.0, -60));
}
