// Initialisation from a seed (spec/prng-and-init.md, INIT-1..3).
#pragma once

#include <cstdint>

#include "susurration/state.hpp"

namespace susurration {

// n birds drawn from mulberry32(seed): per bird x, y, angle, speed in that order.
State initialise(std::uint32_t seed, int n);

}  // namespace susurration
