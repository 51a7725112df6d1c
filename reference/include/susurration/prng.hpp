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

 private:
  std::uint32_t state_;
};

}  // namespace susurration
