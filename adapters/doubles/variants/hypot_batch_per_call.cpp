// fast_engine/include/susurration/hypot_batch.hpp for the variants that
// replace the exact math (faithful_libm, glibc_libm), linked in place of
// fast_engine/src/hypot_batch.cpp: the batch's lanes compute the correctly
// rounded hypot themselves, so with them in place the fast engine would not
// take its distances from the variant's cr_hypot. One call each gives the
// variant's own values.
#include <cstddef>

#include "susurration/exact_math.hpp"
#include "susurration/hypot_batch.hpp"

namespace susurration {

void cr_hypot_batch(const double* x, const double* y, double* out, std::size_t n,
                    HypotLanes /*lanes*/) {
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = cr_hypot(x[i], y[i]);
  }
}

}  // namespace susurration
