// The seed of the faithful_libm variant's hypot, sin and cos
// (exact_math_faithful.cpp): which neighbour of the true value each call
// returns. Set it before anything is computed; 0 until then.
#pragma once

#include <cstdint>

namespace susurration {

void set_libm_seed(std::uint64_t seed);

}  // namespace susurration
