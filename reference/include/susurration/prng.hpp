// mulberry32, the one random source (spec/prng-and-init.md, PRNG-1..3).
#pragma once

#include <cstdint>

namespace susurration {

class Mulberry32 {
 public:
  explicit Mulberry32(std::uint32_t seed) : state_(seed) {}

  // The next raw 32-bit output.
  std::uint32_t next_u32();

  // The next output divided by 2^32: a double in [0, 1), exact.
  double next();

  // Moves past n outputs without computing them: each output first adds
  // kIncrement to the state (PRNG-1), so n of them add n * kIncrement
  // modulo 2^32.
  void skip(std::uint64_t n) { state_ += static_cast<std::uint32_t>(n) * kIncrement; }

  static constexpr std::uint32_t kIncrement = 0x6D2B79F5u;

 private:
  std::uint32_t state_;
};

}  // namespace susurration
