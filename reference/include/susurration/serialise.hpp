// Text forms of numbers and states (spec/serialisation.md).
#pragma once

#include <cstdint>
#include <string>

#include "susurration/state.hpp"

namespace susurration {

// SERIAL-1: the shortest decimal that reads back to the same double, always
// with a '.' or an exponent so every JSON reader sees a float ("1000.0").
std::string shortest(double v);

// SERIAL-2/3: the exact binary value rounded to `places` decimals, ties to
// even; a result that rounds to zero has no minus sign.
std::string round_decimals(double v, int places);

// DET-3: FNV-1a (64-bit) over the IEEE 754 bit patterns of x, y, vx, vy of
// every bird in index order, each pattern as 8 little-endian bytes.
std::uint64_t state_hash(const State& s);

// The hash as 16 lowercase hex digits.
std::string hex64(std::uint64_t h);

}  // namespace susurration
