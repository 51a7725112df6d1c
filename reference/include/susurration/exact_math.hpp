// Correctly rounded hypot, sin and cos (spec/determinism.md, DET-2).
//
// The platform's libm is not one function of its inputs across machines:
// glibc's hypot is up to one ulp off and changed algorithm in 2.35, its
// sin/cos choose FMA or non-FMA code by CPU. These three return the double
// nearest to the exact real result (ties to even), so they give the same
// bits on every machine and in every language that also rounds correctly.
#pragma once

#include <cstddef>

namespace susurration {

// sqrt(x*x + y*y) rounded to nearest, ties to even. Special values follow
// IEEE 754: hypot(+-inf, anything) = +inf, otherwise NaN in gives NaN.
double cr_hypot(double x, double y);

// The widest vectors cr_hypot_batch may use, where the CPU has them:
// AVX-512, AVX2 with FMA, or the portable lanes. The bits are the same
// whichever runs; the narrower ones are there to be tested on any machine.
enum class HypotLanes { widest, avx2, portable };

// out[i] = cr_hypot(x[i], y[i]) for i < n, the same bits, several at once.
// out may be x or y itself, or overlap neither.
void cr_hypot_batch(const double* x, const double* y, double* out, std::size_t n,
                    HypotLanes lanes = HypotLanes::widest);

// sin and cos of x (radians) rounded to nearest. Only initialisation calls
// them, so they go straight to GNU MPFR.
double cr_sin(double x);
double cr_cos(double x);

}  // namespace susurration
