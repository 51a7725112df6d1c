// cr_hypot on the lanes of a vector (hypot_batch.hpp): the fast engine's
// distances, several at once. The scalar cr_hypot and the proof of its
// filter are the reference's (reference/src/exact_math.cpp, hypot_core);
// this file repeats that filter in vectors, with the window and the exact
// square taken from susurration/exact_hypot.hpp, and hands every lane it
// cannot decide back to cr_hypot itself. The vector code lives here, not in
// the reference, so that the reference stays plain scalar C++.
//
// hypot_core on the lanes of a vector (hypot_batch_lanes.inc), once for each
// instruction set, as fast_engine_kernel.cpp does for the step's kernel:
// AVX-512 and AVX2 with a fused multiply-add (exact_math.cpp's FusedSquare),
// SSE2 (every x86-64) with VeltkampSquare. Each fused lane computes what
// FusedSquare computes, each SSE2 lane what VeltkampSquare does, so the cores
// give the same bits lane by lane as the scalar ones, which give the same
// bits as each other.
#include "susurration/hypot_batch.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>

#include "susurration/exact_hypot.hpp"
#include "susurration/exact_math.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// The batch's functions that take or return vectors are all inlined into
// one function per target, so the calling convention this warns about is
// never used.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace susurration {
namespace {

using exact_hypot::kCoreHigh;
using exact_hypot::kCoreLow;
using exact_hypot::kNegligibleRatio;
using exact_hypot::Sum2;
using exact_hypot::VeltkampSquare;

#if defined(__x86_64__)

namespace sse2 {

inline constexpr std::size_t kLanes = 2;
typedef double Real __attribute__((vector_size(8 * kLanes)));
typedef std::int64_t Mask __attribute__((vector_size(8 * kLanes)));

[[gnu::always_inline]] inline Sum2<Real> square_lanes(Real v) { return VeltkampSquare::square(v); }
[[gnu::always_inline]] inline Real sqrt_lanes(Real v) { return _mm_sqrt_pd(v); }

#include "hypot_batch_lanes.inc"

}  // namespace sse2

#if !defined(SUSURRATION_EXACT_MATH_NO_FMA)

#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace avx2 {

inline constexpr std::size_t kLanes = 4;
typedef double Real __attribute__((vector_size(8 * kLanes)));
typedef std::int64_t Mask __attribute__((vector_size(8 * kLanes)));

[[gnu::always_inline]] inline Sum2<Real> square_lanes(Real v) {
  const Real hi = v * v;
  return {hi, _mm256_fmadd_pd(v, v, -hi)};  // std::fma(v, v, -hi) on each lane
}
[[gnu::always_inline]] inline Real sqrt_lanes(Real v) { return _mm256_sqrt_pd(v); }

#include "hypot_batch_lanes.inc"

}  // namespace avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq,avx512vl,fma")
namespace avx512 {

inline constexpr std::size_t kLanes = 8;
typedef double Real __attribute__((vector_size(8 * kLanes)));
typedef std::int64_t Mask __attribute__((vector_size(8 * kLanes)));

[[gnu::always_inline]] inline Sum2<Real> square_lanes(Real v) {
  const Real hi = v * v;
  return {hi, _mm512_fmadd_pd(v, v, -hi)};  // std::fma(v, v, -hi) on each lane
}
// All eight lanes through the zero-masking form: _mm512_sqrt_pd's
// undefined pass-through operand trips GCC 12's -Wmaybe-uninitialized.
[[gnu::always_inline]] inline Real sqrt_lanes(Real v) { return _mm512_maskz_sqrt_pd(0xff, v); }

#include "hypot_batch_lanes.inc"

}  // namespace avx512
#pragma GCC pop_options

#endif  // !SUSURRATION_EXACT_MATH_NO_FMA
#endif  // __x86_64__

}  // namespace

// The widest lanes allowed that this CPU has, chosen per call like
// cr_hypot's hypot_window (the branch always goes the same way).
// SUSURRATION_EXACT_MATH_NO_FMA keeps only the portable lanes.
void cr_hypot_batch(const double* x, const double* y, double* out, std::size_t n,
                    HypotLanes lanes) {
#if defined(__x86_64__)
#if !defined(SUSURRATION_EXACT_MATH_NO_FMA)
  if (lanes == HypotLanes::widest && __builtin_cpu_supports("avx512f") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("fma")) {
    return avx512::hypot_batch(x, y, out, n);
  }
  if (lanes != HypotLanes::portable && __builtin_cpu_supports("avx2") &&
      __builtin_cpu_supports("fma")) {
    return avx2::hypot_batch(x, y, out, n);
  }
#else
  (void)lanes;
#endif
  sse2::hypot_batch(x, y, out, n);
#else
  (void)lanes;
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = cr_hypot(x[i], y[i]);
  }
#endif
}

}  // namespace susurration
