// Tests the text forms of numbers (spec/serialisation.md SERIAL-1..3) and the state hash (DET-3).
#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <random>

#include "susurration/serialise.hpp"

using namespace susurration;

TEST(Shortest, ReadsBackToTheSameBits) {
  std::mt19937_64 gen(2024);
  for (int k = 0; k < 200000; ++k) {
    const auto bits = gen();
    const double v = std::bit_cast<double>(bits);
    if (!std::isfinite(v)) {
      continue;
    }
    const std::string text = shortest(v);
    ASSERT_EQ(std::bit_cast<std::uint64_t>(std::strtod(text.c_str(), nullptr)), bits) << text;
  }
  EXPECT_EQ(shortest(0.1), "0.1");
  EXPECT_EQ(shortest(0.6011037519201636), "0.6011037519201636");
  EXPECT_EQ(shortest(0.1 + 0.2), "0.30000000000000004");
}

TEST(Shortest, AlwaysShowsAFloat) {
  EXPECT_EQ(shortest(1000.0), "1000.0");
  EXPECT_EQ(shortest(0.0), "0.0");
  EXPECT_EQ(shortest(-0.0), "-0.0");
  EXPECT_EQ(shortest(2.0), "2.0");
  EXPECT_EQ(shortest(1e-7), "1e-07");
}

TEST(RoundDecimals, RoundsTheExactBinaryValue) {
  // 2.675 is stored as 2.67499999999999982236431605997495353221893310546875.
  EXPECT_EQ(round_decimals(2.675, 2), "2.67");
  // 0.005 is stored as 0.005000000000000000104083408558608425664715468883514404296875.
  EXPECT_EQ(round_decimals(0.005, 2), "0.01");
  EXPECT_EQ(round_decimals(601.1037519201636, 2), "601.10");
  EXPECT_EQ(round_decimals(0.6011037519201636, 4), "0.6011");
  EXPECT_EQ(round_decimals(999.999, 2), "1000.00");
}

TEST(RoundDecimals, TiesGoToEven) {
  EXPECT_EQ(round_decimals(0.125, 2), "0.12");
  EXPECT_EQ(round_decimals(0.375, 2), "0.38");
  EXPECT_EQ(round_decimals(-0.125, 2), "-0.12");
  EXPECT_EQ(round_decimals(0.03125, 4), "0.0312");
  EXPECT_EQ(round_decimals(0.09375, 4), "0.0938");
  EXPECT_EQ(round_decimals(2.5, 0), "2");
}

TEST(RoundDecimals, ZeroHasNoMinusSign) {
  EXPECT_EQ(round_decimals(-0.0, 2), "0.00");
  EXPECT_EQ(round_decimals(-0.001, 2), "0.00");
  EXPECT_EQ(round_decimals(-0.00004, 4), "0.0000");
  EXPECT_EQ(round_decimals(-0.005, 2), "-0.01");
}

TEST(StateHash, IsFnv1aOfTheLittleEndianBits) {
  // Expected values from an independent Python FNV-1a over struct.pack('<4d', ...).
  EXPECT_EQ(hex64(state_hash({})), "cbf29ce484222325");
  EXPECT_EQ(hex64(state_hash({{0, 0, 0, 0}})), "0c8210784d8af5a5");
  EXPECT_EQ(hex64(state_hash({{1.0, 2.5, -0.0, 600.0}})), "f42770a5fde1b9ee");
}
