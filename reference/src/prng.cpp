// mulberry32 (spec/prng-and-init.md PRNG-1, PRNG-2).
// Unsigned 32-bit arithmetic wraps modulo 2^32, which is what the
// JavaScript original gets from `| 0`, `>>> 0` and Math.imul.
#include "susurration/prng.hpp"

namespace susurration {

std::uint32_t Mulberry32::next_u32() {
  state_ += kIncrement;
  std::uint32_t t = state_;
  t = (t ^ (t >> 15)) * (t | 1u);
  t = (t + (t ^ (t >> 7)) * (t | 61u)) ^ t;
  return t ^ (t >> 14);
}

// Any 32-bit integer is exact in a double, and dividing by a power of two
// is exact, so this is the one double every language gets.
double Mulberry32::next() { return static_cast<double>(next_u32()) / 4294967296.0; }

}  // namespace susurration
