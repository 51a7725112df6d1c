// reference/include/susurration/exact_math.hpp implemented by the faithful
// libm (faithful_libm.hpp), linked into the faithful_libm variant in place
// of reference/src/exact_math.cpp: every hypot, sin and cos the reference
// and its fast engine compute (step, clamp, metrics, torus_distance,
// initialisation) is then one of the two doubles around the true value,
// with no change to the reference's source (the fast engine's batch is
// hypot_batch_per_call.cpp). libm_seed.hpp sets the seed.
#include <cstdint>

#include "faithful_libm.hpp"
#include "libm_seed.hpp"
#include "susurration/exact_math.hpp"

namespace susurration {
namespace {

// Set once by main before any request is read, so before the fast engine
// starts a thread; only read after that.
std::uint64_t g_seed = 0;

}  // namespace

void set_libm_seed(std::uint64_t seed) { g_seed = seed; }

double cr_hypot(double x, double y) { return faithful::faithful_hypot(x, y, g_seed); }

double cr_sin(double x) { return faithful::faithful_sin(x, g_seed); }

double cr_cos(double x) { return faithful::faithful_cos(x, g_seed); }

}  // namespace susurration
