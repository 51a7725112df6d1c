// cr_hypot (susurration/exact_math.hpp) on many pairs at once, in the vector
// units this CPU has: the fast engine's distances (fast_engine_kernel.inc).
// The bits are cr_hypot's, pair by pair; only the speed differs.
#pragma once

#include <cstddef>

namespace susurration {

// The widest vectors cr_hypot_batch may use, where the CPU has them:
// AVX-512, AVX2 with FMA, or the portable lanes. The bits are the same
// whichever runs; the narrower ones are there to be tested on any machine.
enum class HypotLanes { widest, avx2, portable };

// out[i] = cr_hypot(x[i], y[i]) for i < n, the same bits, several at once.
// out may be x or y itself, or overlap neither.
void cr_hypot_batch(const double* x, const double* y, double* out, std::size_t n,
                    HypotLanes lanes = HypotLanes::widest);

}  // namespace susurration
