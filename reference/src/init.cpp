// Initialisation (spec/prng-and-init.md INIT-1..3).
#include "susurration/init.hpp"

#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/prng.hpp"

namespace susurration {

State initialise(std::uint32_t seed, int n) {
  Mulberry32 rng(seed);
  State s;
  s.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    // INIT-1: the four draws in this order, each a separate statement so
    // the order cannot depend on how a compiler evaluates operands.
    const double x = rng.next() * kWidth;
    const double y = rng.next() * kHeight;
    const double angle = rng.next() * 2 * kPi;  // INIT-2: (u * 2) * PI
    const double speed = kMinSpeed + rng.next() * (kMaxSpeed - kMinSpeed);
    s.push_back({x, y, speed * cr_cos(angle), speed * cr_sin(angle)});
  }
  return s;
}

}  // namespace susurration
