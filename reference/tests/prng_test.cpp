// Tests mulberry32 (spec/prng-and-init.md PRNG-1..3) against the spec's values and an independent model.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "susurration/prng.hpp"

using susurration::Mulberry32;

TEST(Mulberry32, Seed42GivesTheSpecsFirstTenValues) {
  // Copied from the upstream specification, not from our output.
  const double expected[10] = {0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
                               0.6697340414393693, 0.17481389874592423, 0.5265925421845168,
                               0.2732279943302274, 0.6247446539346129,  0.8654746483080089,
                               0.4723170551005751};
  Mulberry32 rng(42);
  for (double e : expected) {
    EXPECT_EQ(rng.next(), e);
  }
}

namespace {

// The recipe in 64-bit arithmetic with explicit masks, the way the
// JavaScript original reads: `| 0`, `>>> 0` and Math.imul, one by one.
struct Model {
  std::uint64_t a;
  static std::uint64_t imul(std::uint64_t x, std::uint64_t y) { return (x * y) & 0xffffffffu; }
  std::uint64_t next() {
    a = (a + 0x6D2B79F5u) & 0xffffffffu;
    std::uint64_t t = imul(a ^ (a >> 15), 1 | a);
    t = ((t + imul(t ^ (t >> 7), 61 | t)) & 0xffffffffu) ^ t;
    return (t ^ (t >> 14)) & 0xffffffffu;
  }
};

}  // namespace

TEST(Mulberry32, MatchesABigIntegerModelOfTheRecipe) {
  // 2^32 - 1 and 2^31 sit on the wrap of the state's addition.
  for (std::uint32_t seed : {0u, 1u, 42u, 2147483647u, 2147483648u, 4294967295u, 0x9E3779B9u}) {
    Mulberry32 rng(seed);
    Model model{seed};
    for (int k = 0; k < 10000; ++k) {
      ASSERT_EQ(rng.next_u32(), model.next()) << "seed " << seed << " draw " << k;
    }
  }
}

TEST(Mulberry32, NextIsTheRawOutputOverTwoToThe32) {
  Mulberry32 raw(7);
  Mulberry32 scaled(7);
  for (int k = 0; k < 1000; ++k) {
    const double u = scaled.next();
    EXPECT_EQ(u, std::ldexp(static_cast<double>(raw.next_u32()), -32));
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
}

TEST(Mulberry32, SkippingNOutputsLandsWhereDrawingThemWould) {
  for (const std::uint64_t n : {0ull, 1ull, 7ull, 1600ull, 4294967296ull + 5}) {
    Mulberry32 drawn(42);
    // 2^32 + 5 draws are 5 draws: the state goes round its period once.
    for (std::uint64_t k = 0; k < n % 4294967296ull; ++k) drawn.next_u32();
    Mulberry32 skipped(42);
    skipped.skip(n);
    EXPECT_EQ(skipped.next_u32(), drawn.next_u32()) << "n = " << n;
  }
}
