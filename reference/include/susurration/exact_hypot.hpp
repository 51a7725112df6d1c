// The pieces of cr_hypot's fast path (exact_math.cpp, hypot_core) that the
// fast engine's batch (fast_engine/src/hypot_batch.cpp) repeats lane by lane.
// Written once here, so that the window and the exact square the batch's
// proof borrows are the very ones the scalar proof is about; no vector code
// is in the reference.
#pragma once

namespace susurration::exact_hypot {

template <class T>
struct Sum2 {
  T hi, lo;  // the value is hi + lo exactly
};

// Dekker's product in the square form of the QD library, after Veltkamp's
// split v = hi + lo into two 26-bit halves, whose products are exact: v*v as
// hi + lo exactly while 2^-969 < v*v < 2^1023 (lo is then neither
// subnormal-rounded nor overflowing); hypot_core only squares values in
// [2^-427, 2^402]. T is double, or a GCC vector of doubles for the batch's
// portable lanes, each lane squared as a double is.
struct VeltkampSquare {
  template <class T>
  static Sum2<T> square(T v) {
    const T c = 134217729.0 * v;  // 2^27 + 1; no overflow below 2^996
    const T vh = c - (c - v);
    const T vl = v - vh;
    const T hi = v * v;
    return {hi, ((vh * vh - hi) + 2.0 * vh * vl) + vl * vl};
  }
};

// Why b <= a * 2^-27 gives RN(z) = a: z = a sqrt(1 + t^2) with t = b/a <=
// 2^-27, so a <= z <= a (1 + t^2/2) <= a + a 2^-55. As ulp(a) > a 2^-53
// (also for subnormal a, whose ulp is larger still), z < a + ulp(a)/4 is
// below the midpoint a + ulp(a)/2, and RN(z) = a.
inline constexpr double kNegligibleRatio = 0x1p-27;

// The window hypot_core works in, and the exact powers of two that bring
// any other normal a into it: a in [2^-1022, 2^-300) scales to
// [2^-322, 2^400); a in (2^300, 2^1024) to (2^-400, 2^324).
inline constexpr double kCoreLow = 0x1p-300, kCoreHigh = 0x1p300;
inline constexpr double kScaleUp = 0x1p700, kScaleDown = 0x1p-700;

}  // namespace susurration::exact_hypot
