// Correctly rounded hypot, sin and cos (spec/determinism.md, DET-2).
//
// The platform's libm is not one function of its inputs across machines:
// glibc's hypot is up to one ulp off and changed algorithm in 2.35, its
// sin/cos choose FMA or non-FMA code by CPU. These three return the double
// nearest to the exact real result (ties to even), so they give the same
// bits on every machine and in every language that also rounds correctly.
#pragma once

namespace susurration {

// sqrt(x*x + y*y) rounded to nearest, ties to even. Special values follow
// IEEE 754: hypot(+-inf, anything) = +inf, otherwise NaN in gives NaN.
double cr_hypot(double x, double y);

// Many at once, in vectors: cr_hypot_batch (fast_engine, hypot_batch.hpp).

// sin and cos of x (radians) rounded to nearest. Only initialisation calls
// them, so they go straight to GNU MPFR.
double cr_sin(double x);
double cr_cos(double x);

}  // namespace susurration
